// Record verification: re-plays recorded games through the rules engine and reports the first
// place where the record and the engine (or the referee's rules around it) disagree.
//
// Only what is recorded is re-played: each deal starts from the recorded hands and kitty (imported
// deals are not seeded shuffles), a pass plan the rules leave to a decision or to chance is taken
// from the record, and every pass, play and moon choice is applied in recorded order. Every
// result the record states is then compared with the engine's: trick winners, points taken, deal
// scores, moon and sun, scores and counters after each deal, final scores, counters and ranks.
//
// Forfeits are checked as the referee decides them (arena/match/referee.h): with the header's
// forfeit_after N > 0, a seat forfeits at its N-th violation in a game (game-end notifications do
// not count), and the game stops after the decision (and that deal's end, if it ended it) that
// brought the first seat to N. The recorded violations must fit the recorded game's decisions and
// notifications in order, the forfeited seats must be exactly those the rule names, a game must
// be over unless a seat forfeited, and ranks are recomputed with forfeiting seats last.
//
// Thread safety: pure functions of their arguments.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hearts/rules.h"
#include "records.pb.h"
#include "records/forfeit_check.h"
#include "records/records_io.h"

namespace arena {

// True if `record` re-plays under `rules` exactly as recorded, with forfeits as the referee
// decides them under `forfeit_after` (0 = never). Otherwise false with *discrepancy: one line
// "game G, deal D, trick T: what differed (expected ..., recorded ...)", numbered from 1 (game G
// is record.game_index() + 1, as `arena play` prints it).
bool verify_game(const hearts::CompiledRules& rules, const hearts::proto::GameRecord& record,
                 int forfeit_after, std::string* discrepancy);
// The same under a header's whole forfeit policy (forfeit_after and on_unavailable).
bool verify_game(const hearts::CompiledRules& rules, const hearts::proto::GameRecord& record,
                 const ForfeitPolicy& policy, std::string* discrepancy);

// A game as its schedule places it, for records whose writer followed one (a tournament). The
// records library does not know schedules: the caller (tournament/) fills these in.
struct ExpectedGame {
  uint32_t game_index = 0;
  uint64_t seed = 0;
  std::vector<int> seat_bots;  // seat -> header bot index
  uint32_t table = 0;
  uint32_t rotation = 0;
  uint64_t group_key = 0;
  std::vector<int> table_teams;  // partnership tournaments: team -> header team; else empty
};

struct VerifyOptions {
  // The games the file may hold, in order (a tournament shard's share of the schedule): game k of
  // the file must be (*expected)[k], field for field. Null for files without a schedule (`arena
  // play`, bench, imports), whose game indexes must be unique with none missing up to the last.
  const std::vector<ExpectedGame>* expected = nullptr;
  // Named in the message when a game is outside the share, e.g. "shard 2 of 3"; may be empty.
  std::string share_name;
};

struct VerifyTotals {
  int games = 0;
  int deals = 0;
};

// Verifies every game of a records file read with read_records: the header's rules must be
// valid; game indexes unique and none missing (or, with options.expected, the first games of the
// expected list in order); each game's seat_bots must name one header bot per seat (and match
// its expected game); each game must pass verify_game with the header's forfeit_after, and the
// per-seat time limits must fit (time_limit_check.h: banks of bots with their own limit, and
// every TIMEOUT at a play over its seat's limit). Stops
// at the first discrepancy, one line starting "game G: " (or "header: "). `totals` (optional)
// counts what was verified.
bool verify_records(const RecordsFile& file, std::string* discrepancy,
                    VerifyTotals* totals = nullptr, const VerifyOptions& options = {});

}  // namespace arena
