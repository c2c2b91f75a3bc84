#include <algorithm>
#include <string>

#include "hearts/card_pair.h"
#include "hearts/rules.h"
#include "rules_internal.h"

namespace hearts {
namespace {

// The removal orders of DeckAdjust, as many taken from the front as 52 mod n.
constexpr Card kMoreheadOrder[] = {
    Card(Suit::kClubs, Rank::kTwo), Card(Suit::kDiamonds, Rank::kTwo),
    Card(Suit::kClubs, Rank::kThree), Card(Suit::kSpades, Rank::kTwo)};
constexpr Card kFosterOrder[] = {Card(Suit::kClubs, Rank::kTwo), Card(Suit::kSpades, Rank::kTwo),
                                 Card(Suit::kDiamonds, Rank::kTwo),
                                 Card(Suit::kHearts, Rank::kTwo)};
constexpr Card kCulbertsonOrder[] = {
    Card(Suit::kClubs, Rank::kTwo), Card(Suit::kDiamonds, Rank::kTwo),
    Card(Suit::kSpades, Rank::kTwo), Card(Suit::kHearts, Rank::kTwo)};

const Card* removal_order(DeckAdjust adjust) {
  switch (adjust) {
    case DeckAdjust::kMorehead2001:
      return kMoreheadOrder;
    case DeckAdjust::kFoster1909:
      return kFosterOrder;
    case DeckAdjust::kCulbertson1950:
      return kCulbertsonOrder;
    case DeckAdjust::kKitty:
    case DeckAdjust::kHeartsette:
      return nullptr;
  }
  return nullptr;
}

// Heartsette (Hearts › Heartsette): with four players the 2S is taken out (the seed lost the
// suit) and three cards form the widow; otherwise the full pack, the widow being 3 with seven
// players (not in the seed), 2 with five, 4 with six, and 4 with three, where the seed's 3
// would leave 49 cards for three hands (docs/rules.md, section 4).
constexpr Card kHeartsetteRemoved = Card(Suit::kSpades, Rank::kTwo);
int heartsette_widow(int num_players) {
  return num_players == 3 ? 4 : num_players == 4 ? 3 : kDeckSize % num_players;
}
int heartsette_in_play(int num_players) {
  return num_players == 4 ? kDeckSize - 1 : kDeckSize;
}

// Cards in each hand: what is left after removals and the kitty or widow, shared out.
int dealt_hand_size(const Rules& r) {
  if (r.deck_adjust != DeckAdjust::kHeartsette) return r.decks * kDeckSize / r.num_players;
  return (heartsette_in_play(r.num_players) - heartsette_widow(r.num_players)) / r.num_players;
}

int resolved_pass_count(const Rules& rules) {
  if (rules.pass_count != 0) return rules.pass_count;
  return rules.num_players <= 4 ? 3 : 2;
}

int heart_value(HeartValues values, Card card) {
  switch (values) {
    case HeartValues::kOneEach:
      return 1;
    case HeartValues::kFaceValue:
      return card.face_value();
    case HeartValues::kFaceValueAceOne:
      return card.rank() == Rank::kAce ? 1 : card.face_value();
    case HeartValues::kEagle:
      // A 5, K 4, Q 3, J 2: one less than the face value's count above the ten; pips 1.
      return card.rank() >= Rank::kJack ? card.face_value() - 9 : 1;
    case HeartValues::kGreek:
    case HeartValues::kGreekPipsOne:
      if (card.rank() == Rank::kAce) return 15;
      if (card.rank() >= Rank::kJack) return 10;
      return values == HeartValues::kGreek ? card.face_value() : 1;
  }
  return 1;
}

int base_value(const Rules& rules, Card card) {
  if (rules.valued_cards.contains(card)) return rules.card_values[card.id()];
  if (rules.bonus_card.contains(card)) return rules.bonus_card_points;
  if (card == kQueenOfSpades) return rules.queen_of_spades_points;
  if (card == kQueenOfHearts && rules.queen_of_hearts_points != 0) {
    return rules.queen_of_hearts_points;
  }
  if (card == kJackOfSpades) return rules.jack_of_spades_points;
  if (card == kJackOfDiamonds) return rules.jack_of_diamonds_points;
  if (card == kKingOfSpades) return rules.king_of_spades_points;
  if (card == kAceOfSpades) return rules.ace_of_spades_points;
  if (card.suit() != Suit::kHearts) return 0;
  return heart_value(rules.heart_values, card);
}

Status option_error(std::string_view option, const std::string& why) {
  return Status::error("invalid rules: " + std::string(option) + ": " + why);
}

// The moon and sun sub-variations; each is refused where it could change nothing, so an option
// is never silently ignored.
Status validate_moon_and_sun_options(const Rules& r) {
  const bool new_moon_possible = r.moon == MoonRule::kNewMoon ||
                                 r.moon == MoonRule::kShooterChoice ||
                                 r.moon == MoonRule::kNewMoonIfOldLoses;
  if (r.new_moon_min_score < 0) {
    return option_error("new_moon_min_score", "must be 0 (off) or positive");
  }
  if (r.new_moon_min_score > 0 && !new_moon_possible) {
    return option_error("new_moon_min_score",
                        "needs a moon rule that can score new moon "
                        "(new-moon, shooter-choice, new-moon-if-old-loses)");
  }
  if (r.new_moon_score_holder != NewMoonScoreHolder::kShooter && r.new_moon_min_score == 0) {
    return option_error("new_moon_score_holder", "needs new_moon_min_score");
  }
  if (r.moon_needs_sun && r.moon == MoonRule::kNone) {
    return option_error("moon_needs_sun", "needs a moon rule (moon is none)");
  }
  if (r.sun_ignores_first_trick && r.sun == SunRule::kNone && !r.sun_cleans_slate &&
      !r.moon_needs_sun) {
    return option_error("sun_ignores_first_trick",
                        "needs a rule that looks for every trick (sun, sun_cleans_slate or "
                        "moon_needs_sun)");
  }
  if (r.moon_cannot_win && r.moon == MoonRule::kNone && r.sun == SunRule::kNone) {
    return option_error("moon_cannot_win", "needs a moon or sun rule");
  }
  if (r.moon_points < 0 || r.moon_points > 1000) {
    return option_error("moon_points", "must be 0 (the moon total) to 1000");
  }
  if (r.moon_points > 0 && (r.moon == MoonRule::kNone || r.moon == MoonRule::kNoScore)) {
    return option_error("moon_points", "needs a moon rule that pays the moon (moon is " +
                                           std::string(name(r.moon)) + ")");
  }
  return Status();
}

// Complex Hearts keeps a second, imaginary score; the rules that move or compare real scores
// alone are refused with it rather than half applied.
Status validate_complex_scores(const Rules& r) {
  if (!r.complex_scores) return Status();
  if (r.moon != MoonRule::kNone || r.sun != SunRule::kNone || r.sun_cleans_slate) {
    return option_error("complex_scores", "has no moon or sun (set moon=none, sun=none)");
  }
  if (r.settlement != Settlement::kPoints) {
    return option_error("complex_scores", "is settled by points only");
  }
  if (r.exactly_end_score_resets || r.no_tricks_bonus) {
    return option_error("complex_scores",
                        "does not combine with exactly_end_score_resets or no_tricks_bonus");
  }
  return Status();
}

// Partnership Hearts and Likha (docs/rules.md): partners sit opposite, and the rules that judge
// one player against all the others are refused where no reading for teams is offered.
Status validate_partnership_options(const Rules& r) {
  if (r.likha_when_any_held && r.likha_cards.empty()) {
    return option_error("likha_when_any_held", "needs likha_cards");
  }
  if (r.moon_penalty != 37 && r.moon != MoonRule::kPenalty) {
    return option_error("moon_penalty", "needs moon penalty");
  }
  if (r.moon_penalty < -200 || r.moon_penalty > 200) {
    return option_error("moon_penalty", "must be in -200..200");
  }
  if (r.partnership == Partnership::kNone) return Status();
  const std::string what = std::string(name(r.partnership));
  if (r.num_players != 4 && r.num_players != 6) {
    return option_error("partnership", what +
                                           " seats partners opposite, which needs 4 or 6 "
                                           "players, not " +
                                           std::to_string(r.num_players));
  }
  if (r.sun != SunRule::kNone || r.sun_cleans_slate) {
    return option_error("partnership", what + " is played without sun rules");
  }
  if (r.moon_cannot_win || r.moon == MoonRule::kNewMoonIfOldLoses) {
    return option_error("partnership", what +
                                           " judges the winner by team, so moon_cannot_win "
                                           "and new-moon-if-old-loses do not apply");
  }
  if (r.settlement != Settlement::kPoints) {
    return option_error("partnership", what + " needs points settlement");
  }
  if (r.complex_scores || r.moon_points != 0) {
    return option_error("partnership", what +
                                           " is played with real scores and the moon total "
                                           "(no complex_scores, moon_points 0)");
  }
  const bool team_moon_rule =
      r.moon == MoonRule::kNone || r.moon == MoonRule::kNoScore || r.moon == MoonRule::kOldMoon;
  if (r.partnership == Partnership::kTeamScore && (!team_moon_rule || r.moon_needs_sun)) {
    return option_error("partnership",
                        "team-score scores a team's moon as none, no-score or "
                        "old-moon (without moon_needs_sun), not " +
                            std::string(name(r.moon)));
  }
  return Status();
}

// Two decks (Cancellation Hearts) are played by 6 to 11; one deck by 3 to 7.
Status validate_decks(const Rules& r) {
  const int n = r.num_players;
  if (r.decks != 1 && r.decks != 2) {
    return option_error("decks", std::to_string(r.decks) + " decks; give 1 or 2");
  }
  if (r.decks == 1 && n > kMaxOneDeckPlayers) {
    return option_error("num_players", std::to_string(n) +
                                           " players with one deck; one deck plays 3 to 7 "
                                           "(decks=2 plays 6 to 11)");
  }
  if (r.decks == 2 && n < kMinTwoDeckPlayers) {
    return option_error("decks", "two decks need 6 to 11 players, not " + std::to_string(n));
  }
  if (r.decks == 1 && r.identical_cards != IdenticalCards::kLaterWins) {
    return option_error("identical_cards", std::string(name(r.identical_cards)) +
                                               " needs decks=2 (one deck has no identical cards)");
  }
  if (r.decks == 2) {
    // What no source plays on two decks, and whose scoring counts each card once.
    const char* other = r.deck_adjust == DeckAdjust::kHeartsette ? "deck_adjust"
                        : r.partnership != Partnership::kNone    ? "partnership"
                        : r.play_anticlockwise                   ? "play_anticlockwise"
                        : !r.likha_cards.empty()                 ? "likha_cards"
                        : r.complex_scores                       ? "complex_scores"
                        : r.settlement == Settlement::kChips1887 ? "settlement"
                        : r.stock_hand_size > 0                  ? "stock_hand_size"
                        : r.booster_nines                        ? "booster_nines"
                        : r.jokers != JokerKind::kNone           ? "jokers"
                                                                 : nullptr;
    if (other != nullptr) {
      return option_error(other, "not with decks=2 (no source plays them on two decks)");
    }
  }
  if (r.decks == 2 && r.deck_adjust == DeckAdjust::kKitty) {
    return option_error("deck_adjust",
                        "kitty is not offered with decks=2; a removal order takes out the "
                        "leftover cards (docs/rules.md, section 4)");
  }
  return Status();
}

// Royal Hearts' and Gong Zhu's card values and taker effects (card_values, the doublers, the
// canceller, the QD's floor and the moon paying the hand score).
Status validate_taker_effects(const Rules& r) {
  for (Card card : CardSet::full_deck()) {
    const int value = r.card_values[card.id()];
    if (!r.valued_cards.contains(card) && value != 0) {
      return option_error("card_values", "a value for " + to_string(card) + " not listed");
    }
    if (value < -100 || value > 100)
      return option_error("card_values", "values must be in -100..100");
  }
  for (auto [option, cards] : {std::pair{"hearts_doubler", r.hearts_doubler},
                               std::pair{"queen_canceller", r.queen_canceller},
                               std::pair{"score_doubler", r.score_doubler}}) {
    if (cards.size() > 1) {
      return option_error(
          option, "names " + std::to_string(cards.size()) + " cards; give one card, or none");
    }
  }
  if (r.queen_canceller.contains(kQueenOfSpades)) {
    return option_error("queen_canceller", "must be another card than the QS");
  }
  if (r.score_doubler_alone != 0 && r.score_doubler.empty()) {
    return option_error("score_doubler_alone", "needs score_doubler");
  }
  if (r.score_doubler_alone < -1000 || r.score_doubler_alone > 1000) {
    return option_error("score_doubler_alone", "must be in -1000..1000");
  }
  const bool effects = !r.hearts_doubler.empty() || !r.queen_canceller.empty() ||
                       !r.score_doubler.empty() || r.bonus_floor_zero || r.moon_pays_hand_score;
  // No source plays them with teams, two decks or the general play path.
  const bool extended = r.stock_hand_size > 0 || r.booster_nines || r.jokers != JokerKind::kNone;
  if (effects && (r.partnership != Partnership::kNone || r.decks != 1 || extended)) {
    return option_error(r.partnership != Partnership::kNone ? "partnership"
                        : r.decks != 1                      ? "decks"
                                       : "stock_hand_size, booster_nines, jokers",
                        "not with Royal Hearts' or Gong Zhu's taker effects");
  }
  if (r.complex_scores && (effects || r.valued_cards.contains(kQueenOfSpades))) {
    return option_error("complex_scores",
                        "does not combine with taker effects or a card_values QS");
  }
  if (r.moon_pays_hand_score &&
      (r.moon == MoonRule::kNone || r.moon == MoonRule::kNoScore || r.moon_points > 0)) {
    return option_error("moon_pays_hand_score",
                        "needs a moon rule that pays the moon and moon_points 0 (moon is " +
                            std::string(name(r.moon)) + ")");
  }
  return Status();
}

// When the game ends and how it is settled.
Status validate_game_end(const Rules& r) {
  if (r.end_score < 0) return option_error("end_score", "must be 0 (off) or positive");
  if (r.fixed_deals < 0) return option_error("fixed_deals", "must be 0 (off) or positive");
  if (r.end_score == 0 && r.fixed_deals == 0) {
    return option_error("end_score, fixed_deals", "both are 0, so the game would never end");
  }
  const bool counters_per_deal =
      r.settlement == Settlement::kSweepstake || r.settlement == Settlement::kHowell;
  if (counters_per_deal && r.fixed_deals == 0) {
    return option_error("settlement", std::string(name(r.settlement)) +
                                          " settlement needs fixed_deals (Foster plays a set "
                                          "number of deals)");
  }
  if (r.moon == MoonRule::kNewMoonIfOldLoses && r.end_score == 0) {
    return option_error("moon", "new-moon-if-old-loses needs an end_score to judge losing");
  }
  if (r.starting_counters < 0) return option_error("starting_counters", "must not be negative");
  return Status();
}

}  // namespace

const Card* detail::removal_order_of(DeckAdjust adjust) {
  return removal_order(adjust);
}

int detail::card_value(const Rules& rules, Card card) {
  return base_value(rules, card);
}

Status validate(const Rules& r) {
  const int n = r.num_players;
  if (n < kMinPlayers || n > kMaxPlayers) {
    return option_error("num_players", std::to_string(n) +
                                           " players; the engine plays 3 to 7 (6 to 11 with "
                                           "decks=2)");
  }
  if (Status status = validate_decks(r); !status.ok()) return status;
  const int hand_size = dealt_hand_size(r);
  const int max_pass = hand_size / 2;
  if (r.pass_count < 0 || r.pass_count > kMaxPassCards) {
    return option_error("pass_count", std::to_string(r.pass_count) + " is outside 0..6");
  }
  const int count = resolved_pass_count(r);
  // The dealer's choice sets its own count. A star pass always moves two cards, but its
  // pass_count is still held to half the hand, as docs/rules.md (section 6) promises.
  const bool passes =
      r.pass_schedule != PassSchedule::kNone && r.pass_schedule != PassSchedule::kDealersChoice;
  if (passes && count > max_pass) {
    return option_error("pass_count", "passing " + std::to_string(count) + " of a " +
                                          std::to_string(hand_size) +
                                          "-card hand; at most half the hand may be passed");
  }
  const bool four_way =
      r.pass_schedule == PassSchedule::kFourWay || r.pass_schedule == PassSchedule::kFourWayScatter;
  if (four_way && n % 2 != 0) {
    return option_error("pass_schedule", std::string(name(r.pass_schedule)) +
                                             " passes across, which needs an even number of "
                                             "players, not " +
                                             std::to_string(n) + " (try left-right or rotating)");
  }
  if (r.pass_schedule == PassSchedule::kFourWayScatter && n - 1 > max_pass) {
    return option_error("pass_schedule", "a scatter pass with " + std::to_string(n) +
                                             " players passes " + std::to_string(n - 1) +
                                             " cards of a " + std::to_string(hand_size) +
                                             "-card hand; at most half may be passed");
  }
  if (r.pass_schedule == PassSchedule::kStar && n != 5) {
    return option_error("pass_schedule",
                        "star passing needs exactly 5 players, not " + std::to_string(n));
  }
  // Every hand must keep enough passable cards, however it was dealt.
  if (r.forbidden_passes.size() > hand_size - std::min(max_pass, kMaxPassCards)) {
    return option_error("forbidden_passes", std::to_string(r.forbidden_passes.size()) +
                                                " forbidden cards could leave a " +
                                                std::to_string(hand_size) +
                                                "-card hand without enough cards to pass");
  }
  if (r.kitty_seen_by_winner && r.deck_adjust != DeckAdjust::kKitty &&
      r.deck_adjust != DeckAdjust::kHeartsette) {
    return option_error("kitty_seen_by_winner", "needs deck_adjust kitty or heartsette");
  }
  if (Status status = validate_game_end(r); !status.ok()) return status;
  if (Status status = validate_moon_and_sun_options(r); !status.ok()) return status;
  if (Status status = validate_complex_scores(r); !status.ok()) return status;
  if (Status status = validate_partnership_options(r); !status.ok()) return status;
  if (Status status = detail::validate_slam_bid(r); !status.ok()) return status;
  if (Status status = validate_taker_effects(r); !status.ok()) return status;
  if (r.bonus_card.size() > 1) {
    return option_error("bonus_card", "names " + std::to_string(r.bonus_card.size()) +
                                          " cards; give one card, or none");
  }
  for (int value : {r.queen_of_spades_points, r.queen_of_hearts_points, r.jack_of_spades_points,
                    r.jack_of_diamonds_points, r.king_of_spades_points, r.ace_of_spades_points,
                    r.bonus_card_points}) {
    if (value < -100 || value > 100)
      return option_error("card points", "values must be in -100..100");
  }
  return detail::validate_extended(r);
}

std::optional<CompiledRules> compile(const Rules& rules, std::string* error) {
  if (Status status = validate(rules); !status.ok()) {
    if (error) *error = status.message();
    return std::nullopt;
  }
  CompiledRules c;
  c.rules = rules;
  const int n = rules.num_players;
  c.hand_size = dealt_hand_size(rules);
  const int extra = rules.decks * kDeckSize % n;
  c.in_play = CardSet::full_deck();
  if (rules.decks == 2) {
    // Both copies of each card of the removal order in turn (docs/rules.md, section 4): the
    // first copy leaves in_play_twice, the second in_play. Validation refused the kitty.
    c.in_play_twice = CardSet::full_deck();
    const Card* order = removal_order(rules.deck_adjust);
    for (int i = 0; i < extra; ++i) {
      remove_copy(c.in_play, c.in_play_twice, order[i / 2]);
    }
  } else if (const Card* order = removal_order(rules.deck_adjust)) {
    for (int i = 0; i < extra; ++i) c.in_play.erase(order[i]);
  } else if (rules.deck_adjust == DeckAdjust::kHeartsette) {
    if (n == 4) c.in_play.erase(kHeartsetteRemoved);
    c.kitty_size = heartsette_widow(n);
  } else {
    c.kitty_size = extra;
  }
  c.pass_count = resolved_pass_count(rules);
  if (rules.complex_scores) {
    // The QS's value moves to the imaginary part; the 10C is the 2i multiplier.
    c.queen_imaginary_points = rules.queen_of_spades_points;
    c.times_two_i = CardSet{Card(Suit::kClubs, Rank::kTen)};
  }
  for (Card card : CardSet::full_deck()) {
    const int value = rules.complex_scores && card == kQueenOfSpades ? 0 : base_value(rules, card);
    c.card_points[card.id()] = static_cast<int8_t>(value);
    if (card.suit() == Suit::kHearts) c.breaks_hearts.insert(card);
    if (card == kQueenOfSpades && rules.queen_breaks_hearts) c.breaks_hearts.insert(card);
    if (rules.penalty_breaks_hearts && value > 0) c.breaks_hearts.insert(card);
    if (!c.in_play.contains(card) || value == 0) continue;
    c.counters.insert(card);
    if (value > 0) {
      c.penalty_cards.insert(card);
      c.moon_total += value;
      if (c.in_play_twice.contains(card)) c.moon_total += value;  // both copies count
    }
  }
  if (rules.stock_hand_size > 0 || rules.booster_nines || rules.jokers != JokerKind::kNone) {
    detail::compile_extended(c);
  }
  return c;
}

PassPlan scheduled_pass(const CompiledRules& c, int deal_index) {
  const int n = c.rules.num_players;
  const auto count = static_cast<uint8_t>(c.pass_count);
  auto offset = [&](int k) { return PassPlan{PassKind::kOffset, static_cast<uint8_t>(k), count}; };
  switch (c.rules.pass_schedule) {
    case PassSchedule::kNone:
      return PassPlan{};
    case PassSchedule::kLeft:
      return offset(1);
    case PassSchedule::kRight:
      return offset(n - 1);
    case PassSchedule::kLeftRight:
      return deal_index % 2 == 0 ? offset(1) : offset(n - 1);
    case PassSchedule::kFourWay:
    case PassSchedule::kFourWayScatter:
      switch (deal_index % 4) {
        case 0:
          return offset(1);
        case 1:
          return offset(n - 1);
        case 2:
          return offset(n / 2);
        default:
          if (c.rules.pass_schedule == PassSchedule::kFourWay) return PassPlan{};
          return PassPlan{PassKind::kScatter, 0, static_cast<uint8_t>(n - 1)};
      }
    case PassSchedule::kStar:
      return PassPlan{PassKind::kStar, 0, 2};
    case PassSchedule::kShuffle:
      return PassPlan{PassKind::kShuffle, 0, count};
    case PassSchedule::kRotating: {
      const int step = deal_index % n;
      return step == n - 1 ? PassPlan{} : offset(step + 1);
    }
    case PassSchedule::kDealersChoice:
    case PassSchedule::kExternal:
      return PassPlan{};
  }
  return PassPlan{};
}

Status validate_pass_plan(const CompiledRules& c, const PassPlan& plan) {
  const int n = c.rules.num_players;
  const int max_pass = c.hand_size / 2;
  auto fail = [&](const std::string& why) {
    return Status::error("invalid pass plan '" + describe(plan, n) + "': " + why);
  };
  switch (plan.kind) {
    case PassKind::kHold:
      if (plan.count != 0) return fail("a hold passes no cards");
      return Status();
    case PassKind::kOffset:
      if (plan.offset < 1 || plan.offset >= n)
        return fail("offset must be 1.." + std::to_string(n - 1));
      break;
    case PassKind::kScatter:
      if (plan.count != n - 1) return fail("a scatter pass gives one card to each opponent");
      break;
    case PassKind::kStar:
      if (n != 5) return fail("star passing needs exactly 5 players");
      if (plan.count != 2) return fail("a star pass is 2 cards");
      break;
    case PassKind::kShuffle:
      break;
  }
  if (plan.count < 1 || plan.count > max_pass || plan.count > kMaxPassCards) {
    return fail("count must be 1.." + std::to_string(std::min(max_pass, kMaxPassCards)) +
                " for a " + std::to_string(c.hand_size) + "-card hand");
  }
  return Status();
}

int pass_target(const PassPlan& plan, int num_players, int seat, int k) {
  switch (plan.kind) {
    case PassKind::kOffset:
      return (seat + plan.offset) % num_players;
    case PassKind::kScatter:
      return (seat + 1 + k) % num_players;
    case PassKind::kStar:
      return (seat + 2 + k) % num_players;
    case PassKind::kHold:
    case PassKind::kShuffle:
      return -1;
  }
  return -1;
}

std::string describe(const PassPlan& plan, int num_players) {
  const std::string count = std::to_string(plan.count);
  switch (plan.kind) {
    case PassKind::kHold:
      return "hold";
    case PassKind::kScatter:
      return "scatter (one card to each opponent)";
    case PassKind::kStar:
      return "star (one card to each of the two players opposite)";
    case PassKind::kShuffle:
      return "shuffle " + count + " (central pile re-dealt)";
    case PassKind::kOffset:
      if (plan.offset == 1) return "left " + count;
      if (plan.offset == num_players - 1) return "right " + count;
      if (num_players % 2 == 0 && plan.offset == num_players / 2) return "across " + count;
      return std::to_string(plan.offset) + " to the left " + count;
  }
  return "?";
}

std::string_view name(DeckAdjust v) {
  switch (v) {
    case DeckAdjust::kMorehead2001:
      return "morehead2001";
    case DeckAdjust::kFoster1909:
      return "foster1909";
    case DeckAdjust::kCulbertson1950:
      return "culbertson1950";
    case DeckAdjust::kKitty:
      return "kitty";
    case DeckAdjust::kHeartsette:
      return "heartsette";
  }
  return "?";
}

std::string_view name(PassSchedule v) {
  switch (v) {
    case PassSchedule::kNone:
      return "none";
    case PassSchedule::kLeft:
      return "left";
    case PassSchedule::kRight:
      return "right";
    case PassSchedule::kLeftRight:
      return "left-right";
    case PassSchedule::kFourWay:
      return "four-way";
    case PassSchedule::kFourWayScatter:
      return "four-way-scatter";
    case PassSchedule::kStar:
      return "star";
    case PassSchedule::kShuffle:
      return "shuffle";
    case PassSchedule::kRotating:
      return "rotating";
    case PassSchedule::kDealersChoice:
      return "dealers-choice";
    case PassSchedule::kExternal:
      return "external";
  }
  return "?";
}

std::string_view name(FirstLead v) {
  switch (v) {
    case FirstLead::kEldestAny:
      return "eldest-any";
    case FirstLead::kTwoOfClubs:
      return "two-of-clubs";
    case FirstLead::kAnyClub:
      return "any-club";
  }
  return "?";
}

std::string_view name(MoonRule v) {
  switch (v) {
    case MoonRule::kNone:
      return "none";
    case MoonRule::kNoScore:
      return "no-score";
    case MoonRule::kOldMoon:
      return "old-moon";
    case MoonRule::kNewMoon:
      return "new-moon";
    case MoonRule::kShooterChoice:
      return "shooter-choice";
    case MoonRule::kNewMoonIfOldLoses:
      return "new-moon-if-old-loses";
    case MoonRule::kOmnibus:
      return "omnibus";
    case MoonRule::kPenalty:
      return "penalty";
  }
  return "?";
}

std::string_view name(SunRule v) {
  switch (v) {
    case SunRule::kNone:
      return "none";
    case SunRule::kSun:
      return "sun";
    case SunRule::kPunishment:
      return "punishment";
  }
  return "?";
}

std::string_view name(Settlement v) {
  switch (v) {
    case Settlement::kPoints:
      return "points";
    case Settlement::kSweepstake:
      return "sweepstake";
    case Settlement::kHowell:
      return "howell";
    case Settlement::kChips1887:
      return "chips1887";
    case Settlement::kStakes:
      return "stakes";
    case Settlement::kLives:
      return "lives";
  }
  return "?";
}

std::string_view name(HeartValues v) {
  switch (v) {
    case HeartValues::kOneEach:
      return "one-each";
    case HeartValues::kFaceValue:
      return "face-value";
    case HeartValues::kFaceValueAceOne:
      return "face-value-ace-one";
    case HeartValues::kEagle:
      return "eagle";
    case HeartValues::kGreek:
      return "greek";
    case HeartValues::kGreekPipsOne:
      return "greek-pips-one";
  }
  return "?";
}

std::string_view name(PunishmentUnpassed v) {
  switch (v) {
    case PunishmentUnpassed::kOthersOnce:
      return "others-once";
    case PunishmentUnpassed::kEveryoneDouble:
      return "everyone-double";
  }
  return "?";
}

std::string_view name(NewMoonScoreHolder v) {
  switch (v) {
    case NewMoonScoreHolder::kShooter:
      return "shooter";
    case NewMoonScoreHolder::kAnyone:
      return "anyone";
  }
  return "?";
}

std::string_view name(HeartLeadFirstTrick v) {
  switch (v) {
    case HeartLeadFirstTrick::kAllowed:
      return "allowed";
    case HeartLeadFirstTrick::kEveryDeal:
      return "every-deal";
    case HeartLeadFirstTrick::kFirstDeal:
      return "first-deal";
  }
  return "?";
}

std::string_view name(IdenticalCards v) {
  switch (v) {
    case IdenticalCards::kLaterWins:
      return "later-wins";
    case IdenticalCards::kCancel:
      return "cancel";
  }
  return "?";
}

}  // namespace hearts
