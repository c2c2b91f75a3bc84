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

}  // namespace arena::rating
