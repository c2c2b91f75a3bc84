// Cards, suits and ranks of the 52-card French deck.
//
// A card is a small integer: id = suit * 16 + rank, so the 64-bit CardSet (card_set.h) holds one
// suit per 16-bit lane and per-suit work is a shift and a mask. Ids 13..15 of each lane are never
// used. Jokers (docs/rules.md, "Jokers") live in those free ids: the zero of clubs 13, the zero of
// diamonds 29, valueless jokers 45 and 61, and a valueless joker led with a called suit s as
// 14 + 16 s (joker 1) or 15 + 16 s (joker 2). A second deck (Cancellation Hearts) gives no new
// ids: a collection that may hold both copies of a card is a pair of CardSets, `once` and
// `twice` (card_pair.h, docs/rules.md).
//
// Thread safety: all types here are plain values; every function is pure and thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hearts {

// Suits in OpenSpiel's order, which is also bridge's ascending order.
enum class Suit : uint8_t { kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3 };
inline constexpr int kNumSuits = 4;
inline constexpr int kNumRanks = 13;
inline constexpr int kDeckSize = 52;
// The most cards one deal holds: two full decks (Cancellation Hearts).
inline constexpr int kMaxDealCards = 2 * kDeckSize;

// Ranks, deuce low and ace high (no trumps in any Hearts game).
enum class Rank : uint8_t {
  kTwo = 0,
  kThree,
  kFour,
  kFive,
  kSix,
  kSeven,
  kEight,
  kNine,
  kTen,
  kJack,
  kQueen,
  kKing,
  kAce
};

// A single card. Default-constructed cards are invalid (id 0xFF) and compare unequal to any
// real card; use is_valid() before trusting a card that came from outside.
class Card {
 public:
  constexpr Card() = default;
  constexpr Card(Suit suit, Rank rank)
      : id_(static_cast<uint8_t>(static_cast<int>(suit) * 16 + static_cast<int>(rank))) {}
  // Builds a card from its id (suit * 16 + rank). Promises nothing for ids that are not valid.
  static constexpr Card from_id(int id) {
    Card card;
    card.id_ = static_cast<uint8_t>(id);
    return card;
  }
  // OpenSpiel's card index: rank * 4 + suit (2C = 0, AS = 51).
  static constexpr Card from_openspiel(int index) {
    return Card(static_cast<Suit>(index % 4), static_cast<Rank>(index / 4));
  }

  constexpr int id() const { return id_; }
  constexpr Suit suit() const { return static_cast<Suit>(id_ >> 4); }
  constexpr Rank rank() const { return static_cast<Rank>(id_ & 15); }
  // 2 for the deuce up to 14 for the ace: the face value used by Spot Hearts.
  constexpr int face_value() const { return (id_ & 15) + 2; }
  constexpr int openspiel_index() const { return (id_ & 15) * 4 + (id_ >> 4); }
  constexpr bool is_valid() const { return id_ < 64 && (id_ & 15) < kNumRanks; }
  // One of the joker ids (a zero, a valueless joker, or a joker led with a called suit). Such a
  // card is never is_valid(): code that knows no jokers keeps refusing them.
  constexpr bool is_joker() const { return id_ < 64 && (id_ & 15) >= kNumRanks; }
  // The card a seat holds for this played id: a joker led with a called suit is the valueless
  // joker itself; every other card is its own.
  constexpr Card held() const {
    if (id_ >= 64 || (id_ & 15) < 14) return *this;
    return from_id((id_ & 15) == 14 ? 45 : 61);
  }
  // The suit a joker lead calls (called-suit rule), or -1 for every other id.
  constexpr int called_suit() const { return id_ < 64 && (id_ & 15) >= 14 ? id_ >> 4 : -1; }

  constexpr bool operator==(const Card&) const = default;

 private:
  uint8_t id_ = 0xFF;
};

// Named cards that the rules refer to.
inline constexpr Card kTwoOfClubs{Suit::kClubs, Rank::kTwo};
inline constexpr Card kQueenOfSpades{Suit::kSpades, Rank::kQueen};
inline constexpr Card kJackOfSpades{Suit::kSpades, Rank::kJack};
inline constexpr Card kKingOfSpades{Suit::kSpades, Rank::kKing};
inline constexpr Card kAceOfSpades{Suit::kSpades, Rank::kAce};
inline constexpr Card kQueenOfHearts{Suit::kHearts, Rank::kQueen};
inline constexpr Card kJackOfDiamonds{Suit::kDiamonds, Rank::kJack};
// The jokers (see the header comment): two distinct zeros that rank below the deuce of their suit,
// and two valueless jokers of no suit.
inline constexpr Card kZeroOfClubs = Card::from_id(13);
inline constexpr Card kZeroOfDiamonds = Card::from_id(29);
inline constexpr Card kJoker1 = Card::from_id(45);
inline constexpr Card kJoker2 = Card::from_id(61);
// The id under which valueless joker `joker` (kJoker1 or kJoker2) is led calling `suit`.
constexpr Card joker_calling(Card joker, Suit suit) {
  return Card::from_id(static_cast<int>(suit) * 16 + (joker == kJoker1 ? 14 : 15));
}

// "QS", "10H", "2C": rank then suit letter; jokers "0C", "0D", "JK1", "JK2", and a joker led with
// a called suit "JK1H" (joker then the suit called). Invalid cards print as "??".
std::string to_string(Card card);
// "Q♠", "10♥": rank then suit symbol (UTF-8).
std::string to_unicode(Card card);
// Accepts "QS", "qs", "10H", "TH", "Q♠", "10♥" and the joker names of to_string (surrounding
// spaces ignored). On failure returns
// nullopt and, if `error` is given, a one-line reason naming the text.
std::optional<Card> parse_card(std::string_view text, std::string* error = nullptr);

char suit_letter(Suit suit);
std::string_view suit_name(Suit suit);

}  // namespace hearts
