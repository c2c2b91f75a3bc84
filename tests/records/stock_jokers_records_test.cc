// Records of Domino Hearts (a stock), booster nines and jokers, played by the arena binary with
// the bundled bots in process, isolated, and over gRPC through `arena serve`: each series
// verifies (`arena verify` and the library), replays, and round-trips through the records file;
// a record tampered with in a draw, the stock, a trick size or the last holder fails naming it;
// heuristic and montecarlo refuse these rules with one line that the records keep.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "records/records_io.h"
#include "records/verify.h"
#include "support/records_files.h"
#include "support/run_arena.h"
#include "support/serve_process.h"

namespace arena {
namespace {

using arena_test::read_or_die;
using arena_test::run_arena;
using arena_test::RunResult;
using arena_test::write_or_die;

std::string temp_file(const std::string& name) {
  return arena_test::temp_path("stock_jokers_test", name);
}

struct Series {
  const char* name;
  const char* args;
};

class StockNinesJokersSeries : public ::testing::TestWithParam<Series> {};

TEST_P(StockNinesJokersSeries, VerifiesReplaysAndRoundTrips) {
  const Series& series = GetParam();
  const std::string path = temp_file(std::string(series.name) + ".rec");
  ASSERT_NO_FATAL_FAILURE(arena_test::play_into(series.args, path));
  const RunResult r = run_arena("verify " + path);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  const RecordsFile file = read_or_die(path);
  std::string discrepancy;
  EXPECT_TRUE(verify_records(file, &discrepancy)) << discrepancy;
  for (const auto& game : file.games) EXPECT_EQ(game.violations_size(), 0) << series.name;
  // Written back and read again, every field survives and still verifies.
  const std::string copy = temp_file(std::string(series.name) + "_copy.rec");
  write_or_die(copy, file);
  const RecordsFile again = read_or_die(copy);
  ASSERT_EQ(again.games.size(), file.games.size());
  for (size_t g = 0; g < file.games.size(); ++g) {
    EXPECT_EQ(again.games[g].SerializeAsString(), file.games[g].SerializeAsString());
  }
  EXPECT_EQ(run_arena("verify " + copy).exit_code, 0);
  const RunResult replay = run_arena("replay " + path);
  EXPECT_EQ(replay.exit_code, 0) << replay.out;
  EXPECT_NE(replay.out.find("trick  1"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    Rules, StockNinesJokersSeries,
    ::testing::Values(
        Series{"domino", "--rules domino --bots random,lowest,ducker,random --games 4"},
        Series{"domino_3", "--rules domino --bots ducker,lowest,random --games 3"},
        Series{"domino_7", "--rules domino --players 7 --games 2"},
        Series{"domino_isolated",
               "--rules domino --bots isolated:random,isolated:ducker,lowest,random --games 2"},
        Series{"joker_hearts", "--rules joker-hearts --bots random,lowest,ducker,random --games 3"},
        Series{"jokers_isolated",
               "--rules joker-hearts --set joker_lead=called-suit "
               "--bots isolated:lowest,isolated:ducker,random,random --games 2"},
        Series{"nines",
               "--rules hearts1887 --set booster_nines=true --bots ducker,lowest,random "
               "--games 3"},
        Series{"nines_standard",
               "--set booster_nines=true --bots random,lowest,ducker,random "
               "--games 2"},
        Series{"zero_jokers",
               "--rules hearts1887 --set jokers=zero-clubs-diamonds --set deck_adjust=kitty "
               "--bots random,lowest,ducker,random --games 3"},
        Series{"zero_jokers_two_of_clubs",
               "--set jokers=zero-clubs-diamonds --bots ducker,lowest,random,random --games 2"},
        Series{"jokers_when_void",
               "--rules hearts1887 --set jokers=valueless --set joker_play=when-void "
               "--bots random,lowest,ducker --games 3"},
        Series{"jokers_next_card",
               "--rules hearts1887 --set jokers=valueless --set joker_lead=next-card "
               "--bots lowest,ducker,random,random --games 3"},
        Series{"jokers_called_suit",
               "--rules hearts1887 --set jokers=valueless --set joker_lead=called-suit "
               "--set joker_count=1 --bots lowest,ducker,random,random --games 3"},
        Series{"jokers_penalty",
               "--set jokers=valueless --set joker_points=5 --set deck_adjust=kitty "
               "--bots random,lowest,ducker,random --games 2"},
        Series{"jokers_hearts_trick",
               "--rules hearts1887 --set jokers=valueless --set joker_points=3 "
               "--set joker_scoring=hearts-trick --bots lowest,random,ducker --games 3"},
        Series{"jokers_nines",
               "--rules hearts1887 --set jokers=valueless --set booster_nines=true "
               "--set joker_lead=called-suit --bots random,ducker,lowest --games 2"}),
    [](const ::testing::TestParamInfo<Series>& info) { return std::string(info.param.name); });

// One domino series, recorded once for the checks below.
const RecordsFile& domino_records() {
  static const RecordsFile file = [] {
    const std::string path = temp_file("domino_checks.rec");
    arena_test::play_into("--rules domino --bots random,lowest,ducker,random --games 2 --seed 3",
                          path);
    return read_or_die(path);
  }();
  return file;
}

TEST(DominoRecords, KeepTheStockEachDrawTheTrickSizesAndTheLastHolder) {
  const RecordsFile& file = domino_records();
  ASSERT_FALSE(file.games.empty());
  int draws = 0;
  int last_holders = 0;
  for (const auto& game : file.games) {
    for (const auto& deal : game.deals()) {
      EXPECT_EQ(deal.stock_size(), 28);
      int drawn = 0;
      for (const auto& play : deal.plays()) drawn += play.drawn_size();
      draws += drawn;
      int in_tricks = 0;
      for (int size : deal.trick_sizes()) in_tricks += size;
      EXPECT_EQ(in_tricks, deal.plays_size());
      EXPECT_EQ(deal.trick_sizes_size(), deal.trick_winners_size());
      // Every card is played, or taken by the last holder.
      const int left_over = hearts::CardSet(deal.left_over()).size();
      EXPECT_EQ(deal.plays_size() + left_over, 52);
      last_holders += deal.has_last_holder();
      int hearts = 0;
      for (int points : deal.points_taken()) hearts += points;
      EXPECT_EQ(hearts, 13);
    }
  }
  EXPECT_GT(draws, 0);
  EXPECT_GT(last_holders, 0);
}

TEST(DominoRecords, ReplayShowsTheStockTheDrawsAndTheLastHolder) {
  const std::string path = temp_file("domino_replay.rec");
  write_or_die(path, domino_records());
  const RunResult r = run_arena("replay " + path);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("    stock   "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" from the stock"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("held cards last and took"), std::string::npos) << r.out;
}

// Writes `file` and runs verify on it: it must fail naming `what`.
void expect_refused(const RecordsFile& file, const std::string& name, const std::string& what) {
  const std::string path = temp_file(name + ".rec");
  write_or_die(path, file);
  const RunResult r = run_arena("verify " + path);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find(what), std::string::npos) << r.out;
}

TEST(DominoRecords, TamperedDrawsStockTrickSizesAndLastHolderFail) {
  RecordsFile drawn = domino_records();
  bool changed = false;
  for (auto& deal : *drawn.games[0].mutable_deals()) {
    for (auto& play : *deal.mutable_plays()) {
      if (!changed && play.drawn_size() > 0) {
        play.mutable_drawn()->RemoveLast();
        changed = true;
      }
    }
  }
  ASSERT_TRUE(changed);
  expect_refused(drawn, "tampered_drawn", "from the stock, but");

  RecordsFile stock = domino_records();
  auto* order = stock.games[0].mutable_deals(0)->mutable_stock();
  std::swap(*order->Mutable(0), *order->Mutable(order->size() - 1));
  expect_refused(stock, "tampered_stock", "game 1");

  RecordsFile sizes = domino_records();
  auto* deal = sizes.games[0].mutable_deals(0);
  deal->set_trick_sizes(0, deal->trick_sizes(0) + 1);
  expect_refused(sizes, "tampered_sizes", "trick size");

  RecordsFile holder = domino_records();
  auto* last = holder.games[0].mutable_deals(0);
  last->set_left_over(last->left_over() ^ 1);
  expect_refused(holder, "tampered_holder", "last_holder");
}

TEST(RefusingBots, HeuristicAndMontecarloSayWhyInOneLine) {
  for (const char* bot : {"heuristic", "montecarlo"}) {
    const std::string path = temp_file(std::string("refuse_") + bot + ".rec");
    ASSERT_NO_FATAL_FAILURE(arena_test::play_into(
        std::string("--rules domino --bots ") + bot + ",random,lowest,ducker --games 1", path));
    const RecordsFile file = read_or_die(path);
    ASSERT_EQ(file.games.size(), 1u);
    const auto& violations = file.games[0].violations();
    ASSERT_GT(violations.size(), 0) << bot;
    EXPECT_EQ(violations[0].kind(), hearts::proto::Violation::EXCEPTION);
    EXPECT_NE(violations[0].detail().find(std::string(bot) +
                                          " plays only the 52-card game: no stock, booster "
                                          "nines or jokers"),
              std::string::npos)
        << violations[0].detail();
    EXPECT_EQ(violations[0].detail().find('\n'), std::string::npos);
    EXPECT_EQ(run_arena("verify " + path).exit_code, 0);
  }
}

TEST(ServedBots, PlayDominoAndCalledSuitJokersOverGrpc) {
  for (const std::string rules :
       {"--rules domino",
        "--rules hearts1887 --set jokers=valueless --set joker_lead=called-suit "
        "--set booster_nines=true",
        "--players 3 --set pass_schedule=left-right --set jokers=zero-clubs-diamonds "
        "--set joker_points=3"}) {
    // A server per rule set: a served game keeps the rules it began with, by game id.
    arena_test::ServeProcess serve({{"--bot", "ducker"}, {}, 0});
    ASSERT_GT(serve.port(), 0) << serve.first_line();
    const std::string path = temp_file("served.rec");
    ASSERT_NO_FATAL_FAILURE(arena_test::play_into(
        rules + " --bots grpc://" + serve.target() + ",random,lowest --games 2", path));
    const RecordsFile file = read_or_die(path);
    for (const auto& game : file.games) {
      for (const auto& v : game.violations()) ADD_FAILURE() << rules << ": " << v.detail();
    }
    EXPECT_EQ(run_arena("verify " + path).exit_code, 0);
    EXPECT_EQ(serve.stop(), 0);
  }
}

}  // namespace
}  // namespace arena
