// The tournament schedule (arena/tournament/schedule.h): seat and pairing fairness, balanced
// seatings with fewer bots than seats, gauntlets, duplicate-group seeds, the schedule's size,
// shards and parse_shard, and that the schedule is a pure function of its options.
#include "tournament/schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace arena {
namespace {

struct Case {
  int bots;
  int table;
  int groups;
  bool all;
  int gauntlet;
};

std::string describe(const Case& c) {
  return std::to_string(c.bots) + " bots, " + std::to_string(c.table) + " seats, " +
         std::to_string(c.groups) + " groups, " + (c.all ? "all" : "cyclic") +
         (c.gauntlet >= 0 ? ", gauntlet " + std::to_string(c.gauntlet) : "");
}

ScheduleOptions options_of(const Case& c, uint64_t seed = 42) {
  ScheduleOptions o;
  o.num_bots = c.bots;
  o.table_size = c.table;
  o.groups = c.groups;
  o.all_permutations = c.all;
  o.gauntlet = c.gauntlet;
  o.seed = seed;
  return o;
}

std::vector<ScheduledGame> schedule_of(const Case& c, uint64_t seed = 42) {
  std::string error;
  auto games = make_schedule(options_of(c, seed), &error);
  EXPECT_FALSE(games.empty()) << describe(c) << ": " << error;
  return games;
}

long long choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  long long result = 1;
  for (int i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}

long long factorial(int n) {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

// Every case below has at least as many bots as seats.
const Case kRoundRobins[] = {
    {4, 4, 1, false, -1}, {5, 4, 3, false, -1}, {6, 4, 2, false, -1}, {7, 4, 1, false, -1},
    {5, 3, 2, false, -1}, {6, 5, 1, false, -1}, {4, 4, 2, true, -1},  {5, 4, 1, true, -1},
    {6, 3, 1, true, -1},  {8, 6, 1, false, -1}, {3, 3, 4, false, -1}, {2, 2, 3, true, -1},
};

// Fewer bots than seats: balanced seatings.
const Case kFewBots[] = {
    {2, 4, 2, false, -1}, {3, 4, 1, false, -1}, {2, 3, 1, false, -1}, {3, 5, 2, false, -1},
    {4, 6, 1, false, -1}, {3, 7, 1, false, -1}, {2, 5, 1, true, -1},  {3, 4, 1, true, -1},
    {4, 7, 1, false, -1}, {5, 6, 1, false, -1}, {3, 6, 2, false, -1}, {3, 4, 1, false, 1},
};

const Case kGauntlets[] = {
    {5, 4, 1, false, 2}, {6, 4, 2, false, 0}, {7, 4, 1, false, 6},
    {5, 3, 1, true, 4},  {6, 5, 1, false, 3}, {4, 4, 2, true, 1},
};

// seat_counts[bot][seat]
std::vector<std::vector<long long>> seat_counts(const std::vector<ScheduledGame>& games, int bots,
                                                int seats) {
  std::vector<std::vector<long long>> counts(bots, std::vector<long long>(seats, 0));
  for (const ScheduledGame& game : games) {
    for (int s = 0; s < seats; ++s) ++counts[game.seat_bots[s]][s];
  }
  return counts;
}

TEST(Schedule, EveryGameIsWellFormedAndIndexedInOrder) {
  std::vector<Case> all(std::begin(kRoundRobins), std::end(kRoundRobins));
  all.insert(all.end(), std::begin(kFewBots), std::end(kFewBots));
  all.insert(all.end(), std::begin(kGauntlets), std::end(kGauntlets));
  for (const Case& c : all) {
    const auto games = schedule_of(c);
    const size_t rotations = c.all ? factorial(c.table) : c.table;
    for (size_t i = 0; i < games.size(); ++i) {
      const ScheduledGame& g = games[i];
      ASSERT_EQ(g.index, i) << describe(c);
      ASSERT_EQ(g.seat_bots.size(), static_cast<size_t>(c.table)) << describe(c);
      for (int bot : g.seat_bots) ASSERT_TRUE(bot >= 0 && bot < c.bots) << describe(c);
      // Tables, then groups, then rotations, nested in that order.
      EXPECT_EQ(g.rotation, i % rotations) << describe(c);
      EXPECT_EQ(g.group, (i / rotations) % c.groups) << describe(c);
      EXPECT_EQ(g.table, i / rotations / c.groups) << describe(c);
      if (c.bots >= c.table) {
        const std::set<int> distinct(g.seat_bots.begin(), g.seat_bots.end());
        EXPECT_EQ(distinct.size(), g.seat_bots.size()) << describe(c) << ": a bot sits twice";
      }
    }
  }
}

TEST(Schedule, EveryBotPlaysEverySeatEquallyOften) {
  for (const Case& c : kRoundRobins) {
    const auto games = schedule_of(c);
    const auto counts = seat_counts(games, c.bots, c.table);
    // Full round robin: the same count for every bot and every seat.
    const long long expected = counts[0][0];
    EXPECT_GT(expected, 0) << describe(c);
    for (int b = 0; b < c.bots; ++b) {
      for (int s = 0; s < c.table; ++s) {
        EXPECT_EQ(counts[b][s], expected) << describe(c) << ": bot " << b << " seat " << s;
      }
    }
    // Each bot plays C(B-1, n-1) tables, every seating of a group once.
    const long long per_group = c.all ? factorial(c.table) : c.table;
    EXPECT_EQ(expected * c.table, choose(c.bots - 1, c.table - 1) * c.groups * per_group)
        << describe(c);
  }
}

TEST(Schedule, EveryPairOfBotsMeetsEquallyOften) {
  for (const Case& c : kRoundRobins) {
    const auto games = schedule_of(c);
    std::map<std::pair<int, int>, long long> meetings;
    for (const ScheduledGame& game : games) {
      for (int a : game.seat_bots) {
        for (int b : game.seat_bots) {
          if (a < b) ++meetings[{a, b}];
        }
      }
    }
    ASSERT_EQ(meetings.size(), static_cast<size_t>(choose(c.bots, 2))) << describe(c);
    const long long per_group = c.all ? factorial(c.table) : c.table;
    for (const auto& [pair, count] : meetings) {
      EXPECT_EQ(count, choose(c.bots - 2, c.table - 2) * c.groups * per_group)
          << describe(c) << ": bots " << pair.first << " and " << pair.second;
    }
  }
}

TEST(Schedule, FewerBotsThanSeatsGivesBalancedTables) {
  for (const Case& c : kFewBots) {
    const auto games = schedule_of(c);
    for (const ScheduledGame& game : games) {
      std::vector<int> per_bot(c.bots, 0);
      for (int bot : game.seat_bots) ++per_bot[bot];
      const auto [low, high] = std::minmax_element(per_bot.begin(), per_bot.end());
      EXPECT_GE(*low, 1) << describe(c) << ": every bot plays every game";
      EXPECT_LE(*high - *low, 1) << describe(c) << ": game " << game.index;
    }
    // Every bot sits in every seat equally often, and all bots equally often.
    const auto counts = seat_counts(games, c.bots, c.table);
    for (int b = 0; b < c.bots; ++b) {
      for (int s = 0; s < c.table; ++s) {
        EXPECT_EQ(counts[b][s], counts[0][0]) << describe(c) << ": bot " << b << " seat " << s;
      }
    }
    // One table for each choice of the bots that get the extra seats.
    const long long per_group = c.all ? factorial(c.table) : c.table;
    EXPECT_EQ(static_cast<long long>(games.size()),
              choose(c.bots, c.table % c.bots) * c.groups * per_group)
        << describe(c);
  }
}

TEST(Schedule, CopiesOfABotDoNotSitSideBySideWhenAvoidable) {
  std::vector<Case> cases;
  for (int bots = 2; bots <= 7; ++bots) {
    for (int table = bots + 1; table <= 10; ++table) cases.push_back({bots, table, 1, false, -1});
  }
  for (const Case& c : cases) {
    const auto games = schedule_of(c);
    const int most = (c.table + c.bots - 1) / c.bots;  // copies of the bots with an extra seat
    if (most > c.table / 2) continue;                  // unavoidable at a round table
    for (const ScheduledGame& game : games) {
      for (int s = 0; s < c.table; ++s) {
        EXPECT_NE(game.seat_bots[s], game.seat_bots[(s + 1) % c.table])
            << describe(c) << ": game " << game.index << ", seats " << s << " and "
            << (s + 1) % c.table;
      }
    }
  }
}

TEST(Schedule, GauntletTablesAreTheGauntletBotWithEveryCombinationOfTheOthers) {
  for (const Case& c : kGauntlets) {
    const auto games = schedule_of(c);
    std::set<std::vector<int>> tables;
    std::map<uint32_t, std::set<int>> table_bots;
    for (const ScheduledGame& game : games) {
      std::vector<int> bots = game.seat_bots;
      std::sort(bots.begin(), bots.end());
      EXPECT_TRUE(std::binary_search(bots.begin(), bots.end(), c.gauntlet))
          << describe(c) << ": game " << game.index << " lacks the gauntlet bot";
      table_bots[game.table].insert(bots.begin(), bots.end());
      EXPECT_EQ(table_bots[game.table].size(), static_cast<size_t>(c.table))
          << describe(c) << ": table " << game.table << " changes its bots";
      bots.erase(std::find(bots.begin(), bots.end(), c.gauntlet));
      tables.insert(bots);
    }
    // Exactly the (n-1)-combinations of the other bots, each once.
    std::set<std::vector<int>> expected;
    for (int mask = 0; mask < (1 << c.bots); ++mask) {
      if (mask & (1 << c.gauntlet)) continue;
      std::vector<int> others;
      for (int b = 0; b < c.bots; ++b) {
        if (mask & (1 << b)) others.push_back(b);
      }
      if (static_cast<int>(others.size()) == c.table - 1) expected.insert(others);
    }
    EXPECT_EQ(tables, expected) << describe(c);
    EXPECT_EQ(table_bots.size(), expected.size()) << describe(c);
    // Every bot, the gauntlet bot included, still sits in every seat equally often.
    const auto counts = seat_counts(games, c.bots, c.table);
    for (int b = 0; b < c.bots; ++b) {
      for (int s = 1; s < c.table; ++s) EXPECT_EQ(counts[b][s], counts[b][0]) << describe(c);
    }
    const long long per_group = c.all ? factorial(c.table) : c.table;
    EXPECT_EQ(static_cast<long long>(games.size()),
              choose(c.bots - 1, c.table - 1) * c.groups * per_group)
        << describe(c);
  }
}

TEST(Schedule, RotationsOfAGroupShareASeedAndGroupsDoNot) {
  std::vector<Case> all(std::begin(kRoundRobins), std::end(kRoundRobins));
  all.insert(all.end(), std::begin(kFewBots), std::end(kFewBots));
  all.insert(all.end(), std::begin(kGauntlets), std::end(kGauntlets));
  for (const Case& c : all) {
    const auto games = schedule_of(c);
    std::map<std::pair<uint32_t, uint32_t>, uint64_t> seed_of;  // (table, group) -> seed
    std::map<std::pair<uint32_t, uint32_t>, uint64_t> key_of;
    std::map<std::pair<uint32_t, uint32_t>, std::set<std::vector<int>>> seatings;
    std::map<std::pair<uint32_t, uint32_t>, std::vector<int>> first_seating;
    for (const ScheduledGame& game : games) {
      const std::pair<uint32_t, uint32_t> group{game.table, game.group};
      const auto [it, inserted] = seed_of.emplace(group, game.seed);
      if (!inserted) {
        EXPECT_EQ(it->second, game.seed) << describe(c) << ": game " << game.index;
      }
      const auto [kit, kinserted] = key_of.emplace(group, game.group_key);
      if (!kinserted) {
        EXPECT_EQ(kit->second, game.group_key) << describe(c);
      }
      seatings[group].insert(game.seat_bots);
      first_seating.emplace(group, game.seat_bots);
    }
    std::set<uint64_t> seeds, keys;
    for (const auto& [group, seed] : seed_of) seeds.insert(seed);
    for (const auto& [group, key] : key_of) keys.insert(key);
    EXPECT_EQ(seeds.size(), seed_of.size()) << describe(c) << ": two groups share a seed";
    EXPECT_EQ(keys.size(), key_of.size()) << describe(c) << ": two groups share a group key";
    // With distinct bots every rotation of a group is a different seating.
    if (c.bots >= c.table) {
      const size_t rotations = c.all ? factorial(c.table) : c.table;
      for (const auto& [group, set] : seatings) EXPECT_EQ(set.size(), rotations) << describe(c);
    }
    // Duplicate groups of one table repeat the same seatings with other cards.
    for (const auto& [group, seating] : first_seating) {
      EXPECT_EQ(seating, first_seating.at({group.first, 0})) << describe(c);
    }
  }
}

TEST(Schedule, SeedsComeFromTheTournamentSeed) {
  const Case c{5, 4, 2, false, -1};
  const auto a = schedule_of(c, 1);
  const auto b = schedule_of(c, 2);
  ASSERT_EQ(a.size(), b.size());
  std::set<uint64_t> seeds_a, seeds_b;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].seat_bots, b[i].seat_bots) << "the seating does not depend on the seed";
    seeds_a.insert(a[i].seed);
    seeds_b.insert(b[i].seed);
  }
  for (uint64_t seed : seeds_a) EXPECT_EQ(seeds_b.count(seed), 0u);
  // A game's seed depends on its place (table, group), not on the number of groups: adding
  // groups keeps the existing games' seeds.
  Case more = c;
  more.groups = 3;
  const auto longer = schedule_of(more, 1);
  for (const ScheduledGame& game : a) {
    const auto it = std::find_if(longer.begin(), longer.end(), [&](const ScheduledGame& g) {
      return g.table == game.table && g.group == game.group && g.rotation == game.rotation;
    });
    ASSERT_NE(it, longer.end());
    EXPECT_EQ(it->seed, game.seed);
    EXPECT_EQ(it->seat_bots, game.seat_bots);
  }
}

TEST(Schedule, TotalSize) {
  for (int bots = 2; bots <= 8; ++bots) {
    for (int table = 2; table <= 6; ++table) {
      for (int groups : {1, 3}) {
        for (bool all : {false, true}) {
          if (all && table > 5) continue;
          const Case c{bots, table, groups, all, -1};
          const auto games = schedule_of(c);
          const long long tables = bots >= table ? choose(bots, table) : choose(bots, table % bots);
          EXPECT_EQ(static_cast<long long>(games.size()),
                    tables * groups * (all ? factorial(table) : table))
              << describe(c);
        }
      }
    }
  }
}

TEST(Schedule, IsAPureFunctionOfItsOptions) {
  const Case cases[] = {{5, 4, 3, false, -1}, {3, 4, 2, true, -1}, {6, 4, 1, false, 2}};
  for (const Case& c : cases) {
    const auto first = schedule_of(c, 99);
    std::vector<ScheduledGame> from_thread;
    std::thread([&] { from_thread = schedule_of(c, 99); }).join();
    const std::vector<ScheduledGame> again = schedule_of(c, 99);
    const std::vector<ScheduledGame>* others[] = {&from_thread, &again};
    for (const std::vector<ScheduledGame>* other : others) {
      ASSERT_EQ(other->size(), first.size()) << describe(c);
      for (size_t i = 0; i < first.size(); ++i) {
        const ScheduledGame& x = first[i];
        const ScheduledGame& y = (*other)[i];
        EXPECT_EQ(std::tie(x.index, x.table, x.group, x.rotation, x.seed, x.seat_bots, x.group_key),
                  std::tie(y.index, y.table, y.group, y.rotation, y.seed, y.seat_bots, y.group_key))
            << describe(c) << ": game " << i;
      }
    }
  }
}

TEST(Schedule, RejectsImpossibleOptions) {
  std::string error;
  ScheduleOptions o;
  o.num_bots = 1;
  EXPECT_TRUE(make_schedule(o, &error).empty());
  EXPECT_NE(error.find("two bots"), std::string::npos) << error;
  o.num_bots = 4;
  o.groups = 0;
  error.clear();
  EXPECT_TRUE(make_schedule(o, &error).empty());
  EXPECT_FALSE(error.empty());
  o.groups = 1;
  o.gauntlet = 4;
  error.clear();
  EXPECT_TRUE(make_schedule(o, &error).empty());
  EXPECT_NE(error.find("gauntlet"), std::string::npos) << error;
}

// Shard I of N holds the games whose index % N == I - 1 (the rule run_tournament applies).
TEST(Schedule, ShardsAreDisjointAndTogetherTheWholeSchedule) {
  const Case cases[] = {{5, 4, 3, false, -1}, {2, 4, 2, false, -1}, {6, 4, 1, false, 1}};
  for (const Case& c : cases) {
    const auto games = schedule_of(c);
    for (int count = 1; count <= 9; ++count) {
      std::vector<int> owner(games.size(), 0);
      size_t smallest = games.size(), largest = 0;
      for (int index = 1; index <= count; ++index) {
        int parsed_index = 0, parsed_count = 0;
        std::string error;
        ASSERT_TRUE(parse_shard(std::to_string(index) + "/" + std::to_string(count), &parsed_index,
                                &parsed_count, &error))
            << error;
        ASSERT_EQ(parsed_index, index);
        ASSERT_EQ(parsed_count, count);
        size_t size = 0;
        for (const ScheduledGame& game : games) {
          if (static_cast<int>(game.index % parsed_count) == parsed_index - 1) {
            ++owner[game.index];
            ++size;
          }
        }
        smallest = std::min(smallest, size);
        largest = std::max(largest, size);
      }
      for (size_t i = 0; i < owner.size(); ++i) {
        EXPECT_EQ(owner[i], 1) << describe(c) << ", " << count << " shards: game " << i;
      }
      EXPECT_LE(largest - smallest, 1u) << describe(c) << ", " << count << " shards";
    }
  }
}

TEST(Schedule, ParseShard) {
  int index = 0, count = 0;
  std::string error;
  EXPECT_TRUE(parse_shard("2/8", &index, &count, &error)) << error;
  EXPECT_EQ(index, 2);
  EXPECT_EQ(count, 8);
  EXPECT_TRUE(parse_shard("1/1", &index, &count, &error)) << error;
  EXPECT_TRUE(parse_shard("8/8", &index, &count, &error)) << error;
  EXPECT_EQ(index, 8);
  for (const char* bad : {"0/3", "4/3", "x", "1/", "1/0", "/3", "", "2/8x", "2x/8", "-1/3", "1/-3",
                          "2/8/9", "1.5/3", "99999999999999/3"}) {
    error.clear();
    EXPECT_FALSE(parse_shard(bad, &index, &count, &error)) << "'" << bad << "'";
    EXPECT_NE(error.find(std::string("'") + bad + "'"), std::string::npos)
        << "the error names the text: " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
}

}  // namespace
}  // namespace arena
