// Rules: every rule option of Black Lady and its relatives as one plain value, with named
// presets. Each field says its default and where it comes from; docs/rules.md is the reference
// with the sources in the seeds.
//
// Thread safety: a plain value; the functions here are pure and thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/card_set.h"
#include "hearts/status.h"

namespace hearts {

inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 11;  // 3..7 with one deck, 6..11 with two (Cancellation)
inline constexpr int kMaxOneDeckPlayers = 7;
inline constexpr int kMinTwoDeckPlayers = 6;
// The most cards a deal gives one hand: 52 / 3, and 104 / 6. Jokers and a stock can give more;
// hands are CardSets, never arrays of this size.
inline constexpr int kMaxHandSize = 17;
inline constexpr int kMaxPassCards = 6;  // the most any pass plan moves from one hand

// How the deck is made to divide evenly among the players.
enum class DeckAdjust : uint8_t {
  kMorehead2001,    // remove 2C, 2D, 3C, 2S in that order, as many as needed
  kFoster1909,      // remove deuces: 2C (3 players), black deuces (5), all deuces (6); 7: 2C 2S 2D
  kCulbertson1950,  // remove deuces in the order 2C, 2D, 2S, 2H
  kKitty,           // deal the full deck; leftovers form a kitty won with the first trick
  // Heartsette's widow, won with the first trick: 3 players widow 4 (the seed's 3 does not
  // divide), 4 players 2S removed and widow 3, 5 widow 2, 6 widow 4, 7 widow 3.
  kHeartsette,
};

// Two identical cards in one trick (only possible with decks = 2).
enum class IdenticalCards : uint8_t {
  kLaterWins,  // the seeds' multi-deck tie rule: the most recently played one takes precedence
  kCancel,     // Cancellation Hearts: the pair cancels; two pairs void the trick (docs/rules.md)
};

// The pass schedule: which way cards go on each deal.
enum class PassSchedule : uint8_t {
  kNone,            // no passing (Hearts of 1887)
  kLeft,            // always to the left (Foster 1909, Culbertson 1950, Morehead 2001)
  kRight,           // always to the right (Black Maria)
  kLeftRight,       // alternately left and right, starting left (Culbertson's alternative)
  kFourWay,         // left, right, across, hold, repeating (modern computer game)
  kFourWayScatter,  // left, right, across, then one card to each opponent
  kStar,            // five players: one card to each of the two players opposite
  kShuffle,         // passed cards go to a central pile that the dealer shuffles and re-deals
  kRotating,        // 1 left, 2 left, ... n-1 left, then hold, repeating
  kDealersChoice,   // the dealer chooses count and direction each deal (a decision step)
  kExternal,        // the direction of each deal is given from outside (OpenSpiel's chance node)
};

// Who leads to the first trick.
enum class FirstLead : uint8_t {
  kEldestAny,   // eldest hand (left of the dealer) leads any card (Foster, Culbertson)
  kTwoOfClubs,  // holder of 2C leads it; the lowest club dealt when 2C is removed (Morehead)
  kAnyClub,     // holder of that lowest club leads, any club (OpenSpiel's can_lead_any_club)
};

// What happens when one player takes every penalty card ("shooting the moon").
enum class MoonRule : uint8_t {
  kNone,               // no moon: points score as taken
  kNoScore,            // nobody scores for that deal (Culbertson 1950)
  kOldMoon,            // everyone else scores the moon total (usually +26)
  kNewMoon,            // the shooter scores minus the moon total (usually -26)
  kShooterChoice,      // the shooter chooses old or new moon (a decision step)
  kNewMoonIfOldLoses,  // old moon, unless it would end the game with the shooter not winning
  kOmnibus,            // taking every counter (penalties and bonuses): shooter scores -moon total
  kPenalty,            // Likha: the shooter scores moon_penalty for the deal, the others 0
};

// What happens when one player takes every trick ("shooting the sun").
enum class SunRule : uint8_t {
  kNone,        // taking every trick is scored as a moon (if moon rules apply)
  kSun,         // everyone else scores twice the moon total (usually +52)
  kPunishment,  // whoever passed to the shooter scores twice the moon total, the others once
};

// The punishment rule on a deal where nobody passed to the sun's shooter (a hold or a shuffle).
enum class PunishmentUnpassed : uint8_t {
  kOthersOnce,      // the seed's words: "the others each receive 26" (the moon total)
  kEveryoneDouble,  // everyone else twice the moon total, as under the plain sun rule
};

// Who must have reached new_moon_min_score before new moon may be scored.
enum class NewMoonScoreHolder : uint8_t {
  kShooter,  // the shooter's own game score
  kAnyone,   // any player's game score ("he or she, or perhaps another player")
};

// How a game turns points into a result.
enum class Settlement : uint8_t {
  kPoints,      // lowest cumulative penalty score wins; ties share
  kSweepstake,  // Foster: penalties paid into a pool, claimed by those taking no penalty
  kHowell,      // Foster: each pays points per opponent, each claims (total - own points)
  kChips1887,   // Hoyle 1887: the lowest scorer collects each other's points; a slam pays out
  kStakes,      // Arnold: at game end those above the average pay the difference, those below draw
  kLives,       // Danger Hearts: counters are lives; 15 or more points in a deal costs one
};

// Values for the cards that score, in penalty points (negative = bonus).
enum class HeartValues : uint8_t {
  kOneEach,          // every heart 1 point
  kFaceValue,        // Spot Hearts: 2..10 face value, J 11, Q 12, K 13, A 14
  kFaceValueAceOne,  // modern Spot Hearts: face value, but the A 1
  kEagle,            // the 1887 Double or Eagle game's second scale: A 5, K 4, Q 3, J 2, pips 1
  kGreek,            // Greek Hearts (Phillips 1939): A 15, K Q J 10 each, pips face value
  kGreekPipsOne,     // Greek Hearts (Parlett 2008): A 15, K Q J 10 each, pips 1 each
};

// Greek Hearts (Culbertson 1950): when a heart may not be led to the first trick.
enum class HeartLeadFirstTrick : uint8_t {
  kAllowed,    // as the other rules say
  kEveryDeal,  // never to the first trick of a deal (unless the leader holds only hearts)
  kFirstDeal,  // only the first trick of the game, read literally
};

// Partnership Hearts and Likha: how partners (who sit opposite) score and win. With any value
// but kNone the table seats 4 or 6 players, and seat s partners seat s + num_players / 2.
enum class Partnership : uint8_t {
  kNone,                // every player for themselves
  kTeamScore,           // partners combine their scores every deal; a team can shoot the moon
  kIndividualThenTeam,  // individual scores and moons; at game end the team totals decide
  kHighestLosesTeam,    // Likha: individual scores; the team of the highest scorer loses
};

// Which jokers join the deck (docs/rules.md, "Jokers").
enum class JokerKind : uint8_t {
  kNone,               // the 52 cards only
  kZeroClubsDiamonds,  // two distinct jokers: the zero of clubs and of diamonds (0C, 0D)
  kValueless,          // joker_count non-distinct jokers of no suit that never win a trick
};

// When a valueless joker may be played to a trick someone else led.
enum class JokerPlay : uint8_t {
  kAnyTime,   // at any time, even when the seat could follow suit
  kWhenVoid,  // only when the seat cannot follow suit
};

// Whether a valueless joker may lead, and what suit the trick then has.
enum class JokerLead : uint8_t {
  kNever,       // never, unless the leader holds nothing but jokers (the next card decides then)
  kNextCard,    // it may; the next card that is not a joker decides the suit to follow
  kCalledSuit,  // it may; the leader calls the suit to follow (joker_calling(), card.h)
};

// When a joker's joker_points count.
enum class JokerScoring : uint8_t {
  kAlways,       // as any penalty card, in whatever trick it falls
  kHeartsTrick,  // only in a trick whose suit to follow is hearts
};

struct Rules {
  // --- Players and deal ---
  int num_players = 4;  // 3..7
  DeckAdjust deck_adjust = DeckAdjust::kMorehead2001;
  bool kitty_seen_by_winner = false;  // with kKitty: the first-trick winner sees it
  // Domino Hearts (Foster 1909): cards dealt to each hand; the rest is a face-down stock that a
  // seat unable to follow draws from. 0 = no stock (the whole deck is dealt).
  int stock_hand_size = 0;
  int decks = 1;  // 1, or 2 full decks shuffled together (Cancellation Hearts, 6..11 players)
  IdenticalCards identical_cards = IdenticalCards::kLaterWins;  // with decks = 2

  // --- Passing ---
  PassSchedule pass_schedule = PassSchedule::kFourWay;
  int pass_count = 0;        // 0 = automatic: 3, or 2 with more than 4 players
  CardSet forbidden_passes;  // cards that may never be passed

  // --- Play ---
  FirstLead first_lead = FirstLead::kTwoOfClubs;
  bool hearts_must_be_broken = true;         // no heart lead until a heart has been discarded
  bool queen_breaks_hearts = false;          // playing the QS also breaks hearts
  bool queen_lead_needs_broken = false;      // the QS may not be led until hearts are broken
  bool lead_hearts_if_only_penalty = false;  // a hand of only penalty cards may lead hearts
  bool no_points_first_trick = true;         // no penalty card on trick 1 unless no choice
  bool queen_forced = false;                 // club play: QS holder must play it when able
  bool black_jack_discard = false;           // JS must be discarded first when void in suit
  bool penalty_breaks_hearts = false;        // any penalty card played breaks hearts
  // Greek Hearts (Culbertson): no heart lead to the first trick (a hand of only hearts may).
  HeartLeadFirstTrick heart_lead_first_trick = HeartLeadFirstTrick::kAllowed;
  bool play_anticlockwise = false;  // Likha: deal, play and the deal pass to the right
  // Likha's talyeekh: a player who cannot follow suit and holds every one of these cards must
  // discard one of them (with likha_when_any_held: holds any of them). Empty = off.
  CardSet likha_cards;
  bool likha_when_any_held = false;
  bool booster_nines = false;  // each nine played adds one more round to its trick

  // --- Card values ---
  HeartValues heart_values = HeartValues::kOneEach;
  int queen_of_spades_points = 13;  // the black lady
  int queen_of_hearts_points = 0;   // 0 = valued like the other hearts; 13 for Pink Lady
  int jack_of_spades_points = 0;    // 10 for Black Jack
  int jack_of_diamonds_points = 0;  // -10 for Omnibus (a bonus)
  int king_of_spades_points = 0;    // 10 for Black Maria
  int ace_of_spades_points = 0;     // 7 for Black Maria
  // One more card with its own value, replacing every value above: the Omnibus bonus card
  // (10D at -10, Culbertson and Arnold), or any card at any value. Empty = none.
  CardSet bonus_card;
  int bonus_card_points = -10;
  // Any card at any value, overriding every value option above (`card_values=QS:100,JD:-100`):
  // card_values[id] is the value of each card in valued_cards, 0 for the others.
  CardSet valued_cards;
  std::array<int8_t, 64> card_values{};
  // Taker effects, applied to each player's deal score from the cards that player took (none
  // when empty). Royal Hearts' QH: its taker's hearts score double, itself included.
  CardSet hearts_doubler;
  // Royal Hearts' QC: taken with the QS by the same player, the QS scores nothing.
  CardSet queen_canceller;
  // Gong Zhu's 10C: its taker's deal score doubles; taken with no other counter it scores
  // score_doubler_alone.
  CardSet score_doubler;
  int score_doubler_alone = 0;

  // --- Deal scoring ---
  MoonRule moon = MoonRule::kOldMoon;
  SunRule sun = SunRule::kNone;
  PunishmentUnpassed punishment_unpassed = PunishmentUnpassed::kOthersOnce;
  bool sun_cleans_slate = false;         // taking every trick resets the game score to 0
  bool sun_ignores_first_trick = false;  // "every trick" means every trick after the first
  bool moon_needs_sun = false;           // a moon without every trick scores as taken
  int new_moon_min_score = 0;            // new moon only once this game score is reached; 0 = off
  NewMoonScoreHolder new_moon_score_holder = NewMoonScoreHolder::kShooter;
  bool moon_cannot_win =
      false;  // a deal with a moon or sun never ends the game in the shooter's favour
  bool no_tricks_bonus = false;  // -5 for a player who takes no trick
  // What a moon pays each other seat (old moon) or takes off the shooter (new moon, omnibus), in
  // place of the moon total; 0 = the moon total. Greek Hearts' slam of 150.
  int moon_points = 0;
  // Complex Hearts (Garfield): the QS's value is imaginary and the 10C multiplies its taker's
  // deal score by 2i; game scores are complex, the game ends when |score| reaches end_score and
  // the lowest |score| wins.
  bool complex_scores = false;
  int moon_penalty = 37;  // with MoonRule::kPenalty: the shooter's deal score (Likha)
  // Royal Hearts' QD: a bonus (a negative card value) never takes its taker's game total below
  // zero; a total already below zero is left where it is.
  bool bonus_floor_zero = false;
  // Royal Hearts: a moon pays the shooter's own deal score (taker effects included) in place of
  // the moon total: old moon adds it to every other player, new moon subtracts it.
  bool moon_pays_hand_score = false;

  // --- Game end ---
  int end_score = 100;                    // game ends when a score reaches it; 0 = never
  int fixed_deals = 0;                    // game ends after this many deals; 0 = never
  bool exactly_end_score_resets = false;  // a score of exactly end_score drops to 0
  Settlement settlement = Settlement::kPoints;
  int starting_counters = 100;  // for sweepstake and Howell settlements

  // --- Partnerships ---
  Partnership partnership = Partnership::kNone;
  // Partnership Hearts' third version: after the passes each seat in turn may bid to take every
  // trick; the holder of the AH is the first bidder's silent partner for the deal
  // (docs/rules.md, section 8.4; game_slam_bid.cc).
  bool partnership_slam_bid = false;
  // --- Jokers (docs/rules.md, "Jokers") ---
  JokerKind jokers = JokerKind::kNone;
  int joker_count = 2;                         // kValueless: 1 or 2; kZeroClubsDiamonds: 2
  JokerPlay joker_play = JokerPlay::kAnyTime;  // kValueless only
  JokerLead joker_lead = JokerLead::kNever;    // kValueless only
  int joker_points = 0;                        // each joker's penalty value (0 = none)
  JokerScoring joker_scoring = JokerScoring::kAlways;

  bool operator==(const Rules&) const = default;
};

// How cards travel on one deal. Offsets count seats to the left (clockwise).
enum class PassKind : uint8_t { kHold, kOffset, kScatter, kStar, kShuffle };
struct PassPlan {
  PassKind kind = PassKind::kHold;
  uint8_t offset = 0;  // with kOffset: 1 = left, n-1 = right, n/2 = across
  uint8_t count = 0;   // cards each player passes (0 with kHold)
  bool operator==(const PassPlan&) const = default;
};

// The rule values every deal consults, computed once from Rules (card values, hand size, the
// cards in play). Cheap to copy; build it with compile().
struct CompiledRules {
  Rules rules;
  std::array<int8_t, 64> card_points{};  // by card id
  CardSet in_play;                       // cards that are dealt (hands + kitty)
  CardSet penalty_cards;                 // in play, positive value
  CardSet counters;                      // in play, any non-zero value
  CardSet breaks_hearts;                 // cards whose play breaks hearts
  int hand_size = 0;
  int kitty_size = 0;
  int pass_count = 0;  // resolved from rules.pass_count
  int moon_total = 0;  // sum of positive values in play (26 in standard)
  // Complex Hearts: the QS's imaginary value (its real value is then 0), and the card whose
  // taker's deal score is multiplied by 2i. Empty / 0 otherwise.
  int queen_imaginary_points = 0;
  CardSet times_two_i;
  // Play beyond the plain 52-card trick: a stock, booster nines or jokers. The engine then plays
  // through its general path (game_extended.cc); the plain path stays as it was.
  bool extended_play = false;
  int stock_size = 0;   // cards left in the stock after the deal (stock_hand_size)
  CardSet zero_cards;   // 0C 0D when they are in play
  CardSet free_jokers;  // valueless jokers in play (held ids)
  // With decks = 2: the cards in play twice (both copies; a subset of in_play). Empty with one
  // deck, so every one-deck table above reads as before.
  CardSet in_play_twice;
};

// Checks that the rules describe a game this engine can play; the error names the options.
Status validate(const Rules& rules);
// Validates and computes the derived tables. On error returns nullopt and sets *error.
std::optional<CompiledRules> compile(const Rules& rules, std::string* error = nullptr);

// The pass plan of deal `deal_index` for fixed schedules. Not meaningful for kDealersChoice and
// kExternal, whose plan comes from a decision.
PassPlan scheduled_pass(const CompiledRules& rules, int deal_index);
// Checks a dealer's-choice or externally given plan against the rules and the hand size.
Status validate_pass_plan(const CompiledRules& rules, const PassPlan& plan);
// The seat that receives card `k` of `seat`'s pass (not for kHold / kShuffle).
int pass_target(const PassPlan& plan, int num_players, int seat, int k);
std::string describe(const PassPlan& plan, int num_players);

// --- Partnerships (sdk/src/partnership.cc) ---
// The seat partnered with `seat` (opposite it), or -1 without partnerships.
int partner_of(const Rules& rules, int seat);
// The team of `seat`, 0..num_teams-1: seat mod (num_players / 2); without partnerships the seat.
int team_of(const Rules& rules, int seat);
// Teams at the table: num_players / 2 with partnerships, otherwise num_players (one per seat).
int num_teams(const Rules& rules);

// --- Presets ---
struct Preset {
  std::string_view name;
  std::string_view summary;
  std::string_view source;
  Rules rules;
};
const std::vector<Preset>& presets();
// Looks up a preset by name; nullopt if unknown.
std::optional<Rules> preset_rules(std::string_view name);

// Names of enum values, as used in docs, JSON and the command line.
std::string_view name(DeckAdjust v);
std::string_view name(PassSchedule v);
std::string_view name(FirstLead v);
std::string_view name(MoonRule v);
std::string_view name(SunRule v);
std::string_view name(Settlement v);
std::string_view name(HeartValues v);
std::string_view name(PunishmentUnpassed v);
std::string_view name(NewMoonScoreHolder v);
std::string_view name(HeartLeadFirstTrick v);
std::string_view name(Partnership v);
std::string_view name(JokerKind v);
std::string_view name(JokerPlay v);
std::string_view name(JokerLead v);
std::string_view name(JokerScoring v);
std::string_view name(IdenticalCards v);

}  // namespace hearts
