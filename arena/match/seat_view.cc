#include "match/seat_view.h"

#include <algorithm>
#include <cstring>

#include "hearts/plugin.h"

namespace arena {
namespace {

// Copies `count` entries of `from` into `to` (clamped to its size) and returns the count copied.
template <typename T, size_t N>
int32_t copy_array(const T* from, int32_t count, std::array<T, N>& to) {
  const int32_t n = std::clamp<int32_t>(count, 0, static_cast<int32_t>(N));
  if (n > 0) std::memcpy(to.data(), from, sizeof(T) * static_cast<size_t>(n));
  return n;
}

}  // namespace

void SeatView::copy(const hearts::Observation& source) {
  view_ = source;
  view_.rules = &rules_;
  view_.passed_count = copy_array(source.passed, source.passed_count, passed_);
  view_.passed = passed_.data();
  view_.received_count = copy_array(source.received, source.received_count, received_);
  view_.received = received_.data();
  view_.num_plays = copy_array(source.plays, source.num_plays, plays_);
  view_.plays = plays_.data();
  view_.tricks_completed =
      copy_array(source.trick_winners, source.tricks_completed, trick_winners_);
  view_.trick_winners = trick_winners_.data();
  std::memcpy(points_taken_.data(), source.points_taken, sizeof points_taken_);
  view_.points_taken = points_taken_.data();
  std::memcpy(tricks_won_.data(), source.tricks_won, sizeof tricks_won_);
  view_.tricks_won = tricks_won_.data();
  std::memcpy(scores_.data(), source.scores, sizeof scores_);
  view_.scores = scores_.data();
  std::memcpy(counters_.data(), source.counters, sizeof counters_);
  view_.counters = counters_.data();
  std::memcpy(hand_counts_.data(), source.hand_counts, sizeof hand_counts_);
  view_.hand_counts = hand_counts_.data();
  std::memcpy(drawn_counts_.data(), source.drawn_counts, sizeof drawn_counts_);
  view_.drawn_counts = drawn_counts_.data();
}

// The engine adds the kitty's points to the first trick's winner when that trick ends. A seat that
// may not see the kitty (observe() left obs.kitty empty) would learn the kitty's value from that
// sum, so its copy counts only the cards taken in tricks until the deal ends.
void SeatView::hide_kitty_points(const hearts::Observation& source, const hearts::Game& game) {
  const hearts::CardSet kitty = game.kitty();
  if (kitty.empty() || source.tricks_completed == 0 || !source.kitty.empty()) return;
  int kitty_points = 0;
  for (hearts::Card card : kitty) kitty_points += game.rules().card_points[card.id()];
  points_taken_[game.trick_winner(0)] -= kitty_points;
}

const hearts::Observation& SeatView::fill(const hearts::Observation& source,
                                          const hearts::Game& game) {
  copy(source);
  hide_kitty_points(source, game);
  return view_;
}

const hearts::Observation& SeatView::fill_notification(int32_t kind,
                                                       const hearts::Observation& source,
                                                       const hearts::DealResult& result) {
  copy(source);
  if (kind == hearts::kNotifyDealEnd) {
    view_.deal_index = result.deal_index;
    view_.dealer = result.dealer;
  }
  result_ = result;
  return view_;
}

}  // namespace arena
