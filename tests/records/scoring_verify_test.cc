// `arena verify` and `arena replay` on series played under the scoring variants of issue 17
// (Heartsette's widow at every player count, the Greek Hearts presets, the 1887 chips, Arnold's
// stakes, Complex Hearts, Royal Hearts, Gong Zhu): each verifies cleanly, and a Complex Hearts
// record whose imaginary score is changed fails, naming the field.
#include "records/verify.h"
#include "support/records_files.h"
#include "support/run_arena.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "records/records_io.h"

namespace arena {
namespace {

using arena_test::read_or_die;
using arena_test::run_arena;
using arena_test::RunResult;
using arena_test::write_or_die;

std::string temp_file(const std::string& name) {
  return arena_test::temp_path("scoring_verify_test", name);
}

struct Series {
  const char* name;
  const char* args;
  const char* replay_shows;  // a line the replay must print
};

class ScoringSeriesVerify : public ::testing::TestWithParam<Series> {};

TEST_P(ScoringSeriesVerify, VerifiesAndReplays) {
  const Series& series = GetParam();
  const std::string path = temp_file(std::string(series.name) + ".rec");
  const RunResult played = run_arena("play --quiet " + std::string(series.args) + " --out " + path);
  ASSERT_EQ(played.exit_code, 0) << series.args << "\n" << played.out;
  const RunResult r = run_arena("verify " + path);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("verified "), std::string::npos) << r.out;
  const RunResult replay = run_arena("replay " + path);
  EXPECT_EQ(replay.exit_code, 0) << replay.out;
  EXPECT_NE(replay.out.find(series.replay_shows), std::string::npos) << replay.out;
}

INSTANTIATE_TEST_SUITE_P(
    Rules, ScoringSeriesVerify,
    ::testing::Values(
        Series{"heartsette_3", "--rules heartsette --players 3 --games 3", "kitty"},
        Series{"heartsette_4", "--rules heartsette --games 4", "kitty"},
        Series{"heartsette_5", "--rules heartsette --players 5 --games 3", "kitty"},
        Series{"heartsette_6", "--rules heartsette --players 6 --games 3", "kitty"},
        Series{"greek_phillips", "--rules greek-phillips1939 --games 4", "counters"},
        Series{"greek_culbertson", "--rules greek-culbertson1950 --games 4", "scores after"},
        Series{"greek_maguire", "--rules greek-maguire1990 --games 4", "scores after"},
        Series{"greek_parlett", "--rules greek-parlett2008 --players 5 --games 3", "counters"},
        Series{"greek_every_deal",
               "--rules greek-culbertson1950 --set heart_lead_first_trick=every-deal --games 4",
               "scores after"},
        Series{"chips_1887", "--rules hearts1887 --games 6", "counters"},
        Series{"chips_1887_5", "--rules hearts1887 --players 5 --games 4", "counters"},
        Series{"stakes", "--rules standard --set settlement=stakes --games 6", "counters"},
        Series{"stakes_fixed", "--rules spot-hearts --set settlement=stakes --players 3 --games 4",
               "counters"},
        Series{"complex", "--rules complex --bots random,lowest,ducker,random --games 6",
               "imaginary"},
        Series{"danger", "--rules danger --bots random,lowest,ducker,random --games 4", "counters"},
        Series{"complex_6", "--rules complex --players 6 --games 3", "imaginary"},
        Series{"royal_hearts", "--rules royal-hearts --bots random,lowest,ducker,random --games 6",
               "scores after"},
        Series{"royal_hearts_5",
               "--rules royal-hearts --set pass_schedule=left-right --players 5 --games 3",
               "scores after"},
        Series{"gong_zhu", "--rules gong-zhu --bots random,lowest,ducker,random --games 3",
               "scores after"}),
    [](const ::testing::TestParamInfo<Series>& info) { return std::string(info.param.name); });

TEST(ScoringVerify, ChangedImaginaryScoreFails) {
  const std::string path = temp_file("complex_tamper.rec");
  const RunResult played = run_arena("play --quiet --rules complex --games 2 --out " + path);
  ASSERT_EQ(played.exit_code, 0) << played.out;
  RecordsFile file = read_or_die(path);
  ASSERT_FALSE(file.games.empty());
  ASSERT_GT(file.games[0].deals(0).deal_scores_imag_size(), 0);
  file.games[0].mutable_deals(0)->set_deal_scores_imag(0, 12345);
  write_or_die(path, file);
  const RunResult r = run_arena("verify " + path);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("deal_scores_imag"), std::string::npos) << r.out;
}

TEST(ScoringVerify, ImaginaryScoresUnderOtherRulesFail) {
  const std::string path = temp_file("standard_imag.rec");
  const RunResult played = run_arena("play --quiet --games 1 --out " + path);
  ASSERT_EQ(played.exit_code, 0) << played.out;
  RecordsFile file = read_or_die(path);
  file.games[0].add_final_scores_imag(5);
  write_or_die(path, file);
  const RunResult r = run_arena("verify " + path);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("final_scores_imag"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace arena
