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

// Runs `command` through the shell, appends its stdout to *out and returns its exit status
// (-1 if it did not exit normally).
inline int run_shell(const std::string& command, std::string* out) {
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return -1;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out->append(buffer.data(), n);
  const int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// `env` is prefixed to the command line, e.g. "HEARTS_HANG_FROM_GAME=2".
inline RunResult run_arena(const std::string& args, const std::string& env = "") {
  RunResult result;
  result.exit_code =
      run_shell(env + " " + std::string(ARENA_BINARY) + " " + args + " 2>&1", &result.out);
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
  result.exit_code =
      run_shell(std::string(ARENA_BINARY) + " " + args + " 2>" + err_path.string(), &result.out);
  std::ifstream in(err_path);
  std::stringstream text;
  text << in.rdbuf();
  result.err = text.str();
  std::error_code ec;
  std::filesystem::remove(err_path, ec);
  return result;
}

}  // namespace arena_test
