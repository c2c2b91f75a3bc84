// Domino Hearts (a stock) and booster nines on scripted deals: who draws what and when, what is
// legal once the stock is empty, how seats drop out and who leads then, who takes the stock's
// rest, the 31-point end, and tricks that nines extend (docs/rules.md, 3.4 and 3.5).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/rng.h"
#include "hearts/rules.h"
#include "scripted_deal.h"

namespace hearts {
namespace {

using testing_deal::C;
using testing_deal::Cards;
using testing_deal::DealScript;
using testing_deal::Play;
using testing_deal::Script;

CompiledRules Domino(int players = 4, int hand = 6) {
  Rules rules = *preset_rules("domino");
  rules.num_players = players;
  rules.stock_hand_size = hand;
  std::string error;
  auto compiled = compile(rules, &error);
  EXPECT_TRUE(compiled.has_value()) << error;
  return *compiled;
}

TEST(DominoHearts, PresetDealsSixEachAndKeepsTheRestAsStock) {
  const CompiledRules rules = Domino();
  EXPECT_EQ(rules.hand_size, 6);
  EXPECT_EQ(rules.stock_size, 28);
  EXPECT_EQ(rules.in_play, CardSet::full_deck());
  EXPECT_EQ(rules.moon_total, 13);  // hearts only
  Game game(rules, 7);
  game.deal_from_seed();
  ASSERT_EQ(game.phase(), Phase::kPlay);  // no pass
  EXPECT_EQ(game.stock_left(), 28);
  CardSet all;
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(game.hand(s).size(), 6);
    all |= game.hand(s);
  }
  for (Card card : game.stock_order()) {
    EXPECT_FALSE(all.contains(card));
    all.insert(card);
  }
  EXPECT_EQ(all, CardSet::full_deck());
}

TEST(DominoHearts, AVoidSeatDrawsUntilItCanFollowAndOnlyItSeesTheCards) {
  const CompiledRules rules = Domino();
  Game game(rules, 1);
  DealScript(game, Script(rules,
                          {{0, "2C 3C 4C 5C 6C 7C"},
                           {1, "2D 3D 4D 5D 6D 7D"},
                           {2, "8C 9C TC 8D 9D TD"},
                           {3, "JC QC KC JD QD KD"}},
                          "2H 3S AC"));
  Play(game, "2C");
  ASSERT_EQ(game.to_act(), 1);
  EXPECT_EQ(game.hand(1), Cards("2D 3D 4D 5D 6D 7D 2H 3S AC"));
  EXPECT_EQ(game.legal_plays(), Cards("AC"));
  EXPECT_EQ(game.stock_left(), 25);
  const Observation own = observe(game, 1);
  EXPECT_EQ(own.drawn, Cards("2H 3S AC"));
  EXPECT_EQ(own.stock_size, 25);
  EXPECT_EQ(own.drawn_counts[1], 3);
  EXPECT_EQ(own.hand_counts[1], 9);
  EXPECT_EQ(own.hand_counts[0], 5);
  const Observation other = observe(game, 2);
  EXPECT_TRUE(other.drawn.empty());  // the cards are private, the count public
  EXPECT_EQ(other.drawn_counts[1], 3);
  Play(game, "AC");
  const auto drawn = game.drawn_before(1);
  ASSERT_EQ(drawn.size(), 3u);
  EXPECT_EQ(drawn[0], C("2H"));
  EXPECT_EQ(drawn[2], C("AC"));
  EXPECT_TRUE(game.drawn_before(0).empty());
  // Seat 2 can follow: it draws nothing.
  EXPECT_EQ(game.to_act(), 2);
  EXPECT_EQ(game.all_drawn_counts()[2], 0);
}

TEST(DominoHearts, OnceTheStockIsEmptyAVoidSeatPlaysAnyCard) {
  const CompiledRules rules = Domino(4, 12);
  ASSERT_EQ(rules.stock_size, 4);
  Game game(rules, 1);
  DealScript(game, Script(rules,
                          {{0, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"},
                           {1, "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"},
                           {2, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"},
                           {3, "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"}},
                          "AD AH AS AC"));
  Play(game, "2C");
  EXPECT_EQ(game.legal_plays(), Cards("AC"));  // drew all four, the club last
  EXPECT_EQ(game.stock_left(), 0);
  Play(game, "AC");
  ASSERT_EQ(game.to_act(), 2);
  EXPECT_EQ(game.all_drawn_counts()[2], 0);
  EXPECT_EQ(game.legal_plays(), game.hand(2));  // void, nothing to draw: any card
  Play(game, "KH");
  EXPECT_EQ(game.legal_plays(), game.hand(3));
}

TEST(DominoHearts, SeatsDropOutAndTheNextSeatWithCardsLeads) {
  const CompiledRules rules = Domino(4, 1);
  Game game(rules, 1);
  DealScript(game, Script(rules, {{0, "2C"}, {1, "AC"}, {2, "2D"}, {3, "3D"}}, "3C 4C"));
  Play(game, "2C");
  Play(game, "AC");
  EXPECT_EQ(game.legal_plays(), Cards("3C"));
  Play(game, "3C");
  Play(game, "4C");
  ASSERT_EQ(game.tricks_completed(), 1);
  EXPECT_EQ(game.trick_winner(0), 1);
  // Seat 1 won with its last card: seat 2, the next seat holding cards, leads a 2-card trick.
  EXPECT_EQ(game.to_act(), 2);
  EXPECT_EQ(game.trick_length(), 2);
  EXPECT_EQ(game.trick_start(), 4);
  Play(game, "2D");
  EXPECT_EQ(game.to_act(), 3);
  Play(game, "3D");
  // Every hand ran out together: the last trick's winner takes the stock's rest.
  ASSERT_EQ(game.deals_completed(), 1);
  const DealResult& deal = game.last_deal();
  EXPECT_EQ(deal.tricks_won[1], 1);
  EXPECT_EQ(deal.tricks_won[3], 1);
  EXPECT_EQ(deal.last_holder, 3);
  EXPECT_EQ(deal.left_over.size(), 46);
  EXPECT_EQ(deal.points_taken[3], 13);
  EXPECT_EQ(game.trick_size(0), 4);
  EXPECT_EQ(game.trick_size(1), 2);
}

TEST(DominoHearts, TheLastSeatHoldingCardsTakesItsHandAndTheStock) {
  const CompiledRules rules = Domino(3, 1);
  Game game(rules, 1);
  DealScript(game, Script(rules, {{0, "2C"}, {1, "3C"}, {2, "AH"}}, "KC"));
  Play(game, "2C");
  Play(game, "3C");
  EXPECT_EQ(game.hand(2), Cards("AH KC"));
  Play(game, "KC");
  ASSERT_EQ(game.deals_completed(), 1);
  const DealResult& deal = game.last_deal();
  EXPECT_EQ(deal.last_holder, 2);
  EXPECT_TRUE(deal.left_over.contains(C("AH")));
  EXPECT_EQ(deal.left_over.size(), 49);
  EXPECT_EQ(deal.points_taken[2], 13);
  EXPECT_EQ(deal.tricks_won[2], 1);
}

TEST(DominoHearts, StockOptionsAreCheckedAgainstTheRest) {
  Rules rules = *preset_rules("domino");
  rules.pass_schedule = PassSchedule::kLeft;
  EXPECT_FALSE(validate(rules).ok());
  rules = *preset_rules("domino");
  rules.stock_hand_size = 14;
  EXPECT_FALSE(validate(rules).ok());  // 4 x 14 > 52
  rules = *preset_rules("domino");
  rules.booster_nines = true;
  EXPECT_NE(validate(rules).message().find("booster_nines"), std::string::npos);
  rules = *preset_rules("domino");
  rules.deck_adjust = DeckAdjust::kKitty;
  EXPECT_FALSE(validate(rules).ok());
  rules = *preset_rules("domino");
  for (int n = 3; n <= 7; ++n) {
    rules.num_players = n;
    EXPECT_TRUE(validate(rules).ok()) << n;
  }
}

// Plays whole games with uniformly random legal moves; returns the finished game.
Game PlayRandomGame(const CompiledRules& rules, uint64_t seed) {
  Game game(rules, seed);
  Rng rng(seed * 7 + 1);
  for (int steps = 0; steps < 100000 && !game.is_over(); ++steps) {
    if (game.phase() == Phase::kDeal) {
      game.deal_from_seed();
      continue;
    }
    const CardSet legal = game.legal_plays();
    EXPECT_FALSE(legal.empty());
    EXPECT_TRUE(game.play(legal.nth(static_cast<int>(rng.uniform(legal.size())))).ok());
  }
  return game;
}

TEST(DominoHearts, TheGameEndsOnTheDealThatTakesAScoreTo31) {
  for (int players = 3; players <= 7; ++players) {
    const CompiledRules rules = Domino(players);
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      const Game game = PlayRandomGame(rules, seed);
      ASSERT_TRUE(game.is_over());
      int best = 1000;
      int worst = 0;
      int dealt_points = 0;
      for (int s = 0; s < players; ++s) {
        best = std::min(best, game.score(s));
        worst = std::max(worst, game.score(s));
        dealt_points += game.score(s);
      }
      EXPECT_GE(worst, 31);
      EXPECT_EQ(dealt_points, 13 * game.deals_completed());  // every heart is taken each deal
      const auto& last = game.last_deal();
      int before = 0;
      for (int s = 0; s < players; ++s)
        before = std::max(before, game.score(s) - last.deal_score[s]);
      EXPECT_LT(before, 31);
      for (int s = 0; s < players; ++s) EXPECT_EQ(game.rank(s) == 1, game.score(s) == best);
    }
  }
}

CompiledRules Nines() {
  Rules rules = *preset_rules("hearts1887");
  rules.booster_nines = true;
  return *compile(rules);
}

TEST(BoosterNines, ANineAddsARoundAndANineInTheExtensionAddsAnother) {
  const CompiledRules rules = Nines();
  Game game(rules, 1);
  DealScript(
      game,
      Script(rules, {{0, "2C 5C 8C TC JC QC"}, {1, "9C 6C KC"}, {2, "3C 7C AC"}, {3, "4C 9D"}}));
  Play(game, "2C");
  EXPECT_EQ(game.trick_length(), 4);
  Play(game, "9C");
  EXPECT_EQ(game.trick_length(), 8);
  EXPECT_EQ(observe(game, 2).trick_length, 8);
  Play(game, "3C");
  Play(game, "4C");
  EXPECT_EQ(game.tricks_completed(), 0);
  EXPECT_EQ(game.to_act(), 0);  // round two, in the same order
  Play(game, "5C");
  Play(game, "6C");
  Play(game, "7C");
  Play(game, "9D");  // void in clubs; a nine of any suit extends again
  EXPECT_EQ(game.trick_length(), 12);
  Play(game, "8C");
  Play(game, "KC");
  Play(game, "AC");
  EXPECT_EQ(game.current_trick().size(), 11u);
  Play(game, to_string(game.legal_plays().lowest()));
  ASSERT_EQ(game.tricks_completed(), 1);
  EXPECT_EQ(game.trick_size(0), 12);
  EXPECT_EQ(game.trick_winner(0), 2);  // the ace of clubs, highest of the suit led
  EXPECT_EQ(game.to_act(), 2);
  EXPECT_EQ(game.hand(0).size(), 10);
  EXPECT_EQ(observe(game, 1).trick_start, 12);
}

TEST(BoosterNines, ExtraRoundsStopWhenTheHandsRunOut) {
  const CompiledRules rules = Nines();
  int capped = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Game game(rules, seed);
    Rng rng(seed);
    game.deal_from_seed();
    while (game.deals_completed() == 0) {
      const CardSet legal = game.legal_plays();
      ASSERT_TRUE(game.play(legal.nth(static_cast<int>(rng.uniform(legal.size())))).ok());
    }
    // Every trick is whole rounds, one per nine it holds beyond the first, as far as the hands
    // reached; the tricks use the 52 cards exactly.
    int total = 0;
    const auto plays = game.plays();
    for (int t = 0; t < game.tricks_completed(); ++t) {
      const int size = game.trick_size(t);
      EXPECT_EQ(size % 4, 0);
      int nines = 0;
      for (int i = total; i < total + size; ++i) nines += plays[i].card.rank() == Rank::kNine;
      const int cards_left = 13 - total / 4;
      EXPECT_EQ(size, 4 * std::min(1 + nines, cards_left)) << "seed " << seed << " trick " << t;
      capped += 1 + nines > cards_left;
      total += size;
    }
    EXPECT_EQ(total, 52);
  }
  EXPECT_GT(capped, 0);  // some deal ended with a nine whose round the hands could not play
}

}  // namespace
}  // namespace hearts
