// Partnerships as seats: partners sit opposite, so with n players (4 or 6, validate() holds
// that) seat s partners seat s + n/2 and the team is s mod n/2.
#include "hearts/rules.h"

namespace hearts {

int partner_of(const Rules& rules, int seat) {
  if (rules.partnership == Partnership::kNone) return -1;
  const int half = rules.num_players / 2;
  return seat < half ? seat + half : seat - half;
}

int team_of(const Rules& rules, int seat) {
  if (rules.partnership == Partnership::kNone) return seat;
  const int half = rules.num_players / 2;
  return seat < half ? seat : seat - half;
}

int num_teams(const Rules& rules) {
  return rules.partnership == Partnership::kNone ? rules.num_players : rules.num_players / 2;
}

std::string_view name(Partnership v) {
  switch (v) {
    case Partnership::kNone:
      return "none";
    case Partnership::kTeamScore:
      return "team-score";
    case Partnership::kIndividualThenTeam:
      return "individual-then-team";
    case Partnership::kHighestLosesTeam:
      return "highest-loses-team";
  }
  return "?";
}

}  // namespace hearts
