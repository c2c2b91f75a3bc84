// Presets of the scoring variants: Heartsette, the four Greek Hearts, Complex Hearts. Each
// starts from the preset of the game the seed says it varies, so the shared rules stay in one
// place; docs/rules.md, section 5, lists the sources and the gaps filled.
#include "hearts/rules.h"

namespace hearts {
namespace {

Rules preset_or_die(std::string_view name, const std::vector<Preset>& all) {
  for (const Preset& p : all) {
    if (p.name == name) return p.rules;
  }
  return Rules{};  // unreachable: the base presets are added first
}

void add_heartsette(std::vector<Preset>& all) {
  // "Otherwise, the game is played as normal": the 1887 game, with the widow.
  Rules heartsette = preset_or_die("hearts1887", all);
  heartsette.deck_adjust = DeckAdjust::kHeartsette;
  heartsette.kitty_seen_by_winner = true;
  all.push_back({"heartsette",
                 "the 1887 game with a widow won with the first trick, which its winner sees "
                 "(four players: 2S out, 12 each, widow 3)",
                 "Hearts: Heartsette", heartsette});
}

void add_greek(std::vector<Preset>& all) {
  // Phillips & Westall (1939): Slippery Anne (Black Lady) with QS 50, AH 15, courts 10, pips
  // at face value, and a slam paid 150 by each opponent. Foster's Black Lady supplies what the
  // seed leaves out: three cards left, eldest leads, Howell payments over ten deals.
  Rules phillips = preset_or_die("foster1909", all);
  phillips.queen_of_spades_points = 50;
  phillips.heart_values = HeartValues::kGreek;
  phillips.moon = MoonRule::kOldMoon;
  phillips.moon_points = 150;
  all.push_back({"greek-phillips1939",
                 "Greek Hearts: QS 50, AH 15, KH QH JH 10, pips face value; a slam is paid 150 "
                 "by each opponent (Howell counters over 10 deals)",
                 "Hearts: Greek Hearts (Phillips & Westall 1939)", phillips});

  // Culbertson (1950): his Black Lady with three changes.
  Rules culbertson = preset_or_die("culbertson1950", all);
  culbertson.pass_schedule = PassSchedule::kRight;
  culbertson.bonus_card = CardSet{Card(Suit::kDiamonds, Rank::kTen)};
  culbertson.bonus_card_points = -10;
  culbertson.heart_lead_first_trick = HeartLeadFirstTrick::kFirstDeal;
  all.push_back({"greek-culbertson1950",
                 "Greek Hearts: Culbertson's Black Lady passing 3 right, the 10D a 10-point "
                 "bonus, no heart led to the game's first trick",
                 "Hearts: Greek Hearts (Culbertson 1950)", culbertson});

  // Maguire (1990): "essentially Spot Hearts with passing to the left".
  Rules maguire = preset_or_die("spot-hearts", all);
  maguire.pass_schedule = PassSchedule::kLeft;
  all.push_back({"greek-maguire1990", "Greek Hearts: Spot Hearts passing 3 left",
                 "Hearts: Greek Hearts (Maguire 1990)", maguire});

  // Parlett (2008): "a similar scoring system to the original", the pips worth 1.
  Rules parlett = phillips;
  parlett.heart_values = HeartValues::kGreekPipsOne;
  all.push_back({"greek-parlett2008",
                 "Greek Hearts: as greek-phillips1939 but the heart pips 1 each (QS 50, AH 15, "
                 "courts 10)",
                 "Hearts: Greek Hearts (Parlett 2008)", parlett});
}

void add_danger(std::vector<Preset>& all) {
  // "Ten rounds are played using standard scoring, and each player has three lives."
  Rules danger = Rules{};
  danger.end_score = 0;
  danger.fixed_deals = 10;
  danger.settlement = Settlement::kLives;
  danger.starting_counters = 3;
  all.push_back({"danger",
                 "Danger Hearts: standard scoring over ten deals, three lives each, a life lost "
                 "for 15 or more points in a deal; the most lives left wins",
                 "Black Lady: Other variants, Danger hearts (ARCATM)", danger});
}

void add_complex(std::vector<Preset>& all) {
  // Garfield's Complex Hearts: hearts 1, QS 13i, JD -10, 10C times 2i; |score| 100 loses.
  Rules complex = Rules{};
  complex.jack_of_diamonds_points = -10;
  complex.complex_scores = true;
  complex.moon = MoonRule::kNone;
  all.push_back({"complex",
                 "Complex Hearts: hearts 1, QS 13i, JD -10, the 10C multiplies its taker's deal "
                 "by 2i; the first to |score| 100 loses",
                 "Black Lady: Other variants, Complex hearts (Garfield)", complex});
}

}  // namespace

void add_scoring_presets(std::vector<Preset>& all) {
  add_heartsette(all);
  add_greek(all);
  add_complex(all);
  add_danger(all);
}

}  // namespace hearts
