// Jokers on scripted deals (docs/rules.md, 3.6): the zero of clubs and of diamonds as the lowest
// card of their suits, valueless jokers played at any time or only when void, never winning,
// leading under each convention (never, the next card decides, a called suit), and jokers as
// penalty cards always or only in a hearts trick.
#include <gtest/gtest.h>

#include <string>

#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/rule_options.h"
#include "hearts/rules.h"
#include "scripted_deal.h"

namespace hearts {
namespace {

using testing_deal::C;
using testing_deal::Cards;
using testing_deal::DealScript;
using testing_deal::Play;
using testing_deal::Script;

// Hearts of 1887 for three (54 cards: 18 each, nothing removed) with `settings` applied.
CompiledRules JokerRules(std::initializer_list<const char*> settings) {
  Rules rules = *preset_rules("hearts1887");
  rules.num_players = 3;
  rules.deck_adjust = DeckAdjust::kKitty;
  for (const char* setting : settings) {
    const Status status = apply_rule_setting(rules, setting);
    EXPECT_TRUE(status.ok()) << status.message();
  }
  std::string error;
  auto compiled = compile(rules, &error);
  EXPECT_TRUE(compiled.has_value()) << error;
  return *compiled;
}

TEST(JokerCards, NamesParseAndPrintBothWays) {
  for (const char* text : {"0C", "0D", "JK1", "JK2", "JK1H", "JK2S", "JK1C"}) {
    EXPECT_EQ(to_string(C(text)), text);
    EXPECT_TRUE(C(text).is_joker());
    EXPECT_FALSE(C(text).is_valid());
  }
  EXPECT_EQ(C("JK1H").held(), kJoker1);
  EXPECT_EQ(C("JK1H").called_suit(), 2);
  EXPECT_EQ(C("JK1").called_suit(), -1);
  EXPECT_EQ(joker_calling(kJoker2, Suit::kSpades), C("JK2S"));
  // No joker is in any suit's 13 cards.
  for (int s = 0; s < 4; ++s)
    EXPECT_FALSE(CardSet::whole_suit(static_cast<Suit>(s)).contains(C("0C")));
}

TEST(ZeroJokers, TheZeroOfClubsIsTheLowestClubAndTheZeroOfDiamondsADiamond) {
  const CompiledRules rules = JokerRules({"jokers=zero-clubs-diamonds"});
  ASSERT_EQ(rules.hand_size, 18);
  ASSERT_EQ(rules.kitty_size, 0);
  Game game(rules, 1);
  DealScript(game, Script(rules, {{0, "0C 3D"}, {1, "2C 0D 4D"}, {2, "5D"}}));
  ASSERT_EQ(game.to_act(), 0);
  EXPECT_TRUE(game.legal_plays().contains(C("0C")));
  Play(game, "0C");
  EXPECT_EQ(game.legal_plays(), Cards("2C"));  // must follow; the 0D is no club
  Play(game, "2C");
  Play(game, "AS");
  EXPECT_EQ(game.trick_winner(0), 1);  // the deuce beats the zero
  Play(game, "0D");
  EXPECT_EQ(game.legal_plays(), Cards("5D"));
  Play(game, "5D");
  EXPECT_TRUE(game.legal_plays().contains(C("3D")));
  Play(game, "3D");
  EXPECT_EQ(game.trick_winner(1), 2);  // 5D over 3D; the 0D lowest
}

TEST(ZeroJokers, ItLeadsFirstUnderTwoOfClubsAndTheDeuceBeatsIt) {
  const CompiledRules rules = JokerRules({"jokers=zero-clubs-diamonds", "first_lead=two-of-clubs"});
  Game game(rules, 1);
  DealScript(game, Script(rules, {{0, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}, {2, "0C"}}));
  ASSERT_EQ(game.to_act(), 2);  // the lowest club dealt leads
  EXPECT_EQ(game.legal_plays(), Cards("0C"));
  Play(game, "0C");
  Play(game, "2C");
  EXPECT_FALSE(game.hand(1).has_suit(Suit::kClubs));
  Play(game, to_string(game.legal_plays().lowest()));
  EXPECT_EQ(game.trick_winner(0), 0);  // 2C over 0C
}

TEST(ValuelessJokers, PlayableAtAnyTimeNeverWinning) {
  const CompiledRules rules = JokerRules({"jokers=valueless"});
  Game game(rules, 1);
  DealScript(game, Script(rules, {{0, "2C"}, {1, "3C JK1"}, {2, "4C JK2"}}));
  Play(game, "2C");
  EXPECT_TRUE(game.legal_plays().contains(C("3C")));
  EXPECT_TRUE(game.legal_plays().contains(kJoker1));  // though seat 1 could follow
  Play(game, "JK1");
  Play(game, "JK2");
  // Neither joker can win: the 2C takes the trick.
  EXPECT_EQ(game.trick_winner(0), 0);
  EXPECT_EQ(game.points_taken(0), 0);
}

TEST(ValuelessJokers, OnlyWhenVoidWhereTheRuleSaysSo) {
  const CompiledRules rules = JokerRules({"jokers=valueless", "joker_play=when-void"});
  Game game(rules, 1);
  DealScript(game, Script(rules, {{0, "2C"}, {1, "3C JK1"}, {2, "JK2 2H"}}));
  Play(game, "2C");
  EXPECT_FALSE(game.legal_plays().contains(kJoker1));
  Play(game, "3C");
  EXPECT_TRUE(game.legal_plays().contains(kJoker2));  // seat 2 holds no club
}

TEST(ValuelessJokers, LeadingUnderEachConvention) {
  const auto deal = [](Game& game, const CompiledRules& rules) {
    DealScript(game, Script(rules, {{0, "JK1 2C"}, {1, "3D AH"}, {2, "JK2 4D 2H"}}));
  };
  {
    const CompiledRules rules = JokerRules({"jokers=valueless"});
    Game game(rules, 1);
    deal(game, rules);
    EXPECT_FALSE(game.legal_plays().contains(kJoker1));  // never leads
  }
  {
    const CompiledRules rules = JokerRules({"jokers=valueless", "joker_lead=next-card"});
    Game game(rules, 1);
    deal(game, rules);
    Play(game, "JK1");
    EXPECT_EQ(game.lead_suit(), -1);
    EXPECT_EQ(game.legal_plays(), game.hand(1));  // no suit yet: anything
    Play(game, "3D");
    EXPECT_EQ(game.lead_suit(), static_cast<int>(Suit::kDiamonds));
    EXPECT_TRUE(game.legal_plays().contains(C("4D")));
    EXPECT_FALSE(game.legal_plays().contains(C("2H")));
    Play(game, "4D");
    EXPECT_EQ(game.trick_winner(0), 2);
  }
  {
    const CompiledRules rules = JokerRules({"jokers=valueless", "joker_lead=called-suit"});
    Game game(rules, 1);
    deal(game, rules);
    const CardSet legal = game.legal_plays();
    for (const char* call : {"JK1C", "JK1D", "JK1H", "JK1S"}) EXPECT_TRUE(legal.contains(C(call)));
    EXPECT_FALSE(legal.contains(kJoker1));
    Play(game, "JK1H");
    EXPECT_FALSE(game.hand(0).contains(kJoker1));
    EXPECT_EQ(game.plays()[0].card, C("JK1H"));
    EXPECT_EQ(observe(game, 1).lead_suit, static_cast<int>(Suit::kHearts));
    EXPECT_TRUE(game.legal_plays().contains(C("AH")));
    EXPECT_FALSE(game.legal_plays().contains(C("3D")));  // hearts were called
    Play(game, "AH");
    Play(game, "2H");
    EXPECT_EQ(game.trick_winner(0), 1);
  }
}

TEST(JokersAsPenaltyCards, ScoreAlwaysOrOnlyInAHeartsTrick) {
  {
    const CompiledRules rules = JokerRules({"jokers=valueless", "joker_points=5"});
    EXPECT_EQ(rules.moon_total, 13 + 10);
    Game game(rules, 1);
    DealScript(game, Script(rules, {{0, "2C"}, {1, "3C JK1"}, {2, "4C"}}));
    Play(game, "2C");
    Play(game, "JK1");
    Play(game, "4C");
    EXPECT_EQ(game.points_taken(2), 5);
  }
  {
    const CompiledRules rules =
        JokerRules({"jokers=valueless", "joker_points=5", "joker_scoring=hearts-trick"});
    Game game(rules, 1);
    DealScript(game, Script(rules, {{0, "2C 2H"}, {1, "3C JK1 3H"}, {2, "4C JK2 4H"}}));
    Play(game, "2C");
    Play(game, "JK1");
    Play(game, "4C");
    EXPECT_EQ(game.points_taken(2), 0);  // a club trick: the joker scores nothing
    Play(game, "4H");
    Play(game, "2H");
    Play(game, "3H");
    EXPECT_EQ(game.points_taken(2), 3);
  }
}

TEST(JokersAsPenaltyCards, AJokerInAHeartsTrickScores) {
  const CompiledRules rules =
      JokerRules({"jokers=valueless", "joker_points=5", "joker_scoring=hearts-trick"});
  Game game(rules, 1);
  DealScript(game, Script(rules, {{0, "2H"}, {1, "JK1 3H"}, {2, "4H"}}));
  Play(game, "2H");
  Play(game, "JK1");
  Play(game, "4H");
  EXPECT_EQ(game.points_taken(2), 2 + 5);
}

TEST(JokerOptions, AreCheckedAgainstEachOther) {
  Rules rules = *preset_rules("hearts1887");
  rules.joker_points = 3;
  EXPECT_FALSE(validate(rules).ok());
  rules = *preset_rules("hearts1887");
  rules.joker_lead = JokerLead::kCalledSuit;
  EXPECT_FALSE(validate(rules).ok());
  rules.jokers = JokerKind::kValueless;
  EXPECT_TRUE(validate(rules).ok());
  rules.joker_count = 3;
  EXPECT_FALSE(validate(rules).ok());
  rules = *preset_rules("hearts1887");
  rules.jokers = JokerKind::kZeroClubsDiamonds;
  rules.joker_count = 1;
  EXPECT_FALSE(validate(rules).ok());
}

}  // namespace
}  // namespace hearts
