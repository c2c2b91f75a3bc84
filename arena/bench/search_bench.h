// `arena bench`'s search figure: how many iterations per second the bundled ismcts plugin's
// search runs (docs/performance.md). Plays real games of the plugin in every seat through the
// referee with a fixed iteration count per searched decision, and times those decisions.
#pragma once

#include <string>
#include <vector>

#include "hearts/rules.h"

namespace arena {

struct SearchBench {
  int iterations_per_decision = 0;
  long long searched_decisions = 0;  // passes, and plays with more than one legal card
  double seconds = 0;                // time inside those decisions
  // Iterations per second. A lower bound: a play whose legal cards all play alike is counted as
  // searched although the plugin answers it without a search.
  double iterations_per_second() const {
    return seconds > 0 ? static_cast<double>(searched_decisions) * iterations_per_decision / seconds
                       : 0;
  }
};

// Sets HEARTS_ISMCTS_ITERATIONS=`iterations` in this process (the plugin reads it when a bot is
// made), loads "ismcts" from `search_path` and plays games of `rules` until at least
// `min_decisions` searched decisions or `max_seconds` (after one game). False with *error (one
// line) if the plugin cannot be loaded or a bot commits a violation.
bool bench_search(const std::vector<std::string>& search_path, const hearts::CompiledRules& rules,
                  int iterations, long long min_decisions, double max_seconds, SearchBench* out,
                  std::string* error);

}  // namespace arena
