// The public count of one deal's play that the heuristic reads at every decision: the cards
// played, the suits each seat has shown void in, and the penalty points each seat has taken.
//
// It is the same for every seat (only public plays go in), so a playout keeps one tally for the
// whole table and brings it up to date from each observation: update() reads only the plays and
// tricks added since its last call, where counting from scratch reads the whole deal again at
// every decision (before the tally, most of a search bot's time).
//
// Header-only, so each plugin compiles its own copy. Thread safety: a plain value.
#pragma once

#include <algorithm>
#include <array>

#include "hearts/observation.h"

namespace heuristic_policy {

class PlayTally {
 public:
  hearts::CardSet played;
  std::array<std::array<bool, 4>, hearts::kMaxPlayers> void_in{};  // shown void, by seat and suit
  std::array<int, hearts::kMaxPlayers> penalty{};  // positive points taken from tricks, by seat

  // Brings the tally up to `obs`: any seat's observation of the deal it counts, its plays a
  // continuation of those counted. Feed it one deal in order of play. It starts the count again
  // when `obs` is of another deal, has fewer plays, or does not show the last card counted where
  // it was (a guard against a tally carried into another sampled world, not a proof). Assumes
  // tricks of one card per seat (the heuristic's rules: no stock, booster nines or jokers).
  void update(const hearts::Observation& obs) {
    if (!extends(obs)) {
      *this = PlayTally();
      deal_index_ = obs.deal_index;
      deals_completed_ = obs.deals_completed;
    }
    const int n = obs.num_players;
    for (int i = plays_; i < obs.num_plays; ++i) {
      const hearts::PlayRecord& p = obs.plays[i];
      played.insert(p.card);
      // A player who did not follow suit is void in the suit led.
      if (trick_position_ == 0) led_ = p.card.suit();
      if (p.card.suit() != led_) void_in[p.seat][static_cast<int>(led_)] = true;
      trick_position_ = trick_position_ + 1 == n ? 0 : trick_position_ + 1;
    }
    plays_ = obs.num_plays;
    // Points taken per completed trick (kitty points ignored: they cannot be counted here).
    for (; tricks_ < obs.tricks_completed; ++tricks_) {
      int points = 0;
      for (int k = 0; k < n; ++k)
        points += std::max(0, obs.card_points(obs.plays[tricks_ * n + k].card));
      penalty[obs.trick_winners[tricks_]] += points;
    }
    last_card_ = plays_ > 0 ? obs.plays[plays_ - 1].card : hearts::Card();
  }

 private:
  // Whether `obs` shows the plays counted so far, and maybe more, of the same deal.
  bool extends(const hearts::Observation& obs) const {
    if (obs.deal_index != deal_index_ || obs.deals_completed != deals_completed_) return false;
    if (obs.num_plays < plays_ || obs.tricks_completed < tricks_) return false;
    return plays_ == 0 || obs.plays[plays_ - 1].card == last_card_;
  }

  int deal_index_ = -1;
  int deals_completed_ = -1;
  int plays_ = 0;
  int tricks_ = 0;
  int trick_position_ = 0;
  hearts::Suit led_ = hearts::Suit::kClubs;
  hearts::Card last_card_;
};

}  // namespace heuristic_policy
