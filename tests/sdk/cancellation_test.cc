// Two decks (Cancellation Hearts and the seeds' multi-deck tie rule) on scripted deals built
// with Game::deal_hands_twice: one pair cancels, two pairs void the trick and roll over to the
// next trick's winner, a later identical card wins under later-wins, a void last trick stays
// untaken, a moon needs both queens; plus validation, the seeded deal and a random-play sweep.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/card.h"
#include "hearts/card_pair.h"
#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/rng.h"
#include "hearts/rule_options.h"
#include "hearts/rules.h"

namespace hearts {
namespace {

Card C(std::string_view text) {
  auto card = parse_card(text);
  EXPECT_TRUE(card.has_value()) << text;
  return card.value_or(Card());
}

// The cancellation preset with n players, no passing (so the scripted hands are played).
Rules cancellation(int n, IdenticalCards identical = IdenticalCards::kCancel) {
  Rules rules = *preset_rules("cancellation");
  rules.num_players = n;
  rules.pass_schedule = PassSchedule::kNone;
  rules.identical_cards = identical;
  return rules;
}

// A deal for the test: per seat, the cards it must hold (copies may repeat) and the suits it
// must be void in; the rest of the two decks is spread over the seats that may hold each card.
struct Script {
  std::vector<std::vector<Card>> holds;
  std::vector<std::vector<Suit>> voids;
};

void deal_script(Game& game, const Script& script) {
  const int n = game.num_players();
  const CompiledRules& rules = game.rules();
  std::vector<CardPair> hands(n);
  CardPair pool{rules.in_play, rules.in_play_twice};
  for (int s = 0; s < n; ++s) {
    for (Card card : script.holds[s]) {
      hands[s].add(card);
      pool.remove(card);
    }
  }
  auto forbids = [&](int s, Card card) {
    const auto& v = script.voids[s];
    return std::find(v.begin(), v.end(), card.suit()) != v.end();
  };
  std::vector<Card> copies;
  for (Card card : pool.once) copies.push_back(card);
  for (Card card : pool.twice) copies.push_back(card);
  // Cards that some seat may not hold go first, to the seats with the most room.
  std::stable_sort(copies.begin(), copies.end(), [&](Card a, Card b) {
    auto constrained = [&](Card c) {
      for (int s = 0; s < n; ++s) {
        if (forbids(s, c)) return true;
      }
      return false;
    };
    return constrained(a) > constrained(b);
  });
  for (Card card : copies) {
    int best = -1;
    for (int s = 0; s < n; ++s) {
      if (forbids(s, card) || hands[s].count(card) == 2) continue;
      if (best < 0 || hands[s].size() < hands[best].size()) best = s;
    }
    ASSERT_GE(best, 0) << "no seat can hold " << to_string(card);
    hands[best].add(card);
  }
  std::vector<CardSet> once, twice;
  for (const CardPair& hand : hands) {
    once.push_back(hand.once);
    twice.push_back(hand.twice);
  }
  const Status status = game.deal_hands_twice(once, twice);
  ASSERT_TRUE(status.ok()) << status.message();
}

void play_trick(Game& game, const std::vector<std::string_view>& cards) {
  for (std::string_view text : cards) {
    const Status status = game.play(C(text));
    ASSERT_TRUE(status.ok()) << status.message();
  }
}

// Everyone plays the lowest legal card until the deal ends.
void play_lowest_to_end(Game& game) {
  const int deal = game.deal_index();
  while (game.phase() == Phase::kPlay && game.deal_index() == deal) {
    ASSERT_TRUE(game.play(game.legal_plays().lowest()).ok());
  }
}

Script spade_trick(int n) {
  Script script{std::vector<std::vector<Card>>(n), std::vector<std::vector<Suit>>(n)};
  const char* cards[] = {"KS", "AS", "AS", "QS", "3S", "4S", "5S", "6S"};
  for (int s = 0; s < n; ++s) script.holds[s] = {C(cards[s])};
  return script;
}

TEST(CancellationTest, OnePairCancelsAndTheHighestOtherCardWins) {
  Game game(*compile(cancellation(8)), 1);
  deal_script(game, spade_trick(8));
  play_trick(game, {"KS", "AS", "AS", "QS", "3S", "4S", "5S", "6S"});
  ASSERT_EQ(game.tricks_completed(), 1);
  EXPECT_EQ(game.trick_winner(0), 0);  // both aces cancel: the KS takes the trick
  EXPECT_EQ(game.points_taken(0), 13);
  EXPECT_TRUE(game.taken(0).contains(C("AS")));
  EXPECT_TRUE(game.taken_twice(0).contains(C("AS")));
  EXPECT_EQ(game.to_act(), 0);
}

TEST(CancellationTest, LaterWinsGivesTheTrickToTheLaterOfTwoIdenticalCards) {
  Game game(*compile(cancellation(8, IdenticalCards::kLaterWins)), 1);
  deal_script(game, spade_trick(8));
  play_trick(game, {"KS", "AS", "AS", "QS", "3S", "4S", "5S", "6S"});
  EXPECT_EQ(game.trick_winner(0), 2);  // the most recently played ace takes precedence
  EXPECT_EQ(game.points_taken(2), 13);
  EXPECT_EQ(game.to_act(), 2);
}

TEST(CancellationTest, TwoPairsVoidTheTrickAndItRollsOverToTheNextWinner) {
  Script script{std::vector<std::vector<Card>>(8), std::vector<std::vector<Suit>>(8)};
  const char* first[] = {"9C", "9C", "KC", "KC", "3C", "4C", "5C", "QS"};
  for (int s = 0; s < 8; ++s) script.holds[s] = {C(first[s])};
  script.holds[0].push_back(C("AC"));
  script.holds[0].push_back(C("AC"));
  script.voids[7] = {Suit::kClubs};
  Game game(*compile(cancellation(8)), 1);
  deal_script(game, script);
  play_trick(game, {"9C", "9C", "KC", "KC", "3C", "4C", "5C", "QS"});
  EXPECT_EQ(game.trick_winner(0), kVoidTrick);
  EXPECT_EQ(game.carried_points(), 13);
  EXPECT_EQ(game.carried().size(), 8);
  EXPECT_EQ(game.to_act(), 0);  // the void trick's leader leads again
  for (int s = 0; s < 8; ++s) EXPECT_EQ(game.points_taken(s), 0) << s;

  ASSERT_TRUE(game.play(C("AC")).ok());  // nobody else holds an ace of clubs
  int trick_points = game.rules().card_points[C("AC").id()];
  while (game.tricks_completed() < 2) {
    const Card card = game.legal_plays().lowest();
    trick_points += game.rules().card_points[card.id()];
    ASSERT_TRUE(game.play(card).ok());
  }
  EXPECT_EQ(game.trick_winner(1), 0);
  EXPECT_EQ(game.tricks_won(0), 1);
  EXPECT_EQ(game.points_taken(0), 13 + trick_points);
  EXPECT_TRUE(game.taken_twice(0).contains_all(CardSet{C("9C"), C("KC")}));
  EXPECT_EQ(game.carried().size(), 0);
}

TEST(CancellationTest, ATrickWhoseLedSuitCardsAllCancelIsVoid) {
  Script script{std::vector<std::vector<Card>>(8), std::vector<std::vector<Suit>>(8)};
  script.holds[0] = {C("5H")};
  script.holds[1] = {C("5H")};
  const char* discards[] = {"2C", "3C", "4C", "5C", "6C", "7C"};
  for (int s = 2; s < 8; ++s) {
    script.holds[s] = {C(discards[s - 2])};
    script.voids[s] = {Suit::kHearts};
  }
  Game game(*compile(cancellation(8)), 1);
  deal_script(game, script);
  play_trick(game, {"5H", "5H", "2C", "3C", "4C", "5C", "6C", "7C"});
  EXPECT_EQ(game.trick_winner(0), kVoidTrick);  // one pair only, but no card can take it
  EXPECT_EQ(game.carried_points(), 2);
  EXPECT_EQ(game.to_act(), 0);
}

// Seats 2k and 2k+1 hold the same 13 cards, one suit per pair of seats: with everyone playing
// the lowest legal card every trick holds four pairs, so every trick is void, the last one too.
TEST(CancellationTest, AVoidLastTrickLeavesItsCardsUntaken) {
  Game game(*compile(cancellation(8)), 1);
  std::vector<CardSet> once(8), twice(8);
  for (int s = 0; s < 8; ++s) once[s] = CardSet::whole_suit(static_cast<Suit>(s / 2));
  ASSERT_TRUE(game.deal_hands_twice(once, twice).ok());
  play_lowest_to_end(game);
  const DealResult& d = game.last_deal();
  for (int t = 0; t < 13; ++t) EXPECT_EQ(game.trick_winner(t), kVoidTrick) << t;
  EXPECT_EQ(game.carried().size(), 104);  // nobody took them
  EXPECT_EQ(game.carried_points(), 52);
  EXPECT_EQ(d.moon_shooter, -1);
  for (int s = 0; s < 8; ++s) {
    EXPECT_EQ(d.points_taken[s], 0) << s;
    EXPECT_EQ(d.deal_score[s], 0) << s;
  }
}

// Seat 0 holds the 13 highest clubs and seat 1 the 13 lowest; the others hold no club and
// discard in ascending order, never the same card in one trick. Seat 0 takes every card.
Game moon_game(MoonRule moon) {
  Rules rules = cancellation(8);
  rules.moon = moon;
  Game game(*compile(rules), 1);
  std::vector<CardSet> once(8), twice(8);
  std::vector<Card> rest;
  for (Card card : CardSet::full_deck() - CardSet::whole_suit(Suit::kClubs)) {
    rest.push_back(card);
    rest.push_back(card);
  }
  once[0] = CardSet{C("8C"), C("9C"), C("10C"), C("JC"), C("QC"), C("KC"), C("AC")};
  twice[0] = once[0] - CardSet{C("8C")};
  once[1] = CardSet{C("2C"), C("3C"), C("4C"), C("5C"), C("6C"), C("7C"), C("8C")};
  twice[1] = once[1] - CardSet{C("8C")};
  for (size_t k = 0; k < rest.size(); ++k) add_copy(once[2 + k / 13], twice[2 + k / 13], rest[k]);
  EXPECT_TRUE(game.deal_hands_twice(once, twice).ok());
  return game;
}

TEST(CancellationTest, AMoonNeedsBothCopiesOfEveryPenaltyCard) {
  Game game = moon_game(MoonRule::kOldMoon);
  EXPECT_EQ(game.rules().moon_total, 52);  // 26 hearts and two queens of spades
  play_lowest_to_end(game);
  const DealResult& d = game.last_deal();
  EXPECT_EQ(d.tricks_won[0], 13);
  EXPECT_EQ(d.points_taken[0], 52);
  EXPECT_EQ(d.moon_shooter, 0);
  EXPECT_EQ(d.deal_score[0], 0);
  for (int s = 1; s < 8; ++s) EXPECT_EQ(d.deal_score[s], 52) << s;
}

TEST(CancellationTest, ASeatMissingOneCopyOfAPenaltyCardHasNoMoon) {
  // Seat 0 gives its second AC for seat 1's 8C: the last trick holds both aces, cancels and is
  // void, so its 8H and AH (seats 4 and 5's last discards) stay untaken. Seat 0 took the other
  // 8H and AH only.
  Game game = moon_game(MoonRule::kOldMoon);
  Game swapped(game.rules(), 1);
  std::vector<CardSet> once(8), twice(8);
  for (int s = 0; s < 8; ++s) {
    once[s] = game.hand(s);
    twice[s] = game.hand_twice(s);
  }
  twice[0].erase(C("AC"));
  twice[0].insert(C("8C"));
  once[1].erase(C("8C"));  // seat 1: 2C..7C twice and one AC
  once[1].insert(C("AC"));
  ASSERT_TRUE(swapped.deal_hands_twice(once, twice).ok());
  play_lowest_to_end(swapped);
  const DealResult& d = swapped.last_deal();
  EXPECT_EQ(swapped.trick_winner(12), kVoidTrick);
  EXPECT_EQ(d.tricks_won[0], 12);
  EXPECT_EQ(swapped.carried_points(), 2);
  EXPECT_EQ(d.points_taken[0], 50);
  EXPECT_TRUE(swapped.taken(0).contains(C("8H")));
  EXPECT_FALSE(swapped.taken_twice(0).contains(C("8H")));
  EXPECT_EQ(d.moon_shooter, -1);
  EXPECT_EQ(d.deal_score[0], 50);
}

TEST(CancellationTest, CulbertsonsSlamWithTwoDecksScoresNothing) {
  Game game = moon_game(MoonRule::kNoScore);
  play_lowest_to_end(game);
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
  for (int s = 0; s < 8; ++s) EXPECT_EQ(game.last_deal().deal_score[s], 0) << s;
}

TEST(CancellationTest, PassingTheSameCardTwiceNeedsBothCopies) {
  Rules rules = cancellation(8);
  rules.pass_schedule = PassSchedule::kLeft;  // two cards with eight players
  Game game(*compile(rules), 1);
  Script script{std::vector<std::vector<Card>>(8), std::vector<std::vector<Suit>>(8)};
  script.holds[0] = {C("QS"), C("QS")};
  deal_script(game, script);
  ASSERT_EQ(game.phase(), Phase::kPass);
  const std::array<Card, 2> both = {C("QS"), C("QS")};
  ASSERT_TRUE(game.pass_cards(both).ok());
  ASSERT_EQ(game.to_act(), 1);
  const Card single = (game.hand(1) - game.hand_twice(1)).lowest();
  const std::array<Card, 2> twice_one = {single, single};
  EXPECT_EQ(game.pass_cards(twice_one).message(),
            "pass by seat 1: " + to_string(single) + " given twice");
  for (int s = 1; s < 8; ++s) {
    const CardSet hand = game.hand(s);
    const std::array<Card, 2> two = {hand.lowest(), hand.highest()};
    ASSERT_TRUE(game.pass_cards(two).ok());
  }
  EXPECT_TRUE(game.hand_twice(1).contains(kQueenOfSpades));
  EXPECT_TRUE(game.received_twice(1).contains(kQueenOfSpades));
  EXPECT_FALSE(game.hand(0).contains(kQueenOfSpades));
}

TEST(CancellationTest, ValidationNamesTheOption) {
  Rules rules = *preset_rules("cancellation");
  for (int n = 6; n <= 11; ++n) {
    rules.num_players = n;
    EXPECT_TRUE(validate(rules).ok()) << n << ": " << validate(rules).message();
  }
  rules.num_players = 5;
  EXPECT_EQ(validate(rules).message(),
            "invalid rules: decks: two decks need 6 to 11 players, not 5");
  rules.num_players = 12;
  EXPECT_EQ(validate(rules).message(),
            "invalid rules: num_players: 12 players; the engine plays 3 to 7 (6 to 11 with "
            "decks=2)");
  Rules one = Rules{};
  one.num_players = 8;
  EXPECT_EQ(validate(one).message(),
            "invalid rules: num_players: 8 players with one deck; one deck plays 3 to 7 "
            "(decks=2 plays 6 to 11)");
  one.num_players = 4;
  one.decks = 3;
  EXPECT_EQ(validate(one).message(), "invalid rules: decks: 3 decks; give 1 or 2");
  one.decks = 1;
  one.identical_cards = IdenticalCards::kCancel;
  EXPECT_EQ(validate(one).message(),
            "invalid rules: identical_cards: cancel needs decks=2 (one deck has no identical "
            "cards)");
  rules.num_players = 8;
  rules.deck_adjust = DeckAdjust::kKitty;
  EXPECT_FALSE(validate(rules).ok());
}

TEST(CancellationTest, LeftoverCardsFollowTheRemovalOrderCopyByCopy) {
  // 104 mod n: 6 -> 2, 7 -> 6, 9 -> 5, 10 -> 4, 11 -> 5 (Culbertson's order 2C 2D 2S 2H).
  const std::vector<std::pair<int, std::string>> removed = {
      {6, "2C 2C"},          {7, "2C 2C 2D 2D 2S 2S"}, {8, ""},
      {9, "2C 2C 2D 2D 2S"}, {10, "2C 2C 2D 2D"},      {11, "2C 2C 2D 2D 2S"}};
  for (const auto& [n, text] : removed) {
    const CompiledRules c = *compile(cancellation(n));
    CardPair out{CardSet::full_deck() - c.in_play, CardSet::full_deck() - c.in_play_twice};
    std::string got;
    for (Card card : out.twice) {
      got += (got.empty() ? "" : " ") + to_string(card);
      if (out.once.contains(card)) got += " " + to_string(card);
    }
    EXPECT_EQ(got, text) << n;
    EXPECT_EQ(c.hand_size, 104 / n) << n;
    EXPECT_EQ(c.moon_total, 52) << n;
  }
}

TEST(CancellationTest, OptionsParseAndOldRulesKeepOneDeck) {
  Rules rules;
  EXPECT_EQ(rules.decks, 1);
  ASSERT_TRUE(apply_rule_setting(rules, "decks=2").ok());
  ASSERT_TRUE(apply_rule_setting(rules, "identical_cards=cancel").ok());
  EXPECT_EQ(rules.identical_cards, IdenticalCards::kCancel);
  EXPECT_EQ(apply_rule_setting(rules, "identical_cards=both").message(),
            "rule option identical_cards: bad value 'both' (expected one of later-wins, cancel)");
  EXPECT_EQ(*find_rule_option("decks")->value_before_added, "1");
  EXPECT_EQ(*find_rule_option("identical_cards")->value_before_added, "later-wins");
}

// A seeded deal holds both decks' cards in play; random legal play to the game's end keeps
// every card accounted for: taken by a seat, or carried by void tricks nobody took.
TEST(CancellationTest, RandomPlaySweepAccountsForEveryCard) {
  for (int n : {6, 8, 11}) {
    for (uint64_t seed = 0; seed < 12; ++seed) {
      Rules rules = *preset_rules("cancellation");
      rules.num_players = n;
      rules.identical_cards = seed % 3 == 0 ? IdenticalCards::kLaterWins : IdenticalCards::kCancel;
      Game game(*compile(rules), seed);
      Rng rng(seed);
      int deals = 0;
      while (!game.is_over() && deals < 40) {
        if (game.phase() == Phase::kDeal) {
          game.deal_from_seed();
          CardPair all;
          for (int s = 0; s < n; ++s) all.add(CardPair{game.hand(s), game.hand_twice(s)});
          ASSERT_EQ(all, (CardPair{game.rules().in_play, game.rules().in_play_twice}));
        } else if (game.phase() == Phase::kPass) {
          const CardSet hand = game.passable(game.to_act());
          std::vector<Card> cards;
          for (Card card : hand) {
            if (static_cast<int>(cards.size()) < game.pass_plan().count) cards.push_back(card);
          }
          ASSERT_TRUE(game.pass_cards(cards).ok());
        } else if (game.phase() == Phase::kPlay) {
          const CardSet legal = game.legal_plays();
          ASSERT_FALSE(legal.empty());
          ASSERT_TRUE(game.play(legal.nth(static_cast<int>(rng.uniform(legal.size())))).ok());
          if (game.phase() != Phase::kPlay) {
            ++deals;
            CardPair taken = game.carried();
            int points = game.carried_points();
            for (int s = 0; s < n; ++s) {
              taken.add(CardPair{game.taken(s), game.taken_twice(s)});
              points += game.last_deal().points_taken[s];
            }
            ASSERT_EQ(taken, (CardPair{game.rules().in_play, game.rules().in_play_twice}));
            ASSERT_EQ(points, 52);
          }
        } else {
          game.resolve_chance();
        }
      }
      EXPECT_TRUE(game.is_over()) << n << " players, seed " << seed;
    }
  }
}

}  // namespace
}  // namespace hearts
