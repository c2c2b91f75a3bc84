// SHA-256 of a file, to identify exactly which plugin build played a game.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arena {

// Lower-case hex digest of `data`.
std::string sha256_hex(std::string_view data);
// Hex digest of a file's bytes; nullopt if it cannot be read.
std::optional<std::string> sha256_file(const std::string& path);

}  // namespace arena
