// The referee and host pauses: an in-process bot's late answer is excused only by the kernel's
// evidence that the host, not the bot, took the time. Timing comes from an injected clock and a
// scripted thread account, so each rule is checked exactly and instantly; real plugins that
// sleep or spin past their limit check the same rules against the real kernel.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "match/host_pause.h"
#include "match/referee.h"
#include "players/bot_specs.h"
#include "support/bot_rules.h"

namespace arena {
namespace {

using hearts::Card;
using hearts::proto::GameRecord;
using hearts::proto::Violation;

// A thread account the test writes: what the kernel would have counted during a decision.
class ScriptedAccounting final : public ThreadAccounting {
 public:
  ThreadAccount read() const override {
    ++reads;
    return current;
  }
  ThreadAccount current{true, 0, 0, 0};
  mutable int reads = 0;
};

// How a scripted decision spends its wall time.
struct Spending {
  int64_t wall_us = 1;
  int64_t run_us = 1;    // on a core
  int64_t wait_us = 0;   // waiting for a core
  int64_t switches = 0;  // sleeps
};

// A player that spends scripted time on the injected clock and in the scripted account: its k-th
// decision as `spend(k)`, k counted by `*decisions` (shared by a bot's players over games) or by
// the player itself.
class ScriptedPlayer final : public Player {
 public:
  ScriptedPlayer(ManualClock& clock, ScriptedAccounting& accounting, const char* spec,
                 std::function<Spending(int)> spend, int* decisions = nullptr,
                 bool on_calling_thread = true)
      : clock_(clock),
        accounting_(accounting),
        spend_(std::move(spend)),
        decisions_(decisions ? decisions : &own_decisions_),
        on_calling_thread_(on_calling_thread) {
    identity_.name = spec;
    identity_.spec = spec;
  }
  // Its first decision as `first`, the rest as `rest`.
  ScriptedPlayer(ManualClock& clock, ScriptedAccounting& accounting, const char* spec,
                 Spending first, Spending rest, bool on_calling_thread = true)
      : ScriptedPlayer(
            clock, accounting, spec, [first, rest](int k) { return k == 0 ? first : rest; },
            nullptr, on_calling_thread) {}
  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    const Spending spend = spend_((*decisions_)++);
    clock_.advance_us(spend.wall_us);
    accounting_.current.run_ns += spend.run_us * 1000;
    accounting_.current.wait_ns += spend.wait_us * 1000;
    accounting_.current.voluntary_switches += spend.switches;
    out->card = obs.legal.highest();  // not the fallback, so fallbacks would be visible
    return {};
  }
  CallResult notify(int32_t, const hearts::Observation&, const hearts::DealResult&) override {
    return {};
  }
  const BotIdentity& identity() const override { return identity_; }
  bool runs_on_calling_thread() const override { return on_calling_thread_; }

 private:
  ManualClock& clock_;
  ScriptedAccounting& accounting_;
  std::function<Spending(int)> spend_;
  int own_decisions_ = 0;
  int* decisions_;
  bool on_calling_thread_;
  BotIdentity identity_;
};

hearts::CompiledRules one_deal_without_pass() {
  hearts::Rules rules = *hearts::preset_rules("standard");
  rules.pass_schedule = hearts::PassSchedule::kNone;
  rules.end_score = 0;
  rules.fixed_deals = 1;
  return bot_rules::compiled(rules);
}

struct Played {
  GameRecord record;
  GameOutcome outcome;
  int timeouts = 0;
};

// Makes seat 0's player for a game, on the table's clock and thread account.
using SeatZero = std::function<std::unique_ptr<Player>(ManualClock&, ScriptedAccounting&)>;

// One referee at a 10 ms limit plays `games` games in turn, with a fresh seat-0 player each game
// (as a tournament seats them: the referee knows the bot by spec) and three quick players; the
// last game is returned, and `*reads` gets how many times the thread account was read.
Played play_games(int games, bool accounted, const SeatZero& seat0_of_game, int* reads = nullptr) {
  const hearts::CompiledRules rules = one_deal_without_pass();
  ManualClock clock;
  ScriptedAccounting accounting;
  RefereeOptions options;
  options.move_time_us = 10'000;
  Referee referee(rules, options, clock);
  referee.account_threads_with(accounted ? &accounting : nullptr);
  Played played;
  for (int game = 0; game < games; ++game) {
    const std::unique_ptr<Player> seat0 = seat0_of_game(clock, accounting);
    ScriptedPlayer quick1(clock, accounting, "quick", Spending{}, Spending{}),
        quick2(clock, accounting, "quick", Spending{}, Spending{}),
        quick3(clock, accounting, "quick", Spending{}, Spending{});
    std::vector<Player*> seats = {seat0.get(), &quick1, &quick2, &quick3};
    played = Played{};
    played.outcome = referee.play_game(3, static_cast<uint32_t>(game), seats, &played.record);
  }
  for (const Violation& v : played.record.violations()) {
    EXPECT_EQ(v.seat(), 0);
    played.timeouts += v.kind() == Violation::TIMEOUT;
  }
  if (reads) *reads = accounting.reads;
  return played;
}

// Seat 0 plays as `first`, then `rest`, in each of `games` one-deal games.
Played play(Spending first, Spending rest, bool accounted = true, bool on_calling_thread = true,
            int games = 1) {
  return play_games(games, accounted, [&](ManualClock& clock, ScriptedAccounting& accounting) {
    return std::make_unique<ScriptedPlayer>(clock, accounting, "thinker", first, rest,
                                            on_calling_thread);
  });
}

// A first decision of 200 us makes seat 0's bot a thinking one, accounted from its second on.
const Spending kFirst{200, 200, 0, 0};
// 25 ms of wall time at a 10 ms limit, of which the bot ran 3 ms.
const Spending kPaused{25'000, 3'000, 0, 0};

TEST(RefereeHostPause, TimeTheHostTookIsNotChargedAndIsRecorded) {
  const Played played = play(kFirst, kPaused);
  EXPECT_EQ(played.timeouts, 0);
  EXPECT_EQ(played.outcome.seats[0].host_pauses, 12);
  EXPECT_EQ(played.outcome.seats[0].host_pause_us, 12 * 22'000);
  EXPECT_EQ(played.outcome.seats[0].max_think_us, 3'000) << "charged time, not wall time";
  ASSERT_EQ(played.record.host_pause_us_size(), 4);
  EXPECT_EQ(played.record.host_pause_us(0), 12 * 22'000);
  EXPECT_EQ(played.record.host_pause_us(1), 0);
  std::vector<int64_t> seat0_thinks;
  for (const auto& p : played.record.deals(0).plays()) {
    if (p.seat() == 0) seat0_thinks.push_back(p.think_us());
  }
  ASSERT_EQ(seat0_thinks.size(), 13u);
  EXPECT_EQ(seat0_thinks[0], 200);
  for (size_t k = 1; k < seat0_thinks.size(); ++k) EXPECT_EQ(seat0_thinks[k], 3'000) << k;
}

TEST(RefereeHostPause, ABotThatSleptIsChargedItsWallTime) {
  const Played played = play(kFirst, {25'000, 3'000, 0, 1});
  EXPECT_EQ(played.timeouts, 12);
  EXPECT_EQ(played.outcome.seats[0].host_pauses, 0);
  EXPECT_EQ(played.record.host_pause_us_size(), 0) << "absent when nothing was excused";
  EXPECT_EQ(played.outcome.seats[0].max_think_us, 25'000);
  ASSERT_GT(played.record.violations_size(), 0);
  EXPECT_EQ(played.record.violations(0).detail(),
            "answered after 25.0 ms; the limit was 10.0 ms; its thread ran 3.0 ms, waited 0.0 ms "
            "for a core and slept once")
      << "the violation says why the time was the bot's";
}

TEST(RefereeHostPause, WaitingForACoreIsTheBotsTime) {
  // Its own threads (or other programs) kept it off a core for 21 ms: 1 ms is left to excuse,
  // not enough to bring 25 ms under 10.
  const Played played = play(kFirst, {25'000, 3'000, 21'000, 0});
  EXPECT_EQ(played.timeouts, 12);
  EXPECT_EQ(played.outcome.seats[0].host_pauses, 12) << "the 1 ms is still excused";
  EXPECT_EQ(played.outcome.seats[0].max_think_us, 24'000);
  ASSERT_GT(played.record.violations_size(), 0);
  EXPECT_EQ(played.record.violations(0).detail(),
            "answered after 24.0 ms; the limit was 10.0 ms; its thread ran 3.0 ms, waited 21.0 ms "
            "for a core and slept never");
}

TEST(RefereeHostPause, ABotThatRanPastItsLimitIsLate) {
  const Played played = play(kFirst, {25'000, 25'000, 0, 0});
  EXPECT_EQ(played.timeouts, 12);
  EXPECT_EQ(played.outcome.seats[0].host_pauses, 0);
  ASSERT_GT(played.record.violations_size(), 0);
  EXPECT_EQ(played.record.violations(0).detail(),
            "answered after 25.0 ms; the limit was 10.0 ms; its thread ran 25.0 ms, waited 0.0 ms "
            "for a core and slept never");
}

TEST(RefereeHostPause, QuickBotsAndOtherTransportsAreNotAccounted) {
  // A bot whose decisions all took under kAccountFromThinkUs is never read (its first long one
  // is charged in full), nor is a bot that runs elsewhere, nor any with accounting off.
  EXPECT_EQ(play({}, kPaused).timeouts, 1) << "the first paused decision, then accounted";
  EXPECT_EQ(play(kFirst, kPaused, true, false).timeouts, 12);
  EXPECT_EQ(play(kFirst, kPaused, false).timeouts, 12);
}

// The thread-account reads over `games` one-deal games (13 decisions a seat) in which seat 0's
// bot spends `spend(k)` on its k-th decision over all of them.
int account_reads(int games, const std::function<Spending(int)>& spend) {
  int decisions = 0, reads = 0;
  play_games(
      games, true,
      [&](ManualClock& clock, ScriptedAccounting& accounting) {
        return std::make_unique<ScriptedPlayer>(clock, accounting, "bot", spend, &decisions);
      },
      &reads);
  EXPECT_EQ(decisions, 13 * games);
  return reads;
}

TEST(RefereeHostPause, OneSlowDecisionIsAccountedOnlyUntilTheBotIsQuickAgain) {
  constexpr int kQuick = Referee::kStopAccountingAfterQuick;
  const int games = (2 * kQuick + 40) / 13 + 1;  // room for every script below to end its reads
  const Spending slow{200, 200, 0, 0};
  // Always slow: every decision after the first is read.
  EXPECT_EQ(account_reads(games, [&](int) { return slow; }), 13 * games - 1);
  // Slow once: read for the kQuick quick decisions that follow, then never.
  EXPECT_EQ(account_reads(games, [&](int k) { return k == 0 ? slow : Spending{}; }), kQuick);
  // Slow once more after that: read again, as long again.
  const int again = kQuick + 20;
  EXPECT_EQ(account_reads(games, [&](int k) { return k == 0 || k == again ? slow : Spending{}; }),
            2 * kQuick);
  // A slow decision within the quick ones starts their count afresh.
  EXPECT_EQ(account_reads(games, [&](int k) { return k == 0 || k == 100 ? slow : Spending{}; }),
            100 + kQuick);
}

TEST(RefereeHostPause, ABotKnownToThinkIsAccountedFromItsFirstDecisionOfTheNextGame) {
  const Played second = play(kPaused, kPaused, true, true, 2);
  EXPECT_EQ(second.timeouts, 0) << "game 1 taught the referee that this bot thinks";
  EXPECT_EQ(second.outcome.seats[0].host_pauses, 13);
  EXPECT_EQ(second.outcome.seats[1].host_pauses, 0);
}

// Real plugins against the real kernel account: a bot that sleeps past its limit and one that
// spins past it are both late at every play, whatever the host does meanwhile. The sleeper is
// excused nothing; the spinner at most the host's real steal, never its own 12 ms of CPU. The
// wall-clock spinner never reads its CPU clock, so the kernel's count of its run time lags by up
// to a tick: an excuse computed from that count would let it off part of its own time. It spins
// 14 ms, not a whole number of 4 ms ticks (HZ=250, the CI's VMs), so the lag at its answer
// differs from the lag when it was called (after 12 ms the two would be the same, and cancel).
hearts::proto::GameRecord play_slow_plugin(const char* mode, const char* ms) {
  ::setenv("HEARTS_SLOW_BOT_MS", ms, 1);
  ::setenv("HEARTS_SLOW_BOT_MODE", mode, 1);
  const hearts::CompiledRules rules = one_deal_without_pass();
  std::vector<std::shared_ptr<PlayerSource>> sources;
  std::vector<std::unique_ptr<Player>> players;
  std::vector<Player*> seats;
  for (const char* spec : {"slow", "random", "random", "random"}) {
    std::string error;
    sources.push_back(
        resolve_bot_spec(spec, {HEARTS_TEST_PLUGIN_DIR, HEARTS_BUNDLED_PLUGIN_DIR}, &error));
    EXPECT_NE(sources.back(), nullptr) << error;
    hearts::BotConfig config;
    config.seat = static_cast<int>(seats.size());
    config.num_players = 4;
    config.seed = 7;
    config.rules = &rules;
    players.push_back(sources.back()->create(config, &error));
    seats.push_back(players.back().get());
  }
  SteadyClock clock;
  RefereeOptions options;
  options.move_time_us = 3'000;
  Referee referee(rules, options, clock);
  GameRecord record;
  referee.play_game(5, 0, seats, &record);
  ::unsetenv("HEARTS_SLOW_BOT_MODE");
  return record;
}

TEST(RefereeHostPause, RealPluginsThatSleepOrSpinPastTheLimitAreLate) {
  for (const char* mode : {"sleep", "spin", "wallspin"}) {
    const bool wallspin = std::string(mode) == "wallspin";
    const GameRecord record = play_slow_plugin(mode, wallspin ? "14" : "12");
    int timeouts = 0;
    for (const Violation& v : record.violations()) timeouts += v.kind() == Violation::TIMEOUT;
    EXPECT_EQ(timeouts, 13) << mode;
    int charged_less = 0;
    for (const auto& play : record.deals(0).plays()) {
      if (play.seat() != 0) continue;
      if (wallspin) {
        // Busy 14 ms by the wall clock: a real host stop may be excused now and then (it ran
        // less), the lag of its run-time count never (that would shorten about half the answers).
        charged_less += play.think_us() < 13'500;
      } else {
        EXPECT_GE(play.think_us(), 12'000) << mode << ": charged";
      }
    }
    EXPECT_LE(charged_less, 1) << mode << ": answers charged 0.5 ms or more under their time";
    if (std::string(mode) == "sleep") {
      EXPECT_EQ(record.host_pause_us_size(), 0);
    }
  }
}

}  // namespace
}  // namespace arena
