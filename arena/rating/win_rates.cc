#include "rating/win_rates.h"

#include <algorithm>
#include <optional>
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
// Also says whether every game holds every bot (a round robin at one table).
std::vector<char> pairs_that_met(const GameSource& games, int num_bots, bool* every_game_all) {
  std::vector<char> met(static_cast<size_t>(num_bots) * static_cast<size_t>(num_bots), 0);
  *every_game_all = true;
  games.for_each([&](const GameResult& game) {
    if (game.players.size() != static_cast<size_t>(num_bots)) *every_game_all = false;
    for (const Placement& x : game.players) {
      for (const Placement& y : game.players) {
        if (x.bot < y.bot) met[static_cast<size_t>(x.bot) * num_bots + y.bot] = 1;
      }
    }
  });
  return met;
}

// When every game holds every bot, a pair's differences summed over a group are the two bots'
// sums there, so the pairs' intervals come from the bots' series (a series per bot, not per
// pair: less memory and less work). Empty if the bots' series are not all one per group.
std::optional<std::vector<Interval>> from_bot_sums(
    const GameSource& games, const std::vector<int>& group_of, int num_groups, int num_bots,
    const std::vector<HeadToHead>& pairs, uint64_t seed, int resamples, double confidence) {
  PooledMeansBootstrap points(static_cast<size_t>(num_groups), static_cast<size_t>(num_bots));
  size_t g = 0;
  games.for_each([&](const GameResult& game) {
    const auto group = static_cast<size_t>(group_of[g++]);
    for (const Placement& p : game.players) {
      points.add(group, static_cast<uint32_t>(p.bot), p.points_per_deal);
    }
  });
  std::vector<std::pair<uint32_t, uint32_t>> bot_pairs;
  for (const HeadToHead& h : pairs) {
    bot_pairs.emplace_back(static_cast<uint32_t>(h.a), static_cast<uint32_t>(h.b));
  }
  return points.difference_intervals(bot_pairs, seed, resamples, confidence);
}

}  // namespace

std::vector<HeadToHead> head_to_head(const GameSource& games, int num_bots, uint64_t seed,
                                     int resamples, double confidence) {
  check_games(games, num_bots);
  check_bootstrap_args(resamples, confidence);
  int num_groups = 0;
  const std::vector<int> group_of = group_indices(games, &num_groups);
  bool every_game_all = false;
  const std::vector<char> met = pairs_that_met(games, num_bots, &every_game_all);
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
  if (every_game_all) {
    const std::optional<std::vector<Interval>> intervals =
        from_bot_sums(games, group_of, num_groups, num_bots, out, seed, resamples, confidence);
    if (intervals) {
      const int all_games = static_cast<int>(group_of.size());
      for (size_t k = 0; k < out.size(); ++k) {
        out[k].games = all_games;
        out[k].points_per_deal = (*intervals)[k];
      }
      return out;
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
