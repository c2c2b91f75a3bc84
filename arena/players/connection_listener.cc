#include "players/connection_listener.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "common/console.h"

namespace arena {
namespace {

constexpr int kAcceptBatch = 64;  // accepts per wake-up, so stop() is seen soon
constexpr int kBackoffMs = 100;   // wait after an accept failed for want of resources
constexpr int kStateAccepting = 0;
constexpr int kStateFull = 1;
constexpr int kStateNoDescriptors = 2;

int open_spare() {
  return ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

// A listening socket bound to `addr`, or -1 with errno set.
int bind_and_listen(const sockaddr* addr, socklen_t length) {
  const int fd = ::socket(addr->sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  const int one = 1;
  if (addr->sa_family != AF_UNIX) ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (::bind(fd, addr, length) != 0 || ::listen(fd, SOMAXCONN) != 0) {
    const int saved = errno;
    ::close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

// Listens on a Unix socket path, replacing a socket file an earlier server left (as gRPC does).
int listen_unix(const std::string& path, std::string* error) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.empty() || path.size() >= sizeof addr.sun_path) {
    *error = path.empty()
                 ? "no path"
                 : "the path is longer than " + std::to_string(sizeof addr.sun_path - 1) + " bytes";
    return -1;
  }
  std::memcpy(addr.sun_path, path.data(), path.size());
  struct stat info {};
  if (::lstat(path.c_str(), &info) == 0 && S_ISSOCK(info.st_mode)) ::unlink(path.c_str());
  const int fd = bind_and_listen(reinterpret_cast<const sockaddr*>(&addr), sizeof addr);
  if (fd < 0) *error = std::strerror(errno);
  return fd;
}

// Listens on HOST:PORT (HOST may be [v6]); the first address HOST resolves to that binds.
int listen_tcp(const std::string& address, int* port, std::string* error) {
  const size_t colon = address.rfind(':');
  if (colon == std::string::npos) {
    *error = "no port (use HOST:PORT)";
    return -1;
  }
  std::string host = address.substr(0, colon);
  const std::string service = address.substr(colon + 1);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (const int code =
          ::getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &found);
      code != 0) {
    *error = ::gai_strerror(code);
    return -1;
  }
  int fd = -1;
  for (addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    fd = bind_and_listen(a->ai_addr, a->ai_addrlen);
    if (fd < 0) *error = std::strerror(errno);
  }
  ::freeaddrinfo(found);
  if (fd < 0) return -1;
  sockaddr_storage bound{};
  socklen_t length = sizeof bound;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &length);
  *port = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                            : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  return fd;
}

// The socket inode of `fd`, or 0 if it is not open.
ino_t inode_of(int fd) {
  struct stat info {};
  return ::fstat(fd, &info) == 0 ? info.st_ino : 0;
}

}  // namespace

int connection_ceiling() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  const rlim_t soft = std::min<rlim_t>(limit.rlim_cur, 1 << 30);
  return std::max(1, static_cast<int>(soft) - kReservedDescriptors);
}

std::unique_ptr<ConnectionListener> ConnectionListener::open(const std::string& address,
                                                             std::string* error) {
  std::unique_ptr<ConnectionListener> listener(new ConnectionListener());
  if (address.starts_with("unix:")) {
    listener->unix_path_ = address.substr(5);
    listener->listen_fd_ = listen_unix(listener->unix_path_, error);
  } else {
    listener->listen_fd_ = listen_tcp(address, &listener->port_, error);
  }
  if (listener->listen_fd_ < 0) {
    listener->unix_path_.clear();  // not ours to remove
    return nullptr;
  }
  int wake[2];
  if (::pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
    *error = std::strerror(errno);
    return nullptr;
  }
  listener->wake_read_ = wake[0];
  listener->wake_write_ = wake[1];
  listener->spare_fd_ = open_spare();
  return listener;
}

ConnectionListener::~ConnectionListener() {
  for (int fd : {listen_fd_, wake_read_, wake_write_, spare_fd_}) {
    if (fd >= 0) ::close(fd);
  }
  if (!unix_path_.empty()) ::unlink(unix_path_.c_str());
}

void ConnectionListener::run(int max_connections, const std::function<void(int fd)>& hand_over) {
  for (;;) {
    pollfd fds[2] = {{wake_read_, POLLIN, 0}, {listen_fd_, POLLIN, 0}};
    // After a failed accept only the wake-up pipe is watched for a while: the connection that
    // could not be accepted is still waiting, and would wake the loop at once.
    const int ready = ::poll(fds, backoff_ ? 1 : 2, backoff_ ? kBackoffMs : -1);
    if (fds[0].revents != 0) return;
    backoff_ = false;
    if (ready > 0 && (fds[1].revents & POLLIN) != 0) accept_pending(max_connections, hand_over);
  }
}

void ConnectionListener::stop() {
  const char byte = 1;
  [[maybe_unused]] const ssize_t written = ::write(wake_write_, &byte, 1);
}

void ConnectionListener::accept_pending(int max_connections,
                                        const std::function<void(int fd)>& hand_over) {
  for (int k = 0; k < kAcceptBatch; ++k) {
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) return;
      // Out of descriptors: refuse the waiting connections one by one while the spare allows.
      if ((errno == EMFILE || errno == ENFILE) && refuse_without_descriptors()) continue;
      backoff_ = true;  // out of descriptors or kernel memory: try again shortly
      return;
    }
    if (spare_fd_ < 0) spare_fd_ = open_spare();
    if (spare_fd_ < 0) {
      // This connection took the last descriptor (another thread freed one): refuse it, so that
      // gRPC is not handed a connection it has no descriptors to serve, and keep the spare.
      ::close(fd);
      spare_fd_ = open_spare();
      std::lock_guard lock(mutex_);
      note_state(kStateNoDescriptors);
      continue;
    }
    forget_closed();
    std::lock_guard lock(mutex_);
    if (static_cast<int>(connections_.size()) >= max_connections) {
      ::close(fd);
      note_state(kStateFull);
      continue;
    }
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // fails harmlessly on Unix
    connections_.emplace_back(fd, inode_of(fd));
    note_state(kStateAccepting);
    hand_over(fd);
  }
}

bool ConnectionListener::refuse_without_descriptors() {
  {
    std::lock_guard lock(mutex_);
    note_state(kStateNoDescriptors);
  }
  // The spare is gone if another thread took the descriptor it freed last time; one may be free
  // again.
  if (spare_fd_ < 0) spare_fd_ = open_spare();
  if (spare_fd_ < 0) return false;
  ::close(spare_fd_);
  const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd >= 0) ::close(fd);
  spare_fd_ = open_spare();
  return fd >= 0 && spare_fd_ >= 0;
}

void ConnectionListener::forget_closed() {
  std::lock_guard lock(mutex_);
  std::erase_if(connections_,
                [](const std::pair<int, ino_t>& c) { return inode_of(c.first) != c.second; });
}

int ConnectionListener::open_connections() {
  forget_closed();
  std::lock_guard lock(mutex_);
  return static_cast<int>(connections_.size());
}

// Logs a change of state once (a flood of refused connections logs one line).
void ConnectionListener::note_state(int state) {
  if (state == state_) return;
  if (state == kStateFull) {
    spdlog::warn("serve: {} open (--max-connections); refusing new ones until one closes",
                 count_of(static_cast<long long>(connections_.size()), "connection"));
  } else if (state == kStateNoDescriptors) {
    spdlog::warn("serve: out of file descriptors; refusing new connections until some are freed");
  } else {
    spdlog::info("serve: accepting connections again");
  }
  state_ = state;
}

}  // namespace arena
