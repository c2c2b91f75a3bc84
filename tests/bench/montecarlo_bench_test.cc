// montecarlo's playouts for `arena bench` (bench/montecarlo_bench.h): the count read from the
// bot's HEARTS_MC_DEBUG lines is candidates x worlds per searched decision, the real bot in real
// games finds every fixed world (so the count is the same on every machine and run), and the
// bench leaves the environment and stderr as it found them.
#include "bench/montecarlo_bench.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "players/bot_specs.h"

namespace arena {
namespace {

const std::vector<std::string> kSearchPath = {HEARTS_BUNDLED_PLUGIN_DIR};

TEST(MonteCarloBench, CountsCandidatesTimesWorldsPerSearch) {
  PlayoutBench out;
  // Two searches (3 candidates x 20 worlds, 2 x 5), a stray line between them.
  count_playouts(
      "QS 1.250\n2H -0.500\nAC 3.000\nworlds 20\n"
      "arena: something else\n"
      "10D 0.000\nJD 0.100\nworlds 5\n",
      &out);
  EXPECT_EQ(out.searched_decisions, 2);
  EXPECT_EQ(out.worlds, 25);
  EXPECT_EQ(out.playouts, 3 * 20 + 2 * 5);
  // A stray line inside a search's lines breaks it: the candidates before it are not counted.
  PlayoutBench broken;
  count_playouts("QS 1.0\nwarning from elsewhere\n2H 0.5\nworlds 4\n", &broken);
  EXPECT_EQ(broken.playouts, 4);
}

TEST(MonteCarloBench, RealGamesGiveTheSameCountEveryRun) {
  std::string error;
  auto montecarlo = resolve_bot_spec("montecarlo", kSearchPath, &error);
  ASSERT_TRUE(montecarlo) << error;
  const hearts::CompiledRules rules = *hearts::compile(*hearts::preset_rules("standard"));
  ::unsetenv("HEARTS_MC_SAMPLES");
  PlayoutBench first, second;
  constexpr int kSamples = 2;
  ASSERT_TRUE(bench_montecarlo(*montecarlo, rules, kSamples, 1, &first, &error)) << error;
  ASSERT_TRUE(bench_montecarlo(*montecarlo, rules, kSamples, 1, &second, &error)) << error;
  EXPECT_EQ(first.games, 1);
  EXPECT_GT(first.deals, 0);
  // Every searched decision found all its worlds and rolled out at least two candidates.
  EXPECT_GT(first.searched_decisions, first.deals * 4);  // several searches a deal
  EXPECT_EQ(first.worlds, first.searched_decisions * kSamples);
  EXPECT_GE(first.playouts, 2 * first.worlds);
  EXPECT_LE(first.playouts, 13 * first.worlds);
  EXPECT_EQ(second.playouts, first.playouts);
  EXPECT_EQ(second.searched_decisions, first.searched_decisions);
  EXPECT_GT(first.cpu_seconds, 0);
  // The environment is put back.
  EXPECT_EQ(std::getenv("HEARTS_MC_SAMPLES"), nullptr);
  EXPECT_EQ(std::getenv("HEARTS_MC_DEBUG"), nullptr);
}

TEST(MonteCarloBench, ABotThatDoesNotSearchIsAnError) {
  std::string error;
  auto random = resolve_bot_spec("random", kSearchPath, &error);
  ASSERT_TRUE(random) << error;
  const hearts::CompiledRules rules = *hearts::compile(*hearts::preset_rules("standard"));
  PlayoutBench out;
  EXPECT_FALSE(bench_montecarlo(*random, rules, 2, 1, &out, &error));
  EXPECT_EQ(error,
            "montecarlo bench: bot 'random' printed no search (HEARTS_MC_DEBUG): not montecarlo, "
            "or not in this process");
}

}  // namespace
}  // namespace arena
