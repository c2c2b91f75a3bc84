// Private helpers shared by the sources of arena/rating/: input checks, duplicate-group
// numbering and the resampling core of every bootstrap. Not part of the folder's interface
// (other folders include rating/rating.h, which does not include this header).
//
// Contract: inputs are read during the call only; checks throw std::invalid_argument with a
// message starting "rating: ". Defined in internal.cc, except the bootstrap core (bootstrap.cc).
// Thread safety: reentrant; any number of threads may call at once.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "rating/game_source.h"
#include "rating/types.h"

namespace hearts {
class Rng;
}

namespace arena::rating::internal {

// Throws std::invalid_argument("rating: " + what).
[[noreturn]] void fail(const std::string& what);

void check_bootstrap_args(int resamples, double confidence);

// Every game: at least two players, bots in range and distinct, ranks >= 1, finite points.
void check_games(const GameSource& games, int num_bots);

// Group index of every game, groups numbered in the order their ids first appear.
std::vector<int> group_indices(const GameSource& games, int* num_groups);

// Sets interval bounds from resampled estimates (NaN when there are none).
void set_percentile_bounds(std::vector<double> estimates, double confidence, double* low,
                           double* high);

// One resample of the groups with replacement, counted: drawn[g] becomes how many of the
// drawn.size() draws from `rng` (uniform(n) each, in order) fell on group g.
void count_draws(hearts::Rng& rng, std::vector<double>& drawn);

// The weighted mean of `values` and its percentile bootstrap interval (checks the bootstrap
// arguments, not the weights).
Interval bootstrap_weighted(std::span<const double> values, std::span<const double> weights,
                            uint64_t seed, int resamples, double confidence);

}  // namespace arena::rating::internal
