// The ismcts bot's moon choice (shooter's choice: old moon adds the total to every other seat,
// new moon takes it off ours). Both swing the same total against each opponent, so what differs
// is where the game ends:
//   - old moon ends the game (someone else reaches the end score): take it only if we then win
//     outright, else new moon;
//   - otherwise, leading (strictly lowest score): old moon, which brings the end nearer while we
//     are ahead; behind or tied: new moon, which keeps the others away from the end and leaves
//     more deals to catch up in.
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: a pure function of the observation.
#pragma once

#include <algorithm>

#include "hearts/observation.h"

namespace hearts_ismcts {

inline bool choose_new_moon(const hearts::Observation& obs) {
  const int total = obs.rules->moon_total;
  const int end = obs.rules->rules.end_score;
  const int mine = obs.scores[obs.seat];
  int best_other = 1 << 30;
  bool old_ends = false;
  for (int s = 0; s < obs.num_players; ++s) {
    if (s == obs.seat) continue;
    best_other = std::min(best_other, obs.scores[s]);
    if (end > 0 && obs.scores[s] + total >= end) old_ends = true;
  }
  if (old_ends) return !(mine < best_other + total);
  return !(mine < best_other);
}

}  // namespace hearts_ismcts
