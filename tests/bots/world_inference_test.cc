// ismcts's inference of hidden cards from the other seats' plays
// (plugins/ismcts/world_inference.h): the true deal of heuristic players has no mismatch and a
// world that moves a card the plays revealed has some; a discard other than the queen of spades
// takes the queen away from that seat in the drawn worlds far more often than uniform sampling
// does; the passer's knowledge of its pass is lent to its replayed observations correctly; over
// whole deals the drawn worlds put more hidden cards with their true holders than uniform ones;
// with inference off the worlds are montecarlo's; the same seed draws the same worlds.
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <vector>

#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/rng.h"
#include "plugins/common/heuristic_policy.h"
#include "plugins/ismcts/world_inference.h"
#include "plugins/montecarlo/sampler.h"
#include "support/bot_rules.h"

namespace arena {
namespace {

using bot_rules::cards;
using bot_rules::compiled;
using bot_rules::preset;
using hearts::Card;
using hearts::CardSet;
using hearts::Game;
using hearts::Observation;
using hearts_ismcts::InferenceParams;
using hearts_ismcts::WorldSampler;

using Hands = std::array<CardSet, hearts::kMaxPlayers + 1>;

// Standard rules without passing: the observation then holds everything the heuristic saw.
hearts::Rules no_pass_rules() {
  hearts::Rules r = preset("standard");
  r.pass_schedule = hearts::PassSchedule::kNone;
  return r;
}

// The hands of `obs`'s deal as they are now in `game`, by real seat (the true world).
Hands true_hands(const Game& game) {
  Hands hands{};
  for (int s = 0; s < game.num_players(); ++s) hands[s] = game.hand(s);
  return hands;
}

// The current hands, by real seat, of a world drawn for `obs`.
Hands world_hands(const Observation& obs, const Game& world) {
  Hands hands{};
  for (int s = 0; s < obs.num_players; ++s) hands[s] = world.hand(hearts_mc::sim_seat(obs, s));
  return hands;
}

// Deals `game` (unless `deal` is false: it is dealt and passed) and plays it with the heuristic at
// every seat until seat 0 is to choose among several cards with at least `min_plays` cards played.
// False if the deal ends first.
bool heuristic_deal_until(Game& game, int min_plays, bool deal = true) {
  const heuristic_policy::HeuristicPolicy heuristic;
  if (deal) game.deal_from_seed();
  while (game.phase() == hearts::Phase::kPlay) {
    const Observation obs = hearts::observe(game, game.to_act());
    if (obs.seat == 0 && obs.num_plays >= min_plays && obs.legal.size() > 1) return true;
    if (!game.play(heuristic.choose_play(obs)).ok()) return false;
  }
  return false;
}

TEST(WorldInference, TheTrueDealHasNoMismatchAndAWorldAgainstThePlaysHasSome) {
  const hearts::CompiledRules rules = compiled(no_pass_rules());
  const hearts::CompiledRules sim = *hearts_mc::sim_rules(rules);
  const heuristic_policy::HeuristicPolicy heuristic;
  int worlds_with_mismatch = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    Game game(rules, seed);
    ASSERT_TRUE(heuristic_deal_until(game, 24));
    const Observation obs = hearts::observe(game, 0);
    const hearts_mc::Knowledge k = hearts_mc::analyze(obs);
    Hands hands = true_hands(game);
    InferenceParams every_play;
    every_play.checked_plays = hearts::kMaxPlays;
    every_play.check_leads = true;
    const hearts_ismcts::CheckedPlays all = hearts_ismcts::checked_plays(obs, every_play);
    EXPECT_EQ(static_cast<int>(all.count()), obs.num_plays - obs.num_plays / 4);  // not ours
    int mismatches = -1;
    ASSERT_TRUE(hearts_ismcts::replay_and_check(obs, sim, k, hands, 1, heuristic, all, 1 << 20,
                                                &mismatches));
    EXPECT_EQ(mismatches, 0) << "seed " << seed;
    // Swap each card of seat 1 with each card of seat 2: worlds the engine accepts that the
    // heuristic would not have played to are weighed down.
    for (Card a : game.hand(1)) {
      for (Card b : game.hand(2)) {
        Hands swapped = hands;
        swapped[1] = (swapped[1] - CardSet{a}) | CardSet{b};
        swapped[2] = (swapped[2] - CardSet{b}) | CardSet{a};
        if (hearts_ismcts::replay_and_check(obs, sim, k, swapped, 1, heuristic, all, 1 << 20,
                                            &mismatches) &&
            mismatches > 0) {
          ++worlds_with_mismatch;
        }
      }
    }
  }
  EXPECT_GT(worlds_with_mismatch, 20);
  EXPECT_DOUBLE_EQ(hearts_ismcts::world_weight(0, 0.2), 1.0);
  EXPECT_DOUBLE_EQ(hearts_ismcts::world_weight(2, 0.2), 0.2 * 0.2);
}

// With passing, the seat that passed to us knows where its cards went; a rebuilt deal has no
// passing, so that knowledge is lent to its observations: the lent cards are the ones we received,
// going to our seat in the rebuilt deal, and in the true deal of heuristic players none of the
// passer's plays is then a mismatch.
TEST(WorldInference, ThePassersKnowledgeOfItsPassMakesItsTruePlaysMatch) {
  const hearts::CompiledRules rules = compiled(preset("standard"));
  const hearts::CompiledRules sim = *hearts_mc::sim_rules(rules);
  const heuristic_policy::HeuristicPolicy heuristic;
  int checked_deals = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Game game(rules, 300 + seed);
    game.deal_from_seed();
    while (game.phase() == hearts::Phase::kPass) {
      const Observation o = hearts::observe(game, game.to_act());
      ASSERT_TRUE(game.pass_cards(heuristic.choose_pass(o).cards()).ok());
    }
    if (!heuristic_deal_until(game, 36, false)) continue;
    const Observation obs = hearts::observe(game, 0);
    const hearts_ismcts::PassSeen pass = hearts_ismcts::PassSeen::of(obs);
    if (pass.passer < 0) continue;  // a hold deal
    ++checked_deals;
    hearts_ismcts::CheckedPlays passers;
    for (int i = 0; i < obs.num_plays; ++i) {
      if (hearts_mc::sim_seat(obs, obs.plays[i].seat) == pass.passer) passers.set(i);
    }
    Observation passer_view;
    passer_view.seat = pass.passer;
    pass.lend_to(passer_view);
    ASSERT_EQ(passer_view.passed_count, 3);
    CardSet lent;
    for (int c = 0; c < passer_view.passed_count; ++c) {
      lent.insert(passer_view.passed[c]);
      EXPECT_EQ(hearts::pass_target(passer_view.pass, 4, pass.passer, c),
                hearts_mc::sim_seat(obs, 0));
    }
    EXPECT_EQ(lent, game.received_by(0));
    const hearts_mc::Knowledge k = hearts_mc::analyze(obs);
    int mismatches = -1;
    ASSERT_TRUE(hearts_ismcts::replay_and_check(obs, sim, k, true_hands(game), 1, heuristic,
                                                passers, 1 << 20, &mismatches, pass));
    EXPECT_EQ(mismatches, 0) << "seed " << seed;
  }
  EXPECT_GT(checked_deals, 20);
}

// By default every discard by another seat is checked, however early; follows only among the
// last checked_plays plays by others; leads and our own plays never.
TEST(WorldInference, EveryDiscardAndTheRecentFollowsAreChecked) {
  const hearts::CompiledRules rules = compiled(no_pass_rules());
  int discards = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    Game game(rules, 40 + seed);
    ASSERT_TRUE(heuristic_deal_until(game, 36));
    const Observation obs = hearts::observe(game, 0);
    const InferenceParams params;
    const hearts_ismcts::CheckedPlays checked = hearts_ismcts::checked_plays(obs, params);
    int others_after = 0;  // plays by others after play i
    for (int i = obs.num_plays - 1; i >= 0; --i) {
      const hearts::PlayRecord& p = obs.plays[i];
      const bool lead = i % 4 == 0;
      const bool discard = !lead && p.card.suit() != obs.plays[i - i % 4].card.suit();
      const bool expected =
          p.seat != 0 && !lead && (discard || others_after < params.checked_plays);
      EXPECT_EQ(checked[i], expected) << "seed " << seed << " play " << i;
      if (p.seat != 0) ++others_after;
      discards += p.seat != 0 && discard && others_after > params.checked_plays;
    }
  }
  EXPECT_GT(discards, 0);  // some discards came before the window and were still checked
}

// How often, over `draws` worlds drawn for `obs`, seat `seat` holds `card`.
double share_holding(const Observation& obs, const hearts::CompiledRules& sim, InferenceParams p,
                     Card card, int seat, int draws) {
  const heuristic_policy::HeuristicPolicy heuristic;
  const hearts_mc::Knowledge k = hearts_mc::analyze(obs);
  WorldSampler sampler(obs, sim, k, heuristic, p);
  hearts::Rng rng(99);
  int held = 0;
  for (int i = 0; i < draws; ++i) {
    const std::optional<Game> world = sampler.draw(rng);
    EXPECT_TRUE(world.has_value());
    if (world && world->hand(hearts_mc::sim_seat(obs, seat)).contains(card)) ++held;
  }
  return static_cast<double>(held) / draws;
}

// Seat 1 shows void in diamonds by discarding the KH on seat 0's AD (seats 2 and 3 follow with
// their only diamonds: we hold all the others). The heuristic always throws the queen of spades
// first when it can, so a seat 1 that is the heuristic has no QS.
TEST(WorldInference, ADiscardOtherThanTheQueenTakesTheQueenAwayFromThatSeat) {
  hearts::Rules r = preset("morehead2001");
  r.pass_schedule = hearts::PassSchedule::kNone;
  const hearts::CompiledRules rules = compiled(r);
  const hearts::CompiledRules sim = *hearts_mc::sim_rules(rules);
  Game game(rules, 1);
  ASSERT_TRUE(
      game.deal_hands(std::vector<CardSet>{cards("AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 2C 3C"),
                                           cards("KH 2S 3S 4S 2H 3H 4H 5H 6H 7H 8H 4C 5C"),
                                           cards("3D JH QH 9H 10H QS 5S 6S 7S 6C 7C 8C 9C"),
                                           cards("2D AH AS KS 8S 9S 10S JS 10C JC QC KC AC")})
          .ok());
  for (const char* card : {"AD", "KH", "3D", "2D"}) {
    ASSERT_TRUE(game.play(cards(card).lowest()).ok()) << card;
  }
  Observation obs = hearts::observe(game, game.to_act());
  ASSERT_EQ(obs.seat, 0);
  InferenceParams off;
  off.candidates = 1;
  const double uniform = share_holding(obs, sim, off, hearts::kQueenOfSpades, 1, 400);
  const double inferred =
      share_holding(obs, sim, InferenceParams{}, hearts::kQueenOfSpades, 1, 400);
  EXPECT_GT(uniform, 0.25);  // seat 1 has room for many spades: often the queen, uniformly
  EXPECT_LT(inferred, uniform * 0.6) << "uniform " << uniform << " inferred " << inferred;
}

// Over several heuristic deals, the drawn worlds put more of the hidden cards with their true
// holders than montecarlo's uniform sampling does.
TEST(WorldInference, DrawnWorldsPutMoreHiddenCardsWithTheirTrueHolders) {
  const hearts::CompiledRules rules = compiled(no_pass_rules());
  const hearts::CompiledRules sim = *hearts_mc::sim_rules(rules);
  const heuristic_policy::HeuristicPolicy heuristic;
  InferenceParams off;
  off.candidates = 1;
  double right_uniform = 0;
  double right_inferred = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Game game(rules, 500 + seed);
    if (!heuristic_deal_until(game, 20)) continue;
    const Observation obs = hearts::observe(game, 0);
    const hearts_mc::Knowledge k = hearts_mc::analyze(obs);
    const Hands truth = true_hands(game);
    for (const InferenceParams& p : {off, InferenceParams{}}) {
      WorldSampler sampler(obs, sim, k, heuristic, p);
      hearts::Rng rng(seed);
      int right = 0;
      for (int i = 0; i < 60; ++i) {
        const std::optional<Game> world = sampler.draw(rng);
        ASSERT_TRUE(world.has_value());
        const Hands hands = world_hands(obs, *world);
        for (int s = 1; s < obs.num_players; ++s) right += (hands[s] & truth[s]).size();
      }
      const double share = static_cast<double>(right) / (60.0 * k.unseen.size());
      (p.candidates == 1 ? right_uniform : right_inferred) += share;
    }
  }
  EXPECT_GT(right_inferred, right_uniform * 1.04)
      << "uniform " << right_uniform << " inferred " << right_inferred;
}

// Inference off draws exactly the worlds montecarlo's sampler and rebuild give from the same
// random draws; on, the same seed draws the same worlds.
TEST(WorldInference, OffIsMontecarlosSamplerAndTheSameSeedDrawsTheSameWorlds) {
  const hearts::CompiledRules rules = compiled(no_pass_rules());
  const hearts::CompiledRules sim = *hearts_mc::sim_rules(rules);
  const heuristic_policy::HeuristicPolicy heuristic;
  Game game(rules, 77);
  ASSERT_TRUE(heuristic_deal_until(game, 16));
  const Observation obs = hearts::observe(game, 0);
  const hearts_mc::Knowledge k = hearts_mc::analyze(obs);
  InferenceParams off;
  off.candidates = 1;
  WorldSampler plain(obs, sim, k, heuristic, off);
  hearts::Rng a(5);
  hearts::Rng b(5);
  Hands hands{};
  for (int i = 0; i < 20; ++i) {
    std::optional<Game> expected;
    for (int attempt = 0; attempt < 20 && !expected; ++attempt) {
      if (!hearts_mc::sample(k, b, hands)) continue;
      expected = hearts_mc::rebuild(obs, sim, k, hands, b.next());
    }
    const std::optional<Game> world = plain.draw(a);
    ASSERT_TRUE(world && expected);
    EXPECT_EQ(world_hands(obs, *world), world_hands(obs, *expected));
  }
  WorldSampler first(obs, sim, k, heuristic, InferenceParams{});
  WorldSampler second(obs, sim, k, heuristic, InferenceParams{});
  hearts::Rng c(6);
  hearts::Rng d(6);
  for (int i = 0; i < 20; ++i) {
    const std::optional<Game> x = first.draw(c);
    const std::optional<Game> y = second.draw(d);
    ASSERT_TRUE(x && y);
    EXPECT_EQ(world_hands(obs, *x), world_hands(obs, *y));
  }
}

}  // namespace
}  // namespace arena
