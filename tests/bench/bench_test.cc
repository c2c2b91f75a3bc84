// `arena bench`: the bench signature is the recorded one (so any change to the games shows), is
// the same from the library and the command line, and --quick --json reports every section.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "bench/bench.h"
#include "bench/bench_signature.h"
#include "support/run_arena.h"

namespace {

const std::vector<std::string> kSearchPath = {HEARTS_BUNDLED_PLUGIN_DIR};
const std::string kGoldenPath = std::string(HEARTS_SOURCE_DIR) + "/tests/golden/bench_signature";

std::string recorded_signature() {
  std::ifstream in(kGoldenPath);
  std::string hash;
  in >> hash;
  return hash;
}

TEST(BenchSignature, MatchesTheRecordedSignature) {
  arena::BenchSignature signature;
  std::string error;
  ASSERT_TRUE(arena::compute_bench_signature(kSearchPath, &signature, &error)) << error;
  EXPECT_EQ(signature.hash, recorded_signature())
      << "the bench signature changed. If the change is meant to alter games, write the new "
         "signature into tests/golden/bench_signature and say so in the commit message.";
  // Each of the eleven presets it was fixed with contributes whole games (presets added since
  // are not part of it: arena/bench/bench_signature.cc).
  EXPECT_EQ(signature.games, 8 * 11);
  EXPECT_GT(signature.plays, signature.deals * 20);
}

TEST(BenchSignature, IsReproducible) {
  arena::BenchSignature first, second;
  std::string error;
  ASSERT_TRUE(arena::compute_bench_signature(kSearchPath, &first, &error)) << error;
  ASSERT_TRUE(arena::compute_bench_signature(kSearchPath, &second, &error)) << error;
  EXPECT_EQ(first.hash, second.hash);
  EXPECT_EQ(first.plays, second.plays);
}

TEST(BenchSignature, CommandLinePrintsTheSameSignature) {
  const arena_test::RunResult r = arena_test::run_arena("bench --signature");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, recorded_signature() + "\n");
}

TEST(BenchSignature, AMissingBotIsAOneLineError) {
  arena::BenchSignature signature;
  std::string error;
  EXPECT_FALSE(arena::compute_bench_signature({"/nonexistent"}, &signature, &error));
  EXPECT_NE(error.find("random"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

double number_at(const google::protobuf::Struct& root, const std::string& a, const std::string& b,
                 const std::string& c = "") {
  const auto& level1 = root.fields().at(a).struct_value();
  const auto& value = level1.fields().at(b);
  if (c.empty()) return value.number_value();
  return value.struct_value().fields().at(c).number_value();
}

TEST(BenchCommand, QuickJsonReportsEverySection) {
  const arena_test::RunResult r = arena_test::run_arena("--log-level error bench --quick --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  google::protobuf::Struct root;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &root).ok()) << r.out;
  EXPECT_TRUE(root.fields().at("machine").struct_value().fields().at("quick").bool_value());
  for (const char* records : {"records_off", "records_on", "referee_floor"}) {
    EXPECT_GT(number_at(root, "engine", records, "deals"), 0) << records;
    EXPECT_GT(number_at(root, "engine", records, "deals_per_second"), 0) << records;
    // Four random bots: 13 plays and one pass decision per seat per passing deal.
    const double per_deal = number_at(root, "engine", records, "decisions") /
                            number_at(root, "engine", records, "deals");
    EXPECT_GE(per_deal, 52) << records;
    EXPECT_LE(per_deal, 56) << records;
  }
  for (const char* transport : {"in_process", "isolated", "remote_grpc", "bare_grpc_call"}) {
    EXPECT_GT(number_at(root, "transports", transport, "calls"), 0) << transport;
    EXPECT_LE(number_at(root, "transports", transport, "p50_us"),
              number_at(root, "transports", transport, "p99_us"))
        << transport;
  }
  EXPECT_GT(number_at(root, "transports", "remote_over_bare_mean"), 0);
  const double off_to_floor = number_at(root, "engine", "records_off_to_floor", "median");
  EXPECT_GT(off_to_floor, 0);
  EXPECT_LE(number_at(root, "engine", "records_off_to_floor", "low"), off_to_floor);
  EXPECT_GE(number_at(root, "engine", "records_off_to_floor", "high"), off_to_floor);
  // Issue 18's referee target and the floor's share of it, from the floor's own figure.
  EXPECT_EQ(number_at(root, "engine", "referee_target_deals_per_second"), 700'000);
  const double floor_speed = number_at(root, "engine", "referee_floor", "deals_per_second");
  EXPECT_NEAR(number_at(root, "engine", "referee_floor_to_target"), floor_speed / 700'000,
              1e-5 * floor_speed / 700'000);
  // The clock ceiling is what one read per decision leaves (no speed is asserted: CI is noisy;
  // the JSON keeps six significant digits).
  const double clock_ns = number_at(root, "engine", "clock_read_ns");
  EXPECT_GT(clock_ns, 0);
  const double decisions_per_deal = number_at(root, "engine", "records_off", "decisions") /
                                    number_at(root, "engine", "records_off", "deals");
  EXPECT_NEAR(number_at(root, "engine", "timed_referee_ceiling_deals_per_second"),
              1e9 / (clock_ns * decisions_per_deal), 1e-3 * 1e9 / (clock_ns * decisions_per_deal));
  EXPECT_EQ(number_at(root, "tournament", "games"), 8);
  EXPECT_GT(number_at(root, "tournament", "speedup"), 0);
  EXPECT_EQ(number_at(root, "tournament", "rounds"), 1);  // --quick: one round of each
  EXPECT_GT(number_at(root, "tournament", "lowest_round_speedup"), 0);
  EXPECT_LE(number_at(root, "tournament", "lowest_round_speedup"),
            number_at(root, "tournament", "speedup"));
  EXPECT_GE(number_at(root, "tournament", "highest_round_speedup"),
            number_at(root, "tournament", "speedup"));
  EXPECT_GT(number_at(root, "tournament", "independent_engines_speedup"), 0);
  // The paired tournament of four random bots, in-process and isolated.
  EXPECT_GT(number_at(root, "isolation", "in_process_games_per_second"), 0);
  EXPECT_GT(number_at(root, "isolation", "isolated_games_per_second"), 0);
  EXPECT_GT(number_at(root, "isolation", "isolated_over_in_process"), 0);
  EXPECT_GT(number_at(root, "transports", "isolated_over_in_process"), 0);
  // The ismcts search: a fixed 200 iterations per searched decision, at least 20 decisions.
  EXPECT_EQ(number_at(root, "search", "iterations_per_decision"), 200);
  EXPECT_GE(number_at(root, "search", "searched_decisions"), 20);
  EXPECT_GT(number_at(root, "search", "iterations_per_second"), 0);
  // montecarlo's playouts: every world of every searched decision, two or more candidates each.
  const double worlds = number_at(root, "montecarlo", "worlds");
  EXPECT_EQ(worlds, number_at(root, "montecarlo", "samples") *
                        number_at(root, "montecarlo", "searched_decisions"));
  EXPECT_GE(number_at(root, "montecarlo", "playouts"), 2 * worlds);
  EXPECT_GT(number_at(root, "montecarlo", "playouts_per_cpu_second"), 0);
  EXPECT_EQ(root.fields().at("signature").struct_value().fields().at("hash").string_value(),
            recorded_signature());
}

TEST(BenchCommand, PausesProbeReportsItsGapsAndTheBitPath) {
  // A short real probe: the machine decides how many gaps it sees, so only their consistency is
  // asserted. HEARTS_BIT_PATH=portable must turn the PDEP path off (the engine and the plugins
  // read it at load), and the machine section must say so.
  const arena_test::RunResult r = arena_test::run_arena(
      "--log-level error bench --pauses 0.2 --json", "HEARTS_BIT_PATH=portable");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  google::protobuf::Struct root;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &root).ok()) << r.out;
  EXPECT_EQ(root.fields().at("machine").struct_value().fields().at("bit_path").string_value(),
            "portable");
  EXPECT_EQ(root.fields().count("engine"), 0u);  // --pauses runs the probe only
  const auto& pauses = root.fields().at("pauses").struct_value().fields();
  EXPECT_DOUBLE_EQ(pauses.at("seconds").number_value(), 0.2);
  EXPECT_GE(pauses.at("threads").number_value(), 1);
  const auto& gaps = pauses.at("gaps").list_value().values();
  ASSERT_EQ(gaps.size(), 5u);
  double previous = 1e18;
  for (const auto& bucket : gaps) {
    const double count = bucket.struct_value().fields().at("gaps").number_value();
    EXPECT_LE(count, previous);  // a longer bucket never holds more gaps
    previous = count;
  }
  EXPECT_EQ(gaps[0].struct_value().fields().at("gaps").number_value(),
            pauses.at("gaps_of_1ms_or_more").number_value());
  EXPECT_LE(pauses.at("shared_by_another_thread").number_value(),
            pauses.at("gaps_of_1ms_or_more").number_value());
  // The longest gap is in the buckets it reaches (a loaded CI machine may stop a thread for long).
  const double longest = pauses.at("longest_us").number_value();
  for (const auto& bucket : gaps) {
    const auto& fields = bucket.struct_value().fields();
    EXPECT_EQ(fields.at("gaps").number_value() > 0,
              longest >= fields.at("at_least_us").number_value());
  }

  const arena_test::RunResult bad = arena_test::run_arena("bench --pauses 0");
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.out.find("--pauses"), std::string::npos) << bad.out;
}

TEST(BenchQuantile, NearestRank) {
  std::vector<double> values;
  for (int k = 100; k >= 1; --k) values.push_back(k);
  EXPECT_EQ(arena::quantile(values, 0.50), 50);
  EXPECT_EQ(arena::quantile(values, 0.99), 99);
  EXPECT_EQ(arena::quantile(values, 1.0), 100);
  EXPECT_EQ(arena::quantile(values, 0.0), 1);
  std::vector<double> empty;
  EXPECT_EQ(arena::quantile(empty, 0.5), 0);
}

}  // namespace
