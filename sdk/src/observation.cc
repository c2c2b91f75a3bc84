#include "hearts/observation.h"

namespace hearts {

Observation observe(const Game& game, int seat) {
  Observation obs;
  observe(game, seat, &obs);
  return obs;
}

void observe(const Game& game, int seat, Observation* out) {
  observe_fields(game, seat, out);
  Observation& obs = *out;
  obs.rules = &game.rules();
  obs.passed = game.passed_by(seat).data();
  obs.received = game.received_list(seat).data();
  obs.plays = game.plays().data();
  obs.trick_winners = game.trick_winners().data();
  obs.points_taken = game.all_points_taken().data();
  obs.tricks_won = game.all_tricks_won().data();
  obs.scores = game.all_scores().data();
  obs.counters = game.all_counters().data();
  obs.scores_imag = game.all_scores_imag().data();
  obs.hand_counts = game.all_hand_counts().data();
  obs.drawn_counts = game.all_drawn_counts().data();
}

void observe_fields(const Game& game, int seat, Observation* out) {
  Observation& obs = *out;
  obs.phase = game.phase();
  obs.legal = CardSet();
  if (game.to_act() == seat) {
    if (game.phase() == Phase::kPlay) obs.legal = game.legal_plays();
    if (game.phase() == Phase::kPass) obs.legal = game.passable(seat);
  }
  obs.seat = seat;
  obs.num_players = game.num_players();
  obs.dealer = game.dealer();
  obs.deal_index = game.deal_index();
  obs.game_index = 0;
  obs.pass = game.pass_plan();
  obs.hand = game.hand(seat);
  obs.dealt_hand = game.dealt_hand(seat);
  obs.passed_count = static_cast<int32_t>(game.passed_by(seat).size());
  obs.received_count = static_cast<int32_t>(game.received_list(seat).size());
  const bool sees_kitty = game.rules().rules.kitty_seen_by_winner && game.tricks_completed() > 0 &&
                          game.trick_winner(0) == seat;
  obs.kitty = sees_kitty ? game.kitty() : CardSet();
  obs.num_plays = static_cast<int32_t>(game.plays().size());
  obs.tricks_completed = game.tricks_completed();
  obs.trick_leader = game.trick_leader();
  obs.hearts_broken = game.hearts_broken();
  obs.deals_completed = game.deals_completed();
  obs.trick_start = game.trick_start();
  obs.trick_length = game.trick_length();
  obs.lead_suit = game.lead_suit();
  obs.stock_size = game.stock_left();
  obs.drawn = game.drawn(seat);
  obs.time_left_us = 0;
  obs.bank_left_us = -1;
  obs.random_seed = 0;
  obs.partner = game.rules().rules.partnership == Partnership::kNone
                    ? -1
                    : partner_of(game.rules().rules, seat);
  obs.reserved = 0;
  obs.hand_twice = game.hand_twice(seat);
  obs.dealt_hand_twice = game.dealt_hand_twice(seat);
  obs.slam_bidder = game.slam_bidder();
  obs.slam_partner = game.slam_partner_seen_by(seat);
  // A slam bid's partners: the silent partner knows its bidder; the bidder knows its partner
  // once the AH has been played.
  if (obs.slam_partner >= 0) {
    if (seat == obs.slam_partner) obs.partner = obs.slam_bidder;
    if (seat == obs.slam_bidder) obs.partner = obs.slam_partner;
  }
}

}  // namespace hearts
