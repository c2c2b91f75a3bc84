// Scoring and game end (game.h, rules.h): card values of every preset, moon and sun rules,
// no-trick bonus, end conditions, ranks and the sweepstake and Howell settlements.
//
// Most tests deal hand-built hands (Game::deal_hands) on a hold deal and then let every seat play
// its lowest legal card (ascending card id: clubs, diamonds, hearts, spades; low rank first), so
// each deal below is a fixed, hand-traced script. The traces are written next to the hands.
// Hands are described by "role": role 0 is the seat that leads the first trick; Seated() puts
// role i at seat (first + i) mod n, which keeps the trace valid under the two-of-clubs lead (role 0
// holds the 2C) and under the eldest-any lead (when first == eldest).
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hearts/card.h"
#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/rules.h"
#include "hearts/status.h"

namespace hearts {
namespace {

using Seats = std::vector<int>;  // one value per seat
using Hands = std::vector<CardSet>;

// --- Helpers ------------------------------------------------------------------------------
// They throw on setup errors (an unknown preset, a rejected deal, an illegal scripted play);
// GoogleTest reports the exception as a failure of the test that called them.

void Check(const Status& status, const std::string& what) {
  if (!status.ok()) throw std::runtime_error(what + ": " + status.message());
}

CardSet Cards(std::string_view text) {
  std::string error;
  std::optional<CardSet> cards = parse_cards(text, &error);
  if (!cards) throw std::runtime_error("bad card list '" + std::string(text) + "': " + error);
  return *cards;
}

Card C(std::string_view text) {
  std::optional<Card> card = parse_card(text);
  if (!card) throw std::runtime_error("bad card '" + std::string(text) + "'");
  return *card;
}

// Ranks lo..hi (inclusive) of one suit.
CardSet Run(Suit suit, Rank lo, Rank hi) {
  CardSet cards;
  for (int r = static_cast<int>(lo); r <= static_cast<int>(hi); ++r) {
    cards.insert(Card(suit, static_cast<Rank>(r)));
  }
  return cards;
}

Rules PresetRules(std::string_view name) {
  std::optional<Rules> rules = preset_rules(name);
  if (!rules) throw std::runtime_error("unknown preset " + std::string(name));
  return *rules;
}

// A preset played with hold deals, so that scripted hands are played exactly as dealt.
Rules HoldPreset(std::string_view name) {
  Rules rules = PresetRules(name);
  rules.pass_schedule = PassSchedule::kNone;
  return rules;
}

// Standard rules (two-of-clubs lead, hearts must be broken, no points on trick 1) on hold deals.
Rules Standard() {
  return HoldPreset("standard");
}

CompiledRules Compile(const Rules& rules) {
  std::string error;
  std::optional<CompiledRules> compiled = compile(rules, &error);
  if (!compiled) throw std::runtime_error("rules rejected: " + error);
  return *compiled;
}

Game NewGame(const Rules& rules, uint64_t seed = 1) {
  return Game(Compile(rules), seed);
}

// Role i's hand goes to seat (first + i) mod n.
Hands Seated(const Hands& roles, int first) {
  const int n = static_cast<int>(roles.size());
  Hands seats(roles.size());
  for (int i = 0; i < n; ++i) seats[(first + i) % n] = roles[i];
  return seats;
}

void Deal(Game& game, const Hands& hands, CardSet kitty = {}) {
  if (game.phase() != Phase::kDeal) throw std::runtime_error("not at a deal");
  Check(game.deal_hands(hands, kitty), "deal_hands");
}

// Plays while the game is in kPlay: each seat plays the lowest legal card, except that a legal
// card in `prefer` (the lowest one) is played first.
void PlayOut(Game& game, CardSet prefer = {}) {
  while (game.phase() == Phase::kPlay) {
    const CardSet legal = game.legal_plays();
    if (legal.empty()) throw std::runtime_error("no legal play");
    const CardSet preferred = legal & prefer;
    const Card card = preferred.empty() ? legal.lowest() : preferred.lowest();
    Check(game.play(card), "seat " + std::to_string(game.to_act()) + " plays " + to_string(card));
  }
}

// A scripted hold deal played out with PlayOut.
void PlayDeal(Game& game, const Hands& hands, CardSet kitty = {}, CardSet prefer = {}) {
  Deal(game, hands, kitty);
  if (game.phase() != Phase::kPlay) {
    throw std::runtime_error("expected a hold deal, phase is " + std::string(name(game.phase())));
  }
  PlayOut(game, prefer);
}

// Plays one deal from the seed: chance steps from the seed, dealer's choice holds, each seat
// passes its lowest passable cards and plays its lowest legal card, a moon shooter picks old moon;
// nobody bids a slam (the slam bid's deals are tests/sdk/slam_bid_test.cc's).
void PlaySeededDeal(Game& game) {
  const int done = game.deals_completed();
  if (game.phase() != Phase::kDeal) throw std::runtime_error("not at a deal");
  game.deal_from_seed();
  while (!game.is_over() && game.deals_completed() == done) {
    switch (game.phase()) {
      case Phase::kDeal:
        throw std::runtime_error("kDeal before the deal was scored");
      case Phase::kPassDirection:
        game.resolve_chance();
        break;
      case Phase::kDealerChoice:
        Check(game.set_pass_plan(PassPlan{}), "dealer holds");
        break;
      case Phase::kPass: {
        std::vector<Card> cards;
        for (Card card : game.passable(game.to_act())) {
          if (static_cast<int>(cards.size()) == game.pass_plan().count) break;
          cards.push_back(card);
        }
        Check(game.pass_cards(cards), "pass");
        break;
      }
      case Phase::kPlay:
        PlayOut(game);
        break;
      case Phase::kMoonChoice:
        Check(game.choose_moon(false), "choose_moon");
        break;
      case Phase::kSlamBid:
        Check(game.bid_slam(false), "bid_slam");
        break;
      case Phase::kGameOver:
        break;
    }
  }
}

// Per-seat views.
template <typename F>
Seats PerSeat(const Game& game, F f) {
  Seats out;
  for (int s = 0; s < game.num_players(); ++s) out.push_back(f(s));
  return out;
}
Seats PointsTaken(const Game& g) {
  return PerSeat(g, [&](int s) { return g.last_deal().points_taken[s]; });
}
Seats DealScores(const Game& g) {
  return PerSeat(g, [&](int s) { return g.last_deal().deal_score[s]; });
}
Seats TricksWon(const Game& g) {
  return PerSeat(g, [&](int s) { return g.last_deal().tricks_won[s]; });
}
Seats CountersDelta(const Game& g) {
  return PerSeat(g, [&](int s) { return g.last_deal().counters_delta[s]; });
}
Seats Scores(const Game& g) {
  return PerSeat(g, [&](int s) { return g.score(s); });
}
Seats Counters(const Game& g) {
  return PerSeat(g, [&](int s) { return g.counters(s); });
}
Seats Ranks(const Game& g) {
  return PerSeat(g, [&](int s) { return g.rank(s); });
}
int Sum(const Seats& v) {
  int total = 0;
  for (int x : v) total += x;
  return total;
}

// --- Scripted hands (4 players, by role) ----------------------------------------------------

// Sun hand: each role holds one whole suit; role 0 (all clubs, holds the 2C) leads clubs and wins
// all 13 tricks, so it takes every card. The others discard their suits from the bottom up.
Hands SunHands() {
  return {CardSet::whole_suit(Suit::kClubs), CardSet::whole_suit(Suit::kDiamonds),
          CardSet::whole_suit(Suit::kHearts), CardSet::whole_suit(Suit::kSpades)};
}

// Moon hand: role 0 takes every heart, the QS, KS, AS, JS and JD (every counter of every preset)
// but loses trick 1, a trick of four clubs, to role 3:
//   t1  r0 2C  r1 3C  r2 4C  r3 KC   -> r3 (no points)
//   t2  r3 2D  r0 AD  r1 2H  r2 5C   -> r0
//   t3  r0 AC  r1 3H  r2 6C  r3 3D   -> r0
//   t4..t13: r0 leads 5S..AS; r1 follows 2S then discards 4H..QH, r2 follows 3S 4S then
//   discards 7C..QC KH AH, r3 discards 4D..KD (the JD on the QS trick)  -> r0 every time.
// Tricks {12, 0, 0, 1}; with standard values points {26, 0, 0, 0}.
Hands MoonHands() {
  return {Cards("2C AC AD 5S 6S 7S 8S 9S 10S JS QS KS AS"),
          Cards("3C 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 2S"),
          Cards("4C 5C 6C 7C 8C 9C 10C JC QC KH AH 3S 4S"),
          Cards("KC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")};
}

// The moon hand with the JD moved to role 1, who discards it on trick 1 (role 3 plays the KC, as
// PlayOut is told to prefer it):
//   t1  r0 2C  r1 JD  r2 4C  r3 KC   -> r3 (takes the JD)
//   t2  r3 3C  r0 AC  r1 2H  r2 5C   -> r0
//   t3  r0 AD  r1 3H  r2 6C  r3 2D   -> r0
//   t4..t13 as in MoonHands()        -> r0
// Role 0 takes all 13 hearts and the QS (26), role 3 only the JD.
Hands MoonHandsJackElsewhere() {
  return {Cards("2C AC AD 5S 6S 7S 8S 9S 10S JS QS KS AS"),
          Cards("JD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 2S"),
          Cards("4C 5C 6C 7C 8C 9C 10C JC QC KH AH 3S 4S"),
          Cards("3C KC 2D 3D 4D 5D 6D 7D 8D 9D 10D QD KD")};
}

// Split hand: roles 0 and 1 share clubs and hearts; role 2 holds the diamonds, role 3 the spades.
//   t1..t7  r1 wins the clubs (8C..AC over r0's 2C..7C); on t7 (AC) r0 discards the 8H  -> r1
//   t8      r1 2H  r2 9D  r3 9S  r0 9H                                                  -> r0
//   t9..t13 r0 leads 10H..AH, r1 follows 3H..7H, r3 discards 10S JS QS KS AS            -> r0
// r2 and r3 discard their suits from the bottom (2D/2S on t1 ... AD/AS on t13).
// Tricks {6, 7, 0, 0}; standard points {25, 1, 0, 0}.
Hands SplitHands() {
  return {Cards("2C 3C 4C 5C 6C 7C 8H 9H 10H JH QH KH AH"),
          Cards("8C 9C 10C JC QC KC AC 2H 3H 4H 5H 6H 7H"), CardSet::whole_suit(Suit::kDiamonds),
          CardSet::whole_suit(Suit::kSpades)};
}

// Spread hand (by seat, standard play rules): every seat takes points, seat 3 takes 14.
//   t1  s3 2C  s0 3C  s1 4C  s2 5C   -> s2  0
//   t2  s2 7C  s3 JC  s0 6C  s1 10C  -> s3  0
//   t3  s3 3D  s0 KD  s1 2D  s2 4D   -> s0  0
//   t4  s0 9C  s1 AC  s2 8C  s3 5D   -> s1  0
//   t5  s1 7D  s2 8D  s3 6D  s0 QC   -> s2  0
//   t6  s2 KC  s3 QD  s0 2H  s1 9D   -> s2  1
//   t7  s2 10D s3 9H  s0 4H  s1 JD   -> s1  2
//   t8  s1 AD  s2 5H  s3 KH  s0 JH   -> s1  3
//   t9  s1 3H  s2 6H  s3 4S  s0 AH   -> s0  3
//   t10 s0 3S  s1 2S  s2 10S s3 5S   -> s2  0
//   t11 s2 QH  s3 7S  s0 6S  s1 7H   -> s2  2
//   t12 s2 JS  s3 8S  s0 9S  s1 8H   -> s2  1
//   t13 s2 KS  s3 AS  s0 QS  s1 10H  -> s3 14
// Points {3, 5, 4, 14}, tricks {2, 3, 6, 2}.
Hands SpreadHands() {
  return {Cards("3C 6C 9C QC KD 2H 4H JH AH 3S 6S 9S QS"),
          Cards("4C 10C AC 2D 7D 9D JD AD 3H 7H 8H 10H 2S"),
          Cards("5C 7C 8C KC 4D 8D 10D 5H 6H QH 10S JS KS"),
          Cards("2C JC 3D 5D 6D QD 9H KH 4S 5S 7S 8S AS")};
}

// --- Card values of every preset ------------------------------------------------------------

struct ValueCase {
  std::string_view preset;
  bool face_value_hearts;
  std::vector<std::pair<std::string_view, int>> special;  // cards whose value is not the base
  int moon_total;
};

const std::vector<ValueCase>& ValueCases() {
  static const std::vector<ValueCase> cases = {
      {"standard", false, {{"QS", 13}}, 26},
      {"morehead2001", false, {{"QS", 13}}, 26},
      {"culbertson1950", false, {{"QS", 13}}, 26},
      {"foster1909", false, {{"QS", 13}}, 26},
      {"omnibus", false, {{"QS", 13}, {"10D", -10}}, 26},
      {"partnership-slam", false, {{"QS", 13}, {"10D", -10}}, 26},
      {"pink-lady", false, {{"QS", 13}, {"QH", 13}}, 38},
      {"black-jack", false, {{"QS", 0}, {"JS", 10}}, 23},
      // Every heart at face value, the QH included (12): 2 + 3 + ... + 14 = 104.
      {"spot-hearts", true, {{"QS", 0}}, 104},
      {"hearts1887", false, {{"QS", 0}}, 13},
      {"black-maria", false, {{"QS", 13}, {"KS", 10}, {"AS", 7}}, 43},
      {"openspiel", false, {{"QS", 13}}, 26},
      {"heartsette", false, {{"QS", 0}}, 13},
      // Greek: QS 50, AH 15, courts 10, pips at face value (Phillips) or 1 (Parlett).
      {"greek-phillips1939",
       true,
       {{"QS", 50}, {"AH", 15}, {"KH", 10}, {"QH", 10}, {"JH", 10}},
       149},
      {"greek-culbertson1950", false, {{"QS", 13}, {"10D", -10}}, 26},
      {"greek-maguire1990", true, {{"QS", 0}}, 104},
      {"greek-parlett2008",
       false,
       {{"QS", 50}, {"AH", 15}, {"KH", 10}, {"QH", 10}, {"JH", 10}},
       104},
      // The QS's 13 is imaginary: its real value is 0.
      {"complex", false, {{"QS", 0}, {"JD", -10}}, 13},
      {"danger", false, {{"QS", 13}}, 26},
      {"partnership-team", false, {{"QS", 13}}, 26},
      {"partnership-individual", false, {{"QS", 13}}, 26},
      {"likha", false, {{"QS", 13}, {"10D", 10}}, 36},
      {"domino", false, {{"QS", 0}}, 13},
      // One valueless joker beside the 52 cards; it scores nothing.
      {"joker-hearts", false, {{"QS", 0}}, 13},
      // Two decks: both queens and all 26 hearts count.
      {"cancellation", false, {{"QS", 13}}, 52},
      // Royal Hearts: the QS 26, the QD -10; the QH and QC act through their takers.
      {"royal-hearts", false, {{"QS", 26}, {"QD", -10}}, 39},
      // Gong Zhu: 2H-4H 0, 5H-10H 10, JH 20, QH 30, KH 40, AH 50, QS 100, JD -100.
      {"gong-zhu",
       false,
       {{"2H", 0},
        {"3H", 0},
        {"4H", 0},
        {"5H", 10},
        {"6H", 10},
        {"7H", 10},
        {"8H", 10},
        {"9H", 10},
        {"10H", 10},
        {"JH", 20},
        {"QH", 30},
        {"KH", 40},
        {"AH", 50},
        {"QS", 100},
        {"JD", -100}},
       300},
  };
  return cases;
}

TEST(CardValuesTest, EveryPresetHasAValueCase) {
  for (const Preset& preset : presets()) {
    bool found = false;
    for (const ValueCase& c : ValueCases()) found = found || c.preset == preset.name;
    EXPECT_TRUE(found) << "preset " << preset.name << " has no expected card values here";
  }
}

TEST(CardValuesTest, EveryCardOfEveryPreset) {
  for (const ValueCase& c : ValueCases()) {
    SCOPED_TRACE(std::string(c.preset));
    const CompiledRules compiled = Compile(PresetRules(c.preset));
    // Heartsette takes the 2S out with four players, for its three-card widow; jokers come on top.
    EXPECT_EQ(compiled.in_play - compiled.free_jokers,
              CardSet::full_deck() - (c.preset == "heartsette" ? Cards("2S") : CardSet()));
    CardSet penalty, counters;
    int positive_total = 0;
    for (Card card : CardSet::full_deck()) {
      int expected = 0;
      if (card.suit() == Suit::kHearts) expected = c.face_value_hearts ? card.face_value() : 1;
      for (const auto& [text, value] : c.special) {
        if (C(text) == card) expected = value;
      }
      EXPECT_EQ(compiled.card_points[card.id()], expected) << to_string(card);
      if (expected > 0) {
        penalty.insert(card);
        positive_total += expected;
      }
      if (expected != 0) counters.insert(card);
    }
    // The table is self-consistent; with two decks every card counts twice.
    EXPECT_EQ(positive_total * compiled.rules.decks, c.moon_total);
    EXPECT_EQ(compiled.moon_total, c.moon_total);
    EXPECT_EQ(compiled.penalty_cards, penalty);
    EXPECT_EQ(compiled.counters, counters);
  }
}

TEST(CardValuesTest, SpotHeartsFaceValues) {
  const CompiledRules compiled = Compile(PresetRules("spot-hearts"));
  EXPECT_EQ(compiled.card_points[C("2H").id()], 2);
  EXPECT_EQ(compiled.card_points[C("10H").id()], 10);
  EXPECT_EQ(compiled.card_points[C("JH").id()], 11);
  EXPECT_EQ(compiled.card_points[C("QH").id()], 12);
  EXPECT_EQ(compiled.card_points[C("KH").id()], 13);
  EXPECT_EQ(compiled.card_points[C("AH").id()], 14);
  EXPECT_EQ(compiled.card_points[C("QS").id()], 0);
  EXPECT_EQ(compiled.moon_total, 104);
}

TEST(CardValuesTest, PinkLadyQueenOfHeartsReplacesHeartValue) {
  const CompiledRules compiled = Compile(PresetRules("pink-lady"));
  EXPECT_EQ(compiled.card_points[C("QH").id()], 13);
  EXPECT_EQ(compiled.card_points[C("KH").id()], 1);
  EXPECT_EQ(compiled.card_points[C("QS").id()], 13);
  EXPECT_EQ(compiled.moon_total, 38);
}

TEST(CardValuesTest, OmnibusTenOfDiamondsIsACounterNotAPenalty) {
  const CompiledRules compiled = Compile(PresetRules("omnibus"));
  EXPECT_EQ(compiled.card_points[C("10D").id()], -10);
  EXPECT_EQ(compiled.card_points[C("JD").id()], 0);
  EXPECT_TRUE(compiled.counters.contains(C("10D")));
  EXPECT_FALSE(compiled.penalty_cards.contains(C("10D")));
  EXPECT_EQ(compiled.counters.size(), 15);  // "all fifteen counters (10, Q and thirteen hearts)"
  EXPECT_EQ(compiled.moon_total, 26);       // positive values only
}

// --- Every preset through played deals -------------------------------------------------------

// Expected results of the sun hand, the moon hand and the split hand under a preset (with its
// pass schedule replaced by hold). The sun and moon hands give role 0 every counter, so they
// score alike (no preset has a sun rule): only the tricks differ.
struct PresetDealCase {
  std::string_view preset;
  Seats shooter_points;    // points taken on the sun / moon hand
  Seats shooter_deal;      // deal scores on the sun / moon hand
  Seats split_points;      // points taken (= deal scores) on the split hand
  Seats shooter_counters;  // after the sun / moon hand (settlement presets), else empty
  Seats split_counters;    // after the split hand (settlement presets), else empty
};

void PrintTo(const PresetDealCase& c, std::ostream* os) {
  *os << c.preset;
}

class PresetDealTest : public ::testing::TestWithParam<PresetDealCase> {};

TEST_P(PresetDealTest, SunHand) {
  const PresetDealCase& c = GetParam();
  const Rules rules = HoldPreset(c.preset);
  const CompiledRules compiled = Compile(rules);
  Game game(compiled, 1);
  PlayDeal(game, SunHands());
  EXPECT_EQ(game.deals_completed(), 1);
  EXPECT_EQ(PointsTaken(game), c.shooter_points);
  EXPECT_EQ(Sum(PointsTaken(game)), Sum(c.shooter_points));
  EXPECT_EQ(TricksWon(game), (Seats{13, 0, 0, 0}));
  EXPECT_EQ(DealScores(game), c.shooter_deal);
  EXPECT_EQ(Scores(game), c.shooter_deal);
  if (rules.moon != MoonRule::kNone) {
    EXPECT_EQ(game.last_deal().moon_shooter, 0);
  }
  EXPECT_EQ(game.last_deal().sun_shooter, -1);  // no preset has a sun rule
  if (!c.shooter_counters.empty()) {
    EXPECT_EQ(Counters(game), c.shooter_counters);
  }
  // Only openspiel ends after one deal.
  EXPECT_EQ(game.is_over(), c.preset == "openspiel");
}

TEST_P(PresetDealTest, MoonHand) {
  const PresetDealCase& c = GetParam();
  const Rules rules = HoldPreset(c.preset);
  Game game = NewGame(rules);
  PlayDeal(game, MoonHands());
  EXPECT_EQ(PointsTaken(game), c.shooter_points);
  EXPECT_EQ(TricksWon(game), (Seats{12, 0, 0, 1}));
  EXPECT_EQ(DealScores(game), c.shooter_deal);
  EXPECT_EQ(Scores(game), c.shooter_deal);
  if (rules.moon != MoonRule::kNone) {
    EXPECT_EQ(game.last_deal().moon_shooter, 0);
  }
  if (!c.shooter_counters.empty()) {
    EXPECT_EQ(Counters(game), c.shooter_counters);
  }
}

TEST_P(PresetDealTest, SplitHand) {
  const PresetDealCase& c = GetParam();
  const Rules rules = HoldPreset(c.preset);
  const CompiledRules compiled = Compile(rules);
  Game game(compiled, 1);
  PlayDeal(game, SplitHands());
  // Every card value in play is taken by someone.
  int in_play_total = 0;
  for (Card card : compiled.in_play) in_play_total += compiled.card_points[card.id()];
  EXPECT_EQ(Sum(PointsTaken(game)), in_play_total);
  EXPECT_EQ(PointsTaken(game), c.split_points);
  EXPECT_EQ(TricksWon(game), (Seats{6, 7, 0, 0}));
  EXPECT_EQ(DealScores(game), c.split_points);
  EXPECT_EQ(Scores(game), c.split_points);
  EXPECT_EQ(game.last_deal().moon_shooter, -1);
  if (!c.split_counters.empty()) {
    EXPECT_EQ(Counters(game), c.split_counters);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Presets, PresetDealTest,
    ::testing::Values(
        PresetDealCase{"standard", {26, 0, 0, 0}, {0, 26, 26, 26}, {25, 1, 0, 0}, {}, {}},
        PresetDealCase{"morehead2001", {26, 0, 0, 0}, {0, 26, 26, 26}, {25, 1, 0, 0}, {}, {}},
        PresetDealCase{"culbertson1950", {26, 0, 0, 0}, {0, 0, 0, 0}, {25, 1, 0, 0}, {}, {}},
        // Howell, T = 26: 100 + 26 - 4 * d.
        PresetDealCase{"foster1909",
                       {26, 0, 0, 0},
                       {26, 0, 0, 0},
                       {25, 1, 0, 0},
                       {22, 126, 126, 126},
                       {26, 122, 126, 126}},
        // 13 hearts + QS - 10D = 16 taken; the omnibus moon scores -26.
        PresetDealCase{"omnibus", {16, 0, 0, 0}, {-26, 0, 0, 0}, {15, 1, 0, 0}, {}, {}},
        PresetDealCase{"pink-lady", {38, 0, 0, 0}, {0, 38, 38, 38}, {37, 1, 0, 0}, {}, {}},
        // Split hand: black_jack_discard makes the spade holder drop the JS on trick 1 (won by
        // role 1): role 1 takes JS + 8H = 11, role 0 the other 12 hearts.
        PresetDealCase{"black-jack", {23, 0, 0, 0}, {23, 0, 0, 0}, {12, 11, 0, 0}, {}, {}},
        // Face values: role 1 takes only the 8H.
        PresetDealCase{"spot-hearts", {104, 0, 0, 0}, {104, 0, 0, 0}, {96, 8, 0, 0}, {}, {}},
        PresetDealCase{"hearts1887", {13, 0, 0, 0}, {13, 0, 0, 0}, {12, 1, 0, 0}, {}, {}},
        PresetDealCase{"black-maria", {43, 0, 0, 0}, {43, 0, 0, 0}, {42, 1, 0, 0}, {}, {}},
        PresetDealCase{"openspiel", {26, 0, 0, 0}, {0, 26, 26, 26}, {25, 1, 0, 0}, {}, {}}),
    [](const ::testing::TestParamInfo<PresetDealCase>& info) {
      std::string name(info.param.preset);
      for (char& ch : name) {
        if (ch == '-') ch = '_';
      }
      return name;
    });

// Seeded deals of every preset (its own pass schedule, lowest-card play): all card values in play
// are taken, and the deal scores follow from the points and the preset's moon rule.
TEST(SeededPresetDealTest, PointsSumAndDealScoresFollowTheMoonRule) {
  for (const Preset& preset : presets()) {
    // Partners score and rank by team: tests/sdk/partnership_test.cc checks those presets.
    if (preset.rules.partnership != Partnership::kNone) continue;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      SCOPED_TRACE(std::string(preset.name) + " seed " + std::to_string(seed));
      const CompiledRules compiled = Compile(preset.rules);
      Game game(compiled, seed);
      PlaySeededDeal(game);
      ASSERT_EQ(game.deals_completed(), 1);
      const int n = game.num_players();
      int in_play_total = 0;
      for (Card card : compiled.in_play) in_play_total += compiled.card_points[card.id()];
      for (Card card : compiled.in_play_twice) in_play_total += compiled.card_points[card.id()];
      const Seats points = PointsTaken(game);
      // With two decks a void last trick's cards (and what rolled into it) stay untaken.
      EXPECT_EQ(Sum(points) + game.carried_points(), in_play_total);
      int void_tricks = 0;
      for (int t = 0; t < game.tricks_completed(); ++t)
        void_tricks += game.trick_winner(t) == kVoidTrick;
      // A stock's seats drop out, so its tricks are fewer and shorter: counted by the engine.
      EXPECT_EQ(Sum(TricksWon(game)) + void_tricks,
                compiled.stock_size > 0 ? game.tricks_completed() : compiled.hand_size);
      const DealResult& deal = game.last_deal();
      Seats expected = points;
      const Rules& r = compiled.rules;
      for (int s = 0; s < n; ++s) {  // Royal Hearts' QH and QC, Gong Zhu's 10C
        const CardSet t = game.taken(s);
        if (t.intersects(r.hearts_doubler)) {
          for (Card card : t.of_suit(Suit::kHearts)) expected[s] += compiled.card_points[card.id()];
        }
        if (t.intersects(r.queen_canceller) && t.contains(kQueenOfSpades)) {
          expected[s] -= compiled.card_points[kQueenOfSpades.id()];
        }
        if (t.intersects(r.score_doubler)) {
          const bool alone = ((t & compiled.counters) - r.score_doubler).empty();
          expected[s] = alone ? r.score_doubler_alone : 2 * expected[s];
        }
      }
      const int shooter = deal.moon_shooter;
      if (shooter >= 0 && compiled.rules.moon != MoonRule::kNone) {
        const int total = r.moon_pays_hand_score ? expected[shooter] : compiled.moon_total;
        const int paid = compiled.rules.moon_points > 0 ? compiled.rules.moon_points : total;
        for (int s = 0; s < n; ++s) {
          switch (compiled.rules.moon) {
            case MoonRule::kNoScore:
              expected[s] = 0;
              break;
            case MoonRule::kOldMoon:
              expected[s] = s == shooter ? points[s] - total : points[s] + paid;
              break;
            case MoonRule::kShooterChoice:  // PlaySeededDeal chooses old moon
              if (r.moon_pays_hand_score) expected[s] += s == shooter ? -total : paid;
              break;
            case MoonRule::kOmnibus:
              expected[s] = s == shooter ? -paid : 0;
              break;
            default:
              break;
          }
        }
      }
      // The QD's floor on a first deal: a negative deal score stops at 0 (not a moon's shooter).
      for (int s = 0; s < n && r.bonus_floor_zero; ++s) {
        if (expected[s] < 0 && s != shooter) expected[s] = 0;
      }
      if (compiled.rules.complex_scores) {
        // The 10C's taker scores (points + QS i) * 2i: its real part is -2 * the QS's value.
        for (int s = 0; s < n; ++s) {
          if (game.taken(s).contains(C("10C"))) {
            expected[s] = game.taken(s).contains(kQueenOfSpades) ? -2 * 13 : 0;
          }
        }
      }
      EXPECT_EQ(DealScores(game), expected);
      EXPECT_EQ(Scores(game), expected);
      // Without negative card values a moon is exactly a seat taking the moon total.
      if (compiled.rules.moon != MoonRule::kNone && compiled.counters == compiled.penalty_cards) {
        int moon = -1;
        for (int s = 0; s < n; ++s) {
          if (points[s] == compiled.moon_total) moon = s;
        }
        EXPECT_EQ(shooter, moon);
      }
    }
  }
}

// Whole seeded games of every preset: the game stops at the first deal meeting an end condition,
// and the ranks follow the scores (or counters).
TEST(SeededPresetDealTest, WholeGamesEndAndRank) {
  for (const Preset& preset : presets()) {
    if (preset.rules.partnership != Partnership::kNone) continue;  // as above
    SCOPED_TRACE(std::string(preset.name));
    Game game = NewGame(preset.rules, 77);
    const Rules& rules = game.rules().rules;
    auto ended = [&] {
      if (rules.fixed_deals > 0 && game.deals_completed() >= rules.fixed_deals) return true;
      for (int s = 0; s < game.num_players(); ++s) {
        const int re = game.score(s), im = game.score_imag(s);
        const bool reached = rules.complex_scores
                                 ? re * re + im * im >= rules.end_score * rules.end_score
                                 : game.score(s) >= rules.end_score;
        if (rules.end_score > 0 && reached) return true;
      }
      return false;
    };
    while (!game.is_over() && game.deals_completed() < 1000) {
      PlaySeededDeal(game);
      EXPECT_EQ(game.is_over(), ended()) << "after deal " << game.deals_completed();
    }
    ASSERT_TRUE(game.is_over());
    EXPECT_EQ(game.phase(), Phase::kGameOver);
    const bool by_points = rules.settlement == Settlement::kPoints;
    for (int s = 0; s < game.num_players(); ++s) {
      int better = 0;
      for (int t = 0; t < game.num_players(); ++t) {
        auto magnitude = [&](int seat) {
          return game.score(seat) * game.score(seat) +
                 game.score_imag(seat) * game.score_imag(seat);
        };
        better += rules.complex_scores ? magnitude(t) < magnitude(s)
                  : by_points          ? game.score(t) < game.score(s)
                                       : game.counters(t) > game.counters(s);
      }
      EXPECT_EQ(game.rank(s), 1 + better) << "seat " << s;
    }
  }
}

// --- Moon rules -----------------------------------------------------------------------------

Rules WithMoon(MoonRule moon) {
  Rules rules = Standard();
  rules.moon = moon;
  return rules;
}

TEST(MoonTest, NoneScoresPointsAsTaken) {
  Game game = NewGame(WithMoon(MoonRule::kNone));
  PlayDeal(game, MoonHands());
  EXPECT_EQ(PointsTaken(game), (Seats{26, 0, 0, 0}));
  EXPECT_EQ(DealScores(game), (Seats{26, 0, 0, 0}));
  EXPECT_EQ(Scores(game), (Seats{26, 0, 0, 0}));
}

TEST(MoonTest, NoScoreZeroesEveryone) {
  Game game = NewGame(WithMoon(MoonRule::kNoScore));
  PlayDeal(game, MoonHands());
  EXPECT_EQ(PointsTaken(game), (Seats{26, 0, 0, 0}));
  EXPECT_EQ(DealScores(game), (Seats{0, 0, 0, 0}));
  EXPECT_EQ(Scores(game), (Seats{0, 0, 0, 0}));
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
}

TEST(MoonTest, OldMoonGivesOthersTheTotal) {
  Game game = NewGame(WithMoon(MoonRule::kOldMoon));
  PlayDeal(game, Seated(MoonHands(), 1));  // shooter at seat 1
  EXPECT_EQ(PointsTaken(game), (Seats{0, 26, 0, 0}));
  EXPECT_EQ(TricksWon(game), (Seats{1, 12, 0, 0}));
  EXPECT_EQ(DealScores(game), (Seats{26, 0, 26, 26}));
  EXPECT_EQ(Scores(game), (Seats{26, 0, 26, 26}));
  EXPECT_EQ(game.last_deal().moon_shooter, 1);
  EXPECT_FALSE(game.last_deal().new_moon);
}

TEST(MoonTest, NewMoonSubtractsFromShooter) {
  Game game = NewGame(WithMoon(MoonRule::kNewMoon));
  PlayDeal(game, MoonHands());
  EXPECT_EQ(DealScores(game), (Seats{-26, 0, 0, 0}));
  EXPECT_EQ(Scores(game), (Seats{-26, 0, 0, 0}));
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
  EXPECT_TRUE(game.last_deal().new_moon);
}

TEST(MoonTest, PinkLadyOldMoonTotalIs38) {
  Game game = NewGame(HoldPreset("pink-lady"));
  PlayDeal(game, Seated(MoonHands(), 2));
  EXPECT_EQ(PointsTaken(game), (Seats{0, 0, 38, 0}));
  EXPECT_EQ(DealScores(game), (Seats{38, 38, 0, 38}));
}

TEST(MoonTest, ShooterChoiceWaitsForTheShooter) {
  Game game = NewGame(WithMoon(MoonRule::kShooterChoice));
  Deal(game, Seated(MoonHands(), 2));  // shooter at seat 2; it holds the 2C and leads
  ASSERT_EQ(game.phase(), Phase::kPlay);
  EXPECT_FALSE(game.choose_moon(true).ok());  // not a moon choice yet
  PlayOut(game);
  ASSERT_EQ(game.phase(), Phase::kMoonChoice);
  EXPECT_EQ(game.to_act(), 2);
  EXPECT_EQ(game.deals_completed(), 0);
  EXPECT_FALSE(game.play(C("2C")).ok());
}

TEST(MoonTest, ShooterChoiceNewMoon) {
  Game game = NewGame(WithMoon(MoonRule::kShooterChoice));
  PlayDeal(game, Seated(MoonHands(), 2));
  ASSERT_EQ(game.phase(), Phase::kMoonChoice);
  ASSERT_EQ(game.to_act(), 2);
  Check(game.choose_moon(true), "choose_moon");
  EXPECT_EQ(game.deals_completed(), 1);
  EXPECT_EQ(game.phase(), Phase::kDeal);
  EXPECT_EQ(DealScores(game), (Seats{0, 0, -26, 0}));
  EXPECT_EQ(Scores(game), (Seats{0, 0, -26, 0}));
  EXPECT_EQ(game.last_deal().moon_shooter, 2);
  EXPECT_TRUE(game.last_deal().new_moon);
}

TEST(MoonTest, ShooterChoiceOldMoon) {
  Game game = NewGame(WithMoon(MoonRule::kShooterChoice));
  PlayDeal(game, Seated(MoonHands(), 2));
  ASSERT_EQ(game.phase(), Phase::kMoonChoice);
  ASSERT_EQ(game.to_act(), 2);
  Check(game.choose_moon(false), "choose_moon");
  EXPECT_EQ(game.deals_completed(), 1);
  EXPECT_EQ(DealScores(game), (Seats{26, 26, 0, 26}));
  EXPECT_EQ(Scores(game), (Seats{26, 26, 0, 26}));
  EXPECT_FALSE(game.last_deal().new_moon);
}

TEST(MoonTest, ShooterChoiceNotAskedWithoutAMoon) {
  Game game = NewGame(WithMoon(MoonRule::kShooterChoice));
  PlayDeal(game, SplitHands());
  EXPECT_EQ(game.phase(), Phase::kDeal);
  EXPECT_EQ(game.deals_completed(), 1);
  EXPECT_EQ(DealScores(game), (Seats{25, 1, 0, 0}));
}

// kNewMoonIfOldLoses: every deal below is a moon hand with the shooter given; under old moon
// each moon adds 26 to the three other seats.
Game MoonSequence(const Rules& rules, const std::vector<int>& shooters) {
  Game game = NewGame(rules);
  for (int shooter : shooters) PlayDeal(game, Seated(MoonHands(), shooter));
  return game;
}

TEST(MoonTest, NewMoonIfOldLosesKeepsOldMoonWhileTheGameGoesOn) {
  Game game = MoonSequence(WithMoon(MoonRule::kNewMoonIfOldLoses), {0});
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26, 26}));
  EXPECT_FALSE(game.last_deal().new_moon);
  EXPECT_FALSE(game.is_over());
}

TEST(MoonTest, NewMoonIfOldLosesSwitchesWhenOldMoonWouldEndWithShooterLosing) {
  // Shooters 1, 1, 2 (all old moon, nobody near 100): scores {78, 26, 52, 78}.
  Game game = MoonSequence(WithMoon(MoonRule::kNewMoonIfOldLoses), {1, 1, 2});
  ASSERT_EQ(Scores(game), (Seats{78, 26, 52, 78}));
  EXPECT_FALSE(game.last_deal().new_moon);
  // Seat 0 shoots: old moon would give {78, 52, 78, 104}: the game ends and seat 1 (52) beats the
  // shooter (78), so new moon is scored instead.
  PlayDeal(game, Seated(MoonHands(), 0));
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
  EXPECT_TRUE(game.last_deal().new_moon);
  EXPECT_EQ(DealScores(game), (Seats{-26, 0, 0, 0}));
  EXPECT_EQ(Scores(game), (Seats{52, 26, 52, 78}));
  EXPECT_FALSE(game.is_over());
  // Seat 1 shoots: old moon gives {78, 26, 78, 104}: the game ends with the shooter lowest, so
  // the old moon stands.
  PlayDeal(game, Seated(MoonHands(), 1));
  EXPECT_FALSE(game.last_deal().new_moon);
  EXPECT_EQ(DealScores(game), (Seats{26, 0, 26, 26}));
  EXPECT_EQ(Scores(game), (Seats{78, 26, 78, 104}));
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(game.rank(1), 1);
  EXPECT_EQ(game.rank(0), game.rank(2));
}

TEST(MoonTest, NewMoonIfOldLosesKeepsOldMoonWhenShooterTiesForLowest) {
  // Shooters 1, 1, 0: scores {52, 26, 78, 78}.
  Game game = MoonSequence(WithMoon(MoonRule::kNewMoonIfOldLoses), {1, 1, 0});
  ASSERT_EQ(Scores(game), (Seats{52, 26, 78, 78}));
  // Seat 0 shoots: old moon gives {52, 52, 104, 104}: the game ends and the shooter shares the
  // lowest score, so it is among the winners: old moon.
  PlayDeal(game, Seated(MoonHands(), 0));
  EXPECT_FALSE(game.last_deal().new_moon);
  EXPECT_EQ(Scores(game), (Seats{52, 52, 104, 104}));
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(game.rank(0), 1);
  EXPECT_EQ(game.rank(1), 1);
}

TEST(MoonTest, OmnibusMoonNeedsTheBonusCard) {
  Game game = NewGame(HoldPreset("omnibus"));
  PlayDeal(game, MoonHands());
  EXPECT_TRUE(game.taken(0).contains(C("10D")));
  EXPECT_EQ(PointsTaken(game), (Seats{16, 0, 0, 0}));
  EXPECT_EQ(DealScores(game), (Seats{-26, 0, 0, 0}));
  EXPECT_EQ(Scores(game), (Seats{-26, 0, 0, 0}));
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
}

// Omnibus under the seeds' "Jack of Diamonds rule": the JD is the bonus card.
Rules OmnibusJackRule() {
  Rules rules = HoldPreset("omnibus");
  rules.bonus_card = CardSet{C("JD")};
  return rules;
}

TEST(MoonTest, OmnibusWithoutTheJackScoresNormally) {
  Game game = NewGame(OmnibusJackRule());
  PlayDeal(game, MoonHandsJackElsewhere(), {}, CardSet{C("KC")});
  EXPECT_EQ(TricksWon(game), (Seats{12, 0, 0, 1}));
  EXPECT_EQ(PointsTaken(game), (Seats{26, 0, 0, -10}));
  EXPECT_EQ(DealScores(game), (Seats{26, 0, 0, -10}));
  EXPECT_EQ(Scores(game), (Seats{26, 0, 0, -10}));
  EXPECT_EQ(game.last_deal().moon_shooter, -1);
}

TEST(MoonTest, SameDealIsAnOrdinaryMoonWhenTheJackIsWorthNothing) {
  Game game = NewGame(Standard());
  PlayDeal(game, MoonHandsJackElsewhere(), {}, CardSet{C("KC")});
  EXPECT_EQ(PointsTaken(game), (Seats{26, 0, 0, 0}));
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26, 26}));
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
}

// --- Moon in a kitty game -------------------------------------------------------------------

// Three players, full deck: 17 cards each and a one-card kitty (the 2H) for trick 1's winner.
Rules KittyRules() {
  Rules rules = Standard();
  rules.num_players = 3;
  rules.deck_adjust = DeckAdjust::kKitty;
  return rules;
}

TEST(KittyTest, KittySizes) {
  const CompiledRules compiled = Compile(KittyRules());
  EXPECT_EQ(compiled.hand_size, 17);
  EXPECT_EQ(compiled.kitty_size, 1);
  EXPECT_EQ(compiled.in_play, CardSet::full_deck());
  EXPECT_EQ(compiled.moon_total, 26);
}

TEST(KittyTest, KittyHeartCompletesTheMoon) {
  // Seat 0 leads 2C..AC (13 tricks) then JS..AS: it wins all 17 tricks; trick 1 brings the 2H
  // in the kitty, the other 12 hearts are discarded by seat 2.
  Game game = NewGame(KittyRules());
  const Hands hands = {Cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC JS QS KS AS"),
                       Cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2S 3S 4S 5S"),
                       Cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 6S 7S 8S 9S 10S")};
  PlayDeal(game, hands, Cards("2H"));
  EXPECT_EQ(PointsTaken(game), (Seats{26, 0, 0}));
  EXPECT_EQ(TricksWon(game), (Seats{17, 0, 0}));
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26}));
  EXPECT_EQ(Scores(game), (Seats{0, 26, 26}));
}

TEST(KittyTest, KittyHeartGoesToFirstTrickWinner) {
  // t1: s0 2C, s1 AC, s2 10S -> s1 wins and takes the kitty 2H (1 point).
  // t2: s1 2D, s2 3H, s0 10D -> s0. Seat 0 then wins every trick (clubs, then JD..AD on which
  // seat 2 drops JS QS KS AS): 12 hearts + QS = 25. No moon.
  Game game = NewGame(KittyRules());
  const Hands hands = {Cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 10D JD QD KD AD"),
                       Cards("AC 2D 3D 4D 5D 6D 7D 8D 9D 2S 3S 4S 5S 6S 7S 8S 9S"),
                       Cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 10S JS QS KS AS")};
  PlayDeal(game, hands, Cards("2H"));
  EXPECT_EQ(PointsTaken(game), (Seats{25, 1, 0}));
  EXPECT_EQ(TricksWon(game), (Seats{16, 1, 0}));
  EXPECT_EQ(game.last_deal().moon_shooter, -1);
  EXPECT_EQ(DealScores(game), (Seats{25, 1, 0}));
}

// --- Shooting the sun -----------------------------------------------------------------------

Rules WithSun(SunRule sun) {
  Rules rules = Standard();
  rules.sun = sun;
  return rules;
}

TEST(SunTest, SunGivesOthersTwiceTheMoonTotal) {
  Game game = NewGame(WithSun(SunRule::kSun));
  PlayDeal(game, SunHands());
  EXPECT_EQ(PointsTaken(game), (Seats{26, 0, 0, 0}));
  EXPECT_EQ(game.last_deal().sun_shooter, 0);
  EXPECT_EQ(DealScores(game), (Seats{0, 52, 52, 52}));
  EXPECT_EQ(Scores(game), (Seats{0, 52, 52, 52}));
}

TEST(SunTest, SunUsesThePresetMoonTotal) {
  Rules rules = HoldPreset("pink-lady");
  rules.sun = SunRule::kSun;
  Game game = NewGame(rules);
  PlayDeal(game, Seated(SunHands(), 3));
  EXPECT_EQ(game.last_deal().sun_shooter, 3);
  EXPECT_EQ(DealScores(game), (Seats{76, 76, 76, 0}));
}

TEST(SunTest, MoonWithoutEveryTrickIsNotASun) {
  Game game = NewGame(WithSun(SunRule::kSun));
  PlayDeal(game, MoonHands());
  EXPECT_EQ(game.last_deal().sun_shooter, -1);
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26, 26}));
}

TEST(SunTest, WithoutSunRuleEveryTrickIsAMoon) {
  Game game = NewGame(WithSun(SunRule::kNone));
  PlayDeal(game, SunHands());
  EXPECT_EQ(game.last_deal().sun_shooter, -1);
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26, 26}));
}

// Pass-left deal whose passes produce the sun hand: seat r holds 2..J of suit r and Q K A of suit
// r+1, and passes those three to seat r+1. So seat 3 passes the QC KC AC to the shooter, seat 0.
Game PassLeftSunDeal(SunRule sun) {
  Rules rules = WithSun(sun);
  rules.pass_schedule = PassSchedule::kLeft;
  Game game = NewGame(rules);
  constexpr Suit kSuits[] = {Suit::kClubs, Suit::kDiamonds, Suit::kHearts, Suit::kSpades};
  Hands hands;
  for (int r = 0; r < 4; ++r) {
    hands.push_back(Run(kSuits[r], Rank::kTwo, Rank::kJack) |
                    Run(kSuits[(r + 1) % 4], Rank::kQueen, Rank::kAce));
  }
  Deal(game, hands);
  while (game.phase() == Phase::kPass) {
    const int seat = game.to_act();
    const CardSet give = Run(kSuits[(seat + 1) % 4], Rank::kQueen, Rank::kAce);
    std::vector<Card> cards;
    for (Card card : give) cards.push_back(card);
    Check(game.pass_cards(cards), "pass");
  }
  if (game.phase() != Phase::kPlay) throw std::runtime_error("expected play after passing");
  if (game.hand(0) != CardSet::whole_suit(Suit::kClubs)) throw std::runtime_error("bad pass");
  PlayOut(game);
  return game;
}

TEST(SunTest, SunWithPassing) {
  Game game = PassLeftSunDeal(SunRule::kSun);
  EXPECT_EQ(game.last_deal().sun_shooter, 0);
  EXPECT_EQ(DealScores(game), (Seats{0, 52, 52, 52}));
}

TEST(SunTest, PunishmentChargesThePasserDouble) {
  Game game = PassLeftSunDeal(SunRule::kPunishment);
  EXPECT_EQ(game.last_deal().pass.kind, PassKind::kOffset);
  EXPECT_EQ(game.last_deal().sun_shooter, 0);
  EXPECT_EQ(PointsTaken(game), (Seats{26, 0, 0, 0}));
  // Seat 3 passed to the shooter: 2 * 26; seats 1 and 2: 26.
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26, 52}));
  EXPECT_EQ(Scores(game), (Seats{0, 26, 26, 52}));
}

TEST(SunTest, PunishmentOnAHoldDealGivesTheOthersTheTotalOnce) {
  // The seed: "add 52 points to the player who passed to him or her ..., while the others each
  // receive 26": on a hold deal nobody passed, so everyone else is one of "the others".
  Game game = NewGame(WithSun(SunRule::kPunishment));
  PlayDeal(game, Seated(SunHands(), 1));
  EXPECT_EQ(game.last_deal().sun_shooter, 1);
  EXPECT_EQ(DealScores(game), (Seats{26, 0, 26, 26}));
}

TEST(SunTest, PunishmentOnAHoldDealChargesEveryoneDoubleUnderTheOtherReading) {
  Rules rules = WithSun(SunRule::kPunishment);
  rules.punishment_unpassed = PunishmentUnpassed::kEveryoneDouble;
  Game game = NewGame(rules);
  PlayDeal(game, Seated(SunHands(), 1));
  EXPECT_EQ(game.last_deal().pass.kind, PassKind::kHold);
  EXPECT_EQ(game.last_deal().sun_shooter, 1);
  EXPECT_EQ(DealScores(game), (Seats{52, 0, 52, 52}));
}

TEST(SunTest, SunCleansSlate) {
  Rules rules = WithSun(SunRule::kSun);
  rules.sun_cleans_slate = true;
  Game game = NewGame(rules);
  PlayDeal(game, Seated(MoonHands(), 1));  // seat 1 moons (not a sun): {26, 0, 26, 26}
  EXPECT_FALSE(game.last_deal().slate_cleaned);
  ASSERT_EQ(Scores(game), (Seats{26, 0, 26, 26}));
  PlayDeal(game, SunHands());  // seat 0 wins every trick
  EXPECT_EQ(game.last_deal().sun_shooter, 0);
  EXPECT_TRUE(game.last_deal().slate_cleaned);
  EXPECT_EQ(DealScores(game), (Seats{0, 52, 52, 52}));
  EXPECT_EQ(Scores(game), (Seats{0, 52, 78, 78}));
}

TEST(SunTest, SunCleansSlateWithoutASunRule) {
  Rules rules = WithSun(SunRule::kNone);
  rules.sun_cleans_slate = true;
  Game game = NewGame(rules);
  PlayDeal(game, Seated(MoonHands(), 1));
  ASSERT_EQ(Scores(game), (Seats{26, 0, 26, 26}));
  PlayDeal(game, SunHands());  // scored as an old moon, then seat 0's 26 is wiped
  EXPECT_TRUE(game.last_deal().slate_cleaned);
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26, 26}));
  EXPECT_EQ(Scores(game), (Seats{0, 26, 52, 52}));
}

// --- No-trick bonus -------------------------------------------------------------------------

Rules WithNoTricksBonus() {
  Rules rules = Standard();
  rules.no_tricks_bonus = true;
  return rules;
}

TEST(NoTricksBonusTest, SeatsWithoutATrickGetMinusFive) {
  Game game = NewGame(WithNoTricksBonus());
  PlayDeal(game, SplitHands());
  EXPECT_EQ(TricksWon(game), (Seats{6, 7, 0, 0}));
  EXPECT_EQ(PointsTaken(game), (Seats{25, 1, 0, 0}));
  EXPECT_EQ(DealScores(game), (Seats{25, 1, -5, -5}));
  EXPECT_EQ(Scores(game), (Seats{25, 1, -5, -5}));
}

TEST(NoTricksBonusTest, NotOnAMoonDeal) {
  Game game = NewGame(WithNoTricksBonus());
  PlayDeal(game, MoonHands());  // seats 1 and 2 win no trick
  EXPECT_EQ(TricksWon(game), (Seats{12, 0, 0, 1}));
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26, 26}));
}

TEST(NoTricksBonusTest, NotOnASunDeal) {
  Rules rules = WithNoTricksBonus();
  rules.sun = SunRule::kSun;
  Game game = NewGame(rules);
  PlayDeal(game, SunHands());
  EXPECT_EQ(DealScores(game), (Seats{0, 52, 52, 52}));
}

// --- Game end and ranks ---------------------------------------------------------------------

TEST(GameEndTest, EndsWhenAScoreReachesEndScore) {
  Game game = NewGame(Standard());  // end_score 100
  for (int deal = 0; deal < 3; ++deal) PlayDeal(game, MoonHands());
  EXPECT_EQ(Scores(game), (Seats{0, 78, 78, 78}));
  EXPECT_FALSE(game.is_over());
  EXPECT_EQ(game.phase(), Phase::kDeal);
  PlayDeal(game, MoonHands());
  EXPECT_EQ(Scores(game), (Seats{0, 104, 104, 104}));
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(game.phase(), Phase::kGameOver);
  EXPECT_EQ(game.deals_completed(), 4);
  EXPECT_EQ(Ranks(game), (Seats{1, 2, 2, 2}));
}

TEST(GameEndTest, ReachingEndScoreExactlyEndsTheGame) {
  Rules rules = Standard();
  rules.end_score = 26;
  Game game = NewGame(rules);
  PlayDeal(game, MoonHands());
  EXPECT_EQ(Scores(game), (Seats{0, 26, 26, 26}));
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(Ranks(game), (Seats{1, 2, 2, 2}));
}

TEST(GameEndTest, ExactlyEndScoreResetsToZero) {
  Rules rules = Standard();
  rules.end_score = 26;
  rules.exactly_end_score_resets = true;
  Game game = NewGame(rules);
  PlayDeal(game, MoonHands());
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26, 26}));
  EXPECT_EQ(Scores(game), (Seats{0, 0, 0, 0}));
  EXPECT_FALSE(game.is_over());
  EXPECT_EQ(game.phase(), Phase::kDeal);
}

TEST(GameEndTest, ExactlyEndScoreResetsOnlyThatSeat) {
  Rules rules = Standard();
  rules.end_score = 25;
  rules.exactly_end_score_resets = true;
  Game game = NewGame(rules);
  PlayDeal(game, SplitHands());  // {25, 1, 0, 0}
  EXPECT_EQ(DealScores(game), (Seats{25, 1, 0, 0}));
  EXPECT_EQ(Scores(game), (Seats{0, 1, 0, 0}));
  EXPECT_FALSE(game.is_over());
}

TEST(GameEndTest, ScoreAboveEndScoreIsNotReset) {
  Rules rules = Standard();
  rules.end_score = 24;
  rules.exactly_end_score_resets = true;
  Game game = NewGame(rules);
  PlayDeal(game, SplitHands());
  EXPECT_EQ(Scores(game), (Seats{25, 1, 0, 0}));
  EXPECT_TRUE(game.is_over());
}

TEST(GameEndTest, TiedSeatsShareTheBetterRank) {
  Rules rules = Standard();
  rules.end_score = 20;
  Game game = NewGame(rules);
  PlayDeal(game, SplitHands());
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(Scores(game), (Seats{25, 1, 0, 0}));
  // Seats 2 and 3 share first place; seat 1 is third (two seats are better), seat 0 fourth.
  EXPECT_EQ(Ranks(game), (Seats{4, 3, 1, 1}));
}

TEST(GameEndTest, FixedDeals) {
  Rules rules = Standard();
  rules.end_score = 0;
  rules.fixed_deals = 2;
  Game game = NewGame(rules);
  PlayDeal(game, SplitHands());
  EXPECT_FALSE(game.is_over());
  EXPECT_EQ(Scores(game), (Seats{25, 1, 0, 0}));
  PlayDeal(game, SplitHands());  // deal 1: the 2C holder (seat 0) still leads
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(game.deals_completed(), 2);
  EXPECT_EQ(Scores(game), (Seats{50, 2, 0, 0}));
  EXPECT_EQ(Ranks(game), (Seats{4, 3, 1, 1}));
}

TEST(GameEndTest, FixedDealsEndBeforeEndScore) {
  Rules rules = Standard();
  rules.fixed_deals = 3;  // end_score stays 100
  Game game = NewGame(rules);
  for (int deal = 0; deal < 3; ++deal) PlayDeal(game, MoonHands());
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(Scores(game), (Seats{0, 78, 78, 78}));
  EXPECT_EQ(Ranks(game), (Seats{1, 2, 2, 2}));
}

TEST(GameEndTest, EndScoreEndsBeforeFixedDeals) {
  Rules rules = Standard();
  rules.end_score = 26;
  rules.fixed_deals = 5;
  Game game = NewGame(rules);
  PlayDeal(game, Seated(MoonHands(), 3));
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(game.deals_completed(), 1);
  EXPECT_EQ(Scores(game), (Seats{26, 26, 26, 0}));
  EXPECT_EQ(Ranks(game), (Seats{2, 2, 2, 1}));
}

// --- Settlements ----------------------------------------------------------------------------

Rules Settled(Settlement settlement, int fixed_deals) {
  Rules rules = Standard();
  rules.moon = MoonRule::kNone;
  rules.settlement = settlement;
  rules.fixed_deals = fixed_deals;
  rules.end_score = 0;
  rules.starting_counters = 100;
  return rules;
}

TEST(SweepstakeTest, PoolCarriesOverAndSplitsWithRemainder) {
  Game game = NewGame(Settled(Settlement::kSweepstake, 3));
  EXPECT_EQ(Counters(game), (Seats{100, 100, 100, 100}));
  EXPECT_EQ(game.pool(), 0);

  // Deal 0: everyone takes points {3, 5, 4, 14}: all pay, nobody may claim; the pool keeps 26.
  PlayDeal(game, SpreadHands());
  EXPECT_EQ(DealScores(game), (Seats{3, 5, 4, 14}));
  EXPECT_EQ(CountersDelta(game), (Seats{-3, -5, -4, -14}));
  EXPECT_EQ(Counters(game), (Seats{97, 95, 96, 86}));
  EXPECT_EQ(game.pool(), 26);

  // Deal 1: seat 0 takes 26 (no moon rule): pool 52 split by seats 1..3: 17 each, 1 left.
  PlayDeal(game, MoonHands());
  EXPECT_EQ(DealScores(game), (Seats{26, 0, 0, 0}));
  EXPECT_EQ(CountersDelta(game), (Seats{-26, 17, 17, 17}));
  EXPECT_EQ(Counters(game), (Seats{71, 112, 113, 103}));
  EXPECT_EQ(game.pool(), 1);

  // Deal 2: {25, 1, 0, 0}: pool 1 + 26 = 27 split by seats 2 and 3: 13 each, 1 left.
  PlayDeal(game, SplitHands());
  EXPECT_EQ(CountersDelta(game), (Seats{-25, -1, 13, 13}));
  EXPECT_EQ(Counters(game), (Seats{46, 111, 126, 116}));
  EXPECT_EQ(game.pool(), 1);
  EXPECT_EQ(Sum(Counters(game)) + game.pool(), 400);

  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(Ranks(game), (Seats{4, 3, 1, 2}));  // by counters, highest first
}

TEST(SweepstakeTest, TiedClaimersShareFirstRank) {
  Game game = NewGame(Settled(Settlement::kSweepstake, 1));
  PlayDeal(game, Seated(MoonHands(), 2));  // seat 2 takes 26; 26 / 3 = 8 each, 2 left
  EXPECT_EQ(CountersDelta(game), (Seats{8, 8, -26, 8}));
  EXPECT_EQ(Counters(game), (Seats{108, 108, 74, 108}));
  EXPECT_EQ(game.pool(), 2);
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(Ranks(game), (Seats{1, 1, 4, 1}));
}

TEST(HowellTest, FostersExampleAndConservation) {
  Game game = NewGame(Settled(Settlement::kHowell, 2));
  // Deal 0: {3, 5, 4, 14}, T = 26. Seat 3 took 14: pays 3 * 14 = 42, claims 26 - 14 = 12,
  // net 26 - 4 * 14 = -30. The others: 26 - 4 * d.
  PlayDeal(game, SpreadHands());
  EXPECT_EQ(DealScores(game), (Seats{3, 5, 4, 14}));
  EXPECT_EQ(CountersDelta(game), (Seats{14, 6, 10, -30}));
  EXPECT_EQ(Sum(CountersDelta(game)), 0);
  EXPECT_EQ(Counters(game), (Seats{114, 106, 110, 70}));
  EXPECT_FALSE(game.is_over());

  // Deal 1: {26, 0, 0, 0}: seat 0 nets 26 - 104 = -78, the others 26.
  PlayDeal(game, MoonHands());
  EXPECT_EQ(CountersDelta(game), (Seats{-78, 26, 26, 26}));
  EXPECT_EQ(Counters(game), (Seats{36, 132, 136, 96}));
  EXPECT_EQ(Sum(Counters(game)), 400);
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(Ranks(game), (Seats{4, 2, 1, 3}));
}

TEST(HowellTest, UsesDealScoresAfterTheMoon) {
  Rules rules = Settled(Settlement::kHowell, 1);
  rules.moon = MoonRule::kOldMoon;
  Game game = NewGame(rules);
  PlayDeal(game, MoonHands());  // deal scores {0, 26, 26, 26}, T = 78
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26, 26}));
  EXPECT_EQ(CountersDelta(game), (Seats{78, -26, -26, -26}));
  EXPECT_EQ(Counters(game), (Seats{178, 74, 74, 74}));
  EXPECT_EQ(Ranks(game), (Seats{1, 2, 2, 2}));
}

// --- The rule book of issue 17: heart scales, bonus cards, moon and sun sub-variations -------

TEST(RuleBookTest, SpotHeartsWithTheAceWorthOne) {
  // Hearts › Spot Hearts: "Modern rules however, tend to score the [AH] as 1 penalty point".
  Rules rules = PresetRules("spot-hearts");
  rules.heart_values = HeartValues::kFaceValueAceOne;
  const CompiledRules compiled = Compile(rules);
  EXPECT_EQ(compiled.card_points[C("AH").id()], 1);
  EXPECT_EQ(compiled.card_points[C("KH").id()], 13);
  EXPECT_EQ(compiled.card_points[C("2H").id()], 2);
  EXPECT_EQ(compiled.moon_total, 104 - 13);
}

TEST(RuleBookTest, EagleScale) {
  // Hearts › history (Standard Hoyle 1887): "Ace 5, King 4, Queen 3, Jack 2 and all pips 1".
  Rules rules = HoldPreset("spot-hearts");
  rules.heart_values = HeartValues::kEagle;
  const CompiledRules compiled = Compile(rules);
  const std::pair<const char*, int> expected[] = {{"AH", 5},  {"KH", 4}, {"QH", 3}, {"JH", 2},
                                                  {"10H", 1}, {"2H", 1}, {"AS", 0}};
  for (const auto& [card, value] : expected) EXPECT_EQ(compiled.card_points[C(card).id()], value);
  EXPECT_EQ(compiled.moon_total, 5 + 4 + 3 + 2 + 9);
  Game game(compiled, 1);
  PlayDeal(game, SplitHands());  // role 1 takes only the 8H, role 0 the other twelve hearts
  EXPECT_EQ(PointsTaken(game), (Seats{22, 1, 0, 0}));
}

TEST(RuleBookTest, AnyCardAsTheBonusCardWithAnyValue) {
  Rules rules = Standard();
  rules.bonus_card = CardSet{C("QS")};
  rules.bonus_card_points = 20;  // replaces the QS's own 13
  CompiledRules compiled = Compile(rules);
  EXPECT_EQ(compiled.card_points[C("QS").id()], 20);
  EXPECT_EQ(compiled.moon_total, 33);
  rules.bonus_card = CardSet{C("2C")};
  rules.bonus_card_points = 4;  // a positive value makes a penalty card of it
  compiled = Compile(rules);
  EXPECT_TRUE(compiled.penalty_cards.contains(C("2C")));
  EXPECT_EQ(compiled.moon_total, 30);
  rules.bonus_card = Cards("2C 3C");
  std::string error;
  EXPECT_FALSE(compile(rules, &error));
  EXPECT_NE(error.find("bonus_card"), std::string::npos) << error;
}

TEST(RuleBookTest, BonusCardSplitHand) {
  // Split hand: role 2 discards its diamonds from the bottom, the 10D on trick 9, which role 0
  // wins; with the bonus on the 2D instead, role 1 takes it on trick 1.
  Rules rules = HoldPreset("omnibus");
  Game ten(Compile(rules), 1);
  PlayDeal(ten, SplitHands());
  EXPECT_EQ(PointsTaken(ten), (Seats{15, 1, 0, 0}));
  rules.bonus_card = CardSet{C("2D")};
  rules.bonus_card_points = -3;
  Game two(Compile(rules), 1);
  PlayDeal(two, SplitHands());
  EXPECT_EQ(PointsTaken(two), (Seats{25, -2, 0, 0}));
}

Rules NewMoonAfter(int score, NewMoonScoreHolder holder, MoonRule moon = MoonRule::kNewMoon) {
  Rules rules = Standard();
  rules.moon = moon;
  rules.new_moon_min_score = score;
  rules.new_moon_score_holder = holder;
  return rules;
}

TEST(RuleBookTest, NewMoonOnlyOnceTheShootersScoreIsReached) {
  Game game = NewGame(NewMoonAfter(26, NewMoonScoreHolder::kShooter));
  PlayDeal(game, MoonHands());  // seat 0 has 0 < 26: old moon
  EXPECT_FALSE(game.last_deal().new_moon);
  EXPECT_EQ(Scores(game), (Seats{0, 26, 26, 26}));
  PlayDeal(game, MoonHands());  // still 0 although the others have 26
  EXPECT_FALSE(game.last_deal().new_moon);
  EXPECT_EQ(Scores(game), (Seats{0, 52, 52, 52}));
  PlayDeal(game, Seated(MoonHands(), 1));  // seat 1 has 52 >= 26: new moon
  EXPECT_TRUE(game.last_deal().new_moon);
  EXPECT_EQ(DealScores(game), (Seats{0, -26, 0, 0}));
}

TEST(RuleBookTest, NewMoonOnceAnyoneHasReachedTheScore) {
  Game game = NewGame(NewMoonAfter(26, NewMoonScoreHolder::kAnyone));
  PlayDeal(game, MoonHands());  // nobody has 26 yet: old moon
  EXPECT_EQ(Scores(game), (Seats{0, 26, 26, 26}));
  PlayDeal(game, MoonHands());  // another player has: new moon for seat 0
  EXPECT_TRUE(game.last_deal().new_moon);
  EXPECT_EQ(Scores(game), (Seats{-26, 26, 26, 26}));
}

TEST(RuleBookTest, ShooterIsNotAskedBeforeNewMoonIsAllowed) {
  Game game = NewGame(NewMoonAfter(26, NewMoonScoreHolder::kShooter, MoonRule::kShooterChoice));
  PlayDeal(game, MoonHands());
  EXPECT_EQ(game.phase(), Phase::kDeal) << "old moon scored without a moon-choice phase";
  EXPECT_EQ(Scores(game), (Seats{0, 26, 26, 26}));
  PlayDeal(game, Seated(MoonHands(), 1));
  ASSERT_EQ(game.phase(), Phase::kMoonChoice);
  EXPECT_EQ(game.to_act(), 1);
}

TEST(RuleBookTest, NewMoonMinScoreIsRefusedWhereItChangesNothing) {
  std::string error;
  EXPECT_FALSE(compile(NewMoonAfter(50, NewMoonScoreHolder::kShooter, MoonRule::kOldMoon), &error));
  EXPECT_NE(error.find("new_moon_min_score"), std::string::npos) << error;
  Rules rules = Standard();
  rules.new_moon_score_holder = NewMoonScoreHolder::kAnyone;
  EXPECT_FALSE(compile(rules, &error));
  EXPECT_NE(error.find("new_moon_score_holder"), std::string::npos) << error;
}

TEST(RuleBookTest, AMoonMustAlsoBeASun) {
  Rules rules = Standard();
  rules.moon_needs_sun = true;
  Game game = NewGame(rules);
  PlayDeal(game, MoonHands());  // every penalty card but 12 of 13 tricks: scored as taken
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
  EXPECT_EQ(DealScores(game), (Seats{26, 0, 0, 0}));
  PlayDeal(game, SunHands());  // every trick: the moon counts
  EXPECT_EQ(DealScores(game), (Seats{0, 26, 26, 26}));
}

TEST(RuleBookTest, SunThatIgnoresTheFirstTrick) {
  // The moon hand loses only trick 1: a sun when the first trick does not count.
  Rules rules = WithSun(SunRule::kSun);
  rules.sun_ignores_first_trick = true;
  Game game = NewGame(rules);
  PlayDeal(game, MoonHands());
  EXPECT_EQ(game.last_deal().sun_shooter, 0);
  EXPECT_EQ(DealScores(game), (Seats{0, 52, 52, 52}));
  PlayDeal(game, SunHands());  // winning trick 1 as well is still a sun
  EXPECT_EQ(game.last_deal().sun_shooter, 0);
  rules.sun = SunRule::kNone;
  std::string error;
  EXPECT_FALSE(compile(rules, &error));
  EXPECT_NE(error.find("sun_ignores_first_trick"), std::string::npos) << error;
}

TEST(RuleBookTest, TheMoonCannotWinTheGame) {
  Rules rules = Standard();
  rules.moon_cannot_win = true;
  rules.end_score = 0;
  rules.fixed_deals = 1;
  Game game = NewGame(rules);
  PlayDeal(game, MoonHands());  // the last deal, and the shooter would win: play on
  EXPECT_FALSE(game.is_over());
  EXPECT_EQ(Scores(game), (Seats{0, 26, 26, 26}));
  PlayDeal(game, SpreadHands());  // no moon: the game ends
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(game.deals_completed(), 2);
  EXPECT_EQ(Scores(game), (Seats{3, 31, 30, 40}));
  EXPECT_EQ(Ranks(game), (Seats{1, 3, 2, 4}));
}

TEST(RuleBookTest, AMoonByAPlayerWhoDoesNotWinStillEndsTheGame) {
  Rules rules = Standard();
  rules.moon_cannot_win = true;
  rules.end_score = 0;
  rules.fixed_deals = 4;
  Game game = NewGame(rules);
  for (int k = 0; k < 3; ++k) PlayDeal(game, SpreadHands());
  ASSERT_EQ(Scores(game), (Seats{9, 15, 12, 42}));
  PlayDeal(game, Seated(MoonHands(), 3));  // seat 3 moons but ends on 42, last
  EXPECT_EQ(Scores(game), (Seats{35, 41, 38, 42}));
  EXPECT_TRUE(game.is_over());
}

TEST(RuleBookTest, AnyPenaltyCardBreaksHearts) {
  // Seat 0 (all clubs) leads the 2C; seat 1 (all spades) discards a card; seat 2 holds hearts.
  Rules rules = Standard();
  rules.first_lead = FirstLead::kEldestAny;
  rules.no_points_first_trick = false;
  rules.jack_of_spades_points = 10;
  const Hands hands = {CardSet::whole_suit(Suit::kClubs), CardSet::whole_suit(Suit::kSpades),
                       CardSet::whole_suit(Suit::kDiamonds), CardSet::whole_suit(Suit::kHearts)};
  for (const bool any_penalty : {false, true}) {
    for (const char* discard : {"QS", "JS", "2S"}) {
      rules.penalty_breaks_hearts = any_penalty;
      Game game = NewGame(rules);
      Deal(game, hands);
      Check(game.play(C("2C")), "lead");
      Check(game.play(C(discard)), "discard");
      const bool penalty = std::string_view(discard) != "2S";
      EXPECT_EQ(game.hearts_broken(), any_penalty && penalty) << discard;
    }
  }
}

}  // namespace
}  // namespace hearts
