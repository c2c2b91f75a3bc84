// seedthief: a hostile bot that tries to recompute the deal from the seeds it is given.
//
// Before the arena keyed its seeds, BotConfig.seed was derive_seed(game_seed, 1000 + seat) and
// each decision's random_seed derive_seed(game_seed + 0x9E37 * (seat + 1), n): SplitMix64 steps
// that run backwards exactly. This bot inverts both, deals deal 0 from each candidate game seed
// with the SDK engine, and calls a candidate found when it deals this seat's own hand. Then it
// knows every hand. Against today's seeds (arena/match/bot_seeds.h) it also runs each decision
// seed's SplitMix64 step backwards, which gives its seat's key, and tries that key, and the seed
// it would be if the key were itself a SplitMix64 derivation, as the game seed. At each deal-0
// decision it appends to HEARTS_THIEF_LOG:
//   <game> <seat> found <hand of seat 0 in hex> <hand of seat 1> ...      (it learned the deal)
//   <game> <seat> not-found
// Plays its lowest legal card and passes its lowest cards, so it works under any transport.
#include <cinttypes>
#include <cstdio>
#include <optional>
#include <string>

#include "../support/splitmix_inverse.h"
#include "hearts/game.h"
#include "hearts/plugin.h"
#include "hostile_log.h"
#include "test_bot_util.h"

namespace {

using test_bots::kSplitMixGamma;
using test_bots::unmix;

// The seed s with derive_seed(s, index) == output.
uint64_t invert_derive_seed(uint64_t output, uint64_t index) {
  const uint64_t state = unmix(output) - 2 * kSplitMixGamma;
  return state ^ (index * 0xD1B54A32D192ED03ull);
}

class SeedThief : public hearts::Bot {
 public:
  explicit SeedThief(const hearts::BotConfig& config)
      : config_seed_(config.seed), seat_(config.seat) {}

  hearts::Card choose_play(const hearts::Observation& obs) override {
    steal(obs);
    return obs.legal.lowest();
  }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    steal(obs);
    return test_bots::lowest_pass(obs);
  }

 private:
  // A candidate game seed is right if it deals this seat's own deal-0 hand.
  std::optional<hearts::Game> try_seed(const hearts::Observation& obs, uint64_t game_seed) const {
    hearts::Game game(*obs.rules, game_seed);
    if (game.phase() != hearts::Phase::kDeal) return std::nullopt;
    game.deal_from_seed();
    if (game.dealt_hand(obs.seat) != obs.dealt_hand) return std::nullopt;
    return game;
  }

  void steal(const hearts::Observation& obs) {
    if (obs.deal_index != 0 || logged_game_ == static_cast<int64_t>(obs.game_index)) return;
    logged_game_ = obs.game_index;
    std::optional<hearts::Game> found =
        try_seed(obs, invert_derive_seed(config_seed_, 1000 + static_cast<uint64_t>(seat_)));
    const uint64_t base = 0x9E37ull * static_cast<uint64_t>(obs.seat + 1);
    for (uint64_t n = 0; !found && n < 64; ++n) {
      found = try_seed(obs, invert_derive_seed(obs.random_seed, n) - base);
      // random_seed = splitmix64(seat_key + n * gamma) for the game's n-th decision.
      const uint64_t seat_key = unmix(obs.random_seed) - (n + 1) * kSplitMixGamma;
      if (!found) found = try_seed(obs, seat_key);
      if (!found) found = try_seed(obs, invert_derive_seed(seat_key, 1000 + seat_));
    }
    std::string line = std::to_string(obs.game_index) + " " + std::to_string(obs.seat);
    if (!found) {
      test_bots::append_line("HEARTS_THIEF_LOG", line + " not-found");
      return;
    }
    line += " found";
    for (int s = 0; s < obs.num_players; ++s) {
      char hex[24];
      std::snprintf(hex, sizeof hex, " %" PRIx64, found->dealt_hand(s).bits());
      line += hex;
    }
    test_bots::append_line("HEARTS_THIEF_LOG", line);
  }

  uint64_t config_seed_;
  int seat_;
  int64_t logged_game_ = -1;
};

}  // namespace

HEARTS_EXPORT_BOT(SeedThief, "seedthief", "1.0", "Black Lady Arena tests")
