// An injectable monotonic clock, so the referee's timing rules are tested without sleeping.
#pragma once

#include <chrono>
#include <cstdint>

namespace arena {

class Clock {
 public:
  virtual ~Clock() = default;
  // Microseconds on a monotonic scale; only differences are meaningful.
  virtual int64_t now_us() const = 0;
};

class SteadyClock final : public Clock {
 public:
  int64_t now_us() const override {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
};

// A clock that moves only when told to; for tests.
class ManualClock final : public Clock {
 public:
  int64_t now_us() const override { return now_; }
  void advance_us(int64_t us) { now_ += us; }

 private:
  int64_t now_ = 0;
};

}  // namespace arena
