// montecarlo's sampler (hearts_mc::sample, plugins/montecarlo/sampler.h) done with fewer
// instructions and the same result: the same hands from the same random draws, so a seed gives
// the same worlds either way (world_checks_test compares them). With the weighing, ismcts deals
// two to three worlds per world it keeps, and the sampler's ordering of the cards (a stable sort
// per deal, with its heap buffer) was the largest part of that; here a counting sort by the same
// key, which keeps the same order, and a card's slots kept as a bit mask (visited in the same
// order as the sampler's loops).
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: a pure function of its arguments.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "../montecarlo/sampler.h"

namespace hearts_ismcts {

// The slots' room and where each placed unseen card went, as hearts_mc::Placement keeps them.
class DealFill {
 public:
  DealFill(const hearts_mc::Knowledge& k,
           std::array<hearts::CardSet, hearts::kMaxPlayers + 1>& hands)
      : k_(k), hands_(hands), slots_(k.num_players + 1) {
    where_.fill(-1);
  }

  // hearts_mc::Placement::start_from_known.
  bool start_from_known() {
    for (int s = 0; s < slots_; ++s) {
      hands_[s] = k_.known[s];
      room_[s] = k_.size[s] - k_.known[s].size();
      if (room_[s] < 0) return false;
      if (room_[s] > 0) open_ |= 1u << s;
    }
    if (k_.kitty_known) hands_[k_.num_players] = k_.kitty;
    return true;
  }

  // The unseen cards shuffled by `rng`, then stably ordered by how many slots with room may hold
  // them, fewest first (hearts_mc::unseen_most_constrained_first), each with the slots that may
  // hold it (bit s: slot s). Returns how many.
  int order_unseen(hearts::Rng& rng, std::array<hearts::Card, hearts::kDeckSize>& out,
                   std::array<uint16_t, hearts::kDeckSize>& out_may) const {
    std::array<hearts::Card, hearts::kDeckSize> cards{};
    int count = 0;
    for (hearts::Card card : k_.unseen) cards[count++] = card;
    rng.shuffle(std::span<hearts::Card>(cards.data(), static_cast<size_t>(count)));
    std::array<uint16_t, hearts::kDeckSize> may{};
    std::array<int, hearts::kMaxPlayers + 3> starts{};
    for (int i = 0; i < count; ++i) {
      for (int s = 0; s < slots_; ++s) {
        may[i] |= static_cast<uint16_t>(!k_.cannot_hold[s].contains(cards[i]) << s);
      }
      ++starts[std::popcount(static_cast<unsigned>(may[i] & open_)) + 1];
    }
    for (int h = 1; h <= slots_ + 1; ++h) starts[h] += starts[h - 1];
    for (int i = 0; i < count; ++i) {
      const int at = starts[std::popcount(static_cast<unsigned>(may[i] & open_))]++;
      out[at] = cards[i];
      out_may[at] = may[i];
    }
    return count;
  }

  // hearts_mc::Placement::place for a card that slots `may` may hold: the same draw from `rng`
  // and the same slot.
  bool place(hearts::Card card, unsigned may, hearts::Rng& rng) {
    const unsigned open = may & open_;
    if (open != 0) {
      int total = 0;
      for (unsigned m = open; m != 0; m &= m - 1) total += room_[std::countr_zero(m)];
      int pick = static_cast<int>(rng.uniform(static_cast<uint32_t>(total)));
      for (unsigned m = open; m != 0; m &= m - 1) {
        const int s = std::countr_zero(m);
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

  bool all_full() const {
    for (int s = 0; s < slots_; ++s) {
      if (room_[s] != 0) return false;
    }
    return true;
  }

 private:
  void put(int s, hearts::Card card) {
    if (--room_[s] == 0) open_ &= ~(1u << s);
    hands_[s].insert(card);
    where_[card.id()] = static_cast<int8_t>(s);
  }

  // hearts_mc::Placement::augment.
  bool augment(hearts::Card card) {
    for (int s = 0; s < slots_; ++s) {
      if (visited_[s] || k_.cannot_hold[s].contains(card)) continue;
      visited_[s] = true;
      if (room_[s] > 0) {
        put(s, card);
        return true;
      }
      for (hearts::Card other : hands_[s] - k_.known[s]) {
        if (where_[other.id()] != s) continue;
        hands_[s].erase(other);
        ++room_[s];
        open_ |= 1u << s;
        if (augment(other)) {
          put(s, card);
          return true;
        }
        hands_[s].insert(other);
        if (--room_[s] == 0) open_ &= ~(1u << s);
      }
    }
    return false;
  }

  const hearts_mc::Knowledge& k_;
  std::array<hearts::CardSet, hearts::kMaxPlayers + 1>& hands_;
  const int slots_;
  std::array<int, hearts::kMaxPlayers + 1> room_{};
  unsigned open_ = 0;               // the slots with room (bit s: slot s)
  std::array<int8_t, 64> where_{};  // card id -> slot of a placed unseen card
  std::array<bool, hearts::kMaxPlayers + 1> visited_{};
};

// hearts_mc::sample: the same hands from the same draws of `rng`.
inline bool deal_world(const hearts_mc::Knowledge& k, hearts::Rng& rng,
                       std::array<hearts::CardSet, hearts::kMaxPlayers + 1>& hands) {
  DealFill fill(k, hands);
  if (!fill.start_from_known()) return false;
  std::array<hearts::Card, hearts::kDeckSize> cards{};
  std::array<uint16_t, hearts::kDeckSize> may{};
  const int count = fill.order_unseen(rng, cards, may);
  for (int i = 0; i < count; ++i) {
    if (!fill.place(cards[i], may[i], rng)) return false;
  }
  return fill.all_full();
}

}  // namespace hearts_ismcts
