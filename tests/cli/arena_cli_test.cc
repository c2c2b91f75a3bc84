// End-to-end checks of the arena executable: real process, real output.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>

#include "support/run_arena.h"
#include "support/test_temp.h"

namespace {

using arena_test::run_arena;
using arena_test::RunResult;

google::protobuf::Struct parse_json(const std::string& text) {
  google::protobuf::Struct value;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(text, &value).ok()) << text;
  return value;
}

TEST(ArenaCli, RulesListsEveryPreset) {
  const RunResult r = run_arena("rules");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (const char* preset :
       {"standard", "morehead2001", "culbertson1950", "foster1909", "omnibus", "pink-lady",
        "black-jack", "spot-hearts", "hearts1887", "black-maria", "openspiel"}) {
    EXPECT_NE(r.out.find(preset), std::string::npos) << preset;
  }
}

TEST(ArenaCli, RulesShowJsonHasEveryOptionTyped) {
  const RunResult r = run_arena("rules show pink-lady --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto json = parse_json(r.out);
  const auto& options = json.fields().at("options").struct_value().fields();
  EXPECT_EQ(options.size(), 65u);
  EXPECT_EQ(options.at("num_players").number_value(), 4);
  EXPECT_EQ(options.at("card_values").string_value(), "");  // pairs as text, none here
  EXPECT_EQ(options.at("queen_of_hearts_points").number_value(), 13);
  EXPECT_EQ(options.at("moon").string_value(), "old-moon");
  EXPECT_TRUE(options.at("hearts_must_be_broken").bool_value());
  const auto& derived = json.fields().at("derived").struct_value().fields();
  EXPECT_EQ(derived.at("moon_total").number_value(), 38);
  EXPECT_EQ(derived.at("hand_size").number_value(), 13);
}

TEST(ArenaCli, RulesShowAppliesPlayersAndSettings) {
  const RunResult r = run_arena("rules show morehead2001 --players 5 --set moon=new-moon --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto json = parse_json(r.out);
  EXPECT_EQ(json.fields().at("options").struct_value().fields().at("moon").string_value(),
            "new-moon");
  const auto& derived = json.fields().at("derived").struct_value().fields();
  EXPECT_EQ(derived.at("hand_size").number_value(), 10);
  EXPECT_EQ(derived.at("removed_cards").string_value(), "2C 2D");
  EXPECT_EQ(derived.at("pass_count").number_value(), 2);
}

TEST(ArenaCli, RulesShowSaysNoPassingForPresetsThatNeverPass) {
  for (const char* preset : {"spot-hearts", "hearts1887"}) {
    const RunResult text = run_arena(std::string("rules show ") + preset);
    ASSERT_EQ(text.exit_code, 0) << text.out;
    EXPECT_EQ(text.out.find("pass count"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("no passing"), std::string::npos) << text.out;
    const RunResult json = run_arena(std::string("rules show ") + preset + " --json");
    ASSERT_EQ(json.exit_code, 0) << json.out;
    const auto document = parse_json(json.out);
    const auto& derived = document.fields().at("derived").struct_value().fields();
    EXPECT_EQ(derived.at("pass_count").number_value(), 0) << preset;
  }
  const RunResult star = run_arena("rules show morehead2001 --players 5 --set pass_schedule=star");
  ASSERT_EQ(star.exit_code, 0) << star.out;
  EXPECT_NE(star.out.find("pass count 2"), std::string::npos) << star.out;
  const RunResult left = run_arena("rules show morehead2001");
  EXPECT_NE(left.out.find("pass count 3"), std::string::npos) << left.out;
}

TEST(ArenaCli, InvalidRulesGiveOneLineNamingTheOption) {
  RunResult r = run_arena("rules show standard --players 5");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("pass_schedule"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one line: " << r.out;

  r = run_arena("play --rules nosuch --games 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("nosuch"), std::string::npos) << r.out;

  r = run_arena("play --set moon=blue --games 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("blue"), std::string::npos) << r.out;
}

TEST(ArenaCli, PlayIsDeterministicAndConsistent) {
  const RunResult first = run_arena("play --rules standard --games 5 --seed 42 --json");
  const RunResult second = run_arena("play --rules standard --games 5 --seed 42 --json");
  ASSERT_EQ(first.exit_code, 0) << first.out;
  // Everything but measured think times is a function of the seed.
  auto without_timing = [](const std::string& text) {
    std::string kept, line;
    std::istringstream lines(text);
    while (std::getline(lines, line)) {
      if (line.find("think") == std::string::npos) kept += line + "\n";
    }
    return kept;
  };
  EXPECT_EQ(without_timing(first.out), without_timing(second.out));
  const RunResult other = run_arena("play --rules standard --games 5 --seed 43 --json");
  EXPECT_NE(first.out, other.out);

  const auto json = parse_json(first.out);
  const auto& games = json.fields().at("games").list_value().values();
  ASSERT_EQ(games.size(), 5);
  double wins = 0;
  for (const auto& seat : json.fields().at("seats").list_value().values()) {
    wins += seat.struct_value().fields().at("wins").number_value();
  }
  EXPECT_DOUBLE_EQ(wins, 5.0) << "each game's win is shared among its winners";
  for (const auto& game : games) {
    const auto& fields = game.struct_value().fields();
    double low = 1e9;
    bool someone_reached_100 = false;
    for (const auto& score : fields.at("scores").list_value().values()) {
      low = std::min(low, score.number_value());
      someone_reached_100 |= score.number_value() >= 100;
    }
    EXPECT_TRUE(someone_reached_100) << "standard games end at 100";
    const auto& scores = fields.at("scores").list_value().values();
    const auto& ranks = fields.at("ranks").list_value().values();
    for (int s = 0; s < scores.size(); ++s) {
      EXPECT_EQ(ranks[s].number_value() == 1, scores[s].number_value() == low);
    }
  }
}

TEST(ArenaCli, PlayWorksForEveryPlayerCount) {
  for (int players = 3; players <= 7; ++players) {
    const RunResult r = run_arena("play --rules morehead2001 --players " + std::to_string(players) +
                                  " --games 2 --json");
    ASSERT_EQ(r.exit_code, 0) << players << ": " << r.out;
    const auto json = parse_json(r.out);
    EXPECT_EQ(json.fields().at("seats").list_value().values().size(), players);
  }
}

TEST(ArenaCli, ParseErrorsAreOneLineWithStatus2) {
  // Each names what is wrong and points at the command's help, like every other arena error.
  const std::array<std::pair<const char*, const char*>, 5> cases = {{
      {"rate", "arena rate --help"},
      {"play --bogus", "--bogus"},
      {"tournament --games abc", "abc"},
      {"replay x.rec --game 0", "not in range 1 to"},
      {"play --seed -1", "a seed is a whole number from 0"},
  }};
  for (const auto& [args, expected] : cases) {
    const RunResult r = run_arena(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
    EXPECT_EQ(r.out.rfind("arena: ", 0), 0u) << args << ": " << r.out;
    EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << args << ": " << r.out;
    EXPECT_NE(r.out.find(expected), std::string::npos) << args << ": " << r.out;
  }
  EXPECT_EQ(run_arena("play --help").exit_code, 0);
  EXPECT_EQ(run_arena("--version").exit_code, 0);
}

TEST(ArenaCli, NegativeLimitsAreRefusedBeforeAnyGame) {
  // A negative limit would make every decision a timeout, or a record say "forfeit after -1".
  const std::string dir = arena_test::test_temp_path("arena_cli_test", "limits/");
  const std::array<std::pair<std::string, std::string>, 7> cases = {{
      {"play --move-ms -5", "arena: --move-ms must be at least 1, not -5\n"},
      {"play --bank-ms -1", "arena: --bank-ms must be 0 or more, not -1\n"},
      {"play --forfeit-after -1", "arena: --forfeit-after must be 0 or more, not -1\n"},
      {"play --hang-ms -1", "arena: --hang-ms must be 0 or more, not -1\n"},
      {"tournament --bots random,ducker --forfeit-after -2 --out " + dir,
       "arena: forfeit_after (--forfeit-after) must be 0 or more, not -2\n"},
      {"tournament --bots random,ducker --bank-ms -1 --out " + dir,
       "arena: bank_ms (--bank-ms) must be 0 or more, not -1\n"},
      {"tournament --bots random,ducker --games -3 --out " + dir,
       "arena: games (--games) must be at least 1, not -3\n"},
  }};
  for (const auto& [args, expected] : cases) {
    const RunResult r = run_arena(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.out, expected) << args;
  }
  // The same from a config file, where the field is spelled as in the file.
  const std::string config = arena_test::test_temp_path("arena_cli_test", "limits.json");
  std::FILE* file = std::fopen(config.c_str(), "w");
  ASSERT_NE(file, nullptr);
  std::fputs(R"({"bots": ["random", "ducker"], "games": 1, "move_ms": -5})", file);
  std::fclose(file);
  const RunResult r = run_arena("tournament --config " + config + " --out " + dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "arena: move_ms (--move-ms) must be at least 1, not -5\n");
  // A comma list where the file wants a JSON list.
  file = std::fopen(config.c_str(), "w");
  ASSERT_NE(file, nullptr);
  std::fputs(R"({"bots": "random,ducker", "games": 1})", file);
  std::fclose(file);
  const RunResult list = run_arena("tournament --config " + config + " --out " + dir);
  EXPECT_EQ(list.exit_code, 2);
  EXPECT_EQ(list.out,
            "arena: bots: 'random,ducker' is several specs in one string; in a config file give a "
            "list such as [\"random\", \"ducker\"]\n");
  EXPECT_FALSE(std::filesystem::exists(dir)) << "nothing was written";
}

TEST(ArenaCli, LogLevelMayFollowTheSubcommand) {
  const RunResult after = run_arena("play --games 1 --quiet --log-level info");
  ASSERT_EQ(after.exit_code, 0) << after.out;
  EXPECT_NE(after.out.find("playing 1 game of standard"), std::string::npos) << after.out;
  const RunResult before = run_arena("--log-level info play --games 1 --quiet");
  ASSERT_EQ(before.exit_code, 0) << before.out;
  EXPECT_NE(before.out.find("playing 1 game of standard"), std::string::npos) << before.out;
}

TEST(ArenaCli, ReadingADirectoryAsRecordsIsAnErrorNotACrash) {
  const std::string dir = ::testing::TempDir();
  for (const char* command : {"rate", "verify", "replay"}) {
    const RunResult r = run_arena(std::string(command) + " " + dir);
    EXPECT_EQ(r.exit_code, 2) << command << ": " << r.out;
    EXPECT_NE(r.out.find("is a directory"), std::string::npos) << command << ": " << r.out;
    EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << command << ": " << r.out;
  }
}

}  // namespace
