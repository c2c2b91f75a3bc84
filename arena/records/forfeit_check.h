// The forfeit rule of the referee (arena/match/referee.cc), checked against a re-played record.
//
// The referee may record at most one violation at each decision (dealer's choice, pass, slam
// bid, play, moon choice) and at each notification (every seat at every deal's end, then every seat
// at the game's end), in that order. With forfeit_after N > 0 a seat forfeits at its N-th
// violation, except that game-end notifications never count; the game stops after the step (one
// decision, plus that deal's end notifications if the decision ended the deal) in which the first
// seat reached N. verify.cc lists the decisions and notifications of the re-played game; this
// checks that the recorded violations fit them and that the recorded forfeits and the game's end
// are exactly what the rule gives.
//
// Thread safety: pure functions of their arguments.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "records.pb.h"

namespace arena {

// A decision or notification at which the referee may record one violation, with the seat, deal
// and trick (-1 outside play) the violation would carry.
struct ViolationSlot {
  enum Kind { kDealerChoice, kPass, kPlay, kMoonChoice, kNotify, kSlamBid };
  Kind kind = kNotify;
  int seat = 0;
  int deal = 0;
  int trick = -1;
};

// What the re-play of one record found, in the referee's order.
struct PlayedSteps {
  std::vector<ViolationSlot> slots;     // every decision and deal-end notification
  size_t last_step = 0;                 // slots[last_step] is the last decision
  std::vector<ViolationSlot> game_end;  // one notification per seat, after the game
  bool game_over = false;               // the engine's game is over after the last recorded deal
};

// The forfeit rules a records header states.
struct ForfeitPolicy {
  int forfeit_after = 0;              // a seat forfeits at its N-th violation; 0 = never
  bool unavailable_forfeits = false;  // header on_unavailable FORFEIT: an unavailable bot forfeits
};

// True if the record's violations and `forfeited` list are what the referee records for `steps`
// under `policy`, and the game ends where the rules end it. Otherwise false with *why (one line,
// no game prefix).
//
// An unavailable bot's forfeit cannot be re-played (the outage is outside the record), so it is
// checked for consistency only: under unavailable_forfeits, the seats it forfeits each end the
// game's violations before the game-end notifications with one UNAVAILABLE violation, in one
// block, and everything else must follow the forfeit_after rule, the game ending at that block.
bool check_forfeits(const hearts::proto::GameRecord& record, const PlayedSteps& steps,
                    const ForfeitPolicy& policy, int num_players, std::string* why);

}  // namespace arena
