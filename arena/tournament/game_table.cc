#include "tournament/game_table.h"

#include <algorithm>
#include <array>
#include <limits>
#include <unordered_map>

namespace arena {

static_assert(sizeof(StoredGame) == 12);

bool GameTable::add(uint64_t group, int deals, std::span<const Seat> seats, uint32_t game_number,
                    std::string* error) {
  auto out_of_range = [&](const std::string& what) {
    *error = "game " + std::to_string(game_number) + ": " + what +
             " is beyond what the statistics store";
    return false;
  };
  if (seats.size() > 255) return out_of_range(std::to_string(seats.size()) + " seats");
  if (deals < 0 || deals > 0xFFFFFF) return out_of_range(std::to_string(deals) + " deals");
  for (const Seat& seat : seats) {
    if (seat.bot < 0 || seat.bot > kMaxBot) return out_of_range("bot " + std::to_string(seat.bot));
    if (seat.rank < 0 || seat.rank > kMaxRank) {
      return out_of_range("rank " + std::to_string(seat.rank));
    }
    if (seat.deal_points < std::numeric_limits<int32_t>::min() ||
        seat.deal_points > std::numeric_limits<int32_t>::max()) {
      return out_of_range(std::to_string(seat.deal_points) + " points");
    }
  }
  games_.push_back({static_cast<uint32_t>(group), static_cast<uint32_t>(group >> 32),
                    static_cast<uint32_t>(deals) << 8 | static_cast<uint32_t>(seats.size())});
  for (const Seat& seat : seats) {
    seat_points_.push_back(static_cast<int32_t>(seat.deal_points));
    seat_bot_rank_.push_back(static_cast<uint16_t>(seat.bot << 4 | seat.rank));
  }
  return true;
}

void GameTable::for_each(const std::function<void(const rating::GameResult&)>& visit) const {
  rating::GameResult game;  // reused: no allocation per game once they have grown
  std::vector<int32_t> points;
  std::vector<int> seat_bot, seat_rank, bots;
  auto next_points = seat_points_.begin();
  auto next_bot_rank = seat_bot_rank_.begin();
  for (const StoredGame& stored : games_) {
    const auto n = static_cast<size_t>(stored.deals_and_seats & 0xFF);
    const auto deals = static_cast<int>(stored.deals_and_seats >> 8);
    // The game's seats into plain arrays first: indexing a deque costs a division a time.
    points.clear();
    seat_bot.clear();
    seat_rank.clear();
    for (size_t s = 0; s < n; ++s, ++next_points, ++next_bot_rank) {
      points.push_back(*next_points);
      seat_bot.push_back(*next_bot_rank >> 4);
      seat_rank.push_back(*next_bot_rank & 0xF);
    }
    bots = seat_bot;
    std::sort(bots.begin(), bots.end());
    bots.erase(std::unique(bots.begin(), bots.end()), bots.end());
    game.group = static_cast<uint64_t>(stored.group_high) << 32 | stored.group_low;
    game.players.clear();
    for (int bot : bots) {
      // As ResultsBuilder merged a bot's copies: each seat's points per deal summed in seat order.
      rating::Placement placement{bot, 1, 0.0};
      int copies = 0;
      for (size_t s = 0; s < n; ++s) {
        if (seat_bot[s] != bot) continue;
        placement.points_per_deal += deals ? static_cast<double>(points[s]) / deals : 0.0;
        placement.rank = seat_rank[s];
        ++copies;
      }
      if (!sum_copies_) placement.points_per_deal /= static_cast<double>(copies);
      game.players.push_back(placement);
    }
    visit(game);
  }
}

std::vector<uint32_t> GameTable::group_indices(uint32_t* num_groups) const {
  std::unordered_map<uint64_t, uint32_t> index;
  std::vector<uint32_t> out;
  out.reserve(games_.size());
  for (const StoredGame& stored : games_) {
    const uint64_t group = static_cast<uint64_t>(stored.group_high) << 32 | stored.group_low;
    out.push_back(index.try_emplace(group, static_cast<uint32_t>(index.size())).first->second);
  }
  *num_groups = static_cast<uint32_t>(index.size());
  return out;
}

}  // namespace arena
