// Royal Hearts' and Gong Zhu's taker effects: card values that depend on the other cards the
// same player took in the deal, applied once the deal is over (docs/rules.md, sections 3 and 4).
#include <algorithm>

#include "hearts/game.h"

namespace hearts {

void Game::score_taker_effects() {
  const Rules& r = rules_.rules;
  auto& score = last_deal_.deal_score;
  for (int s = 0; s < num_players(); ++s) {
    const CardSet taken = taken_[s];
    int points = score[s];
    if (taken.intersects(r.hearts_doubler)) {
      // The QH doubles every heart its taker captured, itself included.
      for (Card card : taken& CardSet::whole_suit(Suit::kHearts)) {
        points += rules_.card_points[card.id()];
      }
    }
    if (taken.intersects(r.queen_canceller) && taken.contains(kQueenOfSpades)) {
      points -= rules_.card_points[kQueenOfSpades.id()];
    }
    if (taken.intersects(r.score_doubler)) {
      const bool alone = ((taken & rules_.counters) - r.score_doubler).empty();
      points = alone ? r.score_doubler_alone : 2 * points;
    }
    score[s] = points;
  }
}

int Game::floored_total(int seat, int deal_score) const {
  // The bonus is applied last: it may bring the total down to zero, never below, and does
  // nothing to a total already below zero (after a new moon).
  int bonus = 0;
  for (Card card : taken_[seat])
    bonus += std::min(0, static_cast<int>(rules_.card_points[card.id()]));
  const int total = scores_[seat] + deal_score;
  if (bonus == 0 || total >= 0) return total;
  return std::max(total, std::min(total - bonus, 0));
}

}  // namespace hearts
