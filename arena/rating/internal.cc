#include "rating/internal.h"

#include <cmath>
#include <stdexcept>
#include <unordered_map>

namespace arena::rating::internal {

void fail(const std::string& what) {
  throw std::invalid_argument("rating: " + what);
}

void check_bootstrap_args(int resamples, double confidence) {
  if (resamples < 0) fail("resamples must be >= 0");
  if (!(confidence > 0.0 && confidence < 1.0)) fail("confidence must be in (0, 1)");
}

void check_games(const GameSource& games, int num_bots) {
  if (num_bots < 0) fail("num_bots must be >= 0");
  std::vector<size_t> seen(static_cast<size_t>(num_bots), 0);
  size_t g = 0;
  games.for_each([&](const GameResult& game) {
    const auto& players = game.players;
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
    ++g;
  });
}

std::vector<int> group_indices(const GameSource& games, int* num_groups) {
  std::unordered_map<uint64_t, int> index;
  std::vector<int> out;
  out.reserve(games.size());
  games.for_each([&](const GameResult& game) {
    auto [it, inserted] = index.try_emplace(game.group, static_cast<int>(index.size()));
    out.push_back(it->second);
  });
  *num_groups = static_cast<int>(index.size());
  return out;
}

}  // namespace arena::rating::internal
