// The hang watchdog: an in-process bot that never returns cannot be interrupted, so a thread
// watches each decision and, past the hang limit, reports the bot and game and ends the process.
// Records are flushed game by game, so every finished game is already safe on disk.
//
// Thread safety: arm()/disarm() are called by one referee thread per table; up to kMaxSlots
// tables may share one Watchdog. arm()/disarm() take no lock and read no clock (they run twice
// per decision): the watchdog thread publishes a coarse "now" every poll period, and a hang is
// reported between one and two periods late, which is far below the hang limit's precision.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace arena {

class Watchdog {
 public:
  // `on_hang` receives a one-line message; by default it prints it and exits with status 3.
  explicit Watchdog(int64_t hang_us, std::function<void(const std::string&)> on_hang = {});
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  static constexpr int kMaxSlots = 256;
  // A slot per concurrent table (at most kMaxSlots; -1 beyond). Call from that table's thread:
  // the slot is also that thread's for install_crash_report().
  int add_slot();
  // Inline: they run around every decision (a few stores each, no call).
  void arm(int slot, const std::string* bot_name, int seat, uint32_t game_index) {
    if (slot < 0 || slot >= kMaxSlots) return;
    Slot& s = slots_[slot];
    s.bot_name.store(bot_name, std::memory_order_relaxed);
    s.seat.store(seat, std::memory_order_relaxed);
    s.game_index.store(game_index, std::memory_order_relaxed);
    // The coarse clock may lag by a period: add one so a hang is never reported early.
    const int64_t now = coarse_now_us_.load(std::memory_order_relaxed);
    s.deadline_us.store(now + period_us_ + hang_us_, std::memory_order_release);
  }
  void disarm(int slot) {
    if (slot < 0 || slot >= kMaxSlots) return;
    slots_[slot].deadline_us.store(0, std::memory_order_release);
  }

  // Installs handlers for fatal signals (segfault, abort, ...): one raised on a table's thread
  // while a bot decides prints one line naming the bot, then the process dies as it would have.
  // An in-process bot that crashes takes the arena down; the line says which one it was.
  // Not installed under AddressSanitizer, which reports such faults itself. Call once, early.
  static void install_crash_report();

 private:
  // One cache line per slot: each table's thread stores to its slot on every decision, and two
  // slots sharing a line would bounce it between the cores (false sharing).
  struct alignas(64) Slot {
    std::atomic<int64_t> deadline_us{0};  // 0 = disarmed
    std::atomic<const std::string*> bot_name{nullptr};
    std::atomic<int> seat{0};
    std::atomic<uint32_t> game_index{0};
  };
  void run();
  static void on_fatal_signal(int signal);
  static thread_local const Slot* thread_slot_;  // the calling thread's slot, if it has one

  int64_t hang_us_;
  int64_t period_us_;
  std::atomic<int64_t> coarse_now_us_;  // published by the watchdog thread every period
  std::function<void(const std::string&)> on_hang_;
  std::mutex mutex_;
  std::condition_variable stop_cv_;
  bool stopping_ = false;
  std::array<Slot, kMaxSlots> slots_;
  std::atomic<int> slot_count_{0};
  std::thread thread_;
};

}  // namespace arena
