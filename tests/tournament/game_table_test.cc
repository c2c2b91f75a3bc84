// The compact store of a tournament's games (tournament/game_table.h): its size per game is
// pinned, games read back exactly as ResultsBuilder merged them (a bot's copies averaged, a
// team's summed, in seat order), groups are numbered by first appearance over all 64 key bits,
// and values it cannot hold are errors naming the game. The statistics read from it are pinned
// end to end by json_output_test (rate.json from a real tournament's records).
#include "tournament/game_table.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using arena::GameTable;
using arena::rating::GameResult;

static_assert(sizeof(arena::StoredGame) == 12, "a stored game's header is 12 bytes");
static_assert(GameTable::kSeatBytes == 6, "a stored seat is 6 bytes");

std::vector<GameResult> read_all(const GameTable& table) {
  std::vector<GameResult> out;
  table.for_each([&](const GameResult& game) { out.push_back(game); });
  return out;
}

TEST(GameTable, AFourSeatGameTakes36Bytes) {
  EXPECT_EQ(sizeof(arena::StoredGame) + 4 * GameTable::kSeatBytes, 36u);
}

TEST(GameTable, CopiesOfABotAreAveragedInSeatOrderAndTeamsSummed) {
  // Bot 3 sits twice (seats 0 and 2); 7 deals, so 10/7 + 3/7 is not 13/7 in floating point
  // unless summed as the builder summed it.
  const std::vector<GameTable::Seat> seats = {{3, 2, 10}, {1, 1, 5}, {3, 2, 3}, {0, 3, 40}};
  for (bool sum_copies : {false, true}) {
    GameTable table(sum_copies);
    std::string error;
    ASSERT_TRUE(table.add(77, 7, seats, 1, &error)) << error;
    const std::vector<GameResult> games = read_all(table);
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].group, 77u);
    ASSERT_EQ(games[0].players.size(), 3u);  // bots 0, 1, 3 in ascending order
    EXPECT_EQ(games[0].players[0].bot, 0);
    EXPECT_EQ(games[0].players[0].rank, 3);
    EXPECT_EQ(games[0].players[0].points_per_deal, 40.0 / 7);
    EXPECT_EQ(games[0].players[1].bot, 1);
    EXPECT_EQ(games[0].players[1].rank, 1);
    EXPECT_EQ(games[0].players[2].bot, 3);
    EXPECT_EQ(games[0].players[2].rank, 2);
    const double summed = (0.0 + 10.0 / 7) + 3.0 / 7;
    EXPECT_EQ(games[0].players[2].points_per_deal, sum_copies ? summed : summed / 2.0);
  }
}

TEST(GameTable, GroupsAreNumberedByFirstAppearanceOverAll64Bits) {
  GameTable table(false);
  std::string error;
  const std::vector<GameTable::Seat> seats = {{0, 1, 1}, {1, 2, 2}};
  const uint64_t high = uint64_t{1} << 40;  // differs from 0 only above 32 bits
  for (uint64_t group : {uint64_t{5}, high, uint64_t{5}, uint64_t{0}, high}) {
    ASSERT_TRUE(table.add(group, 1, seats, 1, &error)) << error;
  }
  uint32_t groups = 0;
  EXPECT_EQ(table.group_indices(&groups), (std::vector<uint32_t>{0, 1, 0, 2, 1}));
  EXPECT_EQ(groups, 3u);
  EXPECT_EQ(read_all(table)[1].group, high);
  EXPECT_EQ(table.size(), 5u);
}

TEST(GameTable, ValuesItCannotHoldAreErrorsNamingTheGame) {
  GameTable table(false);
  std::string error;
  const std::vector<GameTable::Seat> big_points = {{0, 1, 3'000'000'000LL}, {1, 2, 0}};
  EXPECT_FALSE(table.add(1, 5, big_points, 12, &error));
  EXPECT_EQ(error, "game 12: 3000000000 points is beyond what the statistics store");
  const std::vector<GameTable::Seat> big_bot = {{GameTable::kMaxBot + 1, 1, 0}, {1, 2, 0}};
  EXPECT_FALSE(table.add(1, 5, big_bot, 3, &error));
  EXPECT_EQ(error, "game 3: bot 4096 is beyond what the statistics store");
  EXPECT_EQ(table.size(), 0u);  // nothing half-added
}

}  // namespace
