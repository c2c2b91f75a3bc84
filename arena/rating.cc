#include "rating.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_map>

#include "hearts/rng.h"

namespace arena::rating {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

[[noreturn]] void fail(const std::string& what) {
  throw std::invalid_argument("rating: " + what);
}

void check_bootstrap_args(int resamples, double confidence) {
  if (resamples < 0) fail("resamples must be >= 0");
  if (!(confidence > 0.0 && confidence < 1.0)) fail("confidence must be in (0, 1)");
}

// Every game: at least two players, bots in range and distinct, ranks >= 1, finite points.
void check_games(std::span<const GameResult> games, int num_bots) {
  if (num_bots < 0) fail("num_bots must be >= 0");
  std::vector<size_t> seen(static_cast<size_t>(num_bots), 0);
  for (size_t g = 0; g < games.size(); ++g) {
    const auto& players = games[g].players;
    const std::string where = "game " + std::to_string(g) + ": ";
    if (players.size() < 2) fail(where + "fewer than two players");
    for (const Placement& p : players) {
      if (p.bot < 0 || p.bot >= num_bots)
        fail(where + "bot " + std::to_string(p.bot) + " out of range");
      if (seen[static_cast<size_t>(p.bot)] == g + 1)
        fail(where + "bot " + std::to_string(p.bot) + " twice");
      seen[static_cast<size_t>(p.bot)] = g + 1;
      if (p.rank < 1) fail(where + "rank below 1");
      if (!std::isfinite(p.points_per_deal)) fail(where + "points per deal not finite");
    }
  }
}

// Group index of every game, groups numbered in the order their ids first appear.
std::vector<int> group_indices(std::span<const GameResult> games, int* num_groups) {
  std::unordered_map<uint64_t, int> index;
  std::vector<int> out;
  out.reserve(games.size());
  for (const GameResult& game : games) {
    auto [it, inserted] = index.try_emplace(game.group, static_cast<int>(index.size()));
    out.push_back(it->second);
  }
  *num_groups = static_cast<int>(index.size());
  return out;
}

// Quantile q of ascending `sorted` with linear interpolation at position q * (n - 1).
double quantile(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<size_t>(std::floor(pos));
  const size_t above = std::min(below + 1, sorted.size() - 1);
  const double frac = pos - static_cast<double>(below);
  return sorted[below] + frac * (sorted[above] - sorted[below]);
}

// Sets interval bounds from resampled estimates (NaN when there are none).
void set_percentile_bounds(std::vector<double> estimates, double confidence, double* low,
                           double* high) {
  if (estimates.empty()) {
    *low = *high = kNaN;
    return;
  }
  std::sort(estimates.begin(), estimates.end());
  *low = quantile(estimates, (1.0 - confidence) / 2.0);
  *high = quantile(estimates, (1.0 + confidence) / 2.0);
}

Interval bootstrap_weighted(std::span<const double> values, std::span<const double> weights,
                            uint64_t seed, int resamples, double confidence) {
  check_bootstrap_args(resamples, confidence);
  const size_t n = values.size();
  if (n == 0) return {kNaN, kNaN, kNaN};
  double sum_w = 0.0, sum_wv = 0.0;
  for (size_t i = 0; i < n; ++i) {
    sum_w += weights[i];
    sum_wv += weights[i] * values[i];
  }
  Interval out{sum_wv / sum_w, kNaN, kNaN};
  hearts::Rng rng(seed);
  std::vector<double> estimates;
  estimates.reserve(static_cast<size_t>(resamples));
  for (int r = 0; r < resamples; ++r) {
    double w = 0.0, wv = 0.0;
    for (size_t i = 0; i < n; ++i) {
      const size_t k = rng.uniform(static_cast<uint32_t>(n));
      w += weights[k];
      wv += weights[k] * values[k];
    }
    estimates.push_back(wv / w);
  }
  set_percentile_bounds(std::move(estimates), confidence, &out.low, &out.high);
  return out;
}

// ---- Plackett-Luce ----

// A game's bots in rank order and where its tie groups start (plus a final end marker).
struct RankedGame {
  std::vector<int> order;
  std::vector<int> starts;
  // Whether the last tie group contributes (it does unless it is a single player).
  bool last_counts = false;
};

RankedGame rank_game(const GameResult& game) {
  std::vector<Placement> players = game.players;
  std::sort(players.begin(), players.end(), [](const Placement& x, const Placement& y) {
    return x.rank != y.rank ? x.rank < y.rank : x.bot < y.bot;
  });
  RankedGame out;
  for (size_t i = 0; i < players.size(); ++i) {
    if (i == 0 || players[i].rank != players[i - 1].rank) out.starts.push_back(static_cast<int>(i));
    out.order.push_back(players[i].bot);
  }
  out.starts.push_back(static_cast<int>(players.size()));
  out.last_counts = out.starts[out.starts.size() - 1] - out.starts[out.starts.size() - 2] > 1;
  return out;
}

int find_root(std::vector<int>& parent, int x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

// Multiplies the strengths of each connected component of bots (bots linked by a game of positive
// weight) by the factor that maximises the prior within the component; the games' likelihood
// does not change under such a scaling. This removes the slow common-scale mode of plain MM.
void rescale_components(const std::vector<int>& component, int num_components,
                        std::vector<double>& log_s) {
  std::vector<std::vector<int>> members(static_cast<size_t>(num_components));
  for (size_t i = 0; i < component.size(); ++i)
    members[component[i]].push_back(static_cast<int>(i));
  for (const auto& bots : members) {
    if (bots.empty()) continue;
    // d/du of sum_i [u + l_i - 2 log(1 + e^(u + l_i))] = -sum_i tanh((u + l_i) / 2): decreasing.
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int b : bots) {
      lo = std::min(lo, -log_s[b]);
      hi = std::max(hi, -log_s[b]);
    }
    for (int it = 0; it < 200 && hi - lo > 1e-15 * (1.0 + std::abs(lo)); ++it) {
      const double mid = 0.5 * (lo + hi);
      double slope = 0.0;
      for (int b : bots) slope -= std::tanh(0.5 * (mid + log_s[b]));
      (slope > 0.0 ? lo : hi) = mid;
    }
    const double shift = 0.5 * (lo + hi);
    for (int b : bots) log_s[b] += shift;
  }
}

struct MmResult {
  std::vector<double> log_strength;
  int iterations = 0;
  bool converged = false;
};

// Maximum a posteriori log-strengths by Hunter's MM, each game counted `weight[g]` times.
MmResult fit_plackett_luce(const std::vector<RankedGame>& games, const std::vector<double>& weight,
                           int num_bots, std::vector<double> log_s, int max_iterations,
                           double tolerance) {
  const auto n = static_cast<size_t>(num_bots);
  // Choice counts: the prior's virtual win plus one per contributing tie group per game.
  std::vector<double> wins(n, 1.0);
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  for (size_t g = 0; g < games.size(); ++g) {
    if (weight[g] <= 0.0) continue;
    const RankedGame& game = games[g];
    const size_t groups = game.starts.size() - 1;
    for (size_t k = 0; k < groups; ++k) {
      if (k + 1 == groups && !game.last_counts) break;
      for (int i = game.starts[k]; i < game.starts[k + 1]; ++i) wins[game.order[i]] += weight[g];
    }
    for (size_t i = 1; i < game.order.size(); ++i)
      parent[find_root(parent, game.order[i])] = find_root(parent, game.order[0]);
  }
  std::vector<int> component(n);
  std::map<int, int> root_index;
  for (size_t i = 0; i < n; ++i) {
    const int root = find_root(parent, static_cast<int>(i));
    component[i] = root_index.try_emplace(root, static_cast<int>(root_index.size())).first->second;
  }
  const int num_components = static_cast<int>(root_index.size());

  MmResult out;
  std::vector<double> s(n), denom(n), suffix;
  for (int iter = 1; iter <= max_iterations; ++iter) {
    for (size_t i = 0; i < n; ++i) {
      s[i] = std::exp(log_s[i]);
      denom[i] = 2.0 / (s[i] + 1.0);  // the prior: two comparisons with the reference
    }
    for (size_t g = 0; g < games.size(); ++g) {
      if (weight[g] <= 0.0) continue;
      const RankedGame& game = games[g];
      const size_t groups = game.starts.size() - 1;
      suffix.assign(groups + 1, 0.0);
      for (size_t k = groups; k-- > 0;) {
        suffix[k] = suffix[k + 1];
        for (int i = game.starts[k]; i < game.starts[k + 1]; ++i) suffix[k] += s[game.order[i]];
      }
      // Every player in group h is in the choice set of groups 0..h, each counted |G| times.
      double acc = 0.0;
      for (size_t k = 0; k < groups; ++k) {
        if (k + 1 < groups || game.last_counts)
          acc += weight[g] * (game.starts[k + 1] - game.starts[k]) / suffix[k];
        for (int i = game.starts[k]; i < game.starts[k + 1]; ++i) denom[game.order[i]] += acc;
      }
    }
    std::vector<double> next(n);
    for (size_t i = 0; i < n; ++i) next[i] = std::log(wins[i] / denom[i]);
    rescale_components(component, num_components, next);
    double change = 0.0;
    for (size_t i = 0; i < n; ++i) change = std::max(change, std::abs(next[i] - log_s[i]));
    log_s = std::move(next);
    out.iterations = iter;
    if (change < tolerance) {
      out.converged = true;
      break;
    }
  }
  out.log_strength = std::move(log_s);
  return out;
}

// 400 * log10(strength), shifted to mean 1500.
std::vector<double> elo_scale(const std::vector<double>& log_s) {
  std::vector<double> r(log_s.size());
  double mean = 0.0;
  for (size_t i = 0; i < r.size(); ++i) {
    r[i] = 400.0 * log_s[i] / std::log(10.0);
    mean += r[i];
  }
  if (!r.empty()) mean /= static_cast<double>(r.size());
  for (double& x : r) x += 1500.0 - mean;
  return r;
}

// ---- TrueSkill ----

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

}  // namespace

Interval mean_with_bootstrap_ci(std::span<const double> group_values, uint64_t seed, int resamples,
                                double confidence) {
  const std::vector<double> ones(group_values.size(), 1.0);
  return bootstrap_weighted(group_values, ones, seed, resamples, confidence);
}

Interval weighted_mean_with_bootstrap_ci(std::span<const double> group_values,
                                         std::span<const double> group_weights, uint64_t seed,
                                         int resamples, double confidence) {
  if (group_values.size() != group_weights.size()) fail("values and weights differ in number");
  for (double w : group_weights)
    if (!(w > 0.0 && std::isfinite(w))) fail("weights must be positive and finite");
  return bootstrap_weighted(group_values, group_weights, seed, resamples, confidence);
}

PlackettLuceFit plackett_luce(std::span<const GameResult> games, int num_bots,
                              const PlackettLuceOptions& options) {
  check_games(games, num_bots);
  check_bootstrap_args(options.resamples, options.confidence);
  if (options.max_iterations < 1) fail("max_iterations must be >= 1");
  if (!(options.tolerance > 0.0)) fail("tolerance must be positive");
  const auto n = static_cast<size_t>(num_bots);

  // The likelihood depends on a game only through its ranking, so games with the same ranking
  // are fitted once with their summed weight: a tournament of 4 bots has at most 75 rankings
  // however many games it has, which makes every (bootstrap) fit cost the same small amount.
  std::vector<RankedGame> ranked;
  std::vector<int> ranking_of(games.size());
  {
    std::map<std::tuple<std::vector<int>, std::vector<int>, bool>, int> index;
    for (size_t g = 0; g < games.size(); ++g) {
      RankedGame game = rank_game(games[g]);
      auto key = std::make_tuple(game.order, game.starts, game.last_counts);
      const auto [it, added] = index.try_emplace(std::move(key), static_cast<int>(ranked.size()));
      if (added) ranked.push_back(std::move(game));
      ranking_of[g] = it->second;
    }
  }
  int num_groups = 0;
  const std::vector<int> group_of = group_indices(games, &num_groups);

  std::vector<double> weight(ranked.size(), 0.0);
  for (size_t g = 0; g < games.size(); ++g) weight[ranking_of[g]] += 1.0;
  MmResult full = fit_plackett_luce(ranked, weight, num_bots, std::vector<double>(n, 0.0),
                                    options.max_iterations, options.tolerance);
  PlackettLuceFit out;
  out.iterations = full.iterations;
  out.converged = full.converged;
  const std::vector<double> rating = elo_scale(full.log_strength);
  out.bots.resize(n);
  for (size_t i = 0; i < n; ++i) {
    out.bots[i].strength = std::exp(full.log_strength[i]);
    out.bots[i].rating = rating[i];
  }

  // Bootstrap: a game's weight is the number of times its group was drawn. Draws are made in
  // order from one generator, a chunk of resamples at a time; their refits (the costly part) run
  // on `threads` threads, each writing its own slot: the same intervals whatever the threads.
  std::vector<std::vector<double>> samples(n);
  if (num_groups > 0 && options.resamples > 0) {
    const auto resamples = static_cast<size_t>(options.resamples);
    const size_t chunk = 64;
    hearts::Rng rng(options.seed);
    std::vector<std::vector<double>> times_drawn(chunk);
    std::vector<std::vector<double>> ratings(chunk);
    for (size_t begin = 0; begin < resamples; begin += chunk) {
      const size_t count = std::min(chunk, resamples - begin);
      for (size_t r = 0; r < count; ++r) {
        times_drawn[r].assign(static_cast<size_t>(num_groups), 0.0);
        for (int k = 0; k < num_groups; ++k)
          times_drawn[r][rng.uniform(static_cast<uint32_t>(num_groups))] += 1.0;
      }
      std::atomic<size_t> next{0};
      auto refit = [&] {
        std::vector<double> resample_weight(ranked.size());
        for (size_t r = next.fetch_add(1); r < count; r = next.fetch_add(1)) {
          std::fill(resample_weight.begin(), resample_weight.end(), 0.0);
          for (size_t g = 0; g < games.size(); ++g)
            resample_weight[ranking_of[g]] += times_drawn[r][group_of[g]];
          const MmResult fit =
              fit_plackett_luce(ranked, resample_weight, num_bots, full.log_strength,
                                options.max_iterations, options.tolerance);
          ratings[r] = elo_scale(fit.log_strength);
        }
      };
      std::vector<std::thread> helpers;
      for (int t = 1; t < std::min<int>(options.threads, static_cast<int>(count)); ++t)
        helpers.emplace_back(refit);
      refit();
      for (std::thread& helper : helpers) helper.join();
      for (size_t r = 0; r < count; ++r)
        for (size_t i = 0; i < n; ++i) samples[i].push_back(ratings[r][i]);
    }
  }
  for (size_t i = 0; i < n; ++i)
    set_percentile_bounds(std::move(samples[i]), options.confidence, &out.bots[i].low,
                          &out.bots[i].high);
  return out;
}

std::vector<TrueSkillRating> trueskill_update(std::span<const TrueSkillRating> ratings,
                                              std::span<const int> ranks,
                                              const TrueSkillParams& params) {
  check_params(params);
  if (ratings.size() != ranks.size()) fail("ratings and ranks differ in number");
  if (ratings.size() < 2) fail("a game needs at least two players");
  for (const TrueSkillRating& r : ratings)
    if (!(std::isfinite(r.mu) && r.sigma > 0.0 && std::isfinite(r.sigma)))
      fail("a rating needs a finite mu and a finite sigma > 0");
  const size_t n = ratings.size();

  // Players in rank order; the chain links neighbours in that order.
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return ranks[x] < ranks[y]; });
  std::vector<bool> draw(n - 1);
  for (size_t k = 0; k + 1 < n; ++k) draw[k] = ranks[order[k]] == ranks[order[k + 1]];
  const double margin =
      norm_ppf((params.draw_probability + 1.0) / 2.0) * std::sqrt(2.0) * params.beta;
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
  // Difference factor k: d_k = p_k - p_(k+1). Messages start uniform (pi = 0).
  std::vector<Gaussian> to_diff(n - 1), to_upper(n - 1), to_lower(n - 1), trunc(n - 1);
  auto perf = [&](size_t k) {
    Gaussian m = perf_prior[k];
    if (k + 1 < n) m = m * to_upper[k];
    if (k > 0) m = m * to_lower[k - 1];
    return m;
  };
  auto diff_down = [&](size_t k) {
    const Gaussian a = perf(k) / to_upper[k], b = perf(k + 1) / to_lower[k];
    to_diff[k] = Gaussian::from_mean_var(a.mean() - b.mean(), a.var() + b.var());
  };
  auto truncate = [&](size_t k) {
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
  };
  auto diff_up_lower = [&](size_t k) {  // p_(k+1) = p_k - d_k
    const Gaussian a = perf(k) / to_upper[k];
    to_lower[k] = Gaussian::from_mean_var(a.mean() - trunc[k].mean(), a.var() + trunc[k].var());
  };
  auto diff_up_upper = [&](size_t k) {  // p_k = p_(k+1) + d_k
    const Gaussian b = perf(k + 1) / to_lower[k];
    to_upper[k] = Gaussian::from_mean_var(b.mean() + trunc[k].mean(), b.var() + trunc[k].var());
  };

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
    if (delta <= 1e-12) break;
  }
  diff_up_upper(0);
  diff_up_lower(diffs - 1);

  std::vector<TrueSkillRating> out(n);
  for (size_t k = 0; k < n; ++k) {
    const Gaussian from_diffs = perf(k) / perf_prior[k];
    const Gaussian to_skill = Gaussian::from_mean_var(from_diffs.mean(), from_diffs.var() + beta2);
    const Gaussian posterior = skill_prior[k] * to_skill;
    out[order[k]] = {posterior.mean(), std::sqrt(posterior.var())};
  }
  return out;
}

std::vector<TrueSkillRating> trueskill_ratings(std::span<const GameResult> games, int num_bots,
                                               const TrueSkillParams& params) {
  check_games(games, num_bots);
  check_params(params);
  std::vector<TrueSkillRating> bots(static_cast<size_t>(num_bots), {params.mu, params.sigma});
  std::vector<TrueSkillRating> before;
  std::vector<int> ranks;
  for (const GameResult& game : games) {
    before.clear();
    ranks.clear();
    for (const Placement& p : game.players) {
      before.push_back(bots[p.bot]);
      ranks.push_back(p.rank);
    }
    const std::vector<TrueSkillRating> after = trueskill_update(before, ranks, params);
    for (size_t k = 0; k < game.players.size(); ++k) bots[game.players[k].bot] = after[k];
  }
  return bots;
}

std::vector<WinRate> win_rates(std::span<const GameResult> games, int num_bots) {
  check_games(games, num_bots);
  std::vector<WinRate> out(static_cast<size_t>(num_bots));
  for (const GameResult& game : games) {
    int best = game.players[0].rank, at_best = 0;
    for (const Placement& p : game.players) best = std::min(best, p.rank);
    for (const Placement& p : game.players) at_best += p.rank == best;
    for (const Placement& p : game.players) {
      out[p.bot].games += 1;
      if (p.rank == best) out[p.bot].wins += 1.0 / at_best;
    }
  }
  for (WinRate& w : out) w.rate = w.games > 0 ? w.wins / w.games : 0.0;
  return out;
}

std::vector<HeadToHead> head_to_head(std::span<const GameResult> games, int num_bots, uint64_t seed,
                                     int resamples, double confidence) {
  check_games(games, num_bots);
  check_bootstrap_args(resamples, confidence);
  int num_groups = 0;
  const std::vector<int> group_of = group_indices(games, &num_groups);
  struct Cell {
    double sum = 0.0;
    int count = 0;
  };
  // For each pair (a, b): its groups in order of first appearance, with the summed differences.
  std::map<std::pair<int, int>, std::vector<std::pair<int, Cell>>> pairs;
  std::map<std::pair<int, int>, std::unordered_map<int, size_t>> slot;
  for (size_t g = 0; g < games.size(); ++g) {
    const auto& players = games[g].players;
    for (const Placement& x : players) {
      for (const Placement& y : players) {
        if (x.bot >= y.bot) continue;
        const std::pair<int, int> key{x.bot, y.bot};
        auto& cells = pairs[key];
        auto [it, inserted] = slot[key].try_emplace(group_of[g], cells.size());
        if (inserted) cells.push_back({group_of[g], Cell{}});
        Cell& cell = cells[it->second].second;
        cell.sum += x.points_per_deal - y.points_per_deal;
        cell.count += 1;
      }
    }
  }
  std::vector<HeadToHead> out;
  for (const auto& [key, cells] : pairs) {
    std::vector<double> values, weights;
    int total = 0;
    for (const auto& [group, cell] : cells) {
      values.push_back(cell.sum / cell.count);
      weights.push_back(cell.count);
      total += cell.count;
    }
    const uint64_t pair_seed =
        hearts::derive_seed(seed, static_cast<uint64_t>(key.first) * num_bots + key.second);
    out.push_back({key.first, key.second, total,
                   bootstrap_weighted(values, weights, pair_seed, resamples, confidence)});
  }
  return out;
}

}  // namespace arena::rating
