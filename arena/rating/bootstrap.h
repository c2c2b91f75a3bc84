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
#include <optional>
#include <span>
#include <utility>
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
// series. A series keeps, per group it is in, the sum and the count of the values its games gave
// there (8 bytes a group at one table, at most 16, and nothing for a group it is not in). A series'
// estimate is its pooled mean (sum over count); a resample holding none of a series' groups gives
// it no estimate, and its bounds come from the rest. For a series in every group this is
// weighted_mean_with_bootstrap_ci with the groups' means and counts (other draws). Thread safety:
// add() from one thread; intervals() is const and reentrant.
class PooledMeansBootstrap {
 public:
  PooledMeansBootstrap(size_t num_groups, size_t num_series)
      : num_groups_(num_groups), series_(num_series) {}
  // One game's value for `series`, in `group` (groups below num_groups). A group's games need not
  // come together, but when they do each series holds one entry per group.
  void add(size_t group, uint32_t series, double value);
  // One interval per series (NaN throughout for a series with no values), resampled from
  // hearts::Rng(seed); checks the bootstrap arguments.
  std::vector<Interval> intervals(uint64_t seed, int resamples, double confidence) const;
  // Intervals of the differences a − b of pairs of series, from resamples drawn as intervals()
  // draws them: a pair's estimate is (sum of a − sum of b) / count. That is the pooled mean of
  // the games' differences when both series are in every game; the caller knows whether they are.
  // Empty unless every series is in every group, one entry each in group order, with one count
  // throughout (then a pair's count is the series' count).
  std::optional<std::vector<Interval>> difference_intervals(
      std::span<const std::pair<uint32_t, uint32_t>> pairs, uint64_t seed, int resamples,
      double confidence) const;

  // One series' groups, stored as compactly as they allow: while the k-th group the series meets
  // is group k (every group, in order) group numbers are not stored, and while every group has
  // the same count neither are counts, so a round robin at one table keeps 8 bytes a group.
  class Series {
   public:
    // One game's value in `group`; `most` bounds the entries (the groups), for growth.
    void add(uint32_t group, double value, size_t most);
    size_t size() const { return sums_.size(); }
    const std::vector<double>& sums() const { return sums_; }
    uint32_t group(size_t k) const {
      return groups_.empty() ? static_cast<uint32_t>(k) : groups_[k];
    }
    uint32_t count(size_t k) const;
    bool in_group_order() const { return groups_.empty(); }  // entry k is group k
    uint32_t uniform_count() const;                          // 0 unless one count throughout

   private:
    std::vector<double> sums_;
    std::vector<uint32_t> groups_;  // empty while entry k is group k
    std::vector<uint32_t> counts_;  // empty while every entry but the last has count_
    uint32_t count_ = 0;            // then: every entry's but the last
    uint32_t last_count_ = 0;       // and the last entry's (its games so far)
    uint32_t last_group_ = 0;
  };

 private:
  size_t num_groups_;
  std::vector<Series> series_;  // per series, its groups as games came
};

}  // namespace arena::rating
