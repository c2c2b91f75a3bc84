// What the sampling bots (montecarlo, ismcts) share: a heuristic playout of a sampled world to
// the end of its deal, the score it is judged by, and their environment overrides.
//
// Header-only, plain functions of their arguments; safe to call from any thread on distinct
// games.
#pragma once

#include <cstdlib>

#include "heuristic_policy.h"

namespace playout {

// Plays `game` to the end of the current deal with the heuristic for every seat, each from that
// seat's own observation of the sampled world (old moon when a shooter may choose: within one deal
// both choices swing the same 26 against each opponent). The opponents these bots meet most are
// heuristic players, so this is also the most faithful model of them. `tally` counts the deal's
// plays for every seat's decisions (heuristic_policy::PlayTally): pass the one that counted the
// plays before `game`'s position, or a fresh one.
inline void rollout(hearts::Game& game, const heuristic_policy::HeuristicPolicy& policy,
                    heuristic_policy::PlayTally& tally) {
  hearts::Observation obs;
  while (game.deals_completed() == 0) {
    if (game.phase() == hearts::Phase::kPlay) {
      const hearts::CardSet legal = game.legal_plays();
      hearts::Card card = legal.lowest();
      if (legal.size() > 1) {
        hearts::observe(game, game.to_act(), &obs);
        card = policy.choose_play(obs, tally);
      }
      game.play_checked(card);  // legal: the heuristic chooses among obs.legal
    } else if (game.phase() == hearts::Phase::kMoonChoice) {
      if (!game.choose_moon(false).ok()) return;
    } else {
      return;
    }
  }
}

inline void rollout(hearts::Game& game, const heuristic_policy::HeuristicPolicy& policy) {
  heuristic_policy::PlayTally tally;
  rollout(game, policy, tally);
}

// Seat `me`'s deal score minus the others' average: lower is better for `me`. Relative, so
// pushing points onto opponents is worth as much as avoiding them.
inline double relative_score(const hearts::DealResult& result, int me, int n) {
  double others = 0;
  for (int s = 0; s < n; ++s) {
    if (s != me) others += result.deal_score[s];
  }
  return result.deal_score[me] - others / (n - 1);
}

// The positive integer in environment variable `name`, or `fallback` when it is unset, empty or
// not a positive integer.
inline int env_int(const char* name, int fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  const int value = std::atoi(text);
  return value > 0 ? value : fallback;
}

}  // namespace playout
