// Fixed binary frames over a stream socket: how the arena talks to an isolated child (see
// isolated.h). A frame is a 24-byte header (magic, type, sequence number, payload length) and a
// payload. Both ends are the same executable, so payloads are plain structs copied as bytes.
//
// Unix sockets can also carry file descriptors: the arena hands the child one socket per player
// over a control socket (send_fd / receive_fd), so players talk to the child in parallel.
// Thread safety: a FrameReader or FrameBuffer belongs to one thread at a time.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace arena {

inline constexpr uint32_t kFrameMagic = 0x31464248;    // "HBF1" in memory order
inline constexpr uint32_t kMaxFramePayload = 1 << 20;  // far above any real frame

enum class FrameType : uint32_t {
  kHello = 1,     // child -> arena on the control socket: sizes and the bot's identity
  kRules,         // arena -> child: a CompiledRules the following frames refer to
  kCreate,        // arena -> child: a BotConfig; creates this channel's bot
  kDecide,        // arena -> child: an observation; answered by kReply
  kNotify,        // arena -> child: a notification kind, a DealResult and an observation; kReply
  kReply,         // child -> arena: the answer to the request with the same sequence number
  kViolation,     // child -> arena on the control socket: its sandbox refused a call (sandbox.h)
  kSandboxNotes,  // child -> arena, before kHello: what its sandbox had to do without
  kStartError,    // child -> arena instead of kHello: why it cannot serve the plugin (one line)
};

struct FrameHeader {
  uint32_t magic = kFrameMagic;
  uint32_t type = 0;
  uint64_t seq = 0;  // requests count up per channel; a reply repeats its request's number
  uint32_t length = 0;
  uint32_t reserved = 0;
};
static_assert(sizeof(FrameHeader) == 24 && std::is_trivially_copyable_v<FrameHeader>);

// Frames to send, built in one buffer so several go out in one write.
class FrameBuffer {
 public:
  void clear() { bytes_.clear(); }
  void begin(FrameType type, uint64_t seq);
  void append(const void* data, size_t size);
  template <typename T>
  void append_value(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    append(&value, sizeof value);
  }
  void end();  // sets the length of the frame begun last
  const std::vector<char>& bytes() const { return bytes_; }

 private:
  std::vector<char> bytes_;
  size_t frame_start_ = 0;
};

// Writes everything (never raises SIGPIPE); false with *error (errno text) if the peer is gone.
bool send_all(int fd, const std::vector<char>& bytes, std::string* error);

struct Frame {
  FrameHeader header;
  std::span<const char> payload;  // valid until the next read
};

enum class ReadStatus {
  kOk,
  kTimeout,    // the deadline passed before a whole frame arrived
  kClosed,     // the peer closed the socket between frames
  kTorn,       // the peer closed the socket in the middle of a frame
  kMalformed,  // a header that is not ours (bad magic, absurd length)
  kError,      // a socket error (detail says which)
};

// Reads whole frames from one socket, keeping bytes that arrived early for the next read.
class FrameReader {
 public:
  using Deadline = std::chrono::steady_clock::time_point;
  explicit FrameReader(int fd = -1) : fd_(fd) {}
  void reset(int fd);
  // Waits at most until `deadline` (Deadline::max(): no limit) for one whole frame.
  ReadStatus read(Deadline deadline, Frame* frame, std::string* detail);

 private:
  int fd_;
  std::vector<char> buffer_;
  size_t begin_ = 0;  // first unread byte
  size_t end_ = 0;    // end of the bytes received
};

// Passes a file descriptor over a Unix socket (SCM_RIGHTS). False with *error on failure.
bool send_fd(int socket, int fd, std::string* error);
// Receives one; -1 once the peer has closed the socket (or on an error).
int receive_fd(int socket);

// A trivially copyable value from the front of `bytes`; false if there are too few.
template <typename T>
bool take_value(std::span<const char>& bytes, T* out) {
  static_assert(std::is_trivially_copyable_v<T>);
  if (bytes.size() < sizeof(T)) return false;
  std::memcpy(static_cast<void*>(out), bytes.data(), sizeof(T));
  bytes = bytes.subspan(sizeof(T));
  return true;
}

}  // namespace arena
