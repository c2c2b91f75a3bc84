// The reference loop `arena bench` measures the engine against must play the same game as the
// engine, or the ratio compares different work: for the same seed and the same choices, both give
// the same points and scores, deal after deal (moons included).
#include "bench/reference_deal.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace arena
