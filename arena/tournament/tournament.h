// Rated round-robin tournaments: the schedule (schedule.h) played by a pool of threads, one
// records file written in schedule order, and results computed from the records alone.
//
// Determinism: every game's seed and seating come from the tournament seed and the game's place
// in the schedule, and games are written in schedule order, so the records and results do not
// depend on the thread count (apart from measured think times). A killed run resumes: the
// complete games already in DIR are kept, a torn last record is dropped, the rest is played.
#pragma once

#include <string>
#include <vector>

#include "hearts/rules.h"
#include "match/referee.h"
#include "players/bot_specs.h"
#include "records.pb.h"

namespace arena {

// Told of a run's games as they are written, for a live view (arena report's --report). Called
// from one thread at a time (the one writing the records), in schedule order; a slow observer
// slows the run.
class TournamentObserver {
 public:
  virtual ~TournamentObserver() = default;
  // The records file is open: `header` is the one in it, and a resumed run's games are in it.
  virtual void started(const hearts::proto::RecordsHeader& header,
                       const std::string& records_path) = 0;
  // A game was appended to the records, as `encoded` (RecordsWriter::encode's bytes).
  virtual void game_written(const std::string& encoded) = 0;
};

struct TournamentSetup {
  std::string preset = "standard";
  hearts::Rules rules;
  std::vector<std::string> specs;
  // Partnership rules: teams as "a+b" (--teams), the entrants instead of specs; with specs
  // alone each bot plays as a team of two copies (tournament/teams.h).
  std::vector<std::string> teams;
  int groups = 1;
  uint64_t seed = 1;
  std::string seed_note;  // printed once the setup is valid: where a seed not given came from
  int concurrency = 1;
  std::string out_dir;
  bool all_permutations = false;
  std::string gauntlet;    // a spec from `specs`, or empty
  RefereeOptions referee;  // its reconnect_window_us is the reconnect window
  UnavailablePolicy on_unavailable = UnavailablePolicy::kStop;
  int64_t hang_ms = 0;
  SpecOptions spec_options;
  std::vector<std::string> plugin_dirs;
  int shard_index = 1;  // 1-based
  int shard_count = 1;
  int bootstrap_samples = 1000;
  bool json = false;          // results as JSON on stdout instead of the text leaderboard
  bool quiet = false;         // no progress lines
  bool print_results = true;  // false: write results.json only (arena bench)
  std::string command;
  TournamentObserver* observer = nullptr;  // not owned; null: none
};

// Runs (or resumes) the tournament; returns the process exit code. Errors are one line on stderr.
// A bot unavailable for longer than the reconnect window (match/unavailable.h), under kStop:
// the games before the one it was in are written, that game and later ones are not, one line
// names the bot and says how to resume, and the code is kExitBotUnavailable. Under kForfeit a
// line names the bot when it is first found unavailable, and the run goes on.
int run_tournament(const TournamentSetup& setup);

// The records file and results file of a shard inside the output directory.
std::string records_path(const TournamentSetup& setup);
std::string results_path(const TournamentSetup& setup);

}  // namespace arena
