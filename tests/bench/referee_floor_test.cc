// The referee floor `arena bench` measures the referee against must play the referee's games, or
// the ratio compares different work: with the same bots and seeds, the same decisions, deals and
// scores. And its one clock read a decision is really taken and compared with the limit.
#include "bench/referee_floor.h"

#include <gtest/gtest.h>

#include "match/referee.h"
#include "match/seating.h"
#include "players/bot_specs.h"

namespace arena {
namespace {

// A clock that moves `step_us` on every read.
class SteppingClock final : public Clock {
 public:
  explicit SteppingClock(int64_t step_us) : step_us_(step_us) {}
  int64_t now_us() const override { return now_ += step_us_; }

 private:
  const int64_t step_us_;
  mutable int64_t now_ = 0;
};

hearts::CompiledRules standard() {
  return *hearts::compile(*hearts::preset_rules("standard"));
}

std::shared_ptr<PlayerSource> bundled(const std::string& name) {
  std::string error;
  auto source = resolve_bot_spec(name, {HEARTS_BUNDLED_PLUGIN_DIR}, &error);
  EXPECT_NE(source, nullptr) << error;
  return source;
}

TEST(RefereeFloor, PlaysTheRefereesGames) {
  const hearts::CompiledRules rules = standard();
  for (const char* bot : {"random", "heuristic"}) {
    auto source = bundled(bot);
    ASSERT_NE(source, nullptr);
    std::vector<PlayerSource*> sources(4, source.get());
    long long deals = 0;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      std::string error;
      SeatedPlayers refereed, floored;
      ASSERT_TRUE(seat_players(sources, rules, seed, &refereed, &error)) << error;
      ASSERT_TRUE(seat_players(sources, rules, seed, &floored, &error)) << error;
      ManualClock clock;
      Referee referee(rules, RefereeOptions{}, clock);
      const GameOutcome outcome = referee.play_game(seed, 0, refereed.seats, nullptr);
      const FloorGame floor = play_floor_game(rules, seed, floored.seats, clock, 1'000'000);
      ASSERT_EQ(floor.deals, outcome.deals) << bot << " seed " << seed;
      long long decisions = 0;
      for (int s = 0; s < 4; ++s) {
        EXPECT_EQ(floor.scores[s], outcome.seats[s].score) << bot << " seed " << seed;
        EXPECT_EQ(outcome.seats[s].fallbacks, 0);
        decisions += outcome.seats[s].decisions;
      }
      EXPECT_EQ(floor.decisions, decisions) << bot << " seed " << seed;
      EXPECT_EQ(floor.late, 0);
      deals += floor.deals;
    }
    EXPECT_GT(deals, 12 * 3) << "whole games, with their passes";
  }
}

TEST(RefereeFloor, EveryDecisionIsTimedAgainstTheLimit) {
  const hearts::CompiledRules rules = standard();
  auto source = bundled("random");
  ASSERT_NE(source, nullptr);
  std::vector<PlayerSource*> sources(4, source.get());
  for (const auto& [step_us, limit_us, all_late] :
       {std::tuple{5, 4, true}, std::tuple{5, 5, false}}) {
    std::string error;
    SeatedPlayers players;
    ASSERT_TRUE(seat_players(sources, rules, 3, &players, &error)) << error;
    const SteppingClock clock(step_us);
    const FloorGame floor = play_floor_game(rules, 3, players.seats, clock, limit_us);
    EXPECT_EQ(floor.late, all_late ? floor.decisions : 0) << "a read per decision, each 5 us on";
  }
}

}  // namespace
}  // namespace arena
