// The named rule presets. docs/rules.md lists each with its source in the seeds.
#include "hearts/rules.h"

namespace hearts {

// Heartsette, the Greek Hearts versions and Complex Hearts (presets_scoring.cc).
void add_scoring_presets(std::vector<Preset>& all);
void add_partnership_presets(std::vector<Preset>& all);  // presets_partnership.cc
// Royal Hearts and Gong Zhu (presets_royal.cc).
void add_royal_presets(std::vector<Preset>& all);

namespace {

// The old games before the modern restrictions: eldest leads anything, hearts may be led at any
// time and points may fall on the first trick.
Rules unrestricted(Rules r) {
  r.first_lead = FirstLead::kEldestAny;
  r.hearts_must_be_broken = false;
  r.no_points_first_trick = false;
  return r;
}

// The Morehead, Culbertson and Foster rulebooks: pass three left, eldest leads.
void add_rulebook_presets(std::vector<Preset>& all) {
  Rules morehead = unrestricted(Rules{});
  morehead.pass_schedule = PassSchedule::kLeft;
  all.push_back({"morehead2001",
                 "Morehead (2001): pass 3 left, eldest leads, old moon (others +26), game 100",
                 "Black Lady: Modern rules - Morehead (2001)", morehead});

  Rules culbertson = unrestricted(Rules{});
  culbertson.deck_adjust = DeckAdjust::kCulbertson1950;
  culbertson.pass_schedule = PassSchedule::kLeft;
  culbertson.moon = MoonRule::kNoScore;
  all.push_back({"culbertson1950",
                 "Culbertson (1950): deuces removed, pass 3 left, eldest leads, a slam scores "
                 "nothing, game 100",
                 "Black Lady: Culbertson's rules (1950)", culbertson});

  Rules foster = unrestricted(Rules{});
  foster.deck_adjust = DeckAdjust::kFoster1909;
  foster.pass_schedule = PassSchedule::kLeft;
  foster.moon = MoonRule::kNone;
  foster.settlement = Settlement::kHowell;
  foster.starting_counters = 100;
  foster.end_score = 0;
  foster.fixed_deals = 10;
  all.push_back({"foster1909",
                 "Foster (1909) discard hearts: pass 3 left, eldest leads, no moon, Howell "
                 "settlement over 10 deals from 100 counters",
                 "Black Lady: Earliest rules - Foster (1909)", foster});
}

// Variants where other cards count: the JD as a bonus, the QH, the JS in place of the QS.
void add_card_value_presets(std::vector<Preset>& all) {
  // The seeds' Omnibus (Culbertson 1950, Arnold) has a ten as its bonus card; the suit symbol is
  // lost and read as diamonds (docs/rules.md, section 4). The JD is the seeds' later sub-variant.
  Rules omnibus = Rules{};
  omnibus.bonus_card = CardSet{Card(Suit::kDiamonds, Rank::kTen)};
  omnibus.bonus_card_points = -10;
  omnibus.moon = MoonRule::kOmnibus;
  all.push_back({"omnibus",
                 "standard plus the 10D as a 10-point bonus; taking all 15 counters scores -26 "
                 "for the taker and 0 for the rest",
                 "Black Lady / Hearts: Omnibus hearts (Culbertson 1950, Arnold)", omnibus});

  Rules pink = Rules{};
  pink.queen_of_hearts_points = 13;
  all.push_back({"pink-lady", "standard plus the QH worth 13: 38 penalty points a deal",
                 "Black Lady: Pink lady (Gibson 1971, Spadaccini 2005)", pink});

  Rules black_jack = unrestricted(Rules{});
  black_jack.deck_adjust = DeckAdjust::kFoster1909;
  black_jack.pass_schedule = PassSchedule::kLeft;
  black_jack.queen_of_spades_points = 0;
  black_jack.jack_of_spades_points = 10;
  black_jack.black_jack_discard = true;
  black_jack.moon = MoonRule::kNone;
  all.push_back({"black-jack",
                 "black jack: the JS worth 10 replaces the black lady; Seymour's later rule "
                 "that it must be discarded first when void (Foster's early rule: it may be)",
                 "Black Lady: Black jack (Foster 1909; Seymour 1958)", black_jack});
}

// The Hoyle (1887) games: no passing, eight deals.
void add_hoyle_presets(std::vector<Preset>& all) {
  Rules spot = unrestricted(Rules{});
  spot.pass_schedule = PassSchedule::kNone;
  spot.heart_values = HeartValues::kFaceValue;
  spot.queen_of_spades_points = 0;
  spot.moon = MoonRule::kNone;
  spot.end_score = 0;
  spot.fixed_deals = 8;
  all.push_back({"spot-hearts",
                 "hearts cost their face value (A 14 ... 2), no passing, eight deals",
                 "Hearts: Standard Hoyle 1887 'Double game' and Arnold (2011) deal count", spot});

  Rules hearts1887 = unrestricted(Rules{});
  hearts1887.pass_schedule = PassSchedule::kNone;
  hearts1887.queen_of_spades_points = 0;
  hearts1887.moon = MoonRule::kNone;
  hearts1887.end_score = 0;
  hearts1887.fixed_deals = 8;
  // "Players draw a fixed number of chips, typically 25 or 50"; the lowest collects.
  hearts1887.settlement = Settlement::kChips1887;
  hearts1887.starting_counters = 50;
  all.push_back({"hearts1887",
                 "the original game: only hearts count, no passing, eldest leads, eight deals "
                 "settled in chips (the fewest hearts collects; 13 hearts pays 13)",
                 "Hearts: The Standard Hoyle (1887); Arnold (2011)", hearts1887});
}

// British Black Maria and the OpenSpiel defaults.
void add_black_maria_and_openspiel(std::vector<Preset>& all) {
  Rules maria = unrestricted(Rules{});
  maria.pass_schedule = PassSchedule::kRight;
  maria.king_of_spades_points = 10;
  maria.ace_of_spades_points = 7;
  maria.moon = MoonRule::kNone;
  all.push_back({"black-maria",
                 "British Black Maria: pass right, QS 13, KS 10, AS 7, hearts 1 (43 a deal)",
                 "Hearts: Black Maria (Phillips 1939)", maria});

  Rules openspiel = Rules{};
  openspiel.pass_schedule = PassSchedule::kExternal;
  openspiel.queen_breaks_hearts = true;
  openspiel.end_score = 0;
  openspiel.fixed_deals = 1;
  all.push_back({"openspiel",
                 "OpenSpiel 'hearts' defaults: one deal, random pass direction, 2C leads, no "
                 "points on trick 1, hearts broken (QS breaks them), old moon",
                 "DeepMind OpenSpiel games/hearts (default parameters)", openspiel});
}

// Foster's stock game and the joker game, both from seed 003's list of Hearts variants.
void add_stock_and_joker_presets(std::vector<Preset>& all) {
  Rules domino = unrestricted(Rules{});
  domino.stock_hand_size = 6;
  domino.pass_schedule = PassSchedule::kNone;
  domino.queen_of_spades_points = 0;
  domino.moon = MoonRule::kNone;
  domino.end_score = 31;
  all.push_back({"domino",
                 "Domino Hearts: six cards each, the rest a stock drawn from when void; seats "
                 "drop out as their hands run out; hearts 1 each, game ends at 31",
                 "Hearts: Domino Hearts (Foster 1909)", domino});

  Rules joker = unrestricted(Rules{});
  joker.pass_schedule = PassSchedule::kNone;
  joker.queen_of_spades_points = 0;
  joker.moon = MoonRule::kNone;
  joker.end_score = 0;
  joker.fixed_deals = 8;
  joker.jokers = JokerKind::kValueless;
  joker.joker_count = 1;
  joker.joker_play = JokerPlay::kAnyTime;
  joker.joker_lead = JokerLead::kNextCard;
  joker.deck_adjust = DeckAdjust::kKitty;
  all.push_back({"joker-hearts",
                 "Hearts of 1897 with a joker: played at any time, never wins a trick, scores "
                 "nothing; hearts 1 each, no passing, eight deals",
                 "Hearts: Joker Hearts (1897)", joker});
}

// Culbertson's Cancellation Hearts: his Black Lady rules (culbertson1950) on two decks for 6 to
// 11 players, identical cards in a trick cancelling (docs/rules.md, sections 4, 5 and 7).
void add_two_deck_presets(std::vector<Preset>& all) {
  Rules cancellation = unrestricted(Rules{});
  cancellation.num_players = 8;
  cancellation.deck_adjust = DeckAdjust::kCulbertson1950;
  cancellation.pass_schedule = PassSchedule::kLeft;
  cancellation.moon = MoonRule::kNoScore;
  cancellation.decks = 2;
  cancellation.identical_cards = IdenticalCards::kCancel;
  all.push_back({"cancellation",
                 "Culbertson (1950) Cancellation Hearts: two decks for 6 to 11 players (8 by "
                 "default), identical cards in a trick cancel, two pairs void the trick",
                 "Black Lady: Variants - Cancellation hearts (Culbertson 1950)", cancellation});
}

std::vector<Preset> make_presets() {
  std::vector<Preset> all;

  all.push_back({"standard",
                 "the modern computer game: four-way passing, 2C leads, hearts broken, no points "
                 "on trick 1, old moon, game to 100",
                 "Black Lady (Wikipedia), variations; Microsoft Hearts", Rules{}});

  add_rulebook_presets(all);
  add_card_value_presets(all);
  add_hoyle_presets(all);
  add_black_maria_and_openspiel(all);
  add_scoring_presets(all);
  add_partnership_presets(all);
  add_stock_and_joker_presets(all);
  add_two_deck_presets(all);
  add_royal_presets(all);
  return all;
}

}  // namespace

const std::vector<Preset>& presets() {
  static const std::vector<Preset> all = make_presets();
  return all;
}

std::optional<Rules> preset_rules(std::string_view preset_name) {
  for (const Preset& preset : presets()) {
    if (preset.name == preset_name) return preset.rules;
  }
  return std::nullopt;
}

}  // namespace hearts
