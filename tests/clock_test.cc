// TscClock must read steady_clock's scale: the referee times every decision with it.
#include "clock.h"

#include <gtest/gtest.h>

#include <chrono>

namespace arena {
namespace {

TEST(TscClock, NeverGoesBackwards) {
  const TscClock clock;
  int64_t last = clock.now_us();
  for (int k = 0; k < 200'000; ++k) {
    const int64_t now = clock.now_us();
    ASSERT_GE(now, last) << "read " << k;
    last = now;
  }
}

TEST(TscClock, MeasuresWhatSteadyClockMeasures) {
  // A wrong tick rate (say, a factor of 1000 off, or the counter read as microseconds) shows as
  // a different length for the same interval. The interval is busy-waited, not slept: both
  // clocks run on while the thread is descheduled, so a loaded machine cannot fail this.
  const TscClock clock;
  const SteadyClock steady;
  const int64_t tsc_start = clock.now_us();
  const int64_t steady_start = steady.now_us();
  while (steady.now_us() - steady_start < 30'000) {
  }
  const int64_t steady_elapsed = steady.now_us() - steady_start;
  const int64_t tsc_elapsed = clock.now_us() - tsc_start;
  EXPECT_NEAR(static_cast<double>(tsc_elapsed), static_cast<double>(steady_elapsed),
              0.01 * static_cast<double>(steady_elapsed) + 200)
      << "counter in use: " << TscClock::uses_counter();
  // Same origin as steady_clock, so readings from both can be compared directly.
  EXPECT_NEAR(static_cast<double>(clock.now_us()), static_cast<double>(steady.now_us()), 1000);
}

}  // namespace
}  // namespace arena
