// Files a test process writes under the test temp dir (TempDir(), /tmp/ unless TEST_TMPDIR or
// TMPDIR says otherwise), in one folder per suite and process: PREFIX_PID/NAME. The folders are
// removed when the process ends with every test passed, and kept after a failure, to look at.
// CTest runs each test in a process of its own, so without this a run of the suite left a
// folder per test behind.
//
// Thread safety: test_temp_path() may be called from several threads of one test process.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <mutex>
#include <set>
#include <string>

namespace arena_test {

class TestTempFolders {
 public:
  static TestTempFolders& instance() {
    static TestTempFolders folders;
    return folders;
  }

  // Creates `folder` (if missing) and removes it at exit if every test passed.
  void keep_track_of(const std::filesystem::path& folder) {
    std::lock_guard lock(mutex_);
    if (folders_.insert(folder).second) std::filesystem::create_directories(folder);
  }

  ~TestTempFolders() {
    // A forked child that exits normally must not remove what its parent still uses.
    if (::getpid() != owner_) return;
    if (!::testing::UnitTest::GetInstance()->Passed()) return;
    std::error_code ignored;
    for (const auto& folder : folders_) std::filesystem::remove_all(folder, ignored);
  }

 private:
  TestTempFolders() = default;
  const pid_t owner_ = ::getpid();
  std::mutex mutex_;
  std::set<std::filesystem::path> folders_;
};

// `name` in this process's folder for `prefix` (created; removed at exit when all passed).
inline std::string test_temp_path(const std::string& prefix, const std::string& name) {
  const std::filesystem::path folder =
      std::filesystem::path(::testing::TempDir()) / (prefix + "_" + std::to_string(::getpid()));
  TestTempFolders::instance().keep_track_of(folder);
  return (folder / name).string();
}

}  // namespace arena_test
