// TscClock must read steady_clock's scale: the referee times every decision with it.
#include "match/clock.h"

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
  // a different length for the same interval. Each TscClock read is bracketed by steady reads,
  // so a thread descheduled between two reads widens the bracket instead of failing the test;
  // the interval is busy-waited, not slept.
  const TscClock clock;
  const SteadyClock steady;
  const int64_t steady_before_start = steady.now_us();
  const int64_t tsc_start = clock.now_us();
  const int64_t steady_after_start = steady.now_us();
  while (steady.now_us() - steady_after_start < 30'000) {
  }
  const int64_t steady_before_end = steady.now_us();
  const int64_t tsc_end = clock.now_us();
  const int64_t steady_after_end = steady.now_us();
  const double shortest = static_cast<double>(steady_before_end - steady_after_start);
  const double longest = static_cast<double>(steady_after_end - steady_before_start);
  const double measured = static_cast<double>(tsc_end - tsc_start);
  EXPECT_GE(measured, shortest * 0.99 - 2) << "counter in use: " << TscClock::uses_counter();
  EXPECT_LE(measured, longest * 1.01 + 2) << "counter in use: " << TscClock::uses_counter();
  // Same origin as steady_clock, so readings from both can be compared directly.
  const int64_t before = steady.now_us();
  const int64_t now = clock.now_us();
  const int64_t after = steady.now_us();
  EXPECT_GE(now, before - 1000);
  EXPECT_LE(now, after + 1000);
}

}  // namespace
}  // namespace arena
