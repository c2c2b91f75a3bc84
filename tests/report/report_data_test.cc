// The data `arena report`, `arena tournament --report` and `arena play --report` write, checked
// against the records and results.json they come from: the leaderboard is results.json's, each
// game's script reads back into its record, the game list and the TrueSkill history agree with
// the records and the results, and the hands after the passes are the dealt ones moved as passed.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "records/records_io.h"
#include "report/game_view.h"
#include "report/live_report.h"
#include "report/report_site.h"
#include "report/report_test_support.h"
#include "support/run_arena.h"

namespace {

namespace fs = std::filesystem;
namespace pb = hearts::proto;
using arena::Json;
using google::protobuf::util::MessageDifferencer;
using report_test::read_json;
using report_test::script_data;

class ReportDataTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("report_data_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A small tournament of bundled bots, with its report; the output folder.
  fs::path tournament(const std::string& extra = "") {
    const fs::path out = dir_ / "t";
    const auto run = arena_test::run_arena(
        "tournament --bots random,lowest,ducker --games 1 --seed 11 --quiet --bootstrap 200 "
        "--out " +
        out.string() + " " + extra);
    EXPECT_EQ(run.exit_code, 0) << run.out;
    return out;
  }

  fs::path dir_;
};

TEST_F(ReportDataTest, TournamentReportShowsResultsJsonAndEveryRecord) {
  const fs::path out = tournament("--report");
  const Json results = read_json(out / "results.json");
  const Json index = script_data(out / "report" / "data" / "index.js");
  ASSERT_TRUE(index.is_object());
  EXPECT_EQ(index["results"], results) << "the leaderboard is not results.json's";
  EXPECT_FALSE(index["live"].get<bool>()) << "the final index still says the run is live";
  for (const char* asset : {"index.html", "report.css", "report.js", "replay.js"}) {
    EXPECT_TRUE(fs::exists(out / "report" / asset)) << asset;
  }
  arena::RecordsFile records;
  std::string error;
  ASSERT_TRUE(arena::read_records((out / "records.rec").string(), &records, &error)) << error;
  ASSERT_EQ(index["games"].get<size_t>(), records.games.size());
  for (const pb::GameRecord& game : records.games) {
    const fs::path script = out / "report" / arena::report_game_path(game.game_index() + 1);
    pb::GameRecord back;
    ASSERT_TRUE(arena::record_from_view_json(script_data(script), &back, &error)) << error;
    EXPECT_TRUE(MessageDifferencer::Equals(back, game)) << script;
  }
}

TEST_F(ReportDataTest, ReportCommandComputesTheSameLeaderboardAsTheTournament) {
  const fs::path out = tournament();
  const Json results = read_json(out / "results.json");
  // From the folder: results.json as it is. From the file alone: computed, and equal to it.
  auto from_folder = arena_test::run_arena("report " + out.string() + " --out " +
                                           (dir_ / "a").string() + " --bootstrap 200");
  ASSERT_EQ(from_folder.exit_code, 0) << from_folder.out;
  EXPECT_NE(from_folder.out.find("index.html"), std::string::npos) << from_folder.out;
  auto from_file = arena_test::run_arena("report " + (out / "records.rec").string() + " --out " +
                                         (dir_ / "b").string() + " --bootstrap 200");
  ASSERT_EQ(from_file.exit_code, 0) << from_file.out;
  EXPECT_EQ(script_data(dir_ / "a" / "data" / "index.js")["results"], results);
  Json computed = script_data(dir_ / "b" / "data" / "index.js")["results"];
  Json expected = results;
  computed.erase("timing");  // measured think times: the only part that is not from the seed
  expected.erase("timing");
  EXPECT_EQ(computed, expected);
}

TEST_F(ReportDataTest, GameListAndTrueSkillHistoryAgreeWithRecordsAndResults) {
  const fs::path out = tournament("--report");
  arena::RecordsFile records;
  std::string error;
  ASSERT_TRUE(arena::read_records((out / "records.rec").string(), &records, &error)) << error;
  const Json list = script_data(out / "report" / "data" / "games.js");
  const int n = list["players"];
  ASSERT_EQ(list["number"].size(), records.games.size());
  for (size_t g = 0; g < records.games.size(); ++g) {
    const pb::GameRecord& game = records.games[g];
    EXPECT_EQ(list["number"][g], game.game_index() + 1);
    EXPECT_EQ(list["violations"][g], game.violations_size());
    for (int s = 0; s < n; ++s) {
      EXPECT_EQ(list["seat_bots"][g * n + s], game.seat_bots(s)) << "game " << g + 1;
      EXPECT_EQ(list["final_scores"][g * n + s], game.final_scores(s)) << "game " << g + 1;
      EXPECT_EQ(list["ranks"][g * n + s], game.ranks(s)) << "game " << g + 1;
    }
  }
  // The history ends where the leaderboard's TrueSkill stands.
  const Json index = script_data(out / "report" / "data" / "index.js");
  const Json& history = index["trueskill_history"];
  ASSERT_FALSE(history["games"].empty());
  EXPECT_EQ(history["games"].back(), records.games.size());
  for (const Json& standing : index["results"]["standings"]) {
    int bot = -1;
    for (size_t b = 0; b < index["header"]["bots"].size(); ++b) {
      if (index["header"]["bots"][b]["name"] == standing["bot"]) bot = static_cast<int>(b);
    }
    ASSERT_GE(bot, 0) << standing["bot"];
    EXPECT_NEAR(history["mu"].back()[bot].get<double>(), standing["trueskill"]["mu"].get<double>(),
                1e-3);
    EXPECT_NEAR(history["sigma"].back()[bot].get<double>(),
                standing["trueskill"]["sigma"].get<double>(), 1e-3);
  }
}

TEST_F(ReportDataTest, HandsAfterThePassAreTheDealtOnesMovedAsPassed) {
  const fs::path out = tournament("--report");
  arena::RecordsFile records;
  std::string error;
  ASSERT_TRUE(arena::read_records((out / "records.rec").string(), &records, &error)) << error;
  const pb::GameRecord& game = records.games.at(0);
  const Json view = script_data(out / "report" / arena::report_game_path(1))["view"];
  const pb::DealRecord& deal = game.deals(0);  // the first deal passes to the left
  ASSERT_EQ(deal.pass_plan().kind(), pb::PassPlanRecord::OFFSET);
  const int n = game.seat_bots_size();
  std::vector<uint64_t> hands(deal.hands().begin(), deal.hands().end());
  for (const pb::PassRecord& pass : deal.passes()) {
    for (int card : pass.cards()) {
      hands[pass.seat()] &= ~(uint64_t{1} << card);
      hands[(pass.seat() + deal.pass_plan().offset()) % n] |= uint64_t{1} << card;
    }
  }
  for (int s = 0; s < n; ++s) {
    uint64_t shown = 0;
    for (int card : view["deals"][0]["after_pass"][s]) shown |= uint64_t{1} << card;
    EXPECT_EQ(shown, hands[s]) << "seat " << s;
  }
  // Tricks: one per 4 cards, each winner as recorded.
  const Json& tricks = view["deals"][0]["tricks"];
  ASSERT_EQ(tricks.size(), static_cast<size_t>(deal.trick_winners_size()));
  for (int t = 0; t < deal.trick_winners_size(); ++t) {
    EXPECT_EQ(tricks[t][0], t * n);
    EXPECT_EQ(tricks[t][2], deal.trick_winners(t));
  }
}

TEST_F(ReportDataTest, AResumedTournamentsReportStartsWithTheGamesAlreadyPlayed) {
  const fs::path out = tournament();  // every game played, no report
  ASSERT_FALSE(fs::exists(out / "report"));
  const fs::path again = tournament("--report");  // resumes: nothing left to play
  const Json index = script_data(again / "report" / "data" / "index.js");
  const Json results = read_json(again / "results.json");
  EXPECT_EQ(index["results"], results);
  EXPECT_EQ(index["games"], results["games"]);
  EXPECT_EQ(script_data(again / "report" / "data" / "games.js")["number"].size(),
            results["games"].get<size_t>());
  EXPECT_TRUE(fs::exists(again / "report" / arena::report_game_path(results["games"])));
}

TEST_F(ReportDataTest, ShardsMergeIntoOneReportRatedAsArenaRateRatesThem) {
  const fs::path out = dir_ / "s";
  std::string files;
  for (const char* shard : {"1/2", "2/2"}) {
    const auto run = arena_test::run_arena(
        "tournament --bots random,lowest,ducker --games 1 --seed 11 --quiet --bootstrap 200 "
        "--shard " +
        std::string(shard) + " --out " + out.string());
    ASSERT_EQ(run.exit_code, 0) << run.out;
  }
  files = (out / "records-shard-1-of-2.rec").string() + " " +
          (out / "records-shard-2-of-2.rec").string();
  const auto rate = arena_test::run_arena_split("rate --bootstrap 200 --json " + files);
  ASSERT_EQ(rate.exit_code, 0) << rate.err;
  const auto report =
      arena_test::run_arena("report --bootstrap 200 " + files + " --out " + (dir_ / "r").string());
  ASSERT_EQ(report.exit_code, 0) << report.out;
  Json shown = script_data(dir_ / "r" / "data" / "index.js")["results"];
  Json rated = Json::parse(rate.out);
  shown.erase("timing");
  rated.erase("timing");
  EXPECT_EQ(shown, rated);
  // The game list is in schedule order although the shards interleave.
  const Json numbers = script_data(dir_ / "r" / "data" / "games.js")["number"];
  for (size_t g = 0; g < numbers.size(); ++g) EXPECT_EQ(numbers[g], g + 1);
}

TEST_F(ReportDataTest, ATornRecordsFileGivesTheReportOfItsCompleteGames) {
  const fs::path out = tournament();
  const fs::path records = out / "records.rec";
  arena::RecordsFile whole;
  std::string error;
  ASSERT_TRUE(arena::read_records(records.string(), &whole, &error)) << error;
  fs::resize_file(records, fs::file_size(records) - 10);  // a run killed mid-write
  const auto run = arena_test::run_arena("report " + records.string() + " --out " +
                                         (dir_ / "r").string() + " --bootstrap 0");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("warning: records file"), std::string::npos) << run.out;
  EXPECT_EQ(script_data(dir_ / "r" / "data" / "index.js")["games"], whole.games.size() - 1);
  EXPECT_FALSE(fs::exists(dir_ / "r" / arena::report_game_path(whole.games.size())));
}

TEST_F(ReportDataTest, ALiveReportRewritesItsIndexAsGamesFinishAndEndsNotLive) {
  const fs::path out = tournament();
  arena::RecordsFile records;
  std::string error;
  ASSERT_TRUE(arena::read_records((out / "records.rec").string(), &records, &error)) << error;
  const fs::path live_dir = dir_ / "live";
  arena::LiveReport live(live_dir.string(), /*seconds=*/0.0);  // every game rewrites the index
  live.start(records.header);
  for (size_t g = 0; g < records.games.size(); ++g) {
    live.add_game(records.games[g]);
    const Json index = script_data(live_dir / "data" / "index.js");
    ASSERT_TRUE(index["live"].get<bool>());
    ASSERT_EQ(index["games"], g + 1);
    ASSERT_EQ(script_data(live_dir / "data" / "games.js")["number"].size(), g + 1);
  }
  arena::ReportOptions options;
  options.results_path = (out / "results.json").string();
  ASSERT_TRUE(live.finish(options, &error)) << error;
  const Json index = script_data(live_dir / "data" / "index.js");
  EXPECT_FALSE(index["live"].get<bool>());
  EXPECT_EQ(index["results"], read_json(out / "results.json"));
  // Files are replaced by renaming a temporary file: none may be left behind.
  for (const auto& entry : fs::recursive_directory_iterator(live_dir)) {
    EXPECT_EQ(entry.path().string().find(".tmp-"), std::string::npos) << entry.path();
  }
}

TEST_F(ReportDataTest, PlayReportHoldsEveryGameOfItsRecords) {
  const fs::path records_path = dir_ / "play.rec";
  const auto run = arena_test::run_arena(
      "play --bots random,lowest,ducker,random --games 3 "
      "--seed 5 --quiet --out " +
      records_path.string() + " --report " + (dir_ / "p").string());
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("report: "), std::string::npos) << run.out;
  arena::RecordsFile records;
  std::string error;
  ASSERT_TRUE(arena::read_records(records_path.string(), &records, &error)) << error;
  ASSERT_EQ(records.games.size(), 3u);
  for (const pb::GameRecord& game : records.games) {
    pb::GameRecord back;
    ASSERT_TRUE(arena::record_from_view_json(
        script_data(dir_ / "p" / arena::report_game_path(game.game_index() + 1)), &back, &error))
        << error;
    EXPECT_TRUE(MessageDifferencer::Equals(back, game));
  }
  EXPECT_EQ(script_data(dir_ / "p" / "data" / "index.js")["games"], 3);
}

TEST_F(ReportDataTest, RefusesAFolderWithoutRecordsInOneLine) {
  fs::create_directories(dir_ / "empty");
  const auto run = arena_test::run_arena("report " + (dir_ / "empty").string() + " --out " +
                                         (dir_ / "r").string());
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.out.find("without records files"), std::string::npos) << run.out;
  EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << run.out;
}

TEST(ReportScript, EscapesTheEndOfAScriptInsideStrings) {
  const std::string script = arena::report_script("index", arena::Json{{"bot", "</script>"}});
  EXPECT_EQ(script.find("</"), std::string::npos) << script;
  EXPECT_EQ(script.rfind("BLA.index(", 0), 0u) << script;
}

}  // namespace
