#include "match/seat_view.h"

#include <algorithm>
#include <cstring>
#include <span>
#include <type_traits>

#include "hearts/plugin.h"

namespace arena {
namespace {

// Copies entries [*copied, count) of `from` (the earlier ones are in `to` already), records the
// count now copied and returns it. Anything shorter than what was copied starts the copy afresh.
// A seat's next play finds one new trick winner and one to seven new plays (four on the common
// table, give or take its place in the two tricks): up to eight entries are copied as two
// overlapping blocks of four or two, with no loop.
template <typename T, size_t N>
[[gnu::always_inline]] inline int32_t append_new(std::span<const T> from, int32_t* copied,
                                                 std::array<T, N>& to) {
  static_assert(std::is_trivially_copyable_v<T>);
  const auto n = static_cast<size_t>(std::min(from.size(), N));
  auto k = static_cast<size_t>(*copied) <= n ? static_cast<size_t>(*copied) : 0;
  *copied = static_cast<int32_t>(n);
  const size_t fresh = n - k;
  if (fresh >= 4 && fresh <= 8) {
    std::memcpy(&to[k], &from[k], 4 * sizeof(T));
    std::memcpy(&to[n - 4], &from[n - 4], 4 * sizeof(T));
  } else if (fresh >= 2 && fresh < 4) {
    std::memcpy(&to[k], &from[k], 2 * sizeof(T));
    std::memcpy(&to[n - 2], &from[n - 2], 2 * sizeof(T));
  } else if (fresh == 1) {
    to[k] = from[k];
  } else {
    for (; k < n; ++k) to[k] = from[k];
  }
  return static_cast<int32_t>(n);
}

// append_new() for the plays: at a seat's next play or a deal's end, how many are new (one to
// seven) moves with the seat's place in the trick, which a branch on it mispredicts. From the
// third trick on, the last eight plays, which hold every new one, are copied as one block.
template <size_t N>
[[gnu::always_inline]] inline int32_t append_new_plays(std::span<const hearts::PlayRecord> from,
                                                       int32_t* copied,
                                                       std::array<hearts::PlayRecord, N>& to) {
  constexpr size_t kBlock = 8;
  const size_t n = from.size();
  const auto k = static_cast<size_t>(*copied);
  if (n < kBlock || n > N || k > n || n - k > kBlock) return append_new(from, copied, to);
  *copied = static_cast<int32_t>(n);
  std::memcpy(&to[n - kBlock], &from[n - kBlock], kBlock * sizeof(hearts::PlayRecord));
  return static_cast<int32_t>(n);
}

// `to = from` for a few hundred bytes, as 16-byte moves: g++ makes the assignment a `rep movsq`,
// whose start-up alone costs tens of cycles on AMD, four times a deal for the deal results.
template <typename T>
[[gnu::always_inline]] inline void copy_by_blocks(T& to, const T& from) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) >= 16);
  constexpr size_t kBlock = 16;
  auto* out = reinterpret_cast<unsigned char*>(&to);
  const auto* in = reinterpret_cast<const unsigned char*>(&from);
#pragma GCC unroll 32
  for (size_t k = 0; k < sizeof(T) / kBlock; ++k) {
    std::memcpy(out + k * kBlock, in + k * kBlock, kBlock);
  }
  std::memcpy(out + sizeof(T) - kBlock, in + sizeof(T) - kBlock, kBlock);  // the tail, overlapping
}

// Copies a per-seat array and returns the copy, for the view to point at. Four seats are the
// common table, so their 16 bytes are copied on their own.
const int32_t* copy_seat_counts(const hearts::SeatCounts& from, hearts::SeatCounts& to,
                                int num_players) {
  if (num_players <= 4) {
    std::memcpy(to.data(), from.data(), 4 * sizeof(int32_t));
  } else {
    to = from;
  }
  return to.data();
}

}  // namespace

bool plays_stay_put(const hearts::CompiledRules& rules) {
  const hearts::Rules& r = rules.rules;
  return !rules.extended_play && rules.in_play_twice.empty() && rules.kitty_size == 0 &&
         r.partnership == hearts::Partnership::kNone && !r.partnership_slam_bid;
}

// Between two plays of one seat in one deal a play moves the seat's hand, the legal cards, the
// trick and the plays; a trick's end moves the winners, points and tricks won. Everything else
// observe_fields() writes is fixed until the deal ends, and so still in *obs (or as the bot left
// it: a bot that writes over its own view misleads only itself, as with the plays it was given).
// Inline in SeatView::refresh_next_play(), which runs for nearly every decision.
[[gnu::always_inline]] inline void refresh_play_fields(const hearts::Game& game, int seat,
                                                       hearts::Observation& v) {
  v.phase = hearts::Phase::kPlay;
  v.legal = game.legal_plays();
  v.hand = game.hand(seat);
  v.num_plays = static_cast<int32_t>(game.plays().size());
  v.tricks_completed = game.tricks_completed();
  v.trick_leader = game.trick_leader();
  v.hearts_broken = game.hearts_broken();
  v.trick_start = game.trick_start();
  v.trick_length = game.trick_length();
  v.lead_suit = game.lead_suit();
  v.time_left_us = 0;
  v.bank_left_us = -1;
  v.random_seed = 0;
}

void observe_next_play(const hearts::Game& game, int seat, hearts::Observation* obs) {
  refresh_play_fields(game, seat, *obs);
}

// view_'s scalar fields were just filled by hearts::observe_fields(); every array comes from the
// game into this buffer, and the view points at these copies only.
void SeatView::own_arrays(const hearts::Game& game, int seat) {
  hearts::Observation& v = view_;
  Copied& c = copied_;
  v.rules = &rules_;
  v.passed_count = append_new(game.passed_by(seat), &c.passed, passed_);
  v.passed = passed_.data();
  v.received_count = append_new(game.received_list(seat), &c.received, received_);
  v.received = received_.data();
  v.num_plays = append_new_plays(game.plays(), &c.plays, plays_);
  v.plays = plays_.data();
  v.tricks_completed = append_new(game.trick_winners(), &c.winners, trick_winners_);
  v.trick_winners = trick_winners_.data();
  const int n = game.num_players();  // not v.num_players: the bot may have written over it
  v.points_taken = copy_seat_counts(game.all_points_taken(), points_taken_, n);
  v.tricks_won = copy_seat_counts(game.all_tricks_won(), tricks_won_, n);
  v.scores = copy_seat_counts(game.all_scores(), scores_, n);
  v.counters = copy_seat_counts(game.all_counters(), counters_, n);
  v.hand_counts = copy_seat_counts(game.all_hand_counts(), hand_counts_, n);
  v.drawn_counts = copy_seat_counts(game.all_drawn_counts(), drawn_counts_, n);
  v.scores_imag = copy_seat_counts(game.all_scores_imag(), scores_imag_, n);
}

// A seat's next play in the same deal: the passes, scores, counters and draws are as they were
// (observe_next_play()), so only the plays, trick winners, points, tricks and hand counts are
// copied; every pointer is set again, in case the bot wrote over it.
[[gnu::always_inline]] inline void SeatView::own_play_arrays(const hearts::Game& game) {
  hearts::Observation& v = view_;
  Copied& c = copied_;
  v.rules = &rules_;
  v.passed = passed_.data();
  v.received = received_.data();
  v.num_plays = append_new_plays(game.plays(), &c.plays, plays_);
  v.plays = plays_.data();
  v.tricks_completed = append_new(game.trick_winners(), &c.winners, trick_winners_);
  v.trick_winners = trick_winners_.data();
  const int n = game.num_players();
  v.points_taken = copy_seat_counts(game.all_points_taken(), points_taken_, n);
  v.tricks_won = copy_seat_counts(game.all_tricks_won(), tricks_won_, n);
  v.hand_counts = copy_seat_counts(game.all_hand_counts(), hand_counts_, n);
  v.scores = scores_.data();
  v.counters = counters_.data();
  v.scores_imag = scores_imag_.data();
  v.drawn_counts = drawn_counts_.data();
}

// The engine adds the kitty's points to the first trick's winner when that trick ends. A seat that
// may not see the kitty (observe() left obs.kitty empty) would learn the kitty's value from that
// sum, so its copy counts only the cards taken in tricks until the deal ends.
void SeatView::hide_kitty_points(const hearts::Game& game, int seat) {
  const hearts::CardSet kitty = game.kitty();
  if (kitty.empty() || game.tricks_completed() == 0) return;
  if (game.rules().rules.kitty_seen_by_winner && game.trick_winner(0) == seat) return;
  int kitty_points = 0;
  for (hearts::Card card : kitty) kitty_points += game.rules().card_points[card.id()];
  points_taken_[game.trick_winner(0)] -= kitty_points;
}

void SeatView::refresh_next_play(const hearts::Game& game, int seat, uint32_t game_index) {
  refresh_play_fields(game, seat, view_);
  own_play_arrays(game);
  view_.game_index = game_index;
}

hearts::Observation& SeatView::observe_fully(const hearts::Game& game, int seat,
                                             uint32_t game_index) {
  const bool playing = game.phase() == hearts::Phase::kPlay && game.to_act() == seat;
  hearts::observe_fields(game, seat, &view_);
  play_current_ = playing && play_fast_;
  play_deal_ = game.deal_index();
  view_.game_index = game_index;
  own_arrays(game, seat);
  hide_kitty_points(game, seat);
  return view_;
}

const hearts::Observation& SeatView::observe_notification(int32_t kind, const hearts::Game& game,
                                                          int seat, uint32_t game_index,
                                                          const hearts::DealResult& result) {
  hearts::observe_fields(game, seat, &view_);
  play_current_ = false;  // the deal is over: the next play starts from a full observe()
  view_.game_index = game_index;
  own_arrays(game, seat);
  if (kind == hearts::kNotifyDealEnd) {
    view_.deal_index = result.deal_index;
    view_.dealer = result.dealer;
  }
  copy_by_blocks(result_, result);
  return view_;
}

}  // namespace arena
