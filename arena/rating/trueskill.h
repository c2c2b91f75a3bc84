// TrueSkill ratings for ranked free-for-all games: one game's update, and a whole game list.
//
// Contract: ratings, ranks and games are read during the call only; results are returned by
// value. Malformed input (see rating/rating.h, "Errors"; also bad parameters, a rating without a
// finite mu and a finite sigma > 0, tied ranks with draw probability 0) throws
// std::invalid_argument. No randomness: the result is a pure function of the arguments.
// Thread safety: reentrant; any number of threads may call at once, also on the same inputs.
#pragma once

#include <span>
#include <vector>

#include "rating/game_source.h"
#include "rating/types.h"

namespace arena::rating {

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
std::vector<TrueSkillRating> trueskill_ratings(const GameSource& games, int num_bots,
                                               const TrueSkillParams& params = {});

}  // namespace arena::rating
