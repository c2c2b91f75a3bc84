// The referee against real misbehaving plugins: each violation is recorded exactly, the
// documented fallback is played, and the game completes. Timing rules are checked with an
// injected clock, so nothing here depends on the machine's speed except the one slow-plugin test.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "hearts/rng.h"
#include "match/bot_seeds.h"
#include "match/referee.h"
#include "players/bot_specs.h"
#include "players/plugin_loader.h"
#include "support/splitmix_inverse.h"
#include "support/test_temp.h"

namespace arena {
namespace {

using hearts::Card;
using hearts::CardSet;
using hearts::proto::GameRecord;
using hearts::proto::Violation;

const std::vector<std::string> kSearchPath = {HEARTS_TEST_PLUGIN_DIR, HEARTS_BUNDLED_PLUGIN_DIR};

hearts::CompiledRules fixed_deals(hearts::Rules rules, int deals) {
  rules.end_score = 0;
  rules.fixed_deals = deals;
  std::string error;
  auto compiled = hearts::compile(rules, &error);
  EXPECT_TRUE(compiled.has_value()) << error;
  return *compiled;
}

// Real plugin bots, one per seat.
struct Table {
  std::vector<std::shared_ptr<PlayerSource>> sources;
  std::vector<std::unique_ptr<Player>> players;
  std::vector<Player*> seats;

  Table(const std::vector<std::string>& specs, const hearts::CompiledRules& rules) {
    for (size_t s = 0; s < specs.size(); ++s) {
      std::string error;
      sources.push_back(resolve_bot_spec(specs[s], kSearchPath, &error));
      EXPECT_NE(sources.back(), nullptr) << error;
      hearts::BotConfig config;
      config.seat = static_cast<int>(s);
      config.num_players = static_cast<int>(specs.size());
      config.seed = 1234 + s;
      config.rules = &rules;
      players.push_back(sources.back()->create(config, &error));
      EXPECT_NE(players.back(), nullptr) << error;
      seats.push_back(players.back().get());
    }
  }
};

GameRecord play(const hearts::CompiledRules& rules, const std::vector<std::string>& specs,
                RefereeOptions options = {}, GameOutcome* outcome_out = nullptr,
                uint64_t seed = 99) {
  Table table(specs, rules);
  SteadyClock clock;
  Referee referee(rules, options, clock);
  GameRecord record;
  GameOutcome outcome = referee.play_game(seed, 0, table.seats, &record);
  if (outcome_out) *outcome_out = outcome;
  return record;
}

// Re-plays a record through the engine, calling `before_play(game, play)` before each play.
template <typename BeforePlay>
void replay(const hearts::CompiledRules& rules, const GameRecord& record, BeforePlay before_play) {
  hearts::Game game(rules, record.seed());
  for (const auto& deal : record.deals()) {
    ASSERT_EQ(game.phase(), hearts::Phase::kDeal);
    std::vector<CardSet> hands;
    for (uint64_t bits : deal.hands()) hands.emplace_back(bits);
    ASSERT_TRUE(game.deal_hands(hands, CardSet(deal.kitty())).ok());
    for (const auto& pass : deal.passes()) {
      ASSERT_EQ(game.to_act(), pass.seat());
      std::vector<Card> cards;
      for (int id : pass.cards()) cards.push_back(Card::from_id(id));
      ASSERT_TRUE(game.pass_cards(cards).ok());
    }
    for (const auto& p : deal.plays()) {
      ASSERT_EQ(game.to_act(), p.seat());
      before_play(game, p);
      ASSERT_TRUE(game.play(Card::from_id(p.card())).ok());
    }
  }
}

TEST(Referee, IllegalPlaysAreRecordedAndTheLowestLegalCardIsPlayed) {
  const auto rules = fixed_deals(*hearts::preset_rules("standard"), 2);
  const GameRecord record = play(rules, {"random", "illegal", "random", "random"});
  ASSERT_EQ(record.deals_size(), 2) << "the game completes";
  EXPECT_EQ(record.ranks_size(), 4);
  ASSERT_EQ(record.violations_size(), 26) << "one violation for each of seat 1's plays";
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(v.kind(), Violation::ILLEGAL_PLAY);
    EXPECT_EQ(v.seat(), 1);
    EXPECT_EQ(v.bot(), "illegal");
    EXPECT_EQ(v.game(), 0u);
    EXPECT_NE(v.detail().find("illegal play by seat 1"), std::string::npos) << v.detail();
  }
  EXPECT_EQ(record.violations(0).deal(), 0);
  EXPECT_EQ(record.violations(0).trick(), 0);
  EXPECT_EQ(record.violations(25).deal(), 1);
  EXPECT_EQ(record.violations(25).trick(), 12);
  int fallbacks = 0;
  replay(rules, record, [&](const hearts::Game& game, const hearts::proto::PlayRecord& p) {
    if (p.seat() != 1) return;
    EXPECT_EQ(p.card(), game.legal_plays().lowest().id()) << "documented fallback";
    ++fallbacks;
  });
  EXPECT_EQ(fallbacks, 26);
}

TEST(Referee, BadPassesAreRecordedAndTheFallbackPassIsMade) {
  const auto rules =
      fixed_deals(*hearts::preset_rules("standard"), 4);  // left, right, across, hold
  const GameRecord record = play(rules, {"badpass", "random", "random", "random"});
  ASSERT_EQ(record.deals_size(), 4);
  ASSERT_EQ(record.violations_size(), 3) << "three passing deals, none on the hold deal";
  for (int k = 0; k < 3; ++k) {
    const Violation& v = record.violations(k);
    EXPECT_EQ(v.kind(), Violation::BAD_PASS);
    EXPECT_EQ(v.seat(), 0);
    EXPECT_EQ(v.deal(), k);
    EXPECT_EQ(v.trick(), -1);
  }
  EXPECT_NE(record.violations(1).detail().find("not held"), std::string::npos)
      << record.violations(1).detail();
  for (int d = 0; d < 3; ++d) {
    const auto& deal = record.deals(d);
    const CardSet dealt(deal.hands(0));
    for (const auto& pass : deal.passes()) {
      if (pass.seat() != 0) continue;
      ASSERT_EQ(pass.cards_size(), 3);
      // Fallback: the first three cards of the hand in card order (nothing is forbidden).
      int k = 0;
      for (Card card : dealt) {
        if (k == 3) break;
        EXPECT_EQ(pass.cards(k++), card.id());
      }
    }
  }
}

TEST(Referee, ExceptionsAreCaughtAtTheBoundaryAndRecorded) {
  const auto rules = fixed_deals(*hearts::preset_rules("standard"), 1);
  const GameRecord record = play(rules, {"random", "random", "thrower", "random"});
  ASSERT_EQ(record.deals_size(), 1);
  EXPECT_EQ(record.deals(0).plays_size(), 52);
  ASSERT_EQ(record.violations_size(), 13);
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(v.kind(), Violation::EXCEPTION);
    EXPECT_EQ(v.seat(), 2);
    EXPECT_NE(v.detail().find("thrower: boom"), std::string::npos) << v.detail();
  }
}

// The lines of a file, sorted.
std::vector<std::string> sorted_lines(const std::string& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

// A bot gets the notifications it says it handles and no other: `notice` handles deal ends only
// (its notify entry would log a game end if one came), `noticeold` says nothing and gets both,
// and a thrower that handles both still has its failures recorded.
TEST(Referee, NotificationsGoOnlyToBotsThatHandleThem) {
  const std::string log = arena_test::test_temp_path("referee_test", "notices.log");
  std::remove(log.c_str());
  ::setenv("HEARTS_NOTICE_LOG", log.c_str(), 1);
  ::setenv("HEARTS_THROWER_IN", "game_end", 1);
  const auto rules = fixed_deals(*hearts::preset_rules("standard"), 2);
  const GameRecord record = play(rules, {"notice", "noticeold", "random", "thrower"});
  ::unsetenv("HEARTS_NOTICE_LOG");
  ::unsetenv("HEARTS_THROWER_IN");
  EXPECT_EQ(record.deals_size(), 2);
  const std::vector<std::string> expected = {"notice deal_end 0", "notice deal_end 1",
                                             "noticeold deal_end 0", "noticeold deal_end 1",
                                             "noticeold game_end"};
  EXPECT_EQ(sorted_lines(log), expected);
  ASSERT_EQ(record.violations_size(), 1);
  EXPECT_EQ(record.violations(0).seat(), 3);
  EXPECT_NE(record.violations(0).detail().find("thrower: boom"), std::string::npos);
}

// The referee calls an in-process plugin's entry directly; an error text without a terminator
// is quoted to its 256 bytes and no further.
TEST(Referee, AnErrorTextWithoutATerminatorIsQuotedToItsEnd) {
  const auto rules = fixed_deals(*hearts::preset_rules("standard"), 1);
  const GameRecord record = play(rules, {"random", "unterminated", "random", "random"});
  ASSERT_EQ(record.deals_size(), 1);
  EXPECT_EQ(record.deals(0).plays_size(), 52);
  ASSERT_EQ(record.violations_size(), 13);
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(v.kind(), Violation::EXCEPTION);
    EXPECT_EQ(v.seat(), 1);
    EXPECT_EQ(v.detail(), "exception: " + std::string(256, 'x'));
  }
}

// Every read of it is 30 us after the one before: each decision takes 30 us.
class SteppingClock final : public Clock {
 public:
  int64_t now_us() const override { return now_ += 30; }

 private:
  mutable int64_t now_ = 0;
};

// In-process plugins take the referee's quick path for an answer in time; one past a limit below
// the accounting threshold (30 us against 20 us) must still be charged as a TIMEOUT, and one
// within the margin as late.
TEST(Referee, AnInProcessAnswerPastALimitBelowTheAccountingThresholdIsCharged) {
  const auto rules = fixed_deals(*hearts::preset_rules("standard"), 1);
  ASSERT_LT(30, Referee::kAccountFromThinkUs);
  for (const int64_t margin : {int64_t{0}, int64_t{15}}) {
    SCOPED_TRACE("margin " + std::to_string(margin) + " us");
    Table table({"random", "random", "random", "random"}, rules);
    ASSERT_NE(table.seats[0]->direct_decide().fn, nullptr) << "the plugin must be called straight";
    SteppingClock clock;
    RefereeOptions options;
    options.move_time_us = 20;
    options.time_margin_us = margin;
    Referee referee(rules, options, clock);
    GameRecord record;
    const GameOutcome outcome = referee.play_game(99, 0, table.seats, &record);
    ASSERT_EQ(record.deals_size(), 1);
    const int decisions = record.deals(0).plays_size() + record.deals(0).passes_size();
    EXPECT_EQ(decisions, 52 + 4);
    int late = 0;
    for (const SeatOutcome& seat : outcome.seats) late += seat.late_answers;
    if (margin == 0) {
      EXPECT_EQ(record.violations_size(), decisions) << "every answer took 30 us of 20";
      for (const Violation& v : record.violations()) EXPECT_EQ(v.kind(), Violation::TIMEOUT);
      EXPECT_EQ(late, 0);
    } else {
      EXPECT_EQ(record.violations_size(), 0) << "30 us is within 20 + 15";
      EXPECT_EQ(late, decisions);
    }
  }
}

TEST(Referee, SlowPluginGetsTimeoutsAndTheGameGoesOn) {
  ::setenv("HEARTS_SLOW_BOT_MS", "12", 1);
  const auto rules = fixed_deals(*hearts::preset_rules("standard"), 1);
  RefereeOptions options;
  options.move_time_us = 3000;
  const GameRecord record = play(rules, {"slow", "random", "random", "random"}, options);
  ASSERT_EQ(record.deals_size(), 1);
  EXPECT_EQ(record.deals(0).plays_size(), 52);
  ASSERT_EQ(record.violations_size(), 13) << "every play was late";
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(v.kind(), Violation::TIMEOUT);
    EXPECT_NE(v.detail().find("limit was 3.0 ms"), std::string::npos) << v.detail();
  }
  for (const auto& p : record.deals(0).plays()) {
    if (p.seat() == 0) {
      EXPECT_GE(p.think_us(), 12000) << "think time is recorded";
    }
  }
}

TEST(Referee, ForfeitEndsTheGameAndRanksTheSeatLast) {
  const auto rules = fixed_deals(*hearts::preset_rules("standard"), 3);
  RefereeOptions options;
  options.forfeit_after = 3;
  GameOutcome outcome;
  const GameRecord record =
      play(rules, {"random", "illegal", "random", "random"}, options, &outcome);
  EXPECT_EQ(record.violations_size(), 3);
  ASSERT_EQ(record.forfeited_size(), 1);
  EXPECT_EQ(record.forfeited(0), 1);
  EXPECT_EQ(record.ranks(1), 4);
  EXPECT_TRUE(outcome.seats[1].forfeited);
  EXPECT_EQ(record.deals_size(), 1) << "the game stopped in its first deal";
  EXPECT_LT(record.deals(0).plays_size(), 52);
  std::vector<int> others;
  for (int s : {0, 2, 3}) others.push_back(record.ranks(s));
  std::sort(others.begin(), others.end());
  EXPECT_GE(others[0], 1);
  EXPECT_LE(others[2], 3) << "the others keep the places above the forfeit";
}

// A test-only player whose think time is set on an injected clock: the referee's timing rules
// are checked exactly and instantly.
class TimedPlayer final : public Player {
 public:
  TimedPlayer(ManualClock& clock, std::vector<int64_t> think_us)
      : clock_(clock), think_us_(std::move(think_us)) {
    identity_.name = "timed";
  }
  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    seen_time_left_.push_back(obs.time_left_us);
    seen_bank_left_.push_back(obs.bank_left_us);
    const size_t i = std::min(calls_++, think_us_.size() - 1);
    clock_.advance_us(think_us_[i]);
    if (obs.phase == hearts::Phase::kPass) {
      int k = 0;
      for (Card card : obs.legal) {
        if (k == obs.pass.count) break;
        out->cards[k++] = card;
      }
      out->count = obs.pass.count;
    } else {
      out->card = obs.legal.highest();  // not the fallback, so fallbacks are visible
    }
    return {};
  }
  CallResult notify(int32_t, const hearts::Observation&, const hearts::DealResult&) override {
    return {};
  }
  const BotIdentity& identity() const override { return identity_; }

  std::vector<int64_t> seen_time_left_;
  std::vector<int64_t> seen_bank_left_;

 private:
  ManualClock& clock_;
  std::vector<int64_t> think_us_;
  size_t calls_ = 0;
  BotIdentity identity_;
};

// One deal of standard rules without passing: a scripted seat 0 and three that answer in 1 ms.
struct ScriptedTable {
  explicit ScriptedTable(ManualClock& clock) {
    for (int s = 1; s < 4; ++s) {
      quick.push_back(std::make_unique<TimedPlayer>(clock, std::vector<int64_t>{1'000}));
    }
  }
  std::vector<Player*> seats(Player* first) {
    std::vector<Player*> all = {first};
    for (const auto& q : quick) all.push_back(q.get());
    return all;
  }
  static hearts::CompiledRules rules() {
    hearts::Rules base = *hearts::preset_rules("standard");
    base.pass_schedule = hearts::PassSchedule::kNone;
    return fixed_deals(base, 1);
  }
  std::vector<std::unique_ptr<TimedPlayer>> quick;
};

TEST(Referee, BankShrinksTheLimitAndTimeoutsFollowExactly) {
  const auto rules = ScriptedTable::rules();
  ManualClock clock;
  RefereeOptions options;
  options.move_time_us = 100'000;
  options.game_bank_us = 250'000;
  TimedPlayer slow(clock, {90'000});
  ScriptedTable table(clock);
  const std::vector<Player*> seats = table.seats(&slow);
  Referee referee(rules, options, clock);
  GameRecord record;
  referee.play_game(5, 0, seats, &record);

  // Seat 0: 250 ms bank; 90 ms answers. Limits: 100, 100, 70 (bank), then 0 (bank spent).
  ASSERT_GE(slow.seen_time_left_.size(), 4u);
  EXPECT_EQ(slow.seen_time_left_[0], 100'000);
  EXPECT_EQ(slow.seen_time_left_[1], 100'000);
  EXPECT_EQ(slow.seen_bank_left_[1], 160'000);
  EXPECT_EQ(slow.seen_time_left_[2], 70'000);
  EXPECT_EQ(slow.seen_time_left_[3], 0);
  int timeouts = 0;
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(v.seat(), 0);
    EXPECT_EQ(v.kind(), Violation::TIMEOUT);
    ++timeouts;
  }
  EXPECT_EQ(timeouts, 13 - 2) << "all but the first two answers were late";
  for (const auto& p : record.deals(0).plays()) {
    if (p.seat() == 0) {
      EXPECT_EQ(p.think_us(), 90'000);
    }
  }
}

// The time margin: an answer past the limit but within the margin is accepted, counted as late
// and recorded per seat; one past the margin is a TIMEOUT that names both.
TEST(Referee, TimeMarginAcceptsLateAnswersAndCountsThem) {
  const auto rules = ScriptedTable::rules();
  ManualClock clock;
  RefereeOptions options;
  options.move_time_us = 10'000;
  options.time_margin_us = 50'000;
  // Seat 0's 13 plays: in time, on the limit, just past it, at the margin's end, past it.
  TimedPlayer late(clock, {9'000, 10'000, 10'001, 60'000, 60'001});
  ScriptedTable table(clock);
  std::vector<Player*> seats = table.seats(&late);
  Referee referee(rules, options, clock);
  GameRecord record;
  const GameOutcome outcome = referee.play_game(5, 0, seats, &record);

  EXPECT_EQ(outcome.seats[0].late_answers, 2) << "10.001 ms and 60 ms";
  ASSERT_EQ(record.violations_size(), 13 - 4) << "the fifth play on are past the margin";
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(v.seat(), 0);
    EXPECT_EQ(v.kind(), Violation::TIMEOUT);
    EXPECT_NE(v.detail().find("answered after 60.0 ms; the limit was 10.0 ms (and the margin "
                              "50.0 ms)"),
              std::string::npos)
        << v.detail();
  }
  ASSERT_EQ(record.late_answers_size(), 4);
  EXPECT_EQ(record.late_answers(0), 2);
  EXPECT_EQ(record.late_answers(1), 0);

  // Without a margin the same answers are three TIMEOUTs more, and nothing is late.
  options.time_margin_us = 0;
  TimedPlayer strict(clock, {9'000, 10'000, 10'001, 60'000, 60'001});
  seats[0] = &strict;
  Referee strict_referee(rules, options, clock);
  GameRecord strict_record;
  const GameOutcome strict_outcome = strict_referee.play_game(5, 0, seats, &strict_record);
  EXPECT_EQ(strict_outcome.seats[0].late_answers, 0);
  EXPECT_EQ(strict_record.violations_size(), 13 - 2);
  EXPECT_EQ(strict_record.late_answers_size(), 0) << "nothing late, nothing recorded";
}

// Fairness: a bot that logs every card set it is given never sees another player's hidden card.
class InspectorFairness : public ::testing::TestWithParam<std::string> {};

struct InspectorLine {
  int game, deal, seat, num_plays;
  std::string phase;
  std::map<std::string, uint64_t> sets;
};

std::vector<InspectorLine> read_inspector_log(const std::string& path) {
  std::vector<InspectorLine> lines;
  std::ifstream in(path);
  std::string text;
  while (std::getline(in, text)) {
    std::istringstream fields(text);
    InspectorLine line;
    fields >> line.game >> line.deal >> line.seat >> line.phase >> line.num_plays;
    std::string token;
    while (fields >> token) {
      const size_t eq = token.find('=');
      line.sets[token.substr(0, eq)] = std::stoull(token.substr(eq + 1), nullptr, 16);
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

TEST_P(InspectorFairness, SeesNoHiddenCard) {
  const std::string log =
      arena_test::test_temp_path("referee_test", "inspector_" + GetParam() + ".log");
  std::remove(log.c_str());
  ::setenv("HEARTS_INSPECTOR_LOG", log.c_str(), 1);
  hearts::Rules base = *hearts::preset_rules("standard");
  if (GetParam() == "kitty3") {
    base = *hearts::preset_rules("morehead2001");
    base.num_players = 3;
    base.deck_adjust = hearts::DeckAdjust::kKitty;
    base.kitty_seen_by_winner = true;
  } else if (GetParam() == "scatter") {
    base.pass_schedule = hearts::PassSchedule::kFourWayScatter;
  }
  const auto rules = fixed_deals(base, 4);
  const int n = base.num_players;
  const GameRecord record = play(rules, std::vector<std::string>(n, "inspector"), {}, nullptr, 31);
  ::unsetenv("HEARTS_INSPECTOR_LOG");
  const auto lines = read_inspector_log(log);
  ASSERT_GT(lines.size(), 100u);

  for (const InspectorLine& line : lines) {
    SCOPED_TRACE("deal " + std::to_string(line.deal) + " seat " + std::to_string(line.seat) + " " +
                 line.phase + " after " + std::to_string(line.num_plays) + " plays");
    const auto& deal = record.deals(line.deal);
    const int seat = line.seat;
    const CardSet dealt(deal.hands(seat));
    // What this seat may know: its own cards, cards passed to it (once exchanged), cards
    // played so far, and the kitty if it won it under kitty_seen_by_winner.
    CardSet passed_by_me, received;
    const hearts::PassPlan plan{static_cast<hearts::PassKind>(deal.pass_plan().kind()),
                                static_cast<uint8_t>(deal.pass_plan().offset()),
                                static_cast<uint8_t>(deal.pass_plan().count())};
    for (const auto& pass : deal.passes()) {
      for (int k = 0; k < pass.cards_size(); ++k) {
        const Card card = Card::from_id(pass.cards(k));
        if (pass.seat() == seat) passed_by_me.insert(card);
        if (hearts::pass_target(plan, n, pass.seat(), k) == seat) received.insert(card);
      }
    }
    const bool exchanged = line.phase != "pass";
    CardSet played, my_played;
    for (int k = 0; k < line.num_plays; ++k) {
      played.insert(Card::from_id(deal.plays(k).card()));
      if (deal.plays(k).seat() == seat) my_played.insert(Card::from_id(deal.plays(k).card()));
    }
    const bool kitty_mine =
        rules.rules.kitty_seen_by_winner && line.num_plays >= n && deal.trick_winners(0) == seat;
    CardSet allowed = dealt | played;
    if (exchanged) allowed |= received;
    if (kitty_mine) allowed |= CardSet(deal.kitty());
    for (const auto& [name, bits] : line.sets) {
      EXPECT_TRUE(allowed.contains_all(CardSet(bits)))
          << name << " shows hidden cards " << hearts::to_string(CardSet(bits) - allowed);
    }
    // And each field holds exactly what it should.
    const CardSet hand = (exchanged ? (dealt - passed_by_me) | received : dealt) - my_played;
    EXPECT_EQ(CardSet(line.sets.at("hand")), hand);
    EXPECT_EQ(CardSet(line.sets.at("dealt_hand")), dealt);
    EXPECT_TRUE(hand.contains_all(CardSet(line.sets.at("legal"))));
    EXPECT_EQ(CardSet(line.sets.at("received")), exchanged ? received : CardSet());
    EXPECT_EQ(CardSet(line.sets.at("plays")), played);
    EXPECT_EQ(CardSet(line.sets.at("kitty")), kitty_mine ? CardSet(deal.kitty()) : CardSet());
  }
  std::remove(log.c_str());
}

INSTANTIATE_TEST_SUITE_P(Rules, InspectorFairness,
                         ::testing::Values("standard", "scatter", "kitty3"));

}  // namespace
}  // namespace arena

namespace arena {
namespace {

// A test-only player that plays its lowest legal card, keeps every deal-end notification, and
// checks at each decision that every pointer in its Observation leads into one buffer: the
// SeatView the referee filled for it, never the live game.
class WatchfulPlayer final : public Player {
 public:
  struct DealEnd {
    int obs_deal, obs_dealer, result_deal, result_dealer;
  };
  WatchfulPlayer() { identity_.name = "watchful"; }

  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    const char* begin = reinterpret_cast<const char*>(&obs);
    const char* end = begin + sizeof(SeatView);
    // Every pointer in an Observation. A new field makes the size check below fail until it is
    // added here (and SeatView gives it a copy of its own).
    static_assert(sizeof(hearts::Observation) == 296, "a new Observation field: list its pointer");
    const void* pointers[] = {obs.rules,       obs.passed,        obs.received,
                              obs.plays,       obs.trick_winners, obs.points_taken,
                              obs.tricks_won,  obs.scores,        obs.counters,
                              obs.scores_imag, obs.hand_counts,   obs.drawn_counts};
    for (const void* p : pointers) {
      const char* at = static_cast<const char*>(p);
      outside_ += at < begin || at >= end;
    }
    if (obs.phase == hearts::Phase::kPass) {
      int k = 0;
      for (Card card : obs.legal) {
        if (k == obs.pass.count) break;
        out->cards[k++] = card;
      }
      out->count = obs.pass.count;
    } else {
      out->card = obs.legal.lowest();
    }
    ++decisions_;
    return {};
  }
  CallResult notify(int32_t kind, const hearts::Observation& obs,
                    const hearts::DealResult& result) override {
    if (kind == hearts::kNotifyDealEnd) {
      deal_ends_.push_back({obs.deal_index, obs.dealer, result.deal_index, result.dealer});
    }
    return {};
  }
  const BotIdentity& identity() const override { return identity_; }

  int decisions_ = 0;
  int outside_ = 0;
  std::vector<DealEnd> deal_ends_;

 private:
  BotIdentity identity_;
};

// One game of `rules` (seed 7) with a WatchfulPlayer in every seat.
void play_watched(const hearts::CompiledRules& rules, std::array<WatchfulPlayer, 4>& players) {
  std::vector<Player*> seats;
  for (WatchfulPlayer& p : players) seats.push_back(&p);
  SteadyClock clock;
  Referee referee(rules, RefereeOptions{}, clock);
  referee.play_game(7, 0, seats, nullptr);
}

TEST(Referee, ObservationsPointOnlyIntoTheSeatsOwnBuffer) {
  const auto rules = fixed_deals(*hearts::preset_rules("standard"), 2);
  std::array<WatchfulPlayer, 4> players;
  play_watched(rules, players);
  for (const WatchfulPlayer& p : players) {
    EXPECT_GT(p.decisions_, 20);
    EXPECT_EQ(p.outside_, 0) << "an Observation pointer leads outside the seat's buffer";
  }
}

TEST(Referee, DealEndNotificationsNameTheDealThatEnded) {
  const auto rules = fixed_deals(*hearts::preset_rules("standard"), 3);
  std::array<WatchfulPlayer, 4> players;
  play_watched(rules, players);
  for (const WatchfulPlayer& p : players) {
    ASSERT_EQ(p.deal_ends_.size(), 3u);
    for (int d = 0; d < 3; ++d) {
      const WatchfulPlayer::DealEnd& e = p.deal_ends_[d];
      EXPECT_EQ(e.result_deal, d);
      EXPECT_EQ(e.obs_deal, d) << "the observation must describe the deal that ended";
      EXPECT_EQ(e.obs_dealer, e.result_dealer);
      EXPECT_EQ(e.result_dealer, (3 + d) % 4) << "the first dealer is the last seat";
    }
  }
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

// The bots' seeds are a pure function of the game seed (games replay), differ per seat and per
// decision, and are none of the values the old, invertible SplitMix64 derivation gave.
TEST(BotSeeds, AreReproducibleDistinctAndNotTheInvertibleDerivation) {
  const BotSeeds seeds(2026), again(2026), other(2027);
  std::set<uint64_t> seen;
  for (int seat = 0; seat < 7; ++seat) {
    EXPECT_EQ(seeds.config_seed(seat), again.config_seed(seat));
    EXPECT_NE(seeds.config_seed(seat), other.config_seed(seat));
    EXPECT_NE(seeds.config_seed(seat), hearts::derive_seed(2026, 1000 + seat));
    seen.insert(seeds.config_seed(seat));
    for (uint64_t decision = 0; decision < 100; ++decision) {
      EXPECT_EQ(seeds.decision_seed(seat, decision), again.decision_seed(seat, decision));
      seen.insert(seeds.decision_seed(seat, decision));
    }
  }
  EXPECT_EQ(seen.size(), 7u * 101u) << "every seed a bot is given is distinct";
}

// A decision seed is one SplitMix64 step from its seat's key, so a bot can run it backwards; it
// must get its seat's key and nothing else: the same key from each of its decisions, a different
// one for every other seat and game, and neither the game seed nor a SplitMix64 derivation of it.
TEST(BotSeeds, DecisionSeedsRunBackwardsOnlyToTheirOwnSeatsKey) {
  using test_bots::unmix;
  const uint64_t gamma = test_bots::kSplitMixGamma;
  std::set<uint64_t> keys;
  for (uint64_t game_seed : {uint64_t{2026}, uint64_t{2027}}) {
    const BotSeeds seeds(game_seed);
    for (int seat = 0; seat < 7; ++seat) {
      const uint64_t key = unmix(seeds.decision_seed(seat, 0)) - gamma;
      for (uint64_t decision = 1; decision < 60; ++decision) {
        ASSERT_EQ(unmix(seeds.decision_seed(seat, decision)) - (decision + 1) * gamma, key);
      }
      EXPECT_NE(key, game_seed);
      for (uint64_t index = 0; index < 2000; ++index) {
        ASSERT_NE(key, hearts::derive_seed(game_seed, index));
      }
      keys.insert(key);
    }
  }
  EXPECT_EQ(keys.size(), 14u) << "every seat of every game has a key of its own";
}

}  // namespace
}  // namespace arena
