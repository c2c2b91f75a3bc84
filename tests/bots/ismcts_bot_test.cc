// The ismcts plugin: its tree pool, its moon choice and pass candidates (compiled in from
// plugins/ismcts/), and the real plugin loaded as the arena loads it with a fixed iteration
// count: the same observation and seed give the same decision, every decision is legal in random
// positions (plays and passes), it shoots and stops moons the heuristic misses (checked in the
// true deal), it plays whole games under every one-deck preset and 3..7 players without a
// violation, and a real `arena play`.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "hearts/random_player.h"
#include "match/referee.h"
#include "players/bot_specs.h"
#include "plugins/common/heuristic_policy.h"
#include "plugins/ismcts/info_set_tree.h"
#include "plugins/ismcts/moon_choice.h"
#include "plugins/ismcts/pass_search.h"
#include "plugins/ismcts/play_search.h"
#include "plugins/ismcts/root_race.h"
#include "plugins/ismcts/search_budget.h"
#include "support/bot_rules.h"
#include "support/run_arena.h"

namespace arena {
namespace {

using bot_rules::cards;
using bot_rules::compiled;
using bot_rules::kScale;
using bot_rules::kSearchPath;
using bot_rules::preset;

using hearts::Card;
using hearts::CardSet;
using hearts::Game;
using hearts::Observation;

// --- The tree and the pure parts ---

TEST(IsmctsTree, ChildrenAreFoundByCardAndThePoolNeverGrowsPastItsCapacity) {
  hearts_ismcts::Tree tree(3);
  const Card a = cards("2C").lowest();
  const Card b = cards("AS").lowest();
  EXPECT_EQ(tree.child(0, a), -1);
  const int ca = tree.add_child(0, a, 1);
  const int cb = tree.add_child(0, b, 2);
  EXPECT_EQ(tree.child(0, a), ca);
  EXPECT_EQ(tree.child(0, b), cb);
  EXPECT_EQ(tree.at(cb).mover, 2);
  EXPECT_TRUE(tree.full());
  EXPECT_EQ(tree.add_child(ca, b, 0), -1);  // full: refused, nothing added
  EXPECT_EQ(tree.size(), 3);
  // UCB prefers the better mean once both are visited equally.
  tree.at(0).visits = 20;
  tree.at(ca).visits = 10;
  tree.at(ca).reward_sum = 5;
  tree.at(cb).visits = 10;
  tree.at(cb).reward_sum = -5;
  EXPECT_EQ(tree.select_ucb(0, b, 0.3, 0.0), ca);
  // A large heuristic bias can still pull toward its card.
  EXPECT_EQ(tree.select_ucb(0, b, 0.3, 20.0), cb);
  tree.reset();
  EXPECT_EQ(tree.size(), 1);
  EXPECT_EQ(tree.child(0, a), -1);
}

// The root race: a card clearly behind the leader on the same worlds leaves at a check; a card
// level with the leader within the noise stays; a round cut short does not count; nothing
// leaves before kMinRounds.
TEST(IsmctsRootRace, DropsOnlyCardsClearlyBehindOnTheSameWorlds) {
  using hearts_ismcts::RootRace;
  const Card a = cards("2C").lowest();
  const Card b = cards("5D").lowest();
  const Card c = cards("QS").lowest();
  RootRace race(CardSet{a, b, c});
  auto round = [&](int k) {
    const double luck = (k % 3) * 0.1;  // the world's luck, shared by all three cards
    race.record(a, 0.2 + luck);
    race.record(b, 0.2 + luck + (k % 2 == 0 ? 0.3 : -0.31));  // level within the noise
    race.record(c, -0.3 + luck);                              // behind by 0.5 in every world
    race.end_round();
  };
  for (int k = 0; k < RootRace::kMinRounds - 1; ++k) round(k);
  EXPECT_EQ(race.alive().size(), 3);  // no check before kMinRounds
  race.record(a, 0.5);                // a round cut short (b and c not played): not counted
  race.end_round();
  EXPECT_EQ(race.rounds(), RootRace::kMinRounds - 1);
  round(RootRace::kMinRounds - 1);
  EXPECT_EQ(race.rounds(), RootRace::kMinRounds);
  EXPECT_EQ(race.alive(), (CardSet{a, b}));
  EXPECT_EQ(race.dropped(), 1);
  EXPECT_GT(race.paired_z(a, b), 0.0);
  EXPECT_LT(race.paired_z(a, b), 1.0);  // a hair ahead, well within the noise
  EXPECT_EQ(race.paired_z(a, c), 0.0);  // c left: no comparison
  for (int k = RootRace::kMinRounds; k < 64; ++k) round(k);
  EXPECT_TRUE(race.alive().contains(b));
}

Observation moon_observation(const hearts::CompiledRules& rules, hearts::SeatCounts& scores) {
  Observation obs;
  obs.phase = hearts::Phase::kMoonChoice;
  obs.rules = &rules;
  obs.num_players = 4;
  obs.seat = 0;
  obs.scores = scores.data();
  return obs;
}

// The timed budget: the plain share always; past it, on to the quiet share only while the search
// has had at least 90% of a core; never past the quiet share.
TEST(IsmctsBudget, GoesPastThePlainShareOnlyWhileTheSearchHasACore) {
  using hearts_ismcts::timed_search_may_go_on;
  EXPECT_TRUE(timed_search_may_go_on(14'000, 0, 15'000, 50'000));        // within the plain share
  EXPECT_TRUE(timed_search_may_go_on(20'000, 19'000, 15'000, 50'000));   // 95% of a core
  EXPECT_FALSE(timed_search_may_go_on(20'000, 12'000, 15'000, 50'000));  // 60%: loaded
  EXPECT_FALSE(timed_search_may_go_on(50'000, 50'000, 15'000, 50'000));  // the quiet share is up
  EXPECT_FALSE(timed_search_may_go_on(15'000, 15'000, 15'000, 15'000));  // no widening asked
  // The budget follows the share of the time left, and a bank caps both shares alike.
  Observation obs;
  obs.time_left_us = 100'000;
  obs.bank_left_us = -1;
  EXPECT_EQ(hearts_ismcts::budget_us(obs), 15'000);
  EXPECT_EQ(hearts_ismcts::budget_us(obs, hearts_ismcts::kQuietTimeShare), 80'000);
  // The quiet share leaves 20 ms, or half of a shorter limit.
  obs.time_left_us = 1'000'000;
  EXPECT_EQ(hearts_ismcts::budget_us(obs, hearts_ismcts::kQuietTimeShare), 800'000);
  obs.time_left_us = 60'000;
  EXPECT_EQ(hearts_ismcts::budget_us(obs, hearts_ismcts::kQuietTimeShare), 40'000);
  obs.time_left_us = 30'000;
  EXPECT_EQ(hearts_ismcts::budget_us(obs, hearts_ismcts::kQuietTimeShare), 15'000);
  obs.time_left_us = 10'000;
  EXPECT_EQ(hearts_ismcts::budget_us(obs), 1'500);
  EXPECT_EQ(hearts_ismcts::budget_us(obs, hearts_ismcts::kQuietTimeShare), 5'000);
  obs.time_left_us = 100'000;
  obs.bank_left_us = 270'000;  // no cards in hand: 1 + 26 decisions to come, 10 ms each
  EXPECT_EQ(hearts_ismcts::budget_us(obs), 10'000);
  EXPECT_EQ(hearts_ismcts::budget_us(obs, hearts_ismcts::kQuietTimeShare), 10'000);
}

TEST(IsmctsMoonChoice, OldMoonOnlyWhenItWinsTheGameOrWeLead) {
  hearts::Rules r = preset("standard");
  r.moon = hearts::MoonRule::kShooterChoice;
  r.end_score = 100;
  const hearts::CompiledRules rules = compiled(r);
  hearts::SeatCounts scores{};
  // Old moon ends the game (80 + 26 >= 100) with us on 10: we win outright, take it.
  scores = {10, 80, 85, 90};
  EXPECT_FALSE(hearts_ismcts::choose_new_moon(moon_observation(rules, scores)));
  // Old moon ends it but we (95) would not win (80 + 26 = 106 > 95? we win)... we on 110: lose.
  scores = {99, 80, 40, 50};
  EXPECT_TRUE(hearts_ismcts::choose_new_moon(moon_observation(rules, scores)));
  // No end in sight: leading takes old moon, trailing takes new moon.
  scores = {10, 20, 30, 40};
  EXPECT_FALSE(hearts_ismcts::choose_new_moon(moon_observation(rules, scores)));
  scores = {50, 20, 30, 40};
  EXPECT_TRUE(hearts_ismcts::choose_new_moon(moon_observation(rules, scores)));
}

TEST(IsmctsPassCandidates, AreDistinctLegalSubsetsAroundTheHeuristicsPass) {
  const hearts::CompiledRules rules = compiled(preset("standard"));
  const heuristic_policy::HeuristicPolicy heuristic;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    Game game(rules, seed);
    game.deal_from_seed();
    if (game.phase() != hearts::Phase::kPass) continue;
    const Observation obs = hearts::observe(game, game.to_act());
    const hearts::PassSelection selection = heuristic.choose_pass(obs);
    CardSet h;
    for (Card c : selection.cards()) h.insert(c);
    const std::vector<CardSet> candidates = hearts_ismcts::pass_candidates(obs, h);
    EXPECT_EQ(candidates.size(), 20u);  // 3 of a pool of 6
    int with_heuristic = 0;
    for (size_t i = 0; i < candidates.size(); ++i) {
      EXPECT_EQ(candidates[i].size(), obs.pass.count);
      EXPECT_TRUE(obs.legal.contains_all(candidates[i]));
      with_heuristic += candidates[i] == h;
      for (size_t j = 0; j < i; ++j) EXPECT_NE(candidates[i], candidates[j]);
    }
    EXPECT_EQ(with_heuristic, 1);
  }
}

// The pass search keeps the heuristic's pass unless another is clearly ahead of it: a steady
// gain wins, a larger but noisy one (one lucky world) does not.
TEST(IsmctsPassCandidates, OnlyAClearGainOverTheHeuristicsPassIsTaken) {
  const std::vector<CardSet> candidates = {cards("2C 3C 4C"), cards("AS KS QS"), cards("AH KH QH")};
  hearts_ismcts::PassStats stats(candidates, cards("AS KS QS"));
  ASSERT_EQ(stats.heuristic, 1u);
  const int worlds = 10;
  for (int w = 0; w < worlds; ++w) {
    // Candidate 0: 0.1 better in every world. Candidate 2: 3.0 better in one world only.
    stats.add({0.1 + w * 0.01, w * 0.01, (w == 0 ? 3.0 : -0.05) + w * 0.01}, w + 1);
  }
  EXPECT_EQ(hearts_ismcts::pick_pass(stats, worlds), 0u);
  hearts_ismcts::PassStats noisy(candidates, cards("AS KS QS"));
  for (int w = 0; w < worlds; ++w) noisy.add({0.0, 0.0, w == 0 ? 3.0 : -0.05}, w + 1);
  EXPECT_EQ(hearts_ismcts::pick_pass(noisy, worlds), 1u);  // the heuristic's
}

// A pass clearly behind the heuristic's is searched no more from kPassMinWorlds worlds on (it
// could never be picked); one behind only within the noise, and the heuristic's own, stay.
TEST(IsmctsPassCandidates, AClearlyWorsePassLeavesTheSearch) {
  const std::vector<CardSet> candidates = {cards("2C 3C 4C"), cards("AS KS QS"), cards("AH KH QH")};
  hearts_ismcts::PassStats stats(candidates, cards("AS KS QS"));
  for (int w = 0; w < hearts_ismcts::kPassMinWorlds; ++w) {
    const double luck = (w % 3) * 0.2;
    // Candidate 0: 0.3 worse in every world. Candidate 2: +-0.4 around the heuristic's.
    stats.add({luck - 0.3, luck, luck + (w % 2 == 0 ? 0.4 : -0.41)}, w + 1);
    EXPECT_EQ(stats.alive_count(), w + 1 < hearts_ismcts::kPassMinWorlds ? 3 : 2) << w;
  }
  EXPECT_FALSE(stats.alive[0]);
  EXPECT_TRUE(stats.alive[1]);
  EXPECT_TRUE(stats.alive[2]);
  EXPECT_EQ(hearts_ismcts::pick_pass(stats, hearts_ismcts::kPassMinWorlds), 1u);
}

// --- The plugin ---

// The plugin, loaded for real.
struct Bot : bot_rules::LoadedBot {
  Bot(const hearts::CompiledRules& rules, int seat, int num_players)
      : LoadedBot("ismcts", rules, seat, num_players) {}
};

// A deal of `rules` driven by random decisions, stopping at every decision of the bot's kind.
template <typename Visit>
void walk_random_deals(const hearts::CompiledRules& rules, uint64_t seeds, Visit visit) {
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    Game game(rules, seed);
    hearts::Rng rng(seed);
    while (game.deals_completed() == 0 && !game.is_over()) {
      if (game.phase() == hearts::Phase::kPlay || game.phase() == hearts::Phase::kPass) {
        Observation obs = hearts::observe(game, game.to_act());
        obs.random_seed = seed * 1000 + static_cast<uint64_t>(obs.num_plays);
        obs.time_left_us = 1'000'000;
        visit(game, obs, seed);
      }
      ASSERT_TRUE(hearts::play_random_decision(game, rng).ok());
    }
  }
}

TEST(IsmctsBot, SameObservationAndSeedGiveTheSameDecision) {
  setenv("HEARTS_ISMCTS_ITERATIONS", "60", 1);
  const hearts::CompiledRules rules = compiled(preset("standard"));
  Bot a(rules, 0, 4);
  Bot b(rules, 0, 4);
  int compared = 0;
  int seed_changes = 0;
  walk_random_deals(rules, 3, [&](const Game&, Observation obs, uint64_t) {
    if (obs.phase == hearts::Phase::kPass) {
      const CardSet first = a.pass(obs);
      EXPECT_EQ(first, a.pass(obs));
      EXPECT_EQ(first, b.pass(obs));
      return;
    }
    if (obs.legal.size() < 2) return;
    const Card first = a.play(obs);
    EXPECT_TRUE(obs.legal.contains(first));
    EXPECT_EQ(first, a.play(obs));  // the tree is reset: no state leaks between decisions
    EXPECT_EQ(first, b.play(obs));
    obs.random_seed += 7777;
    seed_changes += b.play(obs) != first;
    ++compared;
  });
  EXPECT_GT(compared, 20);
  // 60 iterations are noisy: another seed samples other worlds and sometimes picks another card.
  EXPECT_GT(seed_changes, 0);
}

TEST(IsmctsBot, EveryDecisionIsLegalInRandomPositions) {
  setenv("HEARTS_ISMCTS_ITERATIONS", "40", 1);
  for (const char* name : {"standard", "black-maria", "omnibus", "spot-hearts"}) {
    const hearts::CompiledRules rules = compiled(preset(name));
    std::vector<std::unique_ptr<Bot>> bots;
    for (int s = 0; s < 4; ++s) bots.push_back(std::make_unique<Bot>(rules, s, 4));
    int plays = 0;
    int passes = 0;
    walk_random_deals(rules, 6 / kScale + 1, [&](const Game&, const Observation& obs, uint64_t) {
      if (obs.phase == hearts::Phase::kPass) {
        const CardSet passed = bots[obs.seat]->pass(obs);
        EXPECT_EQ(passed.size(), obs.pass.count) << name;
        EXPECT_TRUE(obs.legal.contains_all(passed)) << name;
        ++passes;
      } else {
        EXPECT_TRUE(obs.legal.contains(bots[obs.seat]->play(obs))) << name;
        ++plays;
      }
    });
    EXPECT_GT(plays, 100 / kScale) << name;
    if (std::string(name) == "standard") {
      EXPECT_GT(passes, 0);
    }
  }
}

TEST(IsmctsBot, RefusesTwoDecksWithOneLine) {
  std::string error;
  auto source = resolve_bot_spec("ismcts", kSearchPath, &error);
  ASSERT_NE(source, nullptr) << error;
  const hearts::CompiledRules rules = compiled(preset("cancellation", 6));
  hearts::BotConfig config;
  config.rules = &rules;
  EXPECT_EQ(source->create(config, &error), nullptr);
  EXPECT_NE(error.find("plays one deck only"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

// A deal of standard rules without passing (deal seed `seed`), the heuristic playing every
// seat for `plays` cards: a position the heuristic itself would reach.
struct HeuristicPosition {
  hearts::CompiledRules rules;
  Game game;
  heuristic_policy::HeuristicPolicy heuristic;
  HeuristicPosition(uint64_t seed, size_t plays)
      : rules(compiled([] {
          hearts::Rules r = preset("standard");
          r.pass_schedule = hearts::PassSchedule::kNone;
          return r;
        }())),
        game(rules, seed) {
    game.deal_from_seed();
    while (game.plays().size() < plays) {
      const Observation obs = hearts::observe(game, game.to_act());
      EXPECT_TRUE(
          game.play(obs.legal.size() == 1 ? obs.legal.lowest() : heuristic.choose_play(obs)).ok());
    }
  }
  // The deal played out in the true hands after `card`, with the heuristic for every seat.
  hearts::DealResult outcome(Card card) const {
    Game copy = game;
    EXPECT_TRUE(copy.play(card).ok());
    hearts_ismcts::rollout(copy, heuristic);
    return copy.last_deal();
  }
};

// Seat 2, leading to the eighth trick, has taken every point so far and holds the rest of the
// winners: the heuristic, which shoots only with no loser left, leads the 3S and lets a point
// go; the search sees that leading out its hearts takes every trick. Both cards are played out
// in the true deal: the search's card must shoot the moon there and the heuristic's must not.
TEST(IsmctsBot, ShootsTheMoonTheHeuristicPassesUp) {
  setenv("HEARTS_ISMCTS_ITERATIONS", "1500", 1);
  const HeuristicPosition p(9, 28);
  ASSERT_EQ(p.game.to_act(), 2);
  Observation obs = hearts::observe(p.game, 2);
  obs.time_left_us = 10'000'000;
  const Card heuristic_card = p.heuristic.choose_play(obs);
  ASSERT_EQ(heuristic_card, cards("3S").lowest());
  EXPECT_EQ(p.outcome(heuristic_card).moon_shooter, -1);
  Bot bot(p.rules, 2, 4);
  for (uint64_t seed : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u}) {
    obs.random_seed = seed;
    const Card chosen = bot.play(obs);
    EXPECT_NE(chosen, heuristic_card) << seed;
    EXPECT_EQ(p.outcome(chosen).moon_shooter, 2) << hearts::to_string(chosen) << " seed " << seed;
  }
}

// Seat 3 has taken every point so far; seat 0, void in the suit led to the ninth trick, holds
// 4H 6H 9H QH 2S. The heuristic (whose moon guard waits for a third of the points) throws the
// 2S, and seat 3 goes on to shoot in the true deal; the search throws a heart into a trick seat
// 3 does not take, and the moon is stopped.
TEST(IsmctsBot, StopsAMoonTheHeuristicLetsThrough) {
  setenv("HEARTS_ISMCTS_ITERATIONS", "1500", 1);
  const HeuristicPosition p(346, 34);
  ASSERT_EQ(p.game.to_act(), 0);
  Observation obs = hearts::observe(p.game, 0);
  obs.time_left_us = 10'000'000;
  const Card heuristic_card = p.heuristic.choose_play(obs);
  ASSERT_EQ(heuristic_card, cards("2S").lowest());
  EXPECT_EQ(p.outcome(heuristic_card).moon_shooter, 3);
  Bot bot(p.rules, 0, 4);
  for (uint64_t seed : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u}) {
    obs.random_seed = seed;
    const Card chosen = bot.play(obs);
    EXPECT_NE(chosen, heuristic_card) << seed;
    EXPECT_EQ(p.outcome(chosen).moon_shooter, -1) << hearts::to_string(chosen) << " seed " << seed;
  }
}

// Whole games: ismcts against random bots, no violation allowed.
int play_games(const std::string& preset_name, int players, int games) {
  hearts::Rules r = preset(preset_name, players);
  r.end_score = 0;
  r.fixed_deals = 2;
  const hearts::CompiledRules rules = compiled(r);
  int violations = 0;
  for (int g = 0; g < games; ++g) {
    std::vector<std::shared_ptr<PlayerSource>> sources;
    std::vector<std::unique_ptr<Player>> owned;
    std::vector<Player*> seats;
    for (int s = 0; s < players; ++s) {
      std::string error;
      sources.push_back(
          resolve_bot_spec(s == g % players ? "ismcts" : "random", kSearchPath, &error));
      EXPECT_NE(sources.back(), nullptr) << error;
      hearts::BotConfig config;
      config.seat = s;
      config.num_players = players;
      config.seed = 100 + static_cast<uint64_t>(s);
      config.rules = &rules;
      owned.push_back(sources.back()->create(config, &error));
      EXPECT_NE(owned.back(), nullptr) << error;
      seats.push_back(owned.back().get());
    }
    RefereeOptions options;
    options.move_time_us = 30'000'000;  // the iterations are fixed; no timeouts under sanitizers
    SteadyClock clock;
    Referee referee(rules, options, clock);
    const GameOutcome outcome =
        referee.play_game(1000 + static_cast<uint64_t>(g), 0, seats, nullptr);
    EXPECT_EQ(outcome.deals, 2);
    for (const SeatOutcome& seat : outcome.seats) violations += seat.violations;
  }
  return violations;
}

TEST(IsmctsBot, PlaysEveryPresetAndTableSizeWithoutViolations) {
  setenv("HEARTS_ISMCTS_ITERATIONS", "8", 1);
  for (const hearts::Preset& p : hearts::presets()) {
    if (hearts::compile(p.rules)->extended_play) continue;  // refused, like heuristic
    if (p.rules.decks != 1) continue;                       // refused: RefusesTwoDecks...
    EXPECT_EQ(play_games(std::string(p.name), 4, 1), 0) << p.name;
  }
  for (int players : {3, 5, 6, 7}) {
    EXPECT_EQ(play_games("morehead2001", players, 1), 0) << players << " players";
  }
}

// The real arena: `arena play` loads the plugin from the bundled folder, seats it against the
// other bundled bots and reports no violation for any seat.
TEST(IsmctsBot, PlaysARealArenaGameWithoutViolations) {
  const arena_test::RunResult r = arena_test::run_arena(
      "play --bots ismcts,heuristic,montecarlo,ducker --rules standard "
      "--games 2 --seed 17 --move-ms 5000 --json",
      "HEARTS_ISMCTS_ITERATIONS=30 HEARTS_MC_SAMPLES=4");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("\"ismcts\""), std::string::npos) << r.out;
  const std::regex any_violation("\"violations\": [1-9]");
  EXPECT_FALSE(std::regex_search(r.out, any_violation)) << r.out;
  EXPECT_NE(r.out.find("\"violations\": 0"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace arena
