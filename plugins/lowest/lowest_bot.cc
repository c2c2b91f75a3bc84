// lowest: plays its lowest legal card and passes its highest cards.
//
// Order used by both decisions: by rank (deuce low, ace high); between cards of equal rank, by
// suit in the SDK's order clubs < diamonds < hearts < spades. So the lowest of {2H, 2C, 3D} is 2C
// and the highest of {AC, AS, KH} is AS. Jokers (docs/rules.md 8.3) have no rank above the
// deuce, so they come first, in id order: the zeros and valueless jokers (and their calling ids)
// are "lowest". Dealer's choice and the moon choice keep the Bot defaults.
#include "hearts/plugin.h"

namespace {

// The cards of `cards` in ascending (rank, suit) order, written to `out`; returns how many.
int sort_by_rank(hearts::CardSet cards, hearts::Card* out) {
  int size = 0;
  for (hearts::Card card : cards) {
    if (card.is_joker()) out[size++] = card;
  }
  for (int rank = 0; rank < hearts::kNumRanks; ++rank) {
    for (int suit = 0; suit < hearts::kNumSuits; ++suit) {
      const hearts::Card card(static_cast<hearts::Suit>(suit), static_cast<hearts::Rank>(rank));
      if (cards.contains(card)) out[size++] = card;
    }
  }
  return size;
}

class LowestBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    hearts::Card sorted[hearts::kMaxPlays];
    sort_by_rank(obs.legal, sorted);
    return sorted[0];
  }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    hearts::Card sorted[hearts::kMaxPlays];
    const int size = sort_by_rank(obs.legal, sorted);
    hearts::PassSelection selection;
    for (int k = 0; k < obs.pass.count && k < size; ++k) selection.push_back(sorted[size - 1 - k]);
    return selection;
  }
};

}  // namespace

HEARTS_EXPORT_BOT(LowestBot, "lowest", "1.0", "Black Lady Arena")
