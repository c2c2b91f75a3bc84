// The dealt hands and trick winners of a DealRecord, read back for the engine, under one deck
// or two (a record's hands_twice holds the second copies; a void trick is recorded as -1).
//
// Thread safety: pure functions (deal_recorded_hands mutates only the game it is given).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "hearts/game.h"
#include "hearts/status.h"
#include "records.pb.h"

namespace arena {

// Deals the recorded hands (and kitty, and under two decks the second copies) into `game`,
// which must be in Phase::kDeal. The error is the engine's, naming what does not fit.
hearts::Status deal_recorded_hands(hearts::Game& game, const hearts::proto::DealRecord& deal);

// How a trick winner from Game::trick_winners() is written in records: the seat, or -1 for a
// void trick (hearts::kVoidTrick).
inline int recorded_winner(uint8_t winner) {
  return winner == hearts::kVoidTrick ? -1 : winner;
}

// A record's pass plan for the engine; nullopt with *why (the kind, or an offset or count out
// of range) when the record holds no valid plan.
std::optional<hearts::PassPlan> plan_from_record(const hearts::proto::PassPlanRecord& record,
                                                 std::string* why);

// The same, read as a hold where the record holds no valid plan (for display: verify says why).
inline hearts::PassPlan plan_or_hold(const hearts::proto::PassPlanRecord& record) {
  std::string why;
  return plan_from_record(record, &why).value_or(hearts::PassPlan{});
}

}  // namespace arena
