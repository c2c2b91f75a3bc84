#include "records/time_limit_check.h"

#include "players/bot_time_limit.h"

namespace arena {
namespace {

namespace pb = hearts::proto;

// The seat's play in trick `trick` of a deal whose tricks have one card per seat; null if the
// deal stopped before it (a forfeit).
const pb::PlayRecord* play_in_trick(const pb::DealRecord& deal, int seats, int trick, int seat) {
  const int first = trick * seats;
  for (int k = first; k < first + seats && k < deal.plays_size(); ++k) {
    if (deal.plays(k).seat() == seat) return &deal.plays(k);
  }
  return nullptr;
}

const pb::DealRecord* find_deal(const pb::GameRecord& game, int deal_index) {
  for (const pb::DealRecord& deal : game.deals()) {
    if (deal.deal_index() == deal_index) return &deal;
  }
  return nullptr;
}

}  // namespace

bool check_bot_limits(const pb::RecordsHeader& header, std::string* discrepancy) {
  for (int b = 0; b < header.bots_size(); ++b) {
    const pb::BotInfo& bot = header.bots(b);
    if (bot.move_time_limit_us() <= 0) continue;
    const int64_t bank = scaled_bank_us(header.game_time_bank_us(), header.move_time_limit_us(),
                                        bot.move_time_limit_us());
    if (bot.game_time_bank_us() != bank) {
      *discrepancy = "header: bot " + std::to_string(b) + " ('" + bot.spec() +
                     "'): game_time_bank_us: expected " + std::to_string(bank) +
                     " (the header's bank scaled to its own limit), recorded " +
                     std::to_string(bot.game_time_bank_us());
      return false;
    }
  }
  return true;
}

bool check_timeouts(const pb::RecordsHeader& header, const pb::GameRecord& game,
                    std::string* discrepancy) {
  if (header.game_time_bank_us() > 0) return true;
  const int seats = game.seat_bots_size();
  for (const pb::Violation& v : game.violations()) {
    if (v.kind() != pb::Violation::TIMEOUT || v.trick() < 0 || v.seat() < 0 || v.seat() >= seats) {
      continue;
    }
    const pb::DealRecord* deal = find_deal(game, v.deal());
    if (deal == nullptr || deal->trick_sizes_size() > 0) continue;
    const pb::PlayRecord* play = play_in_trick(*deal, seats, v.trick(), v.seat());
    if (play == nullptr) continue;
    const pb::BotInfo& bot = header.bots(game.seat_bots(v.seat()));  // checked by the caller
    const int64_t limit =
        bot.move_time_limit_us() > 0 ? bot.move_time_limit_us() : header.move_time_limit_us();
    if (play->think_us() <= limit) {
      *discrepancy = "game " + std::to_string(static_cast<uint64_t>(game.game_index()) + 1) +
                     ", deal " + std::to_string(v.deal() + 1) + ", trick " +
                     std::to_string(v.trick() + 1) + ": a TIMEOUT violation of seat " +
                     std::to_string(v.seat()) + " ('" + bot.spec() + "'), but its play took " +
                     std::to_string(play->think_us()) + " us, within its limit of " +
                     std::to_string(limit) + " us";
      return false;
    }
  }
  return true;
}

bool check_host_pauses(const pb::RecordsHeader& header, const pb::GameRecord& game,
                       std::string* discrepancy) {
  const int pauses = game.host_pause_us_size();
  if (pauses == 0) return true;
  const std::string where =
      "game " + std::to_string(static_cast<uint64_t>(game.game_index()) + 1) + ": host_pause_us";
  if (pauses != game.seat_bots_size()) {
    *discrepancy = where + ": " + std::to_string(pauses) + " entries for " +
                   std::to_string(game.seat_bots_size()) + " seats";
    return false;
  }
  for (int s = 0; s < pauses; ++s) {
    const int64_t us = game.host_pause_us(s);
    const pb::BotInfo& bot = header.bots(game.seat_bots(s));
    if (us < 0) {
      *discrepancy = where + " of seat " + std::to_string(s) + ": " + std::to_string(us) +
                     " us, a negative time";
      return false;
    }
    if (us > 0 && bot.transport() != "plugin") {
      *discrepancy = where + " of seat " + std::to_string(s) + " ('" + bot.spec() +
                     "'): " + std::to_string(us) +
                     " us excused, but only in-process bots are accounted (its transport is '" +
                     bot.transport() + "')";
      return false;
    }
  }
  return true;
}

}  // namespace arena
