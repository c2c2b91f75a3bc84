#include "match/seating.h"

#include "hearts/rng.h"

namespace arena {

bool seat_players(std::span<PlayerSource* const> seat_sources, const hearts::CompiledRules& rules,
                  uint64_t game_seed, SeatedPlayers* out, std::string* error) {
  out->owned.clear();
  out->seats.clear();
  const int n = static_cast<int>(seat_sources.size());
  for (int s = 0; s < n; ++s) {
    hearts::BotConfig config;
    config.seat = s;
    config.num_players = n;
    config.seed = hearts::derive_seed(game_seed, 1000 + static_cast<uint64_t>(s));
    config.rules = &rules;
    out->owned.push_back(seat_sources[s]->create(config, error));
    if (!out->owned.back()) return false;
    out->seats.push_back(out->owned.back().get());
  }
  return true;
}

}  // namespace arena
