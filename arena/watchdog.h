// The hang watchdog: an in-process bot that never returns cannot be interrupted, so a thread
// watches each decision and, past the hang limit, reports the bot and game and ends the process.
// Records are flushed game by game, so every finished game is already safe on disk.
//
// Thread safety: arm()/disarm() are called by one referee thread per table; any number of
// tables may share one Watchdog.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace arena {

class Watchdog {
 public:
  // `on_hang` receives a one-line message; by default it prints it and exits with status 3.
  explicit Watchdog(int64_t hang_us, std::function<void(const std::string&)> on_hang = {});
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // A slot per concurrent table. Call from that table's thread only.
  int add_slot();
  void arm(int slot, const std::string* bot_name, int seat, uint32_t game_index);
  void disarm(int slot);

 private:
  struct Slot {
    std::atomic<int64_t> deadline_us{0};  // 0 = disarmed
    const std::string* bot_name = nullptr;
    int seat = 0;
    uint32_t game_index = 0;
  };
  void run();

  int64_t hang_us_;
  std::function<void(const std::string&)> on_hang_;
  std::mutex mutex_;
  std::condition_variable stop_cv_;
  bool stopping_ = false;
  std::vector<std::unique_ptr<Slot>> slots_;
  std::thread thread_;
};

}  // namespace arena
