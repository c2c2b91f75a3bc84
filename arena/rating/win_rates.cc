#include "rating/win_rates.h"

#include <algorithm>
#include <utility>

#include "hearts/rng.h"
#include "rating/bootstrap.h"
#include "rating/internal.h"

namespace arena::rating {

using internal::check_bootstrap_args;
using internal::check_games;
using internal::group_indices;

std::vector<WinRate> win_rates(std::span<const GameResult> games, int num_bots) {
  return win_rates(SpanGames(games), num_bots);
}

std::vector<WinRate> win_rates(const GameSource& games, int num_bots) {
  check_games(games, num_bots);
  std::vector<WinRate> out(static_cast<size_t>(num_bots));
  games.for_each([&](const GameResult& game) {
    int best = game.players[0].rank, at_best = 0;
    for (const Placement& p : game.players) best = std::min(best, p.rank);
    for (const Placement& p : game.players) at_best += p.rank == best;
    for (const Placement& p : game.players) {
      out[p.bot].games += 1;
      if (p.rank == best) out[p.bot].wins += 1.0 / at_best;
    }
  });
  for (WinRate& w : out) w.rate = w.games > 0 ? w.wins / w.games : 0.0;
  return out;
}

std::vector<HeadToHead> head_to_head(std::span<const GameResult> games, int num_bots, uint64_t seed,
                                     int resamples, double confidence) {
  return head_to_head(SpanGames(games), num_bots, seed, resamples, confidence);
}

namespace {

// Whether each pair (a, b), a < b, met in some game: met[a * num_bots + b].
std::vector<char> pairs_that_met(const GameSource& games, int num_bots) {
  std::vector<char> met(static_cast<size_t>(num_bots) * static_cast<size_t>(num_bots), 0);
  games.for_each([&](const GameResult& game) {
    for (const Placement& x : game.players) {
      for (const Placement& y : game.players) {
        if (x.bot < y.bot) met[static_cast<size_t>(x.bot) * num_bots + y.bot] = 1;
      }
    }
  });
  return met;
}

// One pair's groups in order of first appearance, each with its mean difference (ppd of a minus
// ppd of b, summed in game order) as the value and its number of common games as the weight.
}  // namespace

std::vector<HeadToHead> head_to_head(const GameSource& games, int num_bots, uint64_t seed,
                                     int resamples, double confidence) {
  check_games(games, num_bots);
  check_bootstrap_args(resamples, confidence);
  int num_groups = 0;
  const std::vector<int> group_of = group_indices(games, &num_groups);
  const std::vector<char> met = pairs_that_met(games, num_bots);
  // The pairs that met, numbered in (a, b) order: series[a * num_bots + b].
  std::vector<HeadToHead> out;
  std::vector<int> series(met.size(), -1);
  for (int a = 0; a < num_bots; ++a) {
    for (int b = a + 1; b < num_bots; ++b) {
      const size_t ab = static_cast<size_t>(a) * num_bots + b;
      if (!met[ab]) continue;
      series[ab] = static_cast<int>(out.size());
      out.push_back({a, b, 0, {}});
    }
  }
  PooledMeansBootstrap differences(static_cast<size_t>(num_groups), out.size());
  size_t g = 0;
  games.for_each([&](const GameResult& game) {
    const auto group = static_cast<size_t>(group_of[g++]);
    for (const Placement& x : game.players) {
      for (const Placement& y : game.players) {
        if (x.bot >= y.bot) continue;
        const int k = series[static_cast<size_t>(x.bot) * num_bots + y.bot];
        differences.add(group, static_cast<uint32_t>(k), x.points_per_deal - y.points_per_deal);
        ++out[static_cast<size_t>(k)].games;
      }
    }
  });
  const std::vector<Interval> intervals = differences.intervals(seed, resamples, confidence);
  for (size_t k = 0; k < out.size(); ++k) out[k].points_per_deal = intervals[k];
  return out;
}

}  // namespace arena::rating
