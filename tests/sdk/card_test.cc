// Cards, card sets, their text forms and the documented random generator (card.h, card_set.h,
// rng.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <numeric>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "hearts/card.h"
#include "hearts/card_set.h"
#include "hearts/rng.h"

namespace hearts {
namespace {

constexpr Suit kSuits[] = {Suit::kClubs, Suit::kDiamonds, Suit::kHearts, Suit::kSpades};

std::vector<Card> AllCards() {
  std::vector<Card> cards;
  for (Suit suit : kSuits) {
    for (int r = 0; r < kNumRanks; ++r) cards.emplace_back(suit, static_cast<Rank>(r));
  }
  return cards;
}

Card C(Suit suit, Rank rank) {
  return Card(suit, rank);
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// --- Card --------------------------------------------------------------------------------

TEST(CardTest, IdLayoutAndAccessors) {
  const Card qs(Suit::kSpades, Rank::kQueen);
  EXPECT_EQ(qs.id(), 3 * 16 + 10);
  EXPECT_EQ(qs.suit(), Suit::kSpades);
  EXPECT_EQ(qs.rank(), Rank::kQueen);
  EXPECT_EQ(qs.face_value(), 12);
  EXPECT_EQ(Card(Suit::kClubs, Rank::kTwo).face_value(), 2);
  EXPECT_EQ(Card(Suit::kHearts, Rank::kAce).face_value(), 14);
  EXPECT_TRUE(qs.is_valid());
  EXPECT_FALSE(Card().is_valid());
  EXPECT_FALSE(Card::from_id(13).is_valid());
  EXPECT_FALSE(Card::from_id(64).is_valid());
  EXPECT_NE(Card(), kTwoOfClubs);
  EXPECT_EQ(kQueenOfSpades, qs);
  EXPECT_EQ(kTwoOfClubs, C(Suit::kClubs, Rank::kTwo));
  EXPECT_EQ(kJackOfDiamonds, C(Suit::kDiamonds, Rank::kJack));
  for (Card card : AllCards()) {
    EXPECT_TRUE(card.is_valid());
    EXPECT_EQ(Card::from_id(card.id()), card);
    EXPECT_EQ(Card(card.suit(), card.rank()), card);
  }
}

TEST(CardTest, ParseAcceptedForms) {
  const Card qs = kQueenOfSpades;
  const Card th(Suit::kHearts, Rank::kTen);
  EXPECT_EQ(parse_card("QS"), qs);
  EXPECT_EQ(parse_card("qs"), qs);
  EXPECT_EQ(parse_card("Qs"), qs);
  EXPECT_EQ(parse_card("10H"), th);
  EXPECT_EQ(parse_card("TH"), th);
  EXPECT_EQ(parse_card("th"), th);
  EXPECT_EQ(parse_card("Q♠"), qs);
  EXPECT_EQ(parse_card("10♥"), th);
  EXPECT_EQ(parse_card(" 2c "), kTwoOfClubs);
  EXPECT_EQ(parse_card("AS"), kAceOfSpades);
  EXPECT_EQ(parse_card("JD"), kJackOfDiamonds);
  EXPECT_EQ(parse_card("K♦"), C(Suit::kDiamonds, Rank::kKing));
  EXPECT_EQ(parse_card("9♣"), C(Suit::kClubs, Rank::kNine));
  std::string error = "untouched";
  EXPECT_EQ(parse_card("QS", &error), qs);
}

TEST(CardTest, ParseErrorsNameTheText) {
  for (const std::string text : {"", "1H", "QX", "11S", "Q", "QSS", "S", "0H", "QS QH"}) {
    SCOPED_TRACE("text: \"" + text + "\"");
    std::string error;
    EXPECT_EQ(parse_card(text, &error), std::nullopt);
    EXPECT_FALSE(error.empty());
    EXPECT_NE(error.find(text), std::string::npos) << "error does not name the text: " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << "error is not one line: " << error;
    // Without an error pointer parsing still fails and does not crash.
    EXPECT_EQ(parse_card(text), std::nullopt);
  }
}

TEST(CardTest, ToStringForms) {
  EXPECT_EQ(to_string(kQueenOfSpades), "QS");
  EXPECT_EQ(to_string(C(Suit::kHearts, Rank::kTen)), "10H");
  EXPECT_EQ(to_string(kTwoOfClubs), "2C");
  EXPECT_EQ(to_string(C(Suit::kDiamonds, Rank::kAce)), "AD");
  EXPECT_EQ(to_string(Card()), "??");
  EXPECT_EQ(to_unicode(kQueenOfSpades), "Q♠");
  EXPECT_EQ(to_unicode(C(Suit::kHearts, Rank::kTen)), "10♥");
  EXPECT_EQ(to_unicode(kTwoOfClubs), "2♣");
  EXPECT_EQ(to_unicode(C(Suit::kDiamonds, Rank::kKing)), "K♦");
  EXPECT_EQ(suit_letter(Suit::kClubs), 'C');
  EXPECT_EQ(suit_letter(Suit::kDiamonds), 'D');
  EXPECT_EQ(suit_letter(Suit::kHearts), 'H');
  EXPECT_EQ(suit_letter(Suit::kSpades), 'S');
  std::set<std::string> names;
  for (Suit suit : kSuits) {
    EXPECT_FALSE(suit_name(suit).empty());
    names.emplace(suit_name(suit));
  }
  EXPECT_EQ(names.size(), 4u);
}

TEST(CardTest, TextRoundTripsForAllCards) {
  std::set<std::string> seen_ascii, seen_unicode;
  for (Card card : AllCards()) {
    const std::string ascii = to_string(card);
    const std::string unicode = to_unicode(card);
    SCOPED_TRACE(ascii);
    EXPECT_TRUE(seen_ascii.insert(ascii).second);
    EXPECT_TRUE(seen_unicode.insert(unicode).second);
    EXPECT_EQ(ascii.back(), suit_letter(card.suit()));
    EXPECT_EQ(parse_card(ascii), card);
    EXPECT_EQ(parse_card(Lower(ascii)), card);
    EXPECT_EQ(parse_card(unicode), card);
    EXPECT_EQ(parse_card("  " + ascii + "  "), card);
  }
  EXPECT_EQ(seen_ascii.size(), 52u);
}

TEST(CardTest, OpenSpielIndex) {
  EXPECT_EQ(Card::from_openspiel(0), kTwoOfClubs);
  EXPECT_EQ(Card::from_openspiel(37), kJackOfDiamonds);
  EXPECT_EQ(Card::from_openspiel(43), kQueenOfSpades);
  EXPECT_EQ(Card::from_openspiel(51), kAceOfSpades);
  EXPECT_EQ(Card::from_openspiel(1), C(Suit::kDiamonds, Rank::kTwo));
  EXPECT_EQ(Card::from_openspiel(4), C(Suit::kClubs, Rank::kThree));
  EXPECT_EQ(kTwoOfClubs.openspiel_index(), 0);
  EXPECT_EQ(kJackOfDiamonds.openspiel_index(), 37);
  EXPECT_EQ(kQueenOfSpades.openspiel_index(), 43);
  EXPECT_EQ(kAceOfSpades.openspiel_index(), 51);
  std::set<int> ids;
  for (int i = 0; i < kDeckSize; ++i) {
    const Card card = Card::from_openspiel(i);
    EXPECT_TRUE(card.is_valid()) << i;
    EXPECT_EQ(card.openspiel_index(), i);
    ids.insert(card.id());
  }
  EXPECT_EQ(ids.size(), 52u);
  for (Card card : AllCards()) EXPECT_EQ(Card::from_openspiel(card.openspiel_index()), card);
}

// --- CardSet -----------------------------------------------------------------------------

TEST(CardSetTest, BasicsAndSuits) {
  CardSet empty;
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty.size(), 0);
  EXPECT_EQ(CardSet::full_deck().size(), 52);
  for (Card card : AllCards()) EXPECT_TRUE(CardSet::full_deck().contains(card));
  EXPECT_FALSE(CardSet::full_deck().contains(Card::from_id(13)));

  for (Suit suit : kSuits) {
    const CardSet whole = CardSet::whole_suit(suit);
    EXPECT_EQ(whole.size(), 13);
    EXPECT_EQ(CardSet::full_deck().of_suit(suit), whole);
    for (Card card : whole) EXPECT_EQ(card.suit(), suit);
    EXPECT_EQ(whole.lowest(), Card(suit, Rank::kTwo));
    EXPECT_EQ(whole.highest(), Card(suit, Rank::kAce));
  }

  CardSet set{kQueenOfSpades, kTwoOfClubs, C(Suit::kHearts, Rank::kTen),
              C(Suit::kClubs, Rank::kTen)};
  EXPECT_EQ(set.size(), 4);
  EXPECT_TRUE(set.contains(kQueenOfSpades));
  EXPECT_FALSE(set.contains(kAceOfSpades));
  EXPECT_EQ(set.count_suit(Suit::kClubs), 2);
  EXPECT_EQ(set.count_suit(Suit::kDiamonds), 0);
  EXPECT_FALSE(set.has_suit(Suit::kDiamonds));
  EXPECT_TRUE(set.has_suit(Suit::kHearts));
  EXPECT_EQ(set.of_suit(Suit::kClubs), (CardSet{kTwoOfClubs, C(Suit::kClubs, Rank::kTen)}));
  EXPECT_EQ(set.lowest(), kTwoOfClubs);
  EXPECT_EQ(set.highest(), kQueenOfSpades);
  EXPECT_EQ(set.of_suit(Suit::kClubs).highest(), C(Suit::kClubs, Rank::kTen));
  EXPECT_EQ(set.nth(0), kTwoOfClubs);
  EXPECT_EQ(set.nth(1), C(Suit::kClubs, Rank::kTen));
  EXPECT_EQ(set.nth(2), C(Suit::kHearts, Rank::kTen));
  EXPECT_EQ(set.nth(3), kQueenOfSpades);

  set.erase(kTwoOfClubs);
  EXPECT_FALSE(set.contains(kTwoOfClubs));
  EXPECT_EQ(set.size(), 3);
  set.erase(kTwoOfClubs);  // erasing an absent card is harmless
  EXPECT_EQ(set.size(), 3);
  set.insert(kQueenOfSpades);  // inserting twice is harmless
  EXPECT_EQ(set.size(), 3);

  const CardSet a{kTwoOfClubs, kQueenOfSpades};
  const CardSet b{kQueenOfSpades, kAceOfSpades};
  EXPECT_EQ(a | b, (CardSet{kTwoOfClubs, kQueenOfSpades, kAceOfSpades}));
  EXPECT_EQ(a & b, CardSet{kQueenOfSpades});
  EXPECT_EQ(a - b, CardSet{kTwoOfClubs});
  EXPECT_TRUE(a.intersects(b));
  EXPECT_FALSE((a - b).intersects(b));
  EXPECT_TRUE((a | b).contains_all(a));
  EXPECT_FALSE(a.contains_all(b));
  CardSet c = a;
  c |= b;
  EXPECT_EQ(c, a | b);
  c &= b;
  EXPECT_EQ(c, b);
  c -= CardSet{kAceOfSpades};
  EXPECT_EQ(c, CardSet{kQueenOfSpades});
}

TEST(CardSetTest, IterationOrderAndNth) {
  // Iteration is ascending by id: clubs, diamonds, hearts, spades, low rank first.
  std::vector<Card> order;
  for (Card card : CardSet::full_deck()) order.push_back(card);
  ASSERT_EQ(order.size(), 52u);
  EXPECT_EQ(order, AllCards());
  for (int i = 0; i < 52; ++i) EXPECT_EQ(CardSet::full_deck().nth(i), order[i]);
  static_assert(CardSet(uint64_t{0x1FFF}).nth(12) == Card(Suit::kClubs, Rank::kAce));  // constexpr

  // A pseudo-random subset: iteration, nth, lowest and highest agree with a sorted list.
  Rng rng(12345);
  for (int round = 0; round < 200; ++round) {
    CardSet set;
    std::vector<Card> expected;
    for (Card card : AllCards()) {
      if (rng.uniform(3) == 0) {
        set.insert(card);
        expected.push_back(card);
      }
    }
    ASSERT_EQ(set.size(), static_cast<int>(expected.size()));
    std::vector<Card> got;
    for (Card card : set) got.push_back(card);
    EXPECT_EQ(got, expected);
    for (size_t i = 0; i < expected.size(); ++i) {
      // nth may take the processor's PDEP path (hearts/bit_dispatch.h); both paths must agree.
      EXPECT_EQ(set.nth(static_cast<int>(i)), expected[i]);
      EXPECT_EQ(set.nth_portable(static_cast<int>(i)), expected[i]);
    }
    if (!expected.empty()) {
      EXPECT_EQ(set.lowest(), expected.front());
      EXPECT_EQ(set.highest(), expected.back());
    }
    for (Suit suit : kSuits) {
      int count = 0;
      for (Card card : expected) count += card.suit() == suit;
      EXPECT_EQ(set.count_suit(suit), count);
    }
  }
}

TEST(CardSetTest, ToStringAndParseCards) {
  EXPECT_EQ(to_string(CardSet{}), "-");
  const CardSet set{kQueenOfSpades, C(Suit::kClubs, Rank::kTen), kTwoOfClubs};
  EXPECT_EQ(to_string(set), "2C 10C QS");
  EXPECT_EQ(parse_cards("2C 10C QS"), set);
  EXPECT_EQ(parse_cards("QS,10C,2C"), set);
  EXPECT_EQ(parse_cards("Q♠, TC 2c"), set);
  EXPECT_EQ(parse_cards("  QS   10c  2C "), set);
  EXPECT_EQ(parse_cards(to_string(CardSet::full_deck())), CardSet::full_deck());

  std::string error;
  EXPECT_EQ(parse_cards("QS 10H TH", &error), std::nullopt);  // 10H twice
  EXPECT_FALSE(error.empty());
  error.clear();
  EXPECT_EQ(parse_cards("QS QS", &error), std::nullopt);
  EXPECT_FALSE(error.empty());
  EXPECT_NE(error.find("QS"), std::string::npos) << error;
  error.clear();
  EXPECT_EQ(parse_cards("QS QX 2C", &error), std::nullopt);
  EXPECT_NE(error.find("QX"), std::string::npos) << error;

  // Round trip of random sets through to_string / parse_cards.
  Rng rng(99);
  for (int round = 0; round < 100; ++round) {
    const CardSet random(rng.next() & CardSet::full_deck().bits());
    if (random.empty()) continue;
    EXPECT_EQ(parse_cards(to_string(random)), random) << to_string(random);
  }
}

// --- Rng ---------------------------------------------------------------------------------

TEST(RngTest, SameSeedSameSequence) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    differs |= x != c.next();
  }
  EXPECT_TRUE(differs);
  Rng d(7), e(7);
  for (int i = 0; i < 1000; ++i) {
    const uint32_t bound = static_cast<uint32_t>(i % 97 + 1);
    EXPECT_EQ(d.uniform(bound), e.uniform(bound));
  }
  // A copy continues identically.
  Rng f(5);
  f.next();
  Rng g = f;
  for (int i = 0; i < 100; ++i) EXPECT_EQ(f.next(), g.next());
  // Seed 0 must not collapse to an all-zero xoshiro state.
  Rng zero(0);
  uint64_t any = 0;
  for (int i = 0; i < 4; ++i) any |= zero.next();
  EXPECT_NE(any, 0u);
}

TEST(RngTest, UniformRange) {
  Rng rng(2024);
  for (uint32_t bound : {1u, 2u, 3u, 7u, 13u, 52u, 1000u, 0x80000001u, 0xFFFFFFFFu}) {
    uint32_t max_seen = 0;
    for (int i = 0; i < 2000; ++i) {
      const uint32_t x = rng.uniform(bound);
      ASSERT_LT(x, bound);
      max_seen = std::max(max_seen, x);
    }
    if (bound == 1) {
      EXPECT_EQ(max_seen, 0u);
    } else if (bound <= 52) {
      EXPECT_EQ(max_seen, bound - 1);
    }
  }
}

TEST(RngTest, ShuffleIsAPermutation) {
  Rng rng(77);
  std::array<int, 52> original;
  std::iota(original.begin(), original.end(), 0);
  int changed = 0;
  for (int round = 0; round < 100; ++round) {
    std::array<int, 52> items = original;
    rng.shuffle(std::span<int>(items));
    changed += items != original;
    std::array<int, 52> sorted = items;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, original);
  }
  EXPECT_GE(changed, 99);
  // Shuffles of cards, of empty and of single-element spans.
  std::vector<Card> cards = AllCards();
  rng.shuffle(std::span<Card>(cards));
  CardSet seen;
  for (Card card : cards) seen.insert(card);
  EXPECT_EQ(seen, CardSet::full_deck());
  std::vector<int> none;
  rng.shuffle(std::span<int>(none));
  std::vector<int> one{5};
  rng.shuffle(std::span<int>(one));
  EXPECT_EQ(one, std::vector<int>{5});
  // Same seed, same shuffle.
  Rng r1(1234), r2(1234);
  std::array<int, 52> s1 = original, s2 = original;
  r1.shuffle(std::span<int>(s1));
  r2.shuffle(std::span<int>(s2));
  EXPECT_EQ(s1, s2);
}

TEST(RngTest, ShufflePositionsAreRoughlyUniform) {
  // Where element 0 of a 4-element list ends up: 4 * 4 cells, 40000 shuffles.
  Rng rng(31337);
  std::array<std::array<int, 4>, 4> counts{};
  for (int round = 0; round < 40000; ++round) {
    std::array<int, 4> items{0, 1, 2, 3};
    rng.shuffle(std::span<int>(items));
    for (int pos = 0; pos < 4; ++pos) ++counts[items[pos]][pos];
  }
  for (const auto& row : counts) {
    for (int count : row) {
      EXPECT_GT(count, 9400);
      EXPECT_LT(count, 10600);
    }
  }
}

TEST(RngTest, UniformChiSquare) {
  Rng rng(123456789);
  constexpr int kBins = 13;
  constexpr int kDraws = 130000;
  std::array<int, kBins> counts{};
  for (int i = 0; i < kDraws; ++i) ++counts[rng.uniform(kBins)];
  const double expected = static_cast<double>(kDraws) / kBins;
  double chi2 = 0;
  for (int count : counts) chi2 += (count - expected) * (count - expected) / expected;
  // 12 degrees of freedom: mean 12, P(chi2 > 50) is about 1e-6.
  EXPECT_LT(chi2, 50.0);
  for (int count : counts) EXPECT_GT(count, 0);
}

TEST(RngTest, DeriveSeedDiffersAcrossIndices) {
  for (uint64_t seed : {0ull, 1ull, 42ull, 0xDEADBEEFull, ~0ull}) {
    std::set<uint64_t> seen;
    for (uint64_t i = 0; i < 1000; ++i) {
      const uint64_t derived = derive_seed(seed, i);
      EXPECT_TRUE(seen.insert(derived).second) << "seed " << seed << " index " << i;
      EXPECT_EQ(derived, derive_seed(seed, i));  // a pure function
    }
  }
  EXPECT_NE(derive_seed(1, 0), derive_seed(2, 0));
  // Sub-streams from derived seeds start differently.
  Rng a(derive_seed(9, 0)), b(derive_seed(9, 1));
  EXPECT_NE(a.next(), b.next());
  // splitmix64 advances its state by the golden-ratio increment.
  uint64_t state = 10;
  splitmix64(state);
  EXPECT_EQ(state, 10 + 0x9E3779B97F4A7C15ull);
}

}  // namespace
}  // namespace hearts
