// `arena play` and `arena bots` end to end: real processes, real plugins, real records files.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <string>

#include "hearts/plugin.h"
#include "records/records_io.h"
#include "support/run_arena.h"
#include "support/test_temp.h"

namespace {

using arena_test::RunResult;
RunResult run(const std::string& args, const std::string& env = "") {
  return arena_test::run_arena(args, env);
}

const std::string kTestPlugins = HEARTS_TEST_PLUGIN_DIR;

bool one_line(const std::string& text) {
  return text.find('\n') == text.size() - 1;
}

TEST(ArenaBots, ListsTheBundledBots) {
  const RunResult r = run("bots");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (const char* bot : {"random", "lowest", "ducker"}) {
    EXPECT_NE(r.out.find(bot), std::string::npos) << bot;
  }
  EXPECT_NE(r.out.find("abi"), std::string::npos);
}

TEST(ArenaBots, ReportsBrokenPluginsWithoutFailing) {
  const RunResult r = run("bots --plugin-dir " + kTestPlugins);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("inspector"), std::string::npos);
  EXPECT_NE(r.out.find("skipped: plugin " + kTestPlugins + "/libwrong_abi_bot.so"),
            std::string::npos)
      << r.out;
}

TEST(ArenaPlay, BrokenSpecsStopTheRunWithOneLineNamingTheFile) {
  struct Case {
    std::string bots;
    std::string expected;
  };
  const Case cases[] = {
      {"random,random,random,./no_such_plugin.so", "./no_such_plugin.so: no such file"},
      {"random,random,random," + kTestPlugins + "/libnot_a_bot.so", "not a bot plugin"},
      {"random,random,random," + kTestPlugins + "/libwrong_abi_bot.so", "ABI version"},
      {"random,random,random," + kTestPlugins + "/libmissing_factory_bot.so",
       "missing hearts_bot_create"},
      {"random,random,random,nosuchbot", "'nosuchbot'"},
  };
  for (const Case& c : cases) {
    const RunResult r = run("play --games 1 --bots " + c.bots);
    EXPECT_EQ(r.exit_code, 2) << c.bots << ": " << r.out;
    EXPECT_NE(r.out.find(c.expected), std::string::npos) << r.out;
    EXPECT_TRUE(one_line(r.out)) << r.out;
  }
  // Named rather than given by path, a plugin that could not be used still says why.
  const RunResult r = run("play --games 1 --plugin-dir " + kTestPlugins +
                          " --bots random,random,random,wrong_abi_bot");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("bot 'wrong_abi_bot': no plugin with that name in "), std::string::npos)
      << r.out;
  EXPECT_NE(
      r.out.find("; plugin " + kTestPlugins + "/libwrong_abi_bot.so: built for SDK ABI version " +
                 std::to_string(hearts::kAbiVersion + 1000) + ", but this arena speaks version"),
      std::string::npos)
      << r.out;
  EXPECT_TRUE(one_line(r.out)) << r.out;
}

TEST(ArenaPlay, PlaysEveryTableSizeWithTheBundledBots) {
  for (const std::string bots : {"random,lowest,ducker", "random,lowest,ducker,random,lowest",
                                 "random,lowest,ducker,random,lowest,ducker,random"}) {
    const RunResult r = run("play --rules morehead2001 --games 2 --bots " + bots + " --json");
    EXPECT_EQ(r.exit_code, 0) << bots << ": " << r.out;
    EXPECT_NE(r.out.find("\"violations\": 0"), std::string::npos);
  }
}

TEST(ArenaPlay, SameSeedSameGamesAndRecords) {
  const std::string a = arena_test::test_temp_path("play_e2e", "same_a.rec");
  const std::string b = arena_test::test_temp_path("play_e2e", "same_b.rec");
  const std::string args = "play --bots random,lowest,ducker,random --games 4 --seed 11 --quiet";
  const RunResult first = run(args + " --out " + a);
  const RunResult second = run(args + " --out " + b);
  ASSERT_EQ(first.exit_code, 0) << first.out;
  arena::RecordsFile fa, fb;
  std::string error;
  ASSERT_TRUE(arena::read_records(a, &fa, &error)) << error;
  ASSERT_TRUE(arena::read_records(b, &fb, &error)) << error;
  ASSERT_EQ(fa.games.size(), 4u);
  ASSERT_EQ(fb.games.size(), 4u);
  for (size_t g = 0; g < 4; ++g) {
    EXPECT_EQ(fa.games[g].final_scores().size(), 4);
    for (int d = 0; d < fa.games[g].deals_size(); ++d) {
      const auto& da = fa.games[g].deals(d);
      const auto& db = fb.games[g].deals(d);
      ASSERT_EQ(da.plays_size(), db.plays_size());
      for (int k = 0; k < da.plays_size(); ++k) EXPECT_EQ(da.plays(k).card(), db.plays(k).card());
      EXPECT_EQ(da.deal_scores().size(), db.deal_scores().size());
    }
    EXPECT_EQ(fa.games[g].final_scores(0), fb.games[g].final_scores(0));
  }
  EXPECT_EQ(fa.header.bots(2).name(), "ducker");
  EXPECT_EQ(fa.header.bots(2).file_sha256().size(), 64u);
  EXPECT_EQ(fa.header.rules().preset(), "standard");
}

TEST(ArenaPlay, WatchdogStopsAHungBotAndKeepsFinishedGames) {
  const std::string path = arena_test::test_temp_path("play_e2e", "hang.rec");
  const RunResult r =
      run("play --bots random,random,random,trusted:hang --plugin-dir " + kTestPlugins +
              " --games 5 --hang-ms 300 --move-ms 100 --quiet --out " + path,
          "HEARTS_HANG_FROM_GAME=2");
  EXPECT_EQ(r.exit_code, 3) << r.out;
  EXPECT_NE(r.out.find("bot 'hang' (seat 3) has not returned after 300 ms in game 3"),
            std::string::npos)
      << r.out;
  arena::RecordsFile file;
  std::string error;
  ASSERT_TRUE(arena::read_records(path, &file, &error)) << error;
  EXPECT_EQ(file.games.size(), 2u) << "the two finished games are intact";
  EXPECT_TRUE(file.torn.empty()) << file.torn;
}

TEST(ArenaPlay, ViolationsShowInTheSummary) {
  const RunResult r = run("play --bots random,illegal,random,random --plugin-dir " + kTestPlugins +
                          " --games 1 --json --set fixed_deals=1 --set end_score=0");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("\"violations\": 13"), std::string::npos) << r.out;
}

TEST(ArenaPlay, FirstViolationOfEachKindIsAWarningAndForfeitsShow) {
  // Without --log-level debug a user still learns what went wrong, once per bot and kind.
  const RunResult r = run("play --bots random,thrower,random,random --plugin-dir " + kTestPlugins +
                          " --games 2 --forfeit-after 3");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  size_t warnings = 0;
  for (size_t at = r.out.find("[warning]"); at != std::string::npos;
       at = r.out.find("[warning]", at + 1)) {
    ++warnings;
  }
  EXPECT_EQ(warnings, 1u) << r.out;
  EXPECT_NE(r.out.find("[warning] game 1 deal 1 seat 1 (thrower): EXCEPTION violation: "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("the first of this kind for this bot; --log-level debug shows every one"),
            std::string::npos)
      << r.out;
  for (const char* game : {"game    1", "game    2"}) {
    const size_t line = r.out.find(game);
    ASSERT_NE(line, std::string::npos) << r.out;
    EXPECT_NE(r.out.substr(line, r.out.find('\n', line) - line).find("forfeited 1 thrower"),
              std::string::npos)
        << r.out;
  }
  EXPECT_NE(r.out.find("\n2 forfeited games (--forfeit-after)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n6 violations answered by fallback moves"), std::string::npos) << r.out;
}

TEST(ArenaPlay, AnInProcessCrashNamesTheBotAndKeepsFinishedGames) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "under AddressSanitizer the sanitizer reports the fault itself";
#else
  // The bot's 5th play faults: in game 1, since a seat plays 13 cards a deal.
  const std::string out = arena_test::test_temp_path("play_e2e", "crash.rec");
  const RunResult r = run("play --bots random,trusted:segfault,random,random --plugin-dir " +
                          kTestPlugins + " --games 3 --quiet --out " + out);
  // The shell reports a death by SIGSEGV as 128 + 11.
  EXPECT_EQ(r.exit_code, 139) << "the process dies of the signal, as it would have: " << r.out;
  EXPECT_NE(r.out.find("arena: bot 'segfault' (seat 1) crashed the arena with signal 11 (SIGSEGV) "
                       "in game 1; every finished game is in the records file"),
            std::string::npos)
      << r.out;
  arena::RecordsFile records;
  std::string error;
  ASSERT_TRUE(arena::read_records(out, &records, &error)) << error;
  EXPECT_EQ(records.games.size(), 0u);
  EXPECT_TRUE(records.torn.empty()) << records.torn;
  std::remove(out.c_str());
#endif
}

}  // namespace
