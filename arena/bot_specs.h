// Bot specs as users write them: a plugin name found in the search path ("random"), a plugin
// file ("./libmybot.so"). Later transports (isolated:..., grpc://...) resolve here too.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "player.h"

namespace arena {

// Resolves and checks one spec. Null with *error: one line naming the spec or file and the
// problem.
std::shared_ptr<PlayerSource> resolve_bot_spec(const std::string& spec,
                                               const std::vector<std::string>& search_path,
                                               std::string* error);

// Splits "a,b,c" into specs; empty items are an error reported by the caller.
std::vector<std::string> split_bot_list(const std::string& list);

}  // namespace arena
