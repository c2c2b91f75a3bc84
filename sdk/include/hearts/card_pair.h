// CardPair: cards from up to two decks (Cancellation Hearts) as two CardSets.
//
// `once` holds every card present at least once, `twice` every card present in both copies, so
// twice ⊆ once always. With one deck `twice` stays empty and `once` is the plain CardSet the
// one-deck code uses. Adding a copy sets the card in `once`, or in `twice` when it is already in
// `once`; removing one clears it from `twice` first. Every operation is a few bit instructions.
//
// Thread safety: a plain value; safe to copy and read from any thread.
#pragma once

#include <string>

#include "hearts/card_set.h"

namespace hearts {

// Adds one copy of `card` to the collection (once, twice). Precondition: fewer than two held.
// Branch-free, so the one-deck path (twice always empty) pays two bit operations and no jump.
constexpr void add_copy(CardSet& once, CardSet& twice, Card card) {
  const CardSet bit(uint64_t{1} << card.id());
  twice |= once & bit;
  once |= bit;
}

// Removes one copy of `card` from (once, twice): from `twice` if held twice, else from `once`.
// Precondition: at least one is held.
constexpr void remove_copy(CardSet& once, CardSet& twice, Card card) {
  const uint64_t bit = uint64_t{1} << card.id();
  const uint64_t second = twice.bits() & bit;
  twice = CardSet(twice.bits() ^ second);
  once = CardSet(once.bits() ^ (bit ^ second));
}

// Adds every copy of (from_once, from_twice) to (once, twice). Precondition: no card ends up
// with more than two copies.
constexpr void add_copies(CardSet& once, CardSet& twice, CardSet from_once, CardSet from_twice) {
  twice |= from_twice | (once & from_once);
  once |= from_once;
}

struct CardPair {
  CardSet once;   // every card held at least once
  CardSet twice;  // every card held twice (a subset of once)

  constexpr int size() const { return once.size() + twice.size(); }
  constexpr int count(Card card) const { return once.contains(card) + twice.contains(card); }
  constexpr void add(Card card) { add_copy(once, twice, card); }
  constexpr void remove(Card card) { remove_copy(once, twice, card); }
  constexpr void add(const CardPair& other) { add_copies(once, twice, other.once, other.twice); }
  constexpr bool operator==(const CardPair&) const = default;
};

// Space-separated cards in ascending order, a card held twice listed twice ("QS QS AS"); "-" for
// none.
inline std::string to_string(const CardPair& cards) {
  if (cards.twice.empty()) return to_string(cards.once);
  std::string text;
  for (Card card : cards.once) {
    for (int k = cards.count(card); k > 0; --k) text += (text.empty() ? "" : " ") + to_string(card);
  }
  return text.empty() ? "-" : text;
}

}  // namespace hearts
