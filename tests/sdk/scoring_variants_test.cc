// The scoring variants of issue 17 (rules.h, game_settlements.cc): Heartsette's widow, the Greek
// Hearts values, slam and first-lead rule, the 1887 chip settlement (the seed's two worked
// examples), Arnold's stakes, Danger Hearts' lives and Complex Hearts. Each deal is built with
// deal_hands and played from a script (the cards in order of play) and then by every seat playing
// its lowest legal card; the traces are written next to the hands.
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/card.h"
#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/rule_options.h"
#include "hearts/rules.h"
#include "scripted_deal.h"

namespace hearts {
namespace {

using testing_deal::Cards;
using testing_deal::NewGame;
using testing_deal::Preset;

void Deal(Game& game, const std::vector<std::string>& hands, std::string_view kitty = "") {
  std::vector<CardSet> sets;
  for (const std::string& hand : hands) sets.push_back(Cards(hand));
  const Status status = game.deal_hands(sets, Cards(kitty));
  if (!status.ok()) throw std::runtime_error(status.message());
}

// Plays the cards in order, each by the seat to act, which must hold it legally.
void PlayScript(Game& game, std::string_view script) {
  for (Card card : std::vector<Card>([&] {
         std::vector<Card> cards;
         size_t start = 0;
         while (start < script.size()) {
           size_t end = script.find(' ', start);
           if (end == std::string_view::npos) end = script.size();
           if (end > start) cards.push_back(*parse_card(script.substr(start, end - start)));
           start = end + 1;
         }
         return cards;
       }())) {
    const Status status = game.play(card);
    if (!status.ok()) throw std::runtime_error(status.message());
  }
}

// Every seat plays its lowest legal card until the deal is over.
void PlayLowest(Game& game) {
  const int deal = game.deals_completed();
  while (game.phase() == Phase::kPlay && game.deals_completed() == deal) {
    (void)game.play(game.legal_plays().lowest());
  }
}

// --- Heartsette's widow ---------------------------------------------------------------------

TEST(Heartsette, WidowAndHandSizeForEveryPlayerCount) {
  struct Row {
    int players, hand, widow;
    bool two_of_spades_in_play;
  };
  for (const Row& row : {Row{3, 16, 4, true}, Row{4, 12, 3, false}, Row{5, 10, 2, true},
                         Row{6, 8, 4, true}, Row{7, 7, 3, true}}) {
    Rules rules = Preset("heartsette");
    rules.num_players = row.players;
    const std::optional<CompiledRules> c = compile(rules);
    ASSERT_TRUE(c) << row.players;
    EXPECT_EQ(c->hand_size, row.hand) << row.players;
    EXPECT_EQ(c->kitty_size, row.widow) << row.players;
    EXPECT_EQ(c->hand_size * row.players + c->kitty_size, c->in_play.size()) << row.players;
    EXPECT_EQ(c->in_play.contains(*parse_card("2S")), row.two_of_spades_in_play) << row.players;
    // A seeded deal gives every seat a full hand and leaves the widow.
    Game game(*c, 7);
    game.deal_from_seed();
    EXPECT_EQ(game.kitty().size(), row.widow);
    for (int s = 0; s < row.players; ++s) EXPECT_EQ(game.hand(s).size(), row.hand);
  }
}

TEST(Heartsette, FirstTrickWinnerTakesTheWidowHeartsAndAloneSeesIt) {
  Game game = NewGame(Preset("heartsette"));
  // Four players, 2S out, widow 2H 3H 4H. Seat 0 (eldest) leads the AC and wins trick 1.
  Deal(game,
       {"AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C", "2C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
        "KD AD 5H 6H 7H 8H 9H 10H JH QH KH AH", "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"},
       "2H 3H 4H");
  PlayScript(game, "AC 2C 5H 3S");
  EXPECT_EQ(game.trick_winner(0), 0);
  EXPECT_EQ(game.points_taken(0), 4);  // the 5H and the widow's three hearts
  EXPECT_TRUE(game.taken(0).contains_all(Cards("2H 3H 4H")));
  EXPECT_EQ(observe(game, 0).kitty, Cards("2H 3H 4H"));
  for (int s = 1; s < 4; ++s) EXPECT_TRUE(observe(game, s).kitty.empty()) << s;
}

TEST(Heartsette, DealHandsRefusesTheRemovedTwoOfSpades) {
  Game game = NewGame(Preset("heartsette"));
  const std::vector<CardSet> hands = {
      Cards("AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 2S"), Cards("2C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"),
      Cards("KD AD 5H 6H 7H 8H 9H 10H JH QH KH AH"), Cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")};
  EXPECT_FALSE(game.deal_hands(hands, Cards("2H 3H 4H")).ok());
}

// --- Greek Hearts ---------------------------------------------------------------------------

TEST(GreekHearts, CardValuesOfEachVersion) {
  const std::optional<CompiledRules> phillips = compile(Preset("greek-phillips1939"));
  ASSERT_TRUE(phillips);
  auto value = [](const CompiledRules& c, std::string_view card) {
    return c.card_points[parse_card(card)->id()];
  };
  EXPECT_EQ(value(*phillips, "QS"), 50);
  EXPECT_EQ(value(*phillips, "AH"), 15);
  for (auto court : {"KH", "QH", "JH"}) EXPECT_EQ(value(*phillips, court), 10) << court;
  EXPECT_EQ(value(*phillips, "10H"), 10);
  EXPECT_EQ(value(*phillips, "2H"), 2);
  EXPECT_EQ(phillips->moon_total, 50 + 15 + 30 + 54);

  const std::optional<CompiledRules> parlett = compile(Preset("greek-parlett2008"));
  ASSERT_TRUE(parlett);
  EXPECT_EQ(value(*parlett, "AH"), 15);
  EXPECT_EQ(value(*parlett, "JH"), 10);
  EXPECT_EQ(value(*parlett, "10H"), 1);
  EXPECT_EQ(parlett->moon_total, 50 + 15 + 30 + 9);

  const std::optional<CompiledRules> maguire = compile(Preset("greek-maguire1990"));
  ASSERT_TRUE(maguire);
  EXPECT_EQ(value(*maguire, "AH"), 14);
  EXPECT_EQ(value(*maguire, "QS"), 0);
  EXPECT_EQ(maguire->rules.pass_schedule, PassSchedule::kLeft);

  const std::optional<CompiledRules> culbertson = compile(Preset("greek-culbertson1950"));
  ASSERT_TRUE(culbertson);
  EXPECT_EQ(value(*culbertson, "10D"), -10);
  EXPECT_EQ(value(*culbertson, "QS"), 13);
  EXPECT_EQ(culbertson->rules.pass_schedule, PassSchedule::kRight);
}

// Seat 0 holds every spade and leads them all; seat 1 holds every heart and must throw one on
// each trick, so seat 0 takes all 13 hearts and the QS: the slam.
const std::vector<std::string> kSlamHands = {
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"};

TEST(GreekHearts, SlamIsPaid150ByEachOpponent) {
  Game game = NewGame(Preset("greek-phillips1939", {"pass_schedule=none"}));
  Deal(game, kSlamHands);
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  EXPECT_EQ(d.moon_shooter, 0);
  EXPECT_EQ(d.points_taken[0], 149);
  EXPECT_EQ(d.deal_score[0], 0);
  for (int s = 1; s < 4; ++s) EXPECT_EQ(d.deal_score[s], 150) << s;
  // Howell: the shooter receives 150 from each of three opponents; each opponent pays 150.
  EXPECT_EQ(game.counters(0), 100 + 450);
  for (int s = 1; s < 4; ++s) EXPECT_EQ(game.counters(s), 100 - 150) << s;
}

TEST(GreekHearts, MoonPointsUnderNewMoonAndItsValidation) {
  Game game = NewGame(Preset("greek-phillips1939", {"pass_schedule=none", "moon=new-moon"}));
  Deal(game, kSlamHands);
  PlayLowest(game);
  EXPECT_EQ(game.last_deal().deal_score[0], -150);
  EXPECT_EQ(game.last_deal().deal_score[1], 0);
  Rules rules;
  EXPECT_FALSE(rules_from_preset("standard", {"moon=none", "moon_points=150"}, &rules).ok());
  EXPECT_FALSE(rules_from_preset("standard", {"moon_points=-1"}, &rules).ok());
}

// Eldest (seat 0) holds hearts and one diamond; the other hands are irrelevant to the lead.
const std::vector<std::string> kHeartLeadHands = {
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2D", "AH 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"};

TEST(GreekHearts, NoHeartLedToTheFirstTrickOfTheGame) {
  Game game = NewGame(Preset("greek-culbertson1950", {"pass_schedule=none"}));
  Deal(game, kHeartLeadHands);
  EXPECT_EQ(game.to_act(), 0);
  EXPECT_EQ(game.legal_plays(), Cards("2D"));
  PlayLowest(game);
  // The next deal's first trick: the literal reading bans the lead on the game's first only.
  Deal(game, {kHeartLeadHands[3], kHeartLeadHands[0], kHeartLeadHands[1], kHeartLeadHands[2]});
  EXPECT_EQ(game.to_act(), 1);
  EXPECT_EQ(game.legal_plays(), Cards(kHeartLeadHands[0]));
}

TEST(GreekHearts, EveryDealReadingAndAHandOfOnlyHearts) {
  Game game = NewGame(
      Preset("greek-culbertson1950", {"pass_schedule=none", "heart_lead_first_trick=every-deal"}));
  Deal(game, kHeartLeadHands);
  PlayLowest(game);
  Deal(game, {kHeartLeadHands[3], kHeartLeadHands[0], kHeartLeadHands[1], kHeartLeadHands[2]});
  EXPECT_EQ(game.legal_plays(), Cards("2D"));
  // A leader holding only hearts still leads one.
  Game only_hearts = NewGame(Preset("greek-culbertson1950", {"pass_schedule=none"}));
  Deal(only_hearts,
       {"2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"});
  EXPECT_EQ(only_hearts.legal_plays().size(), 13);
}

// --- The 1887 chip settlement ---------------------------------------------------------------

// The seed's first example: A one heart, B two, C four, D six (A..D = seats 0..3).
//   T1 A 2H B 3H C 4H D 5H: D +4.     T2 D 6H A 7H B 8H C 9H: C +4.
//   T3 C 2C D 10H A 3C B 4C: B +1.    T4 B 5C C 6C D JH A 7C: A +1.
//   T5 A 8C B KC C 10C D QH: B +1.    T6 B 2D C KH D AD A AH: D +2. No hearts remain.
const std::vector<std::string> kExampleOne = {
    "2H 7H AH 3C 7C 8C 9C JC QC AC 2S 3S 4S", "3H 8H 4C 5C KC 2D 10D JD QD KD 5S 6S 7S",
    "4H 9H KH 2C 6C 10C 8S 9S 10S JS QS KS AS", "5H 6H 10H JH QH AD 3D 4D 5D 6D 7D 8D 9D"};
constexpr std::string_view kExampleOneScript =
    "2H 3H 4H 5H  6H 7H 8H 9H  2C 10H 3C 4C  5C 6C JH 7C  8C KC 10C QH  2D KH AD AH";

// The seed's second example: A and B two hearts, C three, D six.
//   T1 A 2H B 3H C 4H D 5H: D +4.     T2 D AC A 6H B 7H C 2C: D +2.
//   T3 D 2D A AD B 8H C 9H: A +2.     T4 A 2S B AS C 10H D JH: B +2.
//   T5 B QH C AH D KH A 8D: C +3.
const std::vector<std::string> kExampleTwo = {
    "2H 6H 2S 3S 4S 5S 8D 9D 10D JD QD KD AD", "3H 7H 8H QH 6S 7S 8S 9S 10S JS QS KS AS",
    "4H 9H 10H AH 2C 3C 4C 5C 6C 7C 8C 9C 10C", "5H JH KH JC QC KC AC 2D 3D 4D 5D 6D 7D"};
constexpr std::string_view kExampleTwoScript =
    "2H 3H 4H 5H  AC 6H 7H 2C  2D AD 8H 9H  2S AS 10H JH  QH AH KH 8D";

TEST(Chips1887, LowestCollectsEachOthersHearts) {
  Game game = NewGame(Preset("hearts1887"));
  Deal(game, kExampleOne);
  PlayScript(game, kExampleOneScript);
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  EXPECT_EQ((std::vector<int>(d.deal_score.begin(), d.deal_score.begin() + 4)),
            (std::vector<int>{1, 2, 4, 6}));
  // "A will receive 2 chips from B, 4 from C and six from D making 12 in total."
  EXPECT_EQ((std::vector<int>(d.counters_delta.begin(), d.counters_delta.begin() + 4)),
            (std::vector<int>{12, -2, -4, -6}));
  EXPECT_EQ(game.counters(0), 62);
  EXPECT_EQ(game.pool(), 0);
}

TEST(Chips1887, TiedLowestShareAndTheRemainderStaysOnTheTable) {
  Game game = NewGame(Preset("hearts1887"));
  Deal(game, kExampleTwo);
  PlayScript(game, kExampleTwoScript);
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  EXPECT_EQ((std::vector<int>(d.deal_score.begin(), d.deal_score.begin() + 4)),
            (std::vector<int>{2, 2, 3, 6}));
  // "C pays 3 chips, D pays 6 and A and B claim 4 each, leaving the remaining chip on the table."
  EXPECT_EQ((std::vector<int>(d.counters_delta.begin(), d.counters_delta.begin() + 4)),
            (std::vector<int>{4, 4, -3, -6}));
  EXPECT_EQ(game.pool(), 1);
  // The next deal's winner collects the chip left on the table as well: example one's hands,
  // turned one seat so that the new eldest (seat 1) plays A's part: A's 12 plus the chip.
  Deal(game, {kExampleOne[3], kExampleOne[0], kExampleOne[1], kExampleOne[2]});
  PlayScript(game, kExampleOneScript);
  PlayLowest(game);
  EXPECT_EQ(game.last_deal().counters_delta[1], 13);
  EXPECT_EQ(game.pool(), 0);
}

TEST(Chips1887, AllThirteenHeartsPayFourToEachAndOneToTheTable) {
  Game game = NewGame(Preset("hearts1887"));
  // Seat 0 leads its thirteen hearts and wins every trick.
  Deal(game, {kSlamHands[1], kSlamHands[0], kSlamHands[2], kSlamHands[3]});
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  EXPECT_EQ(d.moon_shooter, 0);
  EXPECT_EQ((std::vector<int>(d.counters_delta.begin(), d.counters_delta.begin() + 4)),
            (std::vector<int>{-13, 4, 4, 4}));
  EXPECT_EQ(game.pool(), 1);
}

TEST(Chips1887, ChipsAddUpWithTheTableOverWholeGames) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rules rules = Preset("hearts1887");
    rules.num_players = 3 + static_cast<int>(seed % 5);
    std::optional<Game> game = Game::create(rules, seed);
    ASSERT_TRUE(game);
    while (!game->is_over()) {
      if (game->phase() == Phase::kDeal) game->deal_from_seed();
      if (game->phase() == Phase::kPlay) (void)game->play(game->legal_plays().lowest());
    }
    int total = game->pool();
    for (int s = 0; s < rules.num_players; ++s) total += game->counters(s);
    EXPECT_EQ(total, 50 * rules.num_players) << seed;
    EXPECT_GE(game->pool(), 0);
  }
}

// --- Arnold's stakes ------------------------------------------------------------------------

TEST(Stakes, AboveTheAveragePayBelowDraw) {
  Game game = NewGame(Preset("hearts1887", {"settlement=stakes", "fixed_deals=1"}));
  Deal(game, kExampleOne);
  PlayScript(game, kExampleOneScript);
  PlayLowest(game);
  ASSERT_TRUE(game.is_over());
  // Scores 1, 2, 4, 6: the average is 3.25. Differences 2.25 and 1.25 are drawn (rounded down),
  // 0.75 and 2.75 paid (rounded up); the one counter over stays in the pool.
  EXPECT_EQ(game.counters(0), 52);
  EXPECT_EQ(game.counters(1), 51);
  EXPECT_EQ(game.counters(2), 49);
  EXPECT_EQ(game.counters(3), 47);
  EXPECT_EQ(game.pool(), 1);
  EXPECT_EQ(game.rank(0), 1);
  EXPECT_EQ(game.rank(3), 4);
}

TEST(Stakes, AOneSidedDealRoundsTheSameWay) {
  Game game = NewGame(Preset("hearts1887", {"settlement=stakes", "fixed_deals=1"}));
  Deal(game, {kSlamHands[1], kSlamHands[0], kSlamHands[2], kSlamHands[3]});
  PlayLowest(game);
  // 13, 0, 0, 0: average 3.25 again; 9.75 is paid as 10, 3.25 drawn as 3 by each other seat.
  EXPECT_EQ(game.counters(0), 40);
  EXPECT_EQ(game.counters(1), 53);
  EXPECT_EQ(game.pool(), 1);
}

// --- Danger Hearts --------------------------------------------------------------------------

Rules DangerScripted(const std::string& lives) {
  return Preset("danger", {"pass_schedule=none", "first_lead=eldest-any", "moon=none",
                           "hearts_must_be_broken=false", "no_points_first_trick=false",
                           "starting_counters=" + lives});
}

TEST(DangerHearts, FifteenPointsInADealCostALife) {
  Game game = NewGame(DangerScripted("3"));
  Deal(game, kSlamHands);  // seat 0 takes all 26
  PlayLowest(game);
  EXPECT_EQ(game.counters(0), 2);
  for (int s = 1; s < 4; ++s) EXPECT_EQ(game.counters(s), 3) << s;
  // Example one's deal scores 1, 2, 4, 6 with the QS (13) falling to seat 2 (spades): 17.
  Game second =
      NewGame(Preset("danger", {"pass_schedule=none", "first_lead=eldest-any",
                                "hearts_must_be_broken=false", "no_points_first_trick=false"}));
  Deal(second, kExampleOne);
  PlayScript(second, kExampleOneScript);
  PlayLowest(second);
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(second.counters(s), second.last_deal().deal_score[s] >= 15 ? 2 : 3) << s;
  }
}

TEST(DangerHearts, NoLifeBelowZeroAndTheMostLivesWin) {
  Game game = NewGame(DangerScripted("0"));
  Deal(game, kSlamHands);
  PlayLowest(game);
  EXPECT_EQ(game.counters(0), 0);
  EXPECT_EQ(game.last_deal().counters_delta[0], 0);
  std::optional<Game> whole = Game::create(Preset("danger"), 11);
  ASSERT_TRUE(whole);
  while (!whole->is_over()) {
    if (whole->phase() == Phase::kDeal) whole->deal_from_seed();
    if (whole->phase() == Phase::kPass) {
      std::vector<Card> cards;
      for (Card card : whole->passable(whole->to_act())) {
        if (static_cast<int>(cards.size()) < whole->rules().pass_count) cards.push_back(card);
      }
      ASSERT_TRUE(whole->pass_cards(cards).ok());
    }
    if (whole->phase() == Phase::kPlay) (void)whole->play(whole->legal_plays().lowest());
  }
  EXPECT_EQ(whole->deals_completed(), 10);
  for (int s = 0; s < 4; ++s) {
    EXPECT_GE(whole->counters(s), 0);
    EXPECT_LE(whole->counters(s), 3);
    for (int t = 0; t < 4; ++t) {
      if (whole->counters(s) > whole->counters(t)) {
        EXPECT_LT(whole->rank(s), whole->rank(t));
      }
    }
  }
}

// --- Complex Hearts -------------------------------------------------------------------------

Rules ComplexScripted() {
  return Preset("complex", {"pass_schedule=none", "first_lead=eldest-any",
                            "hearts_must_be_broken=false", "no_points_first_trick=false"});
}

TEST(ComplexHearts, QueenIsImaginaryAndTheTenOfClubsMultipliesByTwoI) {
  Game game = NewGame(ComplexScripted());
  // Seat 0 leads all thirteen spades and takes everything: 13 hearts, the JD, the QS, the 10C.
  Deal(game, kSlamHands);
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  // (13 - 10 + 13i) * 2i = -26 + 6i.
  EXPECT_EQ(d.deal_score[0], -26);
  EXPECT_EQ(d.deal_score_imag[0], 6);
  EXPECT_EQ(game.score(0), -26);
  EXPECT_EQ(game.score_imag(0), 6);
  for (int s = 1; s < 4; ++s) EXPECT_EQ(d.deal_score_imag[s], 0) << s;
}

TEST(ComplexHearts, EveryDealScoresItsCapturesAsAComplexNumber) {
  // Seeded deals: each seat's deal score must be (hearts - 10 [JD]) + 13i [QS], times 2i when
  // it took the 10C, re-derived here from the cards it took.
  std::optional<Game> game = Game::create(ComplexScripted(), 3);
  ASSERT_TRUE(game);
  int seen_rotated = 0;
  int seen_plain_queen = 0;
  for (int deal = 0; deal < 12 && !game->is_over(); ++deal) {
    game->deal_from_seed();
    while (game->phase() == Phase::kPlay) (void)game->play(game->legal_plays().lowest());
    for (int s = 0; s < 4; ++s) {
      // taken() still describes the finished deal.
      const CardSet cards = game->taken(s);
      int re = cards.count_suit(Suit::kHearts) - (cards.contains(*parse_card("JD")) ? 10 : 0);
      int im = cards.contains(*parse_card("QS")) ? 13 : 0;
      if (cards.contains(*parse_card("10C"))) {
        const int rotated = -2 * im;
        im = 2 * re;
        re = rotated;
        ++seen_rotated;
      } else if (cards.contains(*parse_card("QS"))) {
        ++seen_plain_queen;
      }
      EXPECT_EQ(game->last_deal().deal_score[s], re) << deal << " seat " << s;
      EXPECT_EQ(game->last_deal().deal_score_imag[s], im) << deal << " seat " << s;
    }
  }
  EXPECT_GT(seen_rotated, 0);
  EXPECT_GT(seen_plain_queen, 0);
}

TEST(ComplexHearts, GameEndsAtAbsoluteValueHundredAndRanksByIt) {
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    std::optional<Game> game = Game::create(Preset("complex"), seed);
    ASSERT_TRUE(game);
    while (!game->is_over()) {
      if (game->phase() == Phase::kDeal) game->deal_from_seed();
      if (game->phase() == Phase::kPass) {
        const CardSet pool = game->passable(game->to_act());
        std::vector<Card> cards;
        for (Card card : pool) {
          if (static_cast<int>(cards.size()) < game->rules().pass_count) cards.push_back(card);
        }
        ASSERT_TRUE(game->pass_cards(cards).ok());
      }
      if (game->phase() == Phase::kPlay) (void)game->play(game->legal_plays().lowest());
    }
    auto magnitude = [&](int s) {
      return game->score(s) * game->score(s) + game->score_imag(s) * game->score_imag(s);
    };
    int largest = 0;
    for (int s = 0; s < 4; ++s) largest = std::max(largest, magnitude(s));
    EXPECT_GE(largest, 100 * 100) << seed;
    for (int s = 0; s < 4; ++s) {
      for (int t = 0; t < 4; ++t) {
        if (magnitude(s) < magnitude(t)) {
          EXPECT_LT(game->rank(s), game->rank(t)) << seed;
        }
      }
    }
  }
}

TEST(ComplexHearts, RefusesRulesThatIgnoreTheImaginaryScore) {
  Rules rules;
  EXPECT_FALSE(rules_from_preset("complex", {"moon=old-moon"}, &rules).ok());
  EXPECT_FALSE(rules_from_preset("complex", {"settlement=stakes"}, &rules).ok());
  EXPECT_FALSE(rules_from_preset("complex", {"no_tricks_bonus=true"}, &rules).ok());
}

}  // namespace
}  // namespace hearts
