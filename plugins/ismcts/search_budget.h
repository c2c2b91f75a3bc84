// How long one ismcts search may run: a fixed iteration count (deterministic, the clock is not
// read) or a share of the decision's time, widened while the search has a core to itself.
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: a plain value.
#pragma once

#include <time.h>

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
// The share a search may go on to while it has had a core to itself: its thread's CPU time at
// least kQuietCpuShare of the wall time since it started. A machine that keeps the search off a
// core is the machine that delays the answer, so the search stops at kTimeShare there. Four
// fifths, with kQuietMinSlackUs left before the limit: at 100 ms the search may go on to 80 ms.
// (Half, until the arena's time margin covered the VM's 10-25 ms stalls for every seat: a search
// to 80 ms answers late, within the margin, only when such a stall hits it.)
inline constexpr double kQuietTimeShare = 0.8;
inline constexpr double kQuietCpuShare = 0.9;
// The quiet share leaves at least this before the limit, or half of a shorter limit. At 10 ms a
// quiet search may go on to 5 ms: 3.4 ms a decision on average instead of 1.0, worth half a
// point per deal against montecarlo@100ms (docs/strength.md, "Short limits"). The VM these were
// measured on pauses for 10-20 ms a few times a minute, and a pause during a decision makes it
// late, the more often the longer the search (9 and 10 late answers in 400 games instead of 1):
// no share avoids them at 10 ms. The arena's time margin (50 ms by default) accepts them as late
// answers; at 100 ms and more 20 ms are left before the limit itself.
inline constexpr int64_t kQuietMinSlackUs = 20'000;
// With a game bank, the decisions the bank must still last for, beyond the cards in hand: about
// two more deals, so an early deal cannot spend what later ones need.
inline constexpr int kBankReserveDecisions = 26;
// Below this budget a search is not worth starting: the heuristic's choice is played. Low
// enough that a 10 ms limit (1.5 ms of search, some 50-150 iterations) still searches; at
// montecarlo's 2 ms the bot played exactly as the heuristic at 10 ms.
inline constexpr int64_t kMinBudgetUs = 500;
// The most iterations of a timed search (a fast machine with a long limit stops here).
inline constexpr int kMaxTimedIterations = 200'000;

// The microseconds this decision may spend searching: `share` (kTimeShare unless given) of
// time_left_us, and with a bank no more than an even share of it over the decisions to come.
inline int64_t budget_us(const hearts::Observation& obs, double share = kTimeShare) {
  if (obs.time_left_us <= 0) return 50'000;  // no clock (a direct call): a modest fixed budget
  int64_t budget = static_cast<int64_t>(static_cast<double>(obs.time_left_us) * share);
  if (share > kTimeShare) {
    const int64_t slack = std::min(kQuietMinSlackUs, obs.time_left_us / 2);  // see kQuietMinSlackUs
    budget = std::max<int64_t>(0, std::min(budget, obs.time_left_us - slack));
  }
  if (obs.bank_left_us >= 0) {
    const int64_t decisions = std::max(1, obs.hand.size()) + kBankReserveDecisions;
    budget = std::min(budget, obs.bank_left_us / decisions);
  }
  return budget;
}

// The timed rule: search on until `budget_us`, then on to `quiet_budget_us` only while the
// thread's CPU time since the start is at least kQuietCpuShare of the wall time.
inline bool timed_search_may_go_on(int64_t elapsed_us, int64_t cpu_us, int64_t budget_us,
                                   int64_t quiet_budget_us) {
  if (elapsed_us < budget_us) return true;
  if (elapsed_us >= quiet_budget_us) return false;
  return static_cast<double>(cpu_us) >= kQuietCpuShare * static_cast<double>(elapsed_us);
}

class Budget {
 public:
  // fixed_iterations > 0: exactly that many, whatever the clock; otherwise until budget_us
  // microseconds from now, or on to quiet_budget_us while the search has had its core, or
  // kMaxTimedIterations. No unit of work is forced: on a starved machine a search may find
  // nothing, and the heuristic's choice is played.
  Budget(int fixed_iterations, int64_t budget_us, int64_t quiet_budget_us = 0)
      : fixed_(fixed_iterations),
        budget_us_(budget_us),
        quiet_budget_us_(std::max(budget_us, quiet_budget_us)),
        start_(Clock::now()),
        start_cpu_us_(thread_cpu_us()) {}

  // The budget of one decision: `fixed_iterations` when positive, else the plain share of
  // obs.time_left_us, widened to the quiet share while the search has its core.
  static Budget for_decision(int fixed_iterations, const hearts::Observation& obs) {
    return Budget(fixed_iterations, budget_us(obs), budget_us(obs, kQuietTimeShare));
  }

  bool fixed() const { return fixed_ > 0; }
  // Whether a search that has done `done` iterations may start another unit of work.
  bool more(int done) const {
    if (fixed_ > 0) return done < fixed_;
    if (done >= kMaxTimedIterations) return false;
    const int64_t elapsed = elapsed_us();
    // The CPU clock is read only past the plain budget: it costs a system call.
    const int64_t cpu = elapsed < budget_us_ ? 0 : thread_cpu_us() - start_cpu_us_;
    return timed_search_may_go_on(elapsed, cpu, budget_us_, quiet_budget_us_);
  }
  int64_t elapsed_us() const {
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
  }

 private:
  using Clock = std::chrono::steady_clock;
  static int64_t thread_cpu_us() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<int64_t>(now.tv_sec) * 1'000'000 + now.tv_nsec / 1000;
  }
  int fixed_;
  int64_t budget_us_;
  int64_t quiet_budget_us_;
  Clock::time_point start_;
  int64_t start_cpu_us_;
};

}  // namespace hearts_ismcts
