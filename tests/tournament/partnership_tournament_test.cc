// Partnership tournaments end to end with the real binary and the bundled bots: teams from
// --teams and from --bots (two copies each), partners seated opposite, per-team and per-bot
// results that agree with the records, `arena rate` and `arena verify`, and forged team fields
// caught by verify.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <string>

#include "records/records_io.h"
#include "support/per_test_dir.h"
#include "support/records_files.h"
#include "support/run_arena.h"

namespace {

namespace fs = std::filesystem;
using google::protobuf::Struct;

Struct parse_json(const std::string& text) {
  Struct out;
  const auto status = google::protobuf::util::JsonStringToMessage(text, &out);
  EXPECT_TRUE(status.ok()) << status.message() << "\n" << text;
  return out;
}

const google::protobuf::ListValue& list(const Struct& json, const std::string& key) {
  return json.fields().at(key).list_value();
}

double number(const Struct& json, const std::string& key) {
  const auto it = json.fields().find(key);
  return it == json.fields().end() ? -1 : it->second.number_value();
}

std::string text(const Struct& json, const std::string& key) {
  const auto it = json.fields().find(key);
  return it == json.fields().end() ? "" : it->second.string_value();
}

class PartnershipTournament : public arena_test::PerTestDir {
 protected:
  PartnershipTournament() : PerTestDir("partnership_tournament") {}
};

TEST_F(PartnershipTournament, NamedPairsAreRatedPerTeamAndPerBot) {
  const auto r = arena_test::run_arena_split(
      "tournament --rules likha --teams heuristic+ducker,random+lowest --games 3 --seed 11 "
      "--bootstrap 50 --quiet --json --out " +
      dir("likha"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Struct results = parse_json(r.out);
  // Two teams at two team places: 1 table x 3 groups x 2 rotations.
  EXPECT_EQ(number(results, "games"), 6);
  const arena::RecordsFile file = arena_test::read_or_die(dir("likha/records.rec"));
  ASSERT_EQ(file.header.teams_size(), 2);
  EXPECT_EQ(file.header.teams(0).name(), "heuristic+ducker");
  ASSERT_EQ(file.header.bots_size(), 4);
  ASSERT_EQ(file.games.size(), 6u);

  // From the records: each team's wins (rank 1, ties split) and each bot's (four distinct bots).
  std::map<std::string, double> team_wins, bot_wins;
  for (const auto& game : file.games) {
    ASSERT_EQ(game.seat_teams_size(), 4);
    ASSERT_EQ(game.table_teams_size(), 2);
    ASSERT_EQ(game.team_scores_size(), 2);
    int winners = 0;
    for (int t = 0; t < 2; ++t) winners += game.ranks(t) == 1;
    for (int place = 0; place < 2; ++place) {
      const auto& team = file.header.teams(game.table_teams(place));
      // Partners sit opposite: seat place holds the first bot, seat place + 2 the second.
      EXPECT_EQ(game.seat_bots(place), team.bots(0));
      EXPECT_EQ(game.seat_bots(place + 2), team.bots(1));
      EXPECT_EQ(game.ranks(place), game.ranks(place + 2));
      if (game.ranks(place) != 1) continue;
      team_wins[team.name()] += 1.0 / winners;
      // Per bot a team's win is split between the partners, tied first as they are.
      for (int b : team.bots()) bot_wins[file.header.bots(b).name()] += 0.5 / winners;
    }
  }
  const auto& teams = list(results, "teams");
  ASSERT_EQ(teams.values_size(), 2);
  for (const auto& entry : teams.values()) {
    const Struct& team = entry.struct_value();
    EXPECT_EQ(number(team, "games"), 6);
    EXPECT_NEAR(number(team, "wins"), team_wins[text(team, "team")], 1e-3) << text(team, "team");
  }
  const auto& bots = list(results, "standings");
  ASSERT_EQ(bots.values_size(), 4);
  for (const auto& entry : bots.values()) {
    const Struct& bot = entry.struct_value();
    EXPECT_EQ(number(bot, "games"), 6);
    EXPECT_NEAR(number(bot, "wins"), bot_wins[text(bot, "bot")], 1e-3) << text(bot, "bot");
  }
  EXPECT_EQ(list(results, "team_head_to_head").values_size(), 1);

  // The records verify, and `arena rate` gives the same teams.
  const auto verify = arena_test::run_arena_split("verify " + dir("likha/records.rec"));
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
  const auto rate =
      arena_test::run_arena_split("rate --bootstrap 50 --json " + dir("likha/records.rec"));
  ASSERT_EQ(rate.exit_code, 0) << rate.err;
  const Struct rated = parse_json(rate.out);
  ASSERT_EQ(list(rated, "teams").values_size(), 2);
  for (int k = 0; k < 2; ++k) {
    const Struct& live = teams.values(k).struct_value();
    const Struct& again = list(rated, "teams").values(k).struct_value();
    EXPECT_EQ(text(live, "team"), text(again, "team"));
    EXPECT_EQ(number(live, "wins"), number(again, "wins"));
  }
}

TEST_F(PartnershipTournament, BotsAloneBecomeTeamsOfTwoCopiesAndTheTextNamesTeams) {
  const auto r = arena_test::run_arena_split(
      "tournament --rules partnership-team --bots ducker,random,lowest --seed 5 --bootstrap 0 "
      "--quiet --out " +
      dir("copies"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("ducker+ducker"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("team "), std::string::npos) << r.out;
  const arena::RecordsFile file = arena_test::read_or_die(dir("copies/records.rec"));
  ASSERT_EQ(file.header.teams_size(), 3);
  // C(3, 2) = 3 tables x 1 group x 2 rotations.
  ASSERT_EQ(file.games.size(), 6u);
  for (const auto& game : file.games) {
    EXPECT_EQ(game.seat_bots(0), game.seat_bots(2));
    EXPECT_EQ(game.seat_bots(1), game.seat_bots(3));
    EXPECT_NE(game.seat_bots(0), game.seat_bots(1));
    // Team-score: partners carry one score.
    EXPECT_EQ(game.final_scores(0), game.final_scores(2));
    EXPECT_EQ(game.team_scores(0), game.final_scores(0));
  }
  const auto verify = arena_test::run_arena_split("verify " + dir("copies/records.rec"));
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
  // The replay shows each game's teams and team scores.
  const auto replay = arena_test::run_arena_split("replay " + dir("copies/records.rec"));
  ASSERT_EQ(replay.exit_code, 0) << replay.err;
  EXPECT_NE(replay.out.find("    teams             0     1     0     1"), std::string::npos)
      << replay.out.substr(0, 2000);
  EXPECT_NE(replay.out.find("    team scores  "), std::string::npos);
}

TEST_F(PartnershipTournament, VerifyCatchesForgedTeamFields) {
  const auto r = arena_test::run_arena_split(
      "tournament --rules partnership-individual --teams ducker+random,lowest+lowest --seed 2 "
      "--bootstrap 0 --quiet --out " +
      dir("real"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const arena::RecordsFile file = arena_test::read_or_die(dir("real/records.rec"));
  ASSERT_FALSE(file.games.empty());
  struct Forgery {
    const char* field;
    void (*forge)(hearts::proto::GameRecord&);
  };
  const Forgery forgeries[] = {
      {"team_scores", [](hearts::proto::GameRecord& g) { g.set_team_scores(0, 999); }},
      {"seat_teams", [](hearts::proto::GameRecord& g) { g.set_seat_teams(0, 1); }},
      {"table_teams", [](hearts::proto::GameRecord& g) { g.set_table_teams(0, 1); }},
  };
  for (const Forgery& forgery : forgeries) {
    const std::string path = dir(std::string("forged_") + forgery.field + ".rec");
    std::string error;
    auto writer = arena::RecordsWriter::create(path, file.header, &error);
    ASSERT_TRUE(writer) << error;
    for (size_t g = 0; g < file.games.size(); ++g) {
      hearts::proto::GameRecord game = file.games[g];
      if (g == 0) forgery.forge(game);
      ASSERT_TRUE(writer->append(game, &error)) << error;
    }
    writer.reset();
    const auto verify = arena_test::run_arena_split("verify " + path);
    EXPECT_NE(verify.exit_code, 0) << forgery.field;
    EXPECT_NE((verify.out + verify.err).find(forgery.field), std::string::npos)
        << forgery.field << ": " << verify.out << verify.err;
  }
}

TEST_F(PartnershipTournament, AForfeitPutsTheWholeTeamLast) {
  // Seat 0 plays illegally and forfeits at its first violation: its team (seats 0 and 2) shares
  // the last place, the other team the first, and verify agrees.
  const std::string illegal =
      std::string("trusted:") + HEARTS_TEST_PLUGIN_DIR + "/libillegal_bot.so";
  const std::string path = dir("forfeit.rec");
  const auto r = arena_test::run_arena_split("play --rules likha --bots " + illegal +
                                             ",random,ducker,lowest --forfeit-after 1 --games 2 "
                                             "--quiet --out " +
                                             path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const arena::RecordsFile file = arena_test::read_or_die(path);
  ASSERT_EQ(file.games.size(), 2u);
  for (const auto& game : file.games) {
    ASSERT_EQ(game.forfeited_size(), 1);
    EXPECT_EQ(game.forfeited(0), 0);
    EXPECT_EQ(game.ranks(0), 2);
    EXPECT_EQ(game.ranks(2), 2);
    EXPECT_EQ(game.ranks(1), 1);
    EXPECT_EQ(game.ranks(3), 1);
  }
  const auto verify = arena_test::run_arena_split("verify " + path);
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
}

TEST_F(PartnershipTournament, TeamErrorsAreOneLine) {
  const struct {
    std::string args;
    std::string says;
  } cases[] = {
      {"--teams ducker+random,lowest+lowest", "--teams needs partnership rules"},
      {"--rules likha --teams ducker+random,random+ducker", "given twice"},
      {"--rules likha --teams ducker+random --bots lowest", "not both"},
      {"--rules likha --teams ducker", "two bot specs joined by +"},
      {"--rules likha --teams ducker+random", "at least two teams"},
      {"--rules likha --bots ducker,random --gauntlet ducker", "--gauntlet"},
  };
  for (const auto& c : cases) {
    const auto r =
        arena_test::run_arena_split("tournament " + c.args + " --seed 1 --out " + dir("bad"));
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << c.args << ": " << r.err;
  }
}

}  // namespace
