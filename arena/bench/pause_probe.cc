#include "bench/pause_probe.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace arena {

PauseSummary summarize_pauses(const std::vector<std::vector<ClockGap>>& gaps, double seconds) {
  PauseSummary s;
  s.seconds = seconds;
  s.threads = static_cast<int>(gaps.size());
  s.thresholds_us = {1'000, 5'000, 10'000, 20'000, 50'000};
  s.gaps_over.assign(s.thresholds_us.size(), 0);
  for (size_t t = 0; t < gaps.size(); ++t) {
    for (const ClockGap& gap : gaps[t]) {
      s.longest_us = std::max(s.longest_us, gap.length_us);
      for (size_t k = 0; k < s.thresholds_us.size(); ++k) {
        if (gap.length_us >= s.thresholds_us[k]) ++s.gaps_over[k];
      }
      if (gap.length_us < 1'000) continue;
      ++s.long_gaps;
      const int64_t end = gap.start_us + gap.length_us;
      bool shared = false;
      for (size_t o = 0; o < gaps.size() && !shared; ++o) {
        if (o == t) continue;
        for (const ClockGap& other : gaps[o]) {
          if (other.length_us >= 1'000 && other.start_us < end &&
              gap.start_us < other.start_us + other.length_us) {
            shared = true;
            break;
          }
        }
      }
      s.shared_gaps += shared;
    }
  }
  return s;
}

std::vector<std::vector<ClockGap>> probe_pauses(int threads, double seconds, int64_t min_gap_us) {
  using Clock = std::chrono::steady_clock;
  std::vector<std::vector<ClockGap>> gaps(static_cast<size_t>(std::max(1, threads)));
  const Clock::time_point start = Clock::now();
  const auto span =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  const auto min_gap = std::chrono::microseconds(min_gap_us);
  std::vector<std::thread> spinners;
  for (auto& mine : gaps) {
    spinners.emplace_back([&mine, start, span, min_gap] {
      mine.reserve(4096);
      Clock::time_point last = Clock::now();
      while (last - start < span) {
        const Clock::time_point now = Clock::now();
        if (now - last >= min_gap && mine.size() < mine.capacity()) {
          using std::chrono::duration_cast;
          using std::chrono::microseconds;
          mine.push_back({duration_cast<microseconds>(last - start).count(),
                          duration_cast<microseconds>(now - last).count()});
        }
        last = now;
      }
    });
  }
  for (std::thread& spinner : spinners) spinner.join();
  return gaps;
}

}  // namespace arena
