#include "watchdog.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "clock.h"

namespace arena {

Watchdog::Watchdog(int64_t hang_us, std::function<void(const std::string&)> on_hang)
    : hang_us_(hang_us), on_hang_(std::move(on_hang)) {
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
  std::lock_guard lock(mutex_);
  slots_.push_back(std::make_unique<Slot>());
  return static_cast<int>(slots_.size()) - 1;
}

void Watchdog::arm(int slot, const std::string* bot_name, int seat, uint32_t game_index) {
  Slot* s;
  {
    std::lock_guard lock(mutex_);
    s = slots_[slot].get();
    s->bot_name = bot_name;
    s->seat = seat;
    s->game_index = game_index;
  }
  s->deadline_us.store(SteadyClock().now_us() + hang_us_, std::memory_order_release);
}

void Watchdog::disarm(int slot) {
  std::lock_guard lock(mutex_);
  slots_[slot]->deadline_us.store(0, std::memory_order_release);
}

void Watchdog::run() {
  const SteadyClock clock;
  // Poll at a fraction of the limit: precise enough, and nearly free for the referee.
  const auto period = std::chrono::microseconds(std::clamp<int64_t>(hang_us_ / 10, 1000, 100000));
  std::unique_lock lock(mutex_);
  while (!stop_cv_.wait_for(lock, period, [this] { return stopping_; })) {
    const int64_t now = clock.now_us();
    for (const auto& slot : slots_) {
      const int64_t deadline = slot->deadline_us.load(std::memory_order_acquire);
      if (deadline == 0 || now < deadline) continue;
      const std::string message = "bot '" + (slot->bot_name ? *slot->bot_name : std::string("?")) +
                                  "' (seat " + std::to_string(slot->seat) +
                                  ") has not returned after " + std::to_string(hang_us_ / 1000) +
                                  " ms in game " + std::to_string(slot->game_index + 1) +
                                  "; stopping (every finished game is in the records file)";
      slot->deadline_us.store(0);
      lock.unlock();
      on_hang_(message);
      lock.lock();
    }
  }
}

}  // namespace arena
