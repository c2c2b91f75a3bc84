// A bot's own time limit, written at the end of its spec: "montecarlo@100ms" plays montecarlo with
// 100 ms per decision whatever --move-ms says, so one run can give bots different times (time-odds
// matches, docs/tournaments.md "Time odds").
//
// Thread safety: pure functions of their arguments.
#pragma once

#include <cstdint>
#include <string>

namespace arena {

// A spec split into the bot it names and that bot's own per-decision limit.
struct TimedSpec {
  std::string bot;           // the spec without its limit: "montecarlo", "grpc://host:9000"
  int64_t move_time_us = 0;  // its own limit; 0: none given, the run's --move-ms applies
};

// Splits "SPEC@LIMIT", LIMIT a whole number > 0 followed by us, ms or s ("250us", "100ms", "2s").
// The text after the spec's last '@' is read as a limit unless it holds a '/' or ':' or ends in
// ".so" (then the '@' is part of a path or address and the spec has no limit). False with *error,
// one line naming the spec, if the limit is malformed or the spec before it is empty.
bool parse_timed_spec(const std::string& spec, TimedSpec* out, std::string* error);

// A limit as a spec writes it, in the largest unit that keeps it whole: "2s", "100ms", "250us".
std::string time_limit_text(int64_t us);

// How results name a bot: "montecarlo@10ms" with its own limit (own_us > 0), else its name, so one
// bot at two limits is two entrants.
std::string name_with_limit(const std::string& name, int64_t own_us);

// The per-game bank of a bot with its own limit: the run's bank scaled by its limit over the run's
// (a bot at 10 ms in a run of 100 ms and a 5 s bank gets 500 ms), rounded down, at least 1 us.
// 0 when the run has no bank.
int64_t scaled_bank_us(int64_t run_bank_us, int64_t run_move_us, int64_t own_move_us);

}  // namespace arena
