// The report in a real browser: a tournament of bundled bots writes its report, and
// report_browser.py opens it from file:// in headless Chromium (Debian's chromium,
// chromium-driver and python3-selenium, which scripts/setup installs). It checks the leaderboard
// against results.json, steps a replay through a whole deal against the record, follows a deep
// link, and saves screenshots into the build folder (build/report-screenshots/). Skipped, with a
// line saying what is missing, only where there is no browser.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "records/records_io.h"
#include "support/run_arena.h"

namespace {

namespace fs = std::filesystem;

// A python3 that imports selenium: Debian's first (a pyenv or venv python on PATH may lack it).
std::string python_with_selenium() {
  for (const std::string python : {"/usr/bin/python3", "python3"}) {
    std::string out;
    if (arena_test::run_shell(python + " -c 'import selenium' 2>/dev/null", &out) == 0) {
      return python;
    }
  }
  return "";
}

TEST(ReportBrowserTest, LeaderboardReplayAndDeepLinkInHeadlessChromium) {
  const std::string python = python_with_selenium();
  for (const char* path : {"/usr/bin/chromium", "/usr/bin/chromedriver"}) {
    if (!fs::exists(path)) {
      GTEST_SKIP() << "no headless browser: " << path
                   << " is missing (scripts/setup installs chromium and chromium-driver)";
    }
  }
  if (python.empty()) {
    GTEST_SKIP() << "no headless browser: no python3 imports selenium (scripts/setup installs "
                    "python3-selenium)";
  }
  const fs::path dir =
      fs::temp_directory_path() / ("report_browser_test_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const auto run = arena_test::run_arena(
      "tournament --bots random,lowest,ducker --games 1 --seed 21 --quiet --bootstrap 200 "
      "--report --out " +
      dir.string());
  ASSERT_EQ(run.exit_code, 0) << run.out;

  // Game 2's record as protobuf's JSON, for the script to check the cards shown against.
  arena::RecordsFile records;
  std::string error;
  ASSERT_TRUE(arena::read_records((dir / "records.rec").string(), &records, &error)) << error;
  ASSERT_GE(records.games.size(), 2u);
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  std::string record;
  ASSERT_TRUE(google::protobuf::util::MessageToJsonString(records.games[1], &record, options).ok());
  std::ofstream(dir / "game2.json") << record;

  const fs::path screenshots = fs::path(HEARTS_BINARY_DIR) / "report-screenshots";
  std::string out;
  const int code = arena_test::run_shell(
      python + " " + HEARTS_SOURCE_DIR + "/tests/report/report_browser.py --report " +
          (dir / "report").string() + " --results " + (dir / "results.json").string() +
          " --record " + (dir / "game2.json").string() + " --game 2 --screenshots " +
          screenshots.string() + " 2>&1",
      &out);
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("OK leaderboard: 3 rows match results.json"), std::string::npos) << out;
  EXPECT_NE(out.find("OK replay: deal 1 stepped through its 52 cards"), std::string::npos) << out;
  EXPECT_NE(out.find("OK deep link"), std::string::npos) << out;
  EXPECT_NE(out.find("PASS"), std::string::npos) << out;
  EXPECT_TRUE(fs::exists(screenshots / "report-replay.png")) << out;
  std::cout << out;  // where the screenshots are, for people to look at
  fs::remove_all(dir);
}

}  // namespace
