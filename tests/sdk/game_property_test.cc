// Property tests of the rules engine (game.h): over 100,000 complete random games across every
// preset, player counts 3..7, kitty variants and randomly drawn rule combinations, a uniform-random
// player drives each game while an independent model of the documented semantics (engine spec:
// deal procedure, pass schedules, legal plays, trick winners, card values, moon / sun scoring,
// settlements, game end and ranks) checks every step. Each configuration is its own test so CTest
// runs them in parallel.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "hearts/card.h"
#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/rng.h"
#include "hearts/rules.h"
#include "hearts/status.h"

namespace hearts {
namespace {

// ------------------------------------------------------------------------------------------
// Test configurations
// ------------------------------------------------------------------------------------------

constexpr int kTargetGames = 100000;  // complete games over all valid configurations
constexpr int kMinGamesPerConfig = 500;
constexpr int kReplayEvery = 8;  // every k-th game is replayed from its seed
constexpr int kMaxDealsPerGame = 3000;
constexpr int kMaxFailedGamesPerConfig = 5;
constexpr int kNumFuzzConfigs = 44;

struct Config {
  std::string name;  // a valid GoogleTest name
  std::string base;  // preset or variant family
  Rules rules;
  bool valid = false;
  std::string reject;  // validate() message when not valid
  int games = 0;
};

std::string Sanitize(std::string_view text) {
  std::string out;
  for (char c : text) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

// Draws a random rule combination that validate() accepts. Pass schedule, moon, sun and settlement
// cycle with `index` so every option is covered; the rest is random.
Rules FuzzRules(int index) {
  Rng rng(derive_seed(0xF0220000ull, static_cast<uint64_t>(index)));
  auto pick = [&](int n) { return static_cast<int>(rng.uniform(static_cast<uint32_t>(n))); };
  for (int attempt = 0; attempt < 10000; ++attempt) {
    Rules r;
    r.pass_schedule = static_cast<PassSchedule>(index % 11);
    r.moon = static_cast<MoonRule>((index / 11 + index) % 7);
    r.sun = static_cast<SunRule>(index % 3);
    r.settlement = static_cast<Settlement>((index / 3) % 3);
    r.num_players = 3 + pick(5);
    if (r.pass_schedule == PassSchedule::kStar) r.num_players = 5;
    r.deck_adjust = static_cast<DeckAdjust>(pick(4));
    r.kitty_seen_by_winner = r.deck_adjust == DeckAdjust::kKitty && pick(2);
    r.pass_count = pick(3) == 0 ? 1 + pick(4) : 0;
    switch (pick(4)) {
      case 0:
        r.forbidden_passes = CardSet{kQueenOfSpades};
        break;
      case 1:
        r.forbidden_passes = CardSet{kQueenOfSpades, kTwoOfClubs, Card(Suit::kHearts, Rank::kAce)};
        break;
      default:
        break;
    }
    r.first_lead = static_cast<FirstLead>(pick(3));
    r.hearts_must_be_broken = pick(2);
    r.queen_breaks_hearts = pick(2);
    r.queen_lead_needs_broken = pick(2);
    r.lead_hearts_if_only_penalty = pick(2);
    r.no_points_first_trick = pick(2);
    r.queen_forced = pick(3) == 0;
    r.black_jack_discard = pick(3) == 0;
    r.penalty_breaks_hearts = pick(3) == 0;
    r.heart_values = static_cast<HeartValues>(pick(4));
    r.bonus_card = std::array{CardSet{}, CardSet{Card(Suit::kDiamonds, Rank::kTen)},
                              CardSet{kQueenOfSpades}}[pick(3)];
    r.bonus_card_points = std::array{-10, 5}[pick(2)];
    r.queen_of_spades_points = std::array{13, 13, 0, 10}[pick(4)];
    r.queen_of_hearts_points = std::array{0, 0, 13, 1}[pick(4)];
    r.jack_of_spades_points = std::array{0, 0, 10}[pick(3)];
    r.jack_of_diamonds_points = std::array{0, -10}[pick(2)];
    r.king_of_spades_points = std::array{0, 0, 10}[pick(3)];
    r.ace_of_spades_points = std::array{0, 0, 7}[pick(3)];
    r.sun_cleans_slate = pick(4) == 0;
    r.no_tricks_bonus = pick(3) == 0;
    switch (pick(3)) {
      case 0:
        r.end_score = 100;
        r.fixed_deals = 0;
        break;
      case 1:
        r.end_score = 0;
        r.fixed_deals = 1 + pick(10);
        break;
      default:
        r.end_score = 40 + pick(120);
        r.fixed_deals = 1 + pick(12);
        break;
    }
    r.exactly_end_score_resets = pick(3) == 0;
    r.starting_counters = 50 + pick(100);
    // Royal Hearts' and Gong Zhu's options, drawn last so that the draws above stay as they were.
    if (pick(4) == 0) {
      for (auto [card, points] : {std::pair{Card(Suit::kDiamonds, Rank::kQueen), -10},
                                  std::pair{Card(Suit::kHearts, Rank::kFive), 10}}) {
        r.valued_cards.insert(card);
        r.card_values[card.id()] = static_cast<int8_t>(points);
      }
    }
    if (pick(4) == 0) r.hearts_doubler = CardSet{kQueenOfHearts};
    if (pick(4) == 0) r.queen_canceller = CardSet{Card(Suit::kClubs, Rank::kQueen)};
    if (pick(4) == 0) r.score_doubler = CardSet{Card(Suit::kClubs, Rank::kTen)};
    if (!r.score_doubler.empty() && pick(2) == 0) r.score_doubler_alone = -50;
    r.bonus_floor_zero = pick(4) == 0;
    r.moon_pays_hand_score = r.moon != MoonRule::kNone && r.moon != MoonRule::kNoScore &&
                             r.moon_points == 0 && pick(3) == 0;
    if (validate(r).ok()) return r;
  }
  ADD_FAILURE() << "no valid rule combination found for fuzz config " << index;
  return Rules{};
}

// Rules of the 52-card game with full tricks (no stock, no booster nines, no jokers).
bool PlainDeck(const Rules& rules) {
  return rules.stock_hand_size == 0 && !rules.booster_nines && rules.jokers == JokerKind::kNone;
}

std::vector<Config> BuildConfigs() {
  std::vector<Config> configs;
  auto add = [&](std::string name, std::string base, Rules rules) {
    Config config;
    config.name = Sanitize(name);
    config.base = std::move(base);
    config.rules = rules;
    const Status status = validate(rules);
    config.valid = status.ok();
    config.reject = status.message();
    configs.push_back(std::move(config));
  };
  // The model here plays one deck; two-deck games have tests/sdk/cancellation_test.cc.
  for (const Preset& preset : presets()) {
    // This model plays one seat against all in clockwise order; the partnership presets (teams,
    // Likha's anticlockwise play) are checked by partnership_test and the verify sweeps.
    if (preset.rules.partnership != Partnership::kNone) continue;
    // The slam bid's per-deal partnership likewise: slam_bid_test and the slam-bid e2e sweeps.
    if (preset.rules.partnership_slam_bid) continue;
    // The model here is of the 52-card game: a stock, booster nines and jokers have their own
    // scenario tests and sweeps (game_stock_test, game_jokers_test, records/verify_test).
    if (!PlainDeck(preset.rules)) continue;
    if (preset.rules.decks != 1) continue;
    for (int n = kMinPlayers; n <= kMaxOneDeckPlayers; ++n) {
      Rules rules = preset.rules;
      rules.num_players = n;
      add(std::string(preset.name) + "_n" + std::to_string(n), std::string(preset.name), rules);
      // The four-way schedules need an even number of players: for odd counts run the preset
      // with the alternating schedule instead, so every preset is played by 3..7 players.
      if (n % 2 == 1 && (rules.pass_schedule == PassSchedule::kFourWay ||
                         rules.pass_schedule == PassSchedule::kFourWayScatter)) {
        Rules alt = rules;
        alt.pass_schedule = PassSchedule::kLeftRight;
        add(std::string(preset.name) + "_leftright_n" + std::to_string(n), std::string(preset.name),
            alt);
      }
    }
  }
  // The model here plays one deck; two-deck games have tests/sdk/cancellation_test.cc.
  for (const Preset& preset : presets()) {
    if (preset.rules.partnership != Partnership::kNone) continue;  // as above
    if (preset.rules.partnership_slam_bid) continue;
    if (!PlainDeck(preset.rules)) continue;
    if (preset.rules.decks != 1) continue;
    for (int n = kMinPlayers; n <= kMaxOneDeckPlayers; ++n) {
      Rules rules = preset.rules;
      rules.num_players = n;
      if (n % 2 == 1 && (rules.pass_schedule == PassSchedule::kFourWay ||
                         rules.pass_schedule == PassSchedule::kFourWayScatter)) {
        rules.pass_schedule = PassSchedule::kLeftRight;
      }
      rules.deck_adjust = DeckAdjust::kKitty;
      rules.kitty_seen_by_winner = n % 2 == 1;
      add("kitty_" + std::string(preset.name) + "_n" + std::to_string(n),
          "kitty_" + std::string(preset.name), rules);
    }
  }
  for (int i = 0; i < kNumFuzzConfigs; ++i) {
    add("fuzz_" + std::to_string(i), "fuzz", FuzzRules(i));
  }
  int valid = 0;
  for (const Config& config : configs) valid += config.valid;
  int per_config = valid > 0 ? (kTargetGames + valid - 1) / valid : 0;
  per_config = std::max(per_config, kMinGamesPerConfig);
  if (const char* env = std::getenv("HEARTS_PROPERTY_GAMES")) per_config = std::atoi(env);
  for (Config& config : configs) config.games = config.valid ? per_config : 0;
  return configs;
}

const std::vector<Config>& AllConfigs() {
  static const std::vector<Config> configs = BuildConfigs();
  return configs;
}

// ------------------------------------------------------------------------------------------
// The independent model of the documented semantics
// ------------------------------------------------------------------------------------------

// Values derived from Rules alone, without looking at CompiledRules.
struct Expect {
  std::array<int, 64> value{};
  CardSet in_play;
  CardSet removed;
  CardSet penalty;   // positive value
  CardSet counters;  // non-zero value
  int hand_size = 0;
  int kitty_size = 0;
  int pass_count = 0;
  int moon_total = 0;
  int negative_total = 0;
};

Card C(Suit suit, Rank rank) {
  return Card(suit, rank);
}

Expect ComputeExpect(const Rules& r) {
  Expect e;
  const int n = r.num_players;
  const int removed = 52 % n;
  std::vector<Card> order;
  switch (r.deck_adjust) {
    case DeckAdjust::kMorehead2001:
      order = {kTwoOfClubs, C(Suit::kDiamonds, Rank::kTwo), C(Suit::kClubs, Rank::kThree),
               C(Suit::kSpades, Rank::kTwo)};
      break;
    case DeckAdjust::kFoster1909:
      order = {kTwoOfClubs, C(Suit::kSpades, Rank::kTwo), C(Suit::kDiamonds, Rank::kTwo),
               C(Suit::kHearts, Rank::kTwo)};
      break;
    case DeckAdjust::kCulbertson1950:
      order = {kTwoOfClubs, C(Suit::kDiamonds, Rank::kTwo), C(Suit::kSpades, Rank::kTwo),
               C(Suit::kHearts, Rank::kTwo)};
      break;
    case DeckAdjust::kKitty:
    case DeckAdjust::kHeartsette:
      break;
  }
  e.in_play = CardSet::full_deck();
  if (r.deck_adjust == DeckAdjust::kHeartsette) {
    // The seed's widow: 2S out with four players (widow 3); widow 4 with three (16 each).
    if (n == 4) e.removed.insert(C(Suit::kSpades, Rank::kTwo));
    e.in_play -= e.removed;
    e.kitty_size = n == 3 ? 4 : n == 4 ? 3 : 52 % n;
    e.hand_size = (e.in_play.size() - e.kitty_size) / n;
  } else if (r.deck_adjust != DeckAdjust::kKitty) {
    for (int i = 0; i < removed; ++i) e.removed.insert(order[i]);
    e.in_play -= e.removed;
    e.hand_size = e.in_play.size() / n;
    e.kitty_size = 0;
  } else {
    e.hand_size = 52 / n;
    e.kitty_size = 52 % n;
  }
  for (Card card : CardSet::full_deck()) {
    int v = 0;
    if (card.suit() == Suit::kHearts) {
      const int face = card.face_value();  // 2..14
      switch (r.heart_values) {
        case HeartValues::kOneEach:
          v = 1;
          break;
        case HeartValues::kFaceValue:
          v = face;
          break;
        case HeartValues::kFaceValueAceOne:
          v = face == 14 ? 1 : face;
          break;
        case HeartValues::kEagle:  // A 5, K 4, Q 3, J 2, pips 1
          v = face == 14 ? 5 : face == 13 ? 4 : face == 12 ? 3 : face == 11 ? 2 : 1;
          break;
        case HeartValues::kGreek:  // A 15, courts 10, pips face value
        case HeartValues::kGreekPipsOne:
          v = face == 14 ? 15 : face >= 11 ? 10 : r.heart_values == HeartValues::kGreek ? face : 1;
          break;
      }
    }
    if (card == kQueenOfSpades) v = r.complex_scores ? 0 : r.queen_of_spades_points;
    // 0 = valued like the other hearts (12 with face values).
    if (card == kQueenOfHearts && r.queen_of_hearts_points != 0) v = r.queen_of_hearts_points;
    if (card == kJackOfSpades) v = r.jack_of_spades_points;
    if (card == kJackOfDiamonds) v = r.jack_of_diamonds_points;
    if (card == kKingOfSpades) v = r.king_of_spades_points;
    if (card == kAceOfSpades) v = r.ace_of_spades_points;
    if (r.bonus_card.contains(card)) v = r.bonus_card_points;
    if (r.valued_cards.contains(card)) v = r.card_values[card.id()];  // overrides all above
    e.value[card.id()] = v;
    if (!e.in_play.contains(card)) continue;
    if (v > 0) {
      e.penalty.insert(card);
      e.moon_total += v;
    }
    if (v < 0) e.negative_total += v;
    if (v != 0) e.counters.insert(card);
  }
  e.pass_count = r.pass_count != 0 ? r.pass_count : (n <= 4 ? 3 : 2);
  return e;
}

// The plan of a fixed schedule, or nullopt for schedules decided at run time.
std::optional<PassPlan> ExpectedSchedule(const Rules& r, const Expect& e, int d) {
  const int n = r.num_players;
  auto offset = [&](int o) {
    return PassPlan{PassKind::kOffset, static_cast<uint8_t>(o), static_cast<uint8_t>(e.pass_count)};
  };
  const PassPlan hold{PassKind::kHold, 0, 0};
  switch (r.pass_schedule) {
    case PassSchedule::kNone:
      return hold;
    case PassSchedule::kLeft:
      return offset(1);
    case PassSchedule::kRight:
      return offset(n - 1);
    case PassSchedule::kLeftRight:
      return d % 2 == 0 ? offset(1) : offset(n - 1);
    case PassSchedule::kFourWay:
    case PassSchedule::kFourWayScatter:
      switch (d % 4) {
        case 0:
          return offset(1);
        case 1:
          return offset(n - 1);
        case 2:
          return offset(n / 2);
        default:
          if (r.pass_schedule == PassSchedule::kFourWay) return hold;
          return PassPlan{PassKind::kScatter, 0, static_cast<uint8_t>(n - 1)};
      }
    case PassSchedule::kStar:
      return PassPlan{PassKind::kStar, 0, 2};
    case PassSchedule::kShuffle:
      return PassPlan{PassKind::kShuffle, 0, static_cast<uint8_t>(e.pass_count)};
    case PassSchedule::kRotating:
      return d % n < n - 1 ? offset(d % n + 1) : hold;
    case PassSchedule::kDealersChoice:
    case PassSchedule::kExternal:
      return std::nullopt;
  }
  return std::nullopt;
}

// Plans compare by kind and count, and by offset only for kOffset (the field means nothing else).
bool SamePlan(const PassPlan& a, const PassPlan& b) {
  if (a.kind != b.kind) return false;
  if (a.kind == PassKind::kHold) return true;
  if (a.count != b.count) return false;
  return a.kind != PassKind::kOffset || a.offset == b.offset;
}

// Who receives card k of `seat`'s pass under `plan`, or -1 (hold / shuffle).
int ExpectedTarget(const PassPlan& plan, int n, int seat, int k) {
  switch (plan.kind) {
    case PassKind::kOffset:
      return (seat + plan.offset) % n;
    case PassKind::kScatter:
      return (seat + 1 + k) % n;
    case PassKind::kStar:
      return (seat + 2 + k) % n;
    default:
      return -1;
  }
}

// --- Printing values in failure messages ---
std::string Show(CardSet set) {
  return "{" + to_string(set) + "}";
}
std::string Show(Card card) {
  return to_string(card);
}
std::string Show(Phase phase) {
  return std::string(name(phase));
}
std::string Show(bool b) {
  return b ? "true" : "false";
}
std::string Show(const PassPlan& plan) {
  std::ostringstream os;
  os << "PassPlan{kind=" << static_cast<int>(plan.kind) << ", offset=" << int{plan.offset}
     << ", count=" << int{plan.count} << "}";
  return os.str();
}
std::string Show(const std::vector<int>& v) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < v.size(); ++i) os << (i ? ", " : "") << v[i];
  os << "]";
  return os.str();
}
template <typename T>
requires std::is_integral_v<T> || std::is_enum_v<T> std::string Show(T value) {
  return std::to_string(static_cast<long long>(value));
}

template <size_t N>
std::vector<int> Prefix(const std::array<int, N>& values, int n) {
  return std::vector<int>(values.begin(), values.begin() + n);
}

// Checks inside Runner: on failure report once (with the game's context) and abandon the game.
#define PT_CHECK(cond)                             \
  do {                                             \
    if (!(cond)) return Fail(__LINE__, #cond, ""); \
  } while (0)
#define PT_CHECK_EQ(a, b)                                                                    \
  do {                                                                                       \
    const auto& pt_a = (a);                                                                  \
    const auto& pt_b = (b);                                                                  \
    if (!(pt_a == pt_b)) {                                                                   \
      return Fail(__LINE__, #a " == " #b, "got " + Show(pt_a) + ", expected " + Show(pt_b)); \
    }                                                                                        \
  } while (0)
#define PT_CHECK_OK(status_expr)                                                   \
  do {                                                                             \
    const Status pt_status = (status_expr);                                        \
    if (!pt_status.ok()) return Fail(__LINE__, #status_expr, pt_status.message()); \
  } while (0)
#define PT_CHECK_ERROR(status_expr)                                                           \
  do {                                                                                        \
    const Status pt_status = (status_expr);                                                   \
    if (pt_status.ok()) return Fail(__LINE__, #status_expr, "was accepted but is not legal"); \
  } while (0)

uint64_t Mix(uint64_t hash, uint64_t value) {
  hash ^= value + 0x9E3779B97F4A7C15ull + (hash << 6) + (hash >> 2);
  return hash * 0x100000001B3ull;
}

// Plays one game with a uniform-random player and checks it against the model.
class Runner {
 public:
  Runner(const CompiledRules& compiled, const Expect& expect, std::string_view label, uint64_t seed)
      : compiled_(compiled),
        r_(compiled.rules),
        e_(expect),
        n_(compiled.rules.num_players),
        label_(label),
        seed_(seed),
        player_(derive_seed(seed, 0x706C61796572ull)),
        game_(compiled, seed) {}

  bool Run();
  uint64_t hash() const { return hash_; }
  int deals() const { return deals_; }

 private:
  bool Fail(int line, std::string_view what, const std::string& detail) {
    ADD_FAILURE_AT(__FILE__, line)
        << label_ << " seed=" << seed_ << " deal=" << deals_ << " phase=" << name(game_.phase())
        << " plays=" << game_.plays().size() << ": check failed: " << what
        << (detail.empty() ? "" : " -- ") << detail;
    return false;
  }
  uint32_t Pick(uint32_t bound) { return player_.uniform(bound); }
  Card PickFrom(CardSet set) {
    return set.nth(static_cast<int>(Pick(static_cast<uint32_t>(set.size()))));
  }

  bool PlayDeal();
  bool Deal();
  bool ChoosePlan();
  bool Passes();
  bool Play();
  bool PlayOne(int trick, int position);
  bool FinishTrick(int trick);
  bool FinishDeal(std::optional<bool> moon_choice);
  CardSet ExpectedLegal(int seat) const;
  int MoonShooter() const;
  int AllTricksSeat() const;

  const CompiledRules& compiled_;
  const Rules& r_;
  const Expect& e_;
  const int n_;
  std::string label_;
  uint64_t seed_;
  Rng player_;
  Game game_;
  uint64_t hash_ = 0;

  // Game-level model.
  int deals_ = 0;
  std::array<int, kMaxPlayers> scores_{};
  std::array<int, kMaxPlayers> counters_{};
  std::array<int, kMaxPlayers> scores_imag_{};  // Complex Hearts
  int pool_ = 0;
  // Complex Hearts: |score|^2, which orders seats and ends the game.
  int64_t Magnitude(int s) const {
    return int64_t{scores_[s]} * scores_[s] + int64_t{scores_imag_[s]} * scores_imag_[s];
  }
  bool GameEnds() const {
    bool over = r_.fixed_deals > 0 && deals_ >= r_.fixed_deals;
    for (int s = 0; s < n_; ++s) {
      over |= r_.end_score > 0 && (r_.complex_scores ? Magnitude(s) >= r_.end_score * r_.end_score
                                                     : scores_[s] >= r_.end_score);
    }
    return over;
  }

  // Deal-level model.
  PassPlan plan_;
  std::array<CardSet, kMaxPlayers> dealt_{};
  std::array<CardSet, kMaxPlayers> passed_{};
  std::array<CardSet, kMaxPlayers> received_{};
  std::array<CardSet, kMaxPlayers> hands_{};
  std::array<CardSet, kMaxPlayers> taken_{};
  std::array<int, kMaxPlayers> points_{};
  std::array<int, kMaxPlayers> tricks_{};
  CardSet kitty_;
  CardSet played_;
  std::array<PlayRecord, kMaxPlayers> trick_{};
  int trick_size_ = 0;
  int leader_ = 0;
  bool broken_ = false;
  Card first_lead_card_;
};

bool Runner::Run() {
  PT_CHECK_EQ(game_.phase(), Phase::kDeal);
  PT_CHECK_EQ(game_.to_act(), -1);
  PT_CHECK_EQ(game_.deals_completed(), 0);
  PT_CHECK_EQ(game_.seed(), seed_);
  PT_CHECK_EQ(game_.num_players(), n_);
  PT_CHECK_EQ(game_.pool(), 0);
  for (int s = 0; s < n_; ++s) {
    PT_CHECK_EQ(game_.score(s), 0);
    counters_[s] = r_.settlement == Settlement::kPoints ? 0 : r_.starting_counters;
    if (r_.settlement != Settlement::kPoints) PT_CHECK_EQ(game_.counters(s), counters_[s]);
  }
  while (!game_.is_over()) {
    PT_CHECK(deals_ < kMaxDealsPerGame);
    if (!PlayDeal()) return false;
  }
  // Final standing.
  PT_CHECK_EQ(game_.phase(), Phase::kGameOver);
  PT_CHECK_EQ(game_.to_act(), -1);
  PT_CHECK_EQ(game_.legal_plays(), CardSet{});
  PT_CHECK_ERROR(game_.play(game_.hand(0).empty() ? kTwoOfClubs : game_.hand(0).lowest()));
  for (int s = 0; s < n_; ++s) {
    int better = 0;
    for (int t = 0; t < n_; ++t) {
      if (r_.complex_scores                      ? Magnitude(t) < Magnitude(s)
          : r_.settlement == Settlement::kPoints ? scores_[t] < scores_[s]
                                                 : counters_[t] > counters_[s]) {
        ++better;
      }
    }
    PT_CHECK_EQ(game_.rank(s), better + 1);
    hash_ = Mix(hash_, static_cast<uint64_t>(game_.rank(s)));
  }
  return true;
}

bool Runner::PlayDeal() {
  const int d = deals_;
  PT_CHECK_EQ(game_.phase(), Phase::kDeal);
  PT_CHECK_EQ(game_.to_act(), -1);
  PT_CHECK_EQ(game_.deal_index(), d);
  PT_CHECK_EQ(game_.dealer(), (n_ - 1 + d) % n_);
  PT_CHECK_EQ(game_.eldest(), d % n_);
  PT_CHECK_EQ(game_.legal_plays(), CardSet{});
  if (!Deal()) return false;
  if (!ChoosePlan()) return false;
  if (plan_.kind != PassKind::kHold) {
    if (!Passes()) return false;
  } else {
    for (int s = 0; s < n_; ++s) hands_[s] = dealt_[s];
  }
  return Play();
}

bool Runner::Deal() {
  const int eldest = game_.eldest();
  // The documented deal: cards in play in ascending id order, shuffled with the deal's Rng, dealt
  // one at a time from eldest; the rest is the kitty.
  std::array<Card, kDeckSize> deck{};
  int size = 0;
  for (Card card : e_.in_play) deck[size++] = card;
  Rng rng(derive_seed(seed_, static_cast<uint64_t>(deals_)));
  rng.shuffle(std::span<Card>(deck.data(), static_cast<size_t>(size)));
  std::array<CardSet, kMaxPlayers> expected{};
  CardSet expected_kitty;
  for (int k = 0; k < size; ++k) {
    if (k < n_ * e_.hand_size) {
      expected[(eldest + k) % n_].insert(deck[k]);
    } else {
      expected_kitty.insert(deck[k]);
    }
  }
  // Usually resolve the chance node; sometimes script the same deal through deal_hands().
  if (Pick(16) == 0) {
    PT_CHECK_OK(game_.deal_hands(std::span<const CardSet>(expected.data(), static_cast<size_t>(n_)),
                                 expected_kitty));
  } else {
    game_.resolve_chance();
  }
  PT_CHECK(game_.phase() != Phase::kDeal);
  CardSet all;
  for (int s = 0; s < n_; ++s) {
    dealt_[s] = game_.dealt_hand(s);
    PT_CHECK_EQ(dealt_[s], expected[s]);
    PT_CHECK_EQ(game_.hand(s), dealt_[s]);
    PT_CHECK_EQ(dealt_[s].size(), e_.hand_size);
    PT_CHECK(!all.intersects(dealt_[s]));
    all |= dealt_[s];
    PT_CHECK(!game_.has_passed(s));
    PT_CHECK_EQ(game_.received_by(s), CardSet{});
    PT_CHECK_EQ(game_.taken(s), CardSet{});
    PT_CHECK_EQ(game_.points_taken(s), 0);
    PT_CHECK_EQ(game_.tricks_won(s), 0);
    passed_[s] = received_[s] = taken_[s] = CardSet{};
    points_[s] = tricks_[s] = 0;
  }
  kitty_ = game_.kitty();
  PT_CHECK_EQ(kitty_, expected_kitty);
  PT_CHECK_EQ(kitty_.size(), e_.kitty_size);
  PT_CHECK(!all.intersects(kitty_));
  PT_CHECK_EQ(all | kitty_, e_.in_play);
  PT_CHECK_EQ(game_.plays().size(), size_t{0});
  PT_CHECK_EQ(game_.played_cards(), CardSet{});
  PT_CHECK(!game_.hearts_broken());
  for (int s = 0; s < n_; ++s) hash_ = Mix(hash_, dealt_[s].bits());
  return true;
}

bool Runner::ChoosePlan() {
  // A pass never moves more than half the hand, nor more than kMaxPassCards (6).
  const int hand_half = std::min(e_.hand_size / 2, kMaxPassCards);
  const Phase phase = game_.phase();
  if (r_.pass_schedule == PassSchedule::kExternal) {
    PT_CHECK_EQ(phase, Phase::kPassDirection);
    PT_CHECK_EQ(game_.to_act(), -1);
    PT_CHECK_ERROR(game_.pass_cards(std::span<const Card>()));
    if (Pick(2) == 0) {
      // The deal's chance stream draws uniform(n): 0 = hold, k = offset k.
      Rng chance(derive_seed(derive_seed(seed_, static_cast<uint64_t>(deals_)), 1));
      const int draw = static_cast<int>(chance.uniform(static_cast<uint32_t>(n_)));
      const PassPlan expected = draw == 0 ? PassPlan{PassKind::kHold, 0, 0}
                                          : PassPlan{PassKind::kOffset, static_cast<uint8_t>(draw),
                                                     static_cast<uint8_t>(e_.pass_count)};
      game_.resolve_chance();
      if (!SamePlan(game_.pass_plan(), expected)) {
        return Fail(__LINE__, "resolve_chance() pass direction",
                    "got " + Show(game_.pass_plan()) + ", expected " + Show(expected));
      }
    } else {
      const int o = static_cast<int>(Pick(static_cast<uint32_t>(n_)));
      const PassPlan plan = o == 0 ? PassPlan{PassKind::kHold, 0, 0}
                                   : PassPlan{PassKind::kOffset, static_cast<uint8_t>(o),
                                              static_cast<uint8_t>(e_.pass_count)};
      PT_CHECK_OK(game_.set_pass_plan(plan));
    }
    plan_ = game_.pass_plan();
    const bool allowed =
        plan_.kind == PassKind::kHold || (plan_.kind == PassKind::kOffset && plan_.offset >= 1 &&
                                          plan_.offset <= n_ - 1 && plan_.count == e_.pass_count);
    if (!allowed) return Fail(__LINE__, "external plan is hold or an offset", Show(plan_));
  } else if (r_.pass_schedule == PassSchedule::kDealersChoice) {
    PT_CHECK_EQ(phase, Phase::kDealerChoice);
    PT_CHECK_EQ(game_.to_act(), game_.dealer());
    // Invalid plans are refused and change nothing.
    if (Pick(4) == 0) {
      PT_CHECK_ERROR(
          game_.set_pass_plan(PassPlan{PassKind::kOffset, 1, static_cast<uint8_t>(hand_half + 1)}));
      PT_CHECK_ERROR(game_.set_pass_plan(PassPlan{PassKind::kOffset, static_cast<uint8_t>(n_), 1}));
      PT_CHECK_ERROR(game_.set_pass_plan(PassPlan{PassKind::kOffset, 0, 1}));
      if (n_ != 5) PT_CHECK_ERROR(game_.set_pass_plan(PassPlan{PassKind::kStar, 0, 2}));
      PT_CHECK_EQ(game_.phase(), Phase::kDealerChoice);
      PT_CHECK_EQ(game_.to_act(), game_.dealer());
    }
    PassPlan plan;
    const uint32_t roll = Pick(8);
    if (roll == 0) {
      plan = PassPlan{PassKind::kHold, 0, 0};
    } else if (roll == 1 && n_ == 5) {
      plan = PassPlan{PassKind::kStar, 0, 2};
    } else if (roll == 2 && n_ - 1 <= hand_half) {
      plan = PassPlan{PassKind::kScatter, 0, static_cast<uint8_t>(n_ - 1)};
    } else {
      plan =
          PassPlan{PassKind::kOffset, static_cast<uint8_t>(1 + Pick(static_cast<uint32_t>(n_ - 1))),
                   static_cast<uint8_t>(1 + Pick(static_cast<uint32_t>(hand_half)))};
    }
    PT_CHECK_OK(validate_pass_plan(compiled_, plan));
    PT_CHECK_OK(game_.set_pass_plan(plan));
    plan_ = game_.pass_plan();
    PT_CHECK(SamePlan(plan_, plan));
  } else {
    PT_CHECK(phase == Phase::kPass || phase == Phase::kPlay);
    plan_ = game_.pass_plan();
    const std::optional<PassPlan> expected = ExpectedSchedule(r_, e_, deals_);
    if (!SamePlan(plan_, *expected)) {
      return Fail(__LINE__, "scheduled plan",
                  "got " + Show(plan_) + ", expected " + Show(*expected));
    }
    PT_CHECK(SamePlan(scheduled_pass(compiled_, deals_), *expected));
  }
  PT_CHECK_EQ(game_.phase(), plan_.kind == PassKind::kHold ? Phase::kPlay : Phase::kPass);
  hash_ = Mix(hash_, static_cast<uint64_t>(plan_.kind) * 256 + plan_.offset * 16 + plan_.count);
  return true;
}

bool Runner::Passes() {
  const int count = plan_.count;
  PT_CHECK(count >= 1 && count <= kMaxPassCards);
  PT_CHECK(count <= e_.hand_size / 2);
  const int eldest = game_.eldest();
  std::array<std::array<Card, kMaxPassCards>, kMaxPlayers> order{};
  for (int i = 0; i < n_; ++i) {
    const int seat = (eldest + i) % n_;
    PT_CHECK_EQ(game_.phase(), Phase::kPass);
    PT_CHECK_EQ(game_.to_act(), seat);
    PT_CHECK(!game_.passes_exchanged());
    PT_CHECK_EQ(game_.legal_plays(), CardSet{});
    const CardSet hand = game_.hand(seat);
    PT_CHECK_EQ(hand, dealt_[seat]);
    const CardSet passable = game_.passable(seat);
    PT_CHECK_EQ(passable, hand - r_.forbidden_passes);
    PT_CHECK(passable.size() >= count);
    // Choose `count` distinct cards uniformly.
    std::array<Card, kMaxHandSize> pool{};
    int pool_size = 0;
    for (Card card : passable) pool[pool_size++] = card;
    for (int k = 0; k < count; ++k) {
      const int j = k + static_cast<int>(Pick(static_cast<uint32_t>(pool_size - k)));
      std::swap(pool[k], pool[j]);
    }
    std::span<const Card> chosen(pool.data(), static_cast<size_t>(count));
    // Illegal passes are refused and change nothing.
    if (Pick(8) == 0) {
      PT_CHECK_ERROR(game_.pass_cards(chosen.first(static_cast<size_t>(count - 1))));
      std::array<Card, kMaxPassCards + 1> more{};
      std::copy(chosen.begin(), chosen.end(), more.begin());
      if (pool_size > count) {
        more[count] = pool[count];
        PT_CHECK_ERROR(game_.pass_cards(std::span<const Card>(more.data(), count + 1)));
      }
      if (count >= 2) {
        more[count - 1] = more[0];  // a duplicate
        PT_CHECK_ERROR(game_.pass_cards(std::span<const Card>(more.data(), count)));
      }
      const CardSet elsewhere = e_.in_play - hand;
      if (!elsewhere.empty()) {
        std::copy(chosen.begin(), chosen.end(), more.begin());
        more[0] = PickFrom(elsewhere);
        PT_CHECK_ERROR(game_.pass_cards(std::span<const Card>(more.data(), count)));
      }
      const CardSet forbidden = hand & r_.forbidden_passes;
      if (!forbidden.empty()) {
        std::copy(chosen.begin(), chosen.end(), more.begin());
        more[0] = forbidden.lowest();
        PT_CHECK_ERROR(game_.pass_cards(std::span<const Card>(more.data(), count)));
      }
      PT_CHECK_ERROR(game_.play(hand.lowest()));
      PT_CHECK_EQ(game_.phase(), Phase::kPass);
      PT_CHECK_EQ(game_.to_act(), seat);
      PT_CHECK_EQ(game_.hand(seat), hand);
      PT_CHECK(!game_.has_passed(seat));
    }
    PT_CHECK_OK(game_.pass_cards(chosen));
    for (int k = 0; k < count; ++k) {
      order[seat][k] = chosen[k];
      passed_[seat].insert(chosen[k]);
      hash_ = Mix(hash_, static_cast<uint64_t>(chosen[k].id()));
    }
    PT_CHECK(game_.has_passed(seat));
    const std::span<const Card> recorded = game_.passed_by(seat);
    PT_CHECK_EQ(recorded.size(), static_cast<size_t>(count));
    for (int k = 0; k < count; ++k) PT_CHECK_EQ(recorded[k], chosen[k]);
    if (i < n_ - 1) {
      // Cards leave the hand at once; nothing is received before the last pass.
      PT_CHECK_EQ(game_.hand(seat), dealt_[seat] - passed_[seat]);
      PT_CHECK_EQ(game_.received_by(seat), CardSet{});
    }
  }
  PT_CHECK_EQ(game_.phase(), Phase::kPlay);
  PT_CHECK(game_.passes_exchanged());
  CardSet all_passed, all_received, all_hands;
  for (int s = 0; s < n_; ++s) {
    received_[s] = game_.received_by(s);
    PT_CHECK_EQ(received_[s].size(), count);
    all_passed |= passed_[s];
    all_received |= received_[s];
    hands_[s] = game_.hand(s);
    PT_CHECK_EQ(hands_[s], (dealt_[s] - passed_[s]) | received_[s]);
    PT_CHECK_EQ(hands_[s].size(), e_.hand_size);
    PT_CHECK(!all_hands.intersects(hands_[s]));
    all_hands |= hands_[s];
    for (int k = 0; k < count; ++k) PT_CHECK_EQ(game_.passed_by(s)[k], order[s][k]);
  }
  PT_CHECK_EQ(all_received, all_passed);
  PT_CHECK_EQ(all_hands | kitty_, e_.in_play);
  if (plan_.kind != PassKind::kShuffle) {
    std::array<CardSet, kMaxPlayers> expected{};
    for (int s = 0; s < n_; ++s) {
      for (int k = 0; k < count; ++k) {
        const int target = ExpectedTarget(plan_, n_, s, k);
        PT_CHECK(target >= 0 && target != s);
        PT_CHECK_EQ(pass_target(plan_, n_, s, k), target);
        expected[target].insert(order[s][k]);
      }
    }
    for (int s = 0; s < n_; ++s) PT_CHECK_EQ(received_[s], expected[s]);
    // Each received card is listed once with the seat that really passed it.
    for (int s = 0; s < n_; ++s) {
      const auto listed = game_.received_list(s);
      PT_CHECK_EQ(static_cast<int>(listed.size()), received_[s].size());
      CardSet cards;
      for (const ReceivedCard& got : listed) {
        const int from = got.from_seat;
        PT_CHECK(from >= 0 && from < n_ && from != s);
        bool sent = false;
        for (int k = 0; k < count; ++k) {
          sent |= order[from][k] == got.card && ExpectedTarget(plan_, n_, from, k) == s;
        }
        PT_CHECK(sent);
        cards.insert(got.card);
      }
      PT_CHECK_EQ(cards, received_[s]);
    }
  } else {
    // From the pile: no sender, listed in card order.
    for (int s = 0; s < n_; ++s) {
      CardSet cards;
      Card previous;
      for (const ReceivedCard& got : game_.received_list(s)) {
        PT_CHECK_EQ(static_cast<int>(got.from_seat), -1);
        PT_CHECK(!previous.is_valid() || previous.id() < got.card.id());
        previous = got.card;
        cards.insert(got.card);
      }
      PT_CHECK_EQ(cards, received_[s]);
    }
    // The pile (gathered from eldest in passing order; ascending card order is also accepted, the
    // spec leaves the gathering order open) is shuffled with the deal's chance stream and
    // re-dealt one card at a time from eldest.
    std::array<Card, kMaxPlayers * kMaxPassCards> pile{}, sorted{};
    int size = 0;
    for (int i = 0; i < n_; ++i) {
      const int seat = (eldest + i) % n_;
      for (int k = 0; k < count; ++k) pile[size++] = order[seat][k];
    }
    int sorted_size = 0;
    for (Card card : all_passed) sorted[sorted_size++] = card;
    auto redeal = [&](std::array<Card, kMaxPlayers * kMaxPassCards> cards) {
      Rng chance(derive_seed(derive_seed(seed_, static_cast<uint64_t>(deals_)), 1));
      chance.shuffle(std::span<Card>(cards.data(), static_cast<size_t>(size)));
      std::array<CardSet, kMaxPlayers> got{};
      for (int k = 0; k < size; ++k) got[(eldest + k) % n_].insert(cards[k]);
      return got;
    };
    const auto expected = redeal(pile);
    const auto expected_sorted = redeal(sorted);
    bool same = true, same_sorted = true;
    for (int s = 0; s < n_; ++s) {
      same &= received_[s] == expected[s];
      same_sorted &= received_[s] == expected_sorted[s];
    }
    if (!same && !same_sorted) {
      std::string detail;
      for (int s = 0; s < n_; ++s) {
        detail += "seat " + std::to_string(s) + " received " + Show(received_[s]) + " expected " +
                  Show(expected[s]) + "; ";
      }
      return Fail(__LINE__, "shuffle pass re-deal", detail);
    }
  }
  return true;
}

// The documented legal plays for `seat` from the model.
CardSet Runner::ExpectedLegal(int seat) const {
  const CardSet hand = hands_[seat];
  const bool first_trick = played_.size() < n_;
  auto lead_restricted = [&](CardSet legal) {
    CardSet restricted;
    if (r_.hearts_must_be_broken && !broken_) restricted |= CardSet::whole_suit(Suit::kHearts);
    if (r_.queen_lead_needs_broken && !broken_) restricted.insert(kQueenOfSpades);
    if (r_.lead_hearts_if_only_penalty && (hand - e_.penalty).empty()) return legal;
    const CardSet allowed = legal - restricted;
    return allowed.empty() ? legal : allowed;
  };
  if (trick_size_ == 0) {
    if (first_trick) {
      switch (r_.first_lead) {
        case FirstLead::kTwoOfClubs:
          return CardSet{first_lead_card_};
        case FirstLead::kAnyClub:
          return hand.of_suit(Suit::kClubs);
        case FirstLead::kEldestAny: {
          // No penalty lead on trick 1 unless nothing else; the lead restrictions apply too.
          CardSet legal = hand;
          if (r_.no_points_first_trick && !(hand - e_.penalty).empty()) legal = hand - e_.penalty;
          legal = lead_restricted(legal);
          // Greek Hearts: no heart lead to the first trick (of every deal, or of the game).
          const CardSet hearts = CardSet::whole_suit(Suit::kHearts);
          const bool banned =
              r_.heart_lead_first_trick == HeartLeadFirstTrick::kEveryDeal ||
              (r_.heart_lead_first_trick == HeartLeadFirstTrick::kFirstDeal && deals_ == 0);
          if (banned && !(legal - hearts).empty()) return legal - hearts;
          if (banned && !(hand - hearts).empty()) return hand - hearts;
          return legal;
        }
      }
    }
    return lead_restricted(hand);
  }
  const Suit led = trick_[0].card.suit();
  const CardSet follow = hand.of_suit(led);
  if (!follow.empty()) {
    if (r_.queen_forced && led == Suit::kSpades && follow.contains(kQueenOfSpades)) {
      for (int i = 0; i < trick_size_; ++i) {
        if (trick_[i].card == kKingOfSpades || trick_[i].card == kAceOfSpades) {
          return CardSet{kQueenOfSpades};
        }
      }
    }
    return follow;
  }
  CardSet base = hand;
  if (first_trick && r_.no_points_first_trick && !(hand - e_.penalty).empty()) {
    base = hand - e_.penalty;
  }
  if (r_.queen_forced && base.contains(kQueenOfSpades)) return CardSet{kQueenOfSpades};
  if (r_.black_jack_discard && base.contains(kJackOfSpades)) return CardSet{kJackOfSpades};
  return base;
}

bool Runner::Play() {
  CardSet all;
  for (int s = 0; s < n_; ++s) all |= hands_[s];
  first_lead_card_ = all.of_suit(Suit::kClubs).lowest();
  if (r_.first_lead == FirstLead::kEldestAny) {
    leader_ = game_.eldest();
  } else {
    leader_ = -1;
    for (int s = 0; s < n_; ++s) {
      if (hands_[s].contains(first_lead_card_)) leader_ = s;
    }
  }
  trick_size_ = 0;
  broken_ = false;
  played_ = CardSet{};
  PT_CHECK_EQ(game_.to_act(), leader_);
  PT_CHECK_EQ(game_.trick_leader(), leader_);
  for (int t = 0; t < e_.hand_size; ++t) {
    for (int i = 0; i < n_; ++i) {
      if (!PlayOne(t, i)) return false;
    }
    if (!FinishTrick(t)) return false;
  }
  // The deal is over: maybe a moon choice, then the deal result.
  std::optional<bool> choice;
  const int shooter = MoonShooter();
  const bool sun = r_.sun != SunRule::kNone && AllTricksSeat() >= 0;
  if (r_.moon == MoonRule::kShooterChoice && shooter >= 0 && !sun) {
    PT_CHECK_EQ(game_.phase(), Phase::kMoonChoice);
    PT_CHECK_EQ(game_.to_act(), shooter);
    PT_CHECK_EQ(game_.deals_completed(), deals_);
    PT_CHECK_ERROR(game_.play(kTwoOfClubs));
    choice = Pick(2) == 1;
    PT_CHECK_OK(game_.choose_moon(*choice));
    PT_CHECK_ERROR(game_.choose_moon(*choice));
  }
  PT_CHECK(game_.phase() != Phase::kMoonChoice);
  return FinishDeal(choice);
}

bool Runner::PlayOne(int trick, int position) {
  const int seat = (leader_ + position) % n_;
  PT_CHECK_EQ(game_.phase(), Phase::kPlay);
  PT_CHECK_EQ(game_.to_act(), seat);
  PT_CHECK_EQ(game_.trick_leader(), leader_);
  PT_CHECK_EQ(game_.tricks_completed(), trick);
  PT_CHECK_EQ(game_.plays().size(), static_cast<size_t>(trick * n_ + position));
  const CardSet hand = game_.hand(seat);
  PT_CHECK_EQ(hand, hands_[seat]);
  const std::span<const PlayRecord> current = game_.current_trick();
  PT_CHECK_EQ(current.size(), static_cast<size_t>(position));
  for (int k = 0; k < position; ++k) {
    PT_CHECK_EQ(int{current[k].seat}, int{trick_[k].seat});
    PT_CHECK_EQ(current[k].card, trick_[k].card);
  }
  const CardSet legal = game_.legal_plays();
  PT_CHECK(!legal.empty());
  PT_CHECK(hand.contains_all(legal));
  // Follow suit, read directly from current_trick().
  if (!current.empty()) {
    const Suit led = current[0].card.suit();
    if (hand.has_suit(led)) PT_CHECK(hand.of_suit(led).contains_all(legal));
  }
  // The full documented rule set.
  const CardSet expected = ExpectedLegal(seat);
  if (legal != expected) {
    std::string detail = "legal_plays() = " + Show(legal) + ", expected " + Show(expected);
    detail += "; hand " + Show(hand) + ", trick";
    for (int k = 0; k < position; ++k) detail += " " + to_string(trick_[k].card);
    detail += ", hearts broken " + Show(broken_) + ", trick " + std::to_string(trick);
    return Fail(__LINE__, "legal plays", detail);
  }
  // Illegal plays are refused and change nothing.
  if (Pick(16) == 0) {
    const CardSet illegal = hand - legal;
    const Card bad = !illegal.empty() ? PickFrom(illegal) : PickFrom(e_.in_play - hand);
    PT_CHECK_ERROR(game_.play(bad));
    PT_CHECK_ERROR(game_.play(Card()));
    PT_CHECK_ERROR(game_.choose_moon(true));
    PT_CHECK_ERROR(game_.set_pass_plan(PassPlan{PassKind::kHold, 0, 0}));
    PT_CHECK_EQ(game_.to_act(), seat);
    PT_CHECK_EQ(game_.hand(seat), hand);
    PT_CHECK_EQ(game_.plays().size(), static_cast<size_t>(trick * n_ + position));
    PT_CHECK_EQ(game_.legal_plays(), legal);
  }
  const Card card = PickFrom(legal);
  PT_CHECK_OK(game_.play(card));
  hash_ = Mix(hash_, static_cast<uint64_t>(seat * 64 + card.id()));
  hands_[seat].erase(card);
  played_.insert(card);
  trick_[trick_size_++] = PlayRecord{static_cast<uint8_t>(seat), card};
  if (card.suit() == Suit::kHearts || (r_.queen_breaks_hearts && card == kQueenOfSpades) ||
      (r_.penalty_breaks_hearts && e_.value[card.id()] > 0)) {
    broken_ = true;
  }
  return true;
}

bool Runner::FinishTrick(int trick) {
  const Suit led = trick_[0].card.suit();
  int winner = trick_[0].seat;
  Card best = trick_[0].card;
  CardSet cards;
  for (int k = 0; k < trick_size_; ++k) {
    cards.insert(trick_[k].card);
    if (trick_[k].card.suit() == led && trick_[k].card.rank() > best.rank()) {
      best = trick_[k].card;
      winner = trick_[k].seat;
    }
  }
  if (trick == 0) cards |= kitty_;  // the kitty goes with the first trick
  taken_[winner] |= cards;
  for (Card card : cards) points_[winner] += e_.value[card.id()];
  ++tricks_[winner];
  trick_size_ = 0;
  leader_ = winner;
  if (trick == e_.hand_size - 1) return true;  // the deal result is checked by FinishDeal
  PT_CHECK_EQ(game_.tricks_completed(), trick + 1);
  PT_CHECK_EQ(game_.trick_winner(trick), winner);
  PT_CHECK_EQ(game_.trick_leader(), winner);
  PT_CHECK_EQ(game_.to_act(), winner);
  PT_CHECK_EQ(game_.hearts_broken(), broken_);
  PT_CHECK_EQ(game_.played_cards(), played_);
  PT_CHECK(game_.current_trick().empty());
  for (int s = 0; s < n_; ++s) {
    PT_CHECK_EQ(game_.taken(s), taken_[s]);
    PT_CHECK_EQ(game_.points_taken(s), points_[s]);
    PT_CHECK_EQ(game_.tricks_won(s), tricks_[s]);
  }
  return true;
}

int Runner::MoonShooter() const {
  const CardSet needed = r_.moon == MoonRule::kOmnibus ? e_.counters : e_.penalty;
  for (int s = 0; s < n_; ++s) {
    if (taken_[s].contains_all(needed)) return s;
  }
  return -1;
}

int Runner::AllTricksSeat() const {
  for (int s = 0; s < n_; ++s) {
    if (tricks_[s] == e_.hand_size) return s;
  }
  return -1;
}

bool Runner::FinishDeal(std::optional<bool> moon_choice) {
  PT_CHECK_EQ(game_.deals_completed(), deals_ + 1);
  const DealResult& result = game_.last_deal();
  const int mt = e_.moon_total;
  PT_CHECK_EQ(result.deal_index, deals_);
  PT_CHECK_EQ(result.dealer, (n_ - 1 + deals_) % n_);
  PT_CHECK(SamePlan(result.pass, plan_));
  PT_CHECK_EQ(Prefix(result.points_taken, n_), Prefix(points_, n_));
  PT_CHECK_EQ(Prefix(result.tricks_won, n_), Prefix(tricks_, n_));
  int total = 0;
  for (int s = 0; s < n_; ++s) total += result.points_taken[s];
  PT_CHECK_EQ(total, e_.moon_total + e_.negative_total);
  PT_CHECK_EQ(total, compiled_.moon_total + e_.negative_total);

  // Expected deal scores.
  std::array<int, kMaxPlayers> d = points_;
  // Royal Hearts' and Gong Zhu's taker effects, from the cards each seat took.
  for (int s = 0; s < n_; ++s) {
    const CardSet t = taken_[s];
    if (t.intersects(r_.hearts_doubler)) {
      for (Card card : t.of_suit(Suit::kHearts)) d[s] += e_.value[card.id()];
    }
    if (t.intersects(r_.queen_canceller) && t.contains(kQueenOfSpades)) {
      d[s] -= e_.value[kQueenOfSpades.id()];
    }
    if (t.intersects(r_.score_doubler)) {
      bool other_counter = false;
      for (Card card : t)
        other_counter |= e_.value[card.id()] != 0 && !r_.score_doubler.contains(card);
      d[s] = other_counter ? 2 * d[s] : r_.score_doubler_alone;
    }
  }
  const int shooter = MoonShooter();
  const int all_tricks = AllTricksSeat();
  bool moon_scored = false, sun_scored = false;
  std::optional<bool> new_moon;
  if (r_.sun != SunRule::kNone && all_tricks >= 0) {
    sun_scored = true;
    for (int s = 0; s < n_; ++s) {
      if (s == all_tricks) {
        d[s] = 0;
      } else if (r_.sun == SunRule::kSun) {
        d[s] = 2 * mt;
      } else {
        // Nobody passes to the shooter on a hold or shuffle deal: the others score once, or all
        // double under punishment_unpassed=everyone-double.
        bool passed_to_shooter =
            (plan_.kind == PassKind::kHold || plan_.kind == PassKind::kShuffle) &&
            r_.punishment_unpassed == PunishmentUnpassed::kEveryoneDouble;
        for (int k = 0; k < plan_.count && !passed_to_shooter; ++k) {
          passed_to_shooter = ExpectedTarget(plan_, n_, s, k) == all_tricks;
        }
        d[s] = passed_to_shooter ? 2 * mt : mt;
      }
    }
    PT_CHECK_EQ(result.sun_shooter, all_tricks);
  } else {
    if (r_.sun != SunRule::kNone) PT_CHECK_EQ(result.sun_shooter, -1);
    if (r_.moon != MoonRule::kNone) PT_CHECK_EQ(result.moon_shooter, shooter);
    if (r_.moon != MoonRule::kNone && shooter >= 0) {
      moon_scored = true;
      // moon_pays_hand_score: the shooter's own deal score is the moon (Royal Hearts).
      const int moon = r_.moon_pays_hand_score ? d[shooter] : mt;
      // moon_points: what the moon pays, in place of the moon total.
      const int paid = r_.moon_points > 0 ? r_.moon_points : moon;
      auto old_moon = [&] {
        for (int s = 0; s < n_; ++s) d[s] += s == shooter ? -moon : paid;
        new_moon = false;
      };
      auto new_moon_score = [&] {
        d[shooter] -= moon + paid;
        new_moon = true;
      };
      switch (r_.moon) {
        case MoonRule::kNone:
          break;
        case MoonRule::kNoScore:
          for (int s = 0; s < n_; ++s) d[s] = 0;
          break;
        case MoonRule::kPenalty:
          d[shooter] = r_.moon_penalty;
          break;
        case MoonRule::kOldMoon:
          old_moon();
          break;
        case MoonRule::kNewMoon:
          new_moon_score();
          break;
        case MoonRule::kShooterChoice:
          PT_CHECK(moon_choice.has_value());
          if (*moon_choice) {
            new_moon_score();
          } else {
            old_moon();
          }
          break;
        case MoonRule::kNewMoonIfOldLoses: {
          std::array<int, kMaxPlayers> after{};
          bool would_end = false;
          int lowest = 0;
          for (int s = 0; s < n_; ++s) {
            after[s] = scores_[s] + d[s] + (s == shooter ? -moon : paid);
            would_end |= r_.end_score > 0 && after[s] >= r_.end_score;
            if (s == 0 || after[s] < lowest) lowest = after[s];
          }
          if (would_end && after[shooter] > lowest) {
            new_moon_score();
          } else {
            old_moon();
          }
          break;
        }
        case MoonRule::kOmnibus:
          for (int s = 0; s < n_; ++s) d[s] = s == shooter ? -paid : 0;
          break;
      }
    }
  }
  if (moon_scored && r_.moon != MoonRule::kNone && shooter >= 0 && new_moon) {
    PT_CHECK_EQ(result.new_moon, *new_moon);
  }
  if (r_.no_tricks_bonus && !moon_scored && !sun_scored) {
    for (int s = 0; s < n_; ++s) {
      if (tricks_[s] == 0) d[s] -= 5;
    }
  }
  // Complex Hearts: + the QS's value times i; the 10C's taker times 2i.
  std::array<int, kMaxPlayers> d_imag{};
  if (r_.complex_scores) {
    for (int s = 0; s < n_; ++s) {
      d_imag[s] = taken_[s].contains(kQueenOfSpades) ? r_.queen_of_spades_points : 0;
      if (taken_[s].contains(C(Suit::kClubs, Rank::kTen))) {
        const int re = -2 * d_imag[s];
        d_imag[s] = 2 * d[s];
        d[s] = re;
      }
    }
  }
  // Royal Hearts' QD: a bonus stops at a total of zero (not for a scored moon or sun's shooter);
  // the deal score is what the total moved.
  if (r_.bonus_floor_zero) {
    const int special = moon_scored ? shooter : sun_scored ? all_tricks : -1;
    for (int s = 0; s < n_; ++s) {
      int bonus = 0;
      for (Card card : taken_[s]) bonus += std::min(0, e_.value[card.id()]);
      const int total = scores_[s] + d[s];
      if (s != special && bonus < 0 && total < 0) {
        d[s] = std::max(total, std::min(total - bonus, 0)) - scores_[s];
      }
    }
  }
  PT_CHECK_EQ(Prefix(result.deal_score_imag, n_), Prefix(d_imag, n_));
  if (Prefix(result.deal_score, n_) != Prefix(d, n_)) {
    std::string detail = "deal_score " + Show(Prefix(result.deal_score, n_)) + ", expected " +
                         Show(Prefix(d, n_)) + "; points_taken " + Show(Prefix(points_, n_)) +
                         ", tricks " + Show(Prefix(tricks_, n_)) + ", scores before " +
                         Show(Prefix(scores_, n_)) + ", moon shooter " + std::to_string(shooter) +
                         ", all-tricks seat " + std::to_string(all_tricks) + ", plan " +
                         Show(plan_);
    return Fail(__LINE__, "deal scores", detail);
  }

  // Game scores.
  bool slate_cleaned = false;
  for (int s = 0; s < n_; ++s) {
    scores_[s] += d[s];
    scores_imag_[s] += d_imag[s];
    PT_CHECK_EQ(game_.score_imag(s), scores_imag_[s]);
    if (r_.exactly_end_score_resets && scores_[s] == r_.end_score) scores_[s] = 0;
    if (r_.sun_cleans_slate && s == all_tricks) {
      scores_[s] = 0;
      slate_cleaned = true;
    }
  }
  PT_CHECK_EQ(result.slate_cleaned, slate_cleaned);
  for (int s = 0; s < n_; ++s) PT_CHECK_EQ(game_.score(s), scores_[s]);

  // Settlements.
  if (r_.settlement != Settlement::kPoints) {
    std::array<int, kMaxPlayers> delta{};
    if (r_.settlement == Settlement::kSweepstake) {
      int claimants = 0;
      for (int s = 0; s < n_; ++s) {
        delta[s] -= std::max(d[s], 0);
        pool_ += std::max(d[s], 0);
        claimants += d[s] <= 0;
      }
      if (claimants > 0) {
        const int share = pool_ / claimants;
        for (int s = 0; s < n_; ++s) {
          if (d[s] <= 0) delta[s] += share;
        }
        pool_ -= share * claimants;
      }
    } else if (r_.settlement == Settlement::kHowell) {
      int sum = 0;
      for (int s = 0; s < n_; ++s) sum += d[s];
      for (int s = 0; s < n_; ++s) delta[s] = sum - n_ * d[s];
    } else if (r_.settlement == Settlement::kChips1887) {
      if (shooter >= 0) {  // the slam pays the total: equal shares, the rest to the table
        for (int s = 0; s < n_; ++s) delta[s] = s == shooter ? -mt : mt / (n_ - 1);
        pool_ += mt % (n_ - 1);
      } else {
        int lowest = d[0];
        for (int s = 1; s < n_; ++s) lowest = std::min(lowest, d[s]);
        int spoils = pool_, winners = 0;
        for (int s = 0; s < n_; ++s) {
          if (d[s] == lowest) {
            ++winners;
          } else {
            delta[s] = -std::max(d[s], 0);
            spoils += std::max(d[s], 0);
          }
        }
        for (int s = 0; s < n_; ++s) {
          if (d[s] == lowest) delta[s] = spoils / winners;
        }
        pool_ = spoils % winners;
      }
    } else if (r_.settlement == Settlement::kLives) {
      for (int s = 0; s < n_; ++s) delta[s] = d[s] >= 15 && counters_[s] > 0 ? -1 : 0;
    } else if (r_.settlement == Settlement::kStakes) {
      ++deals_;  // judged as after this deal
      const bool ends = GameEnds();
      --deals_;
      if (ends) {  // paid once, on the final scores: up for payers, down for drawers
        int sum = 0;
        for (int s = 0; s < n_; ++s) sum += scores_[s];
        for (int s = 0; s < n_; ++s) {
          const int excess = n_ * scores_[s] - sum;
          delta[s] = excess > 0 ? -((excess + n_ - 1) / n_) : (-excess) / n_;
          pool_ -= delta[s];
        }
      }
    }
    PT_CHECK_EQ(Prefix(result.counters_delta, n_), Prefix(delta, n_));
    for (int s = 0; s < n_; ++s) {
      counters_[s] += delta[s];
      PT_CHECK_EQ(game_.counters(s), counters_[s]);
    }
    PT_CHECK_EQ(game_.pool(), pool_);
  }
  for (int s = 0; s < n_; ++s) {
    hash_ = Mix(hash_, static_cast<uint64_t>(static_cast<int64_t>(result.deal_score[s])));
    hash_ = Mix(hash_, static_cast<uint64_t>(static_cast<int64_t>(game_.score(s))));
  }

  ++deals_;
  const bool over = GameEnds();
  PT_CHECK_EQ(game_.is_over(), over);
  PT_CHECK_EQ(game_.phase(), over ? Phase::kGameOver : Phase::kDeal);
  return true;
}

// ------------------------------------------------------------------------------------------
// Tests
// ------------------------------------------------------------------------------------------

// Test names and CTest listings show the configuration by name.
void PrintTo(const Config& config, std::ostream* os) {
  *os << config.name;
}

class GamePropertyTest : public ::testing::TestWithParam<Config> {};

TEST_P(GamePropertyTest, RandomGames) {
  const Config& config = GetParam();
  ASSERT_TRUE(config.valid) << config.reject;
  std::string error;
  const std::optional<CompiledRules> compiled = compile(config.rules, &error);
  ASSERT_TRUE(compiled.has_value()) << error;
  const Expect expect = ComputeExpect(config.rules);

  // The compiled tables agree with the documented derivation.
  EXPECT_EQ(compiled->rules, config.rules);
  EXPECT_EQ(compiled->in_play, expect.in_play);
  EXPECT_EQ(compiled->penalty_cards, expect.penalty);
  EXPECT_EQ(compiled->counters, expect.counters);
  EXPECT_EQ(compiled->hand_size, expect.hand_size);
  EXPECT_EQ(compiled->kitty_size, expect.kitty_size);
  EXPECT_EQ(compiled->pass_count, expect.pass_count);
  EXPECT_EQ(compiled->moon_total, expect.moon_total);
  for (Card card : expect.in_play) {
    EXPECT_EQ(compiled->card_points[card.id()], expect.value[card.id()]) << to_string(card);
  }
  ASSERT_FALSE(HasFailure()) << "compiled rules disagree with the spec; not playing games";

  uint64_t config_seed = 0xCBF29CE484222325ull;  // FNV-1a of the name: stable across platforms
  for (char c : config.name)
    config_seed = (config_seed ^ static_cast<uint8_t>(c)) * 0x100000001B3ull;
  int failed_games = 0;
  long long total_deals = 0;
  for (int g = 0; g < config.games && failed_games < kMaxFailedGamesPerConfig; ++g) {
    const uint64_t seed = derive_seed(config_seed, static_cast<uint64_t>(g));
    Runner runner(*compiled, expect, config.name, seed);
    if (!runner.Run()) {
      ++failed_games;
      continue;
    }
    total_deals += runner.deals();
    if (g % kReplayEvery == 0) {
      Runner replay(*compiled, expect, config.name + " (replay)", seed);
      if (!replay.Run()) {
        ++failed_games;
        continue;
      }
      EXPECT_EQ(replay.hash(), runner.hash()) << "seed " << seed << " did not replay identically";
      if (replay.hash() != runner.hash()) ++failed_games;
    }
  }
  EXPECT_EQ(failed_games, 0);
  RecordProperty("games", config.games);
  RecordProperty("deals", static_cast<int>(total_deals));
}

// Only the combinations validate() accepts become tests; the coverage tests below check which
// ones are rejected.
std::vector<Config> ValidConfigs() {
  std::vector<Config> valid;
  for (const Config& config : AllConfigs()) {
    if (config.valid) valid.push_back(config);
  }
  return valid;
}

INSTANTIATE_TEST_SUITE_P(All, GamePropertyTest, ::testing::ValuesIn(ValidConfigs()),
                         [](const ::testing::TestParamInfo<Config>& info) {
                           return info.param.name;
                         });

const Config* FindConfig(const std::string& name) {
  for (const Config& config : AllConfigs()) {
    if (config.name == name) return &config;
  }
  return nullptr;
}

TEST(GamePropertyCoverage, AtLeastOneHundredThousandGames) {
  long long games = 0;
  int valid = 0;
  for (const Config& config : AllConfigs()) {
    games += config.games;
    valid += config.valid;
  }
  // validate() rejects exactly the four-way presets with an odd number of players.
  std::vector<std::string> rejected, expected_rejected;
  for (const Config& config : AllConfigs()) {
    if (!config.valid) rejected.push_back(config.name);
  }
  for (const char* preset :
       {"standard", "omnibus", "pink_lady", "complex", "danger", "royal_hearts", "gong_zhu"}) {
    for (int n : {3, 5, 7})
      expected_rejected.push_back(preset + std::string("_n") + std::to_string(n));
  }
  EXPECT_EQ(rejected, expected_rejected);
  if (std::getenv("HEARTS_PROPERTY_GAMES") == nullptr) {
    EXPECT_GE(games, kTargetGames);
  }
  EXPECT_GE(valid, 100);
  std::vector<std::string> names;
  for (const Preset& preset : presets()) names.emplace_back(preset.name);
  for (const char* required :
       {"standard", "morehead2001", "culbertson1950", "foster1909", "omnibus", "pink-lady",
        "black-jack", "spot-hearts", "hearts1887", "black-maria", "openspiel"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), required), names.end()) << required;
  }
}

TEST(GamePropertyCoverage, CorePresetsAndKittyVariantsRunForAllPlayerCounts) {
  for (int n = kMinPlayers; n <= kMaxOneDeckPlayers; ++n) {
    const std::string suffix = "_n" + std::to_string(n);
    // The standard preset passes four ways, which needs an even number of players (spec); odd
    // player counts run it with the alternating schedule.
    const std::string standard = n % 2 == 0 ? "standard" + suffix : "standard_leftright" + suffix;
    for (const std::string& name :
         {standard, "morehead2001" + suffix, "culbertson1950" + suffix, "kitty_standard" + suffix,
          "kitty_morehead2001" + suffix, "kitty_culbertson1950" + suffix}) {
      const Config* config = FindConfig(name);
      ASSERT_NE(config, nullptr) << name;
      EXPECT_TRUE(config->valid) << name << ": " << config->reject;
      EXPECT_GT(config->games, 0) << name;
    }
    if (n % 2 == 1) {
      const Config* config = FindConfig("standard" + suffix);
      ASSERT_NE(config, nullptr);
      EXPECT_FALSE(config->valid) << "four-way passing with " << n << " players";
    }
  }
  // Every pass schedule, moon rule, sun rule and settlement is played by some configuration.
  // Sized by the enums' value counts. moon=penalty (Likha) is played by the partnership tests,
  // whose presets this model skips, so the moon check stops before it.
  std::array<bool, 11> schedules{};
  std::array<bool, 8> moons{};
  std::array<bool, 3> suns{};
  std::array<bool, 6> settlements{};
  for (const Config& config : AllConfigs()) {
    if (!config.valid) continue;
    schedules[static_cast<int>(config.rules.pass_schedule)] = true;
    moons[static_cast<int>(config.rules.moon)] = true;
    suns[static_cast<int>(config.rules.sun)] = true;
    settlements[static_cast<int>(config.rules.settlement)] = true;
  }
  for (size_t i = 0; i < schedules.size(); ++i) EXPECT_TRUE(schedules[i]) << "schedule " << i;
  for (int i = 0; i < static_cast<int>(MoonRule::kPenalty); ++i)
    EXPECT_TRUE(moons[i]) << "moon " << i;
  for (size_t i = 0; i < suns.size(); ++i) EXPECT_TRUE(suns[i]) << "sun " << i;
  // Arnold's stakes, settled once at the game's end, has its own tests (Stakes.*) and sweep.
  for (size_t i = 0; i < settlements.size(); ++i) {
    if (i != static_cast<size_t>(Settlement::kStakes)) {
      EXPECT_TRUE(settlements[i]) << "settlement " << i;
    }
  }
}

// The rejections the spec lists, each with a one-line message.
TEST(GamePropertyCoverage, ValidateRejectsDocumentedCombinations) {
  auto rejected = [](const Rules& rules) {
    const Status status = validate(rules);
    if (!status.ok()) {
      EXPECT_FALSE(status.message().empty());
      EXPECT_EQ(status.message().find('\n'), std::string::npos) << status.message();
    }
    return !status.ok();
  };
  Rules r;
  EXPECT_TRUE(validate(r).ok()) << validate(r).message();
  r = Rules{};
  r.num_players = 2;
  EXPECT_TRUE(rejected(r));
  r = Rules{};
  r.num_players = 8;
  EXPECT_TRUE(rejected(r));
  r = Rules{};
  r.pass_count = 7;
  EXPECT_TRUE(rejected(r));
  r = Rules{};
  r.pass_count = -1;
  EXPECT_TRUE(rejected(r));
  r = Rules{};
  r.pass_schedule = PassSchedule::kLeft;
  r.num_players = 7;
  r.pass_count = 4;
  EXPECT_TRUE(rejected(r)) << "4 cards of a 7-card hand";
  r.pass_count = 3;
  EXPECT_FALSE(rejected(r));
  r = Rules{};
  r.num_players = 5;
  EXPECT_TRUE(rejected(r)) << "four-way with 5 players";
  r = Rules{};
  r.pass_schedule = PassSchedule::kFourWayScatter;
  r.num_players = 3;
  EXPECT_TRUE(rejected(r));
  r = Rules{};
  r.pass_schedule = PassSchedule::kFourWayScatter;
  r.num_players = 6;
  EXPECT_TRUE(rejected(r)) << "scatter of 5 cards from an 8-card hand";
  r = Rules{};
  r.pass_schedule = PassSchedule::kFourWayScatter;
  r.num_players = 4;
  EXPECT_FALSE(rejected(r));
  r = Rules{};
  r.pass_schedule = PassSchedule::kStar;
  r.num_players = 4;
  EXPECT_TRUE(rejected(r));
  r.num_players = 5;
  EXPECT_FALSE(rejected(r));
  r = Rules{};
  r.kitty_seen_by_winner = true;
  EXPECT_TRUE(rejected(r));
  r.deck_adjust = DeckAdjust::kKitty;
  EXPECT_FALSE(rejected(r));
  r = Rules{};
  r.end_score = -1;
  EXPECT_TRUE(rejected(r));
  r = Rules{};
  r.fixed_deals = -1;
  EXPECT_TRUE(rejected(r));
  r = Rules{};
  r.end_score = 0;
  r.fixed_deals = 0;
  EXPECT_TRUE(rejected(r));
  r = Rules{};
  r.settlement = Settlement::kHowell;
  EXPECT_TRUE(rejected(r));
  r.fixed_deals = 5;
  EXPECT_FALSE(rejected(r));
  r = Rules{};
  r.settlement = Settlement::kSweepstake;
  r.end_score = 0;
  r.fixed_deals = 3;
  EXPECT_FALSE(rejected(r));
  std::string error;
  r = Rules{};
  r.num_players = 9;
  EXPECT_FALSE(compile(r, &error).has_value());
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(Game::create(r, 1, &error).has_value());
  for (const Preset& preset : presets()) {
    EXPECT_TRUE(validate(preset.rules).ok())
        << preset.name << ": " << validate(preset.rules).message();
    EXPECT_EQ(preset_rules(preset.name), preset.rules) << preset.name;
  }
  EXPECT_EQ(preset_rules("no-such-preset"), std::nullopt);
}

}  // namespace
}  // namespace hearts
