// The Python bot kit (python/, package blacklady_arena) end to end: real Python bots served by
// the kit over gRPC on loopback, played by the real `arena tournament` and `arena play`, their
// records checked by `arena verify`; and the kit's one-line errors when grpc or the generated
// stubs are missing.
//
// The bots run with HEARTS_PYTHON (Debian's /usr/bin/python3, which has python3-grpcio) and
// PYTHONPATH=HEARTS_PYTHON_KIT_DIR (build/python, assembled by the python_kit target).
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/listening_child.h"
#include "support/run_arena.h"

namespace {

namespace fs = std::filesystem;
using arena_test::run_arena;
using arena_test::run_shell;

const std::string kPython = HEARTS_PYTHON;
const std::string kKitDir = HEARTS_PYTHON_KIT_DIR;
const std::string kExamples = std::string(HEARTS_SOURCE_DIR) + "/examples/remote_bot_python";

// A Python bot script served by the kit: `HEARTS_PYTHON -u SCRIPT --listen 127.0.0.1:0` with
// the kit on PYTHONPATH; its "listening on" line gives the port.
class PythonBot : public arena_test::ListeningChild {
 public:
  explicit PythonBot(const std::string& script) : ListeningChild(command(script)) {}
  std::string spec() const { return "grpc://" + target(); }

 private:
  static arena_test::ChildCommand command(const std::string& script) {
    arena_test::ChildCommand c;
    c.argv = {kPython, "-u", script, "--listen", "127.0.0.1:0"};
    c.env = {{"PYTHONPATH", kKitDir}, {"PYTHONDONTWRITEBYTECODE", "1"}};
    c.first_line_ms = 30'000;  // importing grpc is slow on a loaded machine
    return c;
  }
};

class PythonKit : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("python_kit_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
};

TEST_F(PythonKit, ExampleBotPlaysATournamentWhoseRecordsVerify) {
  PythonBot bot(kExamples + "/bot.py");
  ASSERT_GT(bot.port(), 0) << "no listening line: '" << bot.first_line() << "'";
  const fs::path out = dir_ / "t";
  // Four entrants at a four-seat table: one duplicate group of four rotations, one deal each.
  const auto run = run_arena("tournament --bots " + bot.spec() +
                             ",random,lowest,ducker --games 1 --seed 11 --set fixed_deals=1 "
                             "--set end_score=0 --bootstrap 0 --quiet --json --out " +
                             out.string());
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const auto results = nlohmann::json::parse(run.out.substr(run.out.find('{')));
  const auto& standings = results.at("standings");
  const auto pyduck = std::find_if(standings.begin(), standings.end(),
                                   [](const auto& s) { return s.at("bot") == "pyduck"; });
  ASSERT_NE(pyduck, standings.end()) << run.out;
  EXPECT_EQ(pyduck->at("games"), 4) << run.out;
  EXPECT_EQ(pyduck->at("runs_as"), "remote") << run.out;
  // The referee saw no illegal or malformed reply from the kit in any game.
  EXPECT_EQ(pyduck->at("violations").at("total"), 0) << run.out;
  const auto verify = run_arena("verify " + (out / "records.rec").string());
  EXPECT_EQ(verify.exit_code, 0) << verify.out;
  EXPECT_NE(verify.out.find("verified 4 games"), std::string::npos) << verify.out;
  EXPECT_EQ(bot.stop(), 0) << "SIGTERM must stop the kit's server cleanly";
}

TEST_F(PythonKit, TheTenLineBotOfTheDocsPlaysWithoutViolations) {
  PythonBot bot(kExamples + "/minimal_bot.py");
  ASSERT_GT(bot.port(), 0) << "no listening line: '" << bot.first_line() << "'";
  const auto run = run_arena("play --bots " + bot.spec() +
                             ",random,random,random --games 2 --seed 3 --json --quiet --out " +
                             (dir_ / "p.rec").string());
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const auto summary = nlohmann::json::parse(run.out.substr(run.out.find('{')));
  const auto& seat = summary.at("seats").at(0);
  EXPECT_EQ(seat.at("bot"), "lowest-py") << run.out;
  EXPECT_EQ(seat.at("violations"), 0) << run.out;
  const auto verify = run_arena("verify " + (dir_ / "p.rec").string());
  EXPECT_EQ(verify.exit_code, 0) << verify.out;
  EXPECT_NE(verify.out.find("verified 2 games"), std::string::npos) << verify.out;
}

// docs/remote-bots.md and python/README.md show minimal_bot.py as it is, so the bot the test
// above plays is the one the docs print.
TEST_F(PythonKit, TheDocsShowTheMinimalBotVerbatim) {
  auto read = [](const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  const std::string bot = read(kExamples + "/minimal_bot.py");
  ASSERT_FALSE(bot.empty());
  for (const char* doc : {"/docs/remote-bots.md", "/python/README.md"}) {
    EXPECT_NE(read(std::string(HEARTS_SOURCE_DIR) + doc).find("```python\n" + bot + "```"),
              std::string::npos)
        << doc << " does not show examples/remote_bot_python/minimal_bot.py verbatim";
  }
}

// -S drops site-packages, where Debian's grpc lives: the kit must say what is missing and how
// to get it, in its ImportError, and the example in one line.
TEST_F(PythonKit, WithoutGrpcTheKitNamesTheModuleAndTheDebianPackage) {
  std::string out;
  const int status = run_shell(
      "PYTHONPATH=" + kKitDir + " " + kPython + " -S -c 'import blacklady_arena' 2>&1", &out);
  EXPECT_NE(status, 0) << out;
  EXPECT_NE(out.find("ImportError: blacklady_arena needs the Python module 'grpc'"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("apt-get install python3-grpcio"), std::string::npos) << out;
  EXPECT_NE(out.find("/usr/bin/python3"), std::string::npos) << out;

  std::string example;
  const int example_status = run_shell(
      "PYTHONPATH=" + kKitDir + " " + kPython + " -S " + kExamples + "/bot.py 2>&1", &example);
  EXPECT_EQ(example_status, 1) << example;
  EXPECT_EQ(example.rfind("bot.py: blacklady_arena needs the Python module 'grpc'", 0), 0)
      << example;
  EXPECT_EQ(example.find("Traceback"), std::string::npos) << example;
}

// The sources in python/ hold no generated stubs (they are not in git): importing them as they
// are says how to get the stubs.
TEST_F(PythonKit, WithoutGeneratedStubsTheKitSaysHowToMakeThem) {
  const fs::path copy = dir_ / "kit";
  fs::create_directories(copy);
  fs::copy(std::string(HEARTS_SOURCE_DIR) + "/python/blacklady_arena", copy / "blacklady_arena");
  fs::remove_all(copy / "blacklady_arena" / "_proto");
  std::string out;
  const int status = run_shell("PYTHONPATH=" + copy.string() + " PYTHONDONTWRITEBYTECODE=1 " +
                                   kPython + " -c 'import blacklady_arena' 2>&1",
                               &out);
  EXPECT_NE(status, 0) << out;
  EXPECT_NE(out.find("generated gRPC stubs are missing"), std::string::npos) << out;
  EXPECT_NE(out.find("pip install ./python"), std::string::npos) << out;
  EXPECT_NE(out.find("python_kit"), std::string::npos) << out;
}

// `pip install ./python` offline, as python/README.md says: into a venv that sees Debian's grpc,
// from a copy of the repository's python/ and proto/ (pip builds in the tree it is given), with
// no package index at all; the installed kit imports with its generated stubs.
TEST_F(PythonKit, PipInstallsTheKitOfflineIntoAVenvWithSystemSitePackages) {
  const fs::path repo = dir_ / "repo";
  fs::create_directories(repo / "python");
  fs::copy(std::string(HEARTS_SOURCE_DIR) + "/proto", repo / "proto");
  for (const char* name : {"setup.py", "generate_stubs.py", "blacklady_arena"}) {
    fs::copy(std::string(HEARTS_SOURCE_DIR) + "/python/" + name, repo / "python" / name,
             fs::copy_options::recursive);
  }
  fs::remove_all(repo / "python" / "blacklady_arena" / "_proto");
  const fs::path venv = dir_ / "venv";
  std::string out;
  ASSERT_EQ(run_shell(kPython + " -m venv --system-site-packages " + venv.string() + " 2>&1", &out),
            0)
      << out << "(Debian: apt-get install python3-venv; scripts/setup does)";
  const int status =
      run_shell("cd " + repo.string() + " && PIP_NO_INDEX=1 PIP_NO_CACHE_DIR=1 " +
                    (venv / "bin" / "pip").string() + " install --no-index ./python 2>&1",
                &out);
  ASSERT_EQ(status, 0) << out;
  std::string imported;
  ASSERT_EQ(run_shell("cd / && " + (venv / "bin" / "python").string() +
                          " -c 'import blacklady_arena, blacklady_arena._proto.bot_service_pb2 as "
                          "pb; print(blacklady_arena.__file__); print(pb.Observation.DESCRIPTOR."
                          "full_name)' 2>&1",
                      &imported),
            0)
      << imported;
  EXPECT_NE(imported.find((venv / "lib").string()), std::string::npos) << imported;
  EXPECT_NE(imported.find("hearts.proto.Observation"), std::string::npos) << imported;
}

}  // namespace
