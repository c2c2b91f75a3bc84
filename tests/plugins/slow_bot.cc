// slow: a test plugin that sleeps in every choose_play for HEARTS_SLOW_BOT_MS milliseconds
// (environment variable read at each call; default 50, unparsable values also mean 50), then
// plays its lowest legal card. Passes its lowest passable cards at once. With
// HEARTS_SLOW_BOT_MODE=spin it burns that much of its thread's CPU time instead of sleeping;
// with =wallspin it stays busy that long by the wall clock and never asks for its CPU time (as a
// bot that watches only the wall clock does, so the kernel's count of its run time lags).
#include <time.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

long delay_ms() {
  const char* text = std::getenv("HEARTS_SLOW_BOT_MS");
  if (text == nullptr || *text == '\0') return 50;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return (*end == '\0' && value >= 0) ? value : 50;
}

int64_t thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1'000'000'000LL + t.tv_nsec;
}

class SlowBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    const char* mode = std::getenv("HEARTS_SLOW_BOT_MODE");
    if (mode != nullptr && std::strcmp(mode, "spin") == 0) {
      const int64_t until = thread_cpu_ns() + delay_ms() * 1'000'000;
      while (thread_cpu_ns() < until) {
      }
    } else if (mode != nullptr && std::strcmp(mode, "wallspin") == 0) {
      const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(delay_ms());
      while (std::chrono::steady_clock::now() < until) {
      }
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms()));
    }
    return obs.legal.lowest();
  }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }
};

}  // namespace

HEARTS_EXPORT_BOT(SlowBot, "slow", "1.0", "Black Lady Arena tests")
