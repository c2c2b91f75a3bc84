// montecarlo's world sampler as it was before its counting sort and bit masks
// (plugins/montecarlo/sampler.h, hearts_mc::sample), kept as the reference the faster one must
// match: the same hands from the same random draws (world_checks_test). A stable sort orders the
// unseen cards, and each slot is tested card by card.
#pragma once

#include <algorithm>
#include <array>
#include <span>

#include "plugins/montecarlo/sampler.h"

namespace reference_sampler {

using hearts::Card;
using hearts::CardSet;
using hearts::kMaxPlayers;
using hearts_mc::Knowledge;

// The hands of one sample being filled: each slot's room left and where each placed unseen card
// went (so an augmenting path can move it).
class Placement {
 public:
  Placement(const Knowledge& k, std::array<CardSet, kMaxPlayers + 1>& hands)
      : k_(k), hands_(hands), slots_(k.num_players + 1) {
    where_.fill(-1);
  }

  // Starts every hand from its known cards (the kitty from the known kitty). False if a hand
  // already holds more known cards than its size.
  bool start_from_known() {
    for (int s = 0; s < slots_; ++s) {
      hands_[s] = k_.known[s];
      room_[s] = k_.size[s] - k_.known[s].size();
      if (room_[s] < 0) return false;
    }
    if (k_.kitty_known) hands_[k_.num_players] = k_.kitty;
    return true;
  }

  // How many slots with room could take `card`.
  int holders(Card card) const {
    int h = 0;
    for (int s = 0; s < slots_; ++s) h += room_[s] > 0 && !k_.cannot_hold[s].contains(card);
    return h;
  }

  // Places `card` in a random slot with room that may hold it, weighted by that room (one draw
  // from `rng`); if there is none, moves earlier cards along an augmenting path. False if the
  // card fits nowhere.
  bool place(Card card, hearts::Rng& rng) {
    int total = 0;
    for (int s = 0; s < slots_; ++s) {
      if (room_[s] > 0 && !k_.cannot_hold[s].contains(card)) total += room_[s];
    }
    if (total > 0) {
      int pick = static_cast<int>(rng.uniform(static_cast<uint32_t>(total)));
      for (int s = 0; s < slots_; ++s) {
        if (room_[s] <= 0 || k_.cannot_hold[s].contains(card)) continue;
        if (pick < room_[s]) {
          put(s, card);
          break;
        }
        pick -= room_[s];
      }
      return true;
    }
    visited_.fill(false);
    return augment(card);
  }

  // Every hand holds exactly its size.
  bool all_full() const {
    for (int s = 0; s < slots_; ++s) {
      if (room_[s] != 0) return false;
    }
    return true;
  }

 private:
  void put(int s, Card card) {
    --room_[s];
    hands_[s].insert(card);
    where_[card.id()] = s;
  }

  // Augmenting path: place `card` somewhere, moving placed unseen cards if needed.
  bool augment(Card card) {
    for (int s = 0; s < slots_; ++s) {
      if (visited_[s] || k_.cannot_hold[s].contains(card)) continue;
      visited_[s] = true;
      if (room_[s] > 0) {
        put(s, card);
        return true;
      }
      for (Card other : hands_[s] - k_.known[s]) {
        if (where_[other.id()] != s) continue;
        // Move `other` elsewhere, then `card` takes its place.
        hands_[s].erase(other);
        ++room_[s];
        if (augment(other)) {
          put(s, card);
          return true;
        }
        hands_[s].insert(other);
        --room_[s];
      }
    }
    return false;
  }

  const Knowledge& k_;
  std::array<CardSet, kMaxPlayers + 1>& hands_;
  const int slots_;
  std::array<int, kMaxPlayers + 1> room_{};
  std::array<int, 64> where_{};  // card id -> slot, for placed unseen cards
  std::array<bool, kMaxPlayers + 1> visited_{};
};

// The unseen cards, shuffled by `rng` (one shuffle), then stably sorted so the cards fewest
// slots can hold come first. Returns how many there are.
inline int unseen_most_constrained_first(const Knowledge& k, const Placement& placement,
                                         hearts::Rng& rng,
                                         std::array<Card, hearts::kDeckSize>& cards) {
  int count = 0;
  for (Card card : k.unseen) cards[count++] = card;
  rng.shuffle(std::span<Card>(cards.data(), static_cast<size_t>(count)));
  std::array<int, hearts::kDeckSize> order_key{};
  for (int i = 0; i < count; ++i) order_key[i] = placement.holders(cards[i]);
  std::array<int, hearts::kDeckSize> idx{};
  for (int i = 0; i < count; ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.begin() + count,
                   [&](int a, int b) { return order_key[a] < order_key[b]; });
  std::array<Card, hearts::kDeckSize> sorted{};
  for (int i = 0; i < count; ++i) sorted[i] = cards[idx[i]];
  cards = sorted;
  return count;
}

// One random assignment of k.unseen, as montecarlo dealt it until 2026-11-25; hands[s] are the
// current hands (own hand included), hands[n] the kitty. False only if the constraints cannot be
// met.
inline bool sample(const Knowledge& k, hearts::Rng& rng,
                   std::array<CardSet, kMaxPlayers + 1>& hands) {
  Placement placement(k, hands);
  if (!placement.start_from_known()) return false;
  std::array<Card, hearts::kDeckSize> cards{};
  const int count = unseen_most_constrained_first(k, placement, rng, cards);
  for (int i = 0; i < count; ++i) {
    if (!placement.place(cards[i], rng)) return false;
  }
  return placement.all_full();
}

}  // namespace reference_sampler
