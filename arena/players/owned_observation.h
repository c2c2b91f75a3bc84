// An Observation that owns the arrays its pointers refer to, for observations rebuilt from bytes
// or messages (an isolated child's frames, a served bot's requests).
//
// Not copyable or movable: the Observation's pointers refer into the object itself.
#pragma once

#include <array>
#include <cstdint>

#include "hearts/observation.h"

namespace arena {

struct OwnedObservation {
  OwnedObservation() { point_at_own_arrays(); }
  OwnedObservation(const OwnedObservation&) = delete;
  OwnedObservation& operator=(const OwnedObservation&) = delete;

  // Points every array pointer of `obs` at this object's arrays (after obs was overwritten).
  void point_at_own_arrays() {
    obs.plays = plays.data();
    obs.trick_winners = trick_winners.data();
    obs.passed = passed.data();
    obs.received = received.data();
    obs.points_taken = points_taken.data();
    obs.tricks_won = tricks_won.data();
    obs.scores = scores.data();
    obs.counters = counters.data();
  }

  hearts::Observation obs;
  std::array<hearts::PlayRecord, hearts::kMaxDealCards> plays{};
  std::array<uint8_t, hearts::kMaxTricks> trick_winners{};
  std::array<hearts::Card, hearts::kMaxPassCards> passed{};
  std::array<hearts::ReceivedCard, hearts::kMaxPassCards> received{};
  hearts::SeatCounts points_taken{};
  hearts::SeatCounts tricks_won{};
  hearts::SeatCounts scores{};
  hearts::SeatCounts counters{};
};

}  // namespace arena
