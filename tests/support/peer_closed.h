// Whether the other end of a connected socket closed it: for tests of servers that refuse or
// drop connections.
#pragma once

#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>

namespace arena_test {

// Reads (and drops) what the other end sends until it closes the connection: true if it did
// within `ms`.
inline bool closed_within(int fd, int64_t ms) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  for (;;) {
    const int64_t left = std::chrono::duration_cast<std::chrono::milliseconds>(
                             until - std::chrono::steady_clock::now())
                             .count();
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(std::max<int64_t>(left, 0))) > 0) {
      char buffer[512];
      const ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) return true;
      if (n > 0) continue;  // e.g. a gRPC server's HTTP/2 settings: read on
    }
    if (left <= 0) return false;
  }
}

}  // namespace arena_test
