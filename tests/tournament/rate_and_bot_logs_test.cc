// Friction a new bot author met, end to end with the real `arena` binary:
// - `arena tournament --bot-log-dir DIR` (and a config's `bot_log_dir`) puts isolated bots' logs
//   in DIR, as `arena play --bot-log-dir` does, instead of OUT/bot-logs;
// - `arena rate` on records of `arena play` (no duplicate groups) bootstraps over games, so its
//   intervals have width, and says that it does;
// - `arena rate` on files whose bots share a name but not a spec says which field differs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "support/run_arena.h"

namespace {

namespace fs = std::filesystem;
using arena_test::run_arena_split;

// One duplicate group, one deal a game: four short games.
const std::string kShort = " --games 1 --seed 5 --set fixed_deals=1 --set end_score=0 --quiet";

class RateAndBotLogs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("rate_and_bot_logs_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // The bot-*.log files in `logs`.
  static int bot_logs(const fs::path& logs) {
    int count = 0;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(logs, ec)) {
      count += entry.path().filename().string().rfind("bot-", 0) == 0 ? 1 : 0;
    }
    return count;
  }

  fs::path dir_;
};

TEST_F(RateAndBotLogs, TournamentTakesBotLogDirAsPlayDoes) {
  const auto run = run_arena_split("tournament --bots random,lowest,ducker --isolate --out " +
                                   path("t") + " --bot-log-dir " + path("logs") + kShort);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_GT(bot_logs(dir_ / "logs"), 0) << "no bot-*.log in --bot-log-dir";
  EXPECT_FALSE(fs::exists(dir_ / "t" / "bot-logs")) << "the logs went to OUT/bot-logs anyway";

  // Without it, the logs stay with the tournament, as before.
  const auto plain = run_arena_split("tournament --bots random,lowest,ducker --isolate --out " +
                                     path("u") + kShort);
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_GT(bot_logs(dir_ / "u" / "bot-logs"), 0);
}

TEST_F(RateAndBotLogs, TournamentConfigTakesBotLogDir) {
  std::ofstream(path("config.json"))
      << R"({"bots": ["random", "lowest", "ducker"], "isolate": true, "games": 1, "seed": 5,
            "set": ["fixed_deals=1", "end_score=0"], "out": ")"
      << path("t") << R"(", "bot_log_dir": ")" << path("config-logs") << "\"}\n";
  const auto run = run_arena_split("tournament --quiet --config " + path("config.json"));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_GT(bot_logs(dir_ / "config-logs"), 0) << "no bot-*.log in the config's bot_log_dir";
  EXPECT_FALSE(fs::exists(dir_ / "t" / "bot-logs"));
}

TEST_F(RateAndBotLogs, RateOnPlayRecordsBootstrapsOverGames) {
  const auto play = run_arena_split(
      "play --bots random,lowest,ducker,heuristic --games 8 "
      "--seed 2 --quiet --out " +
      path("p.rec"));
  ASSERT_EQ(play.exit_code, 0) << play.err;
  const auto rate = run_arena_split("rate " + path("p.rec") + " --json");
  ASSERT_EQ(rate.exit_code, 0) << rate.err;
  EXPECT_NE(rate.err.find("no duplicate groups"), std::string::npos) << rate.err;
  const auto results = nlohmann::json::parse(rate.out);
  ASSERT_EQ(results.at("standings").size(), 4u) << rate.out;
  for (const auto& s : results.at("standings")) {
    // Eight games of different deals: no bot scores the same every game, so a bootstrap over
    // games has width; one over the single "group" of a play file collapsed to a point.
    const auto& points = s.at("points_per_deal");
    EXPECT_LT(points.at("low").get<double>(), points.at("high").get<double>()) << s.dump();
    EXPECT_LE(points.at("low").get<double>(), points.at("mean").get<double>()) << s.dump();
    EXPECT_GE(points.at("high").get<double>(), points.at("mean").get<double>()) << s.dump();
    const auto& rating = s.at("rating");
    EXPECT_LT(rating.at("low").get<double>(), rating.at("high").get<double>()) << s.dump();
  }
  // A tournament's records have groups: no such note.
  ASSERT_EQ(run_arena_split("tournament --bots random,lowest,ducker --out " + path("t") + kShort)
                .exit_code,
            0);
  const auto tournament = run_arena_split("rate " + path("t/records.rec"));
  ASSERT_EQ(tournament.exit_code, 0) << tournament.err;
  EXPECT_EQ(tournament.err.find("no duplicate groups"), std::string::npos) << tournament.err;
}

TEST_F(RateAndBotLogs, RateSaysWhichFieldOfABotDiffers) {
  const std::string random_file = std::string(HEARTS_BUNDLED_PLUGIN_DIR) + "/librandom.so";
  ASSERT_EQ(run_arena_split("tournament --bots random,lowest,ducker --out " + path("a") + kShort)
                .exit_code,
            0);
  const auto b = run_arena_split("tournament --bots " + random_file + ",lowest,ducker --out " +
                                 path("b") + kShort);
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const auto rate = run_arena_split("rate " + path("a/records.rec") + " " + path("b/records.rec"));
  EXPECT_EQ(rate.exit_code, 2);
  EXPECT_NE(rate.err.find("cannot be rated together: they list different bots: bot 1 of 3 "
                          "'random': spec differs ('random' vs '" +
                          random_file + "')"),
            std::string::npos)
      << rate.err;
  EXPECT_EQ(rate.err.find("(random vs random)"), std::string::npos) << rate.err;
  EXPECT_EQ(rate.err.find('\n'), rate.err.size() - 1) << "one line: " << rate.err;
}

}  // namespace
