// The montecarlo plugin: its world sampler (compiled in from plugins/montecarlo/sampler.h) never
// deals a card a seat cannot hold; the real plugin (loaded like the arena loads it, with a fixed
// sample count) makes the obvious play in scripted positions, repeats its choice for the same
// observation and seed, and plays whole games under every preset and 3..7 players without a
// violation.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "hearts/random_player.h"
#include "match/referee.h"
#include "players/bot_specs.h"
#include "plugins/common/heuristic_policy.h"
#include "plugins/montecarlo/candidates.h"
#include "plugins/montecarlo/sampler.h"
#include "support/bot_rules.h"

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

// --- The sampler ---

struct SamplerCase {
  std::string preset;
  int players;
};

TEST(MonteCarloSampler, SampledHandsRespectEverythingTheObserverKnows) {
  const std::vector<SamplerCase> cases = {
      {"standard", 4},     {"morehead2001", 3}, {"morehead2001", 5}, {"morehead2001", 6},
      {"morehead2001", 7}, {"black-maria", 4},  {"spot-hearts", 4},  {"openspiel", 4},
      {"foster1909", 5},   {"omnibus", 4},      {"likha", 4},        {"partnership-team", 6}};
  int checked = 0;
  int rebuilt = 0;
  int attempts = 0;
  for (const SamplerCase& c : cases) {
    const int rebuilt_before = rebuilt;
    const int attempts_before = attempts;
    hearts::Rules rules = preset(c.preset, c.players);
    // "standard" also runs as a 5-player kitty deck, which leaves cards nobody holds.
    for (int variant = 0; variant < (c.preset == "standard" ? 2 : 1); ++variant) {
      hearts::Rules r = rules;
      if (variant == 1) {
        r.num_players = 5;
        r.pass_schedule = hearts::PassSchedule::kLeft;
        r.deck_adjust = hearts::DeckAdjust::kKitty;
      }
      const hearts::CompiledRules cr = compiled(r);
      const auto sim = hearts_mc::sim_rules(cr);
      ASSERT_TRUE(sim.has_value());
      for (uint64_t seed = 1; seed <= 6; ++seed) {
        Game game(cr, seed);
        hearts::Rng rng(seed * 77);
        int decision = 0;
        while (game.deals_completed() == 0 && !game.is_over()) {
          if (game.phase() == hearts::Phase::kPlay && ++decision % 5 == 0) {
            const int seat = game.to_act();
            Observation obs = hearts::observe(game, seat);
            const int n = obs.num_players;
            const hearts_mc::Knowledge k = hearts_mc::analyze(obs);
            // The true deal is always possible.
            for (int s = 0; s < n; ++s) {
              EXPECT_FALSE(k.cannot_hold[s].intersects(game.hand(s))) << c.preset << " seat " << s;
              EXPECT_TRUE(game.hand(s).contains_all(k.known[s]));
            }
            // Independent facts from the record.
            CardSet played;
            std::array<CardSet, hearts::kMaxPlayers> voids{};
            for (int i = 0; i < obs.num_plays; ++i) {
              const auto& p = obs.plays[i];
              played.insert(p.card);
              const hearts::Suit led = obs.plays[i - i % n].card.suit();
              if (p.card.suit() != led) voids[p.seat] |= CardSet::whole_suit(led);
            }
            std::array<CardSet, hearts::kMaxPlayers> passed_to{};
            if (obs.pass.kind == hearts::PassKind::kOffset) {
              for (int i = 0; i < obs.passed_count; ++i) {
                passed_to[hearts::pass_target(obs.pass, n, seat, i)].insert(obs.passed[i]);
              }
            }
            for (int t = 0; t < 20 / kScale; ++t) {
              std::array<CardSet, hearts::kMaxPlayers + 1> hands{};
              ASSERT_TRUE(hearts_mc::sample(k, rng, hands));
              CardSet all;
              for (int s = 0; s < n; ++s) {
                EXPECT_EQ(hands[s].size(), game.hand(s).size()) << c.preset << " seat " << s;
                EXPECT_FALSE(hands[s].intersects(voids[s]));
                EXPECT_FALSE(hands[s].intersects(played));
                if (s != seat) {
                  EXPECT_FALSE(hands[s].intersects(obs.hand));
                }
                EXPECT_TRUE(hands[s].contains_all(passed_to[s] - played));
                EXPECT_FALSE(all.intersects(hands[s]));
                all |= hands[s];
              }
              EXPECT_EQ(hands[seat], obs.hand);
              EXPECT_EQ(hands[n].size(), cr.kitty_size);
              EXPECT_FALSE(all.intersects(hands[n]));
              EXPECT_FALSE(hands[n].intersects(played));
              EXPECT_EQ(all | hands[n] | played, cr.in_play);
              ++attempts;
              if (hearts_mc::rebuild(obs, *sim, k, hands, seed)) ++rebuilt;
              ++checked;
            }
          }
          ASSERT_TRUE(hearts::play_random_decision(game, rng).ok());
        }
      }
    }
    // Every rule set replays most samples (a wrong seat order, e.g. anticlockwise, replays none).
    EXPECT_GT((rebuilt - rebuilt_before) * 2, attempts - attempts_before) << c.preset;
  }
  EXPECT_GT(checked, 500 / kScale);
  // Random play makes few inferences the sampler ignores: nearly every sample replays.
  EXPECT_GT(rebuilt * 10, attempts * 8) << rebuilt << " of " << attempts;
}

// --- The plugin ---

// The plugin, loaded for real.
struct Bot : bot_rules::LoadedBot {
  Bot(const hearts::CompiledRules& rules, int seat, int num_players)
      : LoadedBot("montecarlo", rules, seat, num_players) {}
};

// A scripted deal with no passing, eldest (seat 0) leading any card, no first-trick limits.
struct Scripted {
  hearts::CompiledRules rules;
  Game game;
  explicit Scripted(const std::vector<CardSet>& hands)
      : rules(compiled([] {
          hearts::Rules r = preset("morehead2001");
          r.pass_schedule = hearts::PassSchedule::kNone;
          return r;
        }())),
        game(rules, 1) {
    EXPECT_TRUE(game.deal_hands(hands).ok());
  }
  Observation observe(uint64_t seed) {
    Observation obs = hearts::observe(game, game.to_act());
    obs.random_seed = seed;
    obs.time_left_us = 10'000'000;
    return obs;
  }
};

TEST(MonteCarloBot, DumpsTheQueenWhenVoidAndAnotherPlayerWins) {
  setenv("HEARTS_MC_SAMPLES", "32", 1);
  // Seat 0 leads the AD, which must win; seat 1 is void in diamonds and holds the top spades, so
  // a kept QS would very likely fall to its own AS or KS later.
  Scripted s({cards("AD 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 10H"),
              cards("AS KS QS 2H 3H 4H 5H 6H 7H 8H 9H 2C 3C"),
              cards("KD QD JD 10D 9D 8D JH QH KH AH 2S 3S 4S"),
              cards("7D 6D 5D 4D 3D 2D 5S 6S 7S 8S 9S 10S JS")});
  ASSERT_TRUE(s.game.play(cards("AD").lowest()).ok());
  Bot bot(s.rules, 1, 4);
  EXPECT_EQ(bot.play(s.observe(11)), hearts::kQueenOfSpades);
}

TEST(MonteCarloBot, DropsTheKingUnderTheAceWhileTheQueenIsOut) {
  setenv("HEARTS_MC_SAMPLES", "32", 1);
  Scripted s({cards("AS 2S 3S AC KC QC JC 10C 9C 8C 7C 6C 5C"),
              cards("KS 4S AD KD QD JD 10D 9D 8D 7D 6D 5D 4D"),
              cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
              cards("QS JS 10S 9S 8S 7S 6S 5S 3D 2D 4C 3C 2C")});
  ASSERT_TRUE(s.game.play(hearts::kAceOfSpades).ok());
  Bot bot(s.rules, 1, 4);
  EXPECT_EQ(bot.play(s.observe(12)), hearts::kKingOfSpades);
}

TEST(MonteCarloBot, SameObservationAndSeedGiveTheSameCard) {
  setenv("HEARTS_MC_SAMPLES", "16", 1);
  const hearts::CompiledRules rules = compiled(preset("standard"));
  int compared = 0;
  Bot a(rules, 0, 4);
  Bot b(rules, 0, 4);
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    Game game(rules, seed);
    hearts::Rng rng(seed);
    while (game.deals_completed() == 0) {
      if (game.phase() == hearts::Phase::kPlay && game.legal_plays().size() > 1) {
        Observation obs = hearts::observe(game, game.to_act());
        obs.random_seed = seed * 1000 + static_cast<uint64_t>(obs.num_plays);
        obs.time_left_us = 1'000'000;
        const Card first = a.play(obs);
        EXPECT_TRUE(obs.legal.contains(first));
        EXPECT_EQ(first, a.play(obs));
        EXPECT_EQ(first, b.play(obs));
        ++compared;
      }
      ASSERT_TRUE(hearts::play_random_decision(game, rng).ok());
    }
  }
  EXPECT_GT(compared, 20);
}

// Cards that play alike share one representative (the highest of the run); a card still out
// between them, or a different value, keeps them apart.
TEST(MonteCarloCandidates, RunsWithNothingOutBetweenThemShareOneCard) {
  // Trick 1: 2D, 4D, 8D and seat 3's 2H (void in diamonds; hearts are broken). Seat 2 leads
  // the JH, seat 3 (out of hearts) discards the AS.
  Scripted s({cards("2D 9H 10H QH AH 3S 5S JS QS 2C 3C 4C 5C"),
              cards("4D 5D 6D 7D 9D 10D JD QD KD AD 6C 7C 8C"),
              cards("8D 3D 3H 4H 5H 6H 7H 8H JH KH 9C 10C 4S"),
              cards("2H 2S 6S 7S 8S 9S 10S KS AS JC QC KC AC")});
  for (const char* card : {"2D", "4D", "8D", "2H", "JH", "AS"}) {
    ASSERT_TRUE(s.game.play(cards(card).lowest()).ok()) << card;
  }
  // Seat 0 to play to a heart trick, holding 9H 10H QH AH with JH played and KH out.
  const Observation obs = s.observe(1);
  ASSERT_EQ(obs.seat, 0);
  ASSERT_EQ(obs.legal, cards("9H 10H QH AH"));
  const CardSet gone = hearts_mc::gone_cards(obs);
  const Card qh = cards("QH").lowest();
  EXPECT_EQ(hearts_mc::representative(obs, gone, cards("9H").lowest()), qh);
  EXPECT_EQ(hearts_mc::representative(obs, gone, cards("10H").lowest()), qh);
  EXPECT_EQ(hearts_mc::representative(obs, gone, qh), qh);
  EXPECT_EQ(hearts_mc::representative(obs, gone, cards("AH").lowest()), cards("AH").lowest());
}

TEST(MonteCarloCandidates, DifferentValuesStayApart) {
  // Seat 0 leads; it holds JS QS KS: all spades are legal, but the QS is worth 13.
  Scripted s({cards("JS QS KS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC"),
              cards("2S 3S 4S 5S 6S 7S 8S 9S 10S AS QC KC AC"),
              cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
              cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD")});
  const Observation obs = s.observe(1);
  ASSERT_TRUE(obs.legal.contains_all(cards("JS QS KS")));
  const CardSet gone = hearts_mc::gone_cards(obs);
  EXPECT_EQ(hearts_mc::representative(obs, gone, cards("JS").lowest()), cards("JS").lowest());
  EXPECT_EQ(hearts_mc::representative(obs, gone, hearts::kQueenOfSpades), hearts::kQueenOfSpades);
  // Clubs 2C..JC are one run: QC is out above them.
  EXPECT_EQ(hearts_mc::representative(obs, gone, cards("2C").lowest()), cards("JC").lowest());
}

// The pass is the heuristic's (it keeps a covered queen, passes an unguarded one, voids short
// minors): the same cards for every seat of many deals under four-way passing.
TEST(MonteCarloBot, PassesLikeTheHeuristic) {
  const hearts::CompiledRules rules = compiled(preset("standard"));
  const heuristic_policy::HeuristicPolicy heuristic;
  int compared = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Game game(rules, seed);
    game.deal_from_seed();
    if (game.phase() != hearts::Phase::kPass) continue;
    for (int seat = 0; seat < 4; ++seat) {
      Observation obs = hearts::observe(game, seat);
      obs.phase = hearts::Phase::kPass;
      obs.legal = game.passable(seat);
      obs.random_seed = seed;
      obs.time_left_us = 1'000'000;
      Bot bot(rules, seat, 4);
      CardSet expected;
      const hearts::PassSelection selection = heuristic.choose_pass(obs);
      for (Card card : selection.cards()) expected.insert(card);
      ASSERT_EQ(expected.size(), obs.pass.count);
      EXPECT_EQ(bot.pass(obs), expected) << "seed " << seed << " seat " << seat;
      ++compared;
    }
  }
  EXPECT_GT(compared, 20);
}

// Whole games: montecarlo against three (or more) random bots, no violation allowed.
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
    const int mc_seat = g % players;
    for (int s = 0; s < players; ++s) {
      std::string error;
      sources.push_back(
          resolve_bot_spec(s == mc_seat ? "montecarlo" : "random", kSearchPath, &error));
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
    options.move_time_us = 30'000'000;  // the sample count is fixed; no timeouts under sanitizers
    SteadyClock clock;
    Referee referee(rules, options, clock);
    const GameOutcome outcome =
        referee.play_game(1000 + static_cast<uint64_t>(g), 0, seats, nullptr);
    EXPECT_EQ(outcome.deals, 2);
    for (const SeatOutcome& seat : outcome.seats) violations += seat.violations;
  }
  return violations;
}

TEST(MonteCarloBot, PlaysEveryPresetAndTableSizeWithoutViolations) {
  setenv("HEARTS_MC_SAMPLES", "4", 1);
  const int games = kScale == 1 ? 2 : 1;
  for (const hearts::Preset& p : hearts::presets()) {
    // A stock, booster nines and jokers are refused by design (records/stock_jokers_records_test).
    if (hearts::compile(p.rules)->extended_play) continue;
    if (p.rules.decks != 1) continue;  // refused: tests/bots/heuristic_bot_test.cc
    EXPECT_EQ(play_games(std::string(p.name), 4, games), 0) << p.name;
  }
  for (int players : {3, 5, 6, 7}) {
    EXPECT_EQ(play_games("morehead2001", players, games), 0) << players << " players";
  }
}

}  // namespace
}  // namespace arena
