// Rating statistics for tournaments: bootstrap intervals over duplicate groups, Plackett-Luce
// strengths on an Elo-like scale, TrueSkill for ranked free-for-all games, win rates with ties
// split and pairwise head-to-head point differences.
//
// Everything here is pure computation on the values passed in: no I/O, no globals. Every random
// choice comes from hearts::Rng seeded by the caller, so each result is a pure function of its
// arguments (the same seed gives bit-identical intervals).
//
// Games and groups. A game lists its players: bot ids in [0, num_bots), each with a final rank
// (1 = best; equal ranks are ties, e.g. {1, 1, 3, 4}; only the order and equality of ranks are
// used) and mean points per deal. Games that share a deal sequence with rotated seats form a
// duplicate group; every bootstrap here resamples whole groups with replacement (so a group's
// games stay together), taking groups in the order their ids first appear in the input.
//
// Percentile intervals: of R resampled estimates sorted ascending, the bounds are the
// (1 - confidence) / 2 and (1 + confidence) / 2 quantiles with linear interpolation between
// order statistics (position q * (R - 1)). With resamples == 0 no bootstrap is run and the
// bounds are NaN.
//
// Errors: malformed input (a bot id out of range, a bot twice in one game, a rank below 1, fewer
// than two players in a game, confidence outside (0, 1), negative resamples, ...) throws
// std::invalid_argument naming the problem.
//
// Thread safety: every function is reentrant and touches nothing but its arguments and its
// result; any number of threads may call them at once, also on the same (unmodified) inputs.
#pragma once

#include <cstdint>
#include <span>
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

// ---- Bootstrap ----

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

// ---- Plackett-Luce ----

struct PlackettLuceOptions {
  uint64_t seed = 0;         // for the bootstrap
  int resamples = 2000;      // bootstrap resamples of the groups (0: no interval)
  double confidence = 0.95;  // interval coverage
  int max_iterations = 20000;
  double tolerance = 1e-10;  // stop when no log-strength moves by more than this in an iteration
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
  int iterations = 0;                    // MM iterations of the fit on the full data
  bool converged = false;                // the full-data fit met `tolerance`
};

// Fits Plackett-Luce strengths to the games' rankings by the MM algorithm of Hunter (2004),
// "MM algorithms for generalized Bradley-Terry models", Ann. Statist. 32(1), section 5, and
// bootstraps the ratings over groups (each resample refits from the full-data estimate; a bot
// none of whose groups was drawn gets its prior-only strength in that resample). After every MM
// step the strengths of each set of bots connected by games are scaled by the common factor that
// maximises the prior (the games' likelihood is unchanged by it); both steps raise the posterior,
// and the scaling removes the otherwise very slow convergence of the overall scale.
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

// ---- TrueSkill ----

// Herbrich, Minka, Graepel (2007), "TrueSkill: A Bayesian Skill Rating System", NIPS 19. The
// defaults are the paper's and the common implementations' (Moserware Skills, the trueskill
// Python package): mu 25, sigma 25/3, beta 25/6, tau 25/300, draw probability 0.10.
struct TrueSkillParams {
  double mu = 25.0;                // initial mean skill
  double sigma = 25.0 / 3.0;       // initial skill standard deviation
  double beta = 25.0 / 6.0;        // performance noise standard deviation
  double tau = 25.0 / 300.0;       // dynamics: added to sigma (in variance) before every game
  double draw_probability = 0.10;  // in [0, 1): sets the draw margin; 0 rejects tied ranks
};

struct TrueSkillRating {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
  // The conservative skill estimate mu - 3 sigma.
  double conservative() const { return mu - 3.0 * sigma; }
};

// One free-for-all game: `ratings[k]` is player k's rating before the game and `ranks[k]` its
// rank (equal ranks draw). Returns the ratings after the game in the same order. The factor graph
// is the paper's for teams of one: skills, performances, differences of performances adjacent in
// rank order, each truncated to > margin (win) or to [-margin, margin] (draw), with the draw
// margin eps = Phi^-1((p + 1) / 2) * sqrt(2) * beta; the chain of differences is iterated by
// expectation propagation (forward and backward sweeps) until no message moves by more than
// 1e-12, at most 100 sweeps. Before the game tau^2 is added to every sigma^2. Tied players are
// chained in their input order, so (as in every implementation of this graph) tied players with
// equal ratings can move by slightly different amounts, e.g. 5.698 / 5.695 / 5.698 for a
// three-way draw among new players. Ratings need a finite mu and a finite sigma > 0.
std::vector<TrueSkillRating> trueskill_update(std::span<const TrueSkillRating> ratings,
                                              std::span<const int> ranks,
                                              const TrueSkillParams& params = {});

// Every bot starts at (params.mu, params.sigma); the games are applied one by one in order, each
// by trueskill_update with its players in the listed order. Indexed by bot id, num_bots entries.
std::vector<TrueSkillRating> trueskill_ratings(std::span<const GameResult> games, int num_bots,
                                               const TrueSkillParams& params = {});

// ---- Win rates and head to head ----

struct WinRate {
  double wins = 0.0;  // a game with k bots at the best rank gives each of them 1/k
  int games = 0;      // games played
  double rate = 0.0;  // wins / games (0 with no games)
};

// Indexed by bot id, num_bots entries.
std::vector<WinRate> win_rates(std::span<const GameResult> games, int num_bots);

struct HeadToHead {
  int a = 0;  // a < b
  int b = 0;
  int games = 0;             // games in which both played
  Interval points_per_deal;  // mean over those games of (ppd of a - ppd of b), bootstrapped
};

// One entry per pair of bots that met in at least one game, sorted by (a, b). The estimate is
// the mean over the pair's common games; the interval resamples the groups holding those games
// (weighted_mean_with_bootstrap_ci with a group's mean difference and its number of common
// games), the pair (a, b) drawing from hearts::Rng(hearts::derive_seed(seed, a * num_bots + b)).
std::vector<HeadToHead> head_to_head(std::span<const GameResult> games, int num_bots, uint64_t seed,
                                     int resamples = 2000, double confidence = 0.95);

}  // namespace arena::rating
