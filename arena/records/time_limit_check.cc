#include "records/time_limit_check.h"

#include <vector>

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

// The seat's limit: its bot's own, else the header's. The seat's bot must have been checked.
int64_t seat_limit_us(const pb::RecordsHeader& header, const pb::GameRecord& game, int seat) {
  const pb::BotInfo& bot = header.bots(game.seat_bots(seat));
  return bot.move_time_limit_us() > 0 ? bot.move_time_limit_us() : header.move_time_limit_us();
}

std::string game_text(const pb::GameRecord& game) {
  return "game " + std::to_string(static_cast<uint64_t>(game.game_index()) + 1);
}

// Whether the game has a violation of `seat` at that deal and trick (-1: its pass).
bool has_violation(const pb::GameRecord& game, int seat, int deal, int trick) {
  for (const pb::Violation& v : game.violations()) {
    if (v.seat() == seat && v.deal() == deal && v.trick() == trick) return true;
  }
  return false;
}

// One timed decision against the margin: false with *discrepancy if it was past the limit and
// the margin with no violation; counts it in (*late)[seat] if it was late within the margin.
bool check_decision(const pb::RecordsHeader& header, const pb::GameRecord& game, int seat, int deal,
                    int trick, int64_t think_us, std::vector<int>* late, std::string* discrepancy) {
  if (seat < 0 || seat >= game.seat_bots_size()) return true;  // check_seat_bots reports it
  const int64_t limit = seat_limit_us(header, game, seat);
  if (think_us <= limit || has_violation(game, seat, deal, trick)) return true;
  if (think_us <= limit + header.time_margin_us()) {
    ++(*late)[seat];
    return true;
  }
  *discrepancy = game_text(game) + ", deal " + std::to_string(deal + 1) +
                 (trick < 0 ? ", pass" : ", trick " + std::to_string(trick + 1)) + ": seat " +
                 std::to_string(seat) + " answered after " + std::to_string(think_us) +
                 " us, past its limit of " + std::to_string(limit) + " us and the margin of " +
                 std::to_string(header.time_margin_us()) + " us, with no violation";
  return false;
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
    const int64_t limit = seat_limit_us(header, game, v.seat());
    if (play->think_us() <= limit) {
      *discrepancy = game_text(game) + ", deal " + std::to_string(v.deal() + 1) + ", trick " +
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
  const std::string where = game_text(game) + ": host_pause_us";
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

bool check_time_margin(const pb::RecordsHeader& header, const pb::GameRecord& game,
                       std::string* discrepancy) {
  if (!header.has_time_margin_us() || header.game_time_bank_us() > 0) return true;
  const int seats = game.seat_bots_size();
  std::vector<int> late(static_cast<size_t>(seats), 0);
  for (const pb::DealRecord& deal : game.deals()) {
    if (deal.trick_sizes_size() > 0) continue;
    for (const pb::PassRecord& pass : deal.passes()) {
      if (!check_decision(header, game, pass.seat(), deal.deal_index(), -1, pass.think_us(), &late,
                          discrepancy)) {
        return false;
      }
    }
    for (int k = 0; k < deal.plays_size(); ++k) {
      const pb::PlayRecord& play = deal.plays(k);
      if (!check_decision(header, game, play.seat(), deal.deal_index(), k / seats, play.think_us(),
                          &late, discrepancy)) {
        return false;
      }
    }
  }
  const int recorded = game.late_answers_size();
  if (recorded != 0 && recorded != seats) {
    *discrepancy = game_text(game) + ": late_answers: " + std::to_string(recorded) +
                   " entries for " + std::to_string(seats) + " seats";
    return false;
  }
  for (int s = 0; s < seats; ++s) {
    const int count = recorded ? game.late_answers(s) : 0;
    if (count < late[s]) {
      *discrepancy = game_text(game) + ": late_answers of seat " + std::to_string(s) + ": " +
                     std::to_string(count) + ", but " + std::to_string(late[s]) +
                     " of its passes and plays came past its limit within the margin";
      return false;
    }
  }
  return true;
}

}  // namespace arena
