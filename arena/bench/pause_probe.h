// How often this machine stops a busy thread, and for how long: the floor under any per-decision
// time limit. A referee times a decision by the wall clock, so a pause of the thread (the kernel
// running something else, or the hypervisor stopping the whole virtual machine) is charged to
// whichever bot was thinking, unless the kernel's account shows it as the host's
// (match/host_pause.h); a limit shorter than the machine's longest pauses cannot always be met by
// a bot that thinks. `arena bench --pauses SECONDS` runs this probe.
//
// Thread safety: probe_pauses starts and joins its own threads; the rest are pure functions.
#pragma once

#include <cstdint>
#include <vector>

namespace arena {

// One gap in a spinning thread's clock reads: when it began (microseconds since the probe
// started) and how long it lasted.
struct ClockGap {
  int64_t start_us = 0;
  int64_t length_us = 0;
};

struct PauseSummary {
  double seconds = 0;  // how long each thread spun
  int threads = 0;
  std::vector<int64_t> thresholds_us;  // the buckets: gaps at least this long
  std::vector<int> gaps_over;          // per threshold, gaps over it (all threads)
  int64_t longest_us = 0;
  // Gaps of 1 ms or more that overlap a gap of another thread: the whole machine stopped (a
  // virtual machine's CPUs paused together), not one thread preempted by another process.
  int shared_gaps = 0;
  int long_gaps = 0;  // gaps of 1 ms or more (all threads)
};

// Sums up per-thread gaps (each thread's list in time order) over `seconds` of spinning.
PauseSummary summarize_pauses(const std::vector<std::vector<ClockGap>>& gaps, double seconds);

// Spins `threads` threads for `seconds`, each reading the steady clock back to back and keeping
// every gap of at least `min_gap_us`. Returns each thread's gaps.
std::vector<std::vector<ClockGap>> probe_pauses(int threads, double seconds,
                                                int64_t min_gap_us = 500);

}  // namespace arena
