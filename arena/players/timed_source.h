// A bot given its own time limit in its spec ("montecarlo@100ms"): the bot's source and players,
// with the limit and the spec as written in their identity, where the referee and the records
// header read it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "players/player.h"

namespace arena {

// Wraps `inner` (the source of the spec without its limit). Its identity is inner's with
// `move_time_limit_us` set and `spec` = inner's spec + `suffix` (the "@100ms" as given). Players
// it creates answer as inner's do and report that identity. Thread safety: as inner's.
std::shared_ptr<PlayerSource> with_time_limit(std::shared_ptr<PlayerSource> inner,
                                              const std::string& suffix, int64_t move_time_us);

// The longest any of `sources` may think per decision: its own limit or `run_move_us`. What the
// hang watchdog's default follows, so a bot at 10 s is not stopped as hung at 10 x --move-ms.
int64_t largest_move_time_us(int64_t run_move_us,
                             const std::vector<std::shared_ptr<PlayerSource>>& sources);

}  // namespace arena
