#include <cctype>
#include <string>

#include "hearts/card.h"
#include "hearts/card_set.h"

namespace hearts {
namespace {

constexpr std::string_view kRankText[kNumRanks] = {"2", "3",  "4", "5", "6", "7", "8",
                                                   "9", "10", "J", "Q", "K", "A"};
constexpr char kSuitLetters[kNumSuits] = {'C', 'D', 'H', 'S'};
constexpr std::string_view kSuitSymbols[kNumSuits] = {"\u2663", "\u2666", "\u2665", "\u2660"};
// Outline symbols are accepted too, since people type them.
constexpr std::string_view kSuitOutlineSymbols[kNumSuits] = {"\u2667", "\u2662", "\u2661",
                                                             "\u2664"};
constexpr std::string_view kSuitNames[kNumSuits] = {"clubs", "diamonds", "hearts", "spades"};

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return text;
}

std::optional<int> parse_rank(std::string_view text) {
  if (text == "10" || text == "T" || text == "t") return 8;
  if (text.size() != 1) return std::nullopt;
  const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (c >= '2' && c <= '9') return c - '2';
  switch (c) {
    case 'J':
      return 9;
    case 'Q':
      return 10;
    case 'K':
      return 11;
    case 'A':
      return 12;
    default:
      return std::nullopt;
  }
}

// Splits "10H" / "Q♠" into the rank part and the suit part (a letter or a UTF-8 symbol).
std::optional<int> parse_suit(std::string_view text) {
  if (text.size() == 1) {
    const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    for (int s = 0; s < kNumSuits; ++s) {
      if (kSuitLetters[s] == c) return s;
    }
    return std::nullopt;
  }
  for (int s = 0; s < kNumSuits; ++s) {
    if (text == kSuitSymbols[s] || text == kSuitOutlineSymbols[s]) return s;
  }
  return std::nullopt;
}

// A joker's name (see card.h), or "" for the 52 cards and invalid ids.
std::string joker_text(Card card) {
  if (!card.is_joker()) return "";
  if (card == kZeroOfClubs) return "0C";
  if (card == kZeroOfDiamonds) return "0D";
  const Card held = card.held();
  std::string text = held == kJoker1 ? "JK1" : held == kJoker2 ? "JK2" : "";
  if (!text.empty() && card.called_suit() >= 0) text += kSuitLetters[card.called_suit()];
  return text;
}

std::optional<Card> parse_joker(std::string_view text) {
  for (int id = 0; id < 64; ++id) {
    const Card card = Card::from_id(id);
    if (!card.is_joker()) continue;
    const std::string name = joker_text(card);
    if (name.empty() || name.size() != text.size()) continue;
    bool same = true;
    for (size_t i = 0; i < name.size(); ++i) {
      same &= std::toupper(static_cast<unsigned char>(text[i])) == name[i];
    }
    if (same) return card;
  }
  return std::nullopt;
}

}  // namespace

char suit_letter(Suit suit) {
  return kSuitLetters[static_cast<int>(suit)];
}
std::string_view suit_name(Suit suit) {
  return kSuitNames[static_cast<int>(suit)];
}

std::string to_string(Card card) {
  if (card.is_joker()) {
    const std::string joker = joker_text(card);
    return joker.empty() ? "??" : joker;
  }
  if (!card.is_valid()) return "??";
  std::string text(kRankText[static_cast<int>(card.rank())]);
  text += suit_letter(card.suit());
  return text;
}

std::string to_unicode(Card card) {
  if (card.is_joker()) return to_string(card);
  if (!card.is_valid()) return "??";
  std::string text(kRankText[static_cast<int>(card.rank())]);
  text += kSuitSymbols[static_cast<int>(card.suit())];
  return text;
}

std::optional<Card> parse_card(std::string_view text, std::string* error) {
  const std::string_view card_text = trim(text);
  auto fail = [&](std::string_view why) -> std::optional<Card> {
    if (error) *error = "bad card '" + std::string(text) + "': " + std::string(why);
    return std::nullopt;
  };
  if (card_text.empty()) return fail("empty text");
  if (const auto joker = parse_joker(card_text)) return joker;
  // The rank is "10" or one character; everything after it is the suit.
  const size_t rank_length = card_text.starts_with("10") ? 2 : 1;
  if (card_text.size() <= rank_length) return fail("expected a rank then a suit, like QS or 10H");
  const auto rank = parse_rank(card_text.substr(0, rank_length));
  if (!rank) return fail("unknown rank (use 2-10, T, J, Q, K, A)");
  const auto suit = parse_suit(card_text.substr(rank_length));
  if (!suit) return fail("unknown suit (use C, D, H, S or a suit symbol)");
  return Card(static_cast<Suit>(*suit), static_cast<Rank>(*rank));
}

std::string to_string(CardSet cards) {
  if (cards.empty()) return "-";
  std::string text;
  for (Card card : cards) {
    if (!text.empty()) text += ' ';
    text += to_string(card);
  }
  return text;
}

std::optional<CardSet> parse_cards(std::string_view text, std::string* error) {
  CardSet cards;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t end = text.find_first_of(" ,\t\n", pos);
    const std::string_view token =
        text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    pos = end == std::string_view::npos ? text.size() : end + 1;
    if (trim(token).empty() || trim(token) == "-") continue;
    const auto card = parse_card(token, error);
    if (!card) return std::nullopt;
    if (cards.contains(*card)) {
      if (error)
        *error = "duplicate card '" + to_string(*card) + "' in '" + std::string(text) + "'";
      return std::nullopt;
    }
    cards.insert(*card);
  }
  return cards;
}

}  // namespace hearts
