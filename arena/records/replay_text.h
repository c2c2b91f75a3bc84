// Replay text: records as a person reads them, what `arena replay` prints. The summary of a
// records file (versions, command, rules, limits, bots), then each game deal by deal: the pass
// plan, hands dealt and kitty, each pass and where its cards went (for a shuffle pass, what each
// seat got from the pile, re-dealt from the game seed), every trick with its winner and points,
// each deal's results, violations, and the game's final scores, ranks, forfeits and winners.
//
// Contract: the text is a pure function of the records and rules given and is written to `out`
// only; nothing is checked against the engine (`arena verify` does that). Damaged values are
// shown, not rejected: an unknown card id as "?ID", a seat with no known bot as "?", a deal cut
// short by a forfeit as far as it was played, with the trick winner then taken as the highest
// card of the suit led.
//
// Thread safety: pure functions of their arguments, apart from writing to `out`.
#pragma once

#include <ostream>
#include <string>

#include "hearts/rules.h"
#include "records.pb.h"
#include "records/records_io.h"

namespace arena {

// The summary of records file `path` read into `file`, whose header's rules are `rules`.
void print_records_summary(std::ostream& out, const std::string& path, const RecordsFile& file,
                           const hearts::Rules& rules);

// One game trick by trick, starting with a blank line; `rules` are the header's, compiled.
void print_replay_game(std::ostream& out, const hearts::proto::RecordsHeader& header,
                       const hearts::CompiledRules& rules, const hearts::proto::GameRecord& game);

}  // namespace arena
