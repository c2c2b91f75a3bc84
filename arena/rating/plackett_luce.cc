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
    // d/du of sum_i [u + l_i - 2 log(1 + e^(u + l_i))] = -sum_i tanh((u + l_i) / 2): decreasing,
    // with its root in [lo, hi]. Newton's steps (the derivative of the slope is
    // -sum_i (1 - tanh^2) / 2) converge in a few iterations where bisection took about fifty,
    // each a tanh per bot; a step that would leave the bracket bisects instead.
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int b : bots) {
      lo = std::min(lo, -log_s[b]);
      hi = std::max(hi, -log_s[b]);
    }
    double u = 0.5 * (lo + hi);
    for (int it = 0; it < 200 && hi - lo > 1e-15 * (1.0 + std::abs(lo)); ++it) {
      double slope = 0.0, curvature = 0.0;
      for (int b : bots) {
        const double t = std::tanh(0.5 * (u + log_s[b]));
        slope -= t;
        curvature -= 0.5 * (1.0 - t * t);
      }
      if (slope == 0.0) break;
      (slope > 0.0 ? lo : hi) = u;
      const double step = curvature < 0.0 ? u - slope / curvature : lo - 1.0;
      const double next = step > lo && step < hi ? step : 0.5 * (lo + hi);
      if (std::abs(next - u) <= 1e-15 * (1.0 + std::abs(u))) break;
      u = next;
    }
    for (int b : bots) log_s[b] += u;
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

void check_arguments(std::span<const GameResult> games, int num_bots,
                     const PlackettLuceOptions& options) {
  check_games(games, num_bots);
  check_bootstrap_args(options.resamples, options.confidence);
  if (options.max_iterations < 1) fail("max_iterations must be >= 1");
  if (!(options.tolerance > 0.0)) fail("tolerance must be positive");
}

// The games' distinct rankings, each fitted once with the summed weight of its games.
struct Rankings {
  std::vector<RankedGame> ranked;  // each distinct ranking once, in order of first appearance
  std::vector<int> ranking_of;     // per game: its ranking's index in `ranked`
};

Rankings distinct_rankings(std::span<const GameResult> games) {
  Rankings out;
  out.ranking_of.resize(games.size());
  std::map<std::tuple<std::vector<int>, std::vector<int>, bool>, int> index;
  for (size_t g = 0; g < games.size(); ++g) {
    RankedGame game = rank_game(games[g]);
    auto key = std::make_tuple(game.order, game.starts, game.last_counts);
    const auto [it, added] = index.try_emplace(std::move(key), static_cast<int>(out.ranked.size()));
    if (added) out.ranked.push_back(std::move(game));
    out.ranking_of[g] = it->second;
  }
  return out;
}

// Strengths and ratings of the full-data fit; the intervals are set later.
PlackettLuceFit point_estimates(const MmResult& full) {
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

// Bootstrap: a game's weight is the number of times its group was drawn. Draws are made in
// order from one generator, a chunk of resamples at a time; their refits (the costly part) run
// on `threads` threads, each writing its own slot: the same intervals whatever the threads.
struct Bootstrap {
  static constexpr size_t kChunk = 64;

  const Rankings& rankings;
  const std::vector<int>& group_of;
  int num_groups;
  int num_bots;
  const std::vector<double>& full_log_strength;  // every refit starts from it
  const PlackettLuceOptions& options;

  // Every bot's resampled ratings, in resample order (none without groups or resamples).
  std::vector<std::vector<double>> resampled_ratings() const {
    const auto n = static_cast<size_t>(num_bots);
    std::vector<std::vector<double>> samples(n);
    if (!(num_groups > 0 && options.resamples > 0)) return samples;
    const auto resamples = static_cast<size_t>(options.resamples);
    hearts::Rng rng(options.seed);
    std::vector<std::vector<double>> times_drawn(kChunk);
    std::vector<std::vector<double>> ratings(kChunk);
    for (size_t begin = 0; begin < resamples; begin += kChunk) {
      const size_t count = std::min(kChunk, resamples - begin);
      draw_groups(rng, count, times_drawn);
      refit_in_parallel(count, times_drawn, ratings);
      for (size_t r = 0; r < count; ++r)
        for (size_t i = 0; i < n; ++i) samples[i].push_back(ratings[r][i]);
    }
    return samples;
  }

  // For resamples [0, count) of a chunk: how many times each group was drawn.
  void draw_groups(hearts::Rng& rng, size_t count,
                   std::vector<std::vector<double>>& times_drawn) const {
    for (size_t r = 0; r < count; ++r) {
      times_drawn[r].assign(static_cast<size_t>(num_groups), 0.0);
      for (int k = 0; k < num_groups; ++k)
        times_drawn[r][rng.uniform(static_cast<uint32_t>(num_groups))] += 1.0;
    }
  }

  // Refits resamples [0, count) of a chunk on options.threads threads into ratings[r].
  void refit_in_parallel(size_t count, const std::vector<std::vector<double>>& times_drawn,
                         std::vector<std::vector<double>>& ratings) const {
    std::atomic<size_t> next{0};
    auto refit = [&] {
      std::vector<double> resample_weight(rankings.ranked.size());
      for (size_t r = next.fetch_add(1); r < count; r = next.fetch_add(1)) {
        std::fill(resample_weight.begin(), resample_weight.end(), 0.0);
        for (size_t g = 0; g < rankings.ranking_of.size(); ++g)
          resample_weight[rankings.ranking_of[g]] += times_drawn[r][group_of[g]];
        const MmResult fit =
            fit_plackett_luce(rankings.ranked, resample_weight, num_bots, full_log_strength,
                              options.max_iterations, options.tolerance);
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
  check_arguments(games, num_bots, options);
  const auto n = static_cast<size_t>(num_bots);

  // The likelihood depends on a game only through its ranking, so games with the same ranking
  // are fitted once with their summed weight: a tournament of 4 bots has at most 75 rankings
  // however many games it has, which makes every (bootstrap) fit cost the same small amount.
  const Rankings rankings = distinct_rankings(games);
  int num_groups = 0;
  const std::vector<int> group_of = group_indices(games, &num_groups);

  std::vector<double> weight(rankings.ranked.size(), 0.0);
  for (size_t g = 0; g < games.size(); ++g) weight[rankings.ranking_of[g]] += 1.0;
  const MmResult full =
      fit_plackett_luce(rankings.ranked, weight, num_bots, std::vector<double>(n, 0.0),
                        options.max_iterations, options.tolerance);
  PlackettLuceFit out = point_estimates(full);

  const Bootstrap bootstrap{rankings, group_of, num_groups, num_bots, full.log_strength, options};
  std::vector<std::vector<double>> samples = bootstrap.resampled_ratings();
  for (size_t i = 0; i < n; ++i)
    set_percentile_bounds(std::move(samples[i]), options.confidence, &out.bots[i].low,
                          &out.bots[i].high);
  return out;
}

}  // namespace arena::rating
