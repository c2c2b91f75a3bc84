// `arena verify` and `arena replay` on real records: series played by the arena binary with real
// plugins under many rule sets verify cleanly; a record tampered with in any one place (a play,
// a deal score, a final score, a trick winner) fails with exit 1 naming the game and deal.
#include "records/verify.h"
#include "support/records_files.h"
#include "support/run_arena.h"

#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "records/records_io.h"

namespace arena {
namespace {

using arena_test::read_or_die;
using arena_test::write_or_die;

using arena_test::run_arena;
using arena_test::RunResult;

std::string temp_file(const std::string& name) {
  return arena_test::temp_path("verify_test", name);
}

struct Series {
  const char* name;
  const char* args;
};

class PlayedSeriesVerify : public ::testing::TestWithParam<Series> {};

TEST_P(PlayedSeriesVerify, VerifiesCleanly) {
  const Series& series = GetParam();
  const std::string path = temp_file(std::string(series.name) + ".rec");
  ASSERT_NO_FATAL_FAILURE(arena_test::play_into(series.args, path));
  const RunResult r = run_arena("verify " + path);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("verified "), std::string::npos) << r.out;

  // The library agrees and counts the same.
  const RecordsFile file = read_or_die(path);
  std::string discrepancy;
  VerifyTotals totals;
  EXPECT_TRUE(verify_records(file, &discrepancy, &totals)) << discrepancy;
  EXPECT_EQ(totals.games, static_cast<int>(file.games.size()));
  int deals = 0;
  for (const auto& game : file.games) deals += game.deals_size();
  EXPECT_EQ(totals.deals, deals);
  EXPECT_NE(r.out.find(std::to_string(deals) + " deals"), std::string::npos) << r.out;

  // And the replay shows every game.
  const RunResult replay = run_arena("replay " + path);
  EXPECT_EQ(replay.exit_code, 0) << replay.out;
  EXPECT_NE(replay.out.find("trick  1"), std::string::npos);
  EXPECT_NE(replay.out.find("game " + std::to_string(file.games.size())), std::string::npos);
}

const std::string kPlugins = std::string("--plugin-dir ") + HEARTS_TEST_PLUGIN_DIR;

INSTANTIATE_TEST_SUITE_P(
    Rules, PlayedSeriesVerify,
    ::testing::Values(
        Series{"standard", "--rules standard --bots random,lowest,ducker,random --games 8"},
        Series{"black_maria_3", "--rules black-maria --players 3 --games 8"},
        Series{"omnibus", "--rules omnibus --bots ducker,random,lowest,random --games 8"},
        Series{"shuffle", "--rules morehead2001 --set pass_schedule=shuffle --games 8"},
        Series{"shooter_choice", "--set moon=shooter-choice --games 40 --seed 5"},
        Series{"dealers_choice", "--set pass_schedule=dealers-choice --games 8"},
        Series{"openspiel", "--rules openspiel --games 20"},
        Series{"star_5", "--rules morehead2001 --players 5 --set pass_schedule=star --games 3"},
        Series{"scatter", "--set pass_schedule=four-way-scatter --games 3"},
        Series{"kitty_6", "--rules morehead2001 --players 6 --set deck_adjust=kitty --games 3"},
        Series{"howell_5", "--rules foster1909 --players 5 --games 3"},
        Series{"sun",
               "--rules pink-lady --set sun=punishment --set sun_cleans_slate=true "
               "--set no_tricks_bonus=true --games 8"},
        // The rule-book options of issue 17.
        Series{"spot_ace_one",
               "--rules spot-hearts --set heart_values=face-value-ace-one --games 4"},
        Series{"eagle", "--rules spot-hearts --set heart_values=eagle --players 5 --games 4"},
        Series{"omnibus_jd_rule",
               "--rules omnibus --set bonus_card=JD --bots ducker,random,lowest,random --games 8"},
        Series{"any_bonus_card",
               "--rules omnibus --set bonus_card=QH --set bonus_card_points=7 --games 8"},
        Series{
            "moon_variants",
            "--set moon=shooter-choice --set new_moon_min_score=40 "
            "--set new_moon_score_holder=anyone --set sun=sun --set sun_ignores_first_trick=true "
            "--set moon_needs_sun=true --set moon_cannot_win=true "
            "--set penalty_breaks_hearts=true --bots ducker,ducker,ducker,lowest --games 20"},
        Series{"punishment_once",
               "--rules pink-lady --set sun=punishment --set punishment_unpassed=others-once "
               "--games 8"},
        // Partnership Hearts and Likha (docs/rules.md section 8).
        Series{"partnership_team",
               "--rules partnership-team --bots random,lowest,ducker,random --games 8"},
        Series{"partnership_team_6", "--rules partnership-team --players 6 --games 4"},
        Series{"partnership_individual",
               "--rules partnership-individual --bots random,lowest,ducker,random --games 8"},
        Series{"likha", "--rules likha --bots random,lowest,ducker,heuristic --games 8"},
        Series{"likha_6_any_held",
               "--rules likha --players 6 --set likha_when_any_held=true --games 4"}),
    [](const ::testing::TestParamInfo<Series>& info) { return std::string(info.param.name); });

TEST(VerifyRecords, ShooterChoiceSeriesHasMoonChoices) {
  // The shooter_choice series above must exercise the moon choice to mean anything.
  const std::string path = temp_file("moon_choices.rec");
  ASSERT_NO_FATAL_FAILURE(
      arena_test::play_into("--set moon=shooter-choice --games 40 --seed 5", path));
  int choices = 0;
  for (const auto& game : read_or_die(path).games) {
    for (const auto& deal : game.deals()) choices += deal.moon_choice_made();
  }
  EXPECT_GT(choices, 0);
  EXPECT_EQ(run_arena("verify " + path).exit_code, 0);
}

TEST(VerifyRecords, ForfeitedGamesVerifyUpToTheirLastDeal) {
  for (const char* extra : {"", "--set pass_schedule=dealers-choice", "--rules openspiel"}) {
    SCOPED_TRACE(extra);
    const std::string path = temp_file("forfeit.rec");
    ASSERT_NO_FATAL_FAILURE(arena_test::play_into("--bots illegal,random,badpass,random " +
                                                      kPlugins + " --forfeit-after 3 --games 6 " +
                                                      extra,
                                                  path));
    const RecordsFile file = read_or_die(path);
    int forfeits = 0;
    int cut_short = 0;
    for (const auto& game : file.games) {
      forfeits += game.forfeited_size();
      cut_short += game.deals(game.deals_size() - 1).deal_scores_size() == 0;
    }
    EXPECT_GT(forfeits, 0);
    EXPECT_GT(cut_short, 0);
    const RunResult r = run_arena("verify " + path);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    const RunResult replay = run_arena("replay " + path);
    EXPECT_EQ(replay.exit_code, 0) << replay.out;
    EXPECT_NE(replay.out.find("forfeited"), std::string::npos);
  }
}

// Tampering: each test changes one thing in a clean series and expects exit 1 naming where.
class VerifyTamper : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    clean_path_ = new std::string(temp_file("clean.rec"));
    arena_test::play_into("--bots random,lowest,ducker,random --games 4 --seed 11", *clean_path_);
  }
  static void TearDownTestSuite() { delete clean_path_; }

  // Writes the tampered file and runs verify on it.
  RunResult verify_tampered(const RecordsFile& file) {
    const std::string path = temp_file("tampered.rec");
    write_or_die(path, file);
    return run_arena("verify " + path);
  }

  RecordsFile clean() { return read_or_die(*clean_path_); }

  static std::string* clean_path_;
};
std::string* VerifyTamper::clean_path_ = nullptr;

TEST_F(VerifyTamper, CleanFileVerifies) {
  const RunResult r = run_arena("verify " + *clean_path_);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("verified 4 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("in 1 file"), std::string::npos) << r.out;
}

TEST_F(VerifyTamper, ChangedPlay) {
  RecordsFile file = clean();
  auto* deal = file.games[0].mutable_deals(0);
  // Play 11 (trick 3) becomes the card the next seat plays: a card its seat does not hold.
  deal->mutable_plays(10)->set_card(deal->plays(11).card());
  const RunResult r = verify_tampered(file);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 1, deal 1, trick 3:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one line: " << r.out;
}

TEST_F(VerifyTamper, ChangedDealScore) {
  RecordsFile file = clean();
  auto* deal = file.games[1].mutable_deals(1);
  deal->set_deal_scores(2, deal->deal_scores(2) + 1);
  const RunResult r = verify_tampered(file);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 2, deal 2: deal_scores: expected"), std::string::npos) << r.out;
}

TEST_F(VerifyTamper, ChangedFinalScore) {
  RecordsFile file = clean();
  auto& game = file.games[2];
  game.set_final_scores(0, game.final_scores(0) + 5);
  const RunResult r = verify_tampered(file);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 3: final_scores: expected"), std::string::npos) << r.out;
}

TEST_F(VerifyTamper, SwappedTrickWinner) {
  RecordsFile file = clean();
  auto* deal = file.games[0].mutable_deals(1);
  deal->set_trick_winners(3, (deal->trick_winners(3) + 1) % 4);
  const RunResult r = verify_tampered(file);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 1, deal 2, trick 4: winner: expected seat"), std::string::npos)
      << r.out;
}

TEST_F(VerifyTamper, SwappedPassOrder) {
  RecordsFile file = clean();
  auto* passes = file.games[3].mutable_deals(0)->mutable_passes();
  passes->SwapElements(0, 1);
  const RunResult r = verify_tampered(file);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 4, deal 1: seat to pass: expected seat"), std::string::npos) << r.out;
}

TEST_F(VerifyTamper, MissingLastDeal) {
  RecordsFile file = clean();
  file.games[1].mutable_deals()->RemoveLast();
  const RunResult r = verify_tampered(file);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 2: the game is not over"), std::string::npos) << r.out;
}

// The host pauses the referee excused: one per seat, never negative, in-process bots only.
TEST_F(VerifyTamper, HostPausesOfTheWrongSizeSignOrTransport) {
  RecordsFile file = clean();
  for (int s = 0; s < 4; ++s) file.games[1].add_host_pause_us(s == 2 ? 9'600 : 0);
  EXPECT_EQ(verify_tampered(file).exit_code, 0) << "a pause excused for an in-process bot";

  RecordsFile short_list = file;
  short_list.games[1].mutable_host_pause_us()->RemoveLast();
  RunResult r = verify_tampered(short_list);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 2: host_pause_us: 3 entries for 4 seats"), std::string::npos) << r.out;

  RecordsFile negative = file;
  negative.games[1].set_host_pause_us(0, -5);
  r = verify_tampered(negative);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 2: host_pause_us of seat 0: -5 us, a negative time"),
            std::string::npos)
      << r.out;

  RecordsFile remote = file;
  const int bot = remote.games[1].seat_bots(2);
  remote.header.mutable_bots(bot)->set_transport("grpc");
  r = verify_tampered(remote);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game 2: host_pause_us of seat 2 ('"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("9600 us excused, but only in-process bots are accounted (its transport "
                       "is 'grpc')"),
            std::string::npos)
      << r.out;
}

TEST_F(VerifyTamper, TamperedGameInLibrary) {
  RecordsFile file = clean();
  auto* deal = file.games[0].mutable_deals(0);
  deal->set_moon_shooter(2);
  std::string discrepancy;
  EXPECT_FALSE(verify_records(file, &discrepancy));
  EXPECT_EQ(discrepancy, "game 1, deal 1: moon_shooter: expected -1, recorded 2");
}

TEST_F(VerifyTamper, TornTailIsAWarningAndCompleteGamesVerify) {
  const std::string path = temp_file("torn.rec");
  std::filesystem::copy_file(*clean_path_, path, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 7);
  const RunResult r = run_arena("verify " + path);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("warning"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verified 3 games"), std::string::npos) << r.out;
}

TEST_F(VerifyTamper, SeveralFilesAndJson) {
  const RunResult r = run_arena("verify --json " + *clean_path_ + " " + *clean_path_);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  google::protobuf::Struct json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &json).ok()) << r.out;
  EXPECT_TRUE(json.fields().at("verified").bool_value());
  EXPECT_EQ(json.fields().at("files").number_value(), 2);
  EXPECT_EQ(json.fields().at("games").number_value(), 8);
}

TEST_F(VerifyTamper, JsonDiscrepancy) {
  RecordsFile file = clean();
  file.games[0].set_ranks(0, 9);
  const std::string path = temp_file("tampered_json.rec");
  write_or_die(path, file);
  const RunResult r = run_arena("verify --json " + path);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  google::protobuf::Struct json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &json).ok()) << r.out;
  EXPECT_FALSE(json.fields().at("verified").bool_value());
  EXPECT_NE(json.fields().at("discrepancy").string_value().find("game 1: ranks"),
            std::string::npos);
}

TEST_F(VerifyTamper, DamageInTheMiddleFailsWhereATornTailWarns) {
  // Game 2 of 4 cannot be parsed, and games 3 and 4 follow it: verify cannot vouch for them.
  const RecordsFile file = clean();
  std::string bytes;
  size_t second = 0;
  {
    const std::string path = temp_file("damaged.rec");
    std::string error;
    auto writer = RecordsWriter::create(path, file.header, &error);
    ASSERT_TRUE(writer) << error;
    for (size_t g = 0; g < file.games.size(); ++g) {
      if (g == 1) second = std::filesystem::file_size(path);
      ASSERT_TRUE(writer->append(file.games[g], &error)) << error;
    }
    writer.reset();
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  size_t body = second;
  while (static_cast<uint8_t>(bytes[body]) & 0x80) ++body;
  bytes[body + 1] = 0x07;  // field 0, wire type 7: unparseable
  const std::string damaged = temp_file("damaged.rec");
  std::ofstream(damaged, std::ios::binary | std::ios::trunc) << bytes;
  const RunResult r = run_arena("verify " + damaged);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("the file is damaged, not cut short) after 1 complete game;"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("verified"), std::string::npos) << r.out;

  // Cut inside the last game instead: a killed run's file, whose complete games verify.
  const std::string torn = temp_file("torn.rec");
  std::string clean_bytes;
  {
    std::ifstream in(*clean_path_, std::ios::binary);
    clean_bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::ofstream(torn, std::ios::binary | std::ios::trunc)
      << clean_bytes.substr(0, clean_bytes.size() - 10);
  const RunResult cut = run_arena("verify " + torn);
  EXPECT_EQ(cut.exit_code, 0) << cut.out;
  EXPECT_NE(cut.out.find("arena: warning: records file " + torn + ": a torn record"),
            std::string::npos)
      << cut.out;
  EXPECT_NE(cut.out.find("verified 3 games"), std::string::npos) << cut.out;
}

TEST(VerifyCli, MissingAndGarbageFilesAreOneLineErrors) {
  const std::string missing = temp_file("does_not_exist.rec");
  RunResult r = run_arena("verify " + missing);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(missing), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one line: " << r.out;

  const std::string garbage = temp_file("garbage.rec");
  std::ofstream(garbage) << "garbage, not records\n";
  r = run_arena("verify " + garbage);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(garbage), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one line: " << r.out;
}

TEST_F(VerifyTamper, ReplayOneGameAsText) {
  const RunResult r = run_arena("replay " + *clean_path_ + " --game 2");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("rules: standard (4 players)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("game 2 "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("game 1 "), std::string::npos) << r.out;
  for (const char* text :
       {"deal 1: dealer seat 3, pass left 3", "passes  seat 0:", "trick 13", "points taken",
        "deal scores", "scores after", "final scores", "ranks", "winner:"}) {
    EXPECT_NE(r.out.find(text), std::string::npos) << text;
  }
  const RunResult missing = run_arena("replay " + *clean_path_ + " --game 99");
  EXPECT_EQ(missing.exit_code, 2) << missing.out;
}

TEST_F(VerifyTamper, ReplayJsonIsTheRecords) {
  const RunResult r = run_arena("replay --json " + *clean_path_ + " --game 3");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  google::protobuf::Struct json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &json).ok()) << r.out;
  const auto& header = json.fields().at("header").struct_value().fields();
  EXPECT_EQ(header.at("format").string_value(), "black-lady-arena-records");
  EXPECT_EQ(header.at("bots").list_value().values_size(), 4);
  const auto& games = json.fields().at("games").list_value();
  ASSERT_EQ(games.values_size(), 1);
  const auto& game = games.values(0).struct_value().fields();
  EXPECT_EQ(game.at("game_index").number_value(), 2);
  EXPECT_TRUE(game.at("violations").list_value().values().empty());  // printed though empty
  const auto& deal = game.at("deals").list_value().values(0).struct_value().fields();
  EXPECT_EQ(deal.at("plays").list_value().values_size(), 52);
  EXPECT_EQ(deal.at("moon_shooter").number_value(), -1);
}

}  // namespace
}  // namespace arena
