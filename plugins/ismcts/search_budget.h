// How long one ismcts search may run: a fixed iteration count (deterministic, the clock is not
// read) or a share of the decision's time.
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: a plain value.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>

#include "hearts/observation.h"

namespace hearts_ismcts {

// The share of obs.time_left_us a search may use. The referee's clock runs while this process
// waits for a core, so on a loaded machine an answer needs wide slack to arrive in time. At 20%
// (montecarlo's share) a 200-game tournament at --concurrency 2 and 100 ms on 2 cores under a
// load average of 7-8 took 6 timeouts (answers at 104-109 ms; montecarlo took 3, heuristic 1).
inline constexpr double kTimeShare = 0.15;
// With a game bank, the decisions the bank must still last for, beyond the cards in hand: about
// two more deals, so an early deal cannot spend what later ones need.
inline constexpr int kBankReserveDecisions = 26;
// Below this budget a search is not worth starting: the heuristic's choice is played. Low
// enough that a 10 ms limit (1.5 ms of search, some 50-150 iterations) still searches; at
// montecarlo's 2 ms the bot played exactly as the heuristic at 10 ms.
inline constexpr int64_t kMinBudgetUs = 500;
// The most iterations of a timed search (a fast machine with a long limit stops here).
inline constexpr int kMaxTimedIterations = 200'000;

// The microseconds this decision may spend searching: kTimeShare of time_left_us, and with a
// bank no more than an even share of it over the decisions still to come.
inline int64_t budget_us(const hearts::Observation& obs) {
  if (obs.time_left_us <= 0) return 50'000;  // no clock (a direct call): a modest fixed budget
  int64_t budget = static_cast<int64_t>(static_cast<double>(obs.time_left_us) * kTimeShare);
  if (obs.bank_left_us >= 0) {
    const int64_t decisions = std::max(1, obs.hand.size()) + kBankReserveDecisions;
    budget = std::min(budget, obs.bank_left_us / decisions);
  }
  return budget;
}

class Budget {
 public:
  // fixed_iterations > 0: exactly that many, whatever the clock; otherwise until budget_us
  // microseconds from now or kMaxTimedIterations. No unit of work is forced: on a starved
  // machine a search may find nothing, and the heuristic's choice is played.
  Budget(int fixed_iterations, int64_t budget_us)
      : fixed_(fixed_iterations), budget_us_(budget_us), start_(Clock::now()) {}

  bool fixed() const { return fixed_ > 0; }
  // Whether a search that has done `done` iterations may start another unit of work.
  bool more(int done) const {
    if (fixed_ > 0) return done < fixed_;
    if (done >= kMaxTimedIterations) return false;
    return elapsed_us() < budget_us_;
  }
  int64_t elapsed_us() const {
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
  }

 private:
  using Clock = std::chrono::steady_clock;
  int fixed_;
  int64_t budget_us_;
  Clock::time_point start_;
};

}  // namespace hearts_ismcts
