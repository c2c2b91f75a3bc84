// Bootstrap percentile intervals for the (weighted) mean of per-group values.
//
// Percentile intervals: of R resampled estimates sorted ascending, the bounds are the
// (1 - confidence) / 2 and (1 + confidence) / 2 quantiles with linear interpolation between
// order statistics (position q * (R - 1)). With resamples == 0 no bootstrap is run and the
// bounds are NaN. Resampling draws from hearts::Rng(seed), so the interval is a pure function of
// the arguments.
//
// Contract: inputs are read through spans during the call only; results are returned by value.
// A confidence outside (0, 1), negative resamples or bad weights throw std::invalid_argument.
// Thread safety: reentrant; any number of threads may call at once, also on the same inputs.
#pragma once

#include <cstdint>
#include <span>

#include "rating/types.h"

namespace arena::rating {

// The mean of the per-group values, and a percentile bootstrap interval from `resamples`
// resamples of the groups with replacement, drawn from hearts::Rng(seed). An empty input gives
// NaN throughout; a single group gives an interval that collapses onto its value.
Interval mean_with_bootstrap_ci(std::span<const double> group_values, uint64_t seed,
                                int resamples = 2000, double confidence = 0.95);

// As mean_with_bootstrap_ci for the weighted mean sum(w * v) / sum(w), every group keeping its
// weight when resampled (e.g. v = a group's mean over its games and w = its number of games gives
// the pooled mean over games, bootstrapped by groups). Weights must be positive and finite and
// as many as the values.
Interval weighted_mean_with_bootstrap_ci(std::span<const double> group_values,
                                         std::span<const double> group_weights, uint64_t seed,
                                         int resamples = 2000, double confidence = 0.95);

}  // namespace arena::rating
