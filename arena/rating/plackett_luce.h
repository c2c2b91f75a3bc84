// Plackett-Luce strengths fitted to ranked games, on an Elo-like scale, with bootstrap intervals.
//
// Contract: the games are read during the call only (see rating/types.h for their form and
// rating/bootstrap.h for the percentile intervals); the fit is returned by value. Malformed games
// or options throw std::invalid_argument. The result depends only on the arguments: the bootstrap
// draws from hearts::Rng(options.seed) and does not depend on options.threads.
// Thread safety: reentrant; the call itself may start options.threads - 1 helper threads, all
// joined before it returns.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "rating/game_source.h"
#include "rating/types.h"

namespace arena::rating {

struct PlackettLuceOptions {
  uint64_t seed = 0;         // for the bootstrap
  int resamples = 2000;      // bootstrap resamples of the groups (0: no interval)
  double confidence = 0.95;  // interval coverage
  int max_iterations = 20000;
  double tolerance = 1e-10;  // stop when no log-strength moves by more than this in an iteration
  // The same for each bootstrap refit: its last step is still taken (Newton's error then is about
  // this squared), and a percentile of resamples moves by far more than this from draw to draw.
  double bootstrap_tolerance = 1e-6;
  int threads = 1;  // bootstrap refits run on this many threads; results do not depend on it
};

struct PlackettLuceRating {
  double strength = 1.0;   // maximum a posteriori Plackett-Luce strength (reference bot = 1)
  double rating = 1500.0;  // 400 * log10(strength), shifted so the mean over all bots is 1500
  double low = 0.0;        // bootstrap percentile interval of `rating` (NaN without bootstrap)
  double high = 0.0;
};

struct PlackettLuceFit {
  std::vector<PlackettLuceRating> bots;  // indexed by bot id, num_bots entries
  int iterations = 0;                    // Newton iterations of the fit on the full data
  bool converged = false;                // the full-data fit met `tolerance`
};

// Fits Plackett-Luce strengths to the games' rankings: the maximum a posteriori log-strengths by
// Newton's method with a backtracking line search (the log posterior below is strictly concave,
// so it converges quadratically: a handful of iterations), and bootstraps the ratings over groups
// (each resample refits from the full-data estimate; a bot none of whose groups was drawn gets its
// prior-only strength in that resample). Each iteration solves an n x n system for n bots
// (Cholesky), cheap for the tens of bots of a tournament. Until 2026-11-24 the fit was Hunter's MM
// ("MM algorithms for generalized Bradley-Terry models", Ann. Statist. 32(1), 2004), which reaches
// the same optimum in hundreds of iterations.
//
// Model: a game's ranking is built from the top; a tie group G whose members and all lower
// placed players form the set R contributes prod_{i in G} s_i / (sum_{j in R} s_j)^|G| (the
// Breslow treatment of ties: each tied player is chosen from the same set R). A final group of
// one player contributes a factor of 1 and is dropped; a final group of several does not.
// Prior (regularisation): every bot also has one virtual win and one virtual loss against a
// fixed reference of strength 1, i.e. a factor s_i / (s_i + 1)^2, so a bot that never lost or
// never won gets a finite strength and a bot with no games gets strength 1.
// The Elo-like scale: two bots 400 rating points apart have strengths in ratio 10, so the
// stronger one beats the weaker head to head with probability 10/11.
PlackettLuceFit plackett_luce(std::span<const GameResult> games, int num_bots,
                              const PlackettLuceOptions& options = {});
// The same from a GameSource (read a few times; per game it keeps 8 bytes while it gathers each
// group's rankings, then only the groups' distinct rankings).
PlackettLuceFit plackett_luce(const GameSource& games, int num_bots,
                              const PlackettLuceOptions& options = {});

}  // namespace arena::rating
