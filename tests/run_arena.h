// Runs the real arena binary (ARENA_BINARY, set by CMake) and captures what it prints.
#pragma once

#include <sys/wait.h>

#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace arena_test {

struct RunResult {
  int exit_code = -1;
  std::string out;  // stdout and stderr together
};

// `env` is prefixed to the command line, e.g. "HEARTS_HANG_FROM_GAME=2".
inline RunResult run_arena(const std::string& args, const std::string& env = "") {
  RunResult result;
  const std::string command = env + " " + std::string(ARENA_BINARY) + " " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return result;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    result.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

struct SplitRunResult {
  int exit_code = -1;
  std::string out;  // stdout only
  std::string err;  // stderr only
};

// As run_arena, with stdout and stderr kept apart (stderr goes through a temporary file).
inline SplitRunResult run_arena_split(const std::string& args) {
  static int calls = 0;
  const std::filesystem::path err_path =
      std::filesystem::temp_directory_path() /
      ("run_arena_" + std::to_string(::getpid()) + "_" + std::to_string(calls++) + ".err");
  SplitRunResult result;
  const std::string command = std::string(ARENA_BINARY) + " " + args + " 2>" + err_path.string();
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return result;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    result.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_path);
  std::stringstream text;
  text << in.rdbuf();
  result.err = text.str();
  std::error_code ec;
  std::filesystem::remove(err_path, ec);
  return result;
}

}  // namespace arena_test
