#include "rating/trueskill.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <utility>

#include "rating/internal.h"

namespace arena::rating {
namespace {

using internal::check_games;
using internal::fail;

// A Gaussian in natural parameters: precision pi and precision-adjusted mean tau = pi * mean.
struct Gaussian {
  double pi = 0.0;
  double tau = 0.0;
  static Gaussian from_mean_var(double mean, double var) { return {1.0 / var, mean / var}; }
  double mean() const { return tau / pi; }
  double var() const { return 1.0 / pi; }
};
Gaussian operator*(Gaussian a, Gaussian b) {
  return {a.pi + b.pi, a.tau + b.tau};
}
Gaussian operator/(Gaussian a, Gaussian b) {
  return {a.pi - b.pi, a.tau - b.tau};
}

double norm_pdf(double x) {
  return std::exp(-0.5 * x * x) / std::sqrt(2.0 * std::numbers::pi);
}
double norm_cdf(double x) {
  return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

// Phi^-1(p) for p in (0, 1), by bisection to full double precision.
double norm_ppf(double p) {
  double lo = -40.0, hi = 40.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (norm_cdf(mid) < p ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

// The draw margin for these parameters. norm_ppf's bisection costs 200 erfc calls, more than the
// rest of an update, and a tournament passes the same parameters for every game: the last
// result is kept per thread.
double draw_margin(const TrueSkillParams& params) {
  thread_local double last_probability = std::numeric_limits<double>::quiet_NaN();
  thread_local double last_beta = std::numeric_limits<double>::quiet_NaN();
  thread_local double last_margin = 0.0;
  if (params.draw_probability != last_probability || params.beta != last_beta) {
    last_margin = norm_ppf((params.draw_probability + 1.0) / 2.0) * std::sqrt(2.0) * params.beta;
    last_probability = params.draw_probability;
    last_beta = params.beta;
  }
  return last_margin;
}

// phi(x) / Phi(x), the mean shift of a standard normal truncated to (-x, inf). For very negative
// x, where Phi underflows, the inverse of Laplace's continued fraction for the Mills ratio.
double inverse_mills(double x) {
  if (x > -30.0) return norm_pdf(x) / norm_cdf(x);
  const double z = -x;
  double frac = z;
  for (int k = 200; k >= 1; --k) frac = z + k / frac;
  return frac;  // 1 / R(z) where R(z) = 1 / (z + 1 / (z + 2 / (z + ...)))
}

// The additive and multiplicative corrections v, w of Herbrich et al. for a difference with
// standardised mean t truncated to > e (win) or to [-e, e] (draw).
void win_correction(double t, double e, double* v, double* w) {
  const double x = t - e;
  *v = inverse_mills(x);
  *w = std::clamp(*v * (*v + x), 1e-15, 1.0 - 1e-15);
}

void draw_correction(double t, double e, double* v, double* w) {
  const double abs_t = std::abs(t);
  const double a = e - abs_t, b = -e - abs_t;
  // Phi(a) - Phi(b) from the tail that keeps precision.
  const double denom = a < 0.0 ? norm_cdf(a) - norm_cdf(b) : norm_cdf(-b) - norm_cdf(-a);
  if (!(denom > 0.0)) {
    *v = t < 0.0 ? -a : a;
    *w = 1.0 - 1e-15;
    return;
  }
  const double vv = (norm_pdf(b) - norm_pdf(a)) / denom;
  *v = t < 0.0 ? -vv : vv;
  *w = std::clamp(vv * vv + (a * norm_pdf(a) - b * norm_pdf(b)) / denom, 1e-15, 1.0 - 1e-15);
}

void check_params(const TrueSkillParams& p) {
  if (!(std::isfinite(p.mu) && p.sigma > 0.0 && std::isfinite(p.sigma) && p.beta > 0.0 &&
        std::isfinite(p.beta) && p.tau >= 0.0 && std::isfinite(p.tau)))
    fail("TrueSkill parameters need finite mu, sigma > 0, beta > 0, tau >= 0");
  if (!(p.draw_probability >= 0.0 && p.draw_probability < 1.0))
    fail("draw probability must be in [0, 1)");
}

void check_update_args(std::span<const TrueSkillRating> ratings, std::span<const int> ranks,
                       const TrueSkillParams& params) {
  check_params(params);
  if (ratings.size() != ranks.size()) fail("ratings and ranks differ in number");
  if (ratings.size() < 2) fail("a game needs at least two players");
  for (const TrueSkillRating& r : ratings)
    if (!(std::isfinite(r.mu) && r.sigma > 0.0 && std::isfinite(r.sigma)))
      fail("a rating needs a finite mu and a finite sigma > 0");
}

// Players in rank order (ties in input order); the chain links neighbours in that order.
std::vector<size_t> rank_order(std::span<const int> ranks) {
  std::vector<size_t> order(ranks.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return ranks[x] < ranks[y]; });
  return order;
}

// The performances of the players in rank order, linked by difference factor k: d_k = p_k -
// p_(k+1), truncated to > margin (win) or to [-margin, margin] (draw[k]). The messages between
// them are iterated by expectation propagation; they start uniform (pi = 0).
struct DifferenceChain {
  DifferenceChain(std::vector<Gaussian> perf_prior, std::vector<bool> draw, double margin)
      : n(perf_prior.size()),
        perf_prior(std::move(perf_prior)),
        draw(std::move(draw)),
        margin(margin),
        to_diff(n - 1),
        to_upper(n - 1),
        to_lower(n - 1),
        trunc(n - 1) {}

  size_t n;
  std::vector<Gaussian> perf_prior;  // messages from the skills down to the performances
  std::vector<bool> draw;
  double margin;
  std::vector<Gaussian> to_diff, to_upper, to_lower, trunc;

  // Performance k's marginal: its prior times the messages from its difference factors.
  Gaussian perf(size_t k) const {
    Gaussian m = perf_prior[k];
    if (k + 1 < n) m = m * to_upper[k];
    if (k > 0) m = m * to_lower[k - 1];
    return m;
  }
  void diff_down(size_t k) {
    const Gaussian a = perf(k) / to_upper[k], b = perf(k + 1) / to_lower[k];
    to_diff[k] = Gaussian::from_mean_var(a.mean() - b.mean(), a.var() + b.var());
  }
  // Updates truncation message k; returns how far it moved.
  double truncate(size_t k) {
    const Gaussian cavity = to_diff[k];
    const double sqrt_pi = std::sqrt(cavity.pi);
    double v = 0.0, w = 0.0;
    if (draw[k]) {
      draw_correction(cavity.tau / sqrt_pi, margin * sqrt_pi, &v, &w);
    } else {
      win_correction(cavity.tau / sqrt_pi, margin * sqrt_pi, &v, &w);
    }
    const Gaussian marginal{cavity.pi / (1.0 - w), (cavity.tau + sqrt_pi * v) / (1.0 - w)};
    const Gaussian message = marginal / cavity;
    const double delta =
        std::max(std::abs(message.tau - trunc[k].tau), std::abs(message.pi - trunc[k].pi));
    trunc[k] = message;
    return delta;
  }
  void diff_up_lower(size_t k) {  // p_(k+1) = p_k - d_k
    const Gaussian a = perf(k) / to_upper[k];
    to_lower[k] = Gaussian::from_mean_var(a.mean() - trunc[k].mean(), a.var() + trunc[k].var());
  }
  void diff_up_upper(size_t k) {  // p_k = p_(k+1) + d_k
    const Gaussian b = perf(k + 1) / to_lower[k];
    to_upper[k] = Gaussian::from_mean_var(b.mean() + trunc[k].mean(), b.var() + trunc[k].var());
  }

  // Forward and backward sweeps until no message moves by more than 1e-9 (at most 100), then
  // the messages up to the two end performances.
  void propagate() {
    const size_t diffs = n - 1;
    for (int sweep = 0; sweep < 100; ++sweep) {
      double delta = 0.0;
      if (diffs == 1) {
        diff_down(0);
        delta = truncate(0);
      } else {
        for (size_t k = 0; k + 1 < diffs; ++k) {
          diff_down(k);
          delta = std::max(delta, truncate(k));
          diff_up_lower(k);
        }
        for (size_t k = diffs - 1; k > 0; --k) {
          diff_down(k);
          delta = std::max(delta, truncate(k));
          diff_up_upper(k);
        }
      }
      if (delta <= 1e-9) break;
    }
    diff_up_upper(0);
    diff_up_lower(diffs - 1);
  }
};

}  // namespace

std::vector<TrueSkillRating> trueskill_update(std::span<const TrueSkillRating> ratings,
                                              std::span<const int> ranks,
                                              const TrueSkillParams& params) {
  check_update_args(ratings, ranks, params);
  const size_t n = ratings.size();

  const std::vector<size_t> order = rank_order(ranks);
  std::vector<bool> draw(n - 1);
  for (size_t k = 0; k + 1 < n; ++k) draw[k] = ranks[order[k]] == ranks[order[k + 1]];
  const double margin = draw_margin(params);
  if (margin <= 0.0 && std::find(draw.begin(), draw.end(), true) != draw.end())
    fail("tied ranks need a draw probability above 0");

  const double beta2 = params.beta * params.beta, tau2 = params.tau * params.tau;
  // Skill priors (with the dynamics) and the messages they send down to the performances.
  std::vector<Gaussian> skill_prior(n), perf_prior(n);
  for (size_t k = 0; k < n; ++k) {
    const TrueSkillRating& r = ratings[order[k]];
    skill_prior[k] = Gaussian::from_mean_var(r.mu, r.sigma * r.sigma + tau2);
    perf_prior[k] = Gaussian::from_mean_var(r.mu, r.sigma * r.sigma + tau2 + beta2);
  }
  DifferenceChain chain(std::move(perf_prior), std::move(draw), margin);
  chain.propagate();

  std::vector<TrueSkillRating> out(n);
  for (size_t k = 0; k < n; ++k) {
    const Gaussian from_diffs = chain.perf(k) / chain.perf_prior[k];
    const Gaussian to_skill = Gaussian::from_mean_var(from_diffs.mean(), from_diffs.var() + beta2);
    const Gaussian posterior = skill_prior[k] * to_skill;
    out[order[k]] = {posterior.mean(), std::sqrt(posterior.var())};
  }
  return out;
}

std::vector<TrueSkillRating> trueskill_ratings(std::span<const GameResult> games, int num_bots,
                                               const TrueSkillParams& params) {
  return trueskill_ratings(SpanGames(games), num_bots, params);
}

std::vector<TrueSkillRating> trueskill_ratings(const GameSource& games, int num_bots,
                                               const TrueSkillParams& params) {
  check_games(games, num_bots);
  check_params(params);
  std::vector<TrueSkillRating> bots(static_cast<size_t>(num_bots), {params.mu, params.sigma});
  std::vector<TrueSkillRating> before;
  std::vector<int> ranks;
  games.for_each([&](const GameResult& game) {
    before.clear();
    ranks.clear();
    for (const Placement& p : game.players) {
      before.push_back(bots[p.bot]);
      ranks.push_back(p.rank);
    }
    const std::vector<TrueSkillRating> after = trueskill_update(before, ranks, params);
    for (size_t k = 0; k < game.players.size(); ++k) bots[game.players[k].bot] = after[k];
  });
  return bots;
}

}  // namespace arena::rating
