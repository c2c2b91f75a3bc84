#include "rating/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "hearts/rng.h"
#include "rating/internal.h"

namespace arena::rating {
namespace internal {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Quantile q of ascending `sorted` with linear interpolation at position q * (n - 1).
double quantile(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<size_t>(std::floor(pos));
  const size_t above = std::min(below + 1, sorted.size() - 1);
  const double frac = pos - static_cast<double>(below);
  return sorted[below] + frac * (sorted[above] - sorted[below]);
}

}  // namespace

void set_percentile_bounds(std::vector<double> estimates, double confidence, double* low,
                           double* high) {
  if (estimates.empty()) {
    *low = *high = kNaN;
    return;
  }
  std::sort(estimates.begin(), estimates.end());
  *low = quantile(estimates, (1.0 - confidence) / 2.0);
  *high = quantile(estimates, (1.0 + confidence) / 2.0);
}

Interval bootstrap_weighted(std::span<const double> values, std::span<const double> weights,
                            uint64_t seed, int resamples, double confidence) {
  check_bootstrap_args(resamples, confidence);
  const size_t n = values.size();
  if (n == 0) return {kNaN, kNaN, kNaN};
  double sum_w = 0.0, sum_wv = 0.0;
  for (size_t i = 0; i < n; ++i) {
    sum_w += weights[i];
    sum_wv += weights[i] * values[i];
  }
  Interval out{sum_wv / sum_w, kNaN, kNaN};
  hearts::Rng rng(seed);
  std::vector<double> estimates;
  estimates.reserve(static_cast<size_t>(resamples));
  for (int r = 0; r < resamples; ++r) {
    double w = 0.0, wv = 0.0;
    for (size_t i = 0; i < n; ++i) {
      const size_t k = rng.uniform(static_cast<uint32_t>(n));
      w += weights[k];
      wv += weights[k] * values[k];
    }
    estimates.push_back(wv / w);
  }
  set_percentile_bounds(std::move(estimates), confidence, &out.low, &out.high);
  return out;
}

}  // namespace internal

Interval mean_with_bootstrap_ci(std::span<const double> group_values, uint64_t seed, int resamples,
                                double confidence) {
  const std::vector<double> ones(group_values.size(), 1.0);
  return internal::bootstrap_weighted(group_values, ones, seed, resamples, confidence);
}

Interval weighted_mean_with_bootstrap_ci(std::span<const double> group_values,
                                         std::span<const double> group_weights, uint64_t seed,
                                         int resamples, double confidence) {
  if (group_values.size() != group_weights.size())
    internal::fail("values and weights differ in number");
  for (double w : group_weights)
    if (!(w > 0.0 && std::isfinite(w))) internal::fail("weights must be positive and finite");
  return internal::bootstrap_weighted(group_values, group_weights, seed, resamples, confidence);
}

namespace {

// A group's sum and count for one series.
struct SeriesEntry {
  uint32_t group;
  double sum, count;
};

// One series' cells. A series in every group (a round robin at one table: every bot and pair)
// is dense, its sums indexed by group, and when every group has the same count (games per
// group), a resample's count is that count times the groups drawn, with no sum to take.
struct SeriesCells {
  bool dense = false;
  bool uniform_count = false;
  double count = 0.0;                // the groups' count, when uniform
  std::vector<double> sums, counts;  // dense: per group
  std::vector<SeriesEntry> entries;  // otherwise: the groups the series is in
};

// sum over k of a[k] * b[k], in four running sums so that the additions do not wait on one
// another.
double dot(const double* a, const double* b, size_t n) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  size_t k = 0;
  for (; k + 4 <= n; k += 4) {
    s0 += a[k] * b[k];
    s1 += a[k + 1] * b[k + 1];
    s2 += a[k + 2] * b[k + 2];
    s3 += a[k + 3] * b[k + 3];
  }
  for (; k < n; ++k) s0 += a[k] * b[k];
  return (s0 + s1) + (s2 + s3);
}

// The series' sum and count over a resample that drew group g drawn[g] times (n draws).
void resampled_sums(const SeriesCells& series, const std::vector<double>& drawn, double* sum,
                    double* count) {
  if (series.dense) {
    *sum = dot(drawn.data(), series.sums.data(), drawn.size());
    *count = series.uniform_count ? series.count * static_cast<double>(drawn.size())
                                  : dot(drawn.data(), series.counts.data(), drawn.size());
    return;
  }
  double s0 = 0, s1 = 0, c0 = 0, c1 = 0;
  const std::vector<SeriesEntry>& entries = series.entries;
  size_t k = 0;
  for (; k + 2 <= entries.size(); k += 2) {
    const double h0 = drawn[entries[k].group], h1 = drawn[entries[k + 1].group];
    s0 += h0 * entries[k].sum;
    s1 += h1 * entries[k + 1].sum;
    c0 += h0 * entries[k].count;
    c1 += h1 * entries[k + 1].count;
  }
  if (k < entries.size()) {
    s0 += drawn[entries[k].group] * entries[k].sum;
    c0 += drawn[entries[k].group] * entries[k].count;
  }
  *sum = s0 + s1;
  *count = c0 + c1;
}

// Each series' cells from the groups' (a group holds a cell per series in it).
template <typename Cell>
std::vector<SeriesCells> cells_by_series(const std::vector<std::vector<Cell>>& groups,
                                         size_t num_series) {
  std::vector<SeriesCells> series(num_series);
  for (uint32_t g = 0; g < groups.size(); ++g) {
    for (const Cell& cell : groups[g]) {
      series[cell.series].entries.push_back({g, cell.sum, cell.count});
    }
  }
  for (SeriesCells& s : series) {
    if (s.entries.size() != groups.size() || s.entries.empty()) continue;
    s.dense = true;
    s.uniform_count = true;
    s.count = s.entries[0].count;
    for (const SeriesEntry& e : s.entries) {
      s.sums.push_back(e.sum);
      s.counts.push_back(e.count);
      s.uniform_count = s.uniform_count && e.count == s.count;
    }
    s.entries = {};
  }
  return series;
}

}  // namespace

void PooledMeansBootstrap::add(size_t group, uint32_t series, double value) {
  std::vector<Cell>& cells = groups_[group];
  for (Cell& cell : cells) {
    if (cell.series == series) {
      cell.sum += value;
      cell.count += 1.0;
      return;
    }
  }
  cells.push_back({series, value, 1.0});
}

std::vector<Interval> PooledMeansBootstrap::intervals(uint64_t seed, int resamples,
                                                      double confidence) const {
  internal::check_bootstrap_args(resamples, confidence);
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  std::vector<Interval> out(num_series_, Interval{kNaN, kNaN, kNaN});
  const auto n = static_cast<uint32_t>(groups_.size());
  if (n == 0) return out;
  // A resample is first counted per group; then each series sums its groups times their counts.
  const std::vector<SeriesCells> series = cells_by_series(groups_, num_series_);
  std::vector<std::vector<double>> estimates(num_series_);
  const std::vector<double> once(n, 1.0);  // the estimates: every group once
  for (size_t s = 0; s < num_series_; ++s) {
    double sum = 0.0, count = 0.0;
    resampled_sums(series[s], once, &sum, &count);
    if (count > 0.0) out[s].estimate = sum / count;
    estimates[s].reserve(static_cast<size_t>(resamples));
  }
  hearts::Rng rng(seed);
  std::vector<double> drawn(n);
  for (int r = 0; r < resamples; ++r) {
    std::fill(drawn.begin(), drawn.end(), 0.0);
    for (uint32_t i = 0; i < n; ++i) drawn[rng.uniform(n)] += 1.0;
    for (size_t s = 0; s < num_series_; ++s) {
      double sum = 0.0, count = 0.0;
      resampled_sums(series[s], drawn, &sum, &count);
      if (count > 0.0) estimates[s].push_back(sum / count);
    }
  }
  for (size_t s = 0; s < num_series_; ++s) {
    if (!std::isnan(out[s].estimate)) {
      internal::set_percentile_bounds(std::move(estimates[s]), confidence, &out[s].low,
                                      &out[s].high);
    }
  }
  return out;
}

}  // namespace arena::rating
