// Rating statistics for tournaments: the one entry point of arena/rating/. Other folders include
// only this header, which pulls in the folder's topic headers (each states its own contract):
//
//   rating/types.h          Placement, GameResult (games and duplicate groups), Interval
//   rating/bootstrap.h      bootstrap percentile intervals of (weighted) means over groups
//   rating/plackett_luce.h  Plackett-Luce strengths on an Elo-like scale
//   rating/trueskill.h      TrueSkill for ranked free-for-all games
//   rating/win_rates.h      win rates with ties split, pairwise head-to-head point differences
//   rating/game_source.h    games read one at a time (a compact store's), for every function
//
// Everything here is pure computation on the values passed in: no I/O, no globals. Every random
// choice comes from hearts::Rng seeded by the caller, so each result is a pure function of its
// arguments (the same seed gives bit-identical intervals).
//
// Errors: malformed input (a bot id out of range, a bot twice in one game, a rank below 1, fewer
// than two players in a game, confidence outside (0, 1), negative resamples, ...) throws
// std::invalid_argument naming the problem.
//
// Thread safety: every function is reentrant and touches nothing but its arguments and its
// result; any number of threads may call them at once, also on the same (unmodified) inputs.
#pragma once

#include "rating/bootstrap.h"
#include "rating/game_source.h"
#include "rating/plackett_luce.h"
#include "rating/trueskill.h"
#include "rating/types.h"
#include "rating/win_rates.h"
