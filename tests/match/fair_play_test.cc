// Fair play, tested adversarially: hostile bots (tests/plugins) try to learn hidden cards or
// change results, and each must learn nothing and change nothing. Every test here passed for
// the cheat before the arena keyed its seeds and handed bots copies (the hostile bot found the
// deal, read the live game, won with -1400 points, or read the kitty's value).
//
// Each bot logs what it learned to a file named by an environment variable; the tests play real
// games through the real arena binary (in-process, isolated and remote over `arena serve`) and
// read those logs and the records. Isolated bots get no address-space limit (--bot-memory-mb 0):
// under AddressSanitizer a limited child cannot map its shadow memory.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "hearts/card_set.h"
#include "hearts/observation.h"
#include "hearts/rng.h"
#include "players/bot_specs.h"
#include "records/records_io.h"
#include "support/run_arena.h"

namespace {

namespace fs = std::filesystem;

const std::string kPlugins = std::string(" --plugin-dir ") + HEARTS_TEST_PLUGIN_DIR + " ";

// A fresh folder per test for logs, records and sockets.
class FairPlay : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fair_play_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  static std::vector<std::string> lines(const std::string& file) {
    std::ifstream in(file);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }

  fs::path dir_;
};

// Every line of the seed thief's log says it found nothing, and there is one per game it played.
void expect_no_deal_found(const std::vector<std::string>& log, size_t games) {
  EXPECT_GE(log.size(), games) << "the thief did not log every game it played";
  for (const std::string& line : log) {
    EXPECT_NE(line.find(" not-found"), std::string::npos) << "it recomputed the deal: " << line;
  }
}

TEST_F(FairPlay, SeedThiefInProcessCannotRecomputeTheDeal) {
  const arena_test::RunResult run = arena_test::run_arena(
      "play" + kPlugins + "--bots trusted:seedthief,random,lowest,ducker --games 4 --seed 5",
      "HEARTS_THIEF_LOG=" + path("thief.log"));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  expect_no_deal_found(lines(path("thief.log")), 4);
}

TEST_F(FairPlay, SeedThiefIsolatedCannotRecomputeTheDeal) {
  const arena_test::RunResult run =
      arena_test::run_arena("play" + kPlugins +
                                "--bot-memory-mb 0 --sandbox off --bots "
                                "isolated:seedthief,random,lowest,ducker --games 3 "
                                "--seed 9",
                            "HEARTS_THIEF_LOG=" + path("thief.log"));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  expect_no_deal_found(lines(path("thief.log")), 3);
}

// The control for the tests above: the thief is no straw man. Loaded for real and given a decision
// seed one SplitMix64 step from the game seed (a referee whose seat key was the game seed), it
// runs the step backwards, deals the game again and logs every hand.
TEST_F(FairPlay, SeedThiefFindsTheDealWhenADecisionSeedLeadsBackToTheGameSeed) {
  const uint64_t game_seed = 0x5EED2026;
  std::string error;
  auto rules = hearts::compile(*hearts::preset_rules("standard"), &error);
  ASSERT_TRUE(rules.has_value()) << error;
  hearts::Game game(*rules, game_seed);
  game.deal_from_seed();
  const std::string log = path("thief.log");
  ASSERT_EQ(::setenv("HEARTS_THIEF_LOG", log.c_str(), 1), 0);
  auto source = arena::resolve_bot_spec("seedthief", {HEARTS_TEST_PLUGIN_DIR}, &error);
  ASSERT_NE(source, nullptr) << error;
  hearts::BotConfig config;
  config.seat = game.to_act();
  config.num_players = 4;
  config.rules = &*rules;
  auto thief = source->create(config, &error);
  ASSERT_NE(thief, nullptr) << error;
  hearts::Observation obs = hearts::observe(game, config.seat);
  uint64_t state = game_seed + 3 * 0x9E3779B97F4A7C15ull;  // the game's fourth decision
  obs.random_seed = hearts::splitmix64(state);
  hearts::Decision decision{};
  EXPECT_EQ(thief->decide(obs, &decision).status, arena::CallStatus::kOk);
  ::unsetenv("HEARTS_THIEF_LOG");
  const std::vector<std::string> logged = lines(log);
  ASSERT_EQ(logged.size(), 1u);
  std::ostringstream expected;
  expected << "0 " << config.seat << " found" << std::hex;
  for (int s = 0; s < 4; ++s) expected << " " << game.dealt_hand(s).bits();
  EXPECT_EQ(logged[0], expected.str());
}

// The thief hosted by `arena serve` and played over gRPC: it sees the remote bot's seeds and game
// ids (which carry its BotConfig seed), and still finds nothing.
TEST_F(FairPlay, SeedThiefRemoteCannotRecomputeTheDeal) {
  const std::string socket = path("thief.sock");
  std::string out;
  const std::string arena = ARENA_BINARY;
  const int status = arena_test::run_shell(
      "HEARTS_THIEF_LOG=" + path("thief.log") + " " + arena + " serve --bot seedthief" + kPlugins +
          "--listen unix:" + socket + " >/dev/null 2>&1 & serve=$!; " + arena +
          " play --bots unix:" + socket +
          ",random,lowest,ducker --games 3 --seed 11 2>&1; status=$?; kill $serve; wait $serve; "
          "exit $status",
      &out);
  ASSERT_EQ(status, 0) << out;
  expect_no_deal_found(lines(path("thief.log")), 3);
}

TEST_F(FairPlay, PeekerCannotFollowPointersIntoTheLiveGame) {
  const arena_test::RunResult run = arena_test::run_arena(
      "play" + kPlugins + "--bots trusted:peeker,random,lowest,ducker --games 2 --seed 5",
      "HEARTS_PEEK_LOG=" + path("peek.log"));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const std::vector<std::string> log = lines(path("peek.log"));
  ASSERT_GT(log.size(), 20u) << "the peeker logs every decision";
  for (const std::string& line : log) {
    ASSERT_NE(line, "probe-broken") << "process_vm_readv is refused here: the probe proves nothing";
    EXPECT_NE(line.find(" not-found"), std::string::npos) << "it read the live game: " << line;
  }
}

// The scribbler writes through every const pointer it is given and plays cards it made "legal"
// in its copy. The records still verify (every score re-computed from the moves), its illegal
// cards are violations, and no score went below zero as its writes would have made them.
TEST_F(FairPlay, ScribblerWritesChangeNoResult) {
  const std::string records = path("scribble.rec");
  const arena_test::RunResult run = arena_test::run_arena(
      "play" + kPlugins +
          "--bots trusted:scribbler,lowest,lowest,lowest --games 2 --seed 5 --out " + records,
      "HEARTS_SCRIBBLE_LOG=" + path("scribble.log"));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  ASSERT_GT(lines(path("scribble.log")).size(), 20u) << "the scribbler wrote at every decision";

  const arena_test::RunResult verify = arena_test::run_arena("verify " + records);
  EXPECT_EQ(verify.exit_code, 0) << verify.out;

  arena::RecordsFile file;
  std::string error;
  ASSERT_TRUE(arena::read_records(records, &file, &error)) << error;
  ASSERT_EQ(file.games.size(), 2u);
  for (const auto& game : file.games) {
    int illegal = 0;
    for (const auto& v : game.violations()) {
      EXPECT_EQ(v.seat(), 0) << "only the scribbler misbehaved";
      illegal += v.kind() == hearts::proto::Violation::ILLEGAL_PLAY;
    }
    EXPECT_GT(illegal, 0) << "its illegal cards must be caught as violations";
    for (int score : game.final_scores()) EXPECT_GE(score, 0) << "standard scores never go down";
  }
}

// Five players with a kitty the winner of the first trick takes unseen: the spy's points_taken
// must not show the kitty's value before the deal ends, while the records show kitties that were
// worth points.
TEST_F(FairPlay, KittySpyCannotReadTheKittyFromPointsTaken) {
  const std::string records = path("kitty.rec");
  const arena_test::RunResult run = arena_test::run_arena(
      "play" + kPlugins +
          "--bots trusted:kittyspy,lowest,lowest,lowest,lowest --players 5 --set deck_adjust=kitty "
          "--set pass_schedule=left-right --games 2 --seed 5 --out " +
          records,
      "HEARTS_KITTY_LOG=" + path("kitty.log"));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const std::vector<std::string> log = lines(path("kitty.log"));
  ASSERT_GT(log.size(), 50u);
  for (const std::string& line : log) {
    std::istringstream fields(line);
    int game = 0, deal = 0, seat = 0, inferred = 0;
    fields >> game >> deal >> seat >> inferred;
    EXPECT_EQ(inferred, 0) << "the kitty's points leaked: " << line;
  }
  arena::RecordsFile file;
  std::string error;
  ASSERT_TRUE(arena::read_records(records, &file, &error)) << error;
  hearts::CardSet penalty_cards = hearts::CardSet::whole_suit(hearts::Suit::kHearts);
  penalty_cards.insert(hearts::kQueenOfSpades);
  int kitties_with_points = 0;
  for (const auto& game : file.games) {
    for (const auto& deal : game.deals()) {
      kitties_with_points += !(hearts::CardSet(deal.kitty()) & penalty_cards).empty();
    }
  }
  EXPECT_GT(kitties_with_points, 0) << "no kitty was worth points: the test proves nothing";
}

}  // namespace

namespace {

// The violation kinds of each game in a records file, by seat, in order.
std::vector<std::string> violation_kinds(const std::string& records) {
  arena::RecordsFile file;
  std::string error;
  EXPECT_TRUE(arena::read_records(records, &file, &error)) << error;
  std::vector<std::string> kinds;
  for (const auto& game : file.games) {
    for (const auto& v : game.violations()) {
      kinds.push_back(std::to_string(v.seat()) + " " +
                      hearts::proto::Violation::Kind_Name(v.kind()));
    }
  }
  return kinds;
}

// A card id that is no card is the same violation however the bot is reached: a BAD_PASS for a
// pass and an ILLEGAL_PLAY for a play (isolated and remote bots used to get MALFORMED).
TEST_F(FairPlay, InvalidCardIdsAreTheSameViolationOverEveryTransport) {
  const std::string arena = ARENA_BINARY;
  const std::string games = " --games 1 --seed 3 --set fixed_deals=2 --set end_score=0 --out ";
  const arena_test::RunResult in_process = arena_test::run_arena(
      "play" + kPlugins + "--bots trusted:badids,lowest,lowest,lowest" + games + path("a.rec"));
  ASSERT_EQ(in_process.exit_code, 0) << in_process.out;
  const arena_test::RunResult isolated = arena_test::run_arena(
      "play" + kPlugins + "--bot-memory-mb 0 --bots isolated:badids,lowest,lowest,lowest" + games +
      path("b.rec"));
  ASSERT_EQ(isolated.exit_code, 0) << isolated.out;
  std::string out;
  const std::string socket = path("badids.sock");
  const int status = arena_test::run_shell(
      arena + " serve --bot badids" + kPlugins + "--listen unix:" + socket +
          " >/dev/null 2>&1 & serve=$!; " + arena + " play --bots unix:" + socket +
          ",lowest,lowest,lowest" + games + path("c.rec") +
          " 2>&1; status=$?; kill $serve; wait $serve; exit $status",
      &out);
  ASSERT_EQ(status, 0) << out;

  const std::vector<std::string> expected = violation_kinds(path("a.rec"));
  ASSERT_FALSE(expected.empty());
  for (const std::string& kind : expected) {
    EXPECT_TRUE(kind == "0 BAD_PASS" || kind == "0 ILLEGAL_PLAY") << kind;
  }
  EXPECT_EQ(violation_kinds(path("b.rec")), expected) << "isolated";
  EXPECT_EQ(violation_kinds(path("c.rec")), expected) << "remote";
}

}  // namespace
