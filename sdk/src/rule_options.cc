#include "hearts/rule_options.h"

#include <charconv>
#include <string>

namespace hearts {
namespace {

template <typename E>
struct EnumValues;
#define HEARTS_ENUM_VALUES(E, ...)             \
  template <>                                  \
  struct EnumValues<E> {                       \
    static constexpr E kAll[] = {__VA_ARGS__}; \
  };
HEARTS_ENUM_VALUES(DeckAdjust, DeckAdjust::kMorehead2001, DeckAdjust::kFoster1909,
                   DeckAdjust::kCulbertson1950, DeckAdjust::kKitty, DeckAdjust::kHeartsette)
HEARTS_ENUM_VALUES(PassSchedule, PassSchedule::kNone, PassSchedule::kLeft, PassSchedule::kRight,
                   PassSchedule::kLeftRight, PassSchedule::kFourWay, PassSchedule::kFourWayScatter,
                   PassSchedule::kStar, PassSchedule::kShuffle, PassSchedule::kRotating,
                   PassSchedule::kDealersChoice, PassSchedule::kExternal)
HEARTS_ENUM_VALUES(FirstLead, FirstLead::kEldestAny, FirstLead::kTwoOfClubs, FirstLead::kAnyClub)
HEARTS_ENUM_VALUES(MoonRule, MoonRule::kNone, MoonRule::kNoScore, MoonRule::kOldMoon,
                   MoonRule::kNewMoon, MoonRule::kShooterChoice, MoonRule::kNewMoonIfOldLoses,
                   MoonRule::kOmnibus, MoonRule::kPenalty)
HEARTS_ENUM_VALUES(SunRule, SunRule::kNone, SunRule::kSun, SunRule::kPunishment)
HEARTS_ENUM_VALUES(Settlement, Settlement::kPoints, Settlement::kSweepstake, Settlement::kHowell,
                   Settlement::kChips1887, Settlement::kStakes, Settlement::kLives)
HEARTS_ENUM_VALUES(HeartValues, HeartValues::kOneEach, HeartValues::kFaceValue,
                   HeartValues::kFaceValueAceOne, HeartValues::kEagle, HeartValues::kGreek,
                   HeartValues::kGreekPipsOne)
HEARTS_ENUM_VALUES(HeartLeadFirstTrick, HeartLeadFirstTrick::kAllowed,
                   HeartLeadFirstTrick::kEveryDeal, HeartLeadFirstTrick::kFirstDeal)
HEARTS_ENUM_VALUES(PunishmentUnpassed, PunishmentUnpassed::kOthersOnce,
                   PunishmentUnpassed::kEveryoneDouble)
HEARTS_ENUM_VALUES(NewMoonScoreHolder, NewMoonScoreHolder::kShooter, NewMoonScoreHolder::kAnyone)
HEARTS_ENUM_VALUES(Partnership, Partnership::kNone, Partnership::kTeamScore,
                   Partnership::kIndividualThenTeam, Partnership::kHighestLosesTeam)
HEARTS_ENUM_VALUES(JokerKind, JokerKind::kNone, JokerKind::kZeroClubsDiamonds,
                   JokerKind::kValueless)
HEARTS_ENUM_VALUES(JokerPlay, JokerPlay::kAnyTime, JokerPlay::kWhenVoid)
HEARTS_ENUM_VALUES(JokerLead, JokerLead::kNever, JokerLead::kNextCard, JokerLead::kCalledSuit)
HEARTS_ENUM_VALUES(JokerScoring, JokerScoring::kAlways, JokerScoring::kHeartsTrick)
HEARTS_ENUM_VALUES(IdenticalCards, IdenticalCards::kLaterWins, IdenticalCards::kCancel)
#undef HEARTS_ENUM_VALUES

template <typename E>
std::vector<std::string_view> enum_names() {
  std::vector<std::string_view> names;
  for (E value : EnumValues<E>::kAll) names.push_back(name(value));
  return names;
}

std::string join(const std::vector<std::string_view>& items) {
  std::string text;
  for (auto item : items) {
    if (!text.empty()) text += ", ";
    text += item;
  }
  return text;
}

Status bad_value(std::string_view option, std::string_view value, std::string_view expected) {
  return Status::error("rule option " + std::string(option) + ": bad value '" + std::string(value) +
                       "' (expected " + std::string(expected) + ")");
}

template <typename E>
Status parse_enum(std::string_view option, std::string_view text, E* out) {
  for (E value : EnumValues<E>::kAll) {
    if (name(value) == text) {
      *out = value;
      return Status();
    }
  }
  return bad_value(option, text, "one of " + join(enum_names<E>()));
}

Status parse_int(std::string_view option, std::string_view text, int* out) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) {
    return bad_value(option, text, "an integer");
  }
  *out = value;
  return Status();
}

Status parse_bool(std::string_view option, std::string_view text, bool* out) {
  if (text == "true" || text == "1" || text == "yes" || text == "on") {
    *out = true;
  } else if (text == "false" || text == "0" || text == "no" || text == "off") {
    *out = false;
  } else {
    return bad_value(option, text, "true or false");
  }
  return Status();
}

Status parse_card_list(std::string_view option, std::string_view text, CardSet* out) {
  std::string error;
  auto cards = parse_cards(text, &error);
  if (!cards) return bad_value(option, text, "cards like \"QS AS\"");
  *out = *cards;
  return Status();
}

// card_values: "QS:100,JD:-100", in card order; empty = no card valued here.
std::string card_values_text(const Rules& r) {
  std::string text;
  for (Card card : r.valued_cards) {
    if (!text.empty()) text += ",";
    text += to_string(card) + ":" + std::to_string(r.card_values[card.id()]);
  }
  return text;
}

Status parse_card_values(Rules& r, std::string_view text) {
  constexpr std::string_view kExpected = "CARD:POINTS pairs like \"QS:100,JD:-100\"";
  CardSet cards;
  std::array<int8_t, 64> values{};
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    const size_t colon = item.find(':');
    if (colon == std::string_view::npos) return bad_value("card_values", item, kExpected);
    const auto card = parse_card(item.substr(0, colon));
    int points = 0;
    if (!card || cards.contains(*card) ||
        !parse_int("card_values", item.substr(colon + 1), &points).ok() || points < -100 ||
        points > 100) {
      return bad_value("card_values", item, "each card once, with points in -100..100");
    }
    cards.insert(*card);
    values[card->id()] = static_cast<int8_t>(points);
  }
  r.valued_cards = cards;
  r.card_values = values;
  return Status();
}

// One table row per Rules field; the macros keep the name, the field and its parser together.
#define INT_OPTION(field, help_text)                                                  \
  RuleOption {                                                                        \
#field, help_text, OptionType::kInt, {},                                            \
        [](const Rules& r) { return std::to_string(r.field); },                         \
        [](Rules& r, std::string_view v) { return parse_int(#field, v, &r.field); }, std::nullopt \
  }
#define BOOL_OPTION(field, help_text)                                                 \
  RuleOption {                                                                        \
#field, help_text, OptionType::kBool, {},                                           \
        [](const Rules& r) { return std::string(r.field ? "true" : "false"); },         \
        [](Rules& r, std::string_view v) { return parse_bool(#field, v, &r.field); }, std::nullopt \
  }
#define CARDS_OPTION(field, help_text)                                             \
  RuleOption {                                                                     \
#field, help_text, OptionType::kCards, {},                                       \
        [](const Rules& r) { return r.field.empty() ? std::string() : to_string(r.field); }, \
        [](Rules& r, std::string_view v) { return parse_card_list(#field, v, &r.field); }, std::nullopt \
  }
// An option added after records were first written: `before` is the value that plays every game
// exactly as before the option existed (what a record that lacks it is read with).
#define LATER(option, before)      \
  [] {                             \
    RuleOption o = option;         \
    o.value_before_added = before; \
    return o;                      \
  }()
#define ENUM_OPTION(field, type, help_text)                                           \
  RuleOption {                                                                        \
#field, help_text, OptionType::kChoice, enum_names<type>(),                         \
        [](const Rules& r) { return std::string(name(r.field)); },                      \
        [](Rules& r, std::string_view v) { return parse_enum(#field, v, &r.field); }, std::nullopt \
  }

// Royal Hearts' and Gong Zhu's options, each placed after the option it follows in Rules.
void add_card_value_options(std::vector<RuleOption>& options);

// The sun and moon variants, game end, settlement, partnerships and jokers: the last options,
// in the order listed.
std::vector<RuleOption> sun_moon_end_and_joker_options() {
  return {
      ENUM_OPTION(sun, SunRule, "scoring when one player takes every trick"),
      LATER(ENUM_OPTION(punishment_unpassed, PunishmentUnpassed,
                        "punishment sun on a hold or shuffle deal: others +moon total, or double"),
            "everyone-double"),
      BOOL_OPTION(sun_cleans_slate, "taking every trick resets the taker's game score to 0"),
      LATER(BOOL_OPTION(sun_ignores_first_trick, "every trick but the first makes a sun"), "false"),
      LATER(BOOL_OPTION(moon_needs_sun, "a moon counts only if the shooter takes every trick"),
            "false"),
      LATER(
          INT_OPTION(new_moon_min_score, "new moon only once this game score is reached; 0 = off"),
          "0"),
      LATER(ENUM_OPTION(new_moon_score_holder, NewMoonScoreHolder,
                        "whose score must reach new_moon_min_score: the shooter's or anyone's"),
            "shooter"),
      LATER(BOOL_OPTION(moon_cannot_win,
                        "a moon or sun never ends the game with its shooter winning"),
            "false"),
      BOOL_OPTION(no_tricks_bonus, "-5 for a player who takes no trick"),
      LATER(INT_OPTION(moon_points,
                       "what a moon pays each other player (Greek Hearts: 150); 0 = moon total"),
            "0"),
      LATER(BOOL_OPTION(complex_scores,
                        "Complex Hearts: the QS scores imaginary points, the 10C multiplies by 2i"),
            "false"),
      LATER(INT_OPTION(moon_penalty, "with moon penalty: the shooter's score for the deal"), "37"),
      INT_OPTION(end_score, "the game ends when a score reaches this; 0 = never"),
      INT_OPTION(fixed_deals, "the game ends after this many deals; 0 = never"),
      BOOL_OPTION(exactly_end_score_resets, "a score of exactly end_score drops to 0"),
      ENUM_OPTION(
          settlement, Settlement,
          "how the game is settled: points, Foster's counters, 1887 chips, stakes or lives"),
      INT_OPTION(starting_counters, "counters each player starts with (settlements)"),
      LATER(ENUM_OPTION(partnership, Partnership,
                        "partners sit opposite: none, team-score, individual-then-team, or "
                        "highest-loses-team (Likha)"),
            "none"),
      LATER(BOOL_OPTION(partnership_slam_bid,
                        "after the passes a seat may bid to take every trick; the AH's holder "
                        "is its silent partner"),
            "false"),
      LATER(ENUM_OPTION(jokers, JokerKind,
                        "jokers added: none, the zero of clubs and diamonds, or valueless ones"),
            "none"),
      LATER(INT_OPTION(joker_count, "valueless jokers added: 1 or 2 (the zeros are always 2)"),
            "2"),
      LATER(ENUM_OPTION(joker_play, JokerPlay,
                        "a valueless joker may be played at any time, or only when void"),
            "any-time"),
      LATER(ENUM_OPTION(joker_lead, JokerLead,
                        "a valueless joker may not lead, or leads and the next card or a called "
                        "suit sets the suit"),
            "never"),
      LATER(INT_OPTION(joker_points, "penalty points for each joker; 0 = none"), "0"),
      LATER(ENUM_OPTION(joker_scoring, JokerScoring,
                        "joker points count always, or only in a trick whose suit is hearts"),
            "always"),
  };
}

void add_card_value_options(std::vector<RuleOption>& options) {
  auto insert_after = [&](std::string_view previous, std::vector<RuleOption> added) {
    auto at = options.begin();
    while (at != options.end() && at->name != previous) ++at;
    options.insert(at == options.end() ? at : at + 1, added.begin(), added.end());
  };
  insert_after(
      "bonus_card_points",
      {
          LATER((RuleOption{
                    "card_values",
                    "any cards at any values, overriding the options above (\"QS:100,JD:-100\")",
                    OptionType::kCardValues,
                    {},
                    card_values_text,
                    parse_card_values,
                    std::nullopt}),
                ""),
          LATER(CARDS_OPTION(hearts_doubler,
                             "Royal Hearts' QH: its taker's hearts score double, itself included"),
                ""),
          LATER(CARDS_OPTION(queen_canceller,
                             "Royal Hearts' QC: taken with the QS by one player, the QS scores 0"),
                ""),
          LATER(CARDS_OPTION(score_doubler, "Gong Zhu's 10C: its taker's deal score doubles"), ""),
          LATER(INT_OPTION(score_doubler_alone,
                           "what score_doubler scores when its taker took no other counter"),
                "0"),
      });
  insert_after(
      "complex_scores",
      {
          LATER(BOOL_OPTION(bonus_floor_zero,
                            "Royal Hearts' QD: a bonus never takes a game total below zero"),
                "false"),
          LATER(BOOL_OPTION(moon_pays_hand_score,
                            "a moon pays the shooter's own deal score in place of the moon total"),
                "false"),
      });
}

std::vector<RuleOption> make_options() {
  std::vector<RuleOption> all = {
      INT_OPTION(num_players, "players at the table, 3 to 7 (6 to 11 with decks=2)"),
      ENUM_OPTION(deck_adjust, DeckAdjust,
                  "how the deck divides evenly: a removal order, or a kitty for the first trick"),
      BOOL_OPTION(kitty_seen_by_winner, "the first-trick winner may look at the kitty"),
      LATER(INT_OPTION(stock_hand_size,
                       "Domino Hearts: cards dealt to each hand, the rest a stock; 0 = no stock"),
            "0"),
      LATER(INT_OPTION(decks, "1, or 2 full decks shuffled together (6 to 11 players)"), "1"),
      LATER(ENUM_OPTION(identical_cards, IdenticalCards,
                        "two identical cards in a trick: the later wins, or they cancel"),
            "later-wins"),
      ENUM_OPTION(pass_schedule, PassSchedule, "which way cards are passed on each deal"),
      INT_OPTION(pass_count, "cards passed; 0 = 3, or 2 with more than four players"),
      CARDS_OPTION(forbidden_passes, "cards that may never be passed (e.g. \"QS AS\")"),
      ENUM_OPTION(first_lead, FirstLead, "who leads the first trick, and what"),
      BOOL_OPTION(hearts_must_be_broken, "hearts may not be led until one has been played"),
      BOOL_OPTION(queen_breaks_hearts, "playing the queen of spades also breaks hearts"),
      BOOL_OPTION(queen_lead_needs_broken,
                  "the queen of spades may not be led before hearts break"),
      BOOL_OPTION(lead_hearts_if_only_penalty, "a hand of only penalty cards may lead hearts"),
      BOOL_OPTION(no_points_first_trick, "no penalty card on the first trick unless no choice"),
      BOOL_OPTION(queen_forced, "club play: the queen of spades must be played when it can be"),
      BOOL_OPTION(black_jack_discard, "the jack of spades must be discarded first when void"),
      LATER(BOOL_OPTION(penalty_breaks_hearts, "any penalty card played breaks hearts"), "false"),
      LATER(ENUM_OPTION(heart_lead_first_trick, HeartLeadFirstTrick,
                        "Greek Hearts: no heart lead to the first trick (of every deal, or of "
                        "the game)"),
            "allowed"),
      LATER(BOOL_OPTION(play_anticlockwise, "deal and play go to the right (Likha)"), "false"),
      LATER(CARDS_OPTION(likha_cards,
                         "a player void in the led suit holding all of these must discard one "
                         "(Likha: \"QS 10D\")"),
            ""),
      LATER(BOOL_OPTION(likha_when_any_held, "the likha rule applies when holding any of them"),
            "false"),
      LATER(BOOL_OPTION(booster_nines, "each nine played adds one more round to its trick"),
            "false"),
      ENUM_OPTION(heart_values, HeartValues,
                  "hearts score 1 each, face value (Spot Hearts; ace 14 or 1), or the Eagle scale"),
      INT_OPTION(queen_of_spades_points, "points for the queen of spades"),
      INT_OPTION(queen_of_hearts_points,
                 "points for the queen of hearts; 0 = as the other hearts (13 in Pink Lady)"),
      INT_OPTION(jack_of_spades_points, "points for the jack of spades (10 in Black Jack)"),
      INT_OPTION(jack_of_diamonds_points, "points for the jack of diamonds (-10 in Omnibus)"),
      INT_OPTION(king_of_spades_points, "points for the king of spades (10 in Black Maria)"),
      INT_OPTION(ace_of_spades_points, "points for the ace of spades (7 in Black Maria)"),
      LATER(CARDS_OPTION(bonus_card,
                         "one more card with its own value, e.g. 10D (the Omnibus bonus card)"),
            ""),
      LATER(INT_OPTION(bonus_card_points, "points for bonus_card (-10 = a 10-point bonus)"), "-10"),
      ENUM_OPTION(moon, MoonRule, "scoring when one player takes every penalty card"),
  };
  const std::vector<RuleOption> rest = sun_moon_end_and_joker_options();
  all.insert(all.end(), rest.begin(), rest.end());
  add_card_value_options(all);
  return all;
}
#undef INT_OPTION
#undef BOOL_OPTION
#undef ENUM_OPTION
#undef LATER
#undef CARDS_OPTION

}  // namespace

const std::vector<RuleOption>& rule_options() {
  static const std::vector<RuleOption> options = make_options();
  return options;
}

const RuleOption* find_rule_option(std::string_view option_name) {
  for (const RuleOption& option : rule_options()) {
    if (option.name == option_name) return &option;
  }
  return nullptr;
}

Status apply_rule_setting(Rules& rules, std::string_view setting) {
  const size_t eq = setting.find('=');
  if (eq == std::string_view::npos) {
    return Status::error("rule setting '" + std::string(setting) + "': expected name=value");
  }
  const std::string_view key = setting.substr(0, eq);
  const RuleOption* option = find_rule_option(key);
  if (!option) {
    return Status::error("rule setting '" + std::string(setting) + "': unknown option '" +
                         std::string(key) + "' (see `arena rules show standard`)");
  }
  return option->set(rules, setting.substr(eq + 1));
}

Status rules_from_preset(std::string_view preset, const std::vector<std::string>& settings,
                         Rules* out) {
  auto rules = preset_rules(preset);
  if (!rules) {
    std::vector<std::string_view> names;
    for (const Preset& p : presets()) names.push_back(p.name);
    return Status::error("unknown rules preset '" + std::string(preset) +
                         "' (presets: " + join(names) + ")");
  }
  for (const std::string& setting : settings) {
    if (Status status = apply_rule_setting(*rules, setting); !status.ok()) return status;
  }
  if (Status status = validate(*rules); !status.ok()) return status;
  *out = *rules;
  return Status();
}

}  // namespace hearts
