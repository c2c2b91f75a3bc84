// Seating one game: a fresh player per seat, seeded the same way by every arena command, so a
// game played by `arena play`, a tournament or `arena bench` gives each bot the same seed.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "hearts/rules.h"
#include "players/player.h"

namespace arena {

struct SeatedPlayers {
  // Each bot's own copy of the rules (its BotConfig.rules), so no bot holds a pointer to rules
  // the referee or another bot uses. Not const: a bot that writes to its copy through the const
  // pointer changes only memory it was given. Declared first: destroyed after its players.
  std::vector<std::unique_ptr<hearts::CompiledRules>> rules_copies;
  std::vector<std::unique_ptr<Player>> owned;
  std::vector<Player*> seats;  // seats[s] = owned[s].get(), for Referee::play_game
};

// Seat s gets a player from *seat_sources[s] with BotConfig{seat s, table size,
// BotSeeds(game_seed).config_seed(s), a copy of rules}. False with *error (one line) if one
// cannot be made.
bool seat_players(std::span<PlayerSource* const> seat_sources, const hearts::CompiledRules& rules,
                  uint64_t game_seed, SeatedPlayers* out, std::string* error);

}  // namespace arena
