#include "hearts/observation.h"

namespace hearts {
namespace {

// Fills in the cards `seat` received and who sent each. Each sender's k-th card is found from the
// plan directly, so this costs one step per seat rather than a search.
void fill_received(const Game& game, int seat, Observation& obs) {
  const PassPlan& plan = game.pass_plan();
  const int n = game.num_players();
  if (!game.passes_exchanged()) return;
  if (plan.kind == PassKind::kShuffle) {
    for (Card card : game.received_by(seat)) obs.received[obs.received_count++] = {card, -1};
    return;
  }
  if (plan.kind == PassKind::kOffset) {
    // One sender: the seat `offset` places to the right.
    const int from = (seat - plan.offset % n + n) % n;
    if (from == seat) return;
    for (Card card : game.passed_by(from)) {
      obs.received[obs.received_count++] = {card, static_cast<int8_t>(from)};
    }
    return;
  }
  // Scatter and star: each other seat sends its k-th card here, k fixed by the distance.
  const int first_distance = plan.kind == PassKind::kScatter ? 1 : 2;
  if (plan.kind != PassKind::kScatter && plan.kind != PassKind::kStar) return;
  for (int from = 0; from < n; ++from) {
    if (from == seat) continue;
    const int k = (seat - from + n) % n - first_distance;
    const auto passed = game.passed_by(from);
    if (k >= 0 && k < static_cast<int>(passed.size())) {
      obs.received[obs.received_count++] = {passed[k], static_cast<int8_t>(from)};
    }
  }
}

}  // namespace

Observation observe(const Game& game, int seat) {
  Observation obs;
  const int n = game.num_players();
  obs.phase = game.phase();
  if (game.to_act() == seat) {
    if (game.phase() == Phase::kPlay) obs.legal = game.legal_plays();
    if (game.phase() == Phase::kPass) obs.legal = game.passable(seat);
  }
  obs.rules = &game.rules();
  obs.seat = seat;
  obs.num_players = n;
  obs.dealer = game.dealer();
  obs.deal_index = game.deal_index();
  obs.pass = game.pass_plan();
  obs.hand = game.hand(seat);
  obs.dealt_hand = game.dealt_hand(seat);
  for (Card card : game.passed_by(seat)) obs.passed[obs.passed_count++] = card;
  fill_received(game, seat, obs);
  if (game.rules().rules.kitty_seen_by_winner && game.tricks_completed() > 0 &&
      game.trick_winner(0) == seat) {
    obs.kitty = game.kitty();
  }
  obs.plays = game.plays().data();
  obs.num_plays = static_cast<int32_t>(game.plays().size());
  obs.trick_winners = game.trick_winners().data();
  obs.tricks_completed = game.tricks_completed();
  obs.trick_leader = game.trick_leader();
  obs.hearts_broken = game.hearts_broken();
  // All kMaxPlayers entries (zero past n): a fixed-size copy the compiler unrolls.
  for (int s = 0; s < kMaxPlayers; ++s) {
    obs.points_taken[s] = game.points_taken(s);
    obs.tricks_won[s] = game.tricks_won(s);
    obs.scores[s] = game.score(s);
    obs.counters[s] = game.counters(s);
  }
  obs.deals_completed = game.deals_completed();
  return obs;
}

}  // namespace hearts
