#include "match/clock.h"

#include <cstdint>

#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

namespace arena {
namespace {

int64_t steady_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

#if defined(__x86_64__)
// CPUID 0x80000007 EDX bit 8: the counter ticks at one rate in every power state and core.
bool invariant_counter() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __get_cpuid(0x80000007, &eax, &ebx, &ecx, &edx) != 0 && ((edx >> 8) & 1) != 0;
}

// A counter reading and a steady_clock reading taken at the same moment: the steady read is
// bracketed by two counter reads, and of several tries the tightest bracket wins, so a thread
// descheduled between the reads cannot skew the pair.
struct ClockPair {
  uint64_t ticks = 0;
  std::chrono::steady_clock::time_point steady;
};

ClockPair simultaneous_reading() {
  ClockPair best;
  uint64_t best_width = UINT64_MAX;
  for (int attempt = 0; attempt < 8; ++attempt) {
    const uint64_t before = __rdtsc();
    const auto steady = std::chrono::steady_clock::now();
    const uint64_t after = __rdtsc();
    if (after >= before && after - before < best_width) {
      best_width = after - before;
      best = {before + (after - before) / 2, steady};
    }
  }
  return best;
}
#endif

}  // namespace

TscClock::TscClock() : calibration_(calibration()) {}

const TscClock::Calibration& TscClock::calibration() {
  static const Calibration result = [] {
    Calibration c;
#if defined(__x86_64__)
    if (!invariant_counter()) return c;
    // Both clocks keep running while this thread is descheduled, and each end is a simultaneous
    // pair, so only read jitter (tens of nanoseconds over 2 ms) limits the rate's precision.
    const ClockPair start = simultaneous_reading();
    while (std::chrono::steady_clock::now() - start.steady < std::chrono::milliseconds(2)) {
    }
    const ClockPair end = simultaneous_reading();
    const double us = std::chrono::duration<double, std::micro>(end.steady - start.steady).count();
    if (end.ticks <= start.ticks || us <= 0) return c;
    c.us_per_tick_q32 =
        static_cast<uint64_t>(us / static_cast<double>(end.ticks - start.ticks) * 4294967296.0);
    c.base_ticks = end.ticks;
    c.base_us = std::chrono::duration_cast<std::chrono::microseconds>(end.steady.time_since_epoch())
                    .count();
    c.usable = c.us_per_tick_q32 > 0;
#endif
    return c;
  }();
  return result;
}

bool TscClock::uses_counter() {
  return calibration().usable;
}

int64_t TscClock::now_us() const {
#if defined(__x86_64__)
  if (calibration_.usable) {
    // 128-bit product: no overflow however long the process runs.
    const uint64_t ticks = __rdtsc() - calibration_.base_ticks;
    const auto scaled = static_cast<unsigned __int128>(ticks) * calibration_.us_per_tick_q32 >> 32;
    return calibration_.base_us + static_cast<int64_t>(scaled);
  }
#endif
  return steady_us();
}

}  // namespace arena
