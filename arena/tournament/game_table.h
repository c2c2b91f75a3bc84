// The games of a tournament as its statistics read them, in a few tens of bytes each: a
// ResultsBuilder keeps one GameTable instead of a GameResult (with its own heap vector) per game,
// so a long tournament's memory stays small beside its records file.
//
// Per game: its duplicate group key and finished deals (12 bytes), and per seat its bot, the
// rank of that bot among the game's distinct bots and the seat's summed deal points (6 bytes):
// 36 bytes for a table of four. Games are read back as rating::GameResults exactly as
// ResultsBuilder used to build them: one placement per distinct bot in ascending bot order, its
// points per deal the mean (or, for teams, the sum) over its seats of deal points / deals, summed
// in seat order, so every statistic is bit-identical.
//
// Thread safety: add() needs exclusive access; for_each and size may run on several threads at
// once while no one adds.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "rating/rating.h"

namespace arena {

// One stored game; its seats follow in the table's seat store. 12 bytes (tests pin it).
struct StoredGame {
  uint32_t group_low = 0, group_high = 0;  // the 64-bit duplicate group key
  uint32_t deals_and_seats = 0;            // finished deals << 8 | seats
};

class GameTable final : public rating::GameSource {
 public:
  // `sum_copies`: a bot's copies at one table add their points per deal (a partnership's team)
  // instead of averaging them.
  explicit GameTable(bool sum_copies) : sum_copies_(sum_copies) {}

  // One seat as add() takes it: rank is its bot's rank among the game's distinct bots.
  struct Seat {
    int bot = 0;
    int rank = 1;
    long long deal_points = 0;
  };
  // Appends a game. False with *error (naming game `game_number`, 1-based) when a value is out
  // of the stored range: more than 255 seats, a bot beyond kMaxBot, a rank beyond kMaxRank, more
  // than 16777215 deals or points beyond a 32-bit integer.
  bool add(uint64_t group, int deals, std::span<const Seat> seats, uint32_t game_number,
           std::string* error);

  static constexpr int kMaxBot = 4095;  // a bot and its rank share 16 bits
  static constexpr int kMaxRank = 15;
  // Bytes stored per seat (the per-game StoredGame aside): 6.
  static constexpr size_t kSeatBytes = sizeof(int32_t) + sizeof(uint16_t);

  size_t size() const override { return games_.size(); }
  void for_each(const std::function<void(const rating::GameResult&)>& visit) const override;

  // Per game, its group's index with groups numbered in order of first appearance.
  std::vector<uint32_t> group_indices(uint32_t* num_groups) const;

 private:
  bool sum_copies_;
  // Deques: no doubling reserve, no copy when growing. Seats as two parallel stores (6 bytes a
  // seat rather than a padded 8-byte struct).
  std::deque<StoredGame> games_;
  std::deque<int32_t> seat_points_;     // summed deal scores of the seat's finished deals
  std::deque<uint16_t> seat_bot_rank_;  // bot << 4 | rank of the seat's bot (1 = best)
};

}  // namespace arena
