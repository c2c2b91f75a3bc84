// Observation: everything one seat may know at a decision, and nothing more.
//
// A plain-data view (standard layout, trivially copyable): integers, card sets, and pointers to
// arrays of plain records that the engine keeps anyway, so building one copies no arrays (about
// thirty stores). It crosses the plugin boundary as a const pointer.
//
// Ownership: the arena owns every pointer's target. An Observation and what it points to are
// valid only during the call that receives it; copy what you want to keep. A default-constructed
// Observation's pointers are safe to read: they point at empty or all-zero arrays.
// Thread safety: read-only for the callee.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>

#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/rules.h"

namespace hearts {

// What a default Observation's per-seat pointers show: zeros.
inline constexpr SeatCounts kNoSeatCounts{};

struct Observation {
  // --- The question ---
  Phase phase = Phase::kPlay;  // kPass, kPlay, kDealerChoice, kMoonChoice or kSlamBid
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
  CardSet hand;                            // held now
  CardSet dealt_hand;                      // as dealt, before passing
  const Card* passed = nullptr;            // the cards this seat passed, in order (card k went to
  int32_t passed_count = 0;                // pass_target(pass, num_players, seat, k))
  const ReceivedCard* received = nullptr;  // cards received and from whom, once passes are
  int32_t received_count = 0;              // exchanged (Game::received_list gives the order)
  CardSet kitty;  // the kitty, only if this seat won it and the rules let the winner see it

  // --- Public play so far this deal ---
  const PlayRecord* plays = nullptr;  // every card played this deal, in order
  int32_t num_plays = 0;
  const uint8_t* trick_winners = nullptr;  // winner of each completed trick, or kVoidTrick
  int32_t tricks_completed = 0;
  int32_t trick_leader = 0;  // leader of the current trick
  bool hearts_broken = false;
  // Per-seat arrays of num_players entries (kMaxPlayers readable, zero past num_players).
  const int32_t* points_taken = kNoSeatCounts.data();  // this deal (kitty points once won)
  const int32_t* tricks_won = kNoSeatCounts.data();    // this deal

  // --- The game ---
  const int32_t* scores = kNoSeatCounts.data();    // game scores before this deal
  const int32_t* counters = kNoSeatCounts.data();  // settlement counters before this deal
  int32_t deals_completed = 0;

  // --- Time and randomness ---
  int64_t time_left_us = 0;   // for this decision (per-decision limit, or bank if smaller)
  int64_t bank_left_us = -1;  // remaining game bank; -1 when there is no bank
  uint64_t random_seed = 0;   // differs per seat and decision; reproducible for a given game seed

  // --- Added in ABI 4 ---
  // Complex Hearts: the imaginary parts of `scores` (zeros under other rules).
  const int32_t* scores_imag = kNoSeatCounts.data();
  // --- Partnerships ---
  // The seat of this seat's partner (opposite it), or -1 when the rules have no partnerships.
  // Partnerships are public: every seat knows every partnership (see rules.partnership).
  int32_t partner = -1;
  // Unused, always 0: keeps the struct free of padding bytes, which the isolated wire copies
  // byte for byte.
  int32_t reserved = 0;
  // --- Tricks of any length, the stock and jokers (ABI 4; docs/rules.md section 9) ---
  // A trick holds one card per seat still holding cards when it was led (Domino Hearts drops
  // seats that ran out), plus a round per booster nine; trick k's winner is trick_winners[k].
  int32_t trick_start = 0;   // index in plays of the current trick's first card
  int32_t trick_length = 0;  // cards the current trick takes as known now (nines may add more)
  int32_t lead_suit = -1;    // suit to follow in the current trick (0..3); -1 before one is set
  // Per-seat arrays like points_taken: cards held now, and cards drawn from the stock this deal.
  // Both are public: every seat sees how many cards the others hold and drew.
  const int32_t* hand_counts = kNoSeatCounts.data();
  const int32_t* drawn_counts = kNoSeatCounts.data();
  int32_t stock_size = 0;  // cards left in the stock (0 without a stock)
  CardSet drawn;           // the cards this seat drew from the stock this deal (others never see)
  // --- Two decks (rules->rules.decks == 2; both empty with one deck) ---
  // The cards this seat holds a second copy of (a subset of `hand`): it holds hand.size() +
  // hand_twice.size() cards. `legal` stays a set of card kinds; playing one removes one copy.
  // Other seats' second copies show in `plays` (a card listed twice), `passed` and `received`
  // (lists), and a trick nobody took has kVoidTrick in trick_winners (docs/rules.md, section 7).
  CardSet hand_twice;
  CardSet dealt_hand_twice;  // the second copies as dealt, before passing
  // --- Added in ABI 5: the slam bid (partnership_slam_bid; docs/rules.md, section 8.4) ---
  // The seat that bid to take every trick this deal; -1 before the bidding ends and when nobody
  // bid. Bids are public. In kSlamBid every seat before to_act() (from eldest) has declined.
  int32_t slam_bidder = -1;
  // The bidder's silent partner (the AH's holder) when this seat may know it: it is that seat,
  // or the AH has been played; -1 otherwise. `partner` then names the other of the two.
  int32_t slam_partner = -1;

  // --- Convenience (inline, no state) ---
  std::span<const PlayRecord> all_plays() const { return {plays, static_cast<size_t>(num_plays)}; }
  std::span<const Card> passed_cards() const { return {passed, static_cast<size_t>(passed_count)}; }
  std::span<const ReceivedCard> received_cards() const {
    return {received, static_cast<size_t>(received_count)};
  }
  std::span<const PlayRecord> current_trick() const {
    return all_plays().subspan(static_cast<size_t>(trick_start));
  }
  bool leading() const { return num_plays == trick_start; }
  int card_points(Card card) const { return rules->card_points[card.id()]; }
};

static_assert(std::is_standard_layout_v<Observation>);
static_assert(std::is_trivially_copyable_v<Observation>);

// Builds the observation of `seat` from the engine state. The pointers refer into `game`, so it
// is valid while `game` lives unchanged. time_left_us, bank_left_us, random_seed and game_index
// get their defaults (0, -1, 0, 0) for the caller to set.
Observation observe(const Game& game, int seat);
// The same, overwriting every field of *out: the cheap form for a caller that reuses one
// Observation (no temporary to zero first).
void observe(const Game& game, int seat, Observation* out);
// The same, except that it leaves the pointer fields alone (rules, passed, received, plays,
// trick_winners and the seven per-seat counts): for a caller that points them at copies of its
// own (the arena's SeatView). Their counts (passed_count, received_count, num_plays,
// tricks_completed) are set as observe() sets them.
void observe_fields(const Game& game, int seat, Observation* out);

}  // namespace hearts
