#include "clock.h"

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
#endif

}  // namespace

TscClock::TscClock() : calibration_(calibration()) {}

const TscClock::Calibration& TscClock::calibration() {
  static const Calibration result = [] {
    Calibration c;
#if defined(__x86_64__)
    if (!invariant_counter()) return c;
    // Both clocks keep running while this thread is descheduled, so only read jitter (tens of
    // nanoseconds over 2 ms) limits the rate's precision.
    const auto start = std::chrono::steady_clock::now();
    const uint64_t start_ticks = __rdtsc();
    auto end = start;
    while (end - start < std::chrono::milliseconds(2)) end = std::chrono::steady_clock::now();
    const uint64_t end_ticks = __rdtsc();
    const double us = std::chrono::duration<double, std::micro>(end - start).count();
    if (end_ticks <= start_ticks || us <= 0) return c;
    c.us_per_tick_q32 =
        static_cast<uint64_t>(us / static_cast<double>(end_ticks - start_ticks) * 4294967296.0);
    c.base_ticks = end_ticks;
    c.base_us =
        std::chrono::duration_cast<std::chrono::microseconds>(end.time_since_epoch()).count();
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
