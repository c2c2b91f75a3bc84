// A test fixture with a fresh folder of its own per test: TempDir()/PREFIX_PID_TESTNAME/, kept
// when the test fails (to look at what it wrote), removed when it passes.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <utility>

namespace arena_test {

class PerTestDir : public ::testing::Test {
 protected:
  explicit PerTestDir(std::string prefix) : prefix_(std::move(prefix)) {}

  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = ::testing::TempDir() + prefix_ + "_" + std::to_string(::getpid()) + "_" + info->name() +
           "/";
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) std::filesystem::remove_all(dir_);
  }
  // `name` inside this test's folder.
  std::string dir(const std::string& name) const { return dir_ + name; }

  std::string dir_;

 private:
  std::string prefix_;
};

}  // namespace arena_test
