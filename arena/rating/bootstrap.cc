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

void count_draws(hearts::Rng& rng, std::vector<double>& drawn) {
  const auto n = static_cast<uint32_t>(drawn.size());
  std::fill(drawn.begin(), drawn.end(), 0.0);
  for (uint32_t i = 0; i < n; ++i) drawn[rng.uniform(n)] += 1.0;
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

using Series = PooledMeansBootstrap::Series;

// sum over k of a[k] * b[k], in four running sums so that the additions do not wait on one
// another.
double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const size_t n = std::min(a.size(), b.size());
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

// A series in every group, in group order, with one count throughout (a round robin at one
// table: every bot) is summed by position, its resampled count that count times the draws.
bool dense_uniform(const Series& series, size_t num_groups) {
  return series.in_group_order() && series.size() == num_groups && series.uniform_count() > 0;
}

// The series' sum and count over a resample that drew group g drawn[g] times.
void resampled_sums(const Series& series, bool dense, const std::vector<double>& drawn, double* sum,
                    double* count) {
  if (dense) {
    *sum = dot(drawn, series.sums());
    *count = series.uniform_count() * static_cast<double>(drawn.size());
    return;
  }
  double s = 0, c = 0;
  for (size_t k = 0; k < series.size(); ++k) {
    const double h = drawn[series.group(k)];
    s += h * series.sums()[k];
    c += h * series.count(k);
  }
  *sum = s;
  *count = c;
}

}  // namespace

void PooledMeansBootstrap::Series::add(uint32_t group, double value, size_t most) {
  if (!sums_.empty() && last_group_ == group) {
    sums_.back() += value;
    ++(counts_.empty() ? last_count_ : counts_.back());
    return;
  }
  // A new entry: the last one is complete. Its group and count keep the compact form or end it.
  if (groups_.empty() && group != sums_.size()) {
    for (uint32_t k = 0; k < sums_.size(); ++k) groups_.push_back(k);
  }
  if (!groups_.empty()) groups_.push_back(group);
  if (counts_.empty() && sums_.size() == 1) count_ = last_count_;
  if (counts_.empty() && sums_.size() > 1 && last_count_ != count_) {
    counts_.assign(sums_.size(), count_);
    counts_.back() = last_count_;
  }
  if (counts_.empty()) {
    last_count_ = 1;
  } else {
    counts_.push_back(1);
  }
  // At most an entry per group when a group's games come together: growth stops there rather
  // than doubling past it (memory per game is a target: docs/performance.md).
  if (sums_.size() == sums_.capacity() && sums_.size() < most) {
    sums_.reserve(std::min(most, std::max<size_t>(16, 2 * sums_.size())));
  }
  sums_.push_back(value);
  last_group_ = group;
}

uint32_t PooledMeansBootstrap::Series::count(size_t k) const {
  if (!counts_.empty()) return counts_[k];
  return k + 1 == sums_.size() ? last_count_ : count_;
}

uint32_t PooledMeansBootstrap::Series::uniform_count() const {
  if (!counts_.empty() || sums_.empty()) return 0;
  return sums_.size() == 1 || last_count_ == count_ ? last_count_ : 0;
}

void PooledMeansBootstrap::add(size_t group, uint32_t series, double value) {
  series_[series].add(static_cast<uint32_t>(group), value, num_groups_);
}

std::vector<Interval> PooledMeansBootstrap::intervals(uint64_t seed, int resamples,
                                                      double confidence) const {
  internal::check_bootstrap_args(resamples, confidence);
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  const size_t num_series = series_.size();
  std::vector<Interval> out(num_series, Interval{kNaN, kNaN, kNaN});
  const auto n = static_cast<uint32_t>(num_groups_);
  if (n == 0) return out;
  // A resample is first counted per group; then each series sums its groups times their counts.
  std::vector<char> dense;
  std::vector<std::vector<double>> estimates(num_series);
  const std::vector<double> once(n, 1.0);  // the estimates: every group once
  for (size_t s = 0; s < num_series; ++s) {
    dense.push_back(dense_uniform(series_[s], num_groups_));
    double sum = 0.0, count = 0.0;
    resampled_sums(series_[s], dense[s], once, &sum, &count);
    if (count > 0.0) out[s].estimate = sum / count;
    if (count > 0.0) estimates[s].reserve(static_cast<size_t>(resamples));
  }
  hearts::Rng rng(seed);
  std::vector<double> drawn(n);
  for (int r = 0; r < resamples; ++r) {
    internal::count_draws(rng, drawn);
    for (size_t s = 0; s < num_series; ++s) {
      if (series_[s].size() == 0) continue;
      double sum = 0.0, count = 0.0;
      resampled_sums(series_[s], dense[s], drawn, &sum, &count);
      if (count > 0.0) estimates[s].push_back(sum / count);
    }
  }
  for (size_t s = 0; s < num_series; ++s) {
    if (!std::isnan(out[s].estimate)) {
      internal::set_percentile_bounds(std::move(estimates[s]), confidence, &out[s].low,
                                      &out[s].high);
    }
  }
  return out;
}

std::optional<std::vector<Interval>> PooledMeansBootstrap::difference_intervals(
    std::span<const std::pair<uint32_t, uint32_t>> pairs, uint64_t seed, int resamples,
    double confidence) const {
  internal::check_bootstrap_args(resamples, confidence);
  const size_t n = num_groups_;
  if (n == 0 || series_.empty()) return std::nullopt;
  const uint32_t per_group = series_[0].uniform_count();
  for (const Series& series : series_) {
    if (!dense_uniform(series, n) || series.uniform_count() != per_group) return std::nullopt;
  }
  const double count = per_group * static_cast<double>(n);  // every resample's, too
  const std::vector<double> once(n, 1.0);
  std::vector<double> sums(series_.size());
  for (size_t s = 0; s < series_.size(); ++s) sums[s] = dot(once, series_[s].sums());
  std::vector<Interval> out;
  for (const auto& [a, b] : pairs) {
    const double estimate = (sums[a] - sums[b]) / count;
    out.push_back({estimate, estimate, estimate});
  }
  std::vector<std::vector<double>> estimates(pairs.size());
  for (auto& e : estimates) e.reserve(static_cast<size_t>(resamples));
  hearts::Rng rng(seed);
  std::vector<double> drawn(n);
  for (int r = 0; r < resamples; ++r) {
    internal::count_draws(rng, drawn);
    for (size_t s = 0; s < series_.size(); ++s) sums[s] = dot(drawn, series_[s].sums());
    for (size_t k = 0; k < pairs.size(); ++k) {
      estimates[k].push_back((sums[pairs[k].first] - sums[pairs[k].second]) / count);
    }
  }
  for (size_t k = 0; k < pairs.size(); ++k) {
    internal::set_percentile_bounds(std::move(estimates[k]), confidence, &out[k].low, &out[k].high);
  }
  return out;
}

}  // namespace arena::rating
