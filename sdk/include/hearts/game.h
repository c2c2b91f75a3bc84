// Game: the Black Lady rules engine as a state machine.
//
// The engine never calls a player. It stops at each decision (phase()) and waits for the
// matching call: a chance step (deal, externally given pass direction), a dealer's choice of
// pass, each player's pass, each play, and a moon shooter's choice. Everything that happened is
// readable through the accessors, so a referee can build any seat's observation from them and a
// bot can copy a Game to simulate.
//
// Cost: a Game is a fixed-size value (no heap allocation after construction); play() and
// legal_plays() are a handful of bit operations with no division. State that observations show
// (passes received, per-seat counts) is kept in the layout Observation points at, so observing
// copies no arrays.
//
// Thread safety: a Game is a plain value. Const methods may run concurrently; mutation needs
// exclusive access. Copies are independent.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "hearts/card_pair.h"
#include "hearts/card_set.h"
#include "hearts/rng.h"
#include "hearts/rules.h"
#include "hearts/status.h"

namespace hearts {

enum class Phase : uint8_t {
  kDeal,           // chance: call deal_from_seed() or deal_hands()
  kPassDirection,  // chance (kExternal schedule): call set_pass_plan() or resolve_chance()
  kDealerChoice,   // to_act() (the dealer) chooses a plan: call set_pass_plan()
  kPass,           // to_act() chooses the cards to pass: call pass_cards()
  kPlay,           // to_act() plays a card: call play()
  kMoonChoice,     // to_act() shot the moon and chooses old or new moon: call choose_moon()
  kGameOver,
  // to_act() bids to take every trick or declines (partnership_slam_bid): call bid_slam()
  kSlamBid,
};
std::string_view name(Phase phase);

// Most tricks in one deal: a Domino Hearts deal can run to 26 two-card tricks.
inline constexpr int kMaxTricks = 32;
// Most cards played in one deal: two decks' 104 (the 52 cards and any jokers fit as well).
inline constexpr int kMaxPlays = kMaxDealCards;
// trick_winner() of a trick nobody took: with identical_cards=cancel, a trick with two cancelled
// pairs, or whose led-suit cards all cancelled. Its cards go to the next trick's winner.
inline constexpr uint8_t kVoidTrick = 0xFF;

// One card played, in order of play.
struct PlayRecord {
  uint8_t seat = 0;
  Card card;
};

// A card that reached a seat by passing, and from whom (-1: from the shuffle pile).
struct ReceivedCard {
  Card card;
  int8_t from_seat = -1;
};

// Per-seat counts, laid out as the plugin ABI reads them (Observation points at these arrays).
using SeatCounts = std::array<int32_t, kMaxPlayers>;

// The outcome of one finished deal.
struct DealResult {
  int deal_index = 0;
  int dealer = 0;
  PassPlan pass;
  std::array<int, kMaxPlayers> points_taken{};  // raw card values captured (kitty included)
  std::array<int, kMaxPlayers> deal_score{};    // after moon/sun/no-trick adjustments
  std::array<int, kMaxPlayers> tricks_won{};
  std::array<int, kMaxPlayers> counters_delta{};  // settlements only
  int moon_shooter = -1;                          // seat that took every penalty card, or -1
  bool new_moon = false;                          // the moon was scored as new moon
  int sun_shooter = -1;                           // seat that took every trick under a sun rule
  bool slate_cleaned = false;
  // Complex Hearts: the imaginary part of deal_score (deal_score holds the real part).
  std::array<int, kMaxPlayers> deal_score_imag{};
  int moon_team = -1;  // partnership team-score: the team whose partners took every penalty card
  // Domino Hearts: the last seat holding cards, which took its hand and the stock's rest
  // (`left_over`), or -1. When every hand ran out together, the last trick's winner took the
  // stock's rest.
  int last_holder = -1;
  CardSet left_over;
  // partnership_slam_bid (docs/rules.md, section 8.4): the seat that bid to take every trick
  // (-1: nobody bid), its silent partner, the holder of the AH (-1: none, or the bidder held
  // it), and whether the two took every trick between them.
  int slam_bidder = -1;
  int slam_partner = -1;
  bool slam_made = false;
  bool operator==(const DealResult&) const = default;
};

class Game {
  // tests/sdk/game_plain_path_test.cc: plays a plain table on the general path to compare them.
  friend struct GamePathPeer;

 public:
  // Starts a game under compiled rules; `seed` decides every chance step resolved from it.
  Game(const CompiledRules& rules, uint64_t seed);
  // Validates the rules first; on error returns nullopt and sets *error.
  static std::optional<Game> create(const Rules& rules, uint64_t seed,
                                    std::string* error = nullptr);

  // --- Whose turn and what kind of decision ---
  Phase phase() const { return phase_; }
  // The seat that must decide, or -1 in chance phases and at game over.
  int to_act() const { return to_act_; }
  bool is_over() const { return phase_ == Phase::kGameOver; }

  // --- Decisions. Each returns an error (and changes nothing) if it is not legal now. ---
  // kDeal: shuffle the cards in play with this deal's seed and deal one at a time from eldest.
  void deal_from_seed();
  // kDeal: a scripted deal. hands[seat] must partition the cards in play with the kitty, or with
  // the stock under a stock rule: `stock` in drawing order (first drawn first).
  Status deal_hands(std::span<const CardSet> hands, CardSet kitty = {},
                    std::span<const Card> stock = {});
  // kDeal with decks = 2: a scripted deal where seat s holds hands[s] once and hands_twice[s]
  // (a subset of hands[s]) a second time; together they must be exactly the cards in play.
  Status deal_hands_twice(std::span<const CardSet> hands, std::span<const CardSet> hands_twice);
  // kPassDirection / kDealerChoice: the plan for this deal.
  Status set_pass_plan(const PassPlan& plan);
  // kPass: the cards to_act() passes. With scatter and star passes card k goes to
  // pass_target(plan, n, seat, k); otherwise order does not matter. All passes are exchanged
  // after the last player has chosen.
  Status pass_cards(std::span<const Card> cards);
  // kPlay: to_act() plays `card`, which must be in legal_plays().
  Status play(Card card);
  // kPlay: play() for a caller that has already checked `card` against legal_plays() (a
  // referee that checked it against the observation it sent). Anything else is undefined.
  void play_checked(Card card);
  // kMoonChoice: true for new moon (shooter minus the total), false for old moon.
  Status choose_moon(bool new_moon);
  // Resolves a chance phase from the seed (kDeal, kPassDirection: hold or any offset, uniform).
  void resolve_chance();
  // kSlamBid: to_act() bids to take every trick (true) or declines. The first bid ends the
  // bidding; after the last seat declines, play begins with no bid (game_slam_bid.cc).
  Status bid_slam(bool bid);

  // --- The rules in force ---
  const CompiledRules& rules() const { return rules_; }
  int num_players() const { return rules_.rules.num_players; }

  // --- The current deal ---
  // In kDeal and kGameOver these still describe the deal that just finished (last_deal()), so a
  // recorder can read its last trick; dealing resets them.
  int deal_index() const { return deal_index_; }
  int dealer() const { return dealer_; }
  int eldest() const { return next_seat(dealer_); }
  // The seat after `seat` in the order of deal and play: to its left, or to its right with
  // play_anticlockwise.
  int next_seat(int seat) const {
    const int n = num_players();
    if (rules_.rules.play_anticlockwise) return seat == 0 ? n - 1 : seat - 1;
    return seat + 1 == n ? 0 : seat + 1;
  }
  const PassPlan& pass_plan() const { return pass_plan_; }
  CardSet hand(int seat) const { return hands_[seat]; }
  CardSet dealt_hand(int seat) const { return dealt_[seat]; }
  CardSet kitty() const { return kitty_; }
  // With decks = 2, the second copies (subsets of the sets above); empty with one deck.
  CardSet hand_twice(int seat) const { return hands_twice_[seat]; }
  CardSet dealt_hand_twice(int seat) const { return dealt_twice_[seat]; }
  CardSet received_twice(int seat) const { return received_twice_[seat]; }
  CardSet played_twice() const { return played_twice_; }
  CardSet taken_twice(int seat) const { return taken_twice_[seat]; }
  // Cards of void tricks waiting for the next trick's winner (identical_cards=cancel), and
  // their points. After the last trick: the cards nobody took.
  CardPair carried() const { return carried_; }
  int carried_points() const { return carried_points_; }
  // Cards `seat` passed, in the order given (valid once it has passed).
  std::span<const Card> passed_by(int seat) const {
    return {passed_[seat].data(), passed_count_[seat]};
  }
  bool has_passed(int seat) const { return passed_count_[seat] > 0; }
  bool passes_exchanged() const { return passes_exchanged_; }
  CardSet received_by(int seat) const { return received_[seat]; }
  // The cards `seat` received, each with its sender, once passes are exchanged: from a single
  // sender in pass order, from several in seat order, from the shuffle pile in card order.
  std::span<const ReceivedCard> received_list(int seat) const {
    return {received_list_[seat].data(), received_count_[seat]};
  }
  // Every card played this deal, in order.
  std::span<const PlayRecord> plays() const { return {plays_.data(), num_plays_}; }
  int tricks_completed() const { return tricks_completed_; }
  // The seat that won trick k (k < tricks_completed()), or kVoidTrick.
  int trick_winner(int k) const { return trick_winner_[k]; }
  std::span<const uint8_t> trick_winners() const {
    return {trick_winner_.data(), static_cast<size_t>(tricks_completed())};
  }
  // The current trick: its leader and the cards played to it so far.
  int trick_leader() const { return trick_leader_; }
  std::span<const PlayRecord> current_trick() const { return plays().subspan(trick_start_); }
  // Index in plays() of the current trick's first card.
  int trick_start() const { return static_cast<int>(trick_start_); }
  // Cards the current trick takes as far as known now: the seats holding cards when it was led,
  // plus one round per booster nine (never more rounds than the hands hold).
  int trick_length() const { return trick_length_; }
  // Cards in completed trick k (k < tricks_completed()).
  int trick_size(int k) const { return trick_end_[k] - (k == 0 ? 0 : trick_end_[k - 1]); }
  // The suit the current trick follows, or -1 before one is set (a joker led under next-card
  // or, between tricks, none).
  int lead_suit() const { return lead_suit_; }
  // --- The stock (Domino Hearts) ---
  // The stock as dealt, in drawing order. Private to the engine and records: no seat sees it.
  std::span<const Card> stock_order() const {
    return {stock_.data(), static_cast<size_t>(stock_count_)};
  }
  int stock_left() const { return stock_count_ - stock_next_; }
  // The cards `seat` drew from the stock this deal (private to that seat).
  CardSet drawn(int seat) const { return drawn_[seat]; }
  // Per seat: cards drawn this deal (public), and cards held now (public).
  const SeatCounts& all_drawn_counts() const { return drawn_counts_; }
  const SeatCounts& all_hand_counts() const { return hand_counts_; }
  // The cards the seat of play `play_index` drew just before making it (in drawing order).
  std::span<const Card> drawn_before(int play_index) const {
    return std::span<const Card>(stock_).subspan(draw_from_[play_index],
                                                 draw_to_[play_index] - draw_from_[play_index]);
  }
  CardSet played_cards() const { return played_ | trick_cards_; }
  CardSet taken(int seat) const { return taken_[seat]; }
  int points_taken(int seat) const { return points_taken_[seat]; }
  int tricks_won(int seat) const { return tricks_won_[seat]; }
  const SeatCounts& all_points_taken() const { return points_taken_; }  // zero past num_players
  const SeatCounts& all_tricks_won() const { return tricks_won_; }
  bool hearts_broken() const {
    // The plain path settles hearts_broken_ at a trick's end: the current trick's cards count.
    return hearts_broken_ || rules_.breaks_hearts.intersects(trick_cards_);
  }
  // The cards to_act() may play now (empty outside kPlay). With two decks these are card kinds:
  // playing one removes one copy from the hand.
  CardSet legal_plays() const;
  // The cards `seat` may pass now under the rules (its hand minus forbidden cards).
  CardSet passable(int seat) const { return hands_[seat] - rules_.rules.forbidden_passes; }

  // --- The game ---
  int score(int seat) const { return scores_[seat]; }
  int counters(int seat) const { return counters_[seat]; }
  const SeatCounts& all_scores() const { return scores_; }  // zero past num_players
  const SeatCounts& all_counters() const { return counters_; }
  int pool() const { return pool_; }  // counters on the table: sweepstake, 1887 chips, stakes
  // Complex Hearts: the imaginary part of the game score (score() is the real part); zero
  // under other rules.
  int score_imag(int seat) const { return scores_imag_[seat]; }
  const SeatCounts& all_scores_imag() const { return scores_imag_; }
  int deals_completed() const { return deals_completed_; }
  // The last finished deal (valid once deals_completed() > 0).
  const DealResult& last_deal() const { return last_deal_; }
  // Final standing: 1 = winner; tied players share the better rank. Valid at game over.
  int rank(int seat) const { return ranks_[seat]; }
  // With partnerships: the score team `team` (0..num_teams-1) is ranked by, lower is better:
  // the partners' shared score (team-score), their sum (individual-then-team), or the higher of
  // the two (highest-loses-team). Without partnerships the seat's score.
  int team_score(int team) const;
  uint64_t seed() const { return seed_; }
  // --- partnership_slam_bid: the current deal's bid (game_slam_bid.cc) ---
  // The seat that bid, or -1 (nobody bid, or the bidding is not over).
  int slam_bidder() const { return slam_bidder_; }
  // The bidder's silent partner, the holder of the AH once the bidding ends with a bid; -1 when
  // nobody bid or the bidder holds the AH itself. Engine truth: observe() shows it to a seat
  // only when the rules expose it (slam_partner_seen_by).
  int slam_partner() const { return slam_partner_; }
  // What `seat` may know of the silent partner: itself if it holds the AH, anyone once the AH
  // has been played; otherwise -1.
  int slam_partner_seen_by(int seat) const;

 private:
  void reset_deal_state();
  void after_deal(CardSet kitty);
  CardSet lead_options(CardSet hand) const;
  void begin_passing();
  void exchange_passes();
  void list_received();
  void begin_play();
  void finish_trick();
  // identical_cards=cancel: the winner of the complete current trick, or -1 if it is void.
  int cancellation_winner() const;
  // The cards of the current trick (and any carried) go to `winner`, or are carried on.
  void take_trick(int winner);
  Status deal_checked(std::span<const CardSet> hands, std::span<const CardSet> twice);
  void finish_deal();
  void apply_deal_scores(bool new_moon);
  // The sun's deal scores: the sweeper 0, the others the total, doubled when punished.
  void score_sun();
  // The moon's deal scores under the moon rule in force; sets last_deal_.new_moon.
  void score_moon(bool new_moon);
  // kNewMoonIfOldLoses: the old moon just scored ends the game with the shooter not winning.
  bool old_moon_loses(int shooter) const;
  // Adds the deal scores to the game scores (exact end-score reset, the sun's clean slate).
  void add_deal_to_scores();
  // Howell or sweepstake settlement of the deal in counters.
  void settle_counters();
  void end_deal_or_game();
  // The seat that won every trick (every trick after the first with sun_ignores_first_trick).
  int all_tricks_seat() const;
  // The seat whose moon or sun is scored this deal (moon_needs_sun applied), or -1.
  int moon_or_sun_seat() const;
  // new_moon_min_score: whether new moon may be scored for `shooter` on this deal.
  bool new_moon_allowed(int shooter) const;
  void compute_ranks();
  // Partnerships (sdk/src/game_partnership.cc): the team whose partners together took `needed`
  // (team-score only), the team moon's deal scores, and the game scores and ranks per team.
  int team_moon(CardSet needed) const;
  void score_team_moon();
  void add_team_deal_to_scores();
  void compute_team_ranks();
  Status check_pass(std::span<const Card> cards) const;
  // Greek Hearts: whether a heart may not be led to the current first trick.
  bool heart_lead_banned() const;
  // The 1887 chip settlement of the deal (game_settlements.cc).
  void settle_chips1887();
  // Arnold's stakes, settled once on the final game scores (game_settlements.cc).
  void settle_stakes();
  // Danger Hearts: a life lost for a deal of 15 points or more (game_settlements.cc).
  void settle_lives();
  // Complex Hearts: the imaginary deal scores and the 2i multiplier (game_settlements.cc).
  void score_complex();
  // Complex Hearts: |score|^2 of a seat, which orders seats and ends the game.
  int64_t complex_magnitude_squared(int seat) const;
  Status check_stock(std::span<const Card> stock) const;
  // The general path (game_extended.cc) for a stock, booster nines or jokers.
  CardSet legal_plays_extended() const;
  CardSet lead_plays_extended(CardSet hand, CardSet usable) const;
  CardSet follow_cards(CardSet hand, int suit) const;
  void play_extended(Card card);
  void finish_trick_extended();
  // The plain path (game_plain.cc) for one deck without a stock, boosters, jokers or forced
  // discards: the standard table and most presets. The same results as the general path, with
  // less bookkeeping per card.
  void deal_plain();
  CardSet legal_plays_plain() const;
  void play_plain(Card card);
  void finish_trick_plain();
  // The general path's legal cards and play (game.cc), for every table.
  CardSet legal_plays_general() const;
  void play_general(Card card);
  // Hands `seat` the turn; under a stock rule it first draws until it can follow.
  void arrive(int seat);
  // The stock game's end: the last holder takes its hand and the stock's rest.
  void take_left_over(int seat);
  // Royal Hearts and Gong Zhu: the doublers and the canceller applied to each player's deal
  // score from the cards that player took (game_taker_effects.cc).
  void score_taker_effects();
  // Royal Hearts' QD: the game total after a deal whose bonus would take it below zero
  // (game_taker_effects.cc).
  int floored_total(int seat, int deal_score) const;
  // partnership_slam_bid (game_slam_bid.cc): the bidding round before the first lead, the
  // deal's outcome (slam made, the moon it scores), and the partners' combined deal scores.
  void begin_slam_bid();
  void end_slam_bid();
  void judge_slam_bid();
  void pool_slam_points();
  void combine_slam_scores();

  CompiledRules rules_;
  uint64_t seed_ = 0;
  // Fixed at construction from the rules: whether this table takes the plain path, and its
  // cards in play in ascending order (the deal's unshuffled deck; one deck only).
  bool plain_ = false;
  int deck_size_ = 0;
  std::array<Card, 64> deck_order_{};
  Rng deal_rng_{0};
  Rng chance_rng_{0};
  Phase phase_ = Phase::kDeal;
  int to_act_ = -1;

  int deal_index_ = 0;
  int dealer_ = 0;
  PassPlan pass_plan_;
  std::array<CardSet, kMaxPlayers> hands_{};
  std::array<CardSet, kMaxPlayers> dealt_{};
  CardSet kitty_;
  std::array<std::array<Card, kMaxPassCards>, kMaxPlayers> passed_{};
  std::array<uint8_t, kMaxPlayers> passed_count_{};
  std::array<CardSet, kMaxPlayers> received_{};
  std::array<std::array<ReceivedCard, kMaxPassCards>, kMaxPlayers> received_list_{};
  std::array<uint8_t, kMaxPlayers> received_count_{};
  bool passes_exchanged_ = false;
  int passes_pending_ = 0;

  std::array<PlayRecord, kMaxPlays> plays_{};
  size_t num_plays_ = 0;
  int trick_size_ = 0;  // cards in the current trick
  int tricks_completed_ = 0;
  std::array<uint8_t, kMaxTricks> trick_winner_{};
  std::array<uint8_t, kMaxTricks> trick_end_{};  // plays index after each completed trick
  size_t trick_start_ = 0;
  int trick_length_ = 0;
  int trick_cap_ = 0;        // booster nines: the most cards the current trick can take
  uint8_t trick_seats_ = 0;  // bit per seat that plays to the current trick
  int lead_suit_ = -1;
  SeatCounts hand_counts_{};
  // The stock (Domino Hearts) and what each seat drew.
  std::array<Card, kMaxPlays> stock_{};
  int stock_count_ = 0;
  int stock_next_ = 0;
  std::array<CardSet, kMaxPlayers> drawn_{};
  SeatCounts drawn_counts_{};
  std::array<uint8_t, kMaxPlays> draw_from_{};  // per play: stock index range drawn before it
  std::array<uint8_t, kMaxPlays> draw_to_{};
  int last_holder_ = -1;
  CardSet left_over_;
  int trick_leader_ = 0;
  int trick_winner_so_far_ = 0;
  Card trick_best_;
  int trick_points_ = 0;
  CardSet trick_cards_;
  // The plain path: the seat that played each card of the current trick, by card id.
  std::array<uint8_t, 64> card_seat_{};
  CardSet played_;  // the plain path adds a trick at its end: played_cards() adds trick_cards_
  std::array<CardSet, kMaxPlayers> taken_{};
  SeatCounts points_taken_{};
  SeatCounts tricks_won_{};
  bool hearts_broken_ = false;
  Card first_lead_card_;  // with kTwoOfClubs / kAnyClub: the lowest club dealt

  SeatCounts scores_{};
  SeatCounts counters_{};
  SeatCounts scores_imag_{};
  int pool_ = 0;
  int deals_completed_ = 0;
  DealResult last_deal_;
  std::array<int, kMaxPlayers> ranks_{};

  // The second copies with decks = 2 (card_pair.h); always empty with one deck.
  std::array<CardSet, kMaxPlayers> hands_twice_{};
  std::array<CardSet, kMaxPlayers> dealt_twice_{};
  std::array<CardSet, kMaxPlayers> received_twice_{};
  std::array<CardSet, kMaxPlayers> taken_twice_{};
  CardSet played_twice_;
  CardSet trick_twice_;  // cards played twice to the current trick: its cancelled pairs
  CardPair carried_;     // void tricks' cards waiting for a winner
  int carried_points_ = 0;

  // partnership_slam_bid: this deal's bidding (reset with each deal).
  int slam_bidder_ = -1;
  int slam_partner_ = -1;
  int slam_declined_ = 0;  // seats that declined so far
  bool slam_bidding_over_ = false;
};

// The two calls made per card, inline so that a caller's loop pays no call for them (issue 18).
// The plain path is here; the general path, the first lead and the end of a trick stay out of
// line (game.cc, game_plain.cc).

inline CardSet Game::legal_plays() const {
  if (phase_ != Phase::kPlay) return CardSet();
  if (!plain_) return legal_plays_general();
  return legal_plays_plain();
}

inline void Game::play_checked(Card card) {
  if (plain_) {
    play_plain(card);
  } else {
    play_general(card);
  }
}

inline CardSet Game::legal_plays_plain() const {
  const uint64_t hand = hands_[to_act_].bits();
  const bool first_trick = tricks_completed_ == 0;
  if (trick_size_ != 0) {
    const uint64_t follow = hand & CardSet::whole_suit(static_cast<Suit>(lead_suit_)).bits();
    // Void in the led suit: anything, but penalty cards wait on trick 1 when the hand allows.
    // Selects rather than branches: whether a random hand can follow is not predictable.
    const uint64_t safe = hand & ~rules_.penalty_cards.bits();
    const bool hold_penalties = first_trick && rules_.rules.no_points_first_trick && safe != 0;
    const uint64_t discard = hold_penalties ? safe : hand;
    return CardSet(follow != 0 ? follow : discard);
  }
  // The first lead (once a deal) has rules of its own: the general path knows them all.
  if (first_trick) return legal_plays_general();
  return lead_options(CardSet(hand));
}

inline CardSet Game::lead_options(CardSet hand) const {
  const Rules& r = rules_.rules;
  if (r.lead_hearts_if_only_penalty && (hand - rules_.penalty_cards).empty()) return hand;
  CardSet restricted;
  if (!hearts_broken_) {
    if (r.hearts_must_be_broken) restricted |= CardSet::whole_suit(Suit::kHearts);
    if (r.queen_lead_needs_broken) restricted.insert(kQueenOfSpades);
  }
  const CardSet allowed = hand - restricted;
  return allowed.empty() ? hand : allowed;
}

inline void Game::play_plain(Card card) {
  // Per card only stores that need no test: the hand, its count, the plays, the trick's cards,
  // points and who played each card. The trick's winner (the highest card of the led suit, which
  // needs no running comparison) and the broken hearts are settled at its end.
  const int seat = to_act_;
  const uint64_t bit = uint64_t{1} << card.id();
  hands_[seat] = CardSet(hands_[seat].bits() & ~bit);
  --hand_counts_[seat];
  plays_[num_plays_++] = PlayRecord{static_cast<uint8_t>(seat), card};
  trick_cards_ = CardSet(trick_cards_.bits() | bit);
  trick_points_ += rules_.card_points[card.id()];
  card_seat_[card.id()] = static_cast<uint8_t>(seat);
  if (trick_size_ == 0) lead_suit_ = static_cast<int>(card.suit());
  if (++trick_size_ == num_players()) {
    finish_trick_plain();
  } else {
    to_act_ = next_seat(seat);
  }
}

}  // namespace hearts
