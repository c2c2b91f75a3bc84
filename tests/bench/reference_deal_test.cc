// The reference loop `arena bench` measures the engine against must play the same game as the
// engine, or the ratio compares different work: for the same seed and the same choices, both give
// the same points and scores, deal after deal (moons included).
#include "bench/reference_deal.h"

#include <gtest/gtest.h>

#include <vector>

namespace arena {
namespace {

TEST(ReferenceDeal, PlaysTheSameDealsAsTheEngine) {
  const hearts::CompiledRules& rules = standard_held_rules();
  int deals = 0, moons = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    hearts::Rng engine_chooser(seed * 7919), reference_chooser(seed * 7919);
    play_engine_game(rules, seed, engine_chooser, [&](int deal, const ReferenceDeal& engine) {
      const ReferenceDeal reference = play_reference_deal(seed, deal, reference_chooser);
      ASSERT_EQ(engine.points, reference.points) << "seed " << seed << " deal " << deal;
      ASSERT_EQ(engine.score, reference.score) << "seed " << seed << " deal " << deal;
      int total = 0;
      for (int p : reference.points) total += p;
      ASSERT_EQ(total, 26) << "seed " << seed << " deal " << deal;
      moons += reference.points != reference.score;
      ++deals;
    });
  }
  EXPECT_GT(deals, 2000) << "whole games: every dealer and eldest seat";
  EXPECT_GT(moons, 0) << "random play shoots the moon now and then; the moon rule is compared too";
}

// The engine with a clock (the bench's "alone + clock") plays the same deals and reads the clock
// once per card, no more and no fewer: what a timed referee reads per decision.
class CountingClock final : public Clock {
 public:
  int64_t now_us() const override { return ++reads_; }
  mutable int64_t reads_ = 0;
};

TEST(ReferenceDeal, TheEngineWithAClockReadsItOncePerCardAndPlaysTheSameDeals) {
  const hearts::CompiledRules& rules = standard_held_rules();
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    hearts::Rng plain_chooser(seed), timed_chooser(seed);
    std::vector<ReferenceDeal> plain, timed;
    const int deals = play_engine_game(
        rules, seed, plain_chooser, [&](int, const ReferenceDeal& deal) { plain.push_back(deal); });
    CountingClock clock;
    int64_t sum = 0;
    EXPECT_EQ(play_engine_game(
                  rules, seed, timed_chooser,
                  [&](int, const ReferenceDeal& deal) { timed.push_back(deal); }, &clock, &sum),
              deals);
    ASSERT_EQ(plain.size(), timed.size());
    for (size_t d = 0; d < plain.size(); ++d) EXPECT_EQ(plain[d].score, timed[d].score);
    EXPECT_EQ(clock.reads_, 52 * deals) << "seed " << seed;
    EXPECT_EQ(sum, clock.reads_ * (clock.reads_ + 1) / 2) << "every read is summed";
  }
}

}  // namespace
}  // namespace arena
