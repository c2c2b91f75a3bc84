// `arena tournament` and `arena rate` end to end with the real binary and the bundled bots:
// determinism across thread counts, resume after kill -9 (also with a torn last record), shards
// merged by `arena rate`, JSON config files, gauntlets, all permutations and fewer bots than seats.
//
// Results are compared without their "timing" section and records without their think times:
// those are measured, everything else is a function of the tournament seed.
#include <fcntl.h>
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "records/records_io.h"
#include "support/per_test_dir.h"
#include "support/run_arena.h"

namespace {

namespace fs = std::filesystem;
using google::protobuf::Struct;
using google::protobuf::util::MessageDifferencer;

// 5 bots at 4-seat tables: 5 tables x 4 rotations per duplicate group.
const std::string kFiveBots = "--bots random,lowest,ducker,random,lowest";

using RunResult = arena_test::SplitRunResult;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

RunResult run(const std::string& args) {
  return arena_test::run_arena_split(args);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The lines of `text` apart from the informational "schedule: ..." summary.
std::vector<std::string> lines_but_schedule(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& line : lines(text)) {
    if (line.rfind("schedule: ", 0) != 0) out.push_back(line);
  }
  return out;
}

Struct parse_json(const std::string& text) {
  Struct out;
  const auto status = google::protobuf::util::JsonStringToMessage(text, &out);
  EXPECT_TRUE(status.ok()) << status.message() << "\n" << text;
  return out;
}

Struct without_timing(const std::string& text) {
  Struct json = parse_json(text);
  EXPECT_EQ(json.fields().count("timing"), 1u) << text;
  json.mutable_fields()->erase("timing");
  return json;
}

double number(const Struct& json, const std::string& key) {
  const auto it = json.fields().find(key);
  return it == json.fields().end() ? -1 : it->second.number_value();
}

void expect_same_json(const Struct& a, const Struct& b, const std::string& what) {
  MessageDifferencer differ;
  std::string report;
  differ.ReportDifferencesToString(&report);
  EXPECT_TRUE(differ.Compare(a, b)) << what << ":\n" << report;
}

// Records without what is measured: think times, and the command line (which names --out and
// --concurrency).
arena::RecordsFile load_records(const std::string& path) {
  arena::RecordsFile file;
  std::string error;
  EXPECT_TRUE(arena::read_records(path, &file, &error)) << error;
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

void expect_same_games(const std::vector<hearts::proto::GameRecord>& a,
                       const std::vector<hearts::proto::GameRecord>& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (size_t g = 0; g < a.size(); ++g) {
    if (a[g].SerializeAsString() == b[g].SerializeAsString()) continue;  // the fast path
    MessageDifferencer differ;
    std::string report;
    differ.ReportDifferencesToString(&report);
    ASSERT_TRUE(differ.Compare(a[g], b[g])) << what << ": game " << g << ":\n" << report;
  }
}

void expect_same_records(const std::string& a_path, const std::string& b_path) {
  const arena::RecordsFile a = load_records(a_path);
  const arena::RecordsFile b = load_records(b_path);
  EXPECT_TRUE(a.torn.empty()) << a.torn;
  EXPECT_TRUE(b.torn.empty()) << b.torn;
  MessageDifferencer differ;
  std::string report;
  differ.ReportDifferencesToString(&report);
  EXPECT_TRUE(differ.Compare(a.header, b.header)) << a_path << " vs " << b_path << ":\n" << report;
  expect_same_games(a.games, b.games, a_path + " vs " + b_path);
}

// Starts the arena in the background (its output discarded); returns its process id.
// Starts the arena in the background; its stderr goes to `stderr_path` (default: nowhere).
pid_t start(const std::string& args, const std::string& stderr_path = "/dev/null") {
  std::vector<std::string> words{ARENA_BINARY};
  std::stringstream in(args);
  for (std::string word; in >> word;) words.push_back(word);
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    const int null = open("/dev/null", O_WRONLY);
    const int err = open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(null, 1);
    dup2(err, 2);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

void kill_and_reap(pid_t pid) {
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
}

// [start, end) of every complete length-delimited message in a records file (the header first).
std::vector<std::pair<size_t, size_t>> message_spans(const std::string& bytes) {
  std::vector<std::pair<size_t, size_t>> spans;
  size_t at = 0;
  while (at < bytes.size()) {
    uint64_t size = 0;
    int shift = 0;
    size_t p = at;
    bool complete = false;
    while (p < bytes.size() && shift < 64) {
      const auto byte = static_cast<unsigned char>(bytes[p++]);
      size |= static_cast<uint64_t>(byte & 0x7f) << shift;
      shift += 7;
      if (!(byte & 0x80)) {
        complete = true;
        break;
      }
    }
    if (!complete || p + size > bytes.size()) break;
    spans.emplace_back(at, p + size);
    at = p + size;
  }
  return spans;
}

class Tournament : public arena_test::PerTestDir {
 protected:
  Tournament() : PerTestDir("tournament_test") {}
};

TEST_F(Tournament, ResultsAndRecordsDoNotDependOnConcurrency) {
  const std::string args = kFiveBots + " --games 5 --seed 7 --bootstrap 200 --quiet";
  for (int concurrency : {1, 2, 3}) {
    const std::string out = dir("c" + std::to_string(concurrency));
    const RunResult r = run("tournament " + args + " --concurrency " + std::to_string(concurrency) +
                            " --out " + out);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const Struct first = without_timing(read_text(dir("c1/results.json")));
  EXPECT_EQ(number(first, "games"), 100);
  for (const char* other : {"c2", "c3"}) {
    expect_same_json(first, without_timing(read_text(dir(other) + "/results.json")), other);
    expect_same_records(dir("c1/records.rec"), dir(other) + "/records.rec");
  }
}

TEST_F(Tournament, RateJsonEqualsTheLiveResults) {
  const RunResult live = run("tournament " + kFiveBots +
                             " --games 3 --seed 4 --bootstrap 300 --quiet --concurrency 2 --out " +
                             dir("t") + " --json");
  ASSERT_EQ(live.exit_code, 0) << live.err;
  const std::string results = read_text(dir("t/results.json"));
  EXPECT_EQ(live.out, results) << "--json prints results.json";
  const RunResult rate = run("rate " + dir("t/records.rec") + " --bootstrap 300 --json");
  ASSERT_EQ(rate.exit_code, 0) << rate.err;
  expect_same_json(without_timing(results), without_timing(rate.out), "rate --json");
  // Both compute from the same records, so even the think times agree.
  EXPECT_EQ(rate.out, results);
  // The text leaderboard too.
  const RunResult text = run("rate " + dir("t/records.rec") + " --bootstrap 300");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const RunResult again =
      run("tournament " + kFiveBots +
          " --games 3 --seed 4 --bootstrap 300 --quiet --concurrency 2 --out " + dir("t"));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out.substr(0, text.out.size()), text.out);
  EXPECT_NE(again.err.find("resuming: 60 of 60 games"), std::string::npos) << again.err;
}

TEST_F(Tournament, BootstrapZeroGivesPointEstimatesAndNegativeIsRefused) {
  const RunResult r =
      run("tournament --bots random,ducker,random --games 1 --seed 2 --bootstrap 0 "
          "--quiet --out " +
          dir("b"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Struct results = parse_json(read_text(dir("b/results.json")));
  const auto& standings = results.fields().at("standings").list_value().values();
  ASSERT_EQ(standings.size(), 3);
  for (const auto& standing : standings) {
    for (const char* figure : {"rating", "points_per_deal"}) {
      const Struct& value = standing.struct_value().fields().at(figure).struct_value();
      EXPECT_TRUE(value.fields().at("mean").has_number_value()) << figure;
      EXPECT_TRUE(value.fields().at("low").has_null_value()) << figure << ": no interval";
      EXPECT_TRUE(value.fields().at("high").has_null_value()) << figure << ": no interval";
    }
  }
  // `rate --bootstrap 0` reads the same records the same way.
  const RunResult rate = run("rate " + dir("b/records.rec") + " --bootstrap 0 --json");
  ASSERT_EQ(rate.exit_code, 0) << rate.err;
  EXPECT_EQ(rate.out, read_text(dir("b/results.json")));

  const RunResult negative = run(
      "tournament --bots random,ducker,random --games 1 --bootstrap -3 --quiet --out " + dir("n"));
  EXPECT_EQ(negative.exit_code, 2);
  EXPECT_EQ(negative.err, "arena: bootstrap_samples (--bootstrap) must be 0 or more, not -3\n");
  EXPECT_FALSE(std::filesystem::exists(dir("n/records.rec"))) << "refused before any game";
  const RunResult rate_negative = run("rate " + dir("b/records.rec") + " --bootstrap -3");
  EXPECT_EQ(rate_negative.exit_code, 2);
  EXPECT_NE(rate_negative.err.find("--bootstrap"), std::string::npos) << rate_negative.err;
}

TEST_F(Tournament, RatingFilesOfDifferentTournamentsSaysWhatDiffers) {
  const std::string bots = "tournament --bots random,ducker,lowest --quiet ";
  ASSERT_EQ(run(bots + "--games 1 --seed 0 --out " + dir("g1")).exit_code, 0);
  ASSERT_EQ(run(bots + "--games 2 --seed 0 --out " + dir("g2")).exit_code, 0);
  ASSERT_EQ(run(bots + "--games 1 --seed 9 --out " + dir("s9")).exit_code, 0);
  const RunResult games = run("rate " + dir("g1/records.rec") + " " + dir("g2/records.rec"));
  EXPECT_EQ(games.exit_code, 2);
  EXPECT_EQ(games.err, "arena: " + dir("g1/records.rec") + " and " + dir("g2/records.rec") +
                           " cannot be rated together: they come from different tournaments "
                           "(scheduled games 12 vs 24)\n");
  const RunResult seed = run("rate " + dir("g1/records.rec") + " " + dir("s9/records.rec"));
  EXPECT_EQ(seed.exit_code, 2);
  EXPECT_NE(seed.err.find("they come from different tournaments (seed 0 vs 9)"), std::string::npos)
      << seed.err;
}

TEST_F(Tournament, InterruptSaysHowToResume) {
  const std::string path = dir("i/records.rec");
  const pid_t pid =
      start("tournament " + kFiveBots + " --games 500 --quiet --out " + dir("i"), dir("i.err"));
  ASSERT_GT(pid, 0);
  // Interrupt once games are being written, as a user's Ctrl-C would.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline &&
         !(fs::exists(path) && fs::file_size(path) > 20'000)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  kill(pid, SIGINT);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << "dies of the signal";
  EXPECT_NE(read_text(dir("i.err"))
                .find("arena: interrupted; every finished game is in " + path +
                      ": run the same command again to resume\n"),
            std::string::npos)
      << read_text(dir("i.err"));
  const arena::RecordsFile file = load_records(path);
  EXPECT_GT(file.games.size(), 0u);
}

TEST_F(Tournament, DamagedRecordsAreNotResumedOver) {
  const std::string args =
      "tournament --bots random,ducker,lowest --games 2 --quiet --out " + dir("d");
  ASSERT_EQ(run(args).exit_code, 0);
  const std::string path = dir("d/records.rec");
  std::string bytes = read_text(path);
  const arena::RecordsFile file = load_records(path);
  ASSERT_GE(file.games.size(), 3u);
  // Spoil the second game's first tag (field 0, wire type 7), leaving later games intact.
  const auto spans = message_spans(bytes);
  ASSERT_EQ(spans.size(), file.games.size() + 1) << "the header, then each game";
  size_t body = spans[2].first;
  while (static_cast<uint8_t>(bytes[body]) & 0x80) ++body;  // the length prefix's last byte
  bytes[body + 1] = 0x07;
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  const RunResult again = run(args);
  EXPECT_EQ(again.exit_code, 2) << again.err;
  EXPECT_NE(again.err.find("the file is damaged, not cut short) after 1 complete game;"),
            std::string::npos)
      << again.err;
  EXPECT_NE(again.err.find("complete game; only the games before it can be read; the tournament "
                           "cannot resume in it: move it aside first"),
            std::string::npos)
      << again.err;
  EXPECT_EQ(read_text(path), bytes) << "the damaged file is left as it was";
}

TEST_F(Tournament, ResumesAfterKillToTheSameResults) {
  // 1200 games, most of a second in a normal build: long enough to be killed part way.
  const std::string args = "tournament " + kFiveBots +
                           " --games 60 --seed 3 --bootstrap 100 --quiet --concurrency 2 --out ";
  const RunResult whole = run(args + dir("whole"));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  const Struct expected = without_timing(read_text(dir("whole/results.json")));
  ASSERT_EQ(number(expected, "games"), 1200);

  // Kills at several points: 50 ms after the start (while the bots load, or just after), and
  // 20, 80 and 250 ms after the records file appears (the bots load at their own pace, then the
  // games go quickly), which lands before, among or after the games depending on the build.
  struct Kill {
    bool after_file;
    int delay_ms;
  };
  int interrupted = 0;  // kills that left some but not all games
  for (const Kill kill : {Kill{false, 50}, Kill{true, 20}, Kill{true, 80}, Kill{true, 250}}) {
    const std::string what = "killed " + std::to_string(kill.delay_ms) + " ms after " +
                             (kill.after_file ? "the records file appeared" : "the start");
    const std::string out =
        dir("killed-" + std::to_string(kill.after_file) + "-" + std::to_string(kill.delay_ms));
    const std::string path = out + "/records.rec";
    const pid_t pid = start(args + out);
    ASSERT_GT(pid, 0);
    if (kill.after_file) {
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
      while (std::chrono::steady_clock::now() < deadline && !fs::exists(path)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(kill.delay_ms));
    kill_and_reap(pid);
    // An empty file (killed before the header was written) starts afresh without "resuming".
    const bool existed = fs::exists(path) && fs::file_size(path) > 0;
    size_t kept = 0;
    if (existed) {
      arena::RecordsFile killed;
      std::string error;
      ASSERT_TRUE(arena::read_records(path, &killed, &error)) << what << ": " << error;
      kept = killed.games.size();
      if (kept > 0 && kept < 1200) ++interrupted;
    }
    const auto resume_start = std::chrono::steady_clock::now();
    const RunResult resumed = run(args + out);
    std::printf(
        "%s: %zu games kept, resumed in %.2f s\n", what.c_str(), kept,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - resume_start).count());
    ASSERT_EQ(resumed.exit_code, 0) << what << ": " << resumed.err;
    if (existed) {
      EXPECT_NE(resumed.err.find("resuming: " + std::to_string(kept) + " of 1200 games"),
                std::string::npos)
          << what << ": " << resumed.err;
    }
    expect_same_json(expected, without_timing(read_text(out + "/results.json")), what);
    expect_same_records(dir("whole/records.rec"), path);
  }
  EXPECT_GE(interrupted, 1) << "no kill landed in the middle of the tournament";

  // A torn write: kill once a few games are in, then cut the last record in half.
  const std::string out = dir("torn");
  const std::string path = out + "/records.rec";
  const pid_t pid = start(args + out);
  ASSERT_GT(pid, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline &&
         (!fs::exists(path) || message_spans(read_text(path)).size() < 6)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill_and_reap(pid);
  const auto spans = message_spans(read_text(path));
  ASSERT_GE(spans.size(), 6u) << "the header and at least five games";
  const auto [last_start, last_end] = spans.back();
  fs::resize_file(path, last_start + (last_end - last_start) / 2);
  arena::RecordsFile torn;
  std::string error;
  ASSERT_TRUE(arena::read_records(path, &torn, &error)) << error;
  EXPECT_FALSE(torn.torn.empty());
  EXPECT_EQ(torn.games.size(), spans.size() - 2);
  std::printf("torn: the last of %zu games cut in half\n", spans.size() - 1);
  const RunResult resumed = run(args + out);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("resuming: " + std::to_string(spans.size() - 2) + " of 1200 games"),
            std::string::npos)
      << resumed.err;
  expect_same_json(expected, without_timing(read_text(out + "/results.json")), "torn record");
  expect_same_records(dir("whole/records.rec"), path);
}

TEST_F(Tournament, AnEmptyRecordsFileStartsAFreshTournament) {
  // A kill between creating the records file and writing its header leaves it empty.
  fs::create_directories(dir("t"));
  std::ofstream(dir("t/records.rec")).close();
  const std::string args =
      "tournament --bots random,lowest,ducker,random --seed 2 --bootstrap 50 "
      "--quiet --out ";
  const RunResult r = run(args + dir("t"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const RunResult fresh = run(args + dir("fresh"));
  ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
  expect_same_records(dir("fresh/records.rec"), dir("t/records.rec"));
}

TEST_F(Tournament, ShardsMergeToTheWholeTournament) {
  const std::string args =
      "tournament " + kFiveBots + " --games 4 --seed 11 --bootstrap 200 --quiet --concurrency 2";
  const RunResult whole = run(args + " --out " + dir("whole"));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  for (int shard = 1; shard <= 3; ++shard) {
    const RunResult r =
        run(args + " --shard " + std::to_string(shard) + "/3 --out " + dir("shards"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("shard " + std::to_string(shard) + "/3: "), std::string::npos) << r.err;
    EXPECT_TRUE(fs::exists(dir("shards/results-shard-" + std::to_string(shard) + "-of-3.json")));
  }
  // Disjoint slices whose union is the whole tournament, game for game.
  const arena::RecordsFile all = load_records(dir("whole/records.rec"));
  ASSERT_EQ(all.games.size(), 80u);
  std::vector<hearts::proto::GameRecord> merged(all.games.size());
  std::vector<int> seen(all.games.size(), 0);
  std::string files;
  for (int shard = 1; shard <= 3; ++shard) {
    const std::string path = dir("shards/records-shard-" + std::to_string(shard) + "-of-3.rec");
    files += " " + path;
    const arena::RecordsFile slice = load_records(path);
    EXPECT_EQ(slice.header.shard_index(), static_cast<uint32_t>(shard));
    EXPECT_EQ(slice.header.shard_count(), 3u);
    EXPECT_EQ(slice.header.scheduled_games(), 80u);
    EXPECT_EQ(slice.header.tournament_fingerprint(), all.header.tournament_fingerprint());
    for (const auto& game : slice.games) {
      ASSERT_LT(game.game_index(), merged.size());
      EXPECT_EQ(game.game_index() % 3, static_cast<uint32_t>(shard - 1));
      ++seen[game.game_index()];
      merged[game.game_index()] = game;
    }
  }
  for (size_t g = 0; g < seen.size(); ++g) EXPECT_EQ(seen[g], 1) << "game " << g;
  expect_same_games(all.games, merged, "merged shards");

  // `arena rate` over the slices, in any order, gives the single-machine numbers.
  const Struct expected = without_timing(read_text(dir("whole/results.json")));
  const RunResult rate = run("rate" + files + " --bootstrap 200 --json");
  ASSERT_EQ(rate.exit_code, 0) << rate.err;
  const Struct merged_results = without_timing(rate.out);
  expect_same_json(expected, merged_results, "rate over the shards");
  EXPECT_EQ(expected.fields().at("standings").DebugString(),
            merged_results.fields().at("standings").DebugString());
  EXPECT_EQ(expected.fields().at("head_to_head").DebugString(),
            merged_results.fields().at("head_to_head").DebugString());
  const RunResult reversed =
      run("rate " + dir("shards/records-shard-3-of-3.rec") + " " +
          dir("shards/records-shard-1-of-3.rec") + " " + dir("shards/records-shard-2-of-3.rec") +
          " --bootstrap 200 --json");
  ASSERT_EQ(reversed.exit_code, 0) << reversed.err;
  expect_same_json(expected, without_timing(reversed.out), "rate over the shards, reordered");

  // Two of three slices: rated, with a note that games are missing.
  const RunResult partial = run("rate " + dir("shards/records-shard-1-of-3.rec") + " " +
                                dir("shards/records-shard-2-of-3.rec") + " --bootstrap 20 --json");
  ASSERT_EQ(partial.exit_code, 0) << partial.err;
  EXPECT_NE(partial.err.find("of 80 scheduled games"), std::string::npos) << partial.err;
  // A slice given twice is refused.
  const RunResult twice = run("rate " + dir("shards/records-shard-1-of-3.rec") + " " +
                              dir("shards/records-shard-1-of-3.rec") + " --bootstrap 20");
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("appears twice"), std::string::npos) << twice.err;
  // A slice of another tournament is refused.
  const RunResult other =
      run("tournament " + kFiveBots +
          " --games 4 --seed 12 --bootstrap 10 --quiet --shard 2/3 --out " + dir("other"));
  ASSERT_EQ(other.exit_code, 0) << other.err;
  const RunResult mixed = run("rate " + dir("shards/records-shard-1-of-3.rec") + " " +
                              dir("other/records-shard-2-of-3.rec") + " --bootstrap 20");
  EXPECT_EQ(mixed.exit_code, 2);
  EXPECT_NE(mixed.err.find("different tournaments"), std::string::npos) << mixed.err;
}

TEST_F(Tournament, ConfigFileFlagsOverrideIt) {
  const std::string config = dir("tournament.json");
  std::ofstream(config) << R"({
  "bots": ["random", "lowest", "ducker", "random"],
  "rules": "standard",
  "games": 2,
  "seed": 5,
  "concurrency": 2,
  "out": ")" << dir("from-config")
                        << R"(",
  "permutations": "cyclic",
  "move_ms": 2000,
  "bootstrap_samples": 100
})";
  const RunResult r = run("tournament --config " + config + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Struct from_config = without_timing(read_text(dir("from-config/results.json")));
  EXPECT_EQ(number(from_config, "games"), 8);  // 1 table x 2 groups x 4 rotations

  // The same tournament from flags alone.
  const RunResult flags =
      run("tournament --bots random,lowest,ducker,random --games 2 --seed 5 --move-ms 2000 "
          "--bootstrap 100 --quiet --out " +
          dir("from-flags"));
  ASSERT_EQ(flags.exit_code, 0) << flags.err;
  expect_same_json(from_config, without_timing(read_text(dir("from-flags/results.json"))),
                   "config vs flags");
  expect_same_records(dir("from-config/records.rec"), dir("from-flags/records.rec"));

  // Flags override the file: another output directory and more groups.
  const RunResult overridden =
      run("tournament --config " + config + " --games 3 --out " + dir("overridden") + " --quiet");
  ASSERT_EQ(overridden.exit_code, 0) << overridden.err;
  EXPECT_EQ(number(without_timing(read_text(dir("overridden/results.json"))), "games"), 12);
  arena::RecordsFile file;
  std::string error;
  ASSERT_TRUE(arena::read_records(dir("from-config/records.rec"), &file, &error)) << error;
  EXPECT_EQ(file.games.size(), 8u) << "the config's --out is untouched";
  // --bots replaces the file's list.
  const RunResult bots = run("tournament --config " + config + " --bots ducker,lowest --out " +
                             dir("two-bots") + " --quiet --json");
  ASSERT_EQ(bots.exit_code, 0) << bots.err;
  const Struct two = without_timing(bots.out);
  EXPECT_EQ(number(two, "games"), 8);
  EXPECT_EQ(two.fields().at("standings").list_value().values_size(), 2);
}

TEST_F(Tournament, TheExampleConfigRuns) {
  const std::string config = std::string(HEARTS_SOURCE_DIR) + "/examples/tournament.json";
  const RunResult r = run("tournament --config " + config + " --games 1 --bootstrap 20 --quiet " +
                          "--json --out " + dir("example"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Three bots at four seats: three tables x 1 group x 4 rotations.
  EXPECT_EQ(number(without_timing(r.out), "games"), 12);
}

TEST_F(Tournament, ConfigErrorsAreOneLineNamingTheFileAndField) {
  struct Case {
    std::string text;
    std::string expected;
  };
  const Case cases[] = {
      {R"({"bots": ["random", "lowest", "ducker", "random"], "game": 3})", "game"},
      {R"({"bots": ["random", "lowest", "ducker", "random"], "sead": 3})", "sead"},
      {R"({"bots": ["random", "lowest", "ducker", "random"], "games": "many"})", "games"},
      {R"({"bots": ["random", "lowest", "ducker", "random"], )", ""},
      {R"({"bots": ["random", "lowest"], "permutations": "some"})", "permutations"},
      {R"({"bots": ["random", "lowest"], "shard": "4/3"})", "4/3"},
  };
  int k = 0;
  for (const Case& c : cases) {
    const std::string config = dir("bad" + std::to_string(k++) + ".json");
    std::ofstream(config) << c.text;
    const RunResult r = run("tournament --config " + config + " --out " + dir("never"));
    EXPECT_EQ(r.exit_code, 2) << c.text << ": " << r.err;
    EXPECT_EQ(lines(r.err).size(), 1u) << c.text << ": " << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << c.text << ": " << r.err;
    if (c.expected != "4/3" && c.expected != "permutations") {
      EXPECT_NE(r.err.find(config), std::string::npos) << c.text << ": " << r.err;
    }
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_FALSE(fs::exists(dir("never")));
  const RunResult missing = run("tournament --config " + dir("no-such.json"));
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(lines(missing.err).size(), 1u) << missing.err;
  EXPECT_NE(missing.err.find(dir("no-such.json")), std::string::npos) << missing.err;
}

TEST_F(Tournament, RefusesTheRecordsOfAnotherTournament) {
  const std::string args = "tournament --bots random,lowest,ducker,random --bootstrap 50 --quiet";
  const RunResult first = run(args + " --seed 1 --out " + dir("t"));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const std::string before = read_text(dir("t/records.rec"));
  for (const std::string& change :
       {std::string(" --seed 2"), std::string(" --seed 1 --games 2"),
        std::string(" --seed 1 --permutations all"), std::string(" --seed 1 --move-ms 50")}) {
    const RunResult r = run(args + change + " --out " + dir("t"));
    EXPECT_EQ(r.exit_code, 2) << change << ": " << r.err;
    const auto error = lines_but_schedule(r.err);
    ASSERT_EQ(error.size(), 1u) << change << ": " << r.err;
    EXPECT_NE(error[0].find("different tournament"), std::string::npos) << error[0];
    EXPECT_NE(error[0].find(dir("t/records.rec")), std::string::npos) << error[0];
    EXPECT_EQ(read_text(dir("t/records.rec")), before) << change << ": the file is untouched";
  }
  // --concurrency and --bootstrap are not part of the tournament.
  const RunResult same =
      run("tournament --bots random,lowest,ducker,random --bootstrap 20 "
          "--quiet --seed 1 --concurrency 2 --out " +
          dir("t"));
  EXPECT_EQ(same.exit_code, 0) << same.err;
  EXPECT_NE(same.err.find("resuming: 4 of 4 games"), std::string::npos) << same.err;
}

TEST_F(Tournament, GauntletAndAllPermutationsPlayTheExpectedGames) {
  struct Case {
    std::string args;
    int games;
  };
  const Case cases[] = {
      // C(4,3) tables with ducker x 4 rotations.
      {kFiveBots + " --gauntlet ducker", 16},
      // C(4,3) x 2 groups x 4 rotations.
      {kFiveBots + " --gauntlet ducker --games 2", 32},
      // One table x 4! seatings.
      {"--bots random,lowest,ducker,random --permutations all", 24},
      // Three players: C(4,2) gauntlet tables x 3! seatings.
      {kFiveBots + " --gauntlet ducker --permutations all --rules morehead2001 --players 3", 36},
      // C(5,4) tables x 4! seatings.
      {kFiveBots + " --permutations all", 120},
  };
  int k = 0;
  for (const Case& c : cases) {
    const std::string out = dir("t" + std::to_string(k++));
    const RunResult r =
        run("tournament " + c.args + " --seed 3 --bootstrap 50 --quiet --json --out " + out);
    ASSERT_EQ(r.exit_code, 0) << c.args << ": " << r.err;
    const Struct results = without_timing(read_text(out + "/results.json"));
    EXPECT_EQ(number(results, "games"), c.games) << c.args;
    if (c.args.find("--gauntlet ducker") != std::string::npos) {
      for (const auto& entry : results.fields().at("standings").list_value().values()) {
        const Struct& s = entry.struct_value();
        if (s.fields().at("bot").string_value() == "ducker") {
          EXPECT_EQ(number(s, "games"), c.games) << c.args << ": the gauntlet bot plays every game";
        } else {
          EXPECT_LT(number(s, "games"), c.games) << c.args;
        }
      }
    }
  }
  const RunResult unknown = run("tournament " + kFiveBots + " --gauntlet nobody --out " + dir("x"));
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(lines_but_schedule(unknown.err).size(), 1u) << unknown.err;
  EXPECT_NE(unknown.err.find("nobody"), std::string::npos) << unknown.err;
}

TEST_F(Tournament, FewerBotsThanSeats) {
  // Two bots at four seats: each sits twice at the one table, 2 groups x 4 rotations.
  const RunResult r = run(
      "tournament --bots ducker,random --games 2 --seed 9 --bootstrap 50 --quiet --json --out " +
      dir("two"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Struct results = without_timing(r.out);
  EXPECT_EQ(number(results, "games"), 8);
  EXPECT_EQ(number(results, "players"), 4);
  const auto& standings = results.fields().at("standings").list_value();
  ASSERT_EQ(standings.values_size(), 2);
  EXPECT_EQ(standings.values(0).struct_value().fields().at("bot").string_value(), "ducker");
  for (const auto& entry : standings.values()) EXPECT_EQ(number(entry.struct_value(), "games"), 8);
  const auto& pairs = results.fields().at("head_to_head").list_value();
  ASSERT_EQ(pairs.values_size(), 1);
  EXPECT_EQ(number(pairs.values(0).struct_value(), "games"), 8);
  const arena::RecordsFile file = load_records(dir("two/records.rec"));
  ASSERT_EQ(file.games.size(), 8u);
  for (const auto& game : file.games) {
    ASSERT_EQ(game.seat_bots_size(), 4);
    int ducker = 0;
    for (int s = 0; s < 4; ++s) {
      ducker += game.seat_bots(s) == 0;
      EXPECT_NE(game.seat_bots(s), game.seat_bots((s + 1) % 4)) << "copies are not neighbours";
    }
    EXPECT_EQ(ducker, 2);
  }

  // Three bots at four seats: one table per bot that sits twice.
  const RunResult three =
      run("tournament --bots ducker,random,lowest --seed 9 --bootstrap 50 --quiet --out " +
          dir("three"));
  ASSERT_EQ(three.exit_code, 0) << three.err;
  EXPECT_EQ(number(without_timing(read_text(dir("three/results.json"))), "games"), 12);
}

}  // namespace

namespace {

// With no --seed the deals must not be guessable: the series seed is drawn at random, printed,
// recorded, and taken back from the records on resume; shards, which must agree, need --seed.
TEST_F(Tournament, NoSeedDrawsARandomSeriesSeedRecordsItAndResumesWithIt) {
  const std::string args = "tournament --bots random,lowest,ducker --games 1 --quiet --out ";
  const RunResult first = run(args + dir("a"));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const std::string drew = "arena: no --seed given: drew the series seed ";
  ASSERT_EQ(first.err.rfind(drew, 0), 0u) << first.err;
  const uint64_t seed = std::stoull(first.err.substr(drew.size()));
  arena::RecordsFile file;
  std::string error;
  ASSERT_TRUE(arena::read_records(dir("a/records.rec"), &file, &error)) << error;
  EXPECT_EQ(file.header.series_seed(), seed);

  const RunResult resumed = run(args + dir("a"));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("resuming with the series seed recorded in " + dir("a/records.rec")),
            std::string::npos)
      << resumed.err;

  const RunResult other = run(args + dir("b"));
  ASSERT_EQ(other.exit_code, 0) << other.err;
  EXPECT_EQ(other.err.find(drew + std::to_string(seed) + " "), std::string::npos)
      << "two tournaments drew the same seed";

  const RunResult shard = run(args + dir("c") + " --shard 1/2");
  EXPECT_EQ(shard.exit_code, 2);
  EXPECT_EQ(shard.err.rfind("arena: --shard needs --seed", 0), 0u) << shard.err;
}

}  // namespace
