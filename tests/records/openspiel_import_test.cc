// Importing OpenSpiel 'hearts' action logs: the 27 conformance games (read in place from
// ../shared/conformance, skipped when absent) import, verify, and keep OpenSpiel's points as deal
// scores; OpenSpiel parameters change the rules; bad parameters and illegal actions are one-line
// errors naming them.
#include "records/openspiel_import.h"
#include "support/records_files.h"
#include "support/run_arena.h"

#include <google/protobuf/struct.pb.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "records/records_io.h"
#include "records/verify.h"

#ifndef HEARTS_SHARED_DIR
#define HEARTS_SHARED_DIR ""
#endif

namespace arena {
namespace {

using arena_test::run_arena;
using arena_test::RunResult;

std::string games_path() {
  const char* env = std::getenv("HEARTS_SHARED_DIR");
  const std::string dir = env != nullptr && *env != '\0' ? env : HEARTS_SHARED_DIR;
  return dir + "/conformance/openspiel_hearts_games.txt";
}

bool have_games() {
  return std::filesystem::exists(games_path());
}

#define REQUIRE_GAMES()                                                                 \
  if (!have_games()) {                                                                  \
    GTEST_SKIP() << "OpenSpiel conformance file absent: " << games_path()               \
                 << " (set HEARTS_SHARED_DIR to the shared folder to run these tests)"; \
  }

std::string temp_file(const std::string& name) {
  return arena_test::temp_path("openspiel_import_test", name);
}

struct LogLine {
  int line = 0;
  std::string text;
  std::string actions;          // the text after "actions="
  std::array<int, 4> points{};  // from "points=[...]"
};

// The game lines of the conformance file, parsed just enough for the checks.
std::vector<LogLine> game_lines() {
  std::vector<LogLine> lines;
  std::ifstream in(games_path());
  std::string text;
  int number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (text.empty() || text[0] == '#') continue;
    LogLine line;
    line.line = number;
    line.text = text;
    const size_t actions = text.find("actions=");
    line.actions = text.substr(actions + 8);
    const size_t points = text.find("points=[");
    std::string inner = text.substr(points + 8, text.find(']', points) - points - 8);
    for (char& c : inner) c = c == ',' ? ' ' : c;
    std::istringstream values(inner);
    for (int& p : line.points) values >> p;
    lines.push_back(line);
  }
  return lines;
}

std::string option(const hearts::proto::RecordsHeader& header, const std::string& name) {
  const auto& options = header.rules().options();
  const auto it = options.find(name);
  return it == options.end() ? "<absent>" : it->second;
}

TEST(OpenSpielImport, ConformanceGamesImportVerifyAndKeepThePoints) {
  REQUIRE_GAMES();
  ImportedGames imported;
  const hearts::Status status = import_openspiel_log(games_path(), "", "test", &imported);
  ASSERT_TRUE(status.ok()) << status.message();
  const std::vector<LogLine> lines = game_lines();
  ASSERT_EQ(lines.size(), 27u);
  ASSERT_EQ(imported.games.size(), 27u);

  // The header: openspiel rules, four import bots.
  const hearts::proto::RecordsHeader& header = imported.header;
  EXPECT_EQ(header.rules().preset(), "openspiel");
  EXPECT_EQ(option(header, "pass_schedule"), "external");
  EXPECT_EQ(option(header, "jack_of_diamonds_points"), "0");
  ASSERT_EQ(header.bots_size(), 4);
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(header.bots(s).name(), "openspiel-seat-" + std::to_string(s));
    EXPECT_EQ(header.bots(s).transport(), "import");
  }

  for (size_t g = 0; g < imported.games.size(); ++g) {
    const hearts::proto::GameRecord& game = imported.games[g];
    SCOPED_TRACE("line " + std::to_string(lines[g].line));
    EXPECT_EQ(game.game_index(), g);
    EXPECT_EQ(game.seed(), 0u);
    ASSERT_EQ(game.deals_size(), 1);
    const std::vector<int> scores(game.deals(0).deal_scores().begin(),
                                  game.deals(0).deal_scores().end());
    EXPECT_EQ(scores, std::vector<int>(lines[g].points.begin(), lines[g].points.end()));
    EXPECT_EQ(game.deals(0).plays_size(), 52);
    const int first_action = std::stoi(lines[g].actions);
    EXPECT_EQ(game.deals(0).passes_size(), first_action == 0 ? 0 : 4);
    EXPECT_EQ(game.final_scores_size(), 4);
  }

  // Written and read back, the file verifies.
  const std::string path = temp_file("conformance.rec");
  std::string error;
  auto writer = RecordsWriter::create(path, imported.header, &error);
  ASSERT_TRUE(writer) << error;
  for (const auto& game : imported.games) ASSERT_TRUE(writer->append(game, &error)) << error;
  writer.reset();
  RecordsFile file;
  ASSERT_TRUE(read_records(path, &file, &error)) << error;
  std::string discrepancy;
  VerifyTotals totals;
  EXPECT_TRUE(verify_records(file, &discrepancy, &totals)) << discrepancy;
  EXPECT_EQ(totals.games, 27);
  EXPECT_EQ(totals.deals, 27);
}

// Writes the actions of the conformance games, one bare line each (the second accepted form).
std::string write_bare_log(const std::string& name, bool only_no_pass = false) {
  const std::string path = temp_file(name);
  std::ofstream out(path);
  out << "# bare action lists\n\n";
  for (const LogLine& line : game_lines()) {
    if (only_no_pass && std::stoi(line.actions) != 0) continue;
    out << line.actions << "\n";
  }
  return path;
}

TEST(OpenSpielImport, ParametersChangeTheRules) {
  REQUIRE_GAMES();
  const std::string log = write_bare_log("bare.txt");
  ImportedGames imported;
  const hearts::Status status = import_openspiel_log(
      log, "hearts(jd_bonus=true,avoid_all_tricks_bonus=true)", "test", &imported);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(imported.games.size(), 27u);
  EXPECT_EQ(option(imported.header, "jack_of_diamonds_points"), "-10");
  EXPECT_EQ(option(imported.header, "no_tricks_bonus"), "true");
  EXPECT_EQ(option(imported.header, "pass_schedule"), "external");
  // The JD counts -10 for whoever takes it, so every deal's points add up to 26 - 10; and the
  // scores differ from the default rules' in every game (the JD is always taken by someone).
  ImportedGames defaults;
  ASSERT_TRUE(import_openspiel_log(log, "", "test", &defaults).ok());
  for (size_t g = 0; g < imported.games.size(); ++g) {
    const auto& deal = imported.games[g].deals(0);
    int taken = 0;
    for (int points : deal.points_taken()) taken += points;
    EXPECT_EQ(taken, 16) << "game " << g;
    const auto& plain = defaults.games[g].deals(0);
    EXPECT_FALSE(std::equal(deal.deal_scores().begin(), deal.deal_scores().end(),
                            plain.deal_scores().begin()))
        << "game " << g;
  }

  RecordsFile file;
  file.header = imported.header;
  file.header.set_format(kRecordsFormat);
  file.games = imported.games;
  std::string discrepancy;
  EXPECT_TRUE(verify_records(file, &discrepancy)) << discrepancy;
}

TEST(OpenSpielImport, NoPassCardsNeedsTheNoPassDirection) {
  REQUIRE_GAMES();
  // pass_cards=false: OpenSpiel still records the pass direction, and only 0 is legal.
  const std::string no_pass = write_bare_log("no_pass.txt", /*only_no_pass=*/true);
  ImportedGames imported;
  hearts::Status status = import_openspiel_log(no_pass, "hearts(pass_cards=false)", "t", &imported);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_GE(imported.games.size(), 2u);
  EXPECT_EQ(option(imported.header, "pass_schedule"), "none");

  const std::string all = write_bare_log("all.txt");
  status = import_openspiel_log(all, "pass_cards=false", "t", &imported);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("pass_cards=false"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find(all + " line "), std::string::npos) << status.message();
}

TEST(OpenSpielImport, BadParametersNameThemselves) {
  OpenSpielParams params;
  hearts::Status status =
      parse_openspiel_params("hearts(jd_bonus=true,no_such_thing=true)", &params);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("no_such_thing"), std::string::npos) << status.message();

  status = parse_openspiel_params("hearts(jd_bonus=maybe)", &params);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("jd_bonus"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("maybe"), std::string::npos) << status.message();

  status = parse_openspiel_params("bridge(jd_bonus=true)", &params);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("bridge"), std::string::npos) << status.message();

  status = parse_openspiel_params("hearts(qs_breaks_hearts)", &params);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("qs_breaks_hearts"), std::string::npos) << status.message();
}

TEST(OpenSpielImport, BareGameNameIsTheDefaultGame) {
  // "hearts" is OpenSpiel's own default game string, the same game as "hearts()".
  OpenSpielParams bare, empty;
  ASSERT_TRUE(parse_openspiel_params("hearts", &bare).ok());
  ASSERT_TRUE(parse_openspiel_params(" hearts ", &bare).ok());
  ASSERT_TRUE(parse_openspiel_params("hearts()", &empty).ok());
  hearts::Rules from_bare, from_empty;
  ASSERT_TRUE(openspiel_rules(bare, &from_bare).ok());
  ASSERT_TRUE(openspiel_rules(empty, &from_empty).ok());
  EXPECT_EQ(from_bare, from_empty);
  EXPECT_EQ(from_bare, *hearts::preset_rules("openspiel"));
  // A bare word that is not the game name is still an unknown parameter.
  EXPECT_FALSE(parse_openspiel_params("heart", &bare).ok());
}

TEST(OpenSpielImport, EveryParameterMapsOntoTheRules) {
  OpenSpielParams params;
  ASSERT_TRUE(parse_openspiel_params(
                  " hearts( pass_cards=false, no_pts_on_first_trick=false, can_lead_any_club=true,"
                  " jd_bonus=true, avoid_all_tricks_bonus=true, qs_breaks_hearts=false,"
                  " must_break_hearts=false, can_lead_hearts_instead_of_qs=true ) ",
                  &params)
                  .ok());
  hearts::Rules rules;
  ASSERT_TRUE(openspiel_rules(params, &rules).ok());
  EXPECT_EQ(rules.pass_schedule, hearts::PassSchedule::kNone);
  EXPECT_FALSE(rules.no_points_first_trick);
  EXPECT_EQ(rules.first_lead, hearts::FirstLead::kAnyClub);
  EXPECT_EQ(rules.jack_of_diamonds_points, -10);
  EXPECT_TRUE(rules.no_tricks_bonus);
  EXPECT_FALSE(rules.queen_breaks_hearts);
  EXPECT_FALSE(rules.hearts_must_be_broken);
  EXPECT_TRUE(rules.lead_hearts_if_only_penalty);

  // The defaults are the openspiel preset.
  ASSERT_TRUE(parse_openspiel_params("hearts()", &params).ok());
  ASSERT_TRUE(openspiel_rules(params, &rules).ok());
  EXPECT_EQ(rules, *hearts::preset_rules("openspiel"));
}

TEST(OpenSpielImport, IllegalActionNamesTheLine) {
  REQUIRE_GAMES();
  // The first game's first two plays swapped: the holder of 2C no longer leads it.
  std::vector<LogLine> lines = game_lines();
  std::istringstream in(lines[0].actions);
  std::vector<int> actions;
  for (int a; in >> a;) actions.push_back(a);
  const size_t first_play = 1 + 52 + (actions[0] == 0 ? 0 : 12);
  std::swap(actions[first_play], actions[first_play + 1]);
  const std::string path = temp_file("illegal.txt");
  {
    std::ofstream out(path);
    out << "# one good game, then a bad one\n" << lines[1].actions << "\n";
    for (size_t i = 0; i < actions.size(); ++i) out << (i ? " " : "") << actions[i];
    out << "\n";
  }
  ImportedGames imported;
  const hearts::Status status = import_openspiel_log(path, "", "t", &imported);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find(path + " line 3: a[" + std::to_string(first_play) + "]"),
            std::string::npos)
      << status.message();
}

TEST(OpenSpielImport, WrongPointsAndShortGamesAreErrors) {
  REQUIRE_GAMES();
  const LogLine line = game_lines()[0];
  const std::string path = temp_file("points.txt");
  std::ofstream(path) << "g | points=[1, 2, 3, 4] | actions=" << line.actions << "\n";
  ImportedGames imported;
  hearts::Status status = import_openspiel_log(path, "", "t", &imported);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("line 1"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("points"), std::string::npos) << status.message();

  std::ofstream(path) << line.actions.substr(0, line.actions.rfind(' ')) << "\n";
  status = import_openspiel_log(path, "", "t", &imported);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("actions"), std::string::npos) << status.message();

  std::ofstream(path) << "1 2 three\n";
  status = import_openspiel_log(path, "", "t", &imported);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("'three'"), std::string::npos) << status.message();

  status = import_openspiel_log(temp_file("missing.txt"), "", "t", &imported);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("missing.txt"), std::string::npos) << status.message();
}

// The command line end to end: import, verify, replay.
TEST(OpenSpielImportCli, ImportVerifyReplay) {
  REQUIRE_GAMES();
  const std::string out = temp_file("cli.rec");
  RunResult r = run_arena("import openspiel " + games_path() + " --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("imported 27 games"), std::string::npos) << r.out;
  r = run_arena("verify " + out);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("verified 27 games, 27 deals in 1 file"), std::string::npos) << r.out;
  r = run_arena("replay " + out + " --game 2");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("seat 0 shot the moon"), std::string::npos) << r.out;

  // Re-scoring the conformance log under other parameters: its points no longer match, unless
  // --ignore-points.
  r = run_arena("import openspiel " + games_path() + " --out " + out +
                " --params 'hearts(jd_bonus=true)'");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("points"), std::string::npos) << r.out;
  r = run_arena("import openspiel " + games_path() + " --out " + out +
                " --params 'hearts(jd_bonus=true)' --ignore-points");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(run_arena("verify " + out).exit_code, 0);

  r = run_arena("import openspiel " + games_path() + " --out " + out +
                " --params 'hearts(jd_bonus=yes)'");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("jd_bonus"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one line: " << r.out;
}

}  // namespace
}  // namespace arena
