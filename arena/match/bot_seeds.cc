#include "match/bot_seeds.h"

#include <algorithm>
#include <array>

namespace arena {

BotSeeds::BotSeeds(uint64_t game_seed, int num_players) {
  // "bl-arena" as little-endian bytes: the public half of the key whose secret half is the seed.
  const SipKey seed_key{game_seed, 0x616e6572612d6c62ull};
  key_.k0 = siphash24(seed_key, uint64_t{'K'}, 0);
  key_.k1 = siphash24(seed_key, uint64_t{'K'}, 1);
  const size_t seats = std::min(seat_keys_.size(), static_cast<size_t>(std::max(num_players, 0)));
  for (size_t seat = 0; seat < seats; ++seat) {
    seat_keys_[seat] = siphash24(key_, (uint64_t{'D'} << 56) | seat, ~uint64_t{0});
  }
}

uint64_t BotSeeds::config_seed(int seat) const {
  return siphash24(key_, uint64_t{'C'}, static_cast<uint64_t>(seat));
}

}  // namespace arena
