// Passing and play rules of the engine (game.h, rules.h), checked on scripted deals built with
// Game::deal_hands. Every expectation is an exact outcome taken from the engine's specification:
// who is asked, which cards arrive where, which plays are legal, who wins the trick.
//
// Layout: helpers; passing (schedules, targets, validation); the deck and the kitty; the first
// lead; following and trick winners; the leading and discarding restrictions; rules validation;
// dealer rotation and determinism.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <ostream>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hearts/card.h"
#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/rng.h"
#include "hearts/rules.h"
#include "hearts/status.h"

namespace hearts {

// GoogleTest printers, found by argument-dependent lookup (so outside the unnamed namespace).
void PrintTo(Card card, std::ostream* os) {
  *os << to_string(card);
}
void PrintTo(CardSet cards, std::ostream* os) {
  *os << "{" << to_string(cards) << "}";
}
void PrintTo(Phase phase, std::ostream* os) {
  *os << name(phase);
}
void PrintTo(PassKind kind, std::ostream* os) {
  static constexpr const char* kNames[] = {"hold", "offset", "scatter", "star", "shuffle"};
  const int k = static_cast<int>(kind);
  *os << (k >= 0 && k < 5 ? kNames[k] : "?");
}
void PrintTo(const PassPlan& plan, std::ostream* os) {
  PrintTo(plan.kind, os);
  *os << " offset " << int{plan.offset} << " count " << int{plan.count};
}

namespace {

constexpr uint64_t kSeed = 20240601;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

CardSet Cards(std::string_view text) {
  std::string error;
  std::optional<CardSet> cards = parse_cards(text, &error);
  EXPECT_TRUE(cards.has_value()) << "bad card list \"" << text << "\": " << error;
  return cards.value_or(CardSet());
}

Card C(std::string_view text) {
  std::string error;
  std::optional<Card> card = parse_card(text, &error);
  EXPECT_TRUE(card.has_value()) << "bad card \"" << text << "\": " << error;
  return card.value_or(Card());
}

// Cards in the order written (parse_cards returns a set, which forgets the order).
std::vector<Card> CardList(std::string_view text) {
  std::vector<Card> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(' ', pos);
    if (end == std::string_view::npos) end = text.size();
    if (end > pos) out.push_back(C(text.substr(pos, end - pos)));
    pos = end + 1;
  }
  return out;
}

// The `count` lowest cards of a set, ascending.
std::vector<Card> Lowest(CardSet cards, int count) {
  std::vector<Card> out;
  for (Card card : cards) {
    if (static_cast<int>(out.size()) == count) break;
    out.push_back(card);
  }
  return out;
}

CardSet ToSet(std::span<const Card> cards) {
  CardSet set;
  for (Card card : cards) set.insert(card);
  return set;
}

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// Rules for scripted tests: n players, the given schedule, and a game that lasts many deals.
Rules BaseRules(int n, PassSchedule schedule = PassSchedule::kNone) {
  Rules rules;
  rules.num_players = n;
  rules.pass_schedule = schedule;
  rules.end_score = 0;
  rules.fixed_deals = 100;
  return rules;
}

CompiledRules Compile(const Rules& rules) {
  std::string error;
  std::optional<CompiledRules> compiled = compile(rules, &error);
  EXPECT_TRUE(compiled.has_value()) << error;
  return compiled.value();  // throws (a test failure) if the rules were rejected
}

std::vector<CardSet> Hands(std::initializer_list<std::string_view> texts) {
  std::vector<CardSet> hands;
  for (std::string_view text : texts) hands.push_back(Cards(text));
  return hands;
}

// Seat `seat` gets the listed cards; the hands still short are filled seat by seat with the
// remaining cards in play, lowest first. The kitty is set aside first.
std::vector<CardSet> FillHands(const CompiledRules& rules,
                               const std::vector<std::pair<int, std::string_view>>& fixed,
                               CardSet kitty = {}) {
  const int n = rules.rules.num_players;
  std::vector<CardSet> hands(n);
  CardSet used = kitty;
  for (const auto& [seat, text] : fixed) {
    hands[seat] = Cards(text);
    used |= hands[seat];
  }
  CardSet rest = rules.in_play - used;
  for (int seat = 0; seat < n; ++seat) {
    while (hands[seat].size() < rules.hand_size && !rest.empty()) {
      const Card card = rest.lowest();
      rest.erase(card);
      hands[seat].insert(card);
    }
  }
  return hands;
}

// The cards in play dealt round the table in ascending order (card k to seat k + shift).
std::vector<CardSet> RoundRobinHands(const CompiledRules& rules, int shift) {
  const int n = rules.rules.num_players;
  std::vector<CardSet> hands(n);
  int k = 0;
  for (Card card : rules.in_play) {
    if (k == n * rules.hand_size) break;
    hands[(k + shift) % n].insert(card);
    ++k;
  }
  return hands;
}

void Deal(Game& game, const std::vector<CardSet>& hands, CardSet kitty = {}) {
  ASSERT_EQ(game.phase(), Phase::kDeal);
  const Status status = game.deal_hands(hands, kitty);
  ASSERT_TRUE(status.ok()) << status.message();
  for (int seat = 0; seat < game.num_players(); ++seat) {
    ASSERT_EQ(game.hand(seat), hands[seat]) << "seat " << seat;
    ASSERT_EQ(game.dealt_hand(seat), hands[seat]) << "seat " << seat;
  }
  ASSERT_EQ(game.kitty(), kitty);
}

// Plays the cards in order, each by the seat to act.
void PlayCards(Game& game, std::string_view cards) {
  for (Card card : CardList(cards)) {
    const int seat = game.to_act();
    const Status status = game.play(card);
    ASSERT_TRUE(status.ok()) << "seat " << seat << " playing " << to_string(card) << ": "
                             << status.message();
  }
}

// Finishes the deal with every seat playing its lowest legal card.
void PlayOut(Game& game) {
  for (int guard = 0; guard < 200; ++guard) {
    if (game.phase() == Phase::kMoonChoice) {
      ASSERT_TRUE(game.choose_moon(false).ok());
      continue;
    }
    if (game.phase() != Phase::kPlay) return;
    const CardSet legal = game.legal_plays();
    ASSERT_FALSE(legal.empty()) << "no legal play for seat " << game.to_act();
    const Status status = game.play(legal.lowest());
    ASSERT_TRUE(status.ok()) << status.message();
  }
  FAIL() << "the deal did not finish";
}

PassPlan Plan(PassKind kind, int offset, int count) {
  return PassPlan{kind, static_cast<uint8_t>(offset), static_cast<uint8_t>(count)};
}
PassPlan Hold() {
  return Plan(PassKind::kHold, 0, 0);
}
PassPlan Offset(int offset, int count) {
  return Plan(PassKind::kOffset, offset, count);
}

// The plan of deal d under a fixed schedule, written out from the specification.
PassPlan ExpectedScheduledPlan(PassSchedule schedule, int n, int d, int count) {
  switch (schedule) {
    case PassSchedule::kNone:
      return Hold();
    case PassSchedule::kLeft:
      return Offset(1, count);
    case PassSchedule::kRight:
      return Offset(n - 1, count);
    case PassSchedule::kLeftRight:
      return Offset(d % 2 == 0 ? 1 : n - 1, count);
    case PassSchedule::kFourWay:
    case PassSchedule::kFourWayScatter:
      switch (d % 4) {
        case 0:
          return Offset(1, count);
        case 1:
          return Offset(n - 1, count);
        case 2:
          return Offset(n / 2, count);
        default:
          return schedule == PassSchedule::kFourWay ? Hold() : Plan(PassKind::kScatter, 0, n - 1);
      }
    case PassSchedule::kStar:
      return Plan(PassKind::kStar, 0, 2);
    case PassSchedule::kShuffle:
      return Plan(PassKind::kShuffle, 0, count);
    case PassSchedule::kRotating:
      return d % n < n - 1 ? Offset(d % n + 1, count) : Hold();
    default:
      ADD_FAILURE() << "no fixed plan for this schedule";
      return Hold();
  }
}

// Compares kind and count, and the offset where it means something.
void ExpectPlan(const PassPlan& actual, const PassPlan& expected) {
  EXPECT_EQ(actual.kind, expected.kind) << "plan " << testing::PrintToString(actual);
  EXPECT_EQ(int{actual.count}, int{expected.count}) << "plan " << testing::PrintToString(actual);
  if (expected.kind == PassKind::kOffset) {
    EXPECT_EQ(int{actual.offset}, int{expected.offset})
        << "plan " << testing::PrintToString(actual);
  }
}

// Where card k of seat's pass goes, from the specification (not for hold and shuffle).
int ExpectedTarget(const PassPlan& plan, int n, int seat, int k) {
  switch (plan.kind) {
    case PassKind::kOffset:
      return (seat + plan.offset) % n;
    case PassKind::kScatter:
      return (seat + 1 + k) % n;
    case PassKind::kStar:
      return (seat + (k == 0 ? 2 : 3)) % n;
    default:
      return -1;
  }
}

// Runs the pass phase with every seat passing its `count` lowest passable cards, ascending.
// Checks that seats are asked eldest first then clockwise, that passed cards leave the hand at
// once but arrive only after the last pass, where each card lands, and the final hands.
void RunPassPhase(Game& game, int count) {
  const int n = game.num_players();
  const PassPlan plan = game.pass_plan();
  ASSERT_EQ(game.phase(), Phase::kPass);
  EXPECT_FALSE(game.passes_exchanged());
  std::vector<CardSet> dealt(n), passed(n);
  for (int seat = 0; seat < n; ++seat) {
    dealt[seat] = game.hand(seat);
    EXPECT_FALSE(game.has_passed(seat));
  }
  for (int i = 0; i < n; ++i) {
    const int seat = (game.eldest() + i) % n;
    ASSERT_EQ(game.phase(), Phase::kPass);
    ASSERT_EQ(game.to_act(), seat) << "pass number " << i;
    const std::vector<Card> cards = Lowest(game.passable(seat), count);
    ASSERT_EQ(static_cast<int>(cards.size()), count);
    const Status status = game.pass_cards(cards);
    ASSERT_TRUE(status.ok()) << "seat " << seat << ": " << status.message();
    passed[seat] = ToSet(cards);
    EXPECT_TRUE(game.has_passed(seat));
    const std::span<const Card> recorded = game.passed_by(seat);
    EXPECT_EQ(std::vector<Card>(recorded.begin(), recorded.end()), cards) << "seat " << seat;
    if (i + 1 < n) {  // before the last pass: cards left at once, nothing arrived yet
      EXPECT_FALSE(game.passes_exchanged());
      for (int t = 0; t < n; ++t) {
        EXPECT_TRUE(game.received_by(t).empty()) << "seat " << t << " received before the end";
        EXPECT_EQ(game.hand(t), dealt[t] - passed[t]) << "seat " << t;
      }
    }
  }
  EXPECT_TRUE(game.passes_exchanged());
  EXPECT_EQ(game.phase(), Phase::kPlay);

  if (plan.kind == PassKind::kShuffle) {
    CardSet pile, received;
    for (int seat = 0; seat < n; ++seat) {
      EXPECT_EQ(game.received_by(seat).size(), count) << "seat " << seat;
      EXPECT_FALSE(received.intersects(game.received_by(seat)));
      received |= game.received_by(seat);
      pile |= passed[seat];
    }
    EXPECT_EQ(received, pile);
  } else {
    std::vector<CardSet> expected(n);
    for (int seat = 0; seat < n; ++seat) {
      const std::span<const Card> cards = game.passed_by(seat);
      for (int k = 0; k < static_cast<int>(cards.size()); ++k) {
        const int target = ExpectedTarget(plan, n, seat, k);
        EXPECT_EQ(pass_target(plan, n, seat, k), target) << "seat " << seat << " card " << k;
        expected[target].insert(cards[k]);
      }
    }
    for (int seat = 0; seat < n; ++seat) {
      EXPECT_EQ(game.received_by(seat), expected[seat]) << "seat " << seat;
    }
  }
  for (int seat = 0; seat < n; ++seat) {
    EXPECT_EQ(game.hand(seat), (dealt[seat] - passed[seat]) | game.received_by(seat))
        << "seat " << seat;
    EXPECT_EQ(game.hand(seat).size(), game.rules().hand_size) << "seat " << seat;
    EXPECT_EQ(game.dealt_hand(seat), dealt[seat]) << "seat " << seat;
  }
}

// With kTwoOfClubs: the holder of the lowest club in the hands is to act and must lead it.
void ExpectLowestClubLeads(const Game& game) {
  CardSet all;
  for (int seat = 0; seat < game.num_players(); ++seat) all |= game.hand(seat);
  const Card lowest = all.of_suit(Suit::kClubs).lowest();
  int holder = -1;
  for (int seat = 0; seat < game.num_players(); ++seat) {
    if (game.hand(seat).contains(lowest)) holder = seat;
  }
  EXPECT_EQ(game.phase(), Phase::kPlay);
  EXPECT_EQ(game.to_act(), holder) << "holder of " << to_string(lowest);
  EXPECT_EQ(game.legal_plays(), CardSet{lowest});
}

// Plays `deals` deals of a fixed schedule with scripted round-robin deals and the automatic pass
// count, checking the dealer, the plan, the whole pass phase and the first leader each deal.
void CheckSchedule(PassSchedule schedule, int n, int deals) {
  SCOPED_TRACE(testing::Message() << name(schedule) << " with " << n << " players");
  const CompiledRules rules = Compile(BaseRules(n, schedule));
  Game game(rules, kSeed + n);
  for (int d = 0; d < deals; ++d) {
    SCOPED_TRACE(testing::Message() << "deal " << d);
    ASSERT_EQ(game.phase(), Phase::kDeal);
    EXPECT_EQ(game.deal_index(), d);
    EXPECT_EQ(game.dealer(), (n - 1 + d) % n);
    EXPECT_EQ(game.eldest(), d % n);
    const PassPlan expected = ExpectedScheduledPlan(schedule, n, d, rules.pass_count);
    ExpectPlan(scheduled_pass(rules, d), expected);
    const std::vector<CardSet> hands = RoundRobinHands(rules, d);
    ASSERT_NO_FATAL_FAILURE(Deal(game, hands));
    ExpectPlan(game.pass_plan(), expected);
    if (expected.kind == PassKind::kHold) {
      EXPECT_EQ(game.phase(), Phase::kPlay) << "a hold deal skips the pass";
      for (int seat = 0; seat < n; ++seat) {
        EXPECT_TRUE(game.received_by(seat).empty());
        EXPECT_EQ(game.hand(seat), hands[seat]);
      }
    } else {
      ASSERT_NO_FATAL_FAILURE(RunPassPhase(game, expected.count));
    }
    ExpectLowestClubLeads(game);
    ASSERT_NO_FATAL_FAILURE(PlayOut(game));
    EXPECT_EQ(game.deals_completed(), d + 1);
  }
}

// A status that must be an error whose message names one of the options.
void ExpectErrorNaming(const Status& status, std::initializer_list<std::string_view> names) {
  ASSERT_FALSE(status.ok()) << "expected an error naming " << *names.begin();
  bool named = false;
  for (std::string_view option : names) named = named || Contains(status.message(), option);
  EXPECT_TRUE(named) << "error does not name " << *names.begin() << ": " << status.message();
}

void ExpectInvalid(const Rules& rules, std::initializer_list<std::string_view> names) {
  ExpectErrorNaming(validate(rules), names);
  std::string error;
  EXPECT_FALSE(compile(rules, &error).has_value());
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(Game::create(rules, kSeed).has_value());
}

// ---------------------------------------------------------------------------------------------
// Scripted 4-player deals used by the play tests (seat 0 is eldest on deal 0).
// ---------------------------------------------------------------------------------------------

// D1: seat 1 holds the 2C; seat 3 holds all 13 hearts.
std::vector<CardSet> DealD1() {
  return Hands(
      {"3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D 6D 7D", "2C 10C JC 8D 9D 10D JD 2S 3S 4S 5S 6S 7S",
       "QC KC AC QD KD AD 8S 9S 10S JS QS KS AS", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"});
}

// D2: seat 0 holds every club; the others are void in clubs with mixed penalty cards.
std::vector<CardSet> DealD2() {
  return Hands({"2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "2D 3D 4D 5D 6D 7D 2H 3H 4H 5H 6H QS AS",
                "8D 9D 10D JD QD KD AD 7H 8H 9H 10H JH QH",
                "KH AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS"});
}

// D3: seat 1 wins trick 1 with the AC and then leads holding diamonds, hearts and the QS.
std::vector<CardSet> DealD3() {
  return Hands({"2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2H 3H", "AC 2D 3D 4D 5D 6D 7D 8D 4H 5H 6H 7H QS",
                "KC 9D 10D JD QD KD AD 8H 9H 10H JH QH KH",
                "AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS"});
}

// D4: eldest holds the AS and twelve hearts.
std::vector<CardSet> DealD4() {
  return Hands({"AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
                "2S 3S 4S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "5S 6S 7S QC KC AC 2D 3D 4D 5D 6D 7D 8D",
                "8S 9S 10S JS QS KS AH 9D 10D JD QD KD AD"});
}

// D5: eldest holds the AS, the QS and eleven hearts.
std::vector<CardSet> DealD5() {
  return Hands({"AS QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
                "2S 3S 4S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "5S 6S 7S QC KC AC 2D 3D 4D 5D 6D 7D 8D",
                "8S 9S 10S JS KS KH AH 9D 10D JD QD KD AD"});
}

// D6: seat 2 holds the QS and the JS with one more spade, and is void in clubs.
std::vector<CardSet> DealD6() {
  return Hands({"2S 3S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC 2D", "4S 5S KS QC KC AC 3D 4D 5D 6D 7D 8D 9D",
                "6S JS QS 10D JD QD KD AD 2H 3H 4H 5H 6H",
                "7S 8S 9S 10S AS 7H 8H 9H 10H JH QH KH AH"});
}

Rules PlayRules() {
  return BaseRules(4, PassSchedule::kNone);
}

// Eldest leads any card, nothing restricts trick 1: isolates the rule under test.
Rules FreeRules() {
  Rules rules = PlayRules();
  rules.first_lead = FirstLead::kEldestAny;
  rules.no_points_first_trick = false;
  return rules;
}

// ---------------------------------------------------------------------------------------------
// Passing: counts, targets and schedules
// ---------------------------------------------------------------------------------------------

TEST(PassCount, AutomaticIsThreeUpToFourPlayersThenTwo) {
  for (int n = 3; n <= 7; ++n) {
    const CompiledRules rules = Compile(BaseRules(n, PassSchedule::kLeft));
    EXPECT_EQ(rules.pass_count, n <= 4 ? 3 : 2) << n << " players";
  }
  Rules explicit_count = BaseRules(4, PassSchedule::kLeft);
  explicit_count.pass_count = 1;
  const CompiledRules one = Compile(explicit_count);
  EXPECT_EQ(one.pass_count, 1);
  ExpectPlan(scheduled_pass(one, 0), Offset(1, 1));
}

TEST(PassTarget, FollowsEachKindOfPlan) {
  // Offsets count seats to the left: 1 left, n-1 right, n/2 across.
  EXPECT_EQ(pass_target(Offset(1, 3), 4, 3, 0), 0);
  EXPECT_EQ(pass_target(Offset(3, 3), 4, 0, 2), 3);
  EXPECT_EQ(pass_target(Offset(2, 3), 4, 1, 1), 3);
  EXPECT_EQ(pass_target(Offset(3, 2), 6, 4, 0), 1);
  EXPECT_EQ(pass_target(Offset(6, 2), 7, 0, 1), 6);
  // Scatter: card k to seat + 1 + k.
  EXPECT_EQ(pass_target(Plan(PassKind::kScatter, 0, 3), 4, 2, 0), 3);
  EXPECT_EQ(pass_target(Plan(PassKind::kScatter, 0, 3), 4, 2, 1), 0);
  EXPECT_EQ(pass_target(Plan(PassKind::kScatter, 0, 3), 4, 2, 2), 1);
  // Star (five players): card 0 to seat + 2, card 1 to seat + 3.
  EXPECT_EQ(pass_target(Plan(PassKind::kStar, 0, 2), 5, 4, 0), 1);
  EXPECT_EQ(pass_target(Plan(PassKind::kStar, 0, 2), 5, 4, 1), 2);
  EXPECT_EQ(pass_target(Plan(PassKind::kStar, 0, 2), 5, 0, 0), 2);
  EXPECT_EQ(pass_target(Plan(PassKind::kStar, 0, 2), 5, 0, 1), 3);
}

TEST(PassSchedules, LeftPassMovesTheExactCards) {
  Game game(Compile(BaseRules(4, PassSchedule::kLeft)), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD1()));
  ASSERT_EQ(game.phase(), Phase::kPass);
  ExpectPlan(game.pass_plan(), Offset(1, 3));
  const char* passes[] = {"7D 6D 5D", "5S 6S 7S", "AS KS QS", "AH KH QH"};
  for (int seat = 0; seat < 4; ++seat) {
    ASSERT_EQ(game.to_act(), seat);
    ASSERT_TRUE(game.pass_cards(CardList(passes[seat])).ok());
    if (seat < 3) {
      EXPECT_TRUE(game.received_by((seat + 1) % 4).empty());
    }
  }
  EXPECT_EQ(game.received_by(1), Cards("5D 6D 7D"));
  EXPECT_EQ(game.received_by(2), Cards("5S 6S 7S"));
  EXPECT_EQ(game.received_by(3), Cards("QS KS AS"));
  EXPECT_EQ(game.received_by(0), Cards("QH KH AH"));
  EXPECT_EQ(game.hand(0), Cards("3C 4C 5C 6C 7C 8C 9C 2D 3D 4D QH KH AH"));
  EXPECT_EQ(game.hand(1), Cards("2C 10C JC 5D 6D 7D 8D 9D 10D JD 2S 3S 4S"));
  EXPECT_EQ(game.hand(2), Cards("QC KC AC QD KD AD 5S 6S 7S 8S 9S 10S JS"));
  EXPECT_EQ(game.hand(3), Cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QS KS AS"));
  EXPECT_EQ(game.phase(), Phase::kPlay);
  EXPECT_EQ(game.to_act(), 1);
  EXPECT_EQ(game.legal_plays(), Cards("2C"));
}

TEST(PassSchedules, NoneHoldsEveryDeal) {
  for (int n = 3; n <= 7; ++n) CheckSchedule(PassSchedule::kNone, n, 2);
}

TEST(PassSchedules, LeftPassesToTheNextSeat) {
  for (int n = 3; n <= 7; ++n) CheckSchedule(PassSchedule::kLeft, n, 2);
}

TEST(PassSchedules, RightPassesToThePreviousSeat) {
  for (int n = 3; n <= 7; ++n) CheckSchedule(PassSchedule::kRight, n, 2);
}

TEST(PassSchedules, LeftRightAlternatesStartingLeft) {
  for (int n = 3; n <= 7; ++n) CheckSchedule(PassSchedule::kLeftRight, n, 3);
}

TEST(PassSchedules, FourWayCyclesLeftRightAcrossHold) {
  CheckSchedule(PassSchedule::kFourWay, 4, 5);
  CheckSchedule(PassSchedule::kFourWay, 6, 5);
}

TEST(PassSchedules, FourWayScatterEndsWithOneCardToEachOpponent) {
  CheckSchedule(PassSchedule::kFourWayScatter, 4, 5);
}

TEST(PassSchedules, StarWithFivePlayers) {
  CheckSchedule(PassSchedule::kStar, 5, 2);
}

TEST(PassSchedules, ShuffleRedealsThePile) {
  for (int n = 3; n <= 7; ++n) CheckSchedule(PassSchedule::kShuffle, n, 2);
}

TEST(PassSchedules, ShuffleIsDeterministicForASeed) {
  const CompiledRules rules = Compile(BaseRules(4, PassSchedule::kShuffle));
  Game a(rules, kSeed), b(rules, kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(a, DealD1()));
  ASSERT_NO_FATAL_FAILURE(Deal(b, DealD1()));
  ASSERT_NO_FATAL_FAILURE(RunPassPhase(a, 3));
  ASSERT_NO_FATAL_FAILURE(RunPassPhase(b, 3));
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(a.received_by(seat), b.received_by(seat)) << "seat " << seat;
  }
}

TEST(PassSchedules, RotatingCyclesThroughOffsetsThenHolds) {
  for (int n = 3; n <= 7; ++n) CheckSchedule(PassSchedule::kRotating, n, n + 1);
}

TEST(PassDealersChoice, DealerChoosesThePlanEachDeal) {
  const CompiledRules rules = Compile(BaseRules(4, PassSchedule::kDealersChoice));
  Game game(rules, kSeed);

  // Deal 0: the dealer is seat 3.
  const std::vector<CardSet> hands = RoundRobinHands(rules, 0);
  ASSERT_NO_FATAL_FAILURE(Deal(game, hands));
  ASSERT_EQ(game.phase(), Phase::kDealerChoice);
  EXPECT_EQ(game.to_act(), 3);
  const PassPlan bad[] = {Offset(0, 3), Offset(4, 3), Offset(1, 0), Offset(1, 7),
                          Plan(PassKind::kStar, 0, 2)};
  for (const PassPlan& plan : bad) {
    EXPECT_FALSE(game.set_pass_plan(plan).ok()) << testing::PrintToString(plan);
    EXPECT_EQ(game.phase(), Phase::kDealerChoice);
    EXPECT_EQ(game.to_act(), 3);
  }
  EXPECT_FALSE(game.pass_cards(Lowest(game.hand(3), 3)).ok());
  EXPECT_EQ(game.hand(3), hands[3]);
  ASSERT_TRUE(game.set_pass_plan(Offset(2, 4)).ok());
  ExpectPlan(game.pass_plan(), Offset(2, 4));
  ASSERT_NO_FATAL_FAILURE(RunPassPhase(game, 4));
  ASSERT_NO_FATAL_FAILURE(PlayOut(game));

  // Deal 1: dealer 0 holds.
  ASSERT_NO_FATAL_FAILURE(Deal(game, RoundRobinHands(rules, 1)));
  ASSERT_EQ(game.phase(), Phase::kDealerChoice);
  EXPECT_EQ(game.to_act(), 0);
  ASSERT_TRUE(game.set_pass_plan(Hold()).ok());
  EXPECT_EQ(game.phase(), Phase::kPlay);
  for (int seat = 0; seat < 4; ++seat) EXPECT_TRUE(game.received_by(seat).empty());
  ASSERT_NO_FATAL_FAILURE(PlayOut(game));

  // Deal 2: dealer 1 scatters one card to each opponent.
  ASSERT_NO_FATAL_FAILURE(Deal(game, RoundRobinHands(rules, 2)));
  EXPECT_EQ(game.to_act(), 1);
  ASSERT_TRUE(game.set_pass_plan(Plan(PassKind::kScatter, 0, 3)).ok());
  ASSERT_NO_FATAL_FAILURE(RunPassPhase(game, 3));
  ASSERT_NO_FATAL_FAILURE(PlayOut(game));

  // Deal 3: dealer 2 passes one card right.
  ASSERT_NO_FATAL_FAILURE(Deal(game, RoundRobinHands(rules, 3)));
  EXPECT_EQ(game.to_act(), 2);
  ASSERT_TRUE(game.set_pass_plan(Offset(3, 1)).ok());
  ASSERT_NO_FATAL_FAILURE(RunPassPhase(game, 1));
}

TEST(PassDealersChoice, StarOnlyWithFivePlayersScatterOnlyWhereItFits) {
  const CompiledRules five = Compile(BaseRules(5, PassSchedule::kDealersChoice));
  Game game(five, kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, RoundRobinHands(five, 0)));
  EXPECT_EQ(game.to_act(), 4);
  EXPECT_FALSE(game.set_pass_plan(Offset(1, 6)).ok()) << "10 cards: at most 5 may be passed";
  ASSERT_TRUE(game.set_pass_plan(Plan(PassKind::kStar, 0, 2)).ok());
  ASSERT_NO_FATAL_FAILURE(RunPassPhase(game, 2));

  // Six players hold 8 cards: a scatter of 5 is more than half the hand.
  const CompiledRules six = Compile(BaseRules(6, PassSchedule::kDealersChoice));
  Game game6(six, kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game6, RoundRobinHands(six, 0)));
  EXPECT_FALSE(game6.set_pass_plan(Plan(PassKind::kScatter, 0, 5)).ok());
  EXPECT_FALSE(game6.set_pass_plan(Plan(PassKind::kStar, 0, 2)).ok());
  EXPECT_EQ(game6.phase(), Phase::kDealerChoice);
  ASSERT_TRUE(game6.set_pass_plan(Offset(3, 4)).ok());
  ASSERT_NO_FATAL_FAILURE(RunPassPhase(game6, 4));
}

TEST(PassExternal, PlanIsGivenFromOutside) {
  Rules rules = BaseRules(4, PassSchedule::kExternal);
  rules.pass_count = 3;
  const CompiledRules compiled = Compile(rules);
  Game game(compiled, kSeed);

  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD1()));
  ASSERT_EQ(game.phase(), Phase::kPassDirection);
  EXPECT_EQ(game.to_act(), -1);
  EXPECT_FALSE(game.pass_cards(CardList("3C 4C 5C")).ok());
  EXPECT_FALSE(game.set_pass_plan(Offset(0, 3)).ok());
  EXPECT_FALSE(game.set_pass_plan(Offset(4, 3)).ok());
  EXPECT_EQ(game.phase(), Phase::kPassDirection);
  ASSERT_TRUE(game.set_pass_plan(Offset(3, 3)).ok());
  ExpectPlan(game.pass_plan(), Offset(3, 3));
  EXPECT_FALSE(game.set_pass_plan(Offset(1, 3)).ok()) << "the plan is already set";
  ASSERT_NO_FATAL_FAILURE(RunPassPhase(game, 3));
  ASSERT_NO_FATAL_FAILURE(PlayOut(game));

  ASSERT_NO_FATAL_FAILURE(Deal(game, RoundRobinHands(compiled, 1)));
  ASSERT_EQ(game.phase(), Phase::kPassDirection);
  ASSERT_TRUE(game.set_pass_plan(Offset(2, 3)).ok());
  ASSERT_NO_FATAL_FAILURE(RunPassPhase(game, 3));
  ASSERT_NO_FATAL_FAILURE(PlayOut(game));

  ASSERT_NO_FATAL_FAILURE(Deal(game, RoundRobinHands(compiled, 2)));
  ASSERT_TRUE(game.set_pass_plan(Hold()).ok());
  EXPECT_EQ(game.phase(), Phase::kPlay);
}

TEST(PassExternal, ResolveChanceDrawsHoldOrAnOffset) {
  Rules rules = BaseRules(4, PassSchedule::kExternal);
  rules.pass_count = 3;
  const CompiledRules compiled = Compile(rules);
  std::set<int> seen;  // 0 = hold, k = offset k
  for (uint64_t seed = 1; seed <= 64; ++seed) {
    Game a(compiled, seed), b(compiled, seed);
    a.deal_from_seed();
    b.deal_from_seed();
    ASSERT_EQ(a.phase(), Phase::kPassDirection);
    a.resolve_chance();
    b.resolve_chance();
    EXPECT_EQ(a.pass_plan(), b.pass_plan()) << "seed " << seed;
    const PassPlan plan = a.pass_plan();
    if (plan.kind == PassKind::kHold) {
      EXPECT_EQ(a.phase(), Phase::kPlay);
      seen.insert(0);
    } else {
      ASSERT_EQ(plan.kind, PassKind::kOffset) << "seed " << seed;
      EXPECT_GE(plan.offset, 1);
      EXPECT_LE(plan.offset, 3);
      EXPECT_EQ(plan.count, 3);
      EXPECT_EQ(a.phase(), Phase::kPass);
      seen.insert(plan.offset);
    }
  }
  EXPECT_EQ(seen, (std::set<int>{0, 1, 2, 3})) << "64 uniform draws should hit all 4 plans";
}

// ---------------------------------------------------------------------------------------------
// Passing: validation (the status is an error and nothing changes)
// ---------------------------------------------------------------------------------------------

class PassValidationTest : public testing::Test {
 protected:
  // Four players, pass left, the QS may not be passed; seat 0 (first to pass) holds it.
  void SetUp() override {
    Rules rules = BaseRules(4, PassSchedule::kLeft);
    rules.forbidden_passes = Cards("QS");
    game_.emplace(Compile(rules), kSeed);
    const std::vector<CardSet> d1 = DealD1();
    hands_ = {d1[2], d1[3], d1[0], d1[1]};
    EXPECT_FALSE(game_->pass_cards(CardList("QC KC AC")).ok()) << "no pass before the deal";
    ASSERT_NO_FATAL_FAILURE(Deal(*game_, hands_));
    ASSERT_EQ(game_->phase(), Phase::kPass);
    ASSERT_EQ(game_->to_act(), 0);
  }

  void Reject(std::string_view cards) { Reject(CardList(cards)); }
  void Reject(const std::vector<Card>& cards) {
    const Status status = game_->pass_cards(cards);
    EXPECT_FALSE(status.ok()) << "pass " << testing::PrintToString(cards) << " was accepted";
    ExpectUnchanged();
  }
  // Nothing passed yet: seat 0 still to pass with its dealt hand.
  void ExpectUnchanged() {
    EXPECT_EQ(game_->phase(), Phase::kPass);
    EXPECT_EQ(game_->to_act(), 0);
    EXPECT_FALSE(game_->has_passed(0));
    EXPECT_TRUE(game_->passed_by(0).empty());
    for (int seat = 0; seat < 4; ++seat) {
      EXPECT_EQ(game_->hand(seat), hands_[seat]) << "seat " << seat;
      EXPECT_TRUE(game_->received_by(seat).empty());
    }
  }

  std::optional<Game> game_;
  std::vector<CardSet> hands_;
};

TEST_F(PassValidationTest, RejectsWrongCount) {
  Reject("QC KC");
  Reject("QC KC AC QD");
  Reject(std::vector<Card>{});
}

TEST_F(PassValidationTest, RejectsDuplicateCard) {
  Reject("QC QC KC");
}

TEST_F(PassValidationTest, RejectsCardNotHeld) {
  Reject("QC KC 2H");
  Reject(std::vector<Card>{C("QC"), C("KC"), Card()});
}

TEST_F(PassValidationTest, RejectsForbiddenCard) {
  EXPECT_EQ(game_->passable(0), hands_[0] - Cards("QS"));
  Reject("QC KC QS");
  ASSERT_TRUE(game_->pass_cards(CardList("KS AS AD")).ok()) << "other spades may be passed";
}

TEST_F(PassValidationTest, RejectsCardPassedToYouBeforeTheExchange) {
  ASSERT_TRUE(game_->pass_cards(CardList("QC KC AC")).ok());
  ASSERT_EQ(game_->to_act(), 1);
  EXPECT_FALSE(game_->pass_cards(CardList("2H 3H QC")).ok()) << "QC is not received yet";
  EXPECT_EQ(game_->hand(1), hands_[1]);
  EXPECT_FALSE(game_->has_passed(1));
  EXPECT_EQ(game_->to_act(), 1);
  EXPECT_TRUE(game_->pass_cards(CardList("2H 3H 4H")).ok());
}

TEST_F(PassValidationTest, RejectsWrongPhase) {
  EXPECT_FALSE(game_->play(C("QC")).ok());
  EXPECT_FALSE(game_->set_pass_plan(Offset(2, 3)).ok());
  EXPECT_FALSE(game_->deal_hands(hands_).ok());
  ExpectUnchanged();
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE(game_->pass_cards(Lowest(game_->passable(game_->to_act()), 3)).ok());
  }
  ASSERT_EQ(game_->phase(), Phase::kPlay);
  const int leader = game_->to_act();
  const CardSet before = game_->hand(leader);
  EXPECT_FALSE(game_->pass_cards(Lowest(before, 3)).ok());
  EXPECT_EQ(game_->hand(leader), before);
  EXPECT_EQ(game_->to_act(), leader);
  EXPECT_EQ(game_->phase(), Phase::kPlay);
}

// ---------------------------------------------------------------------------------------------
// The deck: removed cards, hand sizes, scripted-deal checks, the kitty
// ---------------------------------------------------------------------------------------------

struct DeckCase {
  int players;
  DeckAdjust adjust;
  const char* removed;  // "" for none
  int hand_size;
  int kitty_size;
};

constexpr DeckCase kDeckCases[] = {
    {3, DeckAdjust::kMorehead2001, "2C", 17, 0},
    {4, DeckAdjust::kMorehead2001, "", 13, 0},
    {5, DeckAdjust::kMorehead2001, "2C 2D", 10, 0},
    {6, DeckAdjust::kMorehead2001, "2C 2D 3C 2S", 8, 0},
    {7, DeckAdjust::kMorehead2001, "2C 2D 3C", 7, 0},
    {3, DeckAdjust::kFoster1909, "2C", 17, 0},
    {4, DeckAdjust::kFoster1909, "", 13, 0},
    {5, DeckAdjust::kFoster1909, "2C 2S", 10, 0},
    {6, DeckAdjust::kFoster1909, "2C 2S 2D 2H", 8, 0},
    {7, DeckAdjust::kFoster1909, "2C 2S 2D", 7, 0},
    {3, DeckAdjust::kCulbertson1950, "2C", 17, 0},
    {4, DeckAdjust::kCulbertson1950, "", 13, 0},
    {5, DeckAdjust::kCulbertson1950, "2C 2D", 10, 0},
    {6, DeckAdjust::kCulbertson1950, "2C 2D 2S 2H", 8, 0},
    {7, DeckAdjust::kCulbertson1950, "2C 2D 2S", 7, 0},
    {3, DeckAdjust::kKitty, "", 17, 1},
    {4, DeckAdjust::kKitty, "", 13, 0},
    {5, DeckAdjust::kKitty, "", 10, 2},
    {6, DeckAdjust::kKitty, "", 8, 4},
    {7, DeckAdjust::kKitty, "", 7, 3},
};

Rules DeckRules(const DeckCase& c) {
  Rules rules = BaseRules(c.players);
  rules.deck_adjust = c.adjust;
  return rules;
}

TEST(DeckAdjustment, RemovesTheDocumentedCards) {
  for (const DeckCase& c : kDeckCases) {
    SCOPED_TRACE(testing::Message() << name(c.adjust) << " with " << c.players << " players");
    const CompiledRules rules = Compile(DeckRules(c));
    EXPECT_EQ(rules.in_play, CardSet::full_deck() - Cards(c.removed));
    EXPECT_EQ(rules.hand_size, c.hand_size);
    EXPECT_EQ(rules.kitty_size, c.kitty_size);
    EXPECT_EQ(rules.hand_size * c.players + rules.kitty_size, rules.in_play.size());
  }
}

TEST(DeckAdjustment, SeededDealUsesOnlyCardsInPlay) {
  for (const DeckCase& c : kDeckCases) {
    SCOPED_TRACE(testing::Message() << name(c.adjust) << " with " << c.players << " players");
    Game game(Compile(DeckRules(c)), kSeed);
    game.deal_from_seed();
    ASSERT_EQ(game.phase(), Phase::kPlay);
    CardSet all = game.kitty();
    EXPECT_EQ(game.kitty().size(), c.kitty_size);
    for (int seat = 0; seat < c.players; ++seat) {
      EXPECT_EQ(game.hand(seat).size(), c.hand_size) << "seat " << seat;
      EXPECT_FALSE(all.intersects(game.hand(seat))) << "seat " << seat;
      all |= game.hand(seat);
    }
    EXPECT_EQ(all, CardSet::full_deck() - Cards(c.removed));
  }
}

TEST(DeckAdjustment, ScriptedDealMustPartitionTheCardsInPlay) {
  const CompiledRules five = Compile(BaseRules(5));  // Morehead: 2C and 2D are out
  const std::vector<CardSet> good = RoundRobinHands(five, 0);
  auto expect_rejected = [](Game& game, const std::vector<CardSet>& hands, CardSet kitty,
                            const char* why) {
    EXPECT_FALSE(game.deal_hands(hands, kitty).ok()) << why;
    EXPECT_EQ(game.phase(), Phase::kDeal) << why;
    for (int seat = 0; seat < game.num_players(); ++seat) {
      EXPECT_TRUE(game.hand(seat).empty()) << why;
    }
  };
  Game game(five, kSeed);
  std::vector<CardSet> removed_card = good;
  removed_card[0].erase(removed_card[0].lowest());
  removed_card[0].insert(C("2C"));
  expect_rejected(game, removed_card, {}, "a removed card in a hand");
  expect_rejected(game, good, Cards("2C"), "a kitty with Morehead removal");
  std::vector<CardSet> uneven = good;
  const Card moved = uneven[1].lowest();
  uneven[1].erase(moved);
  uneven[0].insert(moved);
  expect_rejected(game, uneven, {}, "hands of 11 and 9 cards");
  std::vector<CardSet> overlap = good;
  overlap[1].erase(overlap[1].lowest());
  overlap[1].insert(overlap[0].lowest());
  expect_rejected(game, overlap, {}, "a card in two hands");
  expect_rejected(game, std::vector<CardSet>(good.begin(), good.begin() + 4), {},
                  "four hands for five players");
  EXPECT_TRUE(game.deal_hands(good).ok());
}

TEST(Kitty, GoesWithItsPointsToTheFirstTrickWinner) {
  Rules rules = BaseRules(5);
  rules.deck_adjust = DeckAdjust::kKitty;
  const CompiledRules compiled = Compile(rules);
  ASSERT_EQ(compiled.kitty_size, 2);
  const CardSet kitty = Cards("QS 5H");
  Game game(compiled, kSeed);
  ASSERT_NO_FATAL_FAILURE(
      Deal(game,
           FillHands(compiled,
                     {{0, "2C 3C 4C 5C 6C 7C 8C 9C 10C 2H"}, {1, "JC QC KC AC 2D 3D 4D 5D 6D 7D"}},
                     kitty),
           kitty));
  // Seats 2..4 got, in order: 8D..AD 3H 4H 6H / 7H..AH 2S 3S / 4S..JS KS AS.
  EXPECT_EQ(game.hand(4), Cards("4S 5S 6S 7S 8S 9S 10S JS KS AS"));
  EXPECT_EQ(game.kitty(), kitty);
  EXPECT_EQ(game.to_act(), 0);
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C AC 8D 2S"));
  EXPECT_TRUE(game.taken(1).empty()) << "the kitty goes only when the trick is over";
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "4S"));
  ASSERT_EQ(game.tricks_completed(), 1);
  EXPECT_EQ(game.trick_winner(0), 1);
  EXPECT_EQ(game.taken(1), Cards("2C AC 8D 2S 4S QS 5H"));
  EXPECT_EQ(game.points_taken(1), 14);
  for (int seat : {0, 2, 3, 4}) {
    EXPECT_TRUE(game.taken(seat).empty());
    EXPECT_EQ(game.points_taken(seat), 0);
  }
  EXPECT_EQ(game.to_act(), 1);
  ASSERT_NO_FATAL_FAILURE(PlayOut(game));
  EXPECT_GE(game.last_deal().points_taken[1], 14);
}

TEST(Kitty, SeenByWinnerIsAcceptedOnlyWithAKitty) {
  Rules rules = BaseRules(5);
  rules.kitty_seen_by_winner = true;
  rules.deck_adjust = DeckAdjust::kKitty;
  EXPECT_TRUE(validate(rules).ok()) << validate(rules).message();
  for (DeckAdjust adjust :
       {DeckAdjust::kMorehead2001, DeckAdjust::kFoster1909, DeckAdjust::kCulbertson1950}) {
    rules.deck_adjust = adjust;
    ExpectInvalid(rules, {"kitty_seen_by_winner"});
  }
}

TEST(Kitty, LowestClubInTheHandsLeadsWhenTheTwoIsInTheKitty) {
  Rules rules = BaseRules(5);
  rules.deck_adjust = DeckAdjust::kKitty;
  const CompiledRules compiled = Compile(rules);
  const CardSet kitty = Cards("2C 3C");
  Game game(compiled, kSeed);
  ASSERT_NO_FATAL_FAILURE(
      Deal(game, FillHands(compiled, {{2, "4C 2D 3D 4D 5D 6D 7D 8D 9D 10D"}}, kitty), kitty));
  EXPECT_EQ(game.to_act(), 2);
  EXPECT_EQ(game.legal_plays(), Cards("4C"));
}

// ---------------------------------------------------------------------------------------------
// The first lead
// ---------------------------------------------------------------------------------------------

TEST(FirstLead, TwoOfClubsHolderMustLeadIt) {
  Game game(Compile(PlayRules()), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD1()));
  ASSERT_EQ(game.phase(), Phase::kPlay);
  EXPECT_EQ(game.to_act(), 1);
  EXPECT_EQ(game.trick_leader(), 1);
  EXPECT_EQ(game.legal_plays(), Cards("2C"));
  for (Card wrong : {C("10C"), C("2S"), C("AH"), Card()}) {
    EXPECT_FALSE(game.play(wrong).ok()) << to_string(wrong);
    EXPECT_EQ(game.to_act(), 1);
    EXPECT_TRUE(game.plays().empty());
    EXPECT_EQ(game.hand(1), DealD1()[1]);
  }
  ASSERT_TRUE(game.play(C("2C")).ok());
  EXPECT_EQ(game.to_act(), 2);
  EXPECT_EQ(game.hand(1), DealD1()[1] - Cards("2C"));
  ASSERT_EQ(game.plays().size(), 1u);
  EXPECT_EQ(game.plays()[0].seat, 1);
  EXPECT_EQ(game.plays()[0].card, C("2C"));
}

TEST(FirstLead, LowestClubLeadsWhenTheTwoIsRemoved) {
  struct Case {
    int players;
    DeckAdjust adjust;
    int seat;
    const char* hand;
    const char* lead;
  };
  const Case cases[] = {
      {5, DeckAdjust::kMorehead2001, 3, "3C 4D 5D 6D 7D 8D 9D 10D JD QD", "3C"},
      {6, DeckAdjust::kMorehead2001, 4, "4C 4D 5D 6D 7D 8D 9D 10D", "4C"},
      {3, DeckAdjust::kFoster1909, 1, "3C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2H 3H 4H", "3C"},
      {6, DeckAdjust::kCulbertson1950, 5, "3C 3D 4D 5D 6D 7D 8D 9D", "3C"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::Message() << name(c.adjust) << " with " << c.players << " players");
    Rules rules = BaseRules(c.players);
    rules.deck_adjust = c.adjust;
    const CompiledRules compiled = Compile(rules);
    Game game(compiled, kSeed);
    ASSERT_NO_FATAL_FAILURE(Deal(game, FillHands(compiled, {{c.seat, c.hand}})));
    EXPECT_EQ(game.to_act(), c.seat);
    EXPECT_EQ(game.legal_plays(), Cards(c.lead));
    EXPECT_FALSE(game.play(C("4D")).ok());
    EXPECT_TRUE(game.play(C(c.lead)).ok());
  }
}

TEST(FirstLead, AnyClubByTheHolderOfTheLowestClub) {
  Rules rules = PlayRules();
  rules.first_lead = FirstLead::kAnyClub;
  Game game(Compile(rules), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD1()));
  EXPECT_EQ(game.to_act(), 1);
  EXPECT_EQ(game.legal_plays(), Cards("2C 10C JC"));
  EXPECT_FALSE(game.play(C("8D")).ok());
  ASSERT_TRUE(game.play(C("JC")).ok());
  EXPECT_EQ(game.legal_plays(), Cards("QC KC AC"));

  // Five players, Morehead: the 3C holder leads any of its clubs.
  Rules five = BaseRules(5);
  five.first_lead = FirstLead::kAnyClub;
  const CompiledRules compiled = Compile(five);
  Game game5(compiled, kSeed);
  ASSERT_NO_FATAL_FAILURE(
      Deal(game5, FillHands(compiled, {{2, "3C 9C KC 4D 5D 6D 7D 8D 9D 10D"}})));
  EXPECT_EQ(game5.to_act(), 2);
  EXPECT_EQ(game5.legal_plays(), Cards("3C 9C KC"));
}

TEST(FirstLead, EldestLeadsAnyCard) {
  Rules rules = FreeRules();
  rules.hearts_must_be_broken = false;
  Game game(Compile(rules), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD3()));
  EXPECT_EQ(game.to_act(), 0) << "eldest is seat 0 on deal 0, whoever holds the 2C";
  EXPECT_EQ(game.legal_plays(), DealD3()[0]);
  ASSERT_TRUE(game.play(C("3H")).ok());
  EXPECT_TRUE(game.hearts_broken());
}

// Spec reading: "kEldestAny: eldest leads any card"; hearts are restricted only when "Leading
// later", and the only trick-1 lead restriction named is no_points_first_trick (off here).
// "Hearts may not be led until broken" holds from the very first lead: nothing is broken yet.
TEST(FirstLead, EldestFirstLeadObeysUnbrokenHearts) {
  Rules rules = FreeRules();  // hearts_must_be_broken stays on
  {
    Game game(Compile(rules), kSeed);
    ASSERT_NO_FATAL_FAILURE(Deal(game, DealD3()));
    EXPECT_EQ(game.to_act(), 0);
    EXPECT_EQ(game.legal_plays(), DealD3()[0] - CardSet::whole_suit(Suit::kHearts));
    EXPECT_FALSE(game.play(C("3H")).ok());
  }
  rules.hearts_must_be_broken = false;
  Game game(Compile(rules), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD3()));
  EXPECT_EQ(game.legal_plays(), DealD3()[0]);
  EXPECT_TRUE(game.play(C("3H")).ok());
}

TEST(FirstLead, EldestMayNotLeadPointsOnTrickOneUnlessNoChoice) {
  Rules rules = PlayRules();
  rules.first_lead = FirstLead::kEldestAny;
  {
    Game game(Compile(rules), kSeed);
    ASSERT_NO_FATAL_FAILURE(Deal(game, DealD3()));
    EXPECT_EQ(game.legal_plays(), Cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC"));
    EXPECT_FALSE(game.play(C("2H")).ok());
  }
  {
    Game game(Compile(rules), kSeed);
    ASSERT_NO_FATAL_FAILURE(Deal(game, DealD5()));
    EXPECT_EQ(game.legal_plays(), Cards("AS")) << "QS and hearts are penalty cards";
  }
  {
    const std::vector<CardSet> d1 = DealD1();
    Game game(Compile(rules), kSeed);
    ASSERT_NO_FATAL_FAILURE(Deal(game, {d1[3], d1[0], d1[1], d1[2]}));
    EXPECT_EQ(game.legal_plays(), d1[3]) << "a hand of hearts only has no choice";
  }
}

// ---------------------------------------------------------------------------------------------
// Following suit, trick winners
// ---------------------------------------------------------------------------------------------

TEST(Follow, MustFollowSuitWhenAble) {
  Game game(Compile(FreeRules()), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD6()));
  ASSERT_TRUE(game.play(C("2D")).ok());
  EXPECT_EQ(game.legal_plays(), Cards("3D 4D 5D 6D 7D 8D 9D"));
  EXPECT_FALSE(game.play(C("QC")).ok());
  ASSERT_TRUE(game.play(C("9D")).ok());
  EXPECT_EQ(game.legal_plays(), Cards("10D JD QD KD AD"));
  ASSERT_TRUE(game.play(C("10D")).ok());
  EXPECT_EQ(game.legal_plays(), DealD6()[3]) << "void in diamonds: any card";
  ASSERT_TRUE(game.play(C("7H")).ok());
  EXPECT_EQ(game.trick_winner(0), 2) << "10D is the highest diamond";
}

TEST(TrickWinner, HighestOfTheLedSuitWinsAndLeadsNext) {
  Game game(Compile(PlayRules()), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD1()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C QC"));
  EXPECT_EQ(game.legal_plays(), DealD1()[3]) << "only hearts: no choice on trick 1";
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "AH"));
  EXPECT_TRUE(game.hearts_broken());
  EXPECT_EQ(game.legal_plays(), Cards("3C 4C 5C 6C 7C 8C 9C"));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "9C"));
  ASSERT_EQ(game.tricks_completed(), 1);
  EXPECT_EQ(game.trick_winner(0), 2) << "the AH is off suit";
  EXPECT_EQ(game.to_act(), 2);
  EXPECT_EQ(game.trick_leader(), 2);
  EXPECT_TRUE(game.current_trick().empty());
  EXPECT_EQ(game.taken(2), Cards("2C QC AH 9C"));
  EXPECT_EQ(game.points_taken(2), 1);
  EXPECT_EQ(game.tricks_won(2), 1);

  // Trick 2: 8S led, a void seat throws a high diamond, seat 1 follows low.
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "8S 2H 7D"));
  EXPECT_EQ(game.legal_plays(), Cards("2S 3S 4S 5S 6S 7S"));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "7S"));
  EXPECT_EQ(game.trick_winner(1), 2);
  EXPECT_EQ(game.points_taken(2), 2);
  EXPECT_EQ(game.to_act(), 2);

  // D3: the winner sits in the middle of the trick.
  Game game3(Compile(PlayRules()), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game3, DealD3()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game3, "2C AC KC 2S"));
  EXPECT_EQ(game3.trick_winner(0), 1);
  EXPECT_EQ(game3.to_act(), 1);
  EXPECT_EQ(game3.tricks_won(1), 1);
  EXPECT_EQ(game3.tricks_won(2), 0);
}

TEST(PlayValidation, IllegalPlaysChangeNothing) {
  Game game(Compile(PlayRules()), kSeed);
  EXPECT_FALSE(game.play(C("2C")).ok()) << "no play before the deal";
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD1()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C"));
  for (Card wrong : {C("QD"), C("3C"), C("2H")}) {  // off suit; not held; not held
    EXPECT_FALSE(game.play(wrong).ok()) << to_string(wrong);
    EXPECT_EQ(game.to_act(), 2);
    EXPECT_EQ(game.plays().size(), 1u);
    EXPECT_EQ(game.hand(2), DealD1()[2]);
    EXPECT_FALSE(game.hearts_broken());
  }
  EXPECT_FALSE(game.set_pass_plan(Offset(1, 3)).ok());
  EXPECT_FALSE(game.choose_moon(true).ok());
}

// ---------------------------------------------------------------------------------------------
// No points on the first trick
// ---------------------------------------------------------------------------------------------

TEST(NoPointsFirstTrick, VoidSeatMayNotDiscardPenaltyCards) {
  Game game(Compile(PlayRules()), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD2()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C"));
  EXPECT_EQ(game.legal_plays(), Cards("2D 3D 4D 5D 6D 7D AS"));
  EXPECT_FALSE(game.play(C("QS")).ok());
  EXPECT_FALSE(game.play(C("2H")).ok());
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "AS"));
  EXPECT_EQ(game.legal_plays(), Cards("8D 9D 10D JD QD KD AD"));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "AD"));
  EXPECT_EQ(game.legal_plays(), Cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS"));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "KS"));
  EXPECT_EQ(game.trick_winner(0), 0);
  EXPECT_EQ(game.points_taken(0), 0);
  EXPECT_FALSE(game.hearts_broken());
}

TEST(NoPointsFirstTrick, OtherPenaltyCardsCountToo) {
  Rules rules = PlayRules();
  rules.jack_of_spades_points = 10;
  Game game(Compile(rules), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD2()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C AS AD"));
  EXPECT_EQ(game.legal_plays(), Cards("2S 3S 4S 5S 6S 7S 8S 9S 10S KS")) << "JS is worth 10";
}

TEST(NoPointsFirstTrick, NoChoiceAllowsPenaltyCards) {
  Game game(Compile(PlayRules()), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD1()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C AC"));
  EXPECT_EQ(game.legal_plays(), DealD1()[3]);
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "QH"));
  EXPECT_TRUE(game.hearts_broken());
}

TEST(NoPointsFirstTrick, FollowingSuitIsNeverRestricted) {
  Rules rules = PlayRules();
  rules.first_lead = FirstLead::kEldestAny;
  Game game(Compile(rules), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD4()));
  EXPECT_EQ(game.legal_plays(), Cards("AS"));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "AS 2S 5S"));
  EXPECT_EQ(game.legal_plays(), Cards("8S 9S 10S JS QS KS"));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "QS"));
  EXPECT_EQ(game.trick_winner(0), 0);
  EXPECT_EQ(game.points_taken(0), 13);
}

TEST(NoPointsFirstTrick, OffAllowsAnyDiscard) {
  Rules rules = PlayRules();
  rules.no_points_first_trick = false;
  Game game(Compile(rules), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD2()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C"));
  EXPECT_EQ(game.legal_plays(), DealD2()[1]);
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "QS"));
  EXPECT_EQ(game.legal_plays(), DealD2()[2]);
}

// ---------------------------------------------------------------------------------------------
// Leading after trick 1: broken hearts and the queen
// ---------------------------------------------------------------------------------------------

TEST(LeadRules, HeartsCannotBeLedUntilBroken) {
  Game game(Compile(PlayRules()), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD3()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C AC KC"));
  EXPECT_EQ(game.legal_plays(), DealD3()[3] - Cards("AH")) << "no points on trick 1";
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2S"));
  ASSERT_EQ(game.to_act(), 1);
  EXPECT_FALSE(game.hearts_broken());
  EXPECT_EQ(game.legal_plays(), Cards("2D 3D 4D 5D 6D 7D 8D QS"));
  EXPECT_FALSE(game.play(C("4H")).ok());
}

TEST(LeadRules, HeartsMayBeLedWhenTheRuleIsOff) {
  Rules rules = PlayRules();
  rules.hearts_must_be_broken = false;
  Game game(Compile(rules), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD3()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C AC KC 2S"));
  EXPECT_FALSE(game.hearts_broken());
  EXPECT_EQ(game.legal_plays(), game.hand(1));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "4H"));
  EXPECT_TRUE(game.hearts_broken());
}

TEST(LeadRules, DiscardedHeartBreaksHearts) {
  for (bool queen_lead_needs_broken : {false, true}) {
    SCOPED_TRACE(testing::Message() << "queen_lead_needs_broken " << queen_lead_needs_broken);
    Rules rules = PlayRules();
    rules.no_points_first_trick = false;
    rules.queen_lead_needs_broken = queen_lead_needs_broken;
    Game game(Compile(rules), kSeed);
    ASSERT_NO_FATAL_FAILURE(Deal(game, DealD3()));
    ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C AC KC"));
    EXPECT_FALSE(game.hearts_broken());
    ASSERT_NO_FATAL_FAILURE(PlayCards(game, "AH"));
    EXPECT_TRUE(game.hearts_broken());
    EXPECT_EQ(game.legal_plays(), game.hand(1)) << "hearts and the QS may be led";
  }
}

TEST(LeadRules, QueenLeadNeedsBrokenHearts) {
  Rules rules = PlayRules();
  rules.queen_lead_needs_broken = true;
  Game game(Compile(rules), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD3()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C AC KC 2S"));
  EXPECT_EQ(game.legal_plays(), Cards("2D 3D 4D 5D 6D 7D 8D"));
  EXPECT_FALSE(game.play(C("QS")).ok());
}

TEST(LeadRules, QueenBreaksHeartsOnlyWithTheOption) {
  for (bool queen_breaks : {false, true}) {
    SCOPED_TRACE(testing::Message() << "queen_breaks_hearts " << queen_breaks);
    Rules rules = PlayRules();
    rules.queen_breaks_hearts = queen_breaks;
    Game game(Compile(rules), kSeed);
    ASSERT_NO_FATAL_FAILURE(Deal(game, DealD3()));
    ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C AC KC 2S QS"));
    EXPECT_EQ(game.hearts_broken(), queen_breaks);
    ASSERT_NO_FATAL_FAILURE(PlayCards(game, "9D"));
    EXPECT_EQ(game.legal_plays(), Cards("3S 4S 5S 6S 7S 8S 9S 10S JS KS AS"));
    ASSERT_NO_FATAL_FAILURE(PlayCards(game, "AS 3C"));
    ASSERT_EQ(game.trick_winner(1), 3);
    EXPECT_EQ(game.points_taken(3), 13);
    const CardSet hand = Cards("AH 3S 4S 5S 6S 7S 8S 9S 10S JS KS");
    EXPECT_EQ(game.hand(3), hand);
    EXPECT_EQ(game.legal_plays(), queen_breaks ? hand : hand - Cards("AH"));
  }
}

TEST(LeadRules, HandOfOnlyHeartsMayLeadHearts) {
  Rules rules = PlayRules();
  rules.first_lead = FirstLead::kEldestAny;
  Game game(Compile(rules), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD4()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "AS 2S 5S QS"));
  ASSERT_EQ(game.to_act(), 0);
  EXPECT_FALSE(game.hearts_broken());
  EXPECT_EQ(game.legal_plays(), Cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2H"));
  EXPECT_TRUE(game.hearts_broken());
}

TEST(LeadRules, HandOfOnlyPenaltyCards) {
  struct Case {
    bool only_penalty;
    bool queen_needs_broken;
    bool whole_hand;
  };
  // Hearts and the QS left, hearts unbroken.
  for (const Case& c :
       {Case{false, false, false}, Case{true, false, true}, Case{false, true, true}}) {
    SCOPED_TRACE(testing::Message() << "lead_hearts_if_only_penalty " << c.only_penalty
                                    << ", queen_lead_needs_broken " << c.queen_needs_broken);
    Rules rules = PlayRules();
    rules.first_lead = FirstLead::kEldestAny;
    rules.lead_hearts_if_only_penalty = c.only_penalty;
    rules.queen_lead_needs_broken = c.queen_needs_broken;
    Game game(Compile(rules), kSeed);
    ASSERT_NO_FATAL_FAILURE(Deal(game, DealD5()));
    EXPECT_EQ(game.legal_plays(), Cards("AS"));
    ASSERT_NO_FATAL_FAILURE(PlayCards(game, "AS 2S 5S 8S"));
    ASSERT_EQ(game.to_act(), 0);
    EXPECT_FALSE(game.hearts_broken());
    const CardSet hand = Cards("QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH");
    ASSERT_EQ(game.hand(0), hand);
    EXPECT_EQ(game.legal_plays(), c.whole_hand ? hand : Cards("QS"));
  }
}

// ---------------------------------------------------------------------------------------------
// Forced queen and black jack
// ---------------------------------------------------------------------------------------------

Rules ForcedRules(bool queen_forced, bool black_jack) {
  Rules rules = FreeRules();
  rules.queen_forced = queen_forced;
  rules.black_jack_discard = black_jack;
  return rules;
}

TEST(QueenForced, MustFollowUnderTheKingOrAce) {
  for (bool forced : {false, true}) {
    SCOPED_TRACE(testing::Message() << "queen_forced " << forced);
    Game game(Compile(ForcedRules(forced, false)), kSeed);
    ASSERT_NO_FATAL_FAILURE(Deal(game, DealD6()));
    ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2S"));
    EXPECT_EQ(game.legal_plays(), Cards("4S 5S KS"));
    ASSERT_NO_FATAL_FAILURE(PlayCards(game, "KS"));
    EXPECT_EQ(game.legal_plays(), forced ? Cards("QS") : Cards("6S JS QS"));
  }
  // The AS in the trick forces it too (seats 1 and 3 swapped).
  const std::vector<CardSet> d6 = DealD6();
  Game game(Compile(ForcedRules(true, false)), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, {d6[0], d6[3], d6[2], d6[1]}));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2S AS"));
  EXPECT_EQ(game.legal_plays(), Cards("QS"));
}

TEST(QueenForced, NotForcedWithoutKingOrAceInTheTrick) {
  Game game(Compile(ForcedRules(true, false)), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD6()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2S 4S"));
  EXPECT_EQ(game.legal_plays(), Cards("6S JS QS"));
}

TEST(QueenForced, MustDiscardTheQueenWhenVoid) {
  for (bool forced : {false, true}) {
    SCOPED_TRACE(testing::Message() << "queen_forced " << forced);
    Game game(Compile(ForcedRules(forced, false)), kSeed);
    ASSERT_NO_FATAL_FAILURE(Deal(game, DealD6()));
    ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C"));
    EXPECT_EQ(game.legal_plays(), Cards("QC KC AC"));
    ASSERT_NO_FATAL_FAILURE(PlayCards(game, "QC"));
    EXPECT_EQ(game.legal_plays(), forced ? Cards("QS") : DealD6()[2]);
  }
}

TEST(QueenForced, NoDiscardWhenTheQueenIsNotPlayableOnTrickOne) {
  Rules rules = ForcedRules(true, false);
  rules.no_points_first_trick = true;
  Game game(Compile(rules), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD6()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C QC"));
  EXPECT_EQ(game.legal_plays(), Cards("6S JS 10D JD QD KD AD"));
}

TEST(BlackJack, MustDiscardTheJackWhenVoid) {
  Game game(Compile(ForcedRules(false, true)), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD6()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C QC"));
  EXPECT_EQ(game.legal_plays(), Cards("JS"));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "JS"));
  EXPECT_EQ(game.legal_plays(), DealD6()[3]) << "seat 3 has no JS: any card";
}

TEST(BlackJack, QueenForcedTakesPrecedence) {
  Game game(Compile(ForcedRules(true, true)), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD6()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2C QC"));
  EXPECT_EQ(game.legal_plays(), Cards("QS"));
}

TEST(BlackJack, FollowingSuitIsNotForced) {
  Game game(Compile(ForcedRules(false, true)), kSeed);
  ASSERT_NO_FATAL_FAILURE(Deal(game, DealD6()));
  ASSERT_NO_FATAL_FAILURE(PlayCards(game, "2S KS"));
  EXPECT_EQ(game.legal_plays(), Cards("6S JS QS"));
}

// ---------------------------------------------------------------------------------------------
// Rules validation
// ---------------------------------------------------------------------------------------------

TEST(Validate, AcceptsValidCombinations) {
  for (const Preset& preset : presets()) {
    EXPECT_TRUE(validate(preset.rules).ok())
        << preset.name << ": " << validate(preset.rules).message();
  }
  std::vector<Rules> valid;
  for (int n = 3; n <= 7; ++n) {
    for (PassSchedule s :
         {PassSchedule::kNone, PassSchedule::kLeft, PassSchedule::kRight, PassSchedule::kLeftRight,
          PassSchedule::kShuffle, PassSchedule::kRotating, PassSchedule::kDealersChoice,
          PassSchedule::kExternal}) {
      valid.push_back(BaseRules(n, s));
    }
  }
  valid.push_back(BaseRules(4, PassSchedule::kFourWay));
  valid.push_back(BaseRules(6, PassSchedule::kFourWay));
  valid.push_back(BaseRules(4, PassSchedule::kFourWayScatter));
  valid.push_back(BaseRules(5, PassSchedule::kStar));
  Rules six_of_seventeen = BaseRules(3, PassSchedule::kLeft);
  six_of_seventeen.pass_count = 6;
  valid.push_back(six_of_seventeen);
  Rules three_of_seven = BaseRules(7, PassSchedule::kLeft);
  three_of_seven.pass_count = 3;
  valid.push_back(three_of_seven);
  for (const Rules& rules : valid) {
    EXPECT_TRUE(validate(rules).ok()) << name(rules.pass_schedule) << " with " << rules.num_players
                                      << ": " << validate(rules).message();
  }
}

TEST(Validate, RejectsPlayerCountsOutsideThreeToSeven) {
  ExpectInvalid(BaseRules(2, PassSchedule::kLeft), {"num_players"});
  ExpectInvalid(BaseRules(8, PassSchedule::kLeft), {"num_players"});
  ExpectInvalid(BaseRules(2, PassSchedule::kNone), {"num_players"});
  ExpectInvalid(BaseRules(8, PassSchedule::kNone), {"num_players"});
}

TEST(Validate, RejectsSchedulesThatDoNotFitThePlayers) {
  for (int n : {3, 5, 7}) ExpectInvalid(BaseRules(n, PassSchedule::kFourWay), {"pass_schedule"});
  for (int n : {3, 5, 6, 7}) {
    ExpectInvalid(BaseRules(n, PassSchedule::kFourWayScatter), {"pass_schedule"});
  }
  for (int n : {3, 4, 6, 7}) ExpectInvalid(BaseRules(n, PassSchedule::kStar), {"pass_schedule"});
}

TEST(Validate, RejectsPassCounts) {
  Rules rules = BaseRules(3, PassSchedule::kLeft);
  rules.pass_count = 7;  // fits half of 17, but the range is 0..6
  ExpectInvalid(rules, {"pass_count"});
  rules.pass_count = -1;
  ExpectInvalid(rules, {"pass_count"});
  Rules seven = BaseRules(7, PassSchedule::kLeft);
  seven.pass_count = 4;  // half of 7 cards is 3
  ExpectInvalid(seven, {"pass_count"});
  Rules six = BaseRules(6, PassSchedule::kRight);
  six.pass_count = 5;  // half of 8 cards is 4
  ExpectInvalid(six, {"pass_count"});
}

TEST(Validate, RejectsGameEndAndSettlementProblems) {
  Rules rules = BaseRules(4);
  rules.end_score = -1;
  ExpectInvalid(rules, {"end_score"});
  rules = BaseRules(4);
  rules.fixed_deals = -1;
  ExpectInvalid(rules, {"fixed_deals"});
  rules = BaseRules(4);
  rules.end_score = 0;
  rules.fixed_deals = 0;
  ExpectInvalid(rules, {"end_score", "fixed_deals"});
  rules = BaseRules(4);
  rules.end_score = 100;
  rules.fixed_deals = 0;
  rules.settlement = Settlement::kHowell;
  ExpectInvalid(rules, {"settlement", "fixed_deals"});
}

TEST(Validate, PassPlansForDealersChoice) {
  const CompiledRules four = Compile(BaseRules(4, PassSchedule::kDealersChoice));
  for (int offset = 1; offset <= 3; ++offset) {
    for (int count = 1; count <= 6; ++count) {
      EXPECT_TRUE(validate_pass_plan(four, Offset(offset, count)).ok()) << offset << "/" << count;
    }
  }
  EXPECT_TRUE(validate_pass_plan(four, Hold()).ok());
  EXPECT_TRUE(validate_pass_plan(four, Plan(PassKind::kScatter, 0, 3)).ok());
  EXPECT_FALSE(validate_pass_plan(four, Offset(0, 3)).ok());
  EXPECT_FALSE(validate_pass_plan(four, Offset(4, 3)).ok());
  EXPECT_FALSE(validate_pass_plan(four, Offset(1, 0)).ok());
  EXPECT_FALSE(validate_pass_plan(four, Offset(1, 7)).ok());
  EXPECT_FALSE(validate_pass_plan(four, Plan(PassKind::kStar, 0, 2)).ok());
  const CompiledRules five = Compile(BaseRules(5, PassSchedule::kDealersChoice));
  EXPECT_TRUE(validate_pass_plan(five, Plan(PassKind::kStar, 0, 2)).ok());
  EXPECT_FALSE(validate_pass_plan(five, Offset(2, 6)).ok());
  const CompiledRules seven = Compile(BaseRules(7, PassSchedule::kDealersChoice));
  EXPECT_FALSE(validate_pass_plan(seven, Plan(PassKind::kScatter, 0, 6)).ok());
  EXPECT_TRUE(validate_pass_plan(seven, Offset(6, 3)).ok());
  EXPECT_FALSE(validate_pass_plan(seven, Offset(6, 4)).ok());
}

// ---------------------------------------------------------------------------------------------
// Dealer rotation and determinism
// ---------------------------------------------------------------------------------------------

TEST(Dealer, RotatesClockwiseEachDeal) {
  for (int n = 3; n <= 7; ++n) {
    SCOPED_TRACE(testing::Message() << n << " players");
    Rules rules = BaseRules(n);
    rules.first_lead = FirstLead::kEldestAny;
    rules.fixed_deals = n + 2;
    Game game(Compile(rules), kSeed);
    for (int d = 0; d < n + 2; ++d) {
      SCOPED_TRACE(testing::Message() << "deal " << d);
      ASSERT_EQ(game.phase(), Phase::kDeal);
      EXPECT_EQ(game.deal_index(), d);
      EXPECT_EQ(game.dealer(), (n - 1 + d) % n);
      EXPECT_EQ(game.eldest(), d % n);
      EXPECT_EQ(game.to_act(), -1);
      game.deal_from_seed();
      ASSERT_EQ(game.phase(), Phase::kPlay);
      EXPECT_EQ(game.to_act(), d % n) << "eldest leads";
      ASSERT_NO_FATAL_FAILURE(PlayOut(game));
      EXPECT_EQ(game.deals_completed(), d + 1);
      EXPECT_EQ(game.last_deal().deal_index, d);
      EXPECT_EQ(game.last_deal().dealer, (n - 1 + d) % n);
    }
    EXPECT_TRUE(game.is_over());
  }
}

// The deal the specification prescribes: the cards in play ascending, shuffled by
// Rng(derive_seed(seed, deal)), card k to seat (eldest + k) mod n, the rest to the kitty.
std::vector<CardSet> SpecDeal(const CompiledRules& rules, uint64_t seed, int deal_index,
                              CardSet* kitty) {
  const int n = rules.rules.num_players;
  std::vector<Card> cards;
  for (Card card : rules.in_play) cards.push_back(card);
  Rng rng(derive_seed(seed, static_cast<uint64_t>(deal_index)));
  rng.shuffle(std::span<Card>(cards));
  std::vector<CardSet> hands(n);
  const int eldest = deal_index % n;
  *kitty = CardSet();
  for (int k = 0; k < static_cast<int>(cards.size()); ++k) {
    if (k < n * rules.hand_size) {
      hands[(eldest + k) % n].insert(cards[k]);
    } else {
      kitty->insert(cards[k]);
    }
  }
  return hands;
}

TEST(Determinism, DealFromSeedFollowsTheDocumentedProcedure) {
  const DeckCase cases[] = {{4, DeckAdjust::kMorehead2001, "", 13, 0},
                            {5, DeckAdjust::kMorehead2001, "", 10, 0},
                            {6, DeckAdjust::kFoster1909, "", 8, 0},
                            {3, DeckAdjust::kKitty, "", 17, 1},
                            {7, DeckAdjust::kKitty, "", 7, 3}};
  for (const DeckCase& c : cases) {
    SCOPED_TRACE(testing::Message() << name(c.adjust) << " with " << c.players << " players");
    const CompiledRules rules = Compile(DeckRules(c));
    for (uint64_t seed : {uint64_t{1}, uint64_t{0xC0FFEE}, kSeed}) {
      Game game(rules, seed);
      for (int d = 0; d < 2; ++d) {
        CardSet kitty;
        const std::vector<CardSet> expected = SpecDeal(rules, seed, d, &kitty);
        game.deal_from_seed();
        for (int seat = 0; seat < c.players; ++seat) {
          EXPECT_EQ(game.hand(seat), expected[seat]) << "seed " << seed << " deal " << d;
          EXPECT_EQ(game.dealt_hand(seat), expected[seat]);
        }
        EXPECT_EQ(game.kitty(), kitty);
        ASSERT_NO_FATAL_FAILURE(PlayOut(game));
      }
    }
  }
}

TEST(Determinism, SameSeedSameDealDifferentSeedDifferentDeal) {
  const CompiledRules rules = Compile(BaseRules(4));
  Game a(rules, 42), b(rules, 42), c(rules, 43);
  a.deal_from_seed();
  b.deal_from_seed();
  c.deal_from_seed();
  bool all_same_as_c = true;
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(a.hand(seat), b.hand(seat));
    all_same_as_c = all_same_as_c && a.hand(seat) == c.hand(seat);
  }
  EXPECT_FALSE(all_same_as_c);
  // Two deals of one game differ too.
  const CardSet first = a.hand(0);
  ASSERT_NO_FATAL_FAILURE(PlayOut(a));
  a.deal_from_seed();
  EXPECT_NE(a.hand(0), first);
}

TEST(Determinism, ResolveChanceDealsLikeDealFromSeed) {
  const CompiledRules rules = Compile(BaseRules(5));
  Game a(rules, 99), b(rules, 99);
  a.deal_from_seed();
  b.resolve_chance();
  ASSERT_EQ(b.phase(), Phase::kPlay);
  for (int seat = 0; seat < 5; ++seat) EXPECT_EQ(a.hand(seat), b.hand(seat));
}

}  // namespace
}  // namespace hearts
