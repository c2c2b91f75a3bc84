// One game as the replay viewer reads it: the record itself (protobuf's JSON mapping, field names
// as in proto/records.proto, fields at their defaults left out, so it reads back into the same
// GameRecord) and a "view" of what the
// viewer would otherwise have to know the rules for: each deal's hands as dealt and after the
// passes, where each passed card went, the tricks with their winners and points, and the pass
// plan in words.
//
// Thread safety: pure functions of their arguments.
#pragma once

#include <string>

#include "common/json.h"
#include "hearts/rules.h"
#include "records.pb.h"

namespace arena {

// {"record": ..., "view": ...} for one game as compact JSON text. `rules` are the header's,
// compiled.
std::string game_view_text(const hearts::proto::GameRecord& game,
                           const hearts::CompiledRules& rules);

// The record of game_view_json's "record" part, read back; false with *error if it does not parse.
bool record_from_view_json(const Json& view, hearts::proto::GameRecord* game, std::string* error);

// The number a report gives game `game_index` (0-based in records): 1-based, as the arena prints
// games everywhere ("game 12"), in file names (games/000012.js) and links (#game=12).
inline long long report_game_number(uint32_t game_index) {
  return static_cast<long long>(game_index) + 1;
}

}  // namespace arena
