// The montecarlo bot's candidate cards: runs of legal cards that are worth the same and have
// nothing still out between them play alike, so only one card of each run is rolled out.
// Header-only so the plugin and its test compile the same code (namespace hearts_mc).
// Thread safety: pure functions of their arguments.
#pragma once

#include "hearts/observation.h"

namespace hearts_mc {

using hearts::Card;
using hearts::CardSet;
using hearts::Observation;

// The legal card that stands for `card` among same-valued cards of its suit with nothing still
// out between them (e.g. 9H and 10H when every heart between them is ours or played): the
// highest of the run. Whichever of them is played, every other card still out is above both or
// below both, so they win and lose the same tricks and only the representative is rolled out.
inline Card representative(const Observation& obs, CardSet gone, Card card) {
  Card best = card;
  for (int r = static_cast<int>(card.rank()) + 1; r < hearts::kNumRanks; ++r) {
    const Card up(card.suit(), static_cast<hearts::Rank>(r));
    if (obs.legal.contains(up)) {
      if (obs.card_points(up) != obs.card_points(card)) break;
      best = up;
    } else if (!gone.contains(up)) {
      break;
    }
  }
  return best;
}

// The cards no one else can hold any more: played, ours, or out of play (the kitty is not
// known to be gone, so it does not count).
inline CardSet gone_cards(const Observation& obs) {
  CardSet gone = obs.hand | (CardSet::full_deck() - obs.rules->in_play);
  for (const hearts::PlayRecord& play : obs.all_plays()) gone.insert(play.card);
  return gone;
}

}  // namespace hearts_mc
