// The engine's own uniform-random player: one legal decision for whoever must act.
//
// Used by `arena play` before any bot is given, by tests and by simulations. Deterministic for a
// given Rng state. Thread safety: pure function of its arguments; no shared state.
#pragma once

#include "hearts/game.h"
#include "hearts/rng.h"

namespace hearts {

// Makes one uniformly random legal decision in the game's current phase (chance phases are
// resolved from the game's own seed). Does nothing at game over. Fails only when no legal
// decision exists (a hand that cannot obey forbidden_passes).
Status play_random_decision(Game& game, Rng& rng);

// Plays the whole game out with play_random_decision; stops at the first failure.
Status play_random_game(Game& game, Rng& rng);

}  // namespace hearts
