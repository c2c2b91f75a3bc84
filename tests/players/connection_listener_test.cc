// ConnectionListener when its process runs out of file descriptors, in this process under a
// lowered open-files limit: a waiting connection is refused (closed at once) rather than left
// waiting, none is handed over without the spare descriptor held, and a lost spare is taken
// back as soon as a descriptor is free.
#include "players/connection_listener.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "support/peer_closed.h"

namespace {

using arena_test::closed_within;

// Lowers the soft open-files limit while it lives.
class LowDescriptorLimit {
 public:
  explicit LowDescriptorLimit(rlim_t soft) {
    ::getrlimit(RLIMIT_NOFILE, &saved_);
    rlimit lowered = saved_;
    lowered.rlim_cur = soft;
    ok_ = ::setrlimit(RLIMIT_NOFILE, &lowered) == 0;
  }
  ~LowDescriptorLimit() { ::setrlimit(RLIMIT_NOFILE, &saved_); }
  bool ok() const { return ok_; }

 private:
  rlimit saved_{};
  bool ok_ = false;
};

// Takes every free descriptor, and gives them back one at a time or at the end.
class DescriptorHog {
 public:
  ~DescriptorHog() {
    for (int fd : held_) ::close(fd);
  }
  void take_all() {
    for (int fd; (fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0;) held_.push_back(fd);
  }
  void give_back(int count) {
    for (; count > 0 && !held_.empty(); --count) {
      ::close(held_.back());
      held_.pop_back();
    }
  }
  size_t held() const { return held_.size(); }

 private:
  std::vector<int> held_;
};

int connect_unix(const std::string& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path.data(), path.size());
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

TEST(ConnectionListener, RefusesWithoutASpareDescriptorAndTakesTheSpareBack) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("connection_listener_test-" + std::to_string(::getpid()) + ".sock"))
                               .string();
  LowDescriptorLimit limit(128);
  ASSERT_TRUE(limit.ok());
  DescriptorHog hog;
  hog.take_all();
  ASSERT_GT(hog.held(), 8u);
  // Room for the listening socket and the wake-up pipe, none for the spare: as if another
  // thread had taken the descriptor the spare freed for a refusal.
  hog.give_back(3);
  std::string error;
  auto listener = arena::ConnectionListener::open("unix:" + path, &error);
  ASSERT_NE(listener, nullptr) << error;

  std::mutex mutex;
  std::vector<int> handed_over;
  std::thread accepting([&] {
    listener->run(8, [&](int fd) {
      std::lock_guard lock(mutex);
      handed_over.push_back(fd);
    });
  });
  const auto handed = [&] {
    std::lock_guard lock(mutex);
    return handed_over.size();
  };

  // One descriptor for the client, one left: the connection that takes it is refused, and the
  // descriptor it frees becomes the spare.
  hog.give_back(2);
  const int last = connect_unix(path);
  ASSERT_GE(last, 0);
  EXPECT_TRUE(closed_within(last, 10'000)) << "took the last descriptor: refused";
  EXPECT_EQ(handed(), 0u);

  // None left: the spare makes room to refuse the next one.
  hog.give_back(1);
  const int none_left = connect_unix(path);
  ASSERT_GE(none_left, 0);
  EXPECT_TRUE(closed_within(none_left, 10'000)) << "no descriptor: refused through the spare";
  EXPECT_EQ(handed(), 0u);

  // Descriptors freed: the next connection is served.
  hog.give_back(8);
  const int served = connect_unix(path);
  ASSERT_GE(served, 0);
  for (int k = 0; k < 1000 && handed() == 0; ++k) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(handed(), 1u);
  EXPECT_FALSE(closed_within(served, 0));

  listener->stop();
  accepting.join();
  for (int fd : {last, none_left, served}) ::close(fd);
  for (int fd : handed_over) ::close(fd);
}

}  // namespace
