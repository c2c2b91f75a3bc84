#include "rating/plackett_luce.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <thread>
#include <tuple>
#include <utility>

#include "hearts/rng.h"
#include "rating/internal.h"

namespace arena::rating {
namespace {

using internal::check_bootstrap_args;
using internal::check_games;
using internal::count_draws;
using internal::fail;
using internal::group_indices;
using internal::set_percentile_bounds;

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

struct FitResult {
  std::vector<double> log_strength;
  int iterations = 0;
  bool converged = false;
};

// The log posterior in log-strengths `l` (up to a constant), with its gradient and the negated
// Hessian when `gradient` is given: each contributing tie group G choosing from R adds
// sum_{i in G} l_i - |G| log sum_{j in R} e^l_j, the prior l_i - 2 log(1 + e^l_i) per bot.
double log_posterior(const std::vector<RankedGame>& games, const std::vector<double>& weight,
                     const std::vector<double>& l, std::vector<double>* gradient,
                     std::vector<double>* neg_hessian) {
  const size_t n = l.size();
  std::vector<double> s(n);
  double value = 0.0;
  for (size_t i = 0; i < n; ++i) {
    s[i] = std::exp(l[i]);
    value += l[i] - 2.0 * std::log1p(s[i]);
    if (gradient) {
      (*gradient)[i] = 1.0 - 2.0 * s[i] / (1.0 + s[i]);
      (*neg_hessian)[i * n + i] = 2.0 * s[i] / ((1.0 + s[i]) * (1.0 + s[i]));
    }
  }
  for (size_t g = 0; g < games.size(); ++g) {
    if (weight[g] <= 0.0) continue;
    const RankedGame& game = games[g];
    const size_t groups = game.starts.size() - 1;
    const int end = game.starts[groups];
    for (size_t k = 0; k < groups; ++k) {
      if (k + 1 == groups && !game.last_counts) break;
      const int from = game.starts[k];
      const double tied = weight[g] * (game.starts[k + 1] - from);
      double total = 0.0;
      for (int i = from; i < end; ++i) total += s[game.order[i]];
      value += -tied * std::log(total);
      for (int i = from; i < game.starts[k + 1]; ++i) value += weight[g] * l[game.order[i]];
      if (!gradient) continue;
      for (int i = from; i < game.starts[k + 1]; ++i) (*gradient)[game.order[i]] += weight[g];
      for (int i = from; i < end; ++i) {
        const size_t a = static_cast<size_t>(game.order[i]);
        const double pa = s[a] / total;
        (*gradient)[a] -= tied * pa;
        for (int j = from; j < end; ++j) {
          const size_t b = static_cast<size_t>(game.order[j]);
          (*neg_hessian)[a * n + b] += tied * ((a == b ? pa : 0.0) - pa * s[b] / total);
        }
      }
    }
  }
  return value;
}

// Solves A x = b in place (x returned in b) for a symmetric positive definite n x n matrix A by
// Cholesky; false if A is not positive definite (numerically).
bool solve_spd(std::vector<double>& a, std::vector<double>& b, size_t n) {
  for (size_t j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (size_t k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0.0)) return false;
    d = std::sqrt(d);
    a[j * n + j] = d;
    for (size_t i = j + 1; i < n; ++i) {
      double v = a[i * n + j];
      for (size_t k = 0; k < j; ++k) v -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = v / d;
    }
  }
  for (size_t i = 0; i < n; ++i) {  // L y = b
    for (size_t k = 0; k < i; ++k) b[i] -= a[i * n + k] * b[k];
    b[i] /= a[i * n + i];
  }
  for (size_t i = n; i-- > 0;) {  // L^T x = y
    for (size_t k = i + 1; k < n; ++k) b[i] -= a[k * n + i] * b[k];
    b[i] /= a[i * n + i];
  }
  return true;
}

// Maximum a posteriori log-strengths, each game counted `weight[g]` times, by Newton's method
// with a backtracking line search: the log posterior is strictly concave (the prior makes it
// so), so the steps converge quadratically, in a handful of iterations from any start. A trial
// point is evaluated once, with its gradient and Hessian: when it is accepted (nearly always)
// they are the next iteration's, so no step pays for a separate value-only evaluation.
FitResult fit_plackett_luce(const std::vector<RankedGame>& games, const std::vector<double>& weight,
                            int num_bots, std::vector<double> l, int max_iterations,
                            double tolerance) {
  const auto n = static_cast<size_t>(num_bots);
  FitResult out;
  std::vector<double> gradient(n), neg_hessian(n * n, 0.0), next(n);
  std::vector<double> next_gradient(n), next_hessian(n * n);
  double value = log_posterior(games, weight, l, &gradient, &neg_hessian);
  for (int iter = 1; iter <= max_iterations; ++iter) {
    std::vector<double> step = gradient;
    if (!solve_spd(neg_hessian, step, n)) step = gradient;  // never expected: a gradient step
    out.iterations = iter;
    double length = 1.0, change = 0.0;
    bool accepted = false;
    for (int halvings = 0; halvings < 60; ++halvings, length *= 0.5) {
      change = 0.0;
      for (size_t i = 0; i < n; ++i) {
        next[i] = l[i] + length * step[i];
        change = std::max(change, std::abs(length * step[i]));
      }
      if (change < tolerance) break;
      std::fill(next_hessian.begin(), next_hessian.end(), 0.0);
      const double next_value = log_posterior(games, weight, next, &next_gradient, &next_hessian);
      if (next_value >= value - 1e-12 * std::abs(value)) {
        value = next_value;
        accepted = true;
        break;
      }
    }
    l.swap(next);
    if (change < tolerance) {
      out.converged = true;
      break;
    }
    if (!accepted) {  // 60 halvings without a gain: evaluate where the search stopped
      std::fill(next_hessian.begin(), next_hessian.end(), 0.0);
      value = log_posterior(games, weight, l, &next_gradient, &next_hessian);
    }
    gradient.swap(next_gradient);
    neg_hessian.swap(next_hessian);
  }
  out.log_strength = std::move(l);
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

void check_arguments(const GameSource& games, int num_bots, const PlackettLuceOptions& options) {
  check_games(games, num_bots);
  check_bootstrap_args(options.resamples, options.confidence);
  if (options.max_iterations < 1) fail("max_iterations must be >= 1");
  if (!(options.tolerance > 0.0)) fail("tolerance must be positive");
  if (!(options.bootstrap_tolerance > 0.0)) fail("bootstrap tolerance must be positive");
}

// The games' distinct rankings, each fitted once with the summed weight of its games, and each
// duplicate group's games as (ranking, number of games): group k's are entries[offsets[k] ..
// offsets[k + 1]). A resample's weights are then a sum over the groups, not over every game (the
// sums are of whole numbers, so exact in any order), and nothing is kept per game.
struct Rankings {
  std::vector<RankedGame> ranked;  // each distinct ranking once, in order of first appearance
  std::vector<uint32_t> offsets;   // num_groups + 1
  std::vector<std::pair<int32_t, int32_t>> entries;  // (ranking, games)
};

// The ranking's index in out->ranked, added when new.
int ranking_index(const GameResult& game, Rankings* out,
                  std::map<std::tuple<std::vector<int>, std::vector<int>, bool>, int>* index) {
  RankedGame ranked = rank_game(game);
  auto key = std::make_tuple(ranked.order, ranked.starts, ranked.last_counts);
  const auto [it, added] = index->try_emplace(std::move(key), static_cast<int>(out->ranked.size()));
  if (added) out->ranked.push_back(std::move(ranked));
  return it->second;
}

Rankings distinct_rankings(const GameSource& games, int* num_groups) {
  const std::vector<int> group_of = group_indices(games, num_groups);
  Rankings out;
  // Each group gets room for all its games first; the gaps are closed afterwards.
  std::vector<uint32_t> start(static_cast<size_t>(*num_groups) + 1, 0), fill;
  for (int group : group_of) ++start[static_cast<size_t>(group) + 1];
  for (size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
  fill.assign(start.begin(), start.end() - 1);
  out.entries.resize(group_of.size());
  std::map<std::tuple<std::vector<int>, std::vector<int>, bool>, int> index;
  size_t g = 0;
  games.for_each([&](const GameResult& game) {
    const int ranking = ranking_index(game, &out, &index);
    const auto k = static_cast<size_t>(group_of[g++]);
    auto first = out.entries.begin() + start[k], last = out.entries.begin() + fill[k];
    auto it = std::find_if(first, last, [&](const auto& e) { return e.first == ranking; });
    if (it != last) {
      it->second += 1;
    } else {
      out.entries[fill[k]++] = {ranking, 1};
    }
  });
  out.offsets.assign(1, 0);
  for (size_t k = 0; k + 1 < start.size(); ++k) {
    const uint32_t used = fill[k] - start[k];
    std::copy_n(out.entries.begin() + start[k], used, out.entries.begin() + out.offsets.back());
    out.offsets.push_back(out.offsets.back() + used);
  }
  out.entries.resize(out.offsets.back());  // no shrink_to_fit: it would hold two copies at once
  return out;
}

// Rankings' entries the other way round: ranking j's groups and their games in it are
// group[offsets[j] .. offsets[j + 1]) and games[...], for summing a resample's weights.
struct GroupsByRanking {
  std::vector<uint32_t> offsets;  // rankings + 1
  std::vector<uint32_t> group;
  std::vector<uint32_t> games;  // 4 bytes, not 8: this is held beside the rankings themselves
};

GroupsByRanking groups_by_ranking(const Rankings& rankings, int num_groups) {
  GroupsByRanking out;
  out.offsets.assign(rankings.ranked.size() + 1, 0);
  for (const auto& [ranking, games] : rankings.entries)
    ++out.offsets[static_cast<size_t>(ranking) + 1];
  for (size_t j = 1; j < out.offsets.size(); ++j) out.offsets[j] += out.offsets[j - 1];
  std::vector<uint32_t> fill(out.offsets.begin(), out.offsets.end() - 1);
  out.group.resize(rankings.entries.size());
  out.games.resize(rankings.entries.size());
  for (uint32_t k = 0; k < static_cast<uint32_t>(num_groups); ++k) {
    for (uint32_t e = rankings.offsets[k]; e < rankings.offsets[k + 1]; ++e) {
      const auto& [ranking, games] = rankings.entries[e];
      const uint32_t at = fill[static_cast<size_t>(ranking)]++;
      out.group[at] = k;
      out.games[at] = static_cast<uint32_t>(games);
    }
  }
  return out;
}

// Strengths and ratings of the full-data fit; the intervals are set later.
PlackettLuceFit point_estimates(const FitResult& full) {
  const size_t n = full.log_strength.size();
  PlackettLuceFit out;
  out.iterations = full.iterations;
  out.converged = full.converged;
  const std::vector<double> rating = elo_scale(full.log_strength);
  out.bots.resize(n);
  for (size_t i = 0; i < n; ++i) {
    out.bots[i].strength = std::exp(full.log_strength[i]);
    out.bots[i].rating = rating[i];
  }
  return out;
}

// Bootstrap: a ranking's weight is the number of its games in the groups drawn (a group drawn
// twice counts twice). Draws are made in order from one generator, a chunk of resamples at a
// time; their refits (the costly part) run on `threads` threads, each writing its own slot: the
// same intervals whatever the threads.
struct Bootstrap {
  static constexpr size_t kChunk = 64;

  const Rankings& rankings;
  int num_groups;
  int num_bots;
  const std::vector<double>& full_log_strength;  // every refit starts from it
  const PlackettLuceOptions& options;
  const GroupsByRanking by_ranking = groups_by_ranking(rankings, num_groups);

  // Every bot's resampled ratings, in resample order (none without groups or resamples).
  std::vector<std::vector<double>> resampled_ratings() const {
    const auto n = static_cast<size_t>(num_bots);
    std::vector<std::vector<double>> samples(n);
    if (!(num_groups > 0 && options.resamples > 0)) return samples;
    const auto resamples = static_cast<size_t>(options.resamples);
    hearts::Rng rng(options.seed);
    std::vector<std::vector<double>> weights(kChunk);
    std::vector<std::vector<double>> ratings(kChunk);
    for (size_t begin = 0; begin < resamples; begin += kChunk) {
      const size_t count = std::min(kChunk, resamples - begin);
      draw_groups(rng, count, weights);
      refit_in_parallel(count, weights, ratings);
      for (size_t r = 0; r < count; ++r)
        for (size_t i = 0; i < n; ++i) samples[i].push_back(ratings[r][i]);
    }
    return samples;
  }

  // For resamples [0, count) of a chunk: each ranking's weight in the groups drawn. The draws
  // are counted per group first, then each ranking sums its groups' games times their counts
  // (whole numbers, so the same weights as adding group by group, in any order).
  void draw_groups(hearts::Rng& rng, size_t count,
                   std::vector<std::vector<double>>& weights) const {
    std::vector<double> drawn(static_cast<size_t>(num_groups));
    for (size_t r = 0; r < count; ++r) {
      count_draws(rng, drawn);
      weights[r].assign(by_ranking.offsets.size() - 1, 0.0);
      for (size_t ranking = 0; ranking + 1 < by_ranking.offsets.size(); ++ranking) {
        double w0 = 0.0, w1 = 0.0;
        uint32_t e = by_ranking.offsets[ranking];
        const uint32_t end = by_ranking.offsets[ranking + 1];
        for (; e + 2 <= end; e += 2) {
          w0 += drawn[by_ranking.group[e]] * by_ranking.games[e];
          w1 += drawn[by_ranking.group[e + 1]] * by_ranking.games[e + 1];
        }
        if (e < end) w0 += drawn[by_ranking.group[e]] * by_ranking.games[e];
        weights[r][ranking] = w0 + w1;
      }
    }
  }

  // Refits resamples [0, count) of a chunk on options.threads threads into ratings[r].
  void refit_in_parallel(size_t count, const std::vector<std::vector<double>>& weights,
                         std::vector<std::vector<double>>& ratings) const {
    std::atomic<size_t> next{0};
    auto refit = [&] {
      for (size_t r = next.fetch_add(1); r < count; r = next.fetch_add(1)) {
        const FitResult fit =
            fit_plackett_luce(rankings.ranked, weights[r], num_bots, full_log_strength,
                              options.max_iterations, options.bootstrap_tolerance);
        ratings[r] = elo_scale(fit.log_strength);
      }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < std::min<int>(options.threads, static_cast<int>(count)); ++t)
      helpers.emplace_back(refit);
    refit();
    for (std::thread& helper : helpers) helper.join();
  }
};

}  // namespace

PlackettLuceFit plackett_luce(std::span<const GameResult> games, int num_bots,
                              const PlackettLuceOptions& options) {
  return plackett_luce(SpanGames(games), num_bots, options);
}

PlackettLuceFit plackett_luce(const GameSource& games, int num_bots,
                              const PlackettLuceOptions& options) {
  check_arguments(games, num_bots, options);
  const auto n = static_cast<size_t>(num_bots);

  // The likelihood depends on a game only through its ranking, so games with the same ranking
  // are fitted once with their summed weight: a tournament of 4 bots has at most 75 rankings
  // however many games it has, which makes every (bootstrap) fit cost the same small amount.
  int num_groups = 0;
  const Rankings rankings = distinct_rankings(games, &num_groups);

  std::vector<double> weight(rankings.ranked.size(), 0.0);
  for (const auto& [ranking, count] : rankings.entries)
    weight[static_cast<size_t>(ranking)] += count;
  const FitResult full =
      fit_plackett_luce(rankings.ranked, weight, num_bots, std::vector<double>(n, 0.0),
                        options.max_iterations, options.tolerance);
  PlackettLuceFit out = point_estimates(full);

  const Bootstrap bootstrap{rankings, num_groups, num_bots, full.log_strength, options};
  std::vector<std::vector<double>> samples = bootstrap.resampled_ratings();
  for (size_t i = 0; i < n; ++i)
    set_percentile_bounds(std::move(samples[i]), options.confidence, &out.bots[i].low,
                          &out.bots[i].high);
  return out;
}

}  // namespace arena::rating
