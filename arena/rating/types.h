// The types every rating method shares: one game's result and a point estimate with an interval.
//
// Games and groups. A game lists its players: bot ids in [0, num_bots), each with a final rank
// (1 = best; equal ranks are ties, e.g. {1, 1, 3, 4}; only the order and equality of ranks are
// used) and mean points per deal. Games that share a deal sequence with rotated seats form a
// duplicate group; every bootstrap here resamples whole groups with replacement (so a group's
// games stay together), taking groups in the order their ids first appear in the input.
//
// Contract: plain values with no invariants enforced here; the functions that take games check
// them (see rating/rating.h, "Errors"). Thread safety: plain values, safe to share read-only.
#pragma once

#include <cstdint>
#include <vector>

namespace arena::rating {

// One player's result in one game.
struct Placement {
  int bot = 0;                   // in [0, num_bots)
  int rank = 1;                  // 1 = best; equal ranks tie
  double points_per_deal = 0.0;  // mean points taken per deal (in Hearts, lower is better)
};

struct GameResult {
  uint64_t group = 0;  // duplicate group id; games with the same id are resampled together
  std::vector<Placement> players;  // at least two, each bot at most once
};

// A point estimate with a bootstrap percentile interval [low, high] (NaN when not computed).
struct Interval {
  double estimate = 0.0;
  double low = 0.0;
  double high = 0.0;
};

}  // namespace arena::rating
