// Time odds end to end (docs/tournaments.md "Time odds"): bots with their own per-decision limit
// ("inspector@7ms") in `arena play` and `arena tournament`, with the real binary, real plugins and
// real records files. Each seat is given and held to its own limit, the records header keeps the
// limits, results rate one bot at two limits as two entrants (the limit moving with the bot
// through the duplicate rotations), and such a tournament resumes.
//
// No timing is asserted beyond margins of orders of magnitude: the slow bot sleeps 80 ms against
// limits of 20 ms and 5 s.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "records/records_io.h"
#include "support/per_test_dir.h"
#include "support/records_files.h"
#include "support/run_arena.h"

namespace {

namespace pb = hearts::proto;
using google::protobuf::Struct;
using google::protobuf::Value;

const std::string kTestPlugins = HEARTS_TEST_PLUGIN_DIR;

class TimeOdds : public arena_test::PerTestDir {
 protected:
  TimeOdds() : PerTestDir("time_odds") {}
};

// One decision as the inspector plugin logged it: where it was and the time it was given.
struct Seen {
  uint32_t game = 0;
  int seat = 0;
  int64_t time_left_us = 0;
  int64_t bank_left_us = 0;
};

std::vector<Seen> read_inspector_log(const std::string& path) {
  std::vector<Seen> seen;
  std::ifstream in(path);
  for (std::string text; std::getline(in, text);) {
    std::istringstream fields(text);
    Seen s;
    int deal = 0, plays = 0;
    std::string phase;
    fields >> s.game >> deal >> s.seat >> phase >> plays;
    for (std::string token; fields >> token;) {
      const size_t eq = token.find('=');
      const auto value = static_cast<int64_t>(std::stoull(token.substr(eq + 1), nullptr, 16));
      if (token.starts_with("time_left_us=")) s.time_left_us = value;
      if (token.starts_with("bank_left_us=")) s.bank_left_us = value;
    }
    seen.push_back(s);
  }
  return seen;
}

Struct parse_json(const std::string& text) {
  Struct out;
  const auto status = google::protobuf::util::JsonStringToMessage(text, &out);
  EXPECT_TRUE(status.ok()) << status.message() << "\n" << text;
  return out;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// results.json's standings: entrant name -> its entry.
std::map<std::string, Struct> standings(const std::string& results_json) {
  std::map<std::string, Struct> by_name;
  const Struct results = parse_json(results_json);
  for (const Value& entry : results.fields().at("standings").list_value().values()) {
    by_name[entry.struct_value().fields().at("bot").string_value()] = entry.struct_value();
  }
  return by_name;
}

// results.json without its measured "timing" section.
Struct without_timing(const std::string& text) {
  Struct json = parse_json(text);
  json.mutable_fields()->erase("timing");
  return json;
}

TEST_F(TimeOdds, MalformedLimitsStopTheRunWithOneLineNamingTheSpec) {
  const auto r = arena_test::run_arena("play --games 1 --bots random@10xs,random,random,random");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(r.out.find("arena: bot spec 'random@10xs': time limit '10xs' is not"), 0u) << r.out;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << r.out;

  const std::string t = "tournament --games 1 --seed 1 --out " + dir("t");
  const auto count = arena_test::run_arena(t + " --bots random,lowest --bot-time-limits 10ms");
  EXPECT_EQ(count.exit_code, 2) << count.out;
  EXPECT_NE(count.out.find("has 1 entries for 2 bots"), std::string::npos) << count.out;
  const auto twice = arena_test::run_arena(t + " --bots random@5ms,lowest --bot-time-limits 10ms,");
  EXPECT_EQ(twice.exit_code, 2) << twice.out;
  EXPECT_NE(twice.out.find("bot 'random@5ms' has its own limit already"), std::string::npos)
      << twice.out;
  const auto bad = arena_test::run_arena(t + " --bots random,lowest --bot-time-limits ,5m");
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.out.find("bot spec 'lowest@5m': time limit '5m'"), std::string::npos) << bad.out;
}

// Each seat is told its own limit (and its own share of the bank), and the header records them.
TEST_F(TimeOdds, PlayGivesEachSeatItsOwnLimitAndRecordsIt) {
  const std::string log = dir("inspector.log");
  const std::string out = dir("games.rec");
  const auto r = arena_test::run_arena(
      "play --quiet --games 2 --set fixed_deals=1 --move-ms 100 --bank-ms 2000 --plugin-dir " +
          kTestPlugins + " --trust inspector --bots inspector@7ms,inspector,lowest@3s,lowest" +
          " --out " + out,
      "HEARTS_INSPECTOR_TIMES=1 HEARTS_INSPECTOR_LOG=" + log);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("inspector@7ms"), std::string::npos) << r.out;  // the summary's names
  EXPECT_NE(r.out.find("lowest@3s"), std::string::npos) << r.out;

  const arena::RecordsFile file = arena_test::read_or_die(out);
  const pb::RecordsHeader& h = file.header;
  ASSERT_EQ(h.bots_size(), 4);
  EXPECT_EQ(h.move_time_limit_us(), 100'000);
  EXPECT_EQ(h.bots(0).spec(), "inspector@7ms");
  EXPECT_EQ(h.bots(0).move_time_limit_us(), 7'000);
  EXPECT_EQ(h.bots(0).game_time_bank_us(), 140'000);  // 2 s x 7 ms / 100 ms
  EXPECT_EQ(h.bots(1).move_time_limit_us(), 0);       // the header's limit and bank
  EXPECT_EQ(h.bots(1).game_time_bank_us(), 0);
  EXPECT_EQ(h.bots(2).move_time_limit_us(), 3'000'000);
  EXPECT_EQ(h.bots(2).game_time_bank_us(), 60'000'000);

  const std::vector<Seen> seen = read_inspector_log(log);
  ASSERT_GT(seen.size(), 20u);
  std::map<std::pair<uint32_t, int>, int> first_of_game;
  for (const Seen& s : seen) {
    ASSERT_TRUE(s.seat == 0 || s.seat == 1) << s.seat;
    const int64_t move = s.seat == 0 ? 7'000 : 100'000;
    const int64_t bank = s.seat == 0 ? 140'000 : 2'000'000;
    EXPECT_LE(s.bank_left_us, bank);
    EXPECT_GT(s.bank_left_us, bank / 2);  // a trivial bot spends little of it
    EXPECT_EQ(s.time_left_us, std::min(move, s.bank_left_us)) << "seat " << s.seat;
    if (first_of_game[{s.game, s.seat}]++ == 0) {
      EXPECT_EQ(s.bank_left_us, bank);
    }
  }
  EXPECT_EQ(first_of_game.size(), 4u);  // both seats in both games

  const auto verify = arena_test::run_arena("verify " + out);
  EXPECT_EQ(verify.exit_code, 0) << verify.out;
  const auto replay = arena_test::run_arena("replay " + out);
  EXPECT_NE(replay.out.find("inspector@7ms, sha256"), std::string::npos) << replay.out;
  EXPECT_NE(replay.out.find("own move limit 7ms, bank 140ms"), std::string::npos) << replay.out;
  EXPECT_NE(replay.out.find("seats: 0 inspector@7ms, 1 inspector, 2 lowest@3s, 3 lowest"),
            std::string::npos)
      << replay.out;

  arena::RecordsFile forged = file;
  forged.header.mutable_bots(0)->set_game_time_bank_us(2'000'000);  // the header's, not scaled
  arena_test::write_or_die(dir("forged.rec"), forged);
  const auto caught = arena_test::run_arena("verify " + dir("forged.rec"));
  EXPECT_EQ(caught.exit_code, 1) << caught.out;
  EXPECT_NE(caught.out.find("header: bot 0 ('inspector@7ms'): game_time_bank_us: expected 140000"),
            std::string::npos)
      << caught.out;
}

// The seat over its own (smaller) limit times out at every play; the seat with the larger limit,
// the same bot at the same speed, never does.
TEST_F(TimeOdds, ASeatOverItsOwnLimitTimesOutAndOnlyThatSeat) {
  const std::string out = dir("slow.rec");
  const auto r = arena_test::run_arena(
      "play --quiet --games 1 --set fixed_deals=1 --plugin-dir " + kTestPlugins +
          " --trust slow --bots slow@20ms,slow@5s,lowest,lowest --out " + out,
      "HEARTS_SLOW_BOT_MS=80");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const arena::RecordsFile file = arena_test::read_or_die(out);
  ASSERT_EQ(file.games.size(), 1u);
  std::map<int, int> timeouts;
  for (const pb::Violation& v : file.games[0].violations()) {
    EXPECT_EQ(v.kind(), pb::Violation::TIMEOUT) << v.detail();
    ++timeouts[v.seat()];
    EXPECT_NE(v.detail().find("the limit was 20.0 ms"), std::string::npos) << v.detail();
  }
  EXPECT_EQ(timeouts[0], 13);  // every play of the deal (the pass is instant)
  EXPECT_EQ(timeouts.count(1), 0u);
  const auto verify = arena_test::run_arena("verify " + out);
  EXPECT_EQ(verify.exit_code, 0) << verify.out;

  // Verify holds each timeout to its seat's recorded limit: at 200 ms, seat 0 was not late.
  arena::RecordsFile forged = file;
  forged.header.mutable_bots(0)->set_move_time_limit_us(200'000);
  arena_test::write_or_die(dir("forged.rec"), forged);
  const auto caught = arena_test::run_arena("verify " + dir("forged.rec"));
  EXPECT_EQ(caught.exit_code, 1) << caught.out;
  EXPECT_NE(caught.out.find("game 1, deal 1, trick 1: a TIMEOUT violation of seat 0 "
                            "('slow@20ms'), but its play took "),
            std::string::npos)
      << caught.out;
  EXPECT_NE(caught.out.find("within its limit of 200000 us"), std::string::npos) << caught.out;
}

// One bot at two limits is two entrants; through every duplicate rotation each seat is told the
// limit of the bot the schedule put there.
TEST_F(TimeOdds, TournamentRatesOneBotAtTwoLimitsAsTwoEntrants) {
  const std::string log = dir("inspector.log");
  const auto run = arena_test::run_arena(
      "tournament --quiet --json --report --games 2 --seed 5 --set fixed_deals=1 --plugin-dir " +
          kTestPlugins + " --trust inspector --bots inspector@7ms,inspector@300ms,lowest,ducker" +
          " --out " + dir("t2"),
      "HEARTS_INSPECTOR_TIMES=1 HEARTS_INSPECTOR_LOG=" + log);
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const std::map<std::string, Struct> board = standings(read_text(dir("t2/results.json")));
  ASSERT_EQ(board.size(), 4u) << read_text(dir("t2/results.json"));
  ASSERT_TRUE(board.count("inspector@7ms") && board.count("inspector@300ms"));
  EXPECT_EQ(board.at("inspector@7ms").fields().at("move_time_limit_ms").number_value(), 7);
  EXPECT_EQ(board.at("inspector@300ms").fields().at("spec").string_value(), "inspector@300ms");
  EXPECT_EQ(board.at("inspector@300ms").fields().at("games").number_value(), 8);
  EXPECT_EQ(board.at("lowest").fields().count("move_time_limit_ms"), 0u);

  const arena::RecordsFile file = arena_test::read_or_die(dir("t2/records.rec"));
  ASSERT_EQ(file.games.size(), 8u);
  std::map<uint32_t, const pb::GameRecord*> by_index;
  for (const pb::GameRecord& game : file.games) by_index[game.game_index()] = &game;
  std::map<int64_t, int> decisions_at;  // limit -> decisions seen with it
  for (const Seen& s : read_inspector_log(log)) {
    ASSERT_TRUE(by_index.count(s.game)) << s.game;
    const int bot = by_index[s.game]->seat_bots(s.seat);
    ASSERT_LT(bot, 2) << "seat " << s.seat << " of game " << s.game << " is not an inspector";
    const int64_t limit = file.header.bots(bot).move_time_limit_us();
    EXPECT_EQ(s.time_left_us, limit) << "game " << s.game << " seat " << s.seat;
    ++decisions_at[limit];
  }
  EXPECT_GT(decisions_at[7'000], 8 * 13);
  EXPECT_GT(decisions_at[300'000], 8 * 13);

  const auto rate = arena_test::run_arena("rate --json --bootstrap 0 " + dir("t2/records.rec"));
  ASSERT_EQ(rate.exit_code, 0) << rate.out;
  EXPECT_NE(rate.out.find("\"bot\": \"inspector@7ms\""), std::string::npos) << rate.out;
  const auto verify = arena_test::run_arena("verify " + dir("t2/records.rec"));
  EXPECT_EQ(verify.exit_code, 0) << verify.out;
  // The report's replays name the seats as the standings do.
  const std::string index = read_text(dir("t2/report/data/index.js"));
  EXPECT_NE(index.find("\"label\":\"inspector@300ms\""), std::string::npos)
      << index.substr(0, 2000);
}

// Cut short, a time-odds tournament resumes to the results of an uncut run; and the config's
// bot_time_limits is the same tournament as limits written into the specs (it resumes it).
TEST_F(TimeOdds, ATimeOddsTournamentResumes) {
  const std::string common = "tournament --quiet --json --games 2 --seed 9 --set fixed_deals=1 ";
  const std::string whole = dir("whole");
  ASSERT_EQ(
      arena_test::run_arena(common + "--bots lowest@10ms,lowest@20ms,random,ducker --out " + whole)
          .exit_code,
      0);
  const std::string cut = dir("cut");
  ASSERT_EQ(
      arena_test::run_arena(common + "--bots lowest@10ms,lowest@20ms,random,ducker --out " + cut)
          .exit_code,
      0);
  arena::RecordsFile file = arena_test::read_or_die(cut + "/records.rec");
  ASSERT_EQ(file.games.size(), 8u);
  file.games.resize(3);
  arena_test::write_or_die(cut + "/records.rec", file);
  std::remove((cut + "/results.json").c_str());

  const std::string config = dir("odds.json");
  std::ofstream(config) << R"({"bots": ["lowest", "lowest", "random", "ducker"],
                               "bot_time_limits": ["10ms", "20ms", "", ""]})";
  const auto resumed = arena_test::run_arena_split(common + "--config " + config + " --out " + cut);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("resuming: 3 of 8 games"), std::string::npos) << resumed.err;
  EXPECT_EQ(without_timing(read_text(cut + "/results.json")).DebugString(),
            without_timing(read_text(whole + "/results.json")).DebugString());
  const std::map<std::string, Struct> board = standings(read_text(cut + "/results.json"));
  EXPECT_TRUE(board.count("lowest@10ms") && board.count("lowest@20ms"));
}

}  // namespace
