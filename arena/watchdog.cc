#include "watchdog.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "clock.h"

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
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  stop_cv_.notify_all();
  thread_.join();
}

int Watchdog::add_slot() {
  const int slot = slot_count_.fetch_add(1);
  return slot < kMaxSlots ? slot : -1;
}

void Watchdog::arm(int slot, const std::string* bot_name, int seat, uint32_t game_index) {
  if (slot < 0 || slot >= kMaxSlots) return;
  Slot& s = slots_[slot];
  s.bot_name.store(bot_name, std::memory_order_relaxed);
  s.seat.store(seat, std::memory_order_relaxed);
  s.game_index.store(game_index, std::memory_order_relaxed);
  // The coarse clock may lag by a period: add one so a hang is never reported early.
  const int64_t now = coarse_now_us_.load(std::memory_order_relaxed);
  s.deadline_us.store(now + period_us_ + hang_us_, std::memory_order_release);
}

void Watchdog::disarm(int slot) {
  if (slot < 0 || slot >= kMaxSlots) return;
  slots_[slot].deadline_us.store(0, std::memory_order_release);
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
          std::to_string(game + 1) + "; stopping (every finished game is in the records file)";
      slot.deadline_us.store(0);
      lock.unlock();
      on_hang_(message);
      lock.lock();
    }
  }
}

}  // namespace arena
