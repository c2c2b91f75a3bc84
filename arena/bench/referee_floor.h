// The referee floor (issue 18): the least a timed referee can do per decision, measured, so that
// `arena bench` shows how far the real referee is from it and what a deals/s target can ask.
//
// A floor game plays the referee's games (the same deal, the same decision seeds, so the same
// cards from the same bots) doing per decision only what no referee can skip: the seat's view
// (hearts::observe, the SDK's view straight into the game: no copy, so NOT fair to a hostile
// bot; for a seat's next play in a deal only what a play changes, observe_next_play(), as the
// referee's SeatView does), its decision seed, one clock read, the bot's call, a legality check and
// the play; and the deal-end and game-end notifications. No watchdog, limits, bank, records or
// violations; a refused answer gets the referee's fallback, only so that the game goes on. Never
// use it to play: it exists to be measured.
//
// Thread safety: a pure function of its arguments, on the calling thread.
#pragma once

#include <span>

#include "hearts/game.h"
#include "match/clock.h"
#include "players/player.h"

namespace arena {

struct FloorGame {
  int deals = 0;
  long long decisions = 0;
  hearts::SeatCounts scores{};  // the game's final scores
  long long late = 0;  // decisions that took longer than the move limit (read, not acted on)
};

// Plays one game of `rules` from `seed` with `seats` (seated as seat_players seats them), timing
// each decision by `clock` against `move_time_us`.
FloorGame play_floor_game(const hearts::CompiledRules& rules, uint64_t seed,
                          std::span<Player* const> seats, const Clock& clock, int64_t move_time_us);

}  // namespace arena
