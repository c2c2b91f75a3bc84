#include "match/seat_view.h"

#include <algorithm>
#include <cstring>
#include <span>

#include "hearts/plugin.h"

namespace arena {
namespace {

// Copies entries [*copied, count) of `from` (the earlier ones are in `to` already), records the
// count now copied and returns it. Anything shorter than what was copied starts the copy afresh.
template <typename T, size_t N>
int32_t append_new(std::span<const T> from, int32_t* copied, std::array<T, N>& to) {
  const auto n = static_cast<int32_t>(std::min(from.size(), N));
  if (n < *copied) *copied = 0;
  for (int32_t k = *copied; k < n; ++k) to[static_cast<size_t>(k)] = from[static_cast<size_t>(k)];
  *copied = n;
  return n;
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
  v.num_plays = append_new(game.plays(), &c.plays, plays_);
  v.plays = plays_.data();
  v.tricks_completed = append_new(game.trick_winners(), &c.winners, trick_winners_);
  v.trick_winners = trick_winners_.data();
  const int n = v.num_players;
  v.points_taken = copy_seat_counts(game.all_points_taken(), points_taken_, n);
  v.tricks_won = copy_seat_counts(game.all_tricks_won(), tricks_won_, n);
  v.scores = copy_seat_counts(game.all_scores(), scores_, n);
  v.counters = copy_seat_counts(game.all_counters(), counters_, n);
  v.hand_counts = copy_seat_counts(game.all_hand_counts(), hand_counts_, n);
  v.drawn_counts = copy_seat_counts(game.all_drawn_counts(), drawn_counts_, n);
  v.scores_imag = copy_seat_counts(game.all_scores_imag(), scores_imag_, n);
}

// The engine adds the kitty's points to the first trick's winner when that trick ends. A seat that
// may not see the kitty (observe() left obs.kitty empty) would learn the kitty's value from that
// sum, so its copy counts only the cards taken in tricks until the deal ends.
void SeatView::hide_kitty_points(const hearts::Game& game) {
  const hearts::CardSet kitty = game.kitty();
  if (kitty.empty() || view_.tricks_completed == 0 || !view_.kitty.empty()) return;
  int kitty_points = 0;
  for (hearts::Card card : kitty) kitty_points += game.rules().card_points[card.id()];
  points_taken_[game.trick_winner(0)] -= kitty_points;
}

hearts::Observation& SeatView::observe(const hearts::Game& game, int seat, uint32_t game_index) {
  hearts::observe_fields(game, seat, &view_);
  view_.game_index = game_index;
  own_arrays(game, seat);
  hide_kitty_points(game);
  return view_;
}

const hearts::Observation& SeatView::observe_notification(int32_t kind, const hearts::Game& game,
                                                          int seat, uint32_t game_index,
                                                          const hearts::DealResult& result) {
  hearts::observe_fields(game, seat, &view_);
  view_.game_index = game_index;
  own_arrays(game, seat);
  if (kind == hearts::kNotifyDealEnd) {
    view_.deal_index = result.deal_index;
    view_.dealer = result.dealer;
  }
  result_ = result;
  return view_;
}

}  // namespace arena
