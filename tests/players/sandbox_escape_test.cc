// The sandbox against bots that try to leave it, end to end with the real `arena` binary: each
// escape_<attempt> test plugin (tests/plugins/escape_bot.cc) plays a short tournament, named
// plainly, so the trust policy runs it isolated in the sandbox by default. Each attempt must be
// contained (the bot's log never says ESCAPED, the target is untouched), recorded as the right
// violation, and the tournament must finish with every game intact (`arena verify`).
// And the trust policy: an untrusted plugin is never loaded into the arena's process, not even
// to read its name; `--trust` and `trusted:` run it in process; the records say which.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "hearts/plugin.h"
#include "support/run_arena.h"

namespace {

namespace fs = std::filesystem;
using arena_test::run_arena;

const std::string kTestPlugins = HEARTS_TEST_PLUGIN_DIR;
// One deal a game, four games (one table, four seatings): each game is one escape attempt.
const std::string kShortTournament =
    " --plugin-dir " + kTestPlugins +
    " --games 1 --seed 7 --set fixed_deals=1 --set end_score=0 --bootstrap 0";

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Everything the bot wrote to its logs in `out_dir`.
std::string bot_logs(const fs::path& out_dir) {
  std::string all;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(out_dir / "bot-logs", ec)) {
    all += read_text(entry.path());
  }
  return all;
}

class SandboxEscapeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("sandbox_escape_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Plays escape_<attempt> against three bundled bots; returns the arena's output.
  arena_test::RunResult play(const std::string& attempt, const std::string& extra = "",
                             const std::string& env = "") {
    out_ = dir_ / "t";
    return run_arena("tournament --bots escape_" + attempt + ",random,lowest,ducker --out " +
                         out_.string() + kShortTournament + " --bot-memory-mb 0 " + extra,
                     env);
  }

  // The tournament finished, its records verify, the bot ran sandboxed, took `violation` with
  // `detail` in every game, and never escaped.
  void expect_contained(const arena_test::RunResult& run, const std::string& violation,
                        const std::string& detail) {
    ASSERT_EQ(run.exit_code, 0) << run.out;
    EXPECT_NE(run.out.find("runs isolated in the sandbox"), std::string::npos) << run.out;
    const auto verify = run_arena("verify " + (out_ / "records.rec").string());
    EXPECT_EQ(verify.exit_code, 0) << verify.out;
    EXPECT_NE(verify.out.find("verified 4 games"), std::string::npos) << verify.out;
    const std::string results = read_text(out_ / "results.json");
    EXPECT_NE(results.find("\"runs_as\": \"sandboxed\""), std::string::npos) << results;
    EXPECT_NE(results.find("\"" + violation + "\": 4"), std::string::npos) << results;
    if (detail.ends_with("(seccomp)")) {  // the bot's log says what was refused, too
      EXPECT_NE(bot_logs(out_).find(detail), std::string::npos) << bot_logs(out_);
    }
    const auto replay = run_arena("replay " + (out_ / "records.rec").string());
    EXPECT_NE(replay.out.find(detail), std::string::npos) << replay.out.substr(0, 4000);
    EXPECT_EQ(bot_logs(out_).find("ESCAPED"), std::string::npos) << bot_logs(out_);
    EXPECT_NE(bot_logs(out_).find("trying "), std::string::npos)
        << "the bot's last unflushed line is lost: " << bot_logs(out_);
  }

  fs::path dir_;
  fs::path out_;
};

TEST_F(SandboxEscapeTest, OpeningPasswdForWritingIsBlocked) {
  const std::string before = read_text("/etc/passwd");
  const auto run = play("write_passwd");
  expect_contained(run, "CRASH", "blocked system call openat (seccomp)");
  EXPECT_EQ(read_text("/etc/passwd"), before);
}

TEST_F(SandboxEscapeTest, WritingIntoTheRecordsFolderIsBlocked) {
  const fs::path target = dir_ / "t" / "forged.bin";
  const auto run = play("write_records", "", "HEARTS_ESCAPE_PATH=" + target.string());
  expect_contained(run, "CRASH", "blocked system call openat (seccomp)");
  EXPECT_FALSE(fs::exists(target));
}

TEST_F(SandboxEscapeTest, ConnectingToALoopbackListenerIsBlocked) {
  const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(::listen(listener, 16), 0);
  socklen_t size = sizeof address;
  ASSERT_EQ(::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &size), 0);
  const auto run =
      play("connect", "", "HEARTS_ESCAPE_PORT=" + std::to_string(ntohs(address.sin_port)));
  expect_contained(run, "CRASH", "blocked system call socket (seccomp)");
  // Nothing ever reached the listener.
  pollfd p{listener, POLLIN, 0};
  EXPECT_EQ(::poll(&p, 1, 0), 0);
  EXPECT_LT(::accept(listener, nullptr, nullptr), 0);
  ::close(listener);
}

TEST_F(SandboxEscapeTest, ForkingIsBlocked) {
  expect_contained(play("fork"), "CRASH", "blocked system call clone (seccomp)");
}

TEST_F(SandboxEscapeTest, PtraceOfTheArenaIsBlocked) {
  expect_contained(play("ptrace"), "CRASH", "blocked system call ptrace (seccomp)");
}

TEST_F(SandboxEscapeTest, ReadingTheArenasMemoryIsBlocked) {
  // /proc/<arena>/mem does not open (Landlock, or no capability), and process_vm_readv is refused.
  expect_contained(play("proc_mem"), "CRASH", "blocked system call process_vm_readv (seccomp)");
}

TEST_F(SandboxEscapeTest, KillingTheArenaIsBlocked) {
  expect_contained(play("kill_arena"), "CRASH", "blocked system call kill (seccomp)");
}

TEST_F(SandboxEscapeTest, SpinningForeverIsATimeout) {
  expect_contained(play("spin", "--move-ms 100"), "TIMEOUT", "no answer within 100 ms");
}

TEST_F(SandboxEscapeTest, SpinningPastTheCpuLimitIsACrash) {
  // A deadline far away: the CPU-time limit (SIGXCPU) ends the spinning child first.
  expect_contained(play("spin", "--move-ms 20000 --bot-cpu-seconds 1"), "CRASH",
                   "was killed by signal 24 (SIGXCPU)");
}

TEST_F(SandboxEscapeTest, AllocatingBeyondTheLimitIsContained) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "RLIMIT_AS cannot be used with ASan's shadow memory";
#endif
  out_ = dir_ / "t";
  // Filling 256 MiB can take longer than the default move limit on a loaded machine (CI once
  // turned one bad_alloc into a TIMEOUT): a far deadline keeps this test about memory.
  const auto run =
      run_arena("tournament --bots memoryhog,random,lowest,ducker --out " + out_.string() +
                kShortTournament + " --bot-memory-mb 256 --move-ms 20000");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const auto verify = run_arena("verify " + (out_ / "records.rec").string());
  EXPECT_EQ(verify.exit_code, 0) << verify.out;
  const std::string results = read_text(out_ / "results.json");
  EXPECT_NE(results.find("\"runs_as\": \"sandboxed\""), std::string::npos) << results;
  EXPECT_NE(results.find("\"EXCEPTION\": 4"), std::string::npos) << results;  // std::bad_alloc
}

// ---- The trust policy ----

TEST_F(SandboxEscapeTest, AnUntrustedPluginIsNeverLoadedIntoTheArena) {
  // Looking up the name probes every plugin of the test folder; none may run its constructor in
  // the arena's process.
  const fs::path mark = dir_ / "loaded-in-arena";
  const auto run = play("write_passwd", "", "HEARTS_ESCAPE_LOAD_MARK=" + mark.string());
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_FALSE(fs::exists(mark));
  // The notice names the file, and trusting means naming the file.
  const std::string file = kTestPlugins + "/libescape_write_passwd_bot.so";
  EXPECT_NE(run.out.find("bot 'escape_write_passwd' (" + file +
                         ") is not a bundled plugin: it runs isolated in the sandbox (--trust " +
                         file + " runs it in this process)"),
            std::string::npos)
      << run.out;
}

TEST_F(SandboxEscapeTest, TrustRunsAPluginInProcessAndTheRecordsSaySo) {
  // The same mark proves the check above can fail: a trusted plugin loads here.
  const fs::path mark = dir_ / "loaded-in-arena";
  const auto run = play("write_passwd", "--trust escape_write_passwd",
                        "HEARTS_ESCAPE_LOAD_MARK=" + mark.string());
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_TRUE(fs::exists(mark));
  EXPECT_EQ(run.out.find("runs isolated in the sandbox"), std::string::npos) << run.out;
  const std::string results = read_text(out_ / "results.json");
  EXPECT_EQ(results.find("\"runs_as\": \"sandboxed\""), std::string::npos) << results;
  EXPECT_NE(results.find("\"runs_as\": \"trusted\""), std::string::npos) << results;
  const auto replay = run_arena("replay " + (out_ / "records.rec").string());
  EXPECT_NE(replay.out.find("(trusted: escape_write_passwd"), std::string::npos) << replay.out;
}

TEST_F(SandboxEscapeTest, TrustedPrefixAndBundledPluginsRunInProcess) {
  const auto run = run_arena("play --bots trusted:" + kTestPlugins +
                             "/libillegal_bot.so,random,isolated:lowest,ducker --games 1 --seed 3 "
                             "--set fixed_deals=1 --set end_score=0 --json --bot-memory-mb 0");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  // Seat by seat: the trusted file, two bundled plugins in process, one isolated on request.
  const size_t illegal = run.out.find("\"runs_as\": \"trusted\"");
  EXPECT_NE(illegal, std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"runs_as\": \"sandboxed\""), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("runs isolated in the sandbox"), std::string::npos) << run.out;
}

TEST_F(SandboxEscapeTest, SandboxOffRunsTheChildWithoutIt) {
  // For debugging: the same attempt gets through, and the records say the bot was not sandboxed.
  const auto run = play("fork", "--sandbox off --trust escape_frok");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("runs isolated WITHOUT the sandbox (--sandbox off"), std::string::npos)
      << run.out;
  // A --trust that names no bot is a typo worth a line, not silence.
  EXPECT_NE(run.out.find("--trust escape_frok names none of the bots: it trusts nothing"),
            std::string::npos)
      << run.out;
  EXPECT_NE(bot_logs(out_).find("ESCAPED: forked"), std::string::npos) << bot_logs(out_);
  const std::string results = read_text(out_ / "results.json");
  EXPECT_NE(results.find("\"runs_as\": \"isolated\""), std::string::npos) << results;
}

TEST_F(SandboxEscapeTest, ListingPluginsLoadsNoneOfTheUntrustedOnesHere) {
  const fs::path mark = dir_ / "loaded-in-arena";
  const auto run =
      run_arena("bots --plugin-dir " + kTestPlugins, "HEARTS_ESCAPE_LOAD_MARK=" + mark.string());
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_FALSE(fs::exists(mark));
  EXPECT_NE(run.out.find("escape_fork     1.0       Black Lady Arena tests " +
                         std::to_string(hearts::kAbiVersion) + "    sandboxed"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("trusted   " + std::string(HEARTS_BUNDLED_PLUGIN_DIR)), std::string::npos)
      << run.out;
  // A broken plugin is still listed with its own reason, read in the sandbox.
  EXPECT_NE(run.out.find("skipped: plugin " + kTestPlugins +
                         "/libwrong_abi_bot.so: built for SDK ABI version " +
                         std::to_string(hearts::kAbiVersion + 1000)),
            std::string::npos)
      << run.out;
}

TEST_F(SandboxEscapeTest, ARelativePluginFolderWorksFromTheSandboxedChild) {
  // The child runs in a folder of its own: the plugin's path must reach it absolute.
  const fs::path folder = fs::relative(kTestPlugins);
  ASSERT_FALSE(folder.is_absolute());
  const auto run = run_arena("play --plugin-dir " + folder.string() +
                             " --bots illegal,random,lowest,ducker --games 1 --seed 3 "
                             "--set fixed_deals=1 --set end_score=0 --bot-memory-mb 0 --json");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("\"runs_as\": \"sandboxed\""), std::string::npos) << run.out;
}

}  // namespace
