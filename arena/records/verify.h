// Record verification: re-plays recorded games through the rules engine and reports the first
// place where the record and the engine disagree.
//
// Only what is recorded is re-played: each deal starts from the recorded hands and kitty (imported
// deals are not seeded shuffles), a pass plan the rules leave to a decision or to chance is taken
// from the record, and every pass, play and moon choice is applied in recorded order. Every
// result the record states is then compared with the engine's: trick winners, points taken, deal
// scores, moon and sun, scores and counters after each deal, final scores, counters and ranks.
//
// A forfeited game stops early: its last deal may be cut short (no result recorded), and ranks
// are not checked (the referee ranks forfeiting seats last, outside the engine).
//
// Thread safety: pure functions of their arguments.
#pragma once

#include <string>

#include "hearts/rules.h"
#include "records.pb.h"
#include "records/records_io.h"

namespace arena {

// True if `record` re-plays under `rules` exactly as recorded. Otherwise false with
// *discrepancy: one line "game G, deal D, trick T: what differed (expected ..., recorded ...)",
// numbered from 1 (game G is record.game_index() + 1, as `arena play` prints it).
bool verify_game(const hearts::CompiledRules& rules, const hearts::proto::GameRecord& record,
                 std::string* discrepancy);

struct VerifyTotals {
  int games = 0;
  int deals = 0;
};

// Verifies every game of a records file read with read_records: the header's rules must be
// valid, each game's seat_bots must name one header bot per seat, and each game must pass
// verify_game. Stops at the first discrepancy. `totals` (optional) counts what was verified.
bool verify_records(const RecordsFile& file, std::string* discrepancy,
                    VerifyTotals* totals = nullptr);

}  // namespace arena
