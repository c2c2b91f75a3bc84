#include "tournament/schedule.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "hearts/rng.h"

namespace arena {
namespace {

// All k-subsets of {0..n-1} in lexicographic order.
std::vector<std::vector<int>> combinations(int n, int k) {
  std::vector<std::vector<int>> out;
  std::vector<int> pick(k);
  std::iota(pick.begin(), pick.end(), 0);
  while (k <= n) {
    out.push_back(pick);
    int i = k - 1;
    while (i >= 0 && pick[i] == n - k + i) --i;
    if (i < 0) break;
    ++pick[i];
    for (int j = i + 1; j < k; ++j) pick[j] = pick[j - 1] + 1;
  }
  return out;
}

// Seats for a table with fewer bots than seats: every bot table_size / num_bots times, the
// `extra` chosen bots once more. The copies, bot by bot with the extra bots first, fill the even
// seats and then the odd ones, so no two copies of a bot sit side by side at the round table
// (seat n-1 next to seat 0) unless a bot has more than half the seats, when it cannot be avoided.
std::vector<int> balanced_table(int num_bots, int table_size, const std::vector<int>& extra) {
  std::vector<int> copies;
  for (bool extra_bots : {true, false}) {
    for (int bot = 0; bot < num_bots; ++bot) {
      const bool is_extra = std::find(extra.begin(), extra.end(), bot) != extra.end();
      if (is_extra != extra_bots) continue;
      copies.insert(copies.end(), table_size / num_bots + (is_extra ? 1 : 0), bot);
    }
  }
  std::vector<int> seats(table_size);
  size_t next = 0;
  for (int first : {0, 1}) {
    for (int seat = first; seat < table_size; seat += 2) seats[seat] = copies[next++];
  }
  return seats;
}

// The tables of the schedule (each a bot per seat, before rotation); empty with *error when the
// options cannot make a schedule.
std::vector<std::vector<int>> schedule_tables(const ScheduleOptions& o, std::string* error) {
  const int n = o.table_size;
  if (o.num_bots < 2) {
    *error = "a tournament needs at least two bots";
    return {};
  }
  if (o.groups < 1) {
    *error = "--games must be at least 1";
    return {};
  }
  if (o.gauntlet >= o.num_bots) {
    *error = "the gauntlet bot is not in the bot list";
    return {};
  }
  std::vector<std::vector<int>> tables;
  if (o.num_bots >= n) {
    for (auto& table : combinations(o.num_bots, n)) {
      if (o.gauntlet < 0 || std::find(table.begin(), table.end(), o.gauntlet) != table.end()) {
        tables.push_back(table);
      }
    }
  } else {
    const int extra = n % o.num_bots;
    for (auto& chosen : combinations(o.num_bots, extra)) {
      tables.push_back(balanced_table(o.num_bots, n, chosen));
    }
  }
  return tables;
}

// The seat orders of one duplicate group.
std::vector<std::vector<int>> schedule_rotations(const ScheduleOptions& o) {
  const int n = o.table_size;
  std::vector<std::vector<int>> rotations;
  if (o.all_permutations) {
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    do rotations.push_back(order);
    while (std::next_permutation(order.begin(), order.end()));
  } else {
    for (int r = 0; r < n; ++r) {
      std::vector<int> order(n);
      for (int s = 0; s < n; ++s) order[s] = (s + r) % n;
      rotations.push_back(order);
    }
  }
  return rotations;
}

// The options of the team-level schedule: teams as entrants at half the table.
ScheduleOptions team_level(const ScheduleOptions& o) {
  ScheduleOptions inner = o;
  inner.teams.clear();
  inner.num_bots = static_cast<int>(o.teams.size());
  inner.table_size = o.table_size / 2;
  return inner;
}

// Seats the teams of a team-level game: team place t is seats t and t + half.
void seat_teams(const ScheduleOptions& o, ScheduledGame& game) {
  const int half = o.table_size / 2;
  game.table_teams = std::move(game.seat_bots);
  game.seat_bots.assign(o.table_size, 0);
  for (int place = 0; place < half; ++place) {
    const std::array<int, 2>& team = o.teams[game.table_teams[place]];
    game.seat_bots[place] = team[0];
    game.seat_bots[place + half] = team[1];
  }
}

}  // namespace

bool Schedule::init(const ScheduleOptions& o, std::string* error) {
  options_ = o;
  tables_.clear();
  if (!o.teams.empty()) {
    if (o.table_size % 2 != 0) {
      *error = "teams need an even table, not " + std::to_string(o.table_size) + " seats";
      return false;
    }
    const ScheduleOptions inner = team_level(o);
    tables_ = schedule_tables(inner, error);
    rotations_ = schedule_rotations(inner);
  } else {
    tables_ = schedule_tables(o, error);
    rotations_ = schedule_rotations(o);
  }
  return !tables_.empty();
}

size_t Schedule::size() const {
  return tables_.size() * static_cast<size_t>(options_.groups) * rotations_.size();
}

ScheduledGame Schedule::game(size_t index) const {
  const size_t per_table = static_cast<size_t>(options_.groups) * rotations_.size();
  const size_t t = index / per_table;
  const auto g = static_cast<int>(index % per_table / rotations_.size());
  const size_t r = index % rotations_.size();
  ScheduledGame game;
  game.index = static_cast<uint32_t>(index);
  game.table = static_cast<uint32_t>(t);
  game.group = static_cast<uint32_t>(g);
  game.rotation = static_cast<uint32_t>(r);
  game.seed = hearts::derive_seed(hearts::derive_seed(options_.seed, t), g);
  game.group_key = (static_cast<uint64_t>(t) << 32) | static_cast<uint64_t>(g);
  for (int seat : rotations_[r]) game.seat_bots.push_back(tables_[t][seat]);
  if (!options_.teams.empty()) seat_teams(options_, game);
  return game;
}

std::vector<ScheduledGame> make_schedule(const ScheduleOptions& o, std::string* error) {
  Schedule schedule;
  if (!schedule.init(o, error)) return {};
  std::vector<ScheduledGame> games;
  games.reserve(schedule.size());
  for (size_t k = 0; k < schedule.size(); ++k) games.push_back(schedule.game(k));
  return games;
}

size_t schedule_size(const ScheduleOptions& options, std::string* error) {
  if (!options.teams.empty()) return schedule_size(team_level(options), error);
  const size_t tables = schedule_tables(options, error).size();
  size_t rotations = 1;
  for (int k = 2; k <= options.table_size && options.all_permutations; ++k) rotations *= k;
  if (!options.all_permutations) rotations = static_cast<size_t>(options.table_size);
  return tables * static_cast<size_t>(options.groups) * rotations;
}

bool parse_shard(const std::string& text, int* index, int* count, std::string* error) {
  const size_t slash = text.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument("no slash");
    size_t used = 0;
    *index = std::stoi(text.substr(0, slash), &used);
    if (used != slash) throw std::invalid_argument("index");
    *count = std::stoi(text.substr(slash + 1), &used);
    if (used != text.size() - slash - 1) throw std::invalid_argument("count");
  } catch (const std::exception&) {
    *error = "--shard '" + text + "': expected I/N, like 2/8";
    return false;
  }
  if (*count < 1 || *index < 1 || *index > *count) {
    *error = "--shard '" + text + "': I must be between 1 and N";
    return false;
  }
  return true;
}

}  // namespace arena
