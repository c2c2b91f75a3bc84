// Progress of a long run on stderr: a live line (count, rate, ETA) on a terminal, plain
// periodic lines otherwise, nothing for short runs.
#pragma once

#include <chrono>
#include <string>

namespace arena {

class Progress {
 public:
  Progress(std::string what, long long total);
  // Call after each finished unit; prints at most a few times a second.
  void update(long long done);
  // Clears the live line.
  void finish();

 private:
  std::string what_;
  long long total_;
  bool terminal_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_print_;
  bool printed_ = false;
};

}  // namespace arena
