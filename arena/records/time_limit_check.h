// The per-seat time limits of a records file (a bot's own limit, "@10ms" in its spec, or the
// header's), checked against what the file holds: `arena verify`, `arena rate` and a resumed
// tournament run it with the other checks of verify.h.
//
// Thread safety: pure functions of their arguments.
#pragma once

#include <string>

#include "records.pb.h"

namespace arena {

// Every bot with its own limit carries the bank the referee gave it: the header's bank scaled by
// the bot's limit (0 without a bank). Otherwise false with *discrepancy, one line "header: ...".
bool check_bot_limits(const hearts::proto::RecordsHeader& header, std::string* discrepancy);

// Each TIMEOUT violation at a play must fall on a play of that seat that took longer than the
// seat's limit: its bot's own, else the header's. The referee times out only answers later than
// the limit (plus the time margin), so one within it means the seat was held to another limit.
// Checked where the record pins it down: games without a bank (a bank shortens decisions by what
// the seat used before, which the record does not hold for every kind of decision) and deals whose
// every trick has one card per seat. Otherwise false with *discrepancy, one line "game G, deal D,
// trick T: ...", numbered from 1.
bool check_timeouts(const hearts::proto::RecordsHeader& header,
                    const hearts::proto::GameRecord& game, std::string* discrepancy);

// With a time margin in the header (newer files), the converse holds too: every pass and play of
// a seat that took longer than its limit plus the margin has a violation of that seat there (a
// TIMEOUT, or the failure the late call ended in), and late_answers is empty or one per seat, each
// at least the passes and plays without a violation that came past the limit within the margin
// (choices are not timed in the record, so it may hold more). Same scope as check_timeouts.
// Otherwise false with *discrepancy, one line "game G, ...".
bool check_time_margin(const hearts::proto::RecordsHeader& header,
                       const hearts::proto::GameRecord& game, std::string* discrepancy);

// The host pauses the referee excused (GameRecord.host_pause_us) are empty or one per seat, none
// negative, and only in-process bots ("plugin" transport) have any: the referee reads the thread
// account of those alone (docs/tournaments.md). Otherwise false with *discrepancy, one line
// "game G: host_pause_us...". The seat's bots must have been checked (check_seat_bots).
bool check_host_pauses(const hearts::proto::RecordsHeader& header,
                       const hearts::proto::GameRecord& game, std::string* discrepancy);

}  // namespace arena
