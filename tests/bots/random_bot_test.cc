// The bundled `random` bot, loaded for real: its play is a pure function of the observation's
// legal cards and random_seed, uniform over the legal cards, and it takes the generator's path
// when the seed's quick draw would be biased; its pass is a uniform set of distinct legal cards,
// each place of it as likely to hold any of them.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "hearts/observation.h"
#include "hearts/rng.h"
#include "support/bot_rules.h"

namespace arena {
namespace {

using bot_rules::cards;
using bot_rules::compiled;
using bot_rules::LoadedBot;
using bot_rules::preset;

class RandomBotTest : public ::testing::Test {
 protected:
  RandomBotTest() : rules_(compiled(preset("standard"))), bot_("random", rules_, 0, 4) {
    obs_.rules = &rules_;
    obs_.phase = hearts::Phase::kPlay;
    obs_.num_players = 4;
  }
  hearts::CompiledRules rules_;
  LoadedBot bot_;
  hearts::Observation obs_;
};

// Seeds as the referee gives them (SplitMix64 outputs): each of three legal cards is played about
// a third of the time, the same card for the same seed, and never a card outside the legal set.
TEST_F(RandomBotTest, PlaysEachLegalCardEquallyOftenAndTheSameForTheSameSeed) {
  obs_.legal = cards("2C 9H QS");
  obs_.hand = cards("2C 5D 9H QS");
  std::array<int, 3> counts{};
  uint64_t state = 2026;
  const int draws = 3000;
  for (int i = 0; i < draws; ++i) {
    obs_.random_seed = hearts::splitmix64(state);
    const hearts::Card card = bot_.play(obs_);
    ASSERT_TRUE(obs_.legal.contains(card));
    EXPECT_EQ(bot_.play(obs_), card) << "the same seed must give the same card";
    const int index = card == obs_.legal.nth(0) ? 0 : card == obs_.legal.nth(1) ? 1 : 2;
    ++counts[static_cast<size_t>(index)];
  }
  // Each count is binomial(3000, 1/3): 1000 +- 26; 130 is five standard deviations.
  for (int count : counts) EXPECT_NEAR(count, draws / 3, 130);
}

// A seed below 2^32 makes the quick draw's low half 0, inside the biased sliver for three cards
// ((2^32 - 3) mod 3 = 1): the card must then be the one a generator seeded with it draws.
TEST_F(RandomBotTest, ABiasedQuickDrawFallsBackToTheGenerator) {
  obs_.legal = cards("2C 9H QS");
  obs_.hand = obs_.legal;
  for (uint64_t seed : {uint64_t{1}, uint64_t{77}, uint64_t{0xFFFFFFFF}}) {
    obs_.random_seed = seed;
    hearts::Rng rng(seed);
    EXPECT_EQ(bot_.play(obs_), obs_.legal.nth(static_cast<int>(rng.uniform(3)))) << seed;
  }
  // Just above the sliver the quick draw stands: the seed's high half picks the card.
  obs_.random_seed = (uint64_t{0xAAAAAAAB} << 32);  // high half * 3 = 2^33 + 1: card 2, low half 1
  EXPECT_EQ(bot_.play(obs_), obs_.legal.nth(2));
}

// A three-card pass from six passable cards (of a hand of eight), 6,000 seeds: always three
// distinct passable cards, the same for the same seed; each card in about half of the passes
// (3/6) and first in about a sixth of them (an order that is random too: under scatter and star
// passes the order decides who receives which card).
TEST_F(RandomBotTest, PassesAUniformSetOfDistinctLegalCardsInRandomOrder) {
  obs_.phase = hearts::Phase::kPass;
  obs_.pass = hearts::PassPlan{hearts::PassKind::kOffset, 1, 3};
  obs_.hand = cards("2C 5C 5D 9D 9H QH QS AS");
  obs_.legal = cards("2C 5D 9H QH QS AS");
  std::array<int, 64> chosen{};
  std::array<int, 64> first{};
  uint64_t state = 2027;
  const int draws = 6000;
  for (int i = 0; i < draws; ++i) {
    obs_.random_seed = hearts::splitmix64(state);
    const hearts::Decision decision = bot_.decide(obs_);
    ASSERT_EQ(decision.count, 3);
    const hearts::CardSet passed = bot_.pass(obs_);
    ASSERT_EQ(passed.size(), 3) << "three distinct cards";
    ASSERT_TRUE(obs_.legal.contains_all(passed)) << "only passable cards";
    EXPECT_EQ(bot_.decide(obs_).cards[0], decision.cards[0]) << "the same seed, the same pass";
    for (hearts::Card card : passed) ++chosen[static_cast<size_t>(card.id())];
    ++first[static_cast<size_t>(decision.cards[0].id())];
  }
  for (hearts::Card card : obs_.legal) {
    const auto id = static_cast<size_t>(card.id());
    // binomial(6000, 1/2): 3000 +- 39; binomial(6000, 1/6): 1000 +- 29. Five deviations each.
    EXPECT_NEAR(chosen[id], draws / 2, 195) << hearts::to_string(card);
    EXPECT_NEAR(first[id], draws / 6, 145) << hearts::to_string(card);
  }
}

}  // namespace
}  // namespace arena
