#include "match/seating.h"

#include "match/bot_seeds.h"

namespace arena {

bool seat_players(std::span<PlayerSource* const> seat_sources, const hearts::CompiledRules& rules,
                  uint64_t game_seed, SeatedPlayers* out, std::string* error) {
  out->seats.clear();
  out->owned.clear();
  out->rules_copies.clear();
  const int n = static_cast<int>(seat_sources.size());
  const BotSeeds seeds(game_seed, n);
  for (int s = 0; s < n; ++s) {
    out->rules_copies.push_back(std::make_unique<hearts::CompiledRules>(rules));
    hearts::BotConfig config;
    config.seat = s;
    config.num_players = n;
    config.seed = seeds.config_seed(s);
    config.rules = out->rules_copies.back().get();
    out->owned.push_back(seat_sources[s]->create(config, error));
    if (!out->owned.back()) return false;
    out->seats.push_back(out->owned.back().get());
  }
  return true;
}

}  // namespace arena
