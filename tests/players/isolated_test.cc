// Isolated plugins (isolated:SPEC) through the referee, with real child processes: a bot that
// segfaults, one that hangs and one that eats memory cost violations and restarts, never the
// arena; a well-behaved isolated bot plays exactly as it does in-process. And the frames between
// arena and child: observations survive the trip byte for byte, bad frames are rejected, and a
// child that sends garbage, torn frames or stale answers costs violations, not the arena.
//
// IsolatedSource starts its child from /proc/self/exe (the arena in production), so this test
// binary stands in for the arena: invoked as `... serve --bot ...` it execs the real arena
// (ARENA_BINARY) with the same arguments, keeping the memory limit, the parent-death signal and
// the log and control file descriptors the isolation set up. With ISOLATED_TEST_FAKE_CHILD set
// it is a scripted child instead (see FakeChild below).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "match/referee.h"
#include "players/bot_specs.h"
#include "players/frame_channel.h"
#include "players/isolated.h"
#include "players/isolated_child.h"
#include "players/isolated_wire.h"
#include "players/shm_channel.h"

namespace arena {
namespace {

namespace fs = std::filesystem;
using hearts::proto::GameRecord;
using hearts::proto::Violation;

const std::vector<std::string> kSearchPath = {HEARTS_TEST_PLUGIN_DIR, HEARTS_BUNDLED_PLUGIN_DIR};

hearts::CompiledRules fixed_deals(int deals) {
  hearts::Rules rules = *hearts::preset_rules("standard");
  rules.end_score = 0;
  rules.fixed_deals = deals;
  std::string error;
  auto compiled = hearts::compile(rules, &error);
  EXPECT_TRUE(compiled.has_value()) << error;
  return *compiled;
}

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A fresh log directory per test.
class Isolated : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    log_dir_ = fs::temp_directory_path() /
               ("isolated_test-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(log_dir_);
    options_.log_dir = log_dir_.string();
  }
  void TearDown() override {
    if (HasFailure()) return;  // keep the bot logs for a look
    std::error_code ec;
    fs::remove_all(log_dir_, ec);
  }

  std::shared_ptr<PlayerSource> resolve(const std::string& spec) {
    std::string error;
    auto source = resolve_bot_spec(spec, kSearchPath, &error, options_);
    EXPECT_NE(source, nullptr) << error;
    return source;
  }

  fs::path log_dir_;
  SpecOptions options_;
};

// One table: sources[s] in seat s (a source may sit in several seats).
struct Table {
  std::vector<std::unique_ptr<Player>> players;
  std::vector<Player*> seats;

  Table(const std::vector<std::shared_ptr<PlayerSource>>& sources,
        const hearts::CompiledRules& rules) {
    for (size_t s = 0; s < sources.size(); ++s) {
      hearts::BotConfig config;
      config.seat = static_cast<int>(s);
      config.num_players = static_cast<int>(sources.size());
      config.seed = 1234 + s;
      config.rules = &rules;
      std::string error;
      players.push_back(sources[s]->create(config, &error));
      EXPECT_NE(players.back(), nullptr) << error;
      seats.push_back(players.back().get());
    }
  }
};

GameRecord play_game(const hearts::CompiledRules& rules,
                     const std::vector<std::shared_ptr<PlayerSource>>& sources,
                     int64_t move_time_us = 1'000'000, uint64_t seed = 99,
                     uint32_t game_index = 0) {
  Table table(sources, rules);
  SteadyClock clock;
  RefereeOptions options;
  options.move_time_us = move_time_us;
  Referee referee(rules, options, clock);
  GameRecord record;
  referee.play_game(seed, game_index, table.seats, &record);
  return record;
}

void expect_complete(const GameRecord& record, int deals) {
  EXPECT_EQ(record.deals_size(), deals) << "the game completes";
  EXPECT_EQ(record.ranks_size(), 4);
  for (const auto& deal : record.deals()) EXPECT_EQ(deal.plays_size(), 52);
}

// Live (not zombie) child processes of this process, from /proc.
int live_children() {
  int count = 0;
  const std::string parent = std::to_string(::getpid());
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::ifstream in(entry.path() / "stat");
    std::string line;
    if (!in || !std::getline(in, line)) continue;
    // pid (comm) state ppid ...; comm may hold spaces, so parse after the last ')'.
    const size_t close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 1));
    std::string state, ppid;
    rest >> state >> ppid;
    if (ppid == parent && state != "Z") ++count;
  }
  return count;
}

std::shared_ptr<IsolatedSource> as_isolated(const std::shared_ptr<PlayerSource>& source) {
  auto isolated = std::dynamic_pointer_cast<IsolatedSource>(source);
  EXPECT_NE(isolated, nullptr);
  return isolated;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::shared_ptr<PlayerSource> plugin(const std::string& spec) {
  std::string error;
  auto source = resolve_bot_spec(spec, kSearchPath, &error);
  EXPECT_NE(source, nullptr) << error;
  return source;
}

TEST_F(Isolated, SegfaultsAreCrashViolationsAndTheBotIsRestarted) {
  ::setenv("HEARTS_SEGFAULT_EVERY", "5", 1);
  auto source = resolve("isolated:segfault");
  ASSERT_NE(source, nullptr);
  auto isolated = as_isolated(source);
  EXPECT_EQ(source->identity().name, "segfault");
  EXPECT_EQ(source->identity().transport, "isolated");
  EXPECT_EQ(source->identity().spec, "isolated:segfault");
  EXPECT_FALSE(source->identity().file_sha256.empty());
  EXPECT_EQ(live_children(), 1);

  const auto rules = fixed_deals(2);
  // 30 s a decision: this test is about crashes, and under a loaded sanitizer build a dying
  // child's crash report can take longer than a second (seen as TIMEOUT where CRASH was due).
  const GameRecord record =
      play_game(rules, {source, plugin("random"), plugin("random"), plugin("random")}, 30'000'000);
  expect_complete(record, 2);
  // Every child lives for 5 plays (its counter starts again after a restart): 26 plays, 5 crashes.
  ASSERT_EQ(record.violations_size(), 5);
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(Violation::Kind_Name(v.kind()), "CRASH") << v.detail();
    EXPECT_EQ(v.seat(), 0);
    EXPECT_EQ(v.bot(), "segfault");
    EXPECT_GE(v.trick(), 0);
#if defined(__SANITIZE_ADDRESS__)
    // ASan's own SEGV handler reports the fault and aborts (abort_on_error=1 in scripts/test).
    EXPECT_TRUE(v.detail().find("SIGSEGV") != std::string::npos ||
                v.detail().find("SIGABRT") != std::string::npos)
        << v.detail();
#else
    EXPECT_NE(v.detail().find("SIGSEGV"), std::string::npos) << v.detail();
#endif
    EXPECT_NE(v.detail().find("the bot's process was killed by signal"), std::string::npos)
        << v.detail();
    EXPECT_NE(v.detail().find("restarted"), std::string::npos) << v.detail();
    EXPECT_NE(v.detail().find(isolated->log_path()), std::string::npos) << v.detail();
  }
  EXPECT_EQ(isolated->restarts(), 5);
  EXPECT_EQ(live_children(), 1) << "the crashed children were reaped; one runs";
  // The arena process is alive (we are still here) and its bot log exists in log_dir.
  EXPECT_TRUE(fs::exists(isolated->log_path()));
  EXPECT_EQ(fs::path(isolated->log_path()).parent_path(), log_dir_);
  isolated.reset();
  source.reset();
  EXPECT_EQ(live_children(), 0) << "the child dies with its source";
}

TEST_F(Isolated, AChildThatCannotStartAgainMakesTheBotUnavailable) {
  ::setenv("HEARTS_SEGFAULT_EVERY", "5", 1);
  // A copy of the plugin, removed once the first child has loaded it: no restart can load it.
  fs::create_directories(log_dir_);
  const fs::path copy = log_dir_ / "libsegfault_copy.so";
  fs::copy_file(fs::path(HEARTS_TEST_PLUGIN_DIR) / "libsegfault_bot.so", copy);
  auto source = resolve("isolated:" + copy.string());
  ASSERT_NE(source, nullptr);
  auto isolated = as_isolated(source);
  fs::remove(copy);

  const auto rules = fixed_deals(2);
  Table table({source, plugin("random"), plugin("random"), plugin("random")}, rules);
  SteadyClock clock;
  RefereeOptions options;
  options.reconnect_window_us = 500'000;
  Referee referee(rules, options, clock);
  GameRecord record;
  const GameOutcome outcome = referee.play_game(99, 0, table.seats, &record);
  // The 5th play crashed the child; neither the restart then nor those tried again within the
  // window could load the plugin: the bot is unavailable, forfeits, and the game ends there.
  EXPECT_EQ(outcome.unavailable_seat, 0);
  ASSERT_EQ(record.violations_size(), 1);
  const Violation& v = record.violations(0);
  EXPECT_EQ(Violation::Kind_Name(v.kind()), "UNAVAILABLE") << v.detail();
  EXPECT_EQ(v.seat(), 0);
  EXPECT_NE(v.detail().find("; it could not be restarted (log: "), std::string::npos) << v.detail();
  EXPECT_NE(v.detail().find("(reconnect window 500.0 ms)"), std::string::npos) << v.detail();
  ASSERT_EQ(record.forfeited_size(), 1);
  EXPECT_EQ(record.forfeited(0), 0);
  EXPECT_EQ(record.deals_size(), 1);
  EXPECT_GE(isolated->restarts(), 2) << "restarts are tried again within the window";
  EXPECT_EQ(live_children(), 0);
}

TEST_F(Isolated, HangingBotIsKilledAndRestartedAtTheDeadline) {
  ::setenv("HEARTS_HANG_FROM_GAME", "0", 1);
  auto source = resolve("isolated:hang");
  ASSERT_NE(source, nullptr);
  auto isolated = as_isolated(source);
  const auto rules = fixed_deals(1);
  constexpr int64_t kLimitUs = 50'000;
  const int64_t start = now_ms();
  const GameRecord record =
      play_game(rules, {source, plugin("random"), plugin("random"), plugin("random")}, kLimitUs);
  const int64_t elapsed = now_ms() - start;
  expect_complete(record, 1);
  ASSERT_EQ(record.violations_size(), 13) << "every play times out; the pass is answered";
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(Violation::Kind_Name(v.kind()), "TIMEOUT") << v.detail();
    EXPECT_EQ(v.seat(), 0);
    EXPECT_EQ(v.grpc_status(), "") << "isolated plugins do not use gRPC";
    EXPECT_NE(v.detail().find("no answer within 50 ms"), std::string::npos) << v.detail();
    EXPECT_NE(v.detail().find("killed and restarted"), std::string::npos) << v.detail();
  }
  EXPECT_EQ(isolated->restarts(), 13);
  EXPECT_EQ(live_children(), 1) << "each hung child was killed";
  // Bounded: each play costs the deadline (limit + margin) plus one restart, never a hang.
  for (const auto& p : record.deals(0).plays()) {
    if (p.seat() == 0) {
      EXPECT_LT(p.think_us(), kLimitUs + 50'000 + 2'000'000);
    }
  }
  EXPECT_LT(elapsed, 20'000);
}

TEST_F(Isolated, MemoryHogHitsItsLimitAndTheGameGoesOn) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "RLIMIT_AS cannot be used with ASan's shadow memory";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "RLIMIT_AS cannot be used with ASan's shadow memory";
#endif
#endif
  options_.memory_limit_mb = 300;
  auto source = resolve("isolated:memoryhog");
  ASSERT_NE(source, nullptr);
  const auto rules = fixed_deals(2);
  // Filling 300 MiB can take over a second on a loaded machine: a generous limit keeps this
  // test about the memory limit, not the clock.
  const GameRecord record =
      play_game(rules, {source, plugin("random"), plugin("random"), plugin("random")}, 10'000'000);
  expect_complete(record, 2);
  // The hog allocates on its first play of each deal until allocation fails: a bad_alloc the
  // plugin host reports (EXCEPTION), or, if gRPC's own threads hit the limit first, a child that
  // aborts (CRASH, then restarted) or a server that cannot answer (MALFORMED, EXCEPTION).
  ASSERT_GE(record.violations_size(), 2);
  for (int deal = 0; deal < 2; ++deal) {
    const Violation* first = nullptr;
    for (const Violation& v : record.violations()) {
      if (v.deal() == deal && first == nullptr) first = &v;
    }
    ASSERT_NE(first, nullptr) << "deal " << deal;
    EXPECT_EQ(first->trick(), 0) << "the first play of the deal: " << first->detail();
    EXPECT_TRUE(first->detail().find("bad_alloc") != std::string::npos ||
                first->kind() == Violation::CRASH)
        << first->detail();
  }
  for (const Violation& v : record.violations()) {
    EXPECT_TRUE(v.kind() == Violation::EXCEPTION || v.kind() == Violation::CRASH ||
                v.kind() == Violation::MALFORMED)
        << v.detail();
    EXPECT_EQ(v.seat(), 0);
    EXPECT_EQ(v.bot(), "memoryhog");
  }
  EXPECT_EQ(live_children(), 1);
}

TEST_F(Isolated, ChildThatCannotStartIsAnErrorSayingHowItDied) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "RLIMIT_AS cannot be used with ASan's shadow memory";
#endif
  // 1 MiB of address space is too little for any process to start: the child dies at once.
  options_.memory_limit_mb = 1;
  std::string error;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(resolve_bot_spec("isolated:random", kSearchPath, &error, options_), nullptr);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(4))
      << "a dead child is noticed at once, not after the connect timeout";
  EXPECT_NE(error.find("isolated:random"), std::string::npos) << error;
  EXPECT_NE(error.find("did not come up"), std::string::npos) << error;
  EXPECT_TRUE(error.find("it was killed by signal") != std::string::npos ||
              error.find("it exited with status") != std::string::npos)
      << error;
  EXPECT_NE(error.find(log_dir_.string()), std::string::npos) << "names the log: " << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_EQ(live_children(), 0);
}

TEST_F(Isolated, ModestMemoryLimitLeavesAWellBehavedBotAlone) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "RLIMIT_AS cannot be used with ASan's shadow memory";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "RLIMIT_AS cannot be used with ASan's shadow memory";
#endif
#endif
  // The limit is on address space, which the child's gRPC threads reserve generously (glibc
  // keeps a 64 MiB malloc arena per thread): 300 MiB must still leave room to serve.
  options_.memory_limit_mb = 300;
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  const auto rules = fixed_deals(4);
  for (uint32_t game = 0; game < 3; ++game) {
    const GameRecord record = play_game(rules, {source, plugin("random"), source, plugin("random")},
                                        1'000'000, 500 + game, game);
    expect_complete(record, 4);
    EXPECT_EQ(record.violations_size(), 0)
        << (record.violations_size() ? record.violations(0).detail() : "");
  }
  EXPECT_EQ(as_isolated(source)->restarts(), 0);
}

TEST_F(Isolated, WellBehavedBotPlaysExactlyAsInProcess) {
  // One isolated source in seats 0 and 2 (the child serves both), in-process random elsewhere;
  // then the same games with random in-process everywhere.
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  auto isolated = as_isolated(source);
  EXPECT_EQ(source->identity().transport, "isolated");
  const auto rules = fixed_deals(4);
  auto random = plugin("random");
  for (uint32_t game = 0; game < 3; ++game) {
    const uint64_t seed = 1000 + game;
    const GameRecord remote =
        play_game(rules, {source, random, source, random}, 1'000'000, seed, game);
    const GameRecord local =
        play_game(rules, {random, random, random, random}, 1'000'000, seed, game);
    EXPECT_EQ(remote.violations_size(), 0)
        << (remote.violations_size() ? remote.violations(0).detail() : "");
    ASSERT_EQ(remote.deals_size(), local.deals_size());
    for (int d = 0; d < remote.deals_size(); ++d) {
      const auto& a = remote.deals(d);
      const auto& b = local.deals(d);
      ASSERT_EQ(a.plays_size(), b.plays_size());
      for (int k = 0; k < a.plays_size(); ++k) {
        EXPECT_EQ(a.plays(k).seat(), b.plays(k).seat());
        EXPECT_EQ(a.plays(k).card(), b.plays(k).card()) << "game " << game << " deal " << d;
      }
      ASSERT_EQ(a.passes_size(), b.passes_size());
      for (int k = 0; k < a.passes_size(); ++k) {
        EXPECT_EQ(a.passes(k).seat(), b.passes(k).seat());
        EXPECT_EQ(std::vector<int>(a.passes(k).cards().begin(), a.passes(k).cards().end()),
                  std::vector<int>(b.passes(k).cards().begin(), b.passes(k).cards().end()));
      }
    }
    EXPECT_EQ(std::vector<int>(remote.final_scores().begin(), remote.final_scores().end()),
              std::vector<int>(local.final_scores().begin(), local.final_scores().end()));
  }
  EXPECT_EQ(isolated->restarts(), 0);
  // The per-bot log: in log_dir, named after the plugin, with the child's startup line.
  ASSERT_TRUE(fs::exists(isolated->log_path()));
  EXPECT_EQ(fs::path(isolated->log_path()).parent_path(), log_dir_);
  EXPECT_NE(fs::path(isolated->log_path()).filename().string().find("random"), std::string::npos);
  EXPECT_NE(read_file(isolated->log_path()).find("serving bot random"), std::string::npos)
      << read_file(isolated->log_path());
}

// ---------------------------------------------------------------------------------------------
// The frames.

// A socketpair for frame tests; both ends closed at the end.
struct SocketPair {
  int fds[2] = {-1, -1};
  SocketPair() { EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds), 0); }
  ~SocketPair() {
    close_end(0);
    close_end(1);
  }
  void close_end(int k) {
    if (fds[k] >= 0) ::close(fds[k]);
    fds[k] = -1;
  }
  void write(const void* data, size_t size) {
    ASSERT_EQ(::send(fds[1], data, size, MSG_NOSIGNAL), static_cast<ssize_t>(size));
  }
};

FrameReader::Deadline in_ms(int ms) {
  return std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
}

// An observation with every field set to something distinct, pointing at `plays` and `winners`.
// A sender-side observation with every array it points to filled with distinct values.
void fill_busy_observation(const hearts::CompiledRules& rules, OwnedObservation& sender) {
  hearts::Observation& obs = sender.obs;
  // Fill every byte first (padding included), so a field that does not travel shows.
  std::memset(static_cast<void*>(&obs), 0x5A, sizeof obs);
  sender.point_at_own_arrays();
  obs.phase = hearts::Phase::kPlay;
  obs.legal = hearts::CardSet(0x1234);
  obs.rules = &rules;
  obs.seat = 2;
  obs.num_players = 4;
  obs.dealer = 3;
  obs.deal_index = 5;
  obs.game_index = 77;
  obs.passed_count = 3;
  obs.received_count = 3;
  for (int k = 0; k < 3; ++k) {
    sender.passed[k] = hearts::Card::from_id(16 + k);
    sender.received[k] = {hearts::Card::from_id(32 + k), static_cast<int8_t>(k)};
  }
  for (int k = 0; k < 21; ++k) {
    sender.plays[k] = {static_cast<uint8_t>(k % 4),
                       hearts::Card::from_id((k * 5) % 13 + 16 * (k % 4))};
  }
  for (int k = 0; k < 5; ++k) sender.trick_winners[k] = static_cast<uint8_t>(3 - k % 4);
  for (int s = 0; s < 4; ++s) {
    sender.points_taken[s] = s + 1;
    sender.tricks_won[s] = 10 + s;
    sender.scores[s] = 100 + s;
    sender.counters[s] = -20 - s;
    sender.hand_counts[s] = 7 - s;
    sender.drawn_counts[s] = 2 * s;
  }
  obs.num_plays = 21;
  obs.tricks_completed = 5;
  obs.trick_start = 20;
  obs.trick_length = 4;
  obs.lead_suit = 1;
  obs.stock_size = 9;
  obs.drawn = hearts::CardSet(0x4400);
  obs.time_left_us = 123'456;
  obs.bank_left_us = -1;
  obs.random_seed = 0xDEADBEEFCAFEull;
}

TEST(IsolatedFrames, DecisionsWithImpossibleCardsAreCaught) {
  hearts::Decision decision{};
  decision.card = hearts::Card::from_id(13);
  EXPECT_NE(check_decision(hearts::Phase::kPlay, decision).find("13 is not a card id"),
            std::string::npos);
  decision.card = hearts::Card::from_id(58);
  EXPECT_EQ(check_decision(hearts::Phase::kPlay, decision), "");
  decision.count = 7;
  EXPECT_NE(check_decision(hearts::Phase::kPass, decision), "");
  decision.count = 2;
  decision.cards[0] = hearts::Card::from_id(0);
  decision.cards[1] = hearts::Card::from_id(200);
  EXPECT_NE(check_decision(hearts::Phase::kPass, decision).find("200 is not a card id"),
            std::string::npos);
  decision.plan.kind = static_cast<hearts::PassKind>(9);
  EXPECT_NE(check_decision(hearts::Phase::kDealerChoice, decision), "");
}

TEST(IsolatedFrames, ReaderTellsGarbageTornClosedAndLateApart) {
  {
    SocketPair pair;
    const char garbage[40] = "not a frame at all, just bytes";
    pair.write(garbage, sizeof garbage);
    FrameReader reader(pair.fds[0]);
    Frame frame;
    std::string detail;
    EXPECT_EQ(reader.read(in_ms(2000), &frame, &detail), ReadStatus::kMalformed);
    EXPECT_NE(detail.find("magic"), std::string::npos) << detail;
  }
  {
    SocketPair pair;
    FrameHeader huge;
    huge.length = 1u << 30;
    pair.write(&huge, sizeof huge);
    FrameReader reader(pair.fds[0]);
    Frame frame;
    std::string detail;
    EXPECT_EQ(reader.read(in_ms(2000), &frame, &detail), ReadStatus::kMalformed);
  }
  {
    SocketPair pair;
    FrameBuffer out;
    out.begin(FrameType::kReply, 1);
    out.append_value(ReplyHead{});
    out.end();
    pair.write(out.bytes().data(), 30);  // then the sender goes away
    pair.close_end(1);
    FrameReader reader(pair.fds[0]);
    Frame frame;
    std::string detail;
    EXPECT_EQ(reader.read(in_ms(2000), &frame, &detail), ReadStatus::kTorn);
    EXPECT_NE(detail.find("30 bytes"), std::string::npos) << detail;
  }
  {
    SocketPair pair;
    FrameReader reader(pair.fds[0]);
    Frame frame;
    std::string detail;
    EXPECT_EQ(reader.read(in_ms(20), &frame, &detail), ReadStatus::kTimeout);
    // Two frames in one write, then a close: both arrive whole, then kClosed.
    FrameBuffer out;
    for (uint64_t seq : {4, 5}) {
      out.begin(FrameType::kReply, seq);
      out.append_value(seq);
      out.end();
    }
    pair.write(out.bytes().data(), out.bytes().size());
    pair.close_end(1);
    for (uint64_t seq : {4, 5}) {
      ASSERT_EQ(reader.read(in_ms(2000), &frame, &detail), ReadStatus::kOk) << detail;
      EXPECT_EQ(frame.header.seq, seq);
      uint64_t value = 0;
      std::span<const char> payload = frame.payload;
      ASSERT_TRUE(take_value(payload, &value));
      EXPECT_EQ(value, seq);
    }
    EXPECT_EQ(reader.read(in_ms(2000), &frame, &detail), ReadStatus::kClosed);
  }
}

// ---------------------------------------------------------------------------------------------
// The shared pages: what each side reads from the other is checked, whatever the bytes.

// Bytes from `rng` over the whole of *value.
template <typename T>
void scribble(std::mt19937_64& rng, T* value) {
  auto* bytes = reinterpret_cast<unsigned char*>(value);
  for (size_t k = 0; k < sizeof(T); ++k) bytes[k] = static_cast<unsigned char>(rng());
}

TEST(IsolatedPages, RepliesOfGarbageBytesAreRejectedOrChecked) {
  std::mt19937_64 rng(16);
  constexpr uint64_t kAsked = 41;
  int accepted = 0;
  for (int round = 0; round < 20'000; ++round) {
    auto reply = std::make_unique<ShmReply>();
    scribble(rng, reply.get());
    // Most rounds get a plausible head, so that the later checks are reached too.
    if (round % 4 != 0) reply->seq = kAsked;
    if (round % 4 == 1) reply->status = static_cast<ReplyStatus>(rng() % 3);
    if (round % 8 == 1) reply->detail_size = static_cast<uint32_t>(rng() % (kShmDetailMax + 2));
    std::string text, error;
    if (!read_reply(*reply, kAsked, reply->detail, &text, &error)) {
      EXPECT_FALSE(error.empty());
      EXPECT_EQ(error.find('\n'), std::string::npos) << error;
      continue;
    }
    ++accepted;
    EXPECT_EQ(reply->seq, kAsked);
    EXPECT_GE(static_cast<int>(reply->status), 0);
    EXPECT_LE(static_cast<int>(reply->status), 2);
    ASSERT_LE(text.size(), kShmDetailMax);
    for (char c : text) EXPECT_GE(static_cast<unsigned char>(c), 0x20) << "one printable line";
    // Whatever the decision's bytes, a card that is no card is named as such.
    const std::string bad = check_decision(hearts::Phase::kPlay, reply->decision);
    EXPECT_EQ(bad.empty(), reply->decision.card.is_valid()) << bad;
  }
  EXPECT_GT(accepted, 1000) << "the plausible replies got through to the decision check";

  auto reply = std::make_unique<ShmReply>();
  reply->seq = kAsked;
  std::memcpy(reply->detail, "boom\nagain", 10);
  reply->detail_size = 10;
  std::string text, error;
  ASSERT_TRUE(read_reply(*reply, kAsked, reply->detail, &text, &error)) << error;
  EXPECT_EQ(text, "boom again");
  reply->detail_size = kShmDetailMax + 1;
  EXPECT_FALSE(read_reply(*reply, kAsked, reply->detail, &text, &error));
  EXPECT_NE(error.find("bytes of detail"), std::string::npos) << error;
  reply->detail_size = 0;
  EXPECT_FALSE(read_reply(*reply, kAsked + 1, reply->detail, &text, &error));
  EXPECT_NE(error.find("an answer to request 41 (asked 42)"), std::string::npos) << error;
}

TEST(IsolatedPages, RequestsOfGarbageBytesAreRejectedOrWithinBounds) {
  const auto rules = fixed_deals(1);
  std::mt19937_64 rng(61);
  auto copy = std::make_unique<OwnedObservation>();
  auto slot = std::make_unique<ObservationSlot>();
  int accepted = 0;
  for (int round = 0; round < 20'000; ++round) {
    scribble(rng, slot.get());
    if (round % 2 == 0) {  // plausible counts, so that acceptance is reached
      slot->obs.num_players = 4;
      slot->obs.seat = static_cast<int32_t>(rng() % 4);
      slot->obs.num_plays = static_cast<int32_t>(rng() % 60);
      slot->obs.trick_start = static_cast<int32_t>(rng() % (slot->obs.num_plays + 1));
      slot->obs.tricks_completed = static_cast<int32_t>(rng() % 16);
      slot->obs.passed_count = static_cast<int32_t>(rng() % 5);
      slot->obs.received_count = static_cast<int32_t>(rng() % 5);
    }
    std::string error;
    if (!take_observation_slot(*slot, &rules, copy.get(), &error)) {
      EXPECT_FALSE(error.empty());
      continue;
    }
    ++accepted;
    const hearts::Observation& obs = copy->obs;
    EXPECT_EQ(obs.rules, &rules);
    EXPECT_EQ(obs.plays, copy->plays.data()) << "pointers are the receiver's own";
    EXPECT_EQ(obs.scores, copy->scores.data());
    EXPECT_TRUE(obs.seat >= 0 && obs.seat < 4);
    EXPECT_TRUE(obs.num_plays >= 0 && obs.num_plays <= hearts::kMaxPlays);
    EXPECT_TRUE(obs.trick_start >= 0 && obs.trick_start <= obs.num_plays);
    EXPECT_TRUE(obs.tricks_completed >= 0 && obs.tricks_completed <= hearts::kMaxTricks);
    EXPECT_TRUE(obs.passed_count >= 0 && obs.passed_count <= hearts::kMaxPassCards);
    EXPECT_TRUE(obs.received_count >= 0 && obs.received_count <= hearts::kMaxPassCards);
  }
  EXPECT_GT(accepted, 1000);
}

TEST(IsolatedPages, ObservationTravelsThroughItsSlotByteForByte) {
  const auto rules = fixed_deals(3);
  auto sender = std::make_unique<OwnedObservation>();
  fill_busy_observation(rules, *sender);
  auto slot = std::make_unique<ObservationSlot>();
  fill_observation_slot(sender->obs, slot.get());
  auto received = std::make_unique<OwnedObservation>();
  std::string error;
  ASSERT_TRUE(take_observation_slot(*slot, &rules, received.get(), &error)) << error;
  const hearts::Observation& a = sender->obs;
  const hearts::Observation& b = received->obs;
  EXPECT_EQ(b.legal, a.legal);
  EXPECT_EQ(b.random_seed, a.random_seed);
  EXPECT_EQ(b.time_left_us, a.time_left_us);
  ASSERT_EQ(b.num_plays, a.num_plays);
  for (int k = 0; k < a.num_plays; ++k) {
    EXPECT_EQ(b.plays[k].seat, a.plays[k].seat);
    EXPECT_EQ(b.plays[k].card, a.plays[k].card);
  }
  for (int k = 0; k < a.tricks_completed; ++k) EXPECT_EQ(b.trick_winners[k], a.trick_winners[k]);
  for (int k = 0; k < a.passed_count; ++k) EXPECT_EQ(b.passed[k], a.passed[k]);
  for (int k = 0; k < a.received_count; ++k) EXPECT_EQ(b.received[k].card, a.received[k].card);
  for (int s = 0; s < hearts::kMaxPlayers; ++s) {
    EXPECT_EQ(b.points_taken[s], a.points_taken[s]);
    EXPECT_EQ(b.tricks_won[s], a.tricks_won[s]);
    EXPECT_EQ(b.scores[s], a.scores[s]);
    EXPECT_EQ(b.counters[s], a.counters[s]);
    EXPECT_EQ(b.hand_counts[s], a.hand_counts[s]);
    EXPECT_EQ(b.drawn_counts[s], a.drawn_counts[s]);
  }
  // The pointers lead to the receiver's copies...
  EXPECT_EQ(b.rules, &rules);
  EXPECT_EQ(b.plays, received->plays.data());
  EXPECT_EQ(b.trick_winners, received->trick_winners.data());
  EXPECT_EQ(b.passed, received->passed.data());
  EXPECT_EQ(b.received, received->received.data());
  EXPECT_EQ(b.scores, received->scores.data());
  // ...and everything else is the sender's bytes, whatever fields Observation has.
  hearts::Observation same = b;
  same.rules = a.rules;
  same.plays = a.plays;
  same.trick_winners = a.trick_winners;
  same.passed = a.passed;
  same.received = a.received;
  same.points_taken = a.points_taken;
  same.tricks_won = a.tricks_won;
  same.scores = a.scores;
  same.counters = a.counters;
  same.scores_imag = a.scores_imag;
  same.hand_counts = a.hand_counts;
  same.drawn_counts = a.drawn_counts;
  EXPECT_EQ(std::memcmp(&same, &a, sizeof a), 0);
}

TEST(IsolatedPages, InconsistentObservationSlotsAreRejected) {
  const auto rules = fixed_deals(3);
  auto sender = std::make_unique<OwnedObservation>();
  fill_busy_observation(rules, *sender);
  auto slot = std::make_unique<ObservationSlot>();
  fill_observation_slot(sender->obs, slot.get());
  auto copy = std::make_unique<OwnedObservation>();
  std::string error;
  EXPECT_FALSE(take_observation_slot(*slot, nullptr, copy.get(), &error)) << "no rules sent";
  EXPECT_NE(error.find("no rules"), std::string::npos) << error;
  for (auto spoil : std::vector<std::function<void(hearts::Observation&)>>{
           [](hearts::Observation& o) { o.num_plays = hearts::kMaxPlays + 1; },
           [](hearts::Observation& o) { o.num_plays = -1; },
           [](hearts::Observation& o) { o.tricks_completed = hearts::kMaxTricks + 1; },
           [](hearts::Observation& o) { o.trick_start = o.num_plays + 1; },
           [](hearts::Observation& o) { o.trick_start = -1; },
           [](hearts::Observation& o) { o.passed_count = 7; },
           [](hearts::Observation& o) { o.seat = 4; },
           [](hearts::Observation& o) { o.num_players = 5; }}) {
    auto bad = std::make_unique<ObservationSlot>(*slot);
    spoil(bad->obs);
    error.clear();
    EXPECT_FALSE(take_observation_slot(*bad, &rules, copy.get(), &error));
    EXPECT_FALSE(error.empty());
  }
}

// Pids of the live children of this process.
std::vector<pid_t> child_pids() {
  std::vector<pid_t> pids;
  const std::string parent = std::to_string(::getpid());
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::ifstream in(entry.path() / "stat");
    std::string line;
    if (!in || !std::getline(in, line)) continue;
    const size_t close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 1));
    std::string state, ppid;
    rest >> state >> ppid;
    if (ppid == parent && state != "Z") pids.push_back(std::stoi(entry.path().filename().string()));
  }
  return pids;
}

// How often `word` occurs in the file at `path`.
size_t occurrences(const std::string& path, const std::string& word) {
  const std::string text = read_file(path);
  size_t count = 0;
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++count;
  return count;
}

TEST_F(Isolated, ChildKilledMidHandoffIsACrashAndTheNextDecisionWorks) {
  // The bot takes the request and blocks (saying so in its log); the test then kills its process
  // with SIGKILL while the arena waits on the page. Three times, each after a restart.
  ::setenv("HEARTS_BLOCK_FROM_GAME", "1", 1);
  auto source = resolve("isolated:blocking");
  ASSERT_NE(source, nullptr);
  auto isolated = as_isolated(source);
  const auto rules = fixed_deals(1);
  hearts::BotConfig config;
  config.seat = 2;
  config.num_players = 4;
  config.seed = 5;
  config.rules = &rules;
  std::string error;
  std::unique_ptr<Player> player = source->create(config, &error);
  ASSERT_NE(player, nullptr) << error;
  auto obs = std::make_unique<OwnedObservation>();
  fill_busy_observation(rules, *obs);
  obs->obs.time_left_us = 60'000'000;  // the kill, not the clock, ends the blocked call
  for (int kill = 1; kill <= 3; ++kill) {
    obs->obs.game_index = 0;
    hearts::Decision decision{};
    CallResult call = player->decide(obs->obs, &decision);
    ASSERT_EQ(call.status, CallStatus::kOk) << call.detail;
    EXPECT_EQ(decision.card, obs->obs.legal.lowest()) << "the restarted child answers";

    obs->obs.game_index = 1;  // this one blocks
    const size_t blocked_before = occurrences(isolated->log_path(), "blocked");
    std::thread decider([&] { call = player->decide(obs->obs, &decision); });
    const int64_t until = now_ms() + 30'000;
    size_t blocked = blocked_before;
    while (blocked == blocked_before && now_ms() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      blocked = occurrences(isolated->log_path(), "blocked");
    }
    const std::vector<pid_t> pids = child_pids();
    ASSERT_EQ(pids.size(), 1u);
    ASSERT_GT(blocked, blocked_before) << "the bot took the request";
    ASSERT_EQ(::kill(pids[0], SIGKILL), 0);
    decider.join();
    EXPECT_EQ(call.status, CallStatus::kCrash) << call.detail;
    EXPECT_NE(call.detail.find("was killed by signal 9 (SIGKILL)"), std::string::npos)
        << call.detail;
    EXPECT_NE(call.detail.find("restarted"), std::string::npos) << call.detail;
    EXPECT_EQ(isolated->restarts(), kill);
  }
  obs->obs.game_index = 0;
  hearts::Decision decision{};
  const CallResult call = player->decide(obs->obs, &decision);
  EXPECT_EQ(call.status, CallStatus::kOk) << call.detail;
  EXPECT_EQ(live_children(), 1);
}

// ---------------------------------------------------------------------------------------------
// A scripted child that misbehaves on the wire (FakeChild below), through the referee.

// Sets ISOLATED_TEST_FAKE_CHILD (and the record file) for the children started in one test.
struct FakeChildMode {
  explicit FakeChildMode(const std::string& mode, const std::string& record = "") {
    ::setenv("ISOLATED_TEST_FAKE_CHILD", mode.c_str(), 1);
    ::setenv("ISOLATED_TEST_RECORD", record.c_str(), 1);
  }
  ~FakeChildMode() {
    ::unsetenv("ISOLATED_TEST_FAKE_CHILD");
    ::unsetenv("ISOLATED_TEST_RECORD");
  }
};

GameRecord play_fake(const std::shared_ptr<PlayerSource>& source, int deals) {
  const auto rules = fixed_deals(deals);
  return play_game(rules, {source, plugin("random"), plugin("random"), plugin("random")});
}

// Every violation in `record` is of `kind` with `text` in its detail, and there are `count`.
void expect_violations(const GameRecord& record, int count, const std::string& kind,
                       const std::string& text) {
  ASSERT_EQ(record.violations_size(), count);
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(Violation::Kind_Name(v.kind()), kind) << v.detail();
    EXPECT_NE(v.detail().find(text), std::string::npos) << v.detail();
  }
}

TEST_F(Isolated, GarbageRepliesAreMalformedAndTheArenaGoesOn) {
  FakeChildMode mode("garbage");
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  EXPECT_EQ(source->identity().name, "fake");
  const GameRecord record = play_fake(source, 2);
  expect_complete(record, 2);
  // Every pass and play of seat 0.
  expect_violations(record, 28, "MALFORMED", "a reply of status 2071690107");
  EXPECT_EQ(as_isolated(source)->restarts(), 0) << "a bad frame drops the channel, not the child";
}

TEST_F(Isolated, RepliesWhoseSlotContradictsTheirWordAreMalformed) {
  FakeChildMode mode("wrong-seq");
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  const GameRecord record = play_fake(source, 1);
  expect_complete(record, 1);
  expect_violations(record, 14, "MALFORMED", "an answer to request");
  EXPECT_EQ(as_isolated(source)->restarts(), 0);
}

TEST_F(Isolated, ChildDyingMidReplyIsACrashAndRestarted) {
  FakeChildMode mode("torn-exit");
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  const GameRecord record = play_fake(source, 1);
  expect_complete(record, 1);
  expect_violations(record, 14, "CRASH", "exited with status 3");
  EXPECT_EQ(as_isolated(source)->restarts(), 14);
  EXPECT_EQ(live_children(), 1);
}

TEST_F(Isolated, StaleAnswersAreNeverTakenForNewOnes) {
  // Before each real answer the child sends an answer to the previous request (an impossible
  // card): the sequence number tells it apart, and the game has no violations.
  FakeChildMode mode("stale");
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  const GameRecord record = play_fake(source, 2);
  expect_complete(record, 2);
  EXPECT_EQ(record.violations_size(), 0)
      << (record.violations_size() ? record.violations(0).detail() : "");
}

TEST_F(Isolated, AnswersToRequestsNotYetMadeAreMalformed) {
  FakeChildMode mode("ahead");
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  const GameRecord record = play_fake(source, 1);
  expect_complete(record, 1);
  ASSERT_EQ(record.violations_size(), 14);
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(Violation::Kind_Name(v.kind()), "MALFORMED") << v.detail();
    EXPECT_NE(v.detail().find("an answer to request"), std::string::npos) << v.detail();
  }
}

TEST_F(Isolated, ChildGetsTheBotConfigOnceAndEveryNotification) {
  const std::string record_path = (log_dir_ / "fake-record.txt").string();
  fs::create_directories(log_dir_);
  FakeChildMode mode("record", record_path);
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  const auto rules = fixed_deals(2);
  const GameRecord record = play_game(rules, {source, plugin("random"), source, plugin("random")});
  expect_complete(record, 2);
  EXPECT_EQ(record.violations_size(), 0)
      << (record.violations_size() ? record.violations(0).detail() : "");
  // One channel per seat: the bot is created once with that seat's config; the rules travel
  // once; every deal end and the game end arrive, with their kind and deal.
  std::istringstream lines(read_file(record_path));
  std::map<std::string, int> count;
  std::string line;
  while (std::getline(lines, line)) ++count[line];
  EXPECT_EQ(count["create seat 0 seed 1234"], 1);
  EXPECT_EQ(count["create seat 2 seed 1236"], 1);
  EXPECT_EQ(count["rules"], 2) << "once per channel";
  EXPECT_EQ(count["notify 1 deal 0"], 2);
  EXPECT_EQ(count["notify 1 deal 1"], 2);
  EXPECT_EQ(count["notify 2 deal 1"], 2);
}

// An isolated child passes on which notifications its plugin handles (its hello), and the
// referee sends it no other: `notice` handles deal ends only but would log a game end that came;
// `noticeold` says nothing and gets both. Each logs to its child's log (the sandbox's stderr).
TEST_F(Isolated, ChildGetsOnlyTheNotificationsItsPluginHandles) {
  ::unsetenv("HEARTS_NOTICE_LOG");
  auto notice = resolve("isolated:notice");
  auto old = resolve("isolated:noticeold");
  ASSERT_NE(notice, nullptr);
  ASSERT_NE(old, nullptr);
  EXPECT_EQ(notice->identity().notifications, hearts::notification_bit(hearts::kNotifyDealEnd));
  EXPECT_EQ(old->identity().notifications, hearts::kEveryNotification);
  const GameRecord record = play_game(fixed_deals(2), {notice, plugin("random"), old, notice});
  expect_complete(record, 2);
  EXPECT_EQ(record.violations_size(), 0)
      << (record.violations_size() ? record.violations(0).detail() : "");
  notice.reset();  // the children end, and their logs are complete
  old.reset();
  std::vector<std::string> lines;
  for (const auto& entry : fs::directory_iterator(log_dir_)) {
    std::istringstream log(read_file(entry.path().string()));
    for (std::string line; std::getline(log, line);) {
      if (line.starts_with("notice")) lines.push_back(line);
    }
  }
  std::sort(lines.begin(), lines.end());
  const std::vector<std::string> expected = {
      "notice deal_end 0",    "notice deal_end 0",    "notice deal_end 1", "notice deal_end 1",
      "noticeold deal_end 0", "noticeold deal_end 1", "noticeold game_end"};
  EXPECT_EQ(lines, expected);
}

// A child's hello says which notifications its bot handles; a hostile one that names kinds
// there are not (every bit set) is read as naming only the kinds there are.
TEST(IsolatedHello, CarriesTheNotificationsAndOnlyKindsThereAre) {
  const auto read_back = [](uint32_t notifications) {
    BotIdentity sent;
    sent.name = "hello";
    sent.notifications = notifications;
    FrameBuffer frame;
    frame.begin(FrameType::kHello, 0);
    const size_t payload_start = frame.bytes().size();
    append_hello(sent, &frame);
    frame.end();
    std::vector<char> payload(frame.bytes().begin() + static_cast<std::ptrdiff_t>(payload_start),
                              frame.bytes().end());
    std::memcpy(payload.data() + offsetof(HelloHead, notifications), &notifications,
                sizeof notifications);  // as a child would write it, whatever the host's masks
    BotIdentity read;
    std::string error;
    EXPECT_TRUE(read_hello(payload, &read, &error)) << error;
    EXPECT_EQ(read.name, "hello");
    return read.notifications;
  };
  const uint32_t deal_end = hearts::notification_bit(hearts::kNotifyDealEnd);
  EXPECT_EQ(read_back(0), 0u);
  EXPECT_EQ(read_back(deal_end), deal_end);
  EXPECT_EQ(read_back(0xFFFFFFFFu), hearts::kEveryNotification);
}

// Whether `pid` is running (not gone, not a zombie).
bool running(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!in || !std::getline(in, line)) return false;
  const size_t close = line.rfind(')');
  return close != std::string::npos && line.size() > close + 2 && line[close + 2] != 'Z';
}

TEST_F(Isolated, ChildDiesWithTheArena) {
  // A stand-in arena (a fork of this test) starts an isolated bot, reports the child's pid and
  // dies without any cleanup; the child must not outlive it.
  int report[2];
  ASSERT_EQ(::pipe(report), 0);
  const pid_t arena = ::fork();
  ASSERT_GE(arena, 0);
  if (arena == 0) {
    ::close(report[0]);
    std::string error;
    auto source = resolve_bot_spec("isolated:random", kSearchPath, &error, options_);
    pid_t child = -1;
    for (const auto& entry : fs::directory_iterator("/proc")) {
      std::ifstream in(entry.path() / "stat");
      std::string line;
      if (!in || !std::getline(in, line)) continue;
      const size_t close = line.rfind(')');
      if (close == std::string::npos) continue;
      std::istringstream rest(line.substr(close + 1));
      std::string state;
      pid_t ppid = 0;
      rest >> state >> ppid;
      if (ppid == ::getpid()) child = std::stoi(entry.path().filename().string());
    }
    const ssize_t written = ::write(report[1], &child, sizeof child);
    ::_exit(source != nullptr && written == sizeof child ? 0 : 1);
  }
  ::close(report[1]);
  pid_t child = -1;
  ASSERT_EQ(::read(report[0], &child, sizeof child), static_cast<ssize_t>(sizeof child));
  ::close(report[0]);
  int status = 0;
  ASSERT_EQ(::waitpid(arena, &status, 0), arena);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  ASSERT_GT(child, 0) << "the stand-in arena started a child";
  const int64_t until = now_ms() + 5'000;
  while (running(child) && now_ms() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_FALSE(running(child)) << "child " << child << " outlived its arena";
}

// The referee's forfeit policy applies to isolated bots as to any other.
TEST_F(Isolated, TooManyCrashesForfeitAndTheGameGoesOn) {
  FakeChildMode mode("torn-exit");
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  const auto rules = fixed_deals(2);
  Table table({source, plugin("random"), plugin("random"), plugin("random")}, rules);
  SteadyClock clock;
  RefereeOptions options;
  options.move_time_us = 1'000'000;
  options.forfeit_after = 3;
  Referee referee(rules, options, clock);
  GameRecord record;
  referee.play_game(7, 0, table.seats, &record);
  EXPECT_EQ(record.violations_size(), 3);
  ASSERT_EQ(record.forfeited_size(), 1);
  EXPECT_EQ(record.forfeited(0), 0);
  EXPECT_EQ(record.ranks_size(), 4) << "the game is still ranked";
  EXPECT_EQ(live_children(), 1) << "the restarted child runs";
}

// A throughput figure for docs/performance.md, not a check on it: run with
// --gtest_also_run_disabled_tests --gtest_filter='*Throughput*'.
TEST_F(Isolated, ChildRestartedFromAThreadThatEndsKeepsRunning) {
  // The parent-death signal follows the thread that forked: a child restarted from a tournament
  // worker must not die when that worker's thread ends while other tables still play.
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  auto isolated = as_isolated(source);
  IsolatedChild& child = isolated->first_child();
  std::thread worker([&] { child.restart(child.generation()); });
  worker.join();
  EXPECT_EQ(isolated->restarts(), 1);
  const auto rules = fixed_deals(2);
  auto random = plugin("random");
  for (uint32_t game = 0; game < 3; ++game) {
    const GameRecord record =
        play_game(rules, {source, random, source, random}, 1'000'000, 500 + game, game);
    EXPECT_EQ(record.violations_size(), 0)
        << (record.violations_size() ? record.violations(0).detail() : "");
  }
  EXPECT_EQ(isolated->restarts(), 1) << "no crash and no further restart";
  EXPECT_EQ(live_children(), 1);
}

// What must not depend on which thread played a game, or what else ran at the time: every card
// played and every violation's kind and place (think times and details are left out).
std::string game_shape(const GameRecord& record) {
  std::string shape;
  for (const auto& deal : record.deals()) {
    for (const auto& play : deal.plays()) shape += std::to_string(play.card()) + ",";
    shape += "|";
  }
  for (const Violation& v : record.violations()) {
    shape += Violation::Kind_Name(v.kind()) + "@" + std::to_string(v.deal()) + "/" +
             std::to_string(v.trick()) + "/" + std::to_string(v.seat()) + ";";
  }
  return shape;
}

TEST_F(Isolated, TablesOnDifferentThreadsHaveTheirOwnChild) {
  // A crash on one table must not fail a call another table makes at the same time: each thread
  // that seats the bot gets a child process of its own, so every game comes out as if alone.
  auto source = resolve("isolated:segfault");
  ASSERT_NE(source, nullptr);
  auto random = plugin("random");
  const auto rules = fixed_deals(2);
  constexpr uint32_t kGames = 6;
  // A generous limit: under a sanitizer a dying child writes its report first, and two of them
  // at once can take over a second, which would turn the crash into a timeout.
  auto play = [&](uint32_t game) {
    return game_shape(
        play_game(rules, {source, random, source, random}, 30'000'000, 700 + game, game));
  };
  std::vector<std::string> alone(kGames);
  for (uint32_t game = 0; game < kGames; ++game) alone[game] = play(game);
  ASSERT_NE(alone[0].find("CRASH"), std::string::npos) << "the bot does crash: " << alone[0];

  std::vector<std::string> together(kGames);
  std::thread odd([&] {
    for (uint32_t game = 1; game < kGames; game += 2) together[game] = play(game);
  });
  for (uint32_t game = 0; game < kGames; game += 2) together[game] = play(game);
  odd.join();
  for (uint32_t game = 0; game < kGames; ++game) {
    EXPECT_EQ(together[game], alone[game]) << "game " << game;
  }
  EXPECT_EQ(as_isolated(source)->lanes(), 2) << "this thread's child and the other thread's";
  EXPECT_EQ(live_children(), 2);
}

// ---------------------------------------------------------------------------------------------
// Entrants of one plugin file share a child per thread (isolated_pool.h).

// The process ids that instance_probe instances printed (HEARTS_PROBE_SAY_PID) into the logs in
// `dir`, one per instance made.
std::vector<std::string> probe_pids(const fs::path& dir) {
  std::vector<std::string> pids;
  const std::string marker = "instance_probe in process ";
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::istringstream lines(read_file(entry.path().string()));
    for (std::string line; std::getline(lines, line);) {
      if (line.starts_with(marker)) pids.push_back(line.substr(marker.size()));
    }
  }
  return pids;
}

TEST_F(Isolated, EntrantsOfOnePluginFileShareOneChild) {
  ::setenv("HEARTS_PROBE_SAY_PID", "1", 1);
  auto first = resolve("isolated:instance_probe");
  auto second = resolve("isolated:instance_probe");
  ::unsetenv("HEARTS_PROBE_SAY_PID");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(&as_isolated(first)->first_child(), &as_isolated(second)->first_child());
  EXPECT_EQ(first->identity().spec, "isolated:instance_probe") << "each keeps its own identity";
  EXPECT_EQ(live_children(), 1);

  const auto rules = fixed_deals(1);
  const GameRecord record = play_game(rules, {first, second, first, second});
  expect_complete(record, 1);
  EXPECT_EQ(record.violations_size(), 0)
      << (record.violations_size() ? record.violations(0).detail() : "");
  // The bot in every seat said which process it runs in: all four in the one child.
  const std::vector<pid_t> children = child_pids();
  ASSERT_EQ(children.size(), 1u);
  const std::vector<std::string> pids = probe_pids(log_dir_);
  EXPECT_EQ(pids.size(), 4u) << "one instance per seat";
  for (const std::string& pid : pids) EXPECT_EQ(pid, std::to_string(children[0]));
  EXPECT_EQ(as_isolated(first)->lanes(), 1);
  EXPECT_EQ(as_isolated(second)->lanes(), 1);

  // The child goes with the last entrant that uses it, not the first.
  first.reset();
  EXPECT_EQ(live_children(), 1);
  const GameRecord alone = play_game(rules, {second, second, second, second});
  EXPECT_EQ(alone.violations_size(), 0);
  second.reset();
  EXPECT_EQ(live_children(), 0);
}

TEST_F(Isolated, DifferentPluginFilesOrChildOptionsNeverShareAChild) {
  auto random = resolve("isolated:random");
  auto lowest = resolve("isolated:lowest");
  ASSERT_NE(random, nullptr);
  ASSERT_NE(lowest, nullptr);
  // A byte-for-byte copy of the same plugin at another path is another file.
  fs::create_directories(log_dir_ / "copy");
  const fs::path copy = log_dir_ / "copy" / fs::path(random->identity().path).filename();
  fs::copy_file(random->identity().path, copy);
  auto copied = resolve("isolated:" + copy.string());
  ASSERT_NE(copied, nullptr);
  EXPECT_EQ(copied->identity().file_sha256, random->identity().file_sha256);
  // The same file under another memory limit is another child.
  options_.memory_limit_mb = 2048;
  auto limited = resolve("isolated:random");
  ASSERT_NE(limited, nullptr);

  std::vector<IsolatedChild*> children;
  for (const auto& source : {random, lowest, copied, limited}) {
    children.push_back(&as_isolated(source)->first_child());
  }
  for (size_t a = 0; a < children.size(); ++a) {
    for (size_t b = a + 1; b < children.size(); ++b) EXPECT_NE(children[a], children[b]);
  }
  EXPECT_EQ(live_children(), 4);
  const GameRecord record = play_game(fixed_deals(1), {random, lowest, copied, limited});
  EXPECT_EQ(record.violations_size(), 0)
      << (record.violations_size() ? record.violations(0).detail() : "");
  EXPECT_EQ(live_children(), 4);
}

TEST_F(Isolated, SharedChildKilledCostsOneCrashAndEverySeatGoesOn) {
  // Two entrants of one file, a player each on this thread, both in the one child. The child is
  // killed while idle: the seat that asks next sees the crash (one violation, one restart); the
  // other seat's next decision goes to the restarted child without a violation.
  auto first = resolve("isolated:random");
  auto second = resolve("isolated:random");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  const auto rules = fixed_deals(1);
  auto make_player = [&](const std::shared_ptr<PlayerSource>& source, int seat) {
    hearts::BotConfig config;
    config.seat = seat;
    config.num_players = 4;
    config.seed = 5;
    config.rules = &rules;
    std::string error;
    std::unique_ptr<Player> player = source->create(config, &error);
    EXPECT_NE(player, nullptr) << error;
    return player;
  };
  std::unique_ptr<Player> a = make_player(first, 2);
  std::unique_ptr<Player> b = make_player(second, 2);
  ASSERT_TRUE(a && b);
  auto obs = std::make_unique<OwnedObservation>();
  fill_busy_observation(rules, *obs);
  hearts::Decision decision{};
  ASSERT_EQ(a->decide(obs->obs, &decision).status, CallStatus::kOk);
  ASSERT_EQ(b->decide(obs->obs, &decision).status, CallStatus::kOk);
  for (int kill = 1; kill <= 2; ++kill) {
    const std::vector<pid_t> pids = child_pids();
    ASSERT_EQ(pids.size(), 1u) << "one child serves both entrants";
    ASSERT_EQ(::kill(pids[0], SIGKILL), 0);
    // Alternately the first and the second entrant asks first.
    Player& asks_first = kill % 2 ? *a : *b;
    Player& asks_next = kill % 2 ? *b : *a;
    const CallResult crashed = asks_first.decide(obs->obs, &decision);
    EXPECT_EQ(crashed.status, CallStatus::kCrash) << crashed.detail;
    EXPECT_NE(crashed.detail.find("SIGKILL"), std::string::npos) << crashed.detail;
    const CallResult next = asks_next.decide(obs->obs, &decision);
    EXPECT_EQ(next.status, CallStatus::kOk) << next.detail;
    EXPECT_TRUE(obs->obs.legal.contains(decision.card));
    const CallResult again = asks_first.decide(obs->obs, &decision);
    EXPECT_EQ(again.status, CallStatus::kOk) << again.detail;
    EXPECT_EQ(as_isolated(first)->restarts(), kill) << "one restart per crash, seen by both";
    EXPECT_EQ(as_isolated(second)->restarts(), kill);
  }
  EXPECT_EQ(live_children(), 1);
}

TEST_F(Isolated, SharedChildCrashingMidGameCostsTheDecidingSeatOnly) {
  // Two entrants of the segfault bot at one table share a child; each crash (of whichever
  // instance reaches its fifth play) is one CRASH for the seat that was deciding and one restart,
  // and the other entrant's seat plays on in the restarted child.
  ::setenv("HEARTS_SEGFAULT_EVERY", "5", 1);
  auto first = resolve("isolated:segfault");
  auto second = resolve("isolated:segfault");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  auto random = plugin("random");
  const GameRecord record = play_game(fixed_deals(2), {first, random, second, random}, 30'000'000);
  expect_complete(record, 2);
  ASSERT_GT(record.violations_size(), 0) << "the bot does crash";
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(Violation::Kind_Name(v.kind()), "CRASH") << v.detail();
    EXPECT_TRUE(v.seat() == 0 || v.seat() == 2) << v.seat();
  }
  // One violation per restart: no seat paid for another seat's crash.
  EXPECT_EQ(as_isolated(first)->restarts(), record.violations_size());
  EXPECT_EQ(as_isolated(second)->restarts(), record.violations_size());
  EXPECT_EQ(live_children(), 1);
}

TEST_F(Isolated, EntrantsSharingChildrenPlayTheSameGamesOnAnyThread) {
  // Two entrants of one file on two threads at once: each thread has its own shared child, and
  // every game comes out as it does alone.
  auto first = resolve("isolated:segfault");
  auto second = resolve("isolated:segfault");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  auto random = plugin("random");
  const auto rules = fixed_deals(2);
  constexpr uint32_t kGames = 6;
  auto play = [&](uint32_t game) {
    return game_shape(
        play_game(rules, {first, random, second, random}, 30'000'000, 900 + game, game));
  };
  std::vector<std::string> alone(kGames);
  for (uint32_t game = 0; game < kGames; ++game) alone[game] = play(game);
  ASSERT_NE(alone[0].find("CRASH"), std::string::npos) << "the bot does crash: " << alone[0];
  std::vector<std::string> together(kGames);
  std::thread odd([&] {
    for (uint32_t game = 1; game < kGames; game += 2) together[game] = play(game);
  });
  for (uint32_t game = 0; game < kGames; game += 2) together[game] = play(game);
  odd.join();
  for (uint32_t game = 0; game < kGames; ++game) {
    EXPECT_EQ(together[game], alone[game]) << "game " << game;
  }
  EXPECT_EQ(as_isolated(first)->lanes(), 2) << "one shared child per thread";
  EXPECT_EQ(as_isolated(second)->lanes(), 2);
  EXPECT_EQ(live_children(), 2);
}

TEST_F(Isolated, APlayerGoneLeavesItsPageToTheNextWithAFreshBot) {
  // Three players, one after another, on this thread's child: each gets a bot instance of its
  // own (instance_probe plays its lowest legal card first, then the next), and all three use
  // the one channel page the first was given.
  const size_t pages_before = occurrences("/proc/self/maps", "arena-channel");
  auto source = resolve("isolated:instance_probe");
  ASSERT_NE(source, nullptr);
  const auto rules = fixed_deals(1);
  auto obs = std::make_unique<OwnedObservation>();
  fill_busy_observation(rules, *obs);
  for (int round = 0; round < 3; ++round) {
    hearts::BotConfig config;
    config.seat = 2;
    config.num_players = 4;
    config.seed = 5;
    config.rules = &rules;
    std::string error;
    std::unique_ptr<Player> player = source->create(config, &error);
    ASSERT_NE(player, nullptr) << error;
    for (int n = 0; n < 2; ++n) {
      hearts::Decision decision{};
      const CallResult call = player->decide(obs->obs, &decision);
      ASSERT_EQ(call.status, CallStatus::kOk) << call.detail;
      EXPECT_EQ(decision.card, obs->obs.legal.nth(n)) << "round " << round << ": a fresh bot";
    }
  }
  // The page stays mapped on both sides, waiting for the next player; no other was made.
  EXPECT_EQ(occurrences("/proc/self/maps", "arena-channel"), pages_before + 1);
  const std::vector<pid_t> pids = child_pids();
  ASSERT_EQ(pids.size(), 1u);
  EXPECT_EQ(occurrences("/proc/" + std::to_string(pids[0]) + "/maps", "arena-channel"), 1u)
      << read_file("/proc/" + std::to_string(pids[0]) + "/maps");
  source.reset();
  EXPECT_EQ(occurrences("/proc/self/maps", "arena-channel"), pages_before)
      << "the page goes with the child";
}

TEST_F(Isolated, DISABLED_Throughput) {
  auto source = resolve("isolated:random");
  ASSERT_NE(source, nullptr);
  auto random = plugin("random");
  const auto rules = fixed_deals(4);
  for (const bool all_seats : {false, true}) {
    int64_t decisions = 0;
    int64_t think_us = 0;
    const auto start = std::chrono::steady_clock::now();
    for (uint32_t game = 0; game < 200; ++game) {
      const GameRecord record =
          play_game(rules,
                    {source, all_seats ? source : random, all_seats ? source : random,
                     all_seats ? source : random},
                    1'000'000, 100 + game, game);
      ASSERT_EQ(record.violations_size(), 0);
      for (const auto& deal : record.deals()) {
        for (const auto& p : deal.plays()) {
          if (all_seats || p.seat() == 0) {
            ++decisions;
            think_us += p.think_us();
          }
        }
      }
    }
    const double wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "%s: %lld plays, %.1f us per play (think time), %.0f plays/s of think time, "
        "%.0f plays/s wall\n",
        all_seats ? "four isolated seats" : "one isolated seat", static_cast<long long>(decisions),
        static_cast<double>(think_us) / decisions, decisions * 1e6 / static_cast<double>(think_us),
        decisions / wall_s);
  }
}

}  // namespace
}  // namespace arena

namespace fake_child {

using namespace arena;

// Appends one line to $ISOLATED_TEST_RECORD (if set).
void record(const std::string& line) {
  const char* path = std::getenv("ISOLATED_TEST_RECORD");
  if (path == nullptr || *path == '\0') return;
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  std::ofstream(path, std::ios::app) << line << "\n";
}

// The lowest legal card, or the lowest passable cards: always a correct answer.
hearts::Decision correct(const hearts::Observation& obs) {
  hearts::Decision decision{};
  decision.card = obs.legal.lowest();
  for (hearts::Card card : obs.legal) {
    if (decision.count == obs.pass.count) break;
    decision.cards[decision.count++] = card;
  }
  return decision;
}

// One request, misbehaving as `mode` says on each decision.
void serve(const std::string& mode, ChildChannel& channel, const ShmRequest& request) {
  static std::map<const ChildChannel*, hearts::CompiledRules> rules;  // one thread serves
  ShmChannelPage& page = channel.shared();
  if (request.flags & kShmNewRules) {
    rules[&channel] = page.rules;
    record("rules");
  }
  if (request.flags & kShmCreate) {
    record("create seat " + std::to_string(request.config.seat) + " seed " +
           std::to_string(request.config.seed));
  }
  const uint64_t seq = request.seq;
  if (request.type == static_cast<uint32_t>(FrameType::kNotify)) {
    record("notify " + std::to_string(request.kind) + " deal " +
           std::to_string(request.result.deal_index));
    post_reply(channel, seq, ReplyStatus::kOk, {}, "");
    return;
  }
  auto copy = std::make_unique<OwnedObservation>();
  std::string detail;
  if (!take_observation_slot(request.observation, &rules[&channel], copy.get(), &detail)) return;
  const hearts::Decision answer = correct(copy->obs);
  // Publishes whatever the slot holds as the answer to this request.
  auto publish = [&] {
    store_word(page.reply_word, static_cast<uint32_t>(seq));
    futex_wake(page.reply_word, 1);
  };
  if (mode == "garbage") {
    // A reply of no known status.
    page.reply.seq = seq;
    std::memset(static_cast<void*>(&page.reply.status), 0x7b, sizeof page.reply.status);
    publish();
  } else if (mode == "wrong-seq") {
    // The word says this request, the slot another one.
    page.reply.seq = seq + 1000;
    publish();
  } else if (mode == "torn-exit") {
    page.reply.seq = seq;  // half a reply, then the process is gone
    ::_exit(3);
  } else if (mode == "stale") {
    // An answer to the previous request (an impossible card) first, then the real one.
    hearts::Decision wrong{};
    wrong.card = hearts::Card::from_id(99);
    wrong.count = 9;
    post_reply(channel, seq - 1, ReplyStatus::kOk, wrong, "");
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    post_reply(channel, seq, ReplyStatus::kOk, answer, "");
  } else if (mode == "ahead") {
    post_reply(channel, seq + 1, ReplyStatus::kOk, answer, "");
  } else {
    post_reply(channel, seq, ReplyStatus::kOk, answer, "");
  }
}

int run(const std::string& mode, int control_fd) {
  BotIdentity identity;
  identity.name = "fake";
  identity.version = "0";
  FrameBuffer hello;
  hello.begin(FrameType::kHello, 0);
  append_hello(identity, &hello);
  hello.end();
  std::string error;
  if (!send_all(control_fd, hello.bytes(), &error)) return 2;
  serve_channel_pages(control_fd, [&mode](ChildChannel& channel, const ShmRequest& request) {
    serve(mode, channel, request);
  });
  ::_exit(0);
}

}  // namespace fake_child

// The isolated child is started as `/proc/self/exe --log-level warn serve --bot ...`: become
// the real arena for it. Anything else runs the tests.
int main(int argc, char** argv) {
  bool serve = false, bot = false;
  for (int k = 1; k < argc; ++k) {
    serve = serve || std::strcmp(argv[k], "serve") == 0;
    bot = bot || std::strcmp(argv[k], "--bot") == 0;
  }
  const char* fake = std::getenv("ISOLATED_TEST_FAKE_CHILD");
  if (serve && bot && fake != nullptr && *fake != '\0') {
    for (int k = 1; k + 1 < argc; ++k) {
      if (std::strcmp(argv[k], "--channel-fd") == 0)
        return fake_child::run(fake, std::atoi(argv[k + 1]));
    }
    return 2;
  }
  if (serve && bot) {
    static char arena_binary[] = ARENA_BINARY;
    argv[0] = arena_binary;
    ::execv(argv[0], argv);
    return 127;
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
