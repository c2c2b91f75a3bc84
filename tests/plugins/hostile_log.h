// Shared by the hostile test plugins: one line appended per call to the file named by an
// environment variable, under a lock (bots of one plugin may run on several threads).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

namespace test_bots {

inline void append_line(const char* env_var, const std::string& line) {
  const char* path = std::getenv(env_var);
  if (path == nullptr || *path == '\0') return;
  static std::mutex mutex;
  const std::lock_guard<std::mutex> lock(mutex);
  std::FILE* file = std::fopen(path, "a");
  if (file == nullptr) return;
  std::fputs((line + "\n").c_str(), file);
  std::fclose(file);
}

}  // namespace test_bots
