// The JSON documents the arena writes (results.json, every command's --json output).
//
// Documents are built with nlohmann-json's ordered_json, whose objects keep their keys in
// insertion order, and printed by dump_json() in the arena's own layout, so output is
// byte-for-byte deterministic and stable across nlohmann versions: two-space indentation,
// arrays of scalars on one line (they are usually per-seat numbers), integers exactly, other
// numbers with six significant digits, and non-finite numbers as null.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arena {

using Json = nlohmann::ordered_json;

// Indented JSON text ending in a newline when `indent` >= 0; compact on one line otherwise.
// Pure function of `value`; safe to call from any thread.
std::string dump_json(const Json& value, int indent = 2);

}  // namespace arena
