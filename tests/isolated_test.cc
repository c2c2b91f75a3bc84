// Isolated plugins (isolated:SPEC) through the referee, with real child processes: a bot that
// segfaults, one that hangs and one that eats memory cost violations and restarts, never the
// arena; a well-behaved isolated bot plays exactly as it does in-process.
//
// IsolatedSource starts its child from /proc/self/exe (the arena in production), so this test
// binary stands in for the arena: invoked as `... serve --bot ...` it execs the real arena
// (ARENA_BINARY) with the same arguments, keeping the memory limit, the parent-death signal and
// the log file descriptors the isolation set up.
#include <gtest/gtest.h>
#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bot_specs.h"
#include "isolated.h"
#include "referee.h"

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
  const GameRecord record =
      play_game(rules, {source, plugin("random"), plugin("random"), plugin("random")});
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
    EXPECT_EQ(v.grpc_status(), "DEADLINE_EXCEEDED");
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
  const GameRecord record =
      play_game(rules, {source, plugin("random"), plugin("random"), plugin("random")});
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
  EXPECT_NE(read_file(isolated->log_path()).find("listening on unix:"), std::string::npos)
      << read_file(isolated->log_path());
}

}  // namespace
}  // namespace arena

// The isolated child is started as `/proc/self/exe --log-level warn serve --bot ...`: become
// the real arena for it. Anything else runs the tests.
int main(int argc, char** argv) {
  bool serve = false, bot = false;
  for (int k = 1; k < argc; ++k) {
    serve = serve || std::strcmp(argv[k], "serve") == 0;
    bot = bot || std::strcmp(argv[k], "--bot") == 0;
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
