#include "common/progress.h"

#include <unistd.h>

#include <cstdio>

namespace arena {

Progress::Progress(std::string what, long long total)
    : what_(std::move(what)),
      total_(total),
      terminal_(isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()),
      last_print_(start_) {}

void Progress::update(long long done) {
  const auto now = std::chrono::steady_clock::now();
  const double since_print = std::chrono::duration<double>(now - last_print_).count();
  // A terminal gets a live line twice a second; logs get a line every ten seconds.
  if (since_print < (terminal_ ? 0.5 : 10.0) || done >= total_) return;
  last_print_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0;
  std::fprintf(stderr, "%s%s %lld/%lld  %.1f/s  ETA %.0f s%s", terminal_ ? "\r" : "", what_.c_str(),
               done, total_, rate, eta, terminal_ ? "   " : "\n");
  std::fflush(stderr);
  printed_ = true;
}

void Progress::finish() {
  if (printed_ && terminal_) std::fprintf(stderr, "\r%60s\r", "");
}

}  // namespace arena
