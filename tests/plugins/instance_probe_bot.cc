// instance_probe: shows whether a server kept its bot instance or made a new one. It plays the
// n-th lowest legal card, n being the number of plays this instance made before (the highest
// legal card once n runs past them), so a fresh instance plays its lowest legal card and a kept
// one a higher one.
//
// With HEARTS_PROBE_HOLD_FDS set (non-empty), its first play also opens /dev/null until the
// process runs out of file descriptors, and holds them until the instance is destroyed: a test
// runs a server out of descriptors this way, and frees them with the game-end notification.
//
// With HEARTS_PROBE_SAY_PID set (non-empty), each new instance prints "instance_probe in process
// PID" on its standard output (an isolated child's log), so a test sees which process it runs in.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

class InstanceProbeBot : public hearts::Bot {
 public:
  InstanceProbeBot() {
    const char* say = std::getenv("HEARTS_PROBE_SAY_PID");
    if (say == nullptr || *say == '\0') return;
    std::printf("instance_probe in process %d\n", static_cast<int>(::getpid()));
    std::fflush(stdout);
  }
  ~InstanceProbeBot() override {
    for (int fd : held_) ::close(fd);
  }

  hearts::Card choose_play(const hearts::Observation& obs) override {
    if (plays_ == 0) hold_descriptors();
    const int n = plays_++;
    return n < obs.legal.size() ? obs.legal.nth(n) : obs.legal.highest();
  }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }

 private:
  void hold_descriptors() {
    const char* hold = std::getenv("HEARTS_PROBE_HOLD_FDS");
    if (hold == nullptr || *hold == '\0') return;
    for (;;) {
      const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
      if (fd < 0) break;
      held_.push_back(fd);
    }
  }

  int plays_ = 0;
  std::vector<int> held_;
};

}  // namespace

HEARTS_EXPORT_BOT(InstanceProbeBot, "instance_probe", "1.0", "Black Lady Arena tests")
