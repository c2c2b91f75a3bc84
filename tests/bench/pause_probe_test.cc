// The pause probe of `arena bench --pauses`: its summary against hand-made gaps, and a short real
// probe whose gaps must be well formed.
#include "bench/pause_probe.h"

#include <gtest/gtest.h>

namespace arena {
namespace {

TEST(PauseSummary, CountsGapsByLengthAndFindsTheLongest) {
  const std::vector<std::vector<ClockGap>> gaps = {
      {{100, 600}, {5'000, 1'200}, {40'000, 9'700}},
      {{70'000, 19'700}, {200'000, 50'000}},
  };
  const PauseSummary s = summarize_pauses(gaps, 2.5);
  EXPECT_EQ(s.threads, 2);
  EXPECT_DOUBLE_EQ(s.seconds, 2.5);
  ASSERT_EQ(s.thresholds_us, (std::vector<int64_t>{1'000, 5'000, 10'000, 20'000, 50'000}));
  EXPECT_EQ(s.gaps_over, (std::vector<int>{4, 3, 2, 1, 1}));  // 600 us is under every bucket
  EXPECT_EQ(s.longest_us, 50'000);
  EXPECT_EQ(s.long_gaps, 4);
  EXPECT_EQ(s.shared_gaps, 0);  // no two threads stopped at the same moment
}

TEST(PauseSummary, AGapOverlappingAnotherThreadsGapIsShared) {
  // Both threads stopped at 10 ms for about 9.7 ms (a paused virtual machine); the second thread
  // also stopped alone later, and the first had a sub-millisecond gap inside the second's.
  const std::vector<std::vector<ClockGap>> gaps = {
      {{10'000, 9'700}, {60'500, 300}},
      {{10'050, 9'650}, {60'000, 2'000}},
  };
  const PauseSummary s = summarize_pauses(gaps, 1.0);
  EXPECT_EQ(s.long_gaps, 3);
  EXPECT_EQ(s.shared_gaps, 2);  // the 300 us gap is too short to count as the machine pausing
}

TEST(PauseSummary, NoGapsAtAll) {
  const PauseSummary s = summarize_pauses({{}, {}}, 1.0);
  EXPECT_EQ(s.long_gaps, 0);
  EXPECT_EQ(s.longest_us, 0);
  EXPECT_EQ(s.gaps_over, (std::vector<int>(5, 0)));
}

TEST(PauseProbe, GapsAreAtLeastTheMinimumAndInOrderWithinTheRun) {
  // A real 50 ms probe on two threads; how many gaps it sees depends on the machine, but each
  // must be at least the minimum asked for, start after the previous one ended, and lie in the run.
  const auto gaps = probe_pauses(2, 0.05, 200);
  ASSERT_EQ(gaps.size(), 2u);
  for (const auto& mine : gaps) {
    int64_t previous_end = 0;
    for (const ClockGap& gap : mine) {
      EXPECT_GE(gap.length_us, 200);
      EXPECT_GE(gap.start_us, previous_end);
      EXPECT_LT(gap.start_us, 50'000);
      previous_end = gap.start_us + gap.length_us;
    }
  }
}

}  // namespace
}  // namespace arena
