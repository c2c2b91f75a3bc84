// The listening socket of `arena serve`: accepts connections itself and hands each to the gRPC
// server (grpc::AddInsecureChannelFromFd), so that it can bound them.
//
// Why not gRPC's own listener: in gRPC's POSIX TCP server (up to at least 1.51) an accept4()
// that fails with EMFILE stops the listener for good (tcp_server_posix.cc's on_read does not
// re-arm it on that error), so a server that once ran out of descriptors never accepts again,
// even after they are freed (grpc/grpc#20418). This listener never stops: it keeps the number
// of open connections below a bound that fits the open-files limit, refuses (accepts and closes)
// connections beyond it, and when descriptors run out anyway (a bot holding files) it refuses
// the waiting connection with a spare descriptor and retries until some are freed.
//
// Thread safety: run() on one thread; stop() from any thread; the rest before run().
#pragma once

#include <sys/types.h>

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace arena {

// Descriptors kept out of the connection bound for the bot, gRPC's own (epoll, wakeups) and
// the listener.
inline constexpr int kReservedDescriptors = 64;

// Raises the soft open-files limit to the hard one and returns the largest connection bound it
// allows: the soft limit less kReservedDescriptors (at least 1).
int connection_ceiling();

class ConnectionListener {
 public:
  // Listens on `address` ("HOST:PORT", HOST may be [v6], or "unix:PATH"; a Unix socket file left
  // by an earlier server is replaced). Null with *error naming the cause ("Address already in
  // use") if it cannot.
  static std::unique_ptr<ConnectionListener> open(const std::string& address, std::string* error);
  ~ConnectionListener();
  ConnectionListener(const ConnectionListener&) = delete;
  ConnectionListener& operator=(const ConnectionListener&) = delete;

  // The port bound (the one picked for port 0); 0 for a Unix socket.
  int port() const { return port_; }

  // Accepts until stop(), handing each connection's descriptor (non-blocking, close-on-exec) to
  // `hand_over`, which owns it from then on. At most `max_connections` handed-over connections
  // are open at once; more are accepted and closed at once, so their clients fail fast. A
  // connection is handed over only while the spare descriptor is held: one that takes the last
  // descriptor is refused too.
  void run(int max_connections, const std::function<void(int fd)>& hand_over);
  // Makes run() return (soon, from any thread) and closes the listening socket.
  void stop();

  // Handed-over connections still open (each checked now).
  int open_connections();

 private:
  ConnectionListener() = default;
  void accept_pending(int max_connections, const std::function<void(int fd)>& hand_over);
  // Out of descriptors: refuses one waiting connection through the spare descriptor; false if
  // there was none to refuse or the spare could not be opened again.
  bool refuse_without_descriptors();
  // Forgets connections whose descriptor was closed (by gRPC, when the connection ended).
  void forget_closed();
  void note_state(int state);

  int listen_fd_ = -1;
  int wake_read_ = -1;
  int wake_write_ = -1;
  int spare_fd_ = -1;  // /dev/null, closed to make room for one accept when descriptors run out
  int port_ = 0;
  std::string unix_path_;
  bool backoff_ = false;  // the last accept failed for want of resources: wait before the next
  int state_ = 0;         // what was last logged: 0 accepting, 1 at the bound, 2 out of fds
  std::mutex mutex_;
  // Each handed-over connection as (descriptor, socket inode): the inode tells a closed
  // descriptor from its number reused by a later one.
  std::vector<std::pair<int, ino_t>> connections_;
};

}  // namespace arena
