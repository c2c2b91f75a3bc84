// The seeds a bot is given, derived from the game seed so that knowing them reveals nothing
// about the deal.
//
// The game seed decides the deal (docs/rules.md gives the procedure), so anything a bot can turn
// back into it would show every hand. Bots therefore never see a value computed from the game
// seed by an invertible function (SplitMix64 can be run backwards). Instead:
//   key            = SipHash-2-4(K, 16 bytes: 'K' as u64, i as u64) for i = 0 (key bytes 0-7)
//                    and 1 (bytes 8-15), where K is the game seed (key bytes 0-7) then the bytes
//                    "bl-arena" (8-15)
//   BotConfig.seed = SipHash-2-4(key, 16 bytes: 'C' as u64, seat as u64)
//   seat_key       = SipHash-2-4(key, 16 bytes: ('D' << 56 | seat) as u64, 2^64 - 1 as u64)
//   random_seed    = SplitMix64 of the state seat_key + decision * 0x9E3779B97F4A7C15
// where `decision` counts the referee's decision calls in the game. SipHash is a keyed
// pseudo-random function: its outputs tell nothing of its key, so neither the per-game key nor
// the game seed (the secret half of the first key) can be computed from what bots see. (The
// per-game key was an HMAC-SHA-256 until 2026-11-25: as one-way, and 30 times the work.) A decision
// seed is one SplitMix64 step (it runs once per decision; a SipHash there was 15% of a random bot's
// game), and it can be run backwards, but only to the seat's own key: a SipHash output that says
// nothing of the key, the game seed or any other seat's key, and lets the bot foresee nothing but
// its own seeds. Everything stays a pure function of the game seed, so games are reproducible. The
// game seed itself comes from the series seed, which must stay secret until the event ends
// (docs/tournaments.md).
//
// Thread safety: a BotSeeds is an immutable value after construction.
#pragma once

#include <array>
#include <cstdint>

#include "common/siphash.h"
#include "hearts/rng.h"
#include "hearts/rules.h"

namespace arena {

class BotSeeds {
 public:
  // Seats 0 .. num_players - 1 get decision seeds (each key is a SipHash, made once per game).
  explicit BotSeeds(uint64_t game_seed, int num_players = hearts::kMaxPlayers);

  // The seed in the BotConfig of the bot in `seat` (and, for remote bots, its game id's prefix).
  uint64_t config_seed(int seat) const;
  // Observation::random_seed for the `decision`-th decision call of the game, made by `seat`.
  uint64_t decision_seed(int seat, uint64_t decision) const {
    uint64_t state = seat_keys_[static_cast<size_t>(seat)] + decision * 0x9E3779B97F4A7C15ull;
    return hearts::splitmix64(state);
  }

 private:
  SipKey key_;
  std::array<uint64_t, hearts::kMaxPlayers> seat_keys_{};
};

}  // namespace arena
