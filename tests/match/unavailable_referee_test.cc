// The referee's reconnect window, measured with an injected clock so that nothing here sleeps:
// a short outage costs violations and fallbacks and the game goes on; an outage longer than the
// window makes the bot unavailable (an UNAVAILABLE violation, a forfeit, the game ends there),
// and the bot is never asked again in later games; a crash loop is an outage across decisions,
// while crashes followed by answers are not. The bot behind the outages is the real "lowest"
// plugin; only its failures are scripted, as a transport would report them.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "match/referee.h"
#include "players/bot_specs.h"
#include "records/verify.h"

namespace arena {
namespace {

using hearts::proto::GameRecord;
using hearts::proto::Violation;

const std::vector<std::string> kSearchPath = {HEARTS_BUNDLED_PLUGIN_DIR};
constexpr int64_t kWindowUs = 1'000'000;

hearts::CompiledRules two_deals() {
  hearts::Rules rules = *hearts::preset_rules("standard");
  rules.end_score = 0;
  rules.fixed_deals = 2;
  std::string error;
  auto compiled = hearts::compile(rules, &error);
  EXPECT_TRUE(compiled.has_value()) << error;
  return *compiled;
}

// The real "lowest" plugin, as the bot "flaky", behind a transport that fails the calls
// `fails(call)` picks (1-based) with `status`. Each failed call costs `call_cost_us` on the clock;
// await_available waits `reconnect_us` (the clock moves by it, at most by the time it is given) and
// says whether the bot is back by then.
class FlakyPlayer final : public Player {
 public:
  FlakyPlayer(std::unique_ptr<Player> inner, ManualClock& clock, CallStatus status,
              std::function<bool(int)> fails)
      : inner_(std::move(inner)), clock_(clock), status_(status), fails_(std::move(fails)) {
    identity_ = inner_->identity();
    identity_.name = "flaky";
    identity_.spec = "flaky";  // the other seats are "lowest": only this bot may be unavailable
  }

  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    ++calls;
    if (!fails_(calls)) return inner_->decide(obs, out);
    clock_.advance_us(call_cost_us);
    return {status_, "scripted failure", status_ == CallStatus::kUnavailable ? "UNAVAILABLE" : ""};
  }
  CallResult notify(int32_t kind, const hearts::Observation& obs,
                    const hearts::DealResult& result) override {
    ++notifications;
    return inner_->notify(kind, obs, result);
  }
  const BotIdentity& identity() const override { return identity_; }
  bool await_available(int64_t timeout_us) override {
    ++waits;
    clock_.advance_us(std::min(reconnect_us, timeout_us));
    return reconnect_us <= timeout_us;
  }

  int calls = 0, notifications = 0, waits = 0;
  int64_t call_cost_us = 0;
  int64_t reconnect_us = 0;

 private:
  std::unique_ptr<Player> inner_;
  BotIdentity identity_;
  ManualClock& clock_;
  CallStatus status_;
  std::function<bool(int)> fails_;
};

// Seat 0: a FlakyPlayer; seats 1-3: the "lowest" plugin.
struct Table {
  Table(const hearts::CompiledRules& rules, ManualClock& clock, CallStatus status,
        std::function<bool(int)> fails) {
    std::string error;
    source = resolve_bot_spec("lowest", kSearchPath, &error);
    EXPECT_NE(source, nullptr) << error;
    for (int s = 0; s < 4; ++s) {
      hearts::BotConfig config;
      config.seat = s;
      config.num_players = 4;
      config.seed = 77 + s;
      config.rules = &rules;
      players.push_back(source->create(config, &error));
    }
    flaky = new FlakyPlayer(std::move(players[0]), clock, status, std::move(fails));
    players[0].reset(flaky);
    for (auto& player : players) seats.push_back(player.get());
  }
  std::shared_ptr<PlayerSource> source;
  std::vector<std::unique_ptr<Player>> players;
  std::vector<Player*> seats;
  FlakyPlayer* flaky = nullptr;
};

RefereeOptions with_window() {
  RefereeOptions options;
  options.reconnect_window_us = kWindowUs;
  return options;
}

int count(const GameRecord& record, Violation::Kind kind) {
  int n = 0;
  for (const Violation& v : record.violations()) n += v.kind() == kind;
  return n;
}

void expect_verifies(const hearts::CompiledRules& rules, const GameRecord& record) {
  std::string discrepancy;
  EXPECT_TRUE(verify_game(rules, record, ForfeitPolicy{0, true}, &discrepancy)) << discrepancy;
}

TEST(Unavailable, AnOutageShorterThanTheWindowCostsFallbacksAndTheGameGoesOn) {
  const auto rules = two_deals();
  ManualClock clock;
  Table table(rules, clock, CallStatus::kUnavailable,
              [](int call) { return call >= 3 && call < 6; });
  table.flaky->reconnect_us = 300'000;  // three waits of 0.3 s: 0.9 s, inside the 1 s window
  Referee referee(rules, with_window(), clock);
  GameRecord record;
  const GameOutcome outcome = referee.play_game(5, 0, table.seats, &record);
  EXPECT_EQ(outcome.unavailable_seat, -1);
  EXPECT_EQ(record.deals_size(), 2);
  EXPECT_EQ(record.forfeited_size(), 0);
  EXPECT_EQ(count(record, Violation::UNAVAILABLE), 3);
  EXPECT_EQ(table.flaky->waits, 3);
  ASSERT_EQ(record.fallback_decisions_size(), 4);
  EXPECT_EQ(record.fallback_decisions(0), 3);
  EXPECT_EQ(outcome.seats[0].fallbacks, 3);
  for (int s = 1; s < 4; ++s) EXPECT_EQ(record.fallback_decisions(s), 0);
  expect_verifies(rules, record);
}

TEST(Unavailable, PastTheWindowTheBotForfeitsAndIsNeverAskedAgain) {
  const auto rules = two_deals();
  ManualClock clock;
  Table table(rules, clock, CallStatus::kUnavailable, [](int call) { return call >= 3; });
  table.flaky->reconnect_us = 10 * kWindowUs;  // never back in time
  Referee referee(rules, with_window(), clock);
  GameRecord record;
  const GameOutcome outcome = referee.play_game(5, 0, table.seats, &record);
  EXPECT_EQ(outcome.unavailable_seat, 0);
  EXPECT_EQ(table.flaky->calls, 3) << "the game ends at the call that outlasted the window";
  EXPECT_EQ(table.flaky->waits, 1);
  EXPECT_EQ(clock.now_us(), kWindowUs) << "it waited the window, no more";
  ASSERT_EQ(record.violations_size(), 1);
  const Violation& v = record.violations(0);
  EXPECT_EQ(v.kind(), Violation::UNAVAILABLE);
  EXPECT_EQ(v.seat(), 0);
  EXPECT_EQ(v.grpc_status(), "UNAVAILABLE");
  EXPECT_EQ(v.detail(),
            "scripted failure; still failing after 1000.0 ms (reconnect window 1000.0 ms)");
  ASSERT_EQ(record.forfeited_size(), 1);
  EXPECT_EQ(record.forfeited(0), 0);
  ASSERT_EQ(record.ranks_size(), 4);
  EXPECT_EQ(record.ranks(0), 4) << "the forfeiting seat ranks last";
  EXPECT_EQ(record.fallback_decisions(0), 0) << "no move was made for it";
  EXPECT_EQ(record.deals_size(), 1);
  expect_verifies(rules, record);

  // The next game at this referee: the bot forfeits at its first decision, without being asked
  // and without waiting, and is not notified either.
  Table next(rules, clock, CallStatus::kUnavailable, [](int) { return false; });
  const int64_t before = clock.now_us();
  GameRecord second;
  const GameOutcome again = referee.play_game(6, 1, next.seats, &second);
  EXPECT_EQ(again.unavailable_seat, 0);
  EXPECT_EQ(next.flaky->calls, 0);
  EXPECT_EQ(next.flaky->notifications, 0);
  EXPECT_EQ(next.flaky->waits, 0);
  EXPECT_EQ(clock.now_us(), before);
  ASSERT_EQ(second.violations_size(), 1);
  EXPECT_EQ(second.violations(0).kind(), Violation::UNAVAILABLE);
  EXPECT_EQ(second.violations(0).detail(),
            "unavailable since an earlier game: forfeits without being asked");
  ASSERT_EQ(second.forfeited_size(), 1);
  EXPECT_EQ(second.forfeited(0), 0);
  expect_verifies(rules, second);
}

TEST(Unavailable, ACrashLoopOutlastsTheWindowButCrashesBetweenAnswersDoNot) {
  const auto rules = two_deals();
  {
    // Every call crashes and each restart works at once, but costs 0.1 s: the outage runs on
    // from call 1 (at 0.1 s) and outlasts the 1 s window at call 11 (at 1.1 s).
    ManualClock clock;
    Table table(rules, clock, CallStatus::kCrash, [](int) { return true; });
    table.flaky->call_cost_us = 100'000;
    Referee referee(rules, with_window(), clock);
    GameRecord record;
    const GameOutcome outcome = referee.play_game(5, 0, table.seats, &record);
    EXPECT_EQ(outcome.unavailable_seat, 0);
    EXPECT_EQ(table.flaky->calls, 11);
    EXPECT_EQ(count(record, Violation::CRASH), 10);
    EXPECT_EQ(count(record, Violation::UNAVAILABLE), 1);
    EXPECT_EQ(record.fallback_decisions(0), 10);
    expect_verifies(rules, record);
  }
  {
    // Every other call crashes: 14 of the 28 calls, 1.4 s in all, but each answer ends the outage.
    ManualClock clock;
    Table table(rules, clock, CallStatus::kCrash, [](int call) { return call % 2 == 1; });
    table.flaky->call_cost_us = 100'000;
    Referee referee(rules, with_window(), clock);
    GameRecord record;
    const GameOutcome outcome = referee.play_game(5, 0, table.seats, &record);
    EXPECT_EQ(outcome.unavailable_seat, -1);
    EXPECT_EQ(record.forfeited_size(), 0);
    EXPECT_EQ(record.deals_size(), 2);
    EXPECT_EQ(count(record, Violation::CRASH), table.flaky->calls / 2 + table.flaky->calls % 2);
    EXPECT_EQ(count(record, Violation::UNAVAILABLE), 0);
    EXPECT_GT(clock.now_us(), kWindowUs);
    expect_verifies(rules, record);
  }
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

// verify accepts an unavailable bot's forfeit only where the header's policy allows it and the
// record shows it: forfeits without their UNAVAILABLE violation, or under the stop policy, are
// refused.
TEST(Unavailable, VerifyRefusesForgedUnavailableForfeits) {
  const auto rules = two_deals();
  ManualClock clock;
  Table table(rules, clock, CallStatus::kUnavailable, [](int call) { return call >= 3; });
  table.flaky->reconnect_us = 10 * kWindowUs;
  Referee referee(rules, with_window(), clock);
  GameRecord record;
  referee.play_game(5, 0, table.seats, &record);
  ASSERT_EQ(record.forfeited_size(), 1);
  std::string why;
  EXPECT_TRUE(verify_game(rules, record, ForfeitPolicy{0, true}, &why)) << why;
  EXPECT_FALSE(verify_game(rules, record, ForfeitPolicy{0, false}, &why))
      << "under the stop policy no bot forfeits as unavailable";

  GameRecord no_violation = record;
  no_violation.clear_violations();
  EXPECT_FALSE(verify_game(rules, no_violation, ForfeitPolicy{0, true}, &why))
      << "a forfeit needs its UNAVAILABLE violation";

  GameRecord other_seat = record;
  other_seat.add_forfeited(2);
  EXPECT_FALSE(verify_game(rules, other_seat, ForfeitPolicy{0, true}, &why))
      << "a seat that was not unavailable cannot be forfeited with it";

  GameRecord re_ranked = record;
  re_ranked.set_ranks(0, 1);
  re_ranked.set_ranks(1, 4);
  EXPECT_FALSE(verify_game(rules, re_ranked, ForfeitPolicy{0, true}, &why));
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

// A fallback count follows a violation: a record claiming more fallbacks than violations is forged.
TEST(Unavailable, VerifyRefusesForgedFallbackCounts) {
  const auto rules = two_deals();
  ManualClock clock;
  Table table(rules, clock, CallStatus::kUnavailable, [](int call) { return call == 2; });
  Referee referee(rules, with_window(), clock);
  GameRecord record;
  referee.play_game(5, 0, table.seats, &record);
  ASSERT_EQ(record.fallback_decisions_size(), 4);
  std::string why;
  ASSERT_TRUE(verify_game(rules, record, ForfeitPolicy{0, true}, &why)) << why;
  GameRecord forged = record;
  forged.set_fallback_decisions(3, 7);
  EXPECT_FALSE(verify_game(rules, forged, ForfeitPolicy{0, true}, &why));
  EXPECT_NE(why.find("fallback_decisions: seat 3 has 7"), std::string::npos) << why;
}

}  // namespace
}  // namespace arena
