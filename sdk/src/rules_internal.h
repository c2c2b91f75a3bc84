// Pieces of rules.cc that live in their own files (not part of the SDK's public headers).
#pragma once

#include "hearts/rules.h"
#include "hearts/status.h"

namespace hearts::detail {

// The stock, booster-nines and joker options: checked against each other and the rest.
Status validate_extended(const Rules& rules);
// The removal order of a deck adjustment (4 cards), or nullptr for the kitty.
const Card* removal_order_of(DeckAdjust adjust);
// The value of one of the 52 cards under `rules` (before any joker).
int card_value(const Rules& rules, Card card);
// Recomputes what a stock or jokers change in `c` (cards in play, hand size, card values) and
// sets c.extended_play. `c` is a plain compile() of the same rules.
void compile_extended(CompiledRules& c);
// partnership_slam_bid against the options it cannot combine with (rules_slam_bid.cc).
Status validate_slam_bid(const Rules& rules);

}  // namespace hearts::detail
