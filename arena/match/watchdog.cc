#include "match/watchdog.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "match/clock.h"

namespace arena {

Watchdog::Watchdog(int64_t hang_us, std::function<void(const std::string&)> on_hang)
    : hang_us_(hang_us),
      // Poll at a fraction of the limit: precise enough, and nearly free for the referee.
      period_us_(std::clamp<int64_t>(hang_us / 10, 1000, 100000)),
      coarse_now_us_(SteadyClock().now_us()),
      on_hang_(std::move(on_hang)) {
  if (!on_hang_) {
    on_hang_ = [](const std::string& message) {
      std::fprintf(stderr, "arena: %s\n", message.c_str());
      std::fflush(nullptr);
      std::_Exit(3);  // the bot's thread cannot be stopped; finished games are already flushed
    };
  }
  thread_ = std::thread([this] { run(); });
}

Watchdog::~Watchdog() {
  if (thread_slot_ >= slots_.data() && thread_slot_ < slots_.data() + kMaxSlots) {
    thread_slot_ = nullptr;  // the crash report must not read a slot that is gone
  }
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  stop_cv_.notify_all();
  thread_.join();
}

thread_local const Watchdog::Slot* Watchdog::thread_slot_ = nullptr;

int Watchdog::add_slot() {
  const int slot = slot_count_.fetch_add(1);
  if (slot >= kMaxSlots) return -1;
  thread_slot_ = &slots_[slot];
  return slot;
}

namespace {

// Appends text to a fixed buffer: a signal handler may not allocate.
struct SignalSafeLine {
  char text[512];
  size_t size = 0;
  void add(const char* part, size_t length) {
    length = std::min(length, sizeof text - 1 - size);
    std::memcpy(text + size, part, length);
    size += length;
  }
  void add(const char* part) { add(part, std::strlen(part)); }
  void add(uint64_t number) {
    char digits[24];
    size_t n = 0;
    do {
      digits[sizeof digits - 1 - n++] = static_cast<char>('0' + number % 10);
      number /= 10;
    } while (number != 0);
    add(digits + sizeof digits - n, n);
  }
};

}  // namespace

void Watchdog::on_fatal_signal(int signal) {
  const Slot* slot = thread_slot_;
  if (slot != nullptr && slot->deadline_us.load(std::memory_order_relaxed) != 0) {
    const std::string* name = slot->bot_name.load(std::memory_order_relaxed);
    SignalSafeLine line;
    line.add("arena: bot '");
    if (name != nullptr) line.add(name->data(), name->size());
    line.add("' (seat ");
    line.add(static_cast<uint64_t>(slot->seat.load(std::memory_order_relaxed)));
    line.add(") crashed the arena with signal ");
    line.add(static_cast<uint64_t>(signal));
    if (const char* abbrev = sigabbrev_np(signal)) {
      line.add(" (SIG");
      line.add(abbrev);
      line.add(")");
    }
    line.add(" in game ");
    line.add(static_cast<uint64_t>(slot->game_index.load(std::memory_order_relaxed)) + 1);
    line.add(
        "; every finished game is in the records file (an isolated: bot would only have crashed "
        "its own process)\n");
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, line.text, line.size);
  }
  // Die as the signal would have had it: default action, same signal (core dump, status).
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

void Watchdog::install_crash_report() {
#if !defined(__SANITIZE_ADDRESS__)
  struct sigaction action {};
  action.sa_handler = &Watchdog::on_fatal_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND | SA_NODEFER;
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    ::sigaction(signal, &action, nullptr);
#endif
}

void Watchdog::run() {
  const SteadyClock clock;
  const auto period = std::chrono::microseconds(period_us_);
  std::unique_lock lock(mutex_);
  while (!stop_cv_.wait_for(lock, period, [this] { return stopping_; })) {
    const int64_t now = clock.now_us();
    coarse_now_us_.store(now, std::memory_order_relaxed);
    const int count = std::min(slot_count_.load(), kMaxSlots);
    for (int k = 0; k < count; ++k) {
      Slot& slot = slots_[k];
      const int64_t deadline = slot.deadline_us.load(std::memory_order_acquire);
      if (deadline == 0 || now < deadline) continue;
      const std::string* name = slot.bot_name.load(std::memory_order_relaxed);
      const int seat = slot.seat.load(std::memory_order_relaxed);
      const uint32_t game = slot.game_index.load(std::memory_order_relaxed);
      // Re-armed meanwhile: the bot returned, and the fields may describe the next decision.
      if (slot.deadline_us.load(std::memory_order_acquire) != deadline) continue;
      const std::string message =
          "bot '" + (name ? *name : std::string("?")) + "' (seat " + std::to_string(seat) +
          ") has not returned after " + std::to_string(hang_us_ / 1000) + " ms in game " +
          std::to_string(game + 1) +
          "; stopping (every finished game is in the records file; an isolated: bot would have "
          "been killed and restarted)";
      slot.deadline_us.store(0);
      lock.unlock();
      on_hang_(message);
      lock.lock();
    }
  }
}

}  // namespace arena
