// CardSet's iterator is a standard forward iterator: containers build from it, std::ranges
// algorithms accept a CardSet, and post-increment and default construction behave as the
// standard requires.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <ranges>
#include <vector>

#include "hearts/card_set.h"

namespace hearts {
namespace {

static_assert(std::forward_iterator<CardSet::Iterator>);
static_assert(std::ranges::forward_range<CardSet>);
static_assert(std::same_as<std::iter_value_t<CardSet::Iterator>, Card>);
static_assert(std::same_as<std::iter_difference_t<CardSet::Iterator>, std::ptrdiff_t>);
static_assert(std::same_as<std::iterator_traits<CardSet::Iterator>::iterator_category,
                           std::forward_iterator_tag>);
// The iterator is a word, as before: the engine's loops over sets stay bit operations.
static_assert(sizeof(CardSet::Iterator) == sizeof(uint64_t));
static_assert(sizeof(CardSet) == sizeof(uint64_t));

CardSet sample() {
  return *parse_cards("2C 10C QS AH 3D");
}

TEST(CardSetIterator, VectorBuildsFromBeginEndInAscendingIdOrder) {
  const CardSet set = sample();
  const std::vector<Card> cards(set.begin(), set.end());
  ASSERT_EQ(cards.size(), 5u);
  EXPECT_EQ(to_string(CardSet{cards[0], cards[1], cards[2], cards[3], cards[4]}), to_string(set));
  EXPECT_TRUE(std::ranges::is_sorted(cards, {}, &Card::id));
  EXPECT_EQ(cards.front(), set.lowest());
  EXPECT_EQ(cards.back(), set.highest());
}

TEST(CardSetIterator, RangesAlgorithmsWorkOnASet) {
  const CardSet set = sample();
  EXPECT_EQ(std::ranges::distance(set), 5);
  EXPECT_EQ(std::ranges::count_if(set, [](Card c) { return c.suit() == Suit::kClubs; }), 2);
  const auto queen = std::ranges::find(set, *parse_card("QS"));
  ASSERT_NE(queen, set.end());
  EXPECT_EQ((*queen).id(), 58);
  std::vector<Card> copied;
  std::ranges::copy(set, std::back_inserter(copied));
  EXPECT_EQ(copied, std::vector<Card>(set.begin(), set.end()));
}

TEST(CardSetIterator, PostIncrementReturnsThePositionBefore) {
  const CardSet set = sample();
  auto it = set.begin();
  const auto before = it++;
  EXPECT_EQ(*before, set.lowest());
  EXPECT_EQ(*it, set.nth(1));
  EXPECT_NE(before, it);
  // Forward iterators are multi-pass: a copy walks the same cards again.
  auto again = set.begin();
  EXPECT_EQ(before, again);
  EXPECT_EQ(*++again, *it);
}

TEST(CardSetIterator, DefaultConstructedEqualsEndAndEmptySetIsEmptyRange) {
  EXPECT_EQ(CardSet::Iterator{}, CardSet{}.end());
  EXPECT_EQ(CardSet{}.begin(), CardSet{}.end());
  EXPECT_TRUE(std::vector<Card>(CardSet{}.begin(), CardSet{}.end()).empty());
  const CardSet deck = CardSet::full_deck();
  EXPECT_EQ(std::ranges::distance(deck.begin(), deck.end()), 52);
}

}  // namespace
}  // namespace hearts
