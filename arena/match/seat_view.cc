#include "match/seat_view.h"

#include <algorithm>
#include <cstring>

#include "hearts/plugin.h"

namespace arena {
namespace {

// Copies entries [copied, count) of `from` (the earlier ones are in `to` already) and returns the
// count now copied.
template <typename T, size_t N>
int32_t append_array(const T* from, int32_t copied, int32_t count, std::array<T, N>& to) {
  const int32_t n = std::clamp<int32_t>(count, 0, static_cast<int32_t>(N));
  for (int32_t k = copied; k < n; ++k) to[static_cast<size_t>(k)] = from[k];
  return n;
}

// Points `*field` at `to`, a copy of the per-seat array it pointed at. Four seats are the common
// table, so their 16 bytes are copied on their own.
void own_seat_counts(const int32_t** field, hearts::SeatCounts& to, int num_players) {
  if (num_players <= 4) {
    std::memcpy(to.data(), *field, 4 * sizeof(int32_t));
  } else {
    std::memcpy(to.data(), *field, sizeof to);
  }
  *field = to.data();
}

}  // namespace

// view_ was just filled by hearts::observe(), so its pointers lead into the game: each is
// replaced by this buffer's copy. A new deal (or game) starts the plays and winners afresh.
void SeatView::own_arrays(const hearts::Game& game) {
  hearts::Observation& v = view_;
  v.rules = &rules_;
  Copied& c = copied_;
  if (game.deal_index() != c.deal || v.num_plays < c.plays || v.tricks_completed < c.winners ||
      v.passed_count < c.passed || v.received_count < c.received) {
    c = Copied{game.deal_index()};
  }
  v.passed_count = c.passed = append_array(v.passed, c.passed, v.passed_count, passed_);
  v.passed = passed_.data();
  v.received_count = c.received = append_array(v.received, c.received, v.received_count, received_);
  v.received = received_.data();
  v.num_plays = c.plays = append_array(v.plays, c.plays, v.num_plays, plays_);
  v.plays = plays_.data();
  v.tricks_completed = c.winners =
      append_array(v.trick_winners, c.winners, v.tricks_completed, trick_winners_);
  v.trick_winners = trick_winners_.data();
  const int n = v.num_players;
  own_seat_counts(&v.points_taken, points_taken_, n);
  own_seat_counts(&v.tricks_won, tricks_won_, n);
  own_seat_counts(&v.scores, scores_, n);
  own_seat_counts(&v.counters, counters_, n);
  own_seat_counts(&v.hand_counts, hand_counts_, n);
  own_seat_counts(&v.drawn_counts, drawn_counts_, n);
  own_seat_counts(&v.scores_imag, scores_imag_, n);
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
  hearts::observe(game, seat, &view_);
  view_.game_index = game_index;
  own_arrays(game);
  hide_kitty_points(game);
  return view_;
}

const hearts::Observation& SeatView::observe_notification(int32_t kind, const hearts::Game& game,
                                                          int seat, uint32_t game_index,
                                                          const hearts::DealResult& result) {
  hearts::observe(game, seat, &view_);
  view_.game_index = game_index;
  own_arrays(game);
  if (kind == hearts::kNotifyDealEnd) {
    view_.deal_index = result.deal_index;
    view_.dealer = result.dealer;
  }
  result_ = result;
  return view_;
}

}  // namespace arena
