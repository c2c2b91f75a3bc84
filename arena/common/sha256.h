// SHA-256 of a file, to identify exactly which plugin build played a game, and HMAC-SHA-256 to
// derive secret keys (the bots' seeds, match/bot_seeds.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arena {

// Lower-case hex digest of `data`.
std::string sha256_hex(std::string_view data);
// Hex digest of a file's bytes; nullopt if it cannot be read.
std::optional<std::string> sha256_file(const std::string& path);
// HMAC-SHA-256 (RFC 2104) of `message` under `key`. Thread-safe.
std::array<uint8_t, 32> hmac_sha256(std::string_view key, std::string_view message);

}  // namespace arena
