// ismcts's checks of sampled worlds without a replay per world (plugins/ismcts/world_checks.h) are
// a pure speed-up: over many positions of real deals, under presets with different lead, break
// and pass rules, and with some seats playing at random (so the checks find mismatches and the
// engine rejects worlds), the sampler draws exactly the worlds, with exactly the mismatch counts
// and random draws, that replaying every world through the engine gives; and montecarlo's
// sampler, which both bots deal with, deals the hands the slower one it replaced dealt
// (tests/support/reference_sampler.h).
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <string>

#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/rng.h"
#include "plugins/common/heuristic_policy.h"
#include "plugins/ismcts/world_inference.h"
#include "plugins/montecarlo/sampler.h"
#include "support/bot_rules.h"
#include "support/reference_sampler.h"

namespace arena {
namespace {

using bot_rules::compiled;
using bot_rules::preset;
using hearts::Game;
using hearts::Observation;
using hearts_ismcts::InferenceParams;
using hearts_ismcts::WorldSampler;

using Hands = std::array<hearts::CardSet, hearts::kMaxPlayers + 1>;

// Plays `game` (passes by the heuristic; plays by the heuristic, or uniformly at random with
// probability 1/4, and the first lead always) until seat 0 must choose among several cards with at
// least `min_plays` played.
bool play_until(Game& game, int min_plays, hearts::Rng& rng) {
  const heuristic_policy::HeuristicPolicy heuristic;
  game.deal_from_seed();
  while (game.phase() == hearts::Phase::kPass) {
    const Observation o = hearts::observe(game, game.to_act());
    if (!game.pass_cards(heuristic.choose_pass(o).cards()).ok()) return false;
  }
  while (game.phase() == hearts::Phase::kPlay) {
    const Observation obs = hearts::observe(game, game.to_act());
    if (obs.seat == 0 && obs.num_plays >= min_plays && obs.legal.size() > 1) return true;
    hearts::Card card = heuristic.choose_play(obs);
    if (obs.num_plays == 0 || rng.uniform(4) == 0) {
      int pick = static_cast<int>(rng.uniform(static_cast<uint32_t>(obs.legal.size())));
      for (hearts::Card c : obs.legal) {
        if (pick-- == 0) card = c;
      }
    }
    if (!game.play(card).ok()) return false;
  }
  return false;
}

Hands world_hands(const Observation& obs, const Game& world) {
  Hands hands{};
  for (int s = 0; s < obs.num_players; ++s) hands[s] = world.hand(hearts_mc::sim_seat(obs, s));
  return hands;
}

// Draws 12 worlds for `obs` with and without the replay per world, from the same seed; every
// world, count and the generator's state after must agree. Returns whether the checks ran
// without a replay, and adds the worlds with mismatches to `*mismatched`.
bool draws_agree(const Observation& obs, InferenceParams params, uint64_t seed, int* mismatched) {
  const heuristic_policy::HeuristicPolicy heuristic;
  const hearts::CompiledRules sim = *hearts_mc::sim_rules(*obs.rules);
  const hearts_mc::Knowledge k = hearts_mc::analyze(obs);
  InferenceParams replay = params;
  replay.replay_every_world = true;
  WorldSampler fast(obs, sim, k, heuristic, params);
  WorldSampler slow(obs, sim, k, heuristic, replay);
  EXPECT_FALSE(slow.checks_without_replay());
  hearts::Rng a(seed);
  hearts::Rng b(seed);
  for (int i = 0; i < 12; ++i) {
    int fast_count = -1;
    int slow_count = -2;
    const std::optional<Game> x = fast.draw(a, &fast_count);
    const std::optional<Game> y = slow.draw(b, &slow_count);
    EXPECT_EQ(x.has_value(), y.has_value());
    EXPECT_EQ(fast_count, slow_count) << "draw " << i;
    if (x && y) {
      EXPECT_EQ(world_hands(obs, *x), world_hands(obs, *y)) << "draw " << i;
      EXPECT_EQ(x->legal_plays(), y->legal_plays());
      EXPECT_EQ(x->to_act(), y->to_act());
      EXPECT_EQ(x->hearts_broken(), y->hearts_broken());
      EXPECT_EQ(x->plays().size(), y->plays().size());
      EXPECT_EQ(x->all_points_taken(), y->all_points_taken());
      EXPECT_EQ(x->seed(), y->seed());
    }
    *mismatched += fast_count > 0;
  }
  EXPECT_EQ(a.next(), b.next());
  return fast.checks_without_replay();
}

// hearts_mc::sample deals the hands the sampler it replaced deals, from the same draws.
void deals_agree(const Observation& obs, uint64_t seed) {
  const hearts_mc::Knowledge k = hearts_mc::analyze(obs);
  hearts::Rng a(seed);
  hearts::Rng b(seed);
  for (int i = 0; i < 20; ++i) {
    Hands x{};
    Hands y{};
    const bool fast = hearts_mc::sample(k, a, x);
    ASSERT_EQ(fast, reference_sampler::sample(k, b, y));
    if (fast) {
      EXPECT_EQ(x, y);
    }
  }
  EXPECT_EQ(a.next(), b.next());
}

TEST(WorldChecks, DrawTheSameWorldsAndCountsAsAReplayOfEveryWorld) {
  InferenceParams leads;
  leads.check_leads = true;
  leads.checked_plays = 20;
  InferenceParams many;  // more candidates, each more often kept: more of them left pending
  many.candidates = 8;
  many.mismatch = 0.6;
  int without_replay = 0;
  int positions = 0;
  int mismatched = 0;
  const int seeds = 6 / bot_rules::kScale + 1;  // 7, or 2 under the sanitizers
  for (std::string name : {"standard", "morehead2001", "black-maria", "standard-any-club",
                           "spot-hearts", "omnibus", "black-jack", "heartsette"}) {
    // OpenSpiel's can_lead_any_club: whoever holds the lowest club may lead any club, so a
    // world giving that club to another seat is one the engine rejects.
    const bool any_club = name == "standard-any-club";
    if (any_club) name = "standard";
    for (int players : {3, 4, 5}) {
      hearts::Rules r = preset(name, players);
      if (any_club) r.first_lead = hearts::FirstLead::kAnyClub;
      std::string error;
      const std::optional<hearts::CompiledRules> rules = hearts::compile(r, &error);
      if (!rules) continue;  // a preset that is not played by this many
      for (uint64_t seed = 1; seed <= static_cast<uint64_t>(seeds); ++seed) {
        hearts::Rng rng(seed * 31 + static_cast<uint64_t>(players));
        Game game(*rules, seed * 7 + static_cast<uint64_t>(players));
        if (!play_until(game, static_cast<int>(rng.uniform(40)), rng)) continue;
        const Observation obs = hearts::observe(game, 0);
        ++positions;
        without_replay += draws_agree(obs, InferenceParams{}, seed, &mismatched);
        draws_agree(obs, leads, seed + 100, &mismatched);
        draws_agree(obs, many, seed + 300, &mismatched);
        deals_agree(obs, seed + 200);
      }
    }
  }
  EXPECT_GT(positions, 8 * seeds);           // about 17 a seed
  EXPECT_GT(without_replay, positions / 2);  // black-jack and heartsette's widow replay
  EXPECT_GT(mismatched, 100 * seeds);        // about 550 a seed
}

// As world_inference_test's replay: in the true deal of heuristic players with passing, none of
// the passer's plays is a mismatch once it is lent the knowledge of its pass, and the true deal is
// one the engine accepts.
TEST(WorldChecks, ThePassersTruePlaysMatchWithTheKnowledgeOfItsPass) {
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
    bool reached = false;
    while (game.phase() == hearts::Phase::kPlay && !reached) {
      const Observation o = hearts::observe(game, game.to_act());
      reached = o.seat == 0 && o.num_plays >= 36 && o.legal.size() > 1;
      if (!reached) {
        ASSERT_TRUE(game.play(heuristic.choose_play(o)).ok());
      }
    }
    if (!reached) continue;
    const Observation obs = hearts::observe(game, 0);
    const hearts_ismcts::PassSeen pass = hearts_ismcts::PassSeen::of(obs);
    if (pass.passer < 0) continue;  // a hold deal
    hearts_ismcts::CheckedPlays passers;
    for (int i = 0; i < obs.num_plays; ++i) {
      if (hearts_mc::sim_seat(obs, obs.plays[i].seat) == pass.passer) passers.set(i);
    }
    const hearts_mc::Knowledge k = hearts_mc::analyze(obs);
    ASSERT_TRUE(hearts_ismcts::plain_checks_apply(sim, k));
    hearts_ismcts::WorldChecks checks;
    ASSERT_TRUE(checks.build(obs, sim, k, passers, pass));
    Hands truth{};
    for (int s = 0; s < 4; ++s) truth[s] = game.hand(s);
    int mismatches = -1;
    EXPECT_EQ(checks.check(truth, heuristic, 1 << 20, &mismatches),
              hearts_ismcts::WorldChecks::Verdict::kCounted);
    EXPECT_EQ(mismatches, 0) << "seed " << seed;
    ++checked_deals;
  }
  EXPECT_GT(checked_deals, 20);
}

}  // namespace
}  // namespace arena
