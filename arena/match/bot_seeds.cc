#include "match/bot_seeds.h"

#include <array>
#include <string_view>

#include "common/sha256.h"

namespace arena {

BotSeeds::BotSeeds(uint64_t game_seed) {
  std::array<char, 8> seed_bytes{};
  for (int i = 0; i < 8; ++i) seed_bytes[i] = static_cast<char>((game_seed >> (8 * i)) & 0xff);
  const std::array<uint8_t, 32> digest = hmac_sha256(
      std::string_view(seed_bytes.data(), seed_bytes.size()), "black-lady-arena/bot-seeds/v1");
  for (int i = 7; i >= 0; --i) key_.k0 = (key_.k0 << 8) | digest[i];
  for (int i = 15; i >= 8; --i) key_.k1 = (key_.k1 << 8) | digest[i];
  for (size_t seat = 0; seat < seat_keys_.size(); ++seat) {
    seat_keys_[seat] = siphash24(key_, (uint64_t{'D'} << 56) | seat, ~uint64_t{0});
  }
}

uint64_t BotSeeds::config_seed(int seat) const {
  return siphash24(key_, uint64_t{'C'}, static_cast<uint64_t>(seat));
}

}  // namespace arena
