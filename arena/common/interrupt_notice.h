// Ctrl-C (SIGINT) or SIGTERM ends a long run at once: records are written game by game, so
// nothing finished is lost. While an InterruptNotice lives, such a signal first prints one line
// saying where the finished games are and how to go on, then ends the process as it would have.
//
// Thread safety: one InterruptNotice at a time per process; create and destroy it on one thread.
#pragma once

#include <signal.h>

#include <string>

namespace arena {

class InterruptNotice {
 public:
  // `line` is printed as "arena: interrupted; <line>\n" (cut to 1,000 bytes).
  explicit InterruptNotice(const std::string& line);
  ~InterruptNotice();  // restores the handlers that were there before
  InterruptNotice(const InterruptNotice&) = delete;
  InterruptNotice& operator=(const InterruptNotice&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

}  // namespace arena
