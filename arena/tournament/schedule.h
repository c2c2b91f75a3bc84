// The round-robin schedule of a tournament: which bots sit where in every game, and each game's
// seed. A pure function of its inputs, so any machine, thread count or shard computes the same.
//
// Tables: every combination of table-size bots when there are at least that many bots (with a
// gauntlet, only the combinations that include the gauntlet bot); with fewer bots than seats,
// balanced compositions where the bot counts differ by at most one. Each table plays `groups`
// duplicate groups: one deal sequence (one seed) played once per seat rotation (the n cyclic
// rotations, or all n! orders), so every bot sits in every seat equally often and the luck of
// the cards cancels.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace arena {

struct ScheduleOptions {
  int num_bots = 0;
  int table_size = 4;
  int groups = 1;                 // duplicate groups per table
  bool all_permutations = false;  // n! seatings instead of n cyclic rotations
  int gauntlet = -1;              // bot index, or -1 for a full round robin
  uint64_t seed = 0;
  // Partnership games: the teams (two bot indices each) are the entrants instead of the bots.
  // The schedule above is made over teams at tables of table_size / 2 team places; team place t
  // is seats t (first member) and t + table_size / 2 (second), partners sitting opposite.
  std::vector<std::array<int, 2>> teams;
};

struct ScheduledGame {
  uint32_t index = 0;  // place in the schedule
  uint32_t table = 0;
  uint32_t group = 0;  // duplicate group within the table
  uint32_t rotation = 0;
  uint64_t seed = 0;             // shared by every rotation of a group
  std::vector<int> seat_bots;    // seat -> bot index
  uint64_t group_key = 0;        // unique per (table, group): the unit the bootstrap resamples
  std::vector<int> table_teams;  // with teams: team place -> team index; else empty
};

// The whole schedule in order. Empty with *error when the options cannot make one.
std::vector<ScheduledGame> make_schedule(const ScheduleOptions& options, std::string* error);

// The same schedule without building it: a game is computed when asked for, from the tables and
// seat orders (memory per table, none per game, so a long tournament does not hold its schedule).
// game(k) equals make_schedule(options)[k]; make_schedule is built from it.
// Thread safety: const members may run on several threads at once.
class Schedule {
 public:
  // False with *error when the options cannot make a schedule (as make_schedule).
  bool init(const ScheduleOptions& options, std::string* error);
  size_t size() const;
  size_t num_tables() const { return tables_.size(); }
  ScheduledGame game(size_t index) const;  // index < size()

 private:
  ScheduleOptions options_;
  std::vector<std::vector<int>> tables_;     // with teams: the team-level tables
  std::vector<std::vector<int>> rotations_;  // the seat orders of one duplicate group
};

// make_schedule(options).size(), without building the games; 0 with *error when the options
// cannot make a schedule.
size_t schedule_size(const ScheduleOptions& options, std::string* error);

// Parses "I/N" (1 <= I <= N); games whose index % N == I-1 belong to shard I.
bool parse_shard(const std::string& text, int* index, int* count, std::string* error);

}  // namespace arena
