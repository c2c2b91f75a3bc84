// CardSet: a set of cards as one 64-bit word (bit id = suit * 16 + rank).
//
// Every operation is a few bit instructions and never allocates: membership, counting, per-suit
// masks, lowest/highest card, and iteration in ascending id order (suit by suit, low rank first).
//
// Thread safety: a plain value; safe to copy and read from any thread.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "hearts/bit_dispatch.h"
#include "hearts/card.h"

namespace hearts {

class CardSet {
 public:
  // A std::forward_iterator over the cards in ascending id order. It yields cards by value (a
  // set holds bits, not Card objects), so `reference` is Card; a default-constructed iterator
  // equals end().
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Card;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Card;

    constexpr Iterator() = default;
    constexpr explicit Iterator(uint64_t bits) : bits_(bits) {}
    constexpr Card operator*() const { return Card::from_id(std::countr_zero(bits_)); }
    constexpr Iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr Iterator operator++(int) {
      Iterator before = *this;
      ++*this;
      return before;
    }
    constexpr bool operator==(const Iterator&) const = default;

   private:
    uint64_t bits_ = 0;
  };

  constexpr CardSet() = default;
  constexpr explicit CardSet(uint64_t bits) : bits_(bits) {}
  constexpr CardSet(std::initializer_list<Card> cards) {
    for (Card card : cards) insert(card);
  }

  // All 52 cards.
  static constexpr CardSet full_deck() { return CardSet(0x1FFF1FFF1FFF1FFFull); }
  // The 13 cards of one suit.
  static constexpr CardSet whole_suit(Suit suit) {
    return CardSet(uint64_t{0x1FFF} << (16 * static_cast<int>(suit)));
  }

  constexpr uint64_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool contains(Card card) const { return (bits_ >> card.id()) & 1; }
  constexpr bool contains_all(CardSet other) const { return (bits_ & other.bits_) == other.bits_; }
  constexpr bool intersects(CardSet other) const { return (bits_ & other.bits_) != 0; }

  constexpr void insert(Card card) { bits_ |= uint64_t{1} << card.id(); }
  constexpr void erase(Card card) { bits_ &= ~(uint64_t{1} << card.id()); }

  // The cards of one suit in this set.
  constexpr CardSet of_suit(Suit suit) const { return *this & whole_suit(suit); }
  constexpr bool has_suit(Suit suit) const { return !of_suit(suit).empty(); }
  constexpr int count_suit(Suit suit) const { return of_suit(suit).size(); }

  // Lowest / highest card by id (so by rank within one suit). Precondition: not empty.
  constexpr Card lowest() const { return Card::from_id(std::countr_zero(bits_)); }
  constexpr Card highest() const { return Card::from_id(63 - std::countl_zero(bits_)); }
  // The n-th card in ascending order (0-based). Precondition: n < size(). Uses PDEP where the
  // processor runs it fast (hearts/bit_dispatch.h), else nth_portable.
  constexpr Card nth(int n) const {
#if defined(__x86_64__)
    if (!std::is_constant_evaluated() && detail::kFastPdep) {
      return Card::from_id(detail::nth_set_bit_pdep(bits_, n));
    }
#endif
    return nth_portable(n);
  }
  // nth without the processor's bit-deposit instruction: the same card on every machine.
  constexpr Card nth_portable(int n) const {
    // Skip whole suits by their counts, then clear the lowest cards of the right suit: at most
    // four popcounts and twelve steps, where a plain loop takes up to 51.
    uint64_t bits = bits_;
    for (int suit = 0; suit < 3; ++suit) {
      const uint64_t suit_mask = uint64_t{0xFFFF} << (16 * suit);
      const int count = std::popcount(bits & suit_mask);
      if (n < count) break;
      n -= count;
      bits &= ~suit_mask;
    }
    for (int i = 0; i < n; ++i) bits &= bits - 1;
    return Card::from_id(std::countr_zero(bits));
  }

  constexpr Iterator begin() const {
    return Iterator(bits_);
  }
  constexpr Iterator end() const {
    return Iterator(0);
  }

  constexpr CardSet operator|(CardSet o) const {
    return CardSet(bits_ | o.bits_);
  }
  constexpr CardSet operator&(CardSet o) const {
    return CardSet(bits_ & o.bits_);
  }
  constexpr CardSet operator-(CardSet o) const {
    return CardSet(bits_ & ~o.bits_);
  }
  constexpr CardSet& operator|=(CardSet o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr CardSet& operator&=(CardSet o) {
    bits_ &= o.bits_;
    return *this;
  }
  constexpr CardSet& operator-=(CardSet o) {
    bits_ &= ~o.bits_;
    return *this;
  }
  constexpr bool operator==(const CardSet&) const = default;

 private:
  uint64_t bits_ = 0;
};

// Space-separated cards in ascending order, e.g. "2C 10C QS"; "-" for the empty set.
std::string to_string(CardSet cards);
// Parses cards separated by spaces or commas ("QS 10H TH Q♠"). Duplicates are an error.
std::optional<CardSet> parse_cards(std::string_view text, std::string* error = nullptr);

}  // namespace hearts
