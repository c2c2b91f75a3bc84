// Forged tournament records against `arena verify`, `arena rate` and a resumed `arena
// tournament`: a real tournament of the bundled bots, one field that decides a result edited
// through the protobuf API, the file written back. Each of the three refuses it with one line
// naming the file, the game and the reason (verify with exit 1, rate and resume with exit 2, as
// for other bad input), and the resume leaves the file as it was. Honest records (forfeits from
// misbehaving bots in tests/plugins, shards, a resumed tournament) verify, rate and resume.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "records/records_io.h"
#include "support/records_files.h"
#include "support/run_arena.h"
#include "support/test_temp.h"

namespace {

using arena_test::read_or_die;
using arena_test::write_or_die;

namespace fs = std::filesystem;
using arena::RecordsFile;
using arena_test::SplitRunResult;
using hearts::proto::GameRecord;

// 5 bots at 4 seats: 5 tables x 1 group x 4 rotations = 20 games.
const std::string kTournament =
    "tournament --bots random,lowest,ducker,random,lowest --games 1 --seed 5 --bootstrap 20 "
    "--quiet";

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("schedule: ", 0) != 0) out.push_back(line);  // the informational summary
  }
  return out;
}

std::string dir_for(const std::string& name) {
  return arena_test::test_temp_path("forged_tournament_test", name);
}

// The referee's ranks for points settlement: forfeiting seats last, the rest by lowest score.
void rank_as_referee(GameRecord* game) {
  const int n = game->final_scores_size();
  std::vector<bool> out(n, false);
  for (int seat : game->forfeited()) out[seat] = true;
  game->clear_ranks();
  for (int s = 0; s < n; ++s) {
    int better = 0;
    for (int t = 0; t < n; ++t) better += !out[t] && game->final_scores(t) < game->final_scores(s);
    game->add_ranks(out[s] ? n - game->forfeited_size() + 1 : 1 + better);
  }
}

// The game of `file` at `table` and `rotation`.
const GameRecord& game_at(const RecordsFile& file, uint32_t table, uint32_t rotation) {
  for (const GameRecord& game : file.games) {
    if (game.table() == table && game.rotation() == rotation) return game;
  }
  ADD_FAILURE() << "no game at table " << table << " rotation " << rotation;
  return file.games[0];
}

struct Forgery {
  const char* name;
  std::function<void(RecordsFile*)> edit;
  std::string reason;  // what the one line says, after the file name
};

void PrintTo(const Forgery& forgery, std::ostream* out) {
  *out << forgery.name;
}

void rerank_by_forfeit(RecordsFile* file) {
  GameRecord& game = file->games[0];
  const int winner = static_cast<int>(std::find(game.ranks().begin(), game.ranks().end(), 1) -
                                      game.ranks().begin());
  game.add_forfeited(winner);
  rank_as_referee(&game);
}

void drop_final_deal_as_forfeit(RecordsFile* file) {
  GameRecord& game = file->games[6];
  game.mutable_deals()->RemoveLast();
  const auto& kept = game.deals(game.deals_size() - 1);
  *game.mutable_final_scores() = kept.scores_after();
  *game.mutable_final_counters() = kept.counters_after();
  game.add_forfeited(0);
  rank_as_referee(&game);
}

// Game 11 (table 2, rotation 2) recorded as table 2's rotation 3, with that seating.
void move_to_another_rotation(RecordsFile* file) {
  GameRecord& game = file->games[10];
  ASSERT_EQ(game.rotation(), 2u);
  *game.mutable_seat_bots() = game_at(*file, 2, 3).seat_bots();
  game.set_rotation(3);
}

// Game 12 (table 2, rotation 3) recorded as table 3's rotation 3, with its seating, seed, group.
void move_to_another_table(RecordsFile* file) {
  GameRecord& game = file->games[11];
  ASSERT_EQ(game.table(), 2u);
  const GameRecord& there = game_at(*file, 3, 3);
  *game.mutable_seat_bots() = there.seat_bots();
  game.set_seed(there.seed());
  game.set_group_key(there.group_key());
  game.set_table(3);
}

const Forgery kForgeries[] = {
    {"ReRankedByForfeit", rerank_by_forfeit,
     "game 1: forfeited: [%] recorded, but the header's forfeit_after is 0"},
    {"SwappedSeatBots", [](RecordsFile* f) { f->games[1].mutable_seat_bots()->SwapElements(0, 1); },
     "game 2: seat_bots: expected"},
    {"SeatBotOutOfRange", [](RecordsFile* f) { f->games[2].set_seat_bots(3, 5); },
     "game 3: seat_bots [%] refers to a bot the header does not list (5 bots)"},
    {"DuplicatedGameIndex", [](RecordsFile* f) { f->games[4] = f->games[3]; },
     "game 4: appears twice in the file"},
    {"MissingGameIndex", [](RecordsFile* f) { f->games.erase(f->games.begin() + 5); },
     "game 6: missing from the file (game 7 follows game 5)"},
    {"DroppedFinalDealMarkedForfeit", drop_final_deal_as_forfeit,
     "game 7: forfeited: [0] recorded, but the header's forfeit_after is 0"},
    {"EditedFinalScores",
     [](RecordsFile* f) {
       f->games[7].set_final_scores(1, f->games[7].final_scores(1) - 40);
       rank_as_referee(&f->games[7]);
     },
     "game 8: final_scores: expected"},
    {"EditedRanks",
     [](RecordsFile* f) {
       GameRecord& game = f->games[8];
       for (int s = 0; s < 4; ++s) game.set_ranks(s, 5 - game.ranks(s));
     },
     "game 9: ranks: expected"},
    {"EditedDealScores",
     [](RecordsFile* f) {
       auto* deal = f->games[9].mutable_deals(1);
       deal->set_deal_scores(2, deal->deal_scores(2) + 13);
     },
     "game 10, deal 2: deal_scores: expected"},
    {"MovedToAnotherRotation", move_to_another_rotation,
     "game 11: table and rotation: expected 2 and 2, recorded 2 and 3"},
    {"MovedToAnotherTable", move_to_another_table,
     "game 12: table and rotation: expected 2 and 3, recorded 3 and 3"},
};

class ForgedTournament : public ::testing::TestWithParam<Forgery> {
 protected:
  // One honest tournament per test process, copied by each test before it forges.
  static void SetUpTestSuite() {
    fs::remove_all(dir_for(""));
    const SplitRunResult r = arena_test::run_arena_split(kTournament + " --out " + dir_for("base"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  static void TearDownTestSuite() { fs::remove_all(dir_for("")); }
};

// The forgery's reason with '%' replaced by what the edit chose (a seat, a list of bots).
std::string expected_reason(const Forgery& forgery, const RecordsFile& forged) {
  std::string reason = forgery.reason;
  const size_t at = reason.find('%');
  if (at == std::string::npos) return reason;
  std::string fill;
  if (forged.games[0].forfeited_size() > 0 && std::string(forgery.name) == "ReRankedByForfeit") {
    fill = std::to_string(forged.games[0].forfeited(0));
  } else {
    for (int bot : forged.games[2].seat_bots())
      fill += (fill.empty() ? "" : ", ") + std::to_string(bot);
  }
  return reason.replace(at, 1, fill);
}

TEST_P(ForgedTournament, VerifyRateAndResumeRefuseIt) {
  const Forgery& forgery = GetParam();
  const std::string out = dir_for(forgery.name);
  fs::create_directories(out);
  const std::string path = out + "/records.rec";
  RecordsFile file = read_or_die(dir_for("base") + "/records.rec");
  ASSERT_EQ(file.games.size(), 20u);
  forgery.edit(&file);
  ASSERT_NO_FATAL_FAILURE(write_or_die(path, file));
  const std::string reason = expected_reason(forgery, file);
  const std::string forged_bytes = read_text(path);

  const SplitRunResult verify = arena_test::run_arena_split("verify " + path);
  EXPECT_EQ(verify.exit_code, 1) << verify.out << verify.err;
  EXPECT_EQ(verify.out.rfind(path + ": " + reason, 0), 0u) << verify.out;
  EXPECT_EQ(lines(verify.out).size(), 1u) << verify.out;

  const SplitRunResult rate = arena_test::run_arena_split("rate " + path + " --bootstrap 20");
  EXPECT_EQ(rate.exit_code, 2) << rate.out << rate.err;
  EXPECT_EQ(rate.err.rfind("arena: " + path + ": " + reason, 0), 0u) << rate.err;
  EXPECT_EQ(lines(rate.err).size(), 1u) << rate.err;
  EXPECT_TRUE(rate.out.empty()) << "no standings from a forged file: " << rate.out;

  const SplitRunResult resume = arena_test::run_arena_split(kTournament + " --out " + out);
  EXPECT_EQ(resume.exit_code, 2) << resume.out << resume.err;
  const std::vector<std::string> error = lines(resume.err);
  ASSERT_EQ(error.size(), 1u) << resume.err;
  EXPECT_EQ(error[0].rfind("arena: records file " + path + ": " + reason, 0), 0u) << error[0];
  EXPECT_NE(error[0].find("the tournament cannot resume in it"), std::string::npos) << error[0];
  EXPECT_TRUE(resume.out.empty()) << resume.out;
  EXPECT_EQ(read_text(path), forged_bytes) << "the forged file is left as it was";

  // --no-verify is for files one trusts: it rates whatever the file says.
  if (std::string(forgery.name) == "EditedRanks") {
    const SplitRunResult trusted =
        arena_test::run_arena_split("rate " + path + " --bootstrap 20 --no-verify");
    EXPECT_EQ(trusted.exit_code, 0) << trusted.err;
    EXPECT_EQ(trusted.err.find("verified"), std::string::npos) << trusted.err;
  }
}

INSTANTIATE_TEST_SUITE_P(Forgeries, ForgedTournament, ::testing::ValuesIn(kForgeries),
                         [](const ::testing::TestParamInfo<Forgery>& info) {
                           return std::string(info.param.name);
                         });

// Records without what is measured (think times) and the command line.
RecordsFile without_timing(RecordsFile file) {
  file.header.clear_command();
  for (auto& game : file.games) {
    game.clear_think_us_total();
    for (auto& deal : *game.mutable_deals()) {
      for (auto& play : *deal.mutable_plays()) play.clear_think_us();
      for (auto& pass : *deal.mutable_passes()) pass.clear_think_us();
    }
  }
  return file;
}

void expect_same_games(const RecordsFile& a, const RecordsFile& b, const std::string& what) {
  ASSERT_EQ(a.games.size(), b.games.size()) << what;
  for (size_t g = 0; g < a.games.size(); ++g) {
    EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(a.games[g], b.games[g]))
        << what << ": game " << g;
  }
}

google::protobuf::Struct results_without_timing(const std::string& text) {
  google::protobuf::Struct json;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(text, &json).ok()) << text;
  json.mutable_fields()->erase("timing");
  return json;
}

TEST(HonestTournament, ForfeitsShardsAndAResumeVerifyRateAndResume) {
  // Illegal, badpass and thrower (which throws at plays and at every deal's and game's end)
  // forfeit at their fourth violation: games stop at plays, passes and deal ends.
  ASSERT_EQ(setenv("HEARTS_THROWER_IN", "play,deal_end,game_end", 1), 0);
  const std::string args = std::string("tournament --bots illegal,badpass,thrower,random,lowest ") +
                           "--plugin-dir " + HEARTS_TEST_PLUGIN_DIR +
                           " --forfeit-after 4 --games 1 --seed 8 --bootstrap 20 --quiet";
  const std::string whole = dir_for("honest-whole");
  ASSERT_EQ(arena_test::run_arena_split(args + " --out " + whole).exit_code, 0);
  const RecordsFile records = read_or_die(whole + "/records.rec");
  int forfeits = 0;
  for (const GameRecord& game : records.games) forfeits += game.forfeited_size();
  EXPECT_GT(forfeits, 10);

  const SplitRunResult verify = arena_test::run_arena_split("verify " + whole + "/records.rec");
  EXPECT_EQ(verify.exit_code, 0) << verify.out;
  EXPECT_EQ(verify.out, "verified 20 games, 20 deals in 1 file\n");
  const SplitRunResult rate =
      arena_test::run_arena_split("rate " + whole + "/records.rec --bootstrap 20 --json");
  EXPECT_EQ(rate.exit_code, 0) << rate.err;
  EXPECT_EQ(rate.err, "verified 20 games, 20 deals in 1 file\n");
  EXPECT_EQ(rate.out, read_text(whole + "/results.json"));
  const SplitRunResult again = arena_test::run_arena_split(args + " --out " + whole);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("resuming: 20 of 20 games"), std::string::npos) << again.err;

  // Two shards, the first killed after 3 games with a torn fourth, then resumed.
  const std::string shards = dir_for("honest-shards");
  for (const char* shard : {"1/2", "2/2"}) {
    ASSERT_EQ(
        arena_test::run_arena_split(args + " --shard " + shard + " --out " + shards).exit_code, 0);
  }
  const std::string first = shards + "/records-shard-1-of-2.rec";
  const RecordsFile complete = read_or_die(first);
  RecordsFile killed = complete;
  killed.games.resize(3);
  ASSERT_NO_FATAL_FAILURE(write_or_die(first, killed));
  std::ofstream(first, std::ios::binary | std::ios::app)
      << arena::RecordsWriter::encode(complete.games[3]).substr(0, 40);
  const SplitRunResult resumed = arena_test::run_arena_split(args + " --shard 1/2 --out " + shards);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("resuming: 3 of 10 games"), std::string::npos) << resumed.err;
  expect_same_games(without_timing(complete), without_timing(read_or_die(first)), "resumed shard");

  const std::string both = first + " " + shards + "/records-shard-2-of-2.rec";
  const SplitRunResult verify_shards = arena_test::run_arena_split("verify " + both);
  EXPECT_EQ(verify_shards.out, "verified 20 games, 20 deals in 2 files\n");
  const SplitRunResult rate_shards =
      arena_test::run_arena_split("rate " + both + " --bootstrap 20 --json");
  ASSERT_EQ(rate_shards.exit_code, 0) << rate_shards.err;
  EXPECT_EQ(rate_shards.err, "verified 20 games, 20 deals in 2 files\n");
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(
      results_without_timing(rate_shards.out),
      results_without_timing(read_text(whole + "/results.json"))));
  if (!HasFailure()) fs::remove_all(dir_for(""));
}

TEST(HonestTournament, IsolatedBotsVerifyAndIsolationMayChangeOnResume) {
  // verify finds the schedule by the fingerprint, which leaves isolation out: an `isolated:`
  // prefix or --isolate changes no game, so the run resumes either way.
  const std::string out = dir_for("isolated");
  // No address-space limit: under AddressSanitizer a limited child cannot map its shadow memory.
  const std::string rest =
      " --games 1 --seed 6 --bootstrap 20 --quiet --bot-memory-mb 0 --out " + out;
  const SplitRunResult first =
      arena_test::run_arena_split("tournament --bots random,isolated:lowest,ducker" + rest);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const SplitRunResult verify = arena_test::run_arena_split("verify " + out + "/records.rec");
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
  EXPECT_EQ(verify.out.rfind("verified 12 games, ", 0), 0u) << verify.out;
  const SplitRunResult again = arena_test::run_arena_split(
      "tournament --bots isolated:random,lowest,ducker --isolate" + rest);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("resuming: 12 of 12 games"), std::string::npos) << again.err;
  if (!HasFailure()) fs::remove_all(out);
}

}  // namespace
