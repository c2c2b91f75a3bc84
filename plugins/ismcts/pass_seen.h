// What the seat that passed to us knows in the real deal and not in a rebuilt one, for
// world_inference.h's replays (a rebuilt deal has no passing).
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: a plain value; observations it lends to point into it, so it must outlive them.
#pragma once

#include <array>

#include "../montecarlo/sampler.h"
#include "hearts/observation.h"

namespace hearts_ismcts {

// What the seat that passed to us knows in the real deal and not in a rebuilt one (which has no
// passing): the cards it passed are in our hand. Lent to its observations in a replay, so its
// heuristic reads them as it did at the table. Offset passes only; `passer` < 0 lends nothing.
struct PassSeen {
  int passer = -1;  // the passer's seat in the rebuilt deal (hearts_mc::sim_seat)
  hearts::PassPlan plan;
  std::array<hearts::Card, hearts::kMaxPassCards> cards{};
  int count = 0;

  static PassSeen of(const hearts::Observation& obs) {
    PassSeen seen;
    if (obs.pass.kind != hearts::PassKind::kOffset || obs.received_count <= 0) return seen;
    const int from = obs.received[0].from_seat;
    for (const hearts::ReceivedCard& r : obs.received_cards()) {
      if (r.from_seat != from || seen.count == hearts::kMaxPassCards) return PassSeen();
      seen.cards[static_cast<size_t>(seen.count++)] = r.card;
    }
    seen.passer = hearts_mc::sim_seat(obs, from);
    seen.plan = obs.pass;
    return seen;
  }

  void lend_to(hearts::Observation& seen_by) const {
    if (seen_by.seat != passer) return;
    seen_by.pass = plan;
    seen_by.passed = cards.data();
    seen_by.passed_count = count;
  }
};

}  // namespace hearts_ismcts
