// montecarlo's playouts per CPU-second, for `arena bench`: a playout is one rollout of one
// candidate card in one sampled world (plugins/montecarlo/montecarlo_bot.cc), so every gain of
// the engine under the bot's search shows here.
//
// The bot is driven as it plays, whole games of four in-process montecarlo seats through the
// referee with the bench's game seeds, with HEARTS_MC_SAMPLES fixed: its choices, and so the
// positions and the count, are then a pure function of the seeds. The count comes from the bot's
// own HEARTS_MC_DEBUG lines (a line per candidate card rolled out, then "worlds N" for the
// decision), read from this process's stderr while the games run: playouts = sum over searched
// decisions of candidates x worlds. Nothing of the bot is changed or re-implemented here.
//
// Thread safety: sets and restores environment variables and redirects this process's stderr
// (fd 2) for the duration of the call: call it with no other thread running bots or writing to
// stderr.
#pragma once

#include <string>

#include "match/referee.h"
#include "players/player.h"

namespace arena {

struct PlayoutBench {
  int games = 0;
  long long deals = 0;
  long long searched_decisions = 0;  // decisions with more than one candidate card
  long long worlds = 0;              // sampled worlds over those decisions
  long long playouts = 0;            // one per candidate card per world
  double cpu_seconds = 0;            // CPU time of this process over the games
  double playouts_per_cpu_second() const { return cpu_seconds > 0 ? playouts / cpu_seconds : 0; }
};

// Plays `games` games of `source` (the in-process montecarlo plugin) in every seat under `rules`
// with HEARTS_MC_SAMPLES=`samples`. False with *error when a player cannot be made, a seat takes
// a violation, or the bot printed no search (not montecarlo, or not in this process).
bool bench_montecarlo(PlayerSource& source, const hearts::CompiledRules& rules, int samples,
                      int games, PlayoutBench* out, std::string* error);

// The playouts of HEARTS_MC_DEBUG output: for each "worlds N" line, N times the candidate lines
// ("CARD AVERAGE") just before it. Other lines are ignored. Adds to *out's decisions, worlds and
// playouts.
void count_playouts(const std::string& debug_output, PlayoutBench* out);

}  // namespace arena
