// Runs the real arena binary (ARENA_BINARY, set by CMake) and captures what it prints.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
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

}  // namespace arena_test
