// Validation of partnership_slam_bid (docs/rules.md, section 8.4): the bid forms a partnership
// for one deal on top of Omnibus-style individual scoring, so it refuses the options whose
// scoring or seating has no reading for a team that changes with every deal.
#include <string>

#include "hearts/rules.h"
#include "rules_internal.h"

namespace hearts {

Status detail::validate_slam_bid(const Rules& r) {
  if (!r.partnership_slam_bid) return Status();
  const bool extended = r.stock_hand_size > 0 || r.booster_nines || r.jokers != JokerKind::kNone;
  const bool sun = r.sun != SunRule::kNone || r.sun_cleans_slate || r.moon_needs_sun;
  const bool effects =
      !r.hearts_doubler.empty() || !r.queen_canceller.empty() || !r.score_doubler.empty();
  const char* other = r.partnership != Partnership::kNone ? "partnership"
                      : r.decks != 1                      ? "decks"
                      : extended                          ? "stock, nines or jokers"
                      : sun                               ? "sun rules"
                      : r.moon == MoonRule::kNewMoonIfOldLoses || r.moon == MoonRule::kPenalty
                          ? "moon"
                      : r.moon_cannot_win                            ? "moon_cannot_win"
                      : r.moon_points != 0 || r.moon_pays_hand_score ? "moon_points"
                      : r.complex_scores                             ? "complex_scores"
                      : r.settlement != Settlement::kPoints          ? "settlement"
                      : effects || r.bonus_floor_zero                ? "taker effects"
                                                                     : nullptr;
  if (other == nullptr) return Status();
  return Status::error("invalid rules: partnership_slam_bid: not with " + std::string(other) +
                       " (the bid's partnership lasts one deal of individual points scoring)");
}

}  // namespace hearts
