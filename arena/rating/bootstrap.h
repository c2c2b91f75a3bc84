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
#include <vector>

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

// Several pooled means over the same groups (each bot's points per deal, each pair's
// difference), bootstrapped together: each resample draws its groups once and every series reads
// them, so R resamples of n groups cost n draws each however many series there are, not n per
// series. A group keeps, per series in it, the sum and the count of the values its games gave.
// A series' estimate is its pooled mean (sum over count); a resample holding none of a series'
// groups gives it no estimate, and its bounds come from the rest. For a series in every group
// this is weighted_mean_with_bootstrap_ci with the groups' means and counts (other draws).
// Thread safety: add() from one thread; intervals() is const and reentrant.
class PooledMeansBootstrap {
 public:
  PooledMeansBootstrap(size_t num_groups, size_t num_series)
      : groups_(num_groups), num_series_(num_series) {}
  // One game's value for `series`, in `group`.
  void add(size_t group, uint32_t series, double value);
  // One interval per series (NaN throughout for a series with no values), resampled from
  // hearts::Rng(seed); checks the bootstrap arguments.
  std::vector<Interval> intervals(uint64_t seed, int resamples, double confidence) const;

 private:
  struct Cell {
    uint32_t series;
    double sum;    // of the group's values for the series
    double count;  // games
  };
  std::vector<std::vector<Cell>> groups_;  // per group, a cell per series present
  size_t num_series_;
};

}  // namespace arena::rating
