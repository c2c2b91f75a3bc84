// The heuristic's incremental count of a deal's play (plugins/common/play_tally.h): one tally
// carried through whole games, brought up to date from whichever seat acts, must hold exactly
// what counting the deal from scratch gives at every decision (cards played, shown voids,
// penalty points per seat), and the heuristic must choose the same card from it. A tally carried
// into another world of the same deal must notice and count again.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/rng.h"
#include "plugins/common/heuristic_policy.h"
#include "plugins/common/play_tally.h"
#include "support/bot_rules.h"

namespace arena {
namespace {

using bot_rules::compiled;
using bot_rules::preset;
using heuristic_policy::PlayTally;

// The count done the plain way, independently of PlayTally: trick k is plays [k*n, k*n + n).
PlayTally reference_count(const hearts::Observation& obs) {
  PlayTally t;
  const int n = obs.num_players;
  for (int i = 0; i < obs.num_plays; ++i) {
    const hearts::PlayRecord& p = obs.plays[i];
    t.played.insert(p.card);
    const hearts::Suit led = obs.plays[i - i % n].card.suit();
    if (p.card.suit() != led) t.void_in[p.seat][static_cast<int>(led)] = true;
  }
  for (int k = 0; k < obs.tricks_completed; ++k) {
    for (int j = 0; j < n; ++j) {
      t.penalty[obs.trick_winners[k]] += std::max(0, obs.card_points(obs.plays[k * n + j].card));
    }
  }
  return t;
}

void expect_same_count(const PlayTally& carried, const PlayTally& fresh, const std::string& where) {
  EXPECT_EQ(carried.played, fresh.played) << where;
  EXPECT_EQ(carried.void_in, fresh.void_in) << where;
  EXPECT_EQ(carried.penalty, fresh.penalty) << where;
}

// Plays `games` games of `rules`, the heuristic and random legal cards taking turns (so voids,
// dumped points and moons all happen), checking the carried tally at every decision.
void check_games(const hearts::Rules& rules_in, int games, const std::string& label) {
  const hearts::CompiledRules rules = compiled(rules_in);
  const heuristic_policy::HeuristicPolicy heuristic;
  int checked = 0;
  for (int g = 0; g < games; ++g) {
    hearts::Game game(rules, 100 + static_cast<uint64_t>(g));
    hearts::Rng rng(7 + static_cast<uint64_t>(g));
    PlayTally carried;
    while (!game.is_over()) {
      if (game.phase() == hearts::Phase::kDeal) {
        game.deal_from_seed();
        continue;
      }
      const int seat = game.to_act();
      const hearts::Observation obs = hearts::observe(game, seat);
      if (game.phase() == hearts::Phase::kPass) {
        ASSERT_TRUE(game.pass_cards(heuristic.choose_pass(obs).cards()).ok());
        continue;
      }
      if (game.phase() == hearts::Phase::kMoonChoice) {
        ASSERT_TRUE(game.choose_moon(false).ok());
        continue;
      }
      ASSERT_EQ(game.phase(), hearts::Phase::kPlay) << label;
      const std::string where = label + " game " + std::to_string(g) + " deal " +
                                std::to_string(obs.deal_index) + " play " +
                                std::to_string(obs.num_plays);
      const hearts::Card with_scratch = heuristic.choose_play(obs);
      const hearts::Card with_carried = heuristic.choose_play(obs, carried);
      EXPECT_EQ(with_carried, with_scratch) << where;
      if (obs.legal.size() > 1) {  // a forced card is answered before the tally is read
        expect_same_count(carried, reference_count(obs), where);
        ++checked;
      }
      const hearts::Card card =
          rng.uniform(2) == 0 ? with_carried
                              : obs.legal.nth(static_cast<int>(rng.uniform(obs.legal.size())));
      ASSERT_TRUE(game.play(card).ok()) << where;
    }
  }
  EXPECT_GT(checked, 100 * games) << label;  // most decisions have a choice
}

TEST(PlayTally, CarriedThroughWholeGamesItCountsWhatCountingFromScratchCounts) {
  check_games(preset("standard"), 6, "standard");
  check_games(preset("omnibus"), 4, "omnibus");          // a bonus card: negative points
  check_games(preset("black-maria"), 4, "black-maria");  // several lady spades
  for (int n : {3, 5, 7}) check_games(preset("morehead2001", n), 3, "x" + std::to_string(n));
}

// A tally carried from one sampled world into another of the same deal (same deal index, other
// cards played, more of them) must start again rather than add the new world's later plays to
// the old world's count.
TEST(PlayTally, StartsAgainWhenTheObservationIsOfAnotherWorld) {
  hearts::Rules r = preset("standard");
  r.pass_schedule = hearts::PassSchedule::kNone;
  const hearts::CompiledRules rules = compiled(r);
  const heuristic_policy::HeuristicPolicy heuristic;
  // The observation after `plays` heuristic cards of deal seed `seed`.
  auto position = [&](uint64_t seed, int plays) {
    hearts::Game game(rules, seed);
    game.deal_from_seed();
    for (int i = 0; i < plays; ++i) {
      EXPECT_TRUE(game.play(heuristic.choose_play(hearts::observe(game, game.to_act()))).ok());
    }
    return game;
  };
  PlayTally carried;
  const hearts::Game first = position(1, 20);
  carried.update(hearts::observe(first, first.to_act()));
  expect_same_count(carried, reference_count(hearts::observe(first, first.to_act())), "first");
  const hearts::Game second = position(2, 24);  // another deal, same deal index 0, more plays
  const hearts::Observation obs = hearts::observe(second, second.to_act());
  ASSERT_NE(obs.plays[19].card, first.plays()[19].card);
  carried.update(obs);
  expect_same_count(carried, reference_count(obs), "second world");
  const hearts::Game third = position(3, 8);  // fewer plays than counted
  carried.update(hearts::observe(third, third.to_act()));
  expect_same_count(carried, reference_count(hearts::observe(third, third.to_act())), "third");
}

}  // namespace
}  // namespace arena
