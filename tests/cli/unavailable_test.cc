// Unavailable bots end to end, with the real `arena` binary. A real `arena serve` on 127.0.0.1
// hosts the test plugin "vanish", whose process ends after HEARTS_VANISH_AFTER plays as a killed
// bot server would, under `arena play` and `arena tournament` with a short --reconnect-ms:
// - by default the run stops with one line naming the bot and exit status 4; the records hold
//   only the finished games and verify; the same tournament command, with the bot back, resumes
//   and ends with the results of a run that was never interrupted;
// - with --on-unavailable forfeit the run completes, the bot's remaining games are forfeits that
//   verify, and the decisions left to the fallback are counted.
// And an isolated child in a crash loop is unavailable, while one that crashes now and then and
// restarts is not.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "records/records_io.h"
#include "support/run_arena.h"
#include "support/test_temp.h"

namespace {

namespace fs = std::filesystem;
namespace pb = hearts::proto;
using google::protobuf::Struct;
using RunResult = arena_test::SplitRunResult;

const std::string kTestPlugins = HEARTS_TEST_PLUGIN_DIR;
// One deal a game: the remote seat plays 13 cards in each.
const std::string kShortGames = " --set fixed_deals=1 --set end_score=0";

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// `arena serve --bot vanish` as a child process on 127.0.0.1:`port` (0: a free one), whose
// process ends after `vanish_after` plays (0: never).
class VanishingServer {
 public:
  explicit VanishingServer(long vanish_after, int port = 0) {
    std::vector<std::string> args = {
        ARENA_BINARY,   "serve",      "--bot",    "vanish",
        "--plugin-dir", kTestPlugins, "--listen", "127.0.0.1:" + std::to_string(port)};
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
    env.push_back("HEARTS_VANISH_AFTER=" + std::to_string(vanish_after));
    std::vector<char*> argv, envp;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    for (std::string& var : env) envp.push_back(var.data());
    envp.push_back(nullptr);
    int fds[2];
    if (::pipe(fds) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the test
      ::dup2(fds[1], STDOUT_FILENO);
      ::close(fds[0]);
      ::close(fds[1]);
      ::execve(argv[0], argv.data(), envp.data());
      ::_exit(127);
    }
    ::close(fds[1]);
    out_fd_ = fds[0];
    read_port();
  }
  ~VanishingServer() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (out_fd_ >= 0) ::close(out_fd_);
  }
  VanishingServer(const VanishingServer&) = delete;
  VanishingServer& operator=(const VanishingServer&) = delete;

  int port() const { return port_; }
  std::string spec() const { return "grpc://127.0.0.1:" + std::to_string(port_); }
  // True if the process has ended (waiting at most 5 s for it).
  bool ended() {
    for (int k = 0; k < 500 && pid_ > 0; ++k) {
      if (::waitpid(pid_, nullptr, WNOHANG) == pid_) pid_ = -1;
      if (pid_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return pid_ < 0;
  }

 private:
  // The first stdout line is "listening on 127.0.0.1:PORT (...)"; waits at most 10 s for it.
  void read_port() {
    std::string line;
    const int64_t until = now_ms() + 10'000;
    while (line.find('\n') == std::string::npos && now_ms() < until) {
      pollfd p{out_fd_, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      char c[256];
      const ssize_t n = ::read(out_fd_, c, sizeof c);
      if (n <= 0) break;
      line.append(c, static_cast<size_t>(n));
    }
    const std::string prefix = "listening on 127.0.0.1:";
    if (line.rfind(prefix, 0) == 0) port_ = std::atoi(line.c_str() + prefix.size());
  }

  pid_t pid_ = -1;
  int out_fd_ = -1;
  int port_ = 0;
};

RunResult run(const std::string& args) {
  return arena_test::run_arena_split(args);
}

std::string temp_path(const std::string& name) {
  const std::string path = arena_test::test_temp_path("unavailable_test", name);
  std::error_code ec;
  fs::remove_all(path, ec);
  return path;
}

arena::RecordsFile read(const std::string& path) {
  arena::RecordsFile file;
  std::string error;
  EXPECT_TRUE(arena::read_records(path, &file, &error)) << error;
  EXPECT_TRUE(file.torn.empty()) << file.torn;
  return file;
}

void expect_verifies(const std::string& path, size_t games) {
  const RunResult r = run("verify " + path);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("verified " + std::to_string(games) + " game"), std::string::npos) << r.out;
}

Struct parse_json(const std::string& text) {
  Struct out;
  const auto status = google::protobuf::util::JsonStringToMessage(text, &out);
  EXPECT_TRUE(status.ok()) << status.message() << "\n" << text;
  return out;
}

// The UNAVAILABLE violations of `seat` in `game`.
int unavailable_violations(const pb::GameRecord& game, int seat) {
  int count = 0;
  for (const pb::Violation& v : game.violations()) {
    count += v.seat() == seat && v.kind() == pb::Violation::UNAVAILABLE;
  }
  return count;
}

// The seat of bot `bot` (an index into the header's bots) in `game`.
int seat_of(const pb::GameRecord& game, int bot) {
  for (int s = 0; s < game.seat_bots_size(); ++s) {
    if (game.seat_bots(s) == bot) return s;
  }
  return -1;
}

// The game number in "...<before>N<after>..." (0 if `text` has no such part).
size_t game_number(const std::string& text, const std::string& before, const std::string& after) {
  const size_t at = text.find(before);
  if (at == std::string::npos) return 0;
  const size_t digits = at + before.size();
  const size_t end = text.find_first_not_of("0123456789", digits);
  if (end == digits || end == std::string::npos || text.compare(end, after.size(), after) != 0) {
    return 0;
  }
  return std::stoul(text.substr(digits, end - digits));
}

size_t count_of(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// ---------------------------------------------------------------------------------------------
// arena play

TEST(UnavailablePlay, TheRunStopsWithOneLineAndRecordsOnlyFinishedGames) {
  // 30 plays answered, the 31st ends the server: in game 3, which plays 27..39.
  VanishingServer bot(30);
  ASSERT_GT(bot.port(), 0);
  const std::string out = temp_path("stop.rec");
  const RunResult r = run("play --bots " + bot.spec() + ",random,lowest,ducker --games 5" +
                          kShortGames + " --reconnect-ms 300 --quiet --out " + out);
  EXPECT_EQ(r.exit_code, 4) << r.out << r.err;
  EXPECT_NE(r.err.find("arena: bot 'vanish' (" + bot.spec() +
                       ") did not answer for longer than the reconnect window (300 ms) in game "
                       "3; the run stops: " +
                       out +
                       " holds 2 finished games, game 3 is not recorded. `arena play` does not "
                       "resume: bring the bot back and run the command again (the same --seed "
                       "plays the same games), or add --on-unavailable forfeit to go on without "
                       "it\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "") << "no standings for a run that stopped";
  EXPECT_TRUE(bot.ended());

  const arena::RecordsFile records = read(out);
  ASSERT_EQ(records.games.size(), 2u);
  for (uint32_t g = 0; g < 2; ++g) {
    EXPECT_EQ(records.games[g].game_index(), g);
    EXPECT_EQ(records.games[g].forfeited_size(), 0);
    EXPECT_EQ(records.games[g].violations_size(), 0);
  }
  EXPECT_EQ(records.header.on_unavailable(), pb::RecordsHeader::STOP);
  EXPECT_EQ(records.header.reconnect_window_us(), 300'000);
  expect_verifies(out, 2);
}

TEST(UnavailablePlay, OnUnavailableForfeitGoesOnAndCountsFallbacks) {
  VanishingServer bot(30);
  ASSERT_GT(bot.port(), 0);
  const std::string out = temp_path("forfeit.rec");
  const RunResult r = run("play --bots " + bot.spec() + ",illegal,lowest,ducker --plugin-dir " +
                          kTestPlugins + " --games 5" + kShortGames +
                          " --reconnect-ms 300 --on-unavailable forfeit --json --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(count_of(r.err, "arena: bot 'vanish' (" + bot.spec() +
                                ") did not answer for longer than the reconnect window (300 ms) "
                                "in game 3: it forfeits that game and each of its later games "
                                "(--on-unavailable forfeit)\n"),
            1u)
      << r.err;

  const arena::RecordsFile records = read(out);
  ASSERT_EQ(records.games.size(), 5u);
  EXPECT_EQ(records.header.on_unavailable(), pb::RecordsHeader::FORFEIT);
  int illegal_plays = 0, fallbacks = 0;
  for (size_t g = 0; g < 5; ++g) {
    const pb::GameRecord& game = records.games[g];
    const bool gone = g >= 2;
    ASSERT_EQ(game.forfeited_size(), gone ? 1 : 0) << "game " << g + 1;
    if (gone) {
      EXPECT_EQ(game.forfeited(0), 0);
    }
    EXPECT_EQ(unavailable_violations(game, 0), gone ? 1 : 0) << "game " << g + 1;
    ASSERT_EQ(game.fallback_decisions_size(), 4);
    EXPECT_EQ(game.fallback_decisions(0), 0) << "the dead bot's moves were not made for it";
    fallbacks += game.fallback_decisions(1);
    for (const pb::Violation& v : game.violations()) {
      illegal_plays += v.seat() == 1 && v.kind() == pb::Violation::ILLEGAL_PLAY;
    }
    for (const pb::Violation& v : game.violations()) {
      if (v.kind() != pb::Violation::UNAVAILABLE) continue;
      // Game 3 waited out the window; later games forfeit at once, without asking the bot.
      EXPECT_NE(v.detail().find(g == 2 ? "(reconnect window 300.0 ms)"
                                       : "unavailable since an earlier game"),
                std::string::npos)
          << v.detail();
    }
  }
  EXPECT_GE(illegal_plays, 26) << "every play of games 1 and 2 at least";
  EXPECT_EQ(fallbacks, illegal_plays);
  expect_verifies(out, 5);

  const Struct json = parse_json(r.out);
  const auto& seats = json.fields().at("seats").list_value();
  ASSERT_EQ(seats.values_size(), 4);
  const auto& vanish = seats.values(0).struct_value().fields();
  const auto& illegal = seats.values(1).struct_value().fields();
  EXPECT_EQ(vanish.at("forfeits").number_value(), 3);
  EXPECT_EQ(vanish.at("fallback_decisions").number_value(), 0);
  EXPECT_EQ(illegal.at("fallback_decisions").number_value(), fallbacks);
}

TEST(UnavailablePlay, TheSummaryCountsDecisionsLeftToTheFallback) {
  const RunResult r = run("play --bots random,illegal,random,random --plugin-dir " + kTestPlugins +
                          " --games 1" + kShortGames);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("points/deal  violations  fallbacks  think ms (mean/max)\n"),
            std::string::npos)
      << r.out;
  // The illegal bot's row: all 13 plays were illegal and made by the fallback.
  std::stringstream text(r.out);
  std::vector<std::string> row;
  for (std::string line; std::getline(text, line);) {
    std::stringstream words(line);
    std::vector<std::string> tokens;
    for (std::string word; words >> word;) tokens.push_back(word);
    if (tokens.size() > 6 && tokens[0] == "1" && tokens[1] == "illegal") row = tokens;
  }
  ASSERT_FALSE(row.empty()) << r.out;
  EXPECT_EQ(row[2], "sandboxed") << r.out;  // runs as: a test plugin is not bundled
  EXPECT_EQ(row[6], "13") << r.out;         // violations
  EXPECT_EQ(row[7], "13") << r.out;         // fallbacks
}

// ---------------------------------------------------------------------------------------------
// arena tournament

// 4 bots at one 4-seat table, 2 duplicate groups of 4 rotations: 8 games of one deal each.
std::string tournament_args(const std::string& remote, const std::string& others,
                            const std::string& out) {
  return "tournament --bots " + remote + "," + others + " --plugin-dir " + kTestPlugins +
         " --games 2 --seed 7" + kShortGames + " --reconnect-ms 300 --bootstrap 0 --json --quiet" +
         " --out " + out;
}

Struct without_timing(const std::string& text) {
  Struct json = parse_json(text);
  EXPECT_EQ(json.fields().count("timing"), 1u) << text;
  json.mutable_fields()->erase("timing");
  return json;
}

TEST(UnavailableTournament, TheRunStopsAndTheSameCommandResumesToTheSameResults) {
  auto first = std::make_unique<VanishingServer>(40);
  const int port = first->port();
  ASSERT_GT(port, 0);
  const std::string spec = first->spec();
  const std::string dir = temp_path("resumed");
  const std::string args = tournament_args(spec, "random,lowest,ducker", dir);
  const RunResult stopped = run(args);
  EXPECT_EQ(stopped.exit_code, 4) << stopped.out << stopped.err;
  EXPECT_EQ(stopped.out, "") << "no results for a run that stopped";
  EXPECT_FALSE(fs::exists(dir + "/results.json"));
  const size_t lost = game_number(stopped.err,
                                  "arena: bot 'vanish' (" + spec +
                                      ") did not answer for longer than the reconnect window "
                                      "(300 ms) in game ",
                                  "; the tournament stops.");
  EXPECT_EQ(lost, 4u) << "40 plays answered: the 41st, in game 4, ends the server: " << stopped.err;
  ASSERT_GT(lost, 0u);
  EXPECT_NE(stopped.err.find("; the tournament stops. Every finished game is in " + dir +
                             "/records.rec: bring the bot back and run the same command again "
                             "to resume (game " +
                             std::to_string(lost) + " is played again)\n"),
            std::string::npos)
      << stopped.err;
  const arena::RecordsFile kept = read(dir + "/records.rec");
  ASSERT_EQ(kept.games.size(), lost - 1) << "every game before the lost one, none after";
  for (size_t g = 0; g < kept.games.size(); ++g) {
    EXPECT_EQ(kept.games[g].game_index(), g);
    EXPECT_EQ(kept.games[g].forfeited_size(), 0);
  }
  expect_verifies(dir + "/records.rec", lost - 1);
  ASSERT_TRUE(first->ended());
  first.reset();

  // The bot is back at the same address: the same command resumes and plays the lost game again.
  VanishingServer second(0, port);
  ASSERT_EQ(second.port(), port);
  const RunResult resumed = run(args);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
  EXPECT_NE(resumed.err.find("resuming: " + std::to_string(lost - 1) + " of 8 games"),
            std::string::npos)
      << resumed.err;
  expect_verifies(dir + "/records.rec", 8);

  const std::string straight_dir = temp_path("straight");
  const RunResult straight = run(tournament_args(spec, "random,lowest,ducker", straight_dir));
  ASSERT_EQ(straight.exit_code, 0) << straight.out << straight.err;
  std::string difference;
  google::protobuf::util::MessageDifferencer differ;
  differ.ReportDifferencesToString(&difference);
  EXPECT_TRUE(differ.Compare(without_timing(resumed.out), without_timing(straight.out)))
      << difference;
  const arena::RecordsFile a = read(dir + "/records.rec");
  const arena::RecordsFile b = read(straight_dir + "/records.rec");
  ASSERT_EQ(a.games.size(), 8u);
  ASSERT_EQ(b.games.size(), 8u);
  for (size_t g = 0; g < 8; ++g) {
    EXPECT_EQ(a.games[g].game_index(), b.games[g].game_index());
    EXPECT_EQ(a.games[g].violations_size(), 0) << "game " << g + 1;
    EXPECT_EQ(std::vector<int>(a.games[g].final_scores().begin(), a.games[g].final_scores().end()),
              std::vector<int>(b.games[g].final_scores().begin(), b.games[g].final_scores().end()))
        << "game " << g + 1;
  }
}

TEST(UnavailableTournament, WithGamesInFlightOnlyTheGamesBeforeTheLostOneAreKept) {
  VanishingServer bot(40);
  ASSERT_GT(bot.port(), 0);
  const std::string dir = temp_path("in-flight");
  const RunResult stopped =
      run(tournament_args(bot.spec(), "random,lowest,ducker", dir) + " --concurrency 2");
  EXPECT_EQ(stopped.exit_code, 4) << stopped.out << stopped.err;
  // Two games at a time: when the 41st play ends the server, the lost game is the earliest of
  // those in play (game 3 or 4 when both threads keep pace; game 2 or even 1 when one thread was
  // starved meanwhile, as on a loaded CI machine). No game before it may be missing, and none
  // after it, finished in flight, may be kept.
  const size_t lost = game_number(
      stopped.err, "did not answer for longer than the reconnect window (300 ms) in game ",
      "; the tournament stops");
  EXPECT_GE(lost, 1u) << stopped.err;
  EXPECT_LE(lost, 4u);
  const arena::RecordsFile kept = read(dir + "/records.rec");
  ASSERT_EQ(kept.games.size(), lost - 1);
  for (size_t g = 0; g < kept.games.size(); ++g) {
    EXPECT_EQ(kept.games[g].game_index(), g);
    EXPECT_EQ(kept.games[g].forfeited_size(), 0);
  }
  expect_verifies(dir + "/records.rec", lost - 1);
}

TEST(UnavailableTournament, OnUnavailableForfeitCompletesWithForfeitsThatVerify) {
  VanishingServer bot(40);
  ASSERT_GT(bot.port(), 0);
  const std::string dir = temp_path("forfeit");
  const RunResult r =
      run(tournament_args(bot.spec(), "illegal,lowest,ducker", dir) + " --on-unavailable forfeit");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  // One game at a time: 40 plays answered, the 41st (in game 4) ends the server.
  EXPECT_EQ(count_of(r.err, "arena: bot 'vanish' (" + bot.spec() +
                                ") did not answer for longer than the reconnect window (300 ms) "
                                "in game 4: it forfeits that game and each of its later games "
                                "(--on-unavailable forfeit)\n"),
            1u)
      << r.err;

  const arena::RecordsFile records = read(dir + "/records.rec");
  ASSERT_EQ(records.games.size(), 8u);
  EXPECT_EQ(records.header.on_unavailable(), pb::RecordsHeader::FORFEIT);
  EXPECT_EQ(records.header.reconnect_window_us(), 300'000);
  long long illegal_fallbacks = 0, illegal_plays = 0;
  for (size_t g = 0; g < 8; ++g) {
    const pb::GameRecord& game = records.games[g];
    const int vanish = seat_of(game, 0), illegal = seat_of(game, 1);
    const bool gone = g >= 3;
    ASSERT_EQ(game.forfeited_size(), gone ? 1 : 0) << "game " << g + 1;
    if (gone) {
      EXPECT_EQ(game.forfeited(0), vanish) << "game " << g + 1;
    }
    EXPECT_EQ(unavailable_violations(game, vanish), gone ? 1 : 0) << "game " << g + 1;
    ASSERT_EQ(game.fallback_decisions_size(), 4);
    illegal_fallbacks += game.fallback_decisions(illegal);
    for (const pb::Violation& v : game.violations()) {
      illegal_plays += v.seat() == illegal && v.kind() == pb::Violation::ILLEGAL_PLAY;
    }
  }
  EXPECT_GE(illegal_plays, 3 * 13) << "every play of games 1 to 3 at least";
  EXPECT_EQ(illegal_fallbacks, illegal_plays);
  expect_verifies(dir + "/records.rec", 8);

  // results.json, the tournament's output and `arena rate` show the fallback counts.
  const Struct json = parse_json(r.out);
  bool found = false;
  for (const auto& entry : json.fields().at("standings").list_value().values()) {
    const auto& fields = entry.struct_value().fields();
    const std::string name = fields.at("bot").string_value();
    ASSERT_EQ(fields.count("fallback_decisions"), 1u) << name;
    const double expected = name == "illegal" ? static_cast<double>(illegal_fallbacks) : 0.0;
    EXPECT_EQ(fields.at("fallback_decisions").number_value(), expected) << name;
    found = found || name == "illegal";
  }
  EXPECT_TRUE(found) << r.out;
  const RunResult rate = run("rate " + dir + "/records.rec --bootstrap 0");
  ASSERT_EQ(rate.exit_code, 0) << rate.out << rate.err;
  EXPECT_NE(rate.out.find(" viol fallback  think ms\n"), std::string::npos) << rate.out;
  std::stringstream text(rate.out);
  bool row_found = false;
  for (std::string row; std::getline(text, row);) {
    std::stringstream words(row);
    std::vector<std::string> tokens;
    for (std::string word; words >> word;) tokens.push_back(word);
    // Leaderboard rows start with the place; head-to-head rows with a bot's name.
    if (tokens.size() < 4 || tokens[1] != "illegal" ||
        tokens[0].find_first_not_of("0123456789") != std::string::npos) {
      continue;
    }
    row_found = true;
    EXPECT_EQ(tokens[tokens.size() - 2], std::to_string(illegal_fallbacks)) << row;
  }
  EXPECT_TRUE(row_found) << rate.out;
}

TEST(UnavailableFlags, BadValuesAreOneLineAndTheConfigFieldsAreRecorded) {
  const RunResult play = run("play --games 1 --on-unavailable skip");
  EXPECT_EQ(play.exit_code, 2);
  EXPECT_EQ(play.err, "arena: --on-unavailable must be stop or forfeit, not 'skip'\n");
  const RunResult negative = run("play --games 1 --reconnect-ms -1");
  EXPECT_EQ(negative.exit_code, 2);
  EXPECT_EQ(negative.err, "arena: --reconnect-ms must be 0 or more, not -1\n");
  const std::string dir = temp_path("config");
  const RunResult tournament =
      run("tournament --bots random,lowest --on-unavailable skip --seed 1 --out " + dir);
  EXPECT_EQ(tournament.exit_code, 2);
  EXPECT_EQ(tournament.err,
            "arena: on_unavailable (--on-unavailable) must be stop or forfeit, not 'skip'\n");

  // The config file's fields reach the records header.
  const std::string config = temp_path("config.json");
  std::ofstream(config) << R"({"bots": ["random", "lowest"], "seed": 1, "on_unavailable": )"
                        << R"("forfeit", "reconnect_ms": 250, "out": ")" << dir << R"("})";
  const RunResult configured = run("tournament --config " + config + kShortGames + " --quiet");
  ASSERT_EQ(configured.exit_code, 0) << configured.err;
  const arena::RecordsFile records = read(dir + "/records.rec");
  EXPECT_EQ(records.header.on_unavailable(), pb::RecordsHeader::FORFEIT);
  EXPECT_EQ(records.header.reconnect_window_us(), 250'000);
}

// ---------------------------------------------------------------------------------------------
// Isolated children

TEST(UnavailableIsolated, ACrashLoopIsUnavailableButACrashThatRestartsIsNot) {
  const std::string args =
      "play --bots isolated:segfault,random,random,random --plugin-dir " + kTestPlugins +
      " --set end_score=0 --reconnect-ms 100 --quiet --bot-log-dir " + temp_path("logs") +
      // No address-space limit: a sanitizer build's child needs terabytes of it for its shadow.
      " --bot-memory-mb 0";
  // Every play crashes: each restart works, but the child never answers again.
  const arena_test::RunResult loop =
      arena_test::run_arena(args + " --games 5 --set fixed_deals=2", "HEARTS_SEGFAULT_EVERY=1");
  EXPECT_EQ(loop.exit_code, 4) << loop.out;
  const size_t game = game_number(loop.out,
                                  "arena: bot 'segfault' (isolated:segfault) did not answer for "
                                  "longer than the reconnect window (100 ms) in game ",
                                  "; the run stops after ");
  EXPECT_GE(game, 1u) << loop.out;
  EXPECT_LE(game, 5u) << loop.out;
  // Every 5th play crashes and the restarted child answers: violations, never unavailability.
  const arena_test::RunResult restarts = arena_test::run_arena(
      args + " --games 2 --set fixed_deals=1 --json", "HEARTS_SEGFAULT_EVERY=5");
  ASSERT_EQ(restarts.exit_code, 0) << restarts.out;
  EXPECT_EQ(restarts.out.find("did not answer"), std::string::npos) << restarts.out;
}

}  // namespace
