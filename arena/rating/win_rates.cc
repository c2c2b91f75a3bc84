#include "rating/win_rates.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <utility>

#include "hearts/rng.h"
#include "rating/internal.h"

namespace arena::rating {

using internal::bootstrap_weighted;
using internal::check_bootstrap_args;
using internal::check_games;
using internal::group_indices;

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
