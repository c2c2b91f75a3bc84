// A tournament's records checked against the schedule they were played from. The records
// library verifies games (records/verify.h) but knows no schedule; this rebuilds the schedule
// from a records header and hands verify the games it must find, so `arena verify`, `arena rate`
// and a resumed tournament check seat_bots, table, rotation, seed and group of every game.
//
// The header states the bots, rules, seed, limits and scheduled game count, but not --games,
// --permutations or --gauntlet: those are the ones whose tournament_fingerprint, computed from
// the header as the tournament computes it, equals the recorded one.
//
// Thread safety: pure functions of their arguments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "records.pb.h"
#include "records/records_io.h"
#include "records/verify.h"
#include "tournament/schedule.h"

namespace arena {

// The fingerprint of everything that decides a tournament's games: the header's rules, bots
// (spec without an "isolated:" prefix, since isolation changes no game, and plugin SHA-256),
// seed and time and forfeit limits, with the schedule options the header does not state.
// `gauntlet` is a bot index or -1.
std::string tournament_fingerprint(const hearts::proto::RecordsHeader& header, int groups,
                                   bool all_permutations, int gauntlet);

// The bot a --gauntlet spec names: the last of `specs` equal to it, isolation aside (so that
// the fingerprint, which names the bot by spec, finds the same one); -1 if none.
int gauntlet_bot(const std::vector<std::string>& specs, const std::string& gauntlet);

// The schedule options of a tournament's records header (tournament_fingerprint set). False
// with *error when no --games, --permutations and --gauntlet give its fingerprint.
bool schedule_from_header(const hearts::proto::RecordsHeader& header, int table_size,
                          ScheduleOptions* options, std::string* error);

// How a file's share of the schedule is named in verify's messages (VerifyOptions::share_name).
std::string share_text(uint32_t shard_index, uint32_t shard_count, size_t scheduled_games);

// Scheduled games (a shard's share, in schedule order) as verify expects them.
std::vector<ExpectedGame> expected_games(const std::vector<const ScheduledGame*>& games);

// verify_records, and for a tournament's records (the header has a tournament_fingerprint)
// against its shard's share of the schedule rebuilt from the header.
bool verify_records_file(const RecordsFile& file, std::string* discrepancy,
                         VerifyTotals* totals = nullptr);

}  // namespace arena
