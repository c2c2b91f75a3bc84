// The bench signature: a hash of every pass, play and score of a fixed-seed run of the bundled
// deterministic bots under every preset. Like a chess engine's bench node count, it changes
// exactly when the games change, so a commit that alters the rules engine, the referee or a
// deterministic bot shows it (and must say so; see CONTRIBUTING.md).
//
// The run uses a clock that never moves, so no bot can time out and the hash does not depend on
// the machine's speed or load.
#pragma once

#include <string>
#include <vector>

namespace arena {

struct BenchSignature {
  std::string hash;  // 16 lower-case hex digits
  long long games = 0;
  long long deals = 0;
  long long plays = 0;
};

// The bots of the signature run, seated cyclically at every table size.
inline const std::vector<std::string> kSignatureBots = {"random", "lowest", "ducker", "heuristic"};

// The presets the signature plays: those it was first recorded with. A preset added later has
// its own tests; listing it here would change the signature without changing any game.
inline const std::vector<std::string> kSignaturePresets = {
    "standard",    "morehead2001", "culbertson1950", "foster1909",  "omnibus",  "pink-lady",
    "black-jack",  "spot-hearts",  "hearts1887",     "black-maria", "openspiel"};

// Plays the signature run with plugins found in `search_path`. False with *error (one line) if a
// bundled bot cannot be loaded.
bool compute_bench_signature(const std::vector<std::string>& search_path, BenchSignature* out,
                             std::string* error);

}  // namespace arena
