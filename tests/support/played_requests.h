// Requests as a remote bot receives them, taken from real games played through the engine: every
// decision of every seat, every deal-end notification, and the game-end notification a forfeit
// would send in the middle of a deal. Used to check that `arena serve` accepts every real request
// and, mutated, as the fuzz test's seeds.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bot_service.pb.h"
#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/rng.h"
#include "players/observation_proto.h"

namespace arena_test {

struct PlayedRequest {
  hearts::Phase asked;  // the decision, or kDeal / kGameOver for a notification
  hearts::proto::Observation observation;
  hearts::proto::DealResult result;  // notifications only
};

// Rules that reach every branch of the checks: each preset, and variants with kitties (seen and
// unseen), 3 to 7 players, every pass kind and schedule, and the first-lead and play options.
inline std::vector<std::pair<std::string, hearts::Rules>> rule_variants() {
  std::vector<std::pair<std::string, hearts::Rules>> out;
  for (const hearts::Preset& preset : hearts::presets()) {
    out.emplace_back(std::string(preset.name), preset.rules);
  }
  const hearts::Rules standard = *hearts::preset_rules("standard");
  auto add = [&](std::string name, auto change) {
    hearts::Rules rules = standard;
    change(rules);
    out.emplace_back(std::move(name), rules);
  };
  using hearts::PassSchedule;
  add("kitty-seen-3", [](hearts::Rules& r) {
    r.num_players = 3;
    r.deck_adjust = hearts::DeckAdjust::kKitty;
    r.kitty_seen_by_winner = true;
    r.pass_schedule = PassSchedule::kLeftRight;
  });
  add("kitty-hidden-5", [](hearts::Rules& r) {
    r.num_players = 5;
    r.deck_adjust = hearts::DeckAdjust::kKitty;
    r.pass_schedule = PassSchedule::kStar;
  });
  add("shuffle-6", [](hearts::Rules& r) {
    r.num_players = 6;
    r.pass_schedule = PassSchedule::kShuffle;
    r.first_lead = hearts::FirstLead::kAnyClub;
  });
  add("rotating-7", [](hearts::Rules& r) {
    r.num_players = 7;
    r.pass_schedule = PassSchedule::kRotating;
    r.first_lead = hearts::FirstLead::kEldestAny;
  });
  add("scatter", [](hearts::Rules& r) { r.pass_schedule = PassSchedule::kFourWayScatter; });
  add("dealers-choice", [](hearts::Rules& r) {
    r.pass_schedule = PassSchedule::kDealersChoice;
    r.moon = hearts::MoonRule::kShooterChoice;
    r.queen_forced = true;
  });
  add("loose-play", [](hearts::Rules& r) {
    r.hearts_must_be_broken = false;
    r.no_points_first_trick = false;
    r.queen_lead_needs_broken = true;
    r.lead_hearts_if_only_penalty = true;
    r.forbidden_passes = hearts::CardSet{hearts::kQueenOfSpades, hearts::kTwoOfClubs};
  });
  // Tricks of other lengths and jokers (docs/rules.md section 9).
  add("booster-nines", [](hearts::Rules& r) { r.booster_nines = true; });
  add("zero-jokers", [](hearts::Rules& r) { r.jokers = hearts::JokerKind::kZeroClubsDiamonds; });
  add("called-suit-jokers-3", [](hearts::Rules& r) {
    r.num_players = 3;
    r.pass_schedule = PassSchedule::kLeftRight;
    r.jokers = hearts::JokerKind::kValueless;
    r.joker_lead = hearts::JokerLead::kCalledSuit;
    r.joker_points = 2;
    r.joker_scoring = hearts::JokerScoring::kHeartsTrick;
  });
  hearts::Rules domino = *hearts::preset_rules("domino");
  domino.num_players = 7;
  out.emplace_back("domino-7", domino);
  // Two decks under the seeds' tie rule, with the modern lead (two holders of the 2C possible).
  add("two-decks-later-wins-11", [](hearts::Rules& r) {
    r.num_players = 11;
    r.decks = 2;
    r.pass_schedule = PassSchedule::kLeftRight;
  });
  return out;
}

// A random plan the rules allow, for dealer's choice.
inline hearts::PassPlan random_plan(const hearts::CompiledRules& rules, hearts::Rng& rng) {
  const int n = rules.rules.num_players;
  for (;;) {
    const auto kind = static_cast<hearts::PassKind>(rng.uniform(5));
    const auto offset = static_cast<uint8_t>(rng.uniform(static_cast<uint32_t>(n)));
    const auto count =
        static_cast<uint8_t>(kind == hearts::PassKind::kHold ? 0 : 1 + rng.uniform(3));
    const hearts::PassPlan plan{kind, offset, count};
    if (hearts::validate_pass_plan(rules, plan).ok()) return plan;
  }
}

// The observation of `seat` as the arena sends it.
inline hearts::proto::Observation message_of(const hearts::Game& game, int seat,
                                             const hearts::proto::RulesSpec& spec,
                                             uint64_t random_seed) {
  hearts::Observation obs = hearts::observe(game, seat);
  obs.time_left_us = 1'000'000;
  obs.random_seed = random_seed;
  hearts::proto::Observation message;
  arena::to_proto(obs, spec, &message);
  return message;
}

// Plays `games` games of `rules` with random legal decisions (seeded), recording each request.
// With `forfeits`, every decision also records every seat's game-end notification as a forfeit
// at that point would send it.
inline std::vector<PlayedRequest> played_requests(const hearts::Rules& rules, uint64_t seed,
                                                  int games, bool forfeits) {
  const hearts::CompiledRules compiled = *hearts::compile(rules);
  const hearts::proto::RulesSpec spec = arena::compact_rules_spec(rules);
  const int n = rules.num_players;
  hearts::Rng rng(seed);
  std::vector<PlayedRequest> out;
  for (int g = 0; g < games; ++g) {
    hearts::Game game(compiled, rng.next());
    int deals_seen = 0;
    while (!game.is_over()) {
      const hearts::Phase phase = game.phase();
      if (phase == hearts::Phase::kDeal || phase == hearts::Phase::kPassDirection) {
        game.resolve_chance();
        continue;
      }
      const int seat = game.to_act();
      out.push_back({phase, message_of(game, seat, spec, rng.next()), {}});
      for (int s = 0; forfeits && s < n; ++s) {
        out.push_back({hearts::Phase::kGameOver, message_of(game, s, spec, 0), {}});
        arena::to_proto(game.last_deal(), n, &out.back().result);
      }
      const hearts::CardSet legal = game.legal_plays();
      if (phase == hearts::Phase::kPlay) {
        (void)game.play(
            legal.nth(static_cast<int>(rng.uniform(static_cast<uint32_t>(legal.size())))));
      } else if (phase == hearts::Phase::kPass) {
        std::vector<hearts::Card> cards;
        for (hearts::Card card : game.passable(seat)) cards.push_back(card);
        rng.shuffle(std::span<hearts::Card>(cards));
        cards.resize(game.pass_plan().count);
        (void)game.pass_cards(cards);
      } else if (phase == hearts::Phase::kDealerChoice) {
        (void)game.set_pass_plan(random_plan(compiled, rng));
      } else if (phase == hearts::Phase::kMoonChoice) {
        (void)game.choose_moon(rng.uniform(2) == 1);
      } else if (phase == hearts::Phase::kSlamBid) {
        (void)game.bid_slam(rng.uniform(4) == 0);
      }
      if (game.deals_completed() != deals_seen) {
        deals_seen = game.deals_completed();
        // The referee's NotifyDealEnd to every seat, and after the last deal NotifyGameEnd.
        for (hearts::Phase asked : {hearts::Phase::kDeal, hearts::Phase::kGameOver}) {
          if (asked == hearts::Phase::kGameOver && !game.is_over()) continue;
          for (int s = 0; s < n; ++s) {
            out.push_back({asked, message_of(game, s, spec, 0), {}});
            arena::to_proto(game.last_deal(), n, &out.back().result);
          }
        }
      }
    }
  }
  return out;
}

}  // namespace arena_test
