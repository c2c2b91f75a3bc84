// Host pauses: telling the time a hypervisor took from a thread apart from the bot's own time.
//
// On a virtual machine the host stops a virtual core now and then (9.7 and 19.7 ms on the CI's
// VMs, several times a minute). The referee times decisions by the wall clock, so a pause that
// comes while an in-process bot thinks is charged to that bot, and at a 10 ms limit it is a
// timeout no bot could have avoided. The kernel knows better: with paravirtualized steal
// accounting it leaves stolen time out of a thread's run time, and it counts the time a thread
// waited for a core and every time it went to sleep. So for a thread that never slept, wall time
// less run time less run-queue wait is time the host took: the referee does not charge it.
//
// What cannot be excused this way: a bot that sleeps or blocks (it gave up its core), a bot whose
// thread waited for a core (its own threads, or other programs, took it), and any pause on a
// kernel without that accounting (its run time then includes the pause). In each case the
// evidence is missing and the wall time is charged, as before.
#pragma once

#include <cstdint>

namespace arena {

// What the kernel has accounted for one thread so far. Plain values; `valid` is false when they
// could not be read (no /proc, a kernel without sched_info), and such a reading excuses nothing.
struct ThreadAccount {
  bool valid = false;
  int64_t run_ns = 0;              // on a core, up to date (stolen time left out)
  int64_t wait_ns = 0;             // runnable, waiting for a core
  int64_t voluntary_switches = 0;  // times it slept or blocked
};

// Reads the calling thread's account. Injectable, so the referee's use of it is tested exactly.
// Thread safety: read() may be called from any thread and reads that thread's account.
class ThreadAccounting {
 public:
  virtual ~ThreadAccounting() = default;
  virtual ThreadAccount read() const = 0;
};

// The kernel's account: the thread's CPU clock (run time, brought up to date by reading it),
// /proc/thread-self/schedstat (run-queue wait; kept open per thread) and getrusage(RUSAGE_THREAD)
// (voluntary switches). About 0.8 us a read.
class KernelThreadAccounting final : public ThreadAccounting {
 public:
  ThreadAccount read() const override;
  // The process-wide instance the referee uses unless told otherwise.
  static const KernelThreadAccounting& instance();
};

// The part of a call's wall time that the host took from its thread, in microseconds: wall time
// less the thread's run time and run-queue wait between the two readings, if it never slept;
// 0 if it slept or blocked, if a reading is invalid, or if nothing is left over. `before` must be
// read before the wall interval starts and `after` after it ends, so the run time covers it.
int64_t host_pause_us(const ThreadAccount& before, const ThreadAccount& after, int64_t wall_us);

}  // namespace arena
