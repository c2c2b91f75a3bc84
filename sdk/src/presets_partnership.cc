// The partnership presets: Partnership Hearts' first two versions and Likha. docs/rules.md
// ("Partnership Hearts and Likha") quotes their sources and the readings chosen.
#include "hearts/rules.h"

namespace hearts {

void add_partnership_presets(std::vector<Preset>& all) {
  Rules team = Rules{};
  team.partnership = Partnership::kTeamScore;
  all.push_back({"partnership-team",
                 "standard with partners opposite combining their scores; a team that takes "
                 "every penalty card gives each opponent 26 (52 a team)",
                 "Hearts: Partnership Hearts, first version", team});

  Rules individual = Rules{};
  individual.partnership = Partnership::kIndividualThenTeam;
  all.push_back({"partnership-individual",
                 "standard with partners opposite keeping individual scores and moons; at 100 "
                 "the lower team total wins",
                 "Hearts: Partnership Hearts, second version", individual});

  Rules likha = Rules{};
  likha.play_anticlockwise = true;
  likha.pass_schedule = PassSchedule::kRight;
  likha.first_lead = FirstLead::kEldestAny;
  likha.hearts_must_be_broken = false;
  likha.no_points_first_trick = false;
  likha.bonus_card = CardSet{Card(Suit::kDiamonds, Rank::kTen)};
  likha.bonus_card_points = 10;
  likha.likha_cards = CardSet{kQueenOfSpades, Card(Suit::kDiamonds, Rank::kTen)};
  likha.moon = MoonRule::kPenalty;
  likha.moon_penalty = 37;
  likha.end_score = 101;
  likha.partnership = Partnership::kHighestLosesTeam;
  all.push_back({"likha",
                 "Likha: partners opposite, anticlockwise, pass 3 right, QS 13, 10D 10, hearts 1; "
                 "holding both likha when void forces one out; a moon scores 37; the team of "
                 "the first player to 101 loses",
                 "Black Lady: Regional variants, Likha or Leekha", likha});

  // The third version is "really a variant of Omnibus Hearts": the omnibus preset's rules (the
  // 10D a 10-point bonus, all 15 counters -26) plus the bid.
  Rules slam = Rules{};
  slam.bonus_card = CardSet{Card(Suit::kDiamonds, Rank::kTen)};
  slam.bonus_card_points = -10;
  slam.moon = MoonRule::kOmnibus;
  slam.partnership_slam_bid = true;
  all.push_back({"partnership-slam",
                 "omnibus with a slam bid: after the passes a player may bid to take every "
                 "trick, and the AH's holder is its silent partner, the two combining their "
                 "deal scores; with no bid plain omnibus",
                 "Hearts: Partnership Hearts, third version (slam bid)", slam});
}

}  // namespace hearts
