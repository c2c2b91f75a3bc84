#include "players/frame_channel.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace arena {

void FrameBuffer::begin(FrameType type, uint64_t seq) {
  frame_start_ = bytes_.size();
  FrameHeader header;
  header.type = static_cast<uint32_t>(type);
  header.seq = seq;
  append_value(header);
}

void FrameBuffer::append(const void* data, size_t size) {
  const char* bytes = static_cast<const char*>(data);
  bytes_.insert(bytes_.end(), bytes, bytes + size);
}

void FrameBuffer::end() {
  const auto length = static_cast<uint32_t>(bytes_.size() - frame_start_ - sizeof(FrameHeader));
  std::memcpy(bytes_.data() + frame_start_ + offsetof(FrameHeader, length), &length, sizeof length);
}

bool send_all(int fd, const std::vector<char>& bytes, std::string* error) {
  size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      *error = std::string("write failed: ") + std::strerror(errno);
      return false;
    }
    sent += static_cast<size_t>(n);
  }
  return true;
}

void FrameReader::reset(int fd) {
  fd_ = fd;
  begin_ = end_ = 0;
}

ReadStatus FrameReader::read(Deadline deadline, Frame* frame, std::string* detail) {
  while (true) {
    const size_t have = end_ - begin_;
    size_t needed = sizeof(FrameHeader);
    if (have >= sizeof(FrameHeader)) {
      std::memcpy(&frame->header, buffer_.data() + begin_, sizeof(FrameHeader));
      if (frame->header.magic != kFrameMagic) {
        *detail = "a frame with a bad magic number";
        return ReadStatus::kMalformed;
      }
      if (frame->header.length > kMaxFramePayload) {
        *detail = "a frame of " + std::to_string(frame->header.length) + " bytes";
        return ReadStatus::kMalformed;
      }
      needed += frame->header.length;
      if (have >= needed) {
        frame->payload = {buffer_.data() + begin_ + sizeof(FrameHeader), frame->header.length};
        begin_ += needed;
        return ReadStatus::kOk;
      }
    }
    // Need more: keep the partial frame at the front, with room for the rest.
    if (begin_ > 0) {
      std::memmove(buffer_.data(), buffer_.data() + begin_, have);
      begin_ = 0;
      end_ = have;
    }
    buffer_.resize(std::max<size_t>({buffer_.size(), needed, 4096}));
    int flags = 0;
    if (deadline != Deadline::max()) {
      const auto left = deadline - std::chrono::steady_clock::now();
      if (left <= left.zero()) return ReadStatus::kTimeout;
      const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
      const timespec timeout{static_cast<time_t>(ns / 1'000'000'000), ns % 1'000'000'000};
      pollfd p{fd_, POLLIN, 0};
      const int ready = ::ppoll(&p, 1, &timeout, nullptr);
      if (ready < 0 && errno != EINTR) {
        *detail = std::string("poll failed: ") + std::strerror(errno);
        return ReadStatus::kError;
      }
      if (ready <= 0) continue;  // re-check the deadline
      flags = MSG_DONTWAIT;
    }
    const ssize_t n = ::recv(fd_, buffer_.data() + end_, buffer_.size() - end_, flags);
    if (n == 0) {
      if (end_ == begin_) return ReadStatus::kClosed;
      *detail = "the frame was cut off after " + std::to_string(end_ - begin_) + " bytes";
      return ReadStatus::kTorn;
    }
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      if (errno == ECONNRESET) return end_ == begin_ ? ReadStatus::kClosed : ReadStatus::kTorn;
      *detail = std::string("read failed: ") + std::strerror(errno);
      return ReadStatus::kError;
    }
    end_ += static_cast<size_t>(n);
  }
}

namespace {

// A one-byte message with room for one descriptor in its control data; it points into itself,
// so it is neither copied nor moved.
struct FdMessage {
  char byte = 'F';
  iovec io{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr message{};
  FdMessage() {
    message.msg_iov = &io;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
  }
  FdMessage(const FdMessage&) = delete;
  FdMessage& operator=(const FdMessage&) = delete;
};

}  // namespace

bool send_fd(int socket, int fd, std::string* error) {
  FdMessage fd_message;
  msghdr& message = fd_message.message;
  cmsghdr* header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(header), &fd, sizeof fd);
  while (true) {
    if (::sendmsg(socket, &message, MSG_NOSIGNAL) == 1) return true;
    if (errno != EINTR) break;
  }
  *error = std::string("cannot hand a socket to the bot's process: ") + std::strerror(errno);
  return false;
}

int receive_fd(int socket) {
  while (true) {
    FdMessage fd_message;
    msghdr& message = fd_message.message;
    const ssize_t n = ::recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    const cmsghdr* header = CMSG_FIRSTHDR(&message);
    if (header == nullptr || header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS)
      continue;  // a byte without a descriptor: ignore it
    int fd = -1;
    std::memcpy(&fd, CMSG_DATA(header), sizeof fd);
    return fd;
  }
}

}  // namespace arena
