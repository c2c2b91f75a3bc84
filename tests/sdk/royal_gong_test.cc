// Royal Hearts and Gong Zhu (rules.h card_values and taker effects, game_taker_effects.cc): each
// deal is built with deal_hands and played from a script; the traces are written next to them.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/card.h"
#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/rule_options.h"
#include "hearts/rules.h"
#include "scripted_deal.h"

namespace hearts {
namespace {

using testing_deal::Cards;
using testing_deal::NewGame;

// The preset with nothing passed, eldest leading anything and no lead or first-trick limits, so
// that a script decides who takes what.
Rules Scripted(std::string_view preset, std::vector<std::string> settings = {}) {
  for (const char* s : {"pass_schedule=none", "first_lead=eldest-any",
                        "hearts_must_be_broken=false", "no_points_first_trick=false"}) {
    settings.emplace_back(s);
  }
  return testing_deal::Preset(preset, settings);
}

// Deals `hands` turned `rotate` seats to the left: seat (i + rotate) % 4 gets hands[i].
void Deal(Game& game, const std::vector<std::string>& hands, int rotate = 0) {
  std::vector<CardSet> sets(hands.size());
  for (size_t i = 0; i < hands.size(); ++i) sets[(i + rotate) % hands.size()] = Cards(hands[i]);
  const Status status = game.deal_hands(sets, CardSet());
  if (!status.ok()) throw std::runtime_error(status.message());
}

// Plays the cards in order, each by the seat to act, which must hold it legally.
void PlayScript(Game& game, std::string_view script) {
  size_t start = 0;
  while (start < script.size()) {
    size_t end = script.find(' ', start);
    if (end == std::string_view::npos) end = script.size();
    if (end > start) {
      const Status status = game.play(*parse_card(script.substr(start, end - start)));
      if (!status.ok()) throw std::runtime_error(status.message());
    }
    start = end + 1;
  }
}

void PlayLowest(Game& game) {
  const int deal = game.deals_completed();
  while (game.phase() == Phase::kPlay && game.deals_completed() == deal) {
    (void)game.play(game.legal_plays().lowest());
  }
}

// Each seat holds one suit but its ace, and the ace of the suit of the seat before it (the
// spade holder the 2C): the eldest (role 0) leads a spade and role 1 wins with the AS, leads a
// diamond and role 2 wins with the AD, leads a heart and role 3 wins with the AH, and role 3
// then leads its clubs to the end, taking every card the others discard.
const std::vector<std::string> kChainHands = {
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2C", "AS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    "AD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "AH 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"};

// Royal Hearts on kChainHands. Role 1 takes the 2H; role 2 the QD alone; role 3 the QH, AH, QS,
// the QC (its own lead) and the other ten hearts, which role 2 discards on the club tricks.
constexpr std::string_view kRoyalScript =
    "2S AS 2H 3C  QD AD 4C 3S  QH AH QS 2D "
    "5C 2C 4D 3H  6C 4S 5D 4H  7C 5S 6D 5H  8C 6S 7D 6H  9C 7S 8D 7H "
    "10C 8S 9D 8H  JC 9S 10D 9H  QC 10S JD 10H  KC JS KD JH  AC KS 3D KH";

TEST(RoyalHearts, QueenOfHeartsDoublesQueenOfClubsCancelsQueenOfDiamondsFloorsAtZero) {
  Game game = NewGame(Scripted("royal-hearts"));
  Deal(game, kChainHands);
  PlayScript(game, kRoyalScript);
  ASSERT_EQ(game.deals_completed(), 1);
  const DealResult& d = game.last_deal();
  EXPECT_EQ(game.taken(3) & Cards("QH QS QC QD"), Cards("QH QS QC"));
  EXPECT_EQ(game.taken(3).count_suit(Suit::kHearts), 12);
  // Raw card values: role 1 the 2H; role 2 the QD's -10; role 3 twelve hearts and the QS's 26.
  EXPECT_EQ(d.points_taken[1], 1);
  EXPECT_EQ(d.points_taken[2], -10);
  EXPECT_EQ(d.points_taken[3], 38);
  // Role 3: twelve hearts doubled by the QH (itself included) = 24; the QS cancelled by the QC.
  EXPECT_EQ(d.deal_score[3], 24);
  // Role 1's heart is not doubled: the QH doubles only its own taker's hearts.
  EXPECT_EQ(d.deal_score[1], 1);
  // Role 2: the QD's -10 stops at a total of zero, and the deal score says what moved.
  EXPECT_EQ(d.deal_score[2], 0);
  EXPECT_EQ(game.score(2), 0);
  EXPECT_EQ(d.moon_shooter, -1);  // the 2H went elsewhere

  // The next deal, turned one seat: the QD now goes to seat 3, whose 24 drops by 10.
  Deal(game, kChainHands, 1);
  PlayScript(game, kRoyalScript);
  EXPECT_EQ(game.last_deal().deal_score[3], -10);
  EXPECT_EQ(game.score(3), 14);
  EXPECT_EQ(game.score(0), 24);
  EXPECT_EQ(game.score(1), 1);
  EXPECT_EQ(game.score(2), 1);
}

TEST(RoyalHearts, QueenOfSpadesCountsWhenTheQueenOfClubsWentElsewhere) {
  Game game = NewGame(Scripted("royal-hearts"));
  Deal(game, kChainHands);
  // As RoyalScript, but the QS is discarded to role 2 on the diamond trick and a spade to role 3.
  PlayScript(game,
             "2S AS 2H 3C  QD AD 4C QS  QH AH 3S 2D "
             "5C 2C 4D 3H  6C 4S 5D 4H  7C 5S 6D 5H  8C 6S 7D 6H  9C 7S 8D 7H "
             "10C 8S 9D 8H  JC 9S 10D 9H  QC 10S JD 10H  KC JS KD JH  AC KS 3D KH");
  const DealResult& d = game.last_deal();
  EXPECT_EQ(d.deal_score[2], 16);  // the QS's 26 and the QD's -10: the floor does not bite
  EXPECT_EQ(d.deal_score[3], 24);  // the QC alone cancels nothing
}

TEST(RoyalHearts, MoonShooterChoosesSubtractingOrAddingTheHandScore) {
  // Seat 0 holds every spade, leads them all and takes every card: 13 hearts doubled = 26, the
  // QS cancelled by the QC, the QD -10: a hand score of 16.
  const std::vector<std::string> slam = {
      "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
      "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"};
  for (bool new_moon : {true, false}) {
    Game game = NewGame(Scripted("royal-hearts"));
    Deal(game, slam);
    PlayLowest(game);
    ASSERT_EQ(game.phase(), Phase::kMoonChoice);
    ASSERT_EQ(game.to_act(), 0);
    ASSERT_TRUE(game.choose_moon(new_moon).ok());
    const DealResult& d = game.last_deal();
    EXPECT_EQ(d.moon_shooter, 0);
    EXPECT_EQ(d.new_moon, new_moon);
    // New moon: the shooter's total drops by 16 (below zero: the QD's floor is not the moon's).
    // Old moon: every other player adds 16.
    EXPECT_EQ(game.score(0), new_moon ? -16 : 0);
    for (int s = 1; s < 4; ++s) EXPECT_EQ(game.score(s), new_moon ? 0 : 16) << s;
  }
}

TEST(RoyalHearts, EveryDealScoresItsCapturesByTheQueensRules) {
  // Seeded deals played by the lowest legal card: each deal score re-derived from the cards
  // taken (no moon can happen without its check below failing loudly).
  std::optional<Game> game = Game::create(Scripted("royal-hearts"), 5);
  ASSERT_TRUE(game);
  std::array<int, 4> totals{};
  int seen_doubled = 0, seen_cancelled = 0, seen_floored = 0;
  for (int deal = 0; deal < 12 && !game->is_over(); ++deal) {
    game->deal_from_seed();
    PlayLowest(*game);
    if (game->phase() == Phase::kMoonChoice) break;
    for (int s = 0; s < 4; ++s) {
      const CardSet cards = game->taken(s);
      int hearts = cards.count_suit(Suit::kHearts);
      if (cards.contains(kQueenOfHearts)) {
        hearts *= 2;
        ++seen_doubled;
      }
      int queen = cards.contains(kQueenOfSpades) ? 26 : 0;
      if (queen && cards.contains(*parse_card("QC"))) {
        queen = 0;
        ++seen_cancelled;
      }
      int total = totals[s] + hearts + queen;
      if (cards.contains(*parse_card("QD"))) {
        if (total < 10) ++seen_floored;
        total = total >= 0 ? std::max(0, total - 10) : total;
      }
      EXPECT_EQ(game->last_deal().deal_score[s], total - totals[s]) << deal << " seat " << s;
      totals[s] = total;
      EXPECT_EQ(game->score(s), total) << deal << " seat " << s;
    }
  }
  EXPECT_GT(seen_doubled, 0);
  EXPECT_GT(seen_cancelled + seen_floored, 0);
}

// Gong Zhu on kChainHands, the JD led by role 1 so that role 2 takes it.
constexpr std::string_view kGongScript =
    "2S AS 2H 3C  JD AD 4C 3S  QH AH QS 2D "
    "5C 2C 4D 3H  6C 4S 5D 4H  7C 5S 6D 5H  8C 6S 7D 6H  9C 7S 8D 7H "
    "10C 8S 9D 8H  JC 9S 10D 9H  QC 10S QD 10H  KC JS KD JH  AC KS 3D KH";

TEST(GongZhu, CardValuesAndTheTenOfClubsDoublingItsTakersDeal) {
  Game game = NewGame(Scripted("gong-zhu"));
  Deal(game, kChainHands);
  PlayScript(game, kGongScript);
  const DealResult& d = game.last_deal();
  EXPECT_EQ(d.deal_score[1], 0);     // the 2H is worth nothing
  EXPECT_EQ(d.deal_score[2], -100);  // the JD: a bonus of 100
  // Role 3: 3H 4H 0, 5H-10H 60, JH 20, QH 30, KH 40, AH 50, the QS 100 = 300, doubled by the
  // 10C it led itself.
  EXPECT_EQ(d.points_taken[3], 300);
  EXPECT_EQ(d.deal_score[3], 600);
  EXPECT_EQ(game.score(3), 600);
  EXPECT_FALSE(game.is_over());  // the game runs to 1000
}

TEST(GongZhu, TheTenOfClubsAloneScoresScoreDoublerAlone) {
  // Role 3 discards the 10C on the first trick: role 1 takes it with the 2H, which counts nothing.
  const std::string script =
      "2S AS 2H 10C  JD AD 4C 3S  QH AH QS 2D "
      "3C 2C 4D 3H  5C 4S 5D 4H  6C 5S 6D 5H  7C 6S 7D 6H  8C 7S 8D 7H "
      "9C 8S 9D 8H  JC 9S 10D 9H  QC 10S QD 10H  KC JS KD JH  AC KS 3D KH";
  for (int alone : {0, -50}) {
    Game game = NewGame(Scripted("gong-zhu", {"score_doubler_alone=" + std::to_string(alone)}));
    Deal(game, kChainHands);
    PlayScript(game, script);
    const DealResult& d = game.last_deal();
    EXPECT_EQ(d.deal_score[1], alone);
    EXPECT_EQ(d.deal_score[3], 300);  // no 10C: not doubled
  }
}

TEST(GongZhu, TakingEverythingScoresAsTakenNoMoon) {
  const std::vector<std::string> slam = {
      "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
      "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"};
  Game game = NewGame(Scripted("gong-zhu"));
  Deal(game, slam);
  PlayLowest(game);
  EXPECT_EQ(game.phase(), Phase::kDeal);
  // Hearts 200, the QS 100, the JD -100, all doubled by the 10C.
  EXPECT_EQ(game.last_deal().deal_score[0], 400);
  // moon_shooter names who took every penalty card; with moon=none it changes no score.
  EXPECT_EQ(game.score(1) + game.score(2) + game.score(3), 0);
}

TEST(CardValues, OptionParsesPrintsAndOverridesTheOtherValueOptions) {
  Rules rules;
  ASSERT_TRUE(apply_rule_setting(rules, "card_values=QS:100,JD:-100,5H:10").ok());
  ASSERT_TRUE(apply_rule_setting(rules, "queen_of_spades_points=7").ok());
  const std::optional<CompiledRules> c = compile(rules);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->card_points[kQueenOfSpades.id()], 100);  // card_values wins over the QS option
  EXPECT_EQ(c->card_points[parse_card("JD")->id()], -100);
  EXPECT_EQ(c->card_points[parse_card("5H")->id()], 10);
  EXPECT_EQ(c->card_points[parse_card("6H")->id()], 1);
  EXPECT_EQ(find_rule_option("card_values")->get(rules), "JD:-100,5H:10,QS:100");  // card order
  Rules back;
  ASSERT_TRUE(
      apply_rule_setting(back, "card_values=" + find_rule_option("card_values")->get(rules)).ok());
  EXPECT_EQ(back.valued_cards, rules.valued_cards);
  EXPECT_EQ(back.card_values, rules.card_values);
  for (const char* bad : {"card_values=QS", "card_values=QS:101", "card_values=QS:1,QS:2",
                          "card_values=ZZ:1", "score_doubler=10C 2C"}) {
    Rules r;
    const Status status = apply_rule_setting(r, bad);
    EXPECT_FALSE(status.ok() && validate(r).ok()) << bad;
  }
}

TEST(CardValues, TakerEffectOptionsAreRefusedWhereTheyCannotApply) {
  Rules rules;
  rules.score_doubler_alone = -50;  // without score_doubler
  EXPECT_NE(validate(rules).message().find("score_doubler_alone"), std::string::npos);
  rules = Rules{};
  rules.moon_pays_hand_score = true;
  rules.moon = MoonRule::kNone;
  EXPECT_NE(validate(rules).message().find("moon_pays_hand_score"), std::string::npos);
  rules = Rules{};
  rules.queen_canceller = CardSet{kQueenOfSpades};
  EXPECT_NE(validate(rules).message().find("queen_canceller"), std::string::npos);
  Rules complex;
  ASSERT_TRUE(rules_from_preset("complex", {}, &complex).ok());
  complex.score_doubler = Cards("10C");
  EXPECT_NE(validate(complex).message().find("complex_scores"), std::string::npos);
}

}  // namespace
}  // namespace hearts
