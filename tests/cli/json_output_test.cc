// The JSON the arena writes, byte for byte against tests/golden/json/. Those files were written
// by the arena before its JSON moved to nlohmann-json (the hand-made writer of commit e228d2a),
// from the records file beside them; a difference here is a change in a machine-readable format
// that scripts depend on. Regenerate them only for a deliberate format change, and say so.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "support/run_arena.h"

namespace {

const std::string kGolden = std::string(HEARTS_SOURCE_DIR) + "/tests/golden/json/";

std::string golden(const std::string& name) {
  std::ifstream in(kGolden + name, std::ios::binary);
  EXPECT_TRUE(in) << "missing golden file " << kGolden + name;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void expect_prints(const std::string& args, const std::string& golden_name) {
  const arena_test::SplitRunResult run = arena_test::run_arena_split(args);
  ASSERT_EQ(run.exit_code, 0) << args << "\n" << run.err;
  EXPECT_EQ(run.out, golden(golden_name)) << "arena " << args << " differs from " << golden_name;
}

TEST(JsonOutput, RateMatchesTheGoldenResults) {
  // The same document as a tournament's results.json: standings, intervals, head to head, timing.
  expect_prints("rate " + kGolden + "tournament.rec --json", "rate.json");
}

TEST(JsonOutput, VerifyMatchesTheGolden) {
  expect_prints("verify " + kGolden + "tournament.rec --json", "verify.json");
}

TEST(JsonOutput, RulesListMatchesTheGolden) {
  expect_prints("rules --json", "rules.json");
}

TEST(JsonOutput, RulesShowMatchesTheGolden) {
  expect_prints("rules show omnibus --json", "rules_show_omnibus.json");
  expect_prints(
      "rules show standard --players 6 --set moon=new-moon --set pass_schedule=left-right "
      "--json",
      "rules_show_standard6.json");
}

}  // namespace
