#include "common/interrupt_notice.h"

#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace arena {
namespace {

// Filled before the handlers are installed: a handler may only copy bytes out.
char notice[1100];
size_t notice_size = 0;

void on_interrupt(int signal) {
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, notice, notice_size);
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

}  // namespace

InterruptNotice::InterruptNotice(const std::string& line) {
  const std::string text = "\narena: interrupted; " + line.substr(0, 1000) + "\n";
  notice_size = std::min(text.size(), sizeof notice);
  std::memcpy(notice, text.data(), notice_size);
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  ::sigaction(SIGINT, &action, &old_int_);
  ::sigaction(SIGTERM, &action, &old_term_);
}

InterruptNotice::~InterruptNotice() {
  ::sigaction(SIGINT, &old_int_, nullptr);
  ::sigaction(SIGTERM, &old_term_, nullptr);
}

}  // namespace arena
