#include "records/forfeit_check.h"

#include <algorithm>
#include <span>

namespace arena {
namespace {

using hearts::proto::Violation;
using Violations = google::protobuf::RepeatedPtrField<Violation>;

template <class Values>
std::string list_text(const Values& values) {
  std::string text = "[";
  for (const auto& value : values) {
    if (text.size() > 1) text += ", ";
    text += std::to_string(value);
  }
  return text + "]";
}

// Whether the referee could have recorded `v` at `slot`: same seat, deal and trick, and a kind
// that step can produce (a failed call, such as a timeout or an exception, can happen at any).
bool fits(const Violation& v, const ViolationSlot& slot) {
  if (v.seat() != slot.seat || v.deal() != slot.deal || v.trick() != slot.trick) return false;
  switch (v.kind()) {
    case Violation::BAD_PASS:
      return slot.kind == ViolationSlot::kPass;
    case Violation::ILLEGAL_PLAY:
      return slot.kind == ViolationSlot::kPlay;
    case Violation::BAD_CHOICE:
      return slot.kind == ViolationSlot::kDealerChoice || slot.kind == ViolationSlot::kMoonChoice ||
             slot.kind == ViolationSlot::kSlamBid;
    default:
      return true;
  }
}

// How many of violations [first, last) fit `slots` in order, at most one each. Taking the
// earliest slot that fits each violation decides whether all of them fit.
int fitting(const Violations& v, int first, int last, std::span<const ViolationSlot> slots) {
  size_t s = 0;
  for (int k = first; k < last; ++k) {
    while (s < slots.size() && !fits(v[k], slots[s])) ++s;
    if (s == slots.size()) return k - first;
    ++s;
  }
  return last - first;
}

bool all_fit(const Violations& v, int first, int last, std::span<const ViolationSlot> slots) {
  return fitting(v, first, last, slots) == last - first;
}

std::string violation_text(int k, const Violation& v) {
  return "violation " + std::to_string(k + 1) + " (" + Violation::Kind_Name(v.kind()) +
         " by seat " + std::to_string(v.seat()) + ", deal " + std::to_string(v.deal() + 1) +
         (v.trick() >= 0 ? ", trick " + std::to_string(v.trick() + 1) : ", outside play") + ")";
}

// The fields of each violation and of `forfeited` that need no re-play.
bool check_fields(const hearts::proto::GameRecord& record, int num_players, std::string* why) {
  const Violations& v = record.violations();
  for (int k = 0; k < v.size(); ++k) {
    if (v[k].seat() < 0 || v[k].seat() >= num_players) {
      *why = "violation " + std::to_string(k + 1) + " names seat " + std::to_string(v[k].seat()) +
             ", which is not at the table";
      return false;
    }
    if (v[k].game() != record.game_index()) {
      *why = "violation " + std::to_string(k + 1) + " names game_index " +
             std::to_string(v[k].game()) + ", not this game's " +
             std::to_string(record.game_index());
      return false;
    }
  }
  int previous = -1;
  for (int seat : record.forfeited()) {
    if (seat <= previous || seat >= num_players) {
      *why = "forfeited: " + list_text(record.forfeited()) +
             " is not a list of the table's seats in ascending order";
      return false;
    }
    previous = seat;
  }
  return true;
}

// With violations [0, before) in the steps before the last one, [before, through) in the last
// step and the rest at the game's end: true if the rule gives the recorded forfeits and end.
bool forfeits_follow(const hearts::proto::GameRecord& record, const PlayedSteps& steps,
                     int forfeit_after, int num_players, int before, int through,
                     std::string* why) {
  std::vector<int> early(num_players, 0), counted(num_players, 0);
  for (int k = 0; k < through; ++k) {
    const int seat = record.violations(k).seat();
    if (k < before) ++early[seat];
    ++counted[seat];
  }
  for (int s = 0; s < num_players; ++s) {
    if (early[s] >= forfeit_after) {
      *why = "seat " + std::to_string(s) + " reached forfeit_after (" +
             std::to_string(forfeit_after) +
             " violations) before the game's last recorded decision, yet the game went on (a "
             "forfeit ends the game)";
      return false;
    }
  }
  std::vector<int> expected;
  for (int s = 0; s < num_players; ++s) {
    if (counted[s] >= forfeit_after) expected.push_back(s);
  }
  const std::vector<int> recorded(record.forfeited().begin(), record.forfeited().end());
  if (expected != recorded) {
    *why = "forfeited: expected " + list_text(expected) + ", recorded " + list_text(recorded) +
           " (forfeit_after " + std::to_string(forfeit_after) +
           "; violations per seat, game-end notifications aside: " + list_text(counted) + ")";
    return false;
  }
  if (expected.empty() && !steps.game_over) {
    *why = "the game is not over after its last recorded deal, and no seat forfeited";
    return false;
  }
  return true;
}

// Each decision left to the fallback comes with the violation that caused it.
bool check_fallbacks(const hearts::proto::GameRecord& record, int num_players, std::string* why) {
  const Violations& v = record.violations();
  if (record.fallback_decisions_size() != 0 && record.fallback_decisions_size() != num_players) {
    *why = "fallback_decisions has " + std::to_string(record.fallback_decisions_size()) +
           " entries for " + std::to_string(num_players) + " seats";
    return false;
  }
  for (int s = 0; s < record.fallback_decisions_size(); ++s) {
    int seat_violations = 0;
    for (const Violation& violation : v) seat_violations += violation.seat() == s;
    if (record.fallback_decisions(s) < 0 || record.fallback_decisions(s) > seat_violations) {
      *why = "fallback_decisions: seat " + std::to_string(s) + " has " +
             std::to_string(record.fallback_decisions(s)) + ", but " +
             std::to_string(seat_violations) + " violations (each fallback follows one)";
      return false;
    }
  }
  return true;
}

// The forfeit_after rule alone.
bool check_forfeit_after(const hearts::proto::GameRecord& record, const PlayedSteps& steps,
                         int forfeit_after, int num_players, std::string* why) {
  if (forfeit_after <= 0) {
    if (record.forfeited_size() > 0) {
      *why = "forfeited: " + list_text(record.forfeited()) +
             " recorded, but the header's forfeit_after is 0: no seat can forfeit";
      return false;
    }
    if (!steps.game_over) {
      *why = "the game is not over after its last recorded deal, and no seat can forfeit";
      return false;
    }
  }
  const Violations& v = record.violations();
  const int m = v.size();
  std::vector<ViolationSlot> everything = steps.slots;
  everything.insert(everything.end(), steps.game_end.begin(), steps.game_end.end());
  if (const int fit = fitting(v, 0, m, everything); fit < m) {
    *why = violation_text(fit, v[fit]) +
           " fits no decision or notification of the recorded game, in the recorded order";
    return false;
  }
  if (forfeit_after <= 0) return true;
  const std::span<const ViolationSlot> slots(steps.slots);
  const std::span<const ViolationSlot> earlier = slots.first(steps.last_step);
  const std::span<const ViolationSlot> last = slots.subspan(steps.last_step);
  // Which violations fell in the last step and which at the game's end is not recorded: the
  // record stands if any way of placing them that fits gives its forfeits.
  std::string first_reason;
  const int min_through = std::max(0, m - static_cast<int>(steps.game_end.size()));
  for (int through = m; through >= min_through; --through) {
    if (!all_fit(v, through, m, steps.game_end)) continue;
    const int min_before = std::max(0, through - static_cast<int>(last.size()));
    for (int before = through; before >= min_before; --before) {
      if (!all_fit(v, before, through, last) || !all_fit(v, 0, before, earlier)) continue;
      std::string reason;
      if (forfeits_follow(record, steps, forfeit_after, num_players, before, through, &reason)) {
        return true;
      }
      if (first_reason.empty()) first_reason = reason;
    }
  }
  *why = first_reason.empty() ? "the violations do not fit the recorded game" : first_reason;
  return false;
}

// The trailing block of UNAVAILABLE violations, one per seat it forfeits, that an unavailable
// bot's forfeit leaves: [first, last) of the violations, or first == last if there is none. The
// violations after it can only be game-end notifications of the seats still playing.
void unavailable_block(const hearts::proto::GameRecord& record, int* first, int* last) {
  const Violations& v = record.violations();
  const auto forfeited = [&](int seat) {
    return std::find(record.forfeited().begin(), record.forfeited().end(), seat) !=
           record.forfeited().end();
  };
  int end = v.size();
  while (end > 0 &&
         !(v[end - 1].kind() == Violation::UNAVAILABLE && forfeited(v[end - 1].seat()))) {
    --end;
  }
  int begin = end;
  while (begin > 0 && v[begin - 1].kind() == Violation::UNAVAILABLE &&
         forfeited(v[begin - 1].seat())) {
    --begin;
  }
  *first = begin;
  *last = end;
}

bool check_forfeits_and_end(const hearts::proto::GameRecord& record, const PlayedSteps& steps,
                            const ForfeitPolicy& policy, int num_players, std::string* why) {
  if (!policy.unavailable_forfeits || record.forfeited_size() == 0) {
    return check_forfeit_after(record, steps, policy.forfeit_after, num_players, why);
  }
  int first = 0, last = 0;
  unavailable_block(record, &first, &last);
  if (first == last)
    return check_forfeit_after(record, steps, policy.forfeit_after, num_players, why);
  // The block's seats forfeited as unavailable; the rest of the record must follow forfeit_after,
  // with the game ending at the block.
  hearts::proto::GameRecord rest = record;
  rest.clear_violations();
  rest.clear_forfeited();
  std::vector<int> block_seats;
  for (int k = 0; k < record.violations_size(); ++k) {
    if (k >= first && k < last) {
      block_seats.push_back(record.violations(k).seat());
    } else {
      *rest.add_violations() = record.violations(k);
    }
  }
  std::sort(block_seats.begin(), block_seats.end());
  if (std::adjacent_find(block_seats.begin(), block_seats.end()) != block_seats.end()) {
    *why = "two UNAVAILABLE forfeits for one seat";
    return false;
  }
  for (int seat : record.forfeited()) {
    if (!std::binary_search(block_seats.begin(), block_seats.end(), seat)) rest.add_forfeited(seat);
  }
  PlayedSteps ended = steps;
  ended.game_over = true;  // the unavailable forfeit ended it
  return check_forfeit_after(rest, ended, policy.forfeit_after, num_players, why);
}

}  // namespace

bool check_forfeits(const hearts::proto::GameRecord& record, const PlayedSteps& steps,
                    const ForfeitPolicy& policy, int num_players, std::string* why) {
  return check_fields(record, num_players, why) &&
         check_forfeits_and_end(record, steps, policy, num_players, why) &&
         check_fallbacks(record, num_players, why);
}

}  // namespace arena
