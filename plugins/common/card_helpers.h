// Small card-set helpers shared by the bundled bots. Header-only: each plugin compiles its own
// copy, so no plugin links another. Thread safety: pure functions.
#pragma once

#include <cstdint>

#include "hearts/card_set.h"

namespace bot_helpers {

// 0 for a deuce up to 12 for an ace.
inline int rank_of(hearts::Card card) {
  return static_cast<int>(card.rank());
}

// The cards of `cards` in `suit` ranked strictly above `rank` (any int; a mask, no loop).
inline hearts::CardSet above(hearts::CardSet cards, hearts::Suit suit, int rank) {
  if (rank < 0) return cards.of_suit(suit);
  if (rank >= hearts::kNumRanks - 1) return hearts::CardSet();
  const int shift = 16 * static_cast<int>(suit);
  return cards & hearts::CardSet(hearts::CardSet::whole_suit(suit).bits() &
                                 ~((uint64_t{2} << (shift + rank)) - 1));
}

// The cards of `cards` in `suit` ranked strictly below `rank` (any int).
inline hearts::CardSet below(hearts::CardSet cards, hearts::Suit suit, int rank) {
  if (rank <= 0) return hearts::CardSet();
  if (rank >= hearts::kNumRanks) return cards.of_suit(suit);
  const int shift = 16 * static_cast<int>(suit);
  return cards & hearts::CardSet(hearts::CardSet::whole_suit(suit).bits() &
                                 ((uint64_t{1} << (shift + rank)) - 1));
}

// `preferred` if it is not empty, else `fallback`: narrows a choice without ever emptying it.
inline hearts::CardSet prefer(hearts::CardSet preferred, hearts::CardSet fallback) {
  return preferred.empty() ? fallback : preferred;
}

}  // namespace bot_helpers
