// Observation: everything one seat may know at a decision, and nothing more.
//
// A plain-data view (standard layout, trivially copyable): fixed arrays, integers, card sets and
// pointers to arrays of plain records. It crosses the plugin boundary as a const pointer.
//
// Ownership: the arena owns every pointer's target. An Observation and what it points to are
// valid only during the call that receives it; copy what you want to keep.
// Thread safety: read-only for the callee.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>

#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/rules.h"

namespace hearts {

// A card that reached this seat by passing, and from whom (-1: from the shuffle pile).
struct ReceivedCard {
  Card card;
  int8_t from_seat = -1;
};

struct Observation {
  // --- The question ---
  Phase phase = Phase::kPlay;  // kPass, kPlay, kDealerChoice or kMoonChoice
  // The cards that may be played now (kPlay), or that may be passed (kPass). Never empty in kPlay.
  CardSet legal;

  // --- Rules and table ---
  const CompiledRules* rules = nullptr;  // the rules in force with derived tables (card values)
  int32_t seat = 0;
  int32_t num_players = 0;
  int32_t dealer = 0;
  int32_t deal_index = 0;   // 0-based deal within the game
  uint32_t game_index = 0;  // game within the run
  PassPlan pass;            // this deal's pass plan (kHold until chosen)

  // --- This seat's cards ---
  CardSet hand;                     // held now
  CardSet dealt_hand;               // as dealt, before passing
  Card passed[kMaxPassCards] = {};  // the cards this seat passed, in order (card k went to
  int32_t passed_count = 0;         // pass_target(pass, num_players, seat, k))
  ReceivedCard received[kMaxPassCards] = {};  // cards received, once passes are exchanged
  int32_t received_count = 0;
  CardSet kitty;  // the kitty, only if this seat won it and the rules let the winner see it

  // --- Public play so far this deal ---
  const PlayRecord* plays = nullptr;  // every card played this deal, in order
  int32_t num_plays = 0;
  const uint8_t* trick_winners = nullptr;  // winner of each completed trick
  int32_t tricks_completed = 0;
  int32_t trick_leader = 0;  // leader of the current trick
  bool hearts_broken = false;
  int32_t points_taken[kMaxPlayers] = {};  // this deal, per seat (kitty points once won)
  int32_t tricks_won[kMaxPlayers] = {};

  // --- The game ---
  int32_t scores[kMaxPlayers] = {};    // game scores before this deal
  int32_t counters[kMaxPlayers] = {};  // settlement counters before this deal
  int32_t deals_completed = 0;

  // --- Time and randomness ---
  int64_t time_left_us = 0;   // for this decision (per-decision limit, or bank if smaller)
  int64_t bank_left_us = -1;  // remaining game bank; -1 when there is no bank
  uint64_t random_seed = 0;   // differs per seat and decision; reproducible for a given game seed

  // --- Convenience (inline, no state) ---
  std::span<const PlayRecord> all_plays() const { return {plays, static_cast<size_t>(num_plays)}; }
  std::span<const PlayRecord> current_trick() const {
    return all_plays().subspan(static_cast<size_t>(tricks_completed) * num_players);
  }
  bool leading() const { return num_plays % num_players == 0; }
  int card_points(Card card) const { return rules->card_points[card.id()]; }
};

static_assert(std::is_standard_layout_v<Observation>);
static_assert(std::is_trivially_copyable_v<Observation>);

// Builds the observation of `seat` from the engine state. The pointers refer into `game`.
// time_left_us, bank_left_us, random_seed and game_index are left for the caller to set.
Observation observe(const Game& game, int seat);

}  // namespace hearts
