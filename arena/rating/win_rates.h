// Win rates with ties split, and pairwise head-to-head point differences with bootstrap
// intervals.
//
// Contract: the games are read during the call only (see rating/types.h for their form and
// rating/bootstrap.h for the percentile intervals); results are returned by value. Malformed
// games or bootstrap arguments throw std::invalid_argument. The intervals draw from generators
// seeded from `seed`, so every result is a pure function of the arguments.
// Thread safety: reentrant; any number of threads may call at once, also on the same inputs.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "rating/game_source.h"
#include "rating/types.h"

namespace arena::rating {

struct WinRate {
  double wins = 0.0;  // a game with k bots at the best rank gives each of them 1/k
  int games = 0;      // games played
  double rate = 0.0;  // wins / games (0 with no games)
};

// Indexed by bot id, num_bots entries.
std::vector<WinRate> win_rates(std::span<const GameResult> games, int num_bots);
std::vector<WinRate> win_rates(const GameSource& games, int num_bots);

struct HeadToHead {
  int a = 0;  // a < b
  int b = 0;
  int games = 0;             // games in which both played
  Interval points_per_deal;  // mean over those games of (ppd of a - ppd of b), bootstrapped
};

// One entry per pair of bots that met in at least one game, sorted by (a, b). The estimate is
// the mean over the pair's common games; the interval resamples the tournament's groups, every
// pair reading the same draws from hearts::Rng(seed) (PooledMeansBootstrap: a group adds its
// common games' differences and their number to each pair that met in it).
std::vector<HeadToHead> head_to_head(std::span<const GameResult> games, int num_bots, uint64_t seed,
                                     int resamples = 2000, double confidence = 0.95);
// The same from a GameSource, read twice (the pairs that met, then their differences). Holds a
// cell per pair and group they met in: as many as the games' pairs, at most.
std::vector<HeadToHead> head_to_head(const GameSource& games, int num_bots, uint64_t seed,
                                     int resamples = 2000, double confidence = 0.95);

}  // namespace arena::rating
