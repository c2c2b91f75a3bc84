// The time margin end to end (docs/tournaments.md "Time limits and the margin"), with the real
// binary, the real `slow` plugin in process and in a sandboxed child, and real records files: one
// margin holds for every seat whatever carries its bot, answers within it are accepted and
// counted as late, the header records it, and `arena verify` holds the records to it.
//
// Timing is asserted only with wide gaps: the slow bot sleeps 40 ms against a 20 ms limit, and
// the margins are 5 ms (always past) and 400 ms (never past on any machine that runs the suite).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "records/records_io.h"
#include "support/per_test_dir.h"
#include "support/records_files.h"
#include "support/run_arena.h"

namespace {

namespace pb = hearts::proto;

const std::string kTestPlugins = HEARTS_TEST_PLUGIN_DIR;

class TimeMargin : public arena_test::PerTestDir {
 protected:
  TimeMargin() : PerTestDir("time_margin") {}

  // One deal of the slow bot at 20 ms in process (seat 0) and sandboxed (seat 1) against two
  // quick bots, with `margin_ms`; the records file's path.
  std::string play_slow_pair(int margin_ms) {
    const std::string out = dir("margin_" + std::to_string(margin_ms) + ".rec");
    const auto r = arena_test::run_arena(
        "play --games 1 --set fixed_deals=1 --plugin-dir " + kTestPlugins +
            " --bots trusted:slow@20ms,isolated:slow@20ms,lowest,lowest --time-margin-ms " +
            std::to_string(margin_ms) + " --out " + out,
        "HEARTS_SLOW_BOT_MS=40");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    last_output_ = r.out;
    return out;
  }

  std::string last_output_;
};

int violations_of(const pb::GameRecord& game, int seat) {
  int count = 0;
  for (const pb::Violation& v : game.violations()) count += v.seat() == seat;
  return count;
}

// Before the margin was one setting, an in-process bot had none and a sandboxed one 50 ms: the
// same late answers were TIMEOUTs at one seat and accepted at the other.
TEST_F(TimeMargin, OneMarginForEverySeatWhateverCarriesTheBot) {
  const arena::RecordsFile wide = arena_test::read_or_die(play_slow_pair(400));
  ASSERT_EQ(wide.games.size(), 1u);
  EXPECT_EQ(wide.header.time_margin_us(), 400'000);
  const pb::GameRecord& accepted = wide.games[0];
  EXPECT_EQ(accepted.violations_size(), 0) << accepted.violations(0).detail();
  ASSERT_EQ(accepted.late_answers_size(), 4);
  EXPECT_EQ(accepted.late_answers(0), 13) << "every play of the deal; the pass is instant";
  EXPECT_EQ(accepted.late_answers(1), 13) << "the sandboxed seat is held to the same margin";
  EXPECT_EQ(accepted.late_answers(2), 0);
  EXPECT_NE(last_output_.find("late answers, accepted within the 400 ms time margin "
                              "(docs/tournaments.md): seat 0 13, seat 1 13"),
            std::string::npos)
      << last_output_;

  const arena::RecordsFile narrow = arena_test::read_or_die(play_slow_pair(5));
  const pb::GameRecord& strict = narrow.games[0];
  EXPECT_EQ(violations_of(strict, 0), 13);
  EXPECT_EQ(violations_of(strict, 1), 13);
  for (const pb::Violation& v : strict.violations()) {
    EXPECT_EQ(v.kind(), pb::Violation::TIMEOUT) << v.detail();
  }
  EXPECT_EQ(strict.late_answers_size(), 0);
}

// Verify holds the records to the header's margin: a late answer past it must have its
// violation, and the late answers counted must be there.
TEST_F(TimeMargin, VerifyFindsADroppedTimeoutAndUncountedLateAnswers) {
  const std::string strict_path = play_slow_pair(5);
  EXPECT_EQ(arena_test::run_arena("verify " + strict_path).exit_code, 0);
  arena::RecordsFile dropped = arena_test::read_or_die(strict_path);
  dropped.games[0].clear_violations();  // the fallback's cards stay: the forger keeps the game
  arena_test::write_or_die(dir("dropped.rec"), dropped);
  auto r = arena_test::run_arena("verify " + dir("dropped.rec"));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 1, deal 1, trick 1: seat 0 answered after "), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("past its limit of 20000 us and the margin of 5000 us, with no violation"),
            std::string::npos)
      << r.out;

  const std::string wide_path = play_slow_pair(400);
  EXPECT_EQ(arena_test::run_arena("verify " + wide_path).exit_code, 0);
  arena::RecordsFile uncounted = arena_test::read_or_die(wide_path);
  uncounted.games[0].set_late_answers(1, 2);
  arena_test::write_or_die(dir("uncounted.rec"), uncounted);
  r = arena_test::run_arena("verify " + dir("uncounted.rec"));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 1: late_answers of seat 1: 2, but 13 of its passes and plays came "
                       "past its limit within the margin"),
            std::string::npos)
      << r.out;

  arena::RecordsFile short_list = arena_test::read_or_die(wide_path);
  short_list.games[0].mutable_late_answers()->RemoveLast();
  arena_test::write_or_die(dir("short.rec"), short_list);
  r = arena_test::run_arena("verify " + dir("short.rec"));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 1: late_answers: 3 entries for 4 seats"), std::string::npos) << r.out;

  // A narrower margin in the header would make the accepted answers TIMEOUTs without violations.
  arena::RecordsFile narrowed = arena_test::read_or_die(wide_path);
  narrowed.header.set_time_margin_us(1'000);
  arena_test::write_or_die(dir("narrowed.rec"), narrowed);
  r = arena_test::run_arena("verify " + dir("narrowed.rec"));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("the margin of 1000 us, with no violation"), std::string::npos) << r.out;
}

// A tournament takes the margin from a flag or its config, records it, and reports late answers
// in its results; a negative one is refused, naming both spellings.
TEST_F(TimeMargin, TournamentRecordsTheMarginAndReportsLateAnswers) {
  const auto bad = arena_test::run_arena(
      "tournament --bots lowest,lowest,lowest,lowest --games 1 "
      "--time-margin-ms -1 --out " +
      dir("bad"));
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.out.find("time_margin_ms (--time-margin-ms)"), std::string::npos) << bad.out;

  std::ofstream(dir("config.json")) << R"({"bots": ["slow@20ms", "lowest", "ducker", "random"],
    "games": 1, "rules": "standard", "set": ["fixed_deals=1"], "trust": ["slow"],
    "pluginDirs": [")" << kTestPlugins
                                    << R"("], "timeMarginMs": 400, "seed": 3})";
  const auto r = arena_test::run_arena(
      "tournament --config " + dir("config.json") + " --out " + dir("t"), "HEARTS_SLOW_BOT_MS=40");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("late answers, accepted within the 400 ms time margin "
                       "(docs/tournaments.md): slow@20ms 52"),
            std::string::npos)
      << r.out;
  const arena::RecordsFile file = arena_test::read_or_die(dir("t/records.rec"));
  EXPECT_EQ(file.header.time_margin_us(), 400'000);
  std::ifstream results(dir("t/results.json"));
  const std::string json((std::istreambuf_iterator<char>(results)), {});
  EXPECT_NE(json.find("\"late_answers\": 52"), std::string::npos) << json;
}

// The flag's older name still sets it, and the header records what was given.
TEST_F(TimeMargin, NetMarginMsIsAnotherNameForTheFlag) {
  const std::string out = dir("alias.rec");
  const auto r = arena_test::run_arena(
      "play --quiet --games 1 --set fixed_deals=1 "
      "--net-margin-ms 7 --out " +
      out);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(arena_test::read_or_die(out).header.time_margin_us(), 7'000);
  // Shown with the limits the records were played under.
  const auto replay = arena_test::run_arena("replay " + out);
  EXPECT_NE(replay.out.find("move limit 1000 ms, time bank none, time margin 7 ms, forfeit after"),
            std::string::npos)
      << replay.out;
}

// The margin decides which late answers get the fallback, so a tournament resumed with another
// one is another tournament; with the default, the fingerprint is the one older runs had.
TEST_F(TimeMargin, ATournamentResumedWithAnotherMarginIsRefused) {
  const std::string args =
      "tournament --quiet --bots lowest,ducker,random,lowest --games 1 "
      "--seed 5 --set fixed_deals=1 --out " +
      dir("t");
  ASSERT_EQ(arena_test::run_arena(args).exit_code, 0);
  const auto other = arena_test::run_arena(args + " --time-margin-ms 10");
  EXPECT_EQ(other.exit_code, 2) << other.out;
  EXPECT_NE(other.out.find("belongs to a different tournament"), std::string::npos) << other.out;
  const auto same = arena_test::run_arena(args + " --time-margin-ms 50");
  EXPECT_EQ(same.exit_code, 0) << same.out;
}

}  // namespace
