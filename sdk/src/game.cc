#include "hearts/game.h"

#include <algorithm>
#include <string>

namespace hearts {
namespace {

constexpr CardSet kHearts = CardSet::whole_suit(Suit::kHearts);
constexpr int kNoTricksBonus = -5;

std::string seat_text(int seat) {
  return "seat " + std::to_string(seat);
}

}  // namespace

std::string_view name(Phase phase) {
  switch (phase) {
    case Phase::kDeal:
      return "deal";
    case Phase::kPassDirection:
      return "pass-direction";
    case Phase::kDealerChoice:
      return "dealer-choice";
    case Phase::kPass:
      return "pass";
    case Phase::kPlay:
      return "play";
    case Phase::kMoonChoice:
      return "moon-choice";
    case Phase::kGameOver:
      return "game-over";
    case Phase::kSlamBid:
      return "slam-bid";
  }
  return "?";
}

Game::Game(const CompiledRules& rules, uint64_t seed) : rules_(rules), seed_(seed) {
  const int n = num_players();
  for (int s = 0; s < n; ++s) counters_[s] = rules_.rules.starting_counters;
  // The dealer of deal 0 sits last, so seat 0 is eldest hand and receives the first card
  // (anticlockwise, eldest sits to the dealer's right: the dealer is seat 1).
  dealer_ = rules_.rules.play_anticlockwise ? 1 : n - 1;
  const Rules& r = rules_.rules;
  plain_ = !rules_.extended_play && rules_.in_play_twice.empty() && !r.queen_forced &&
           !r.black_jack_discard && r.likha_cards.empty();
  for (Card card : rules_.in_play) deck_order_[deck_size_++] = card;
}

std::optional<Game> Game::create(const Rules& rules, uint64_t seed, std::string* error) {
  auto compiled = compile(rules, error);
  if (!compiled) return std::nullopt;
  return Game(*compiled, seed);
}

void Game::reset_deal_state() {
  hands_ = {};
  received_ = {};
  received_count_ = {};
  passed_count_ = {};
  passes_exchanged_ = false;
  pass_plan_ = PassPlan{};
  num_plays_ = 0;
  trick_size_ = 0;
  tricks_completed_ = 0;
  played_ = CardSet();
  taken_ = {};
  points_taken_ = {};
  tricks_won_ = {};
  trick_cards_ = CardSet();
  trick_points_ = 0;
  hearts_broken_ = false;
  first_lead_card_ = Card();
  trick_start_ = 0;
  lead_suit_ = -1;
  if (!plain_) {
    // What only a stock, two decks or void tricks write: a plain table never leaves it non-empty.
    stock_count_ = 0;
    stock_next_ = 0;
    drawn_ = {};
    drawn_counts_ = {};
    last_holder_ = -1;
    left_over_ = CardSet();
    hands_twice_ = {};
    received_twice_ = {};
    taken_twice_ = {};
    played_twice_ = CardSet();
    trick_twice_ = CardSet();
    carried_ = CardPair{};
    carried_points_ = 0;
  }
  slam_bidder_ = -1;
  slam_partner_ = -1;
  slam_declined_ = 0;
  slam_bidding_over_ = false;
  // The deal shuffle and the later chance steps use separate streams, so a scripted deal
  // (deal_hands) followed by a shuffle pass re-deals exactly as the seeded deal would.
  deal_rng_ = Rng(derive_seed(seed_, static_cast<uint64_t>(deal_index_)));
  chance_rng_ = Rng(derive_seed(derive_seed(seed_, static_cast<uint64_t>(deal_index_)), 1));
}

void Game::deal_from_seed() {
  if (phase_ != Phase::kDeal) return;
  if (plain_) {
    deal_plain();
    return;
  }
  reset_deal_state();
  std::array<Card, kMaxPlays> deck;
  int count = 0;
  // With two decks both copies of a card stand side by side in the list (docs/rules.md, 2.4).
  // One deck takes its own loops: the 52-card path pays nothing for the second copies.
  const bool two_decks = !rules_.in_play_twice.empty();
  if (two_decks) {
    for (Card card : rules_.in_play) {
      deck[count++] = card;
      if (rules_.in_play_twice.contains(card)) deck[count++] = card;
    }
  } else {
    for (Card card : rules_.in_play) deck[count++] = card;
  }
  deal_rng_.shuffle(std::span<Card>(deck.data(), count));
  const int n = num_players();
  const int dealt = n * rules_.hand_size;
  int seat = eldest();
  // Round the table without a division per card.
  if (two_decks) {
    for (int k = 0; k < dealt; ++k, seat = next_seat(seat)) {
      add_copy(hands_[seat], hands_twice_[seat], deck[k]);
    }
  } else {
    for (int k = 0; k < dealt; ++k, seat = next_seat(seat)) hands_[seat].insert(deck[k]);
  }
  CardSet kitty;
  if (rules_.stock_size > 0) {
    // Domino Hearts: the undealt cards stay in their shuffled order as the stock.
    for (int k = dealt; k < count; ++k) stock_[stock_count_++] = deck[k];
  } else {
    for (int k = dealt; k < count; ++k) kitty.insert(deck[k]);
  }
  after_deal(kitty);
}

Status Game::deal_hands(std::span<const CardSet> hands, CardSet kitty,
                        std::span<const Card> stock) {
  if (phase_ != Phase::kDeal) {
    return Status::error("deal_hands: the game is in phase " + std::string(name(phase_)));
  }
  const int n = num_players();
  if (static_cast<int>(hands.size()) != n) {
    return Status::error("deal_hands: " + std::to_string(hands.size()) + " hands for " +
                         std::to_string(n) + " players");
  }
  if (rules_.rules.decks == 2) {
    const std::array<CardSet, kMaxPlayers> no_twice{};
    return deal_hands_twice(hands, std::span<const CardSet>(no_twice.data(), hands.size()));
  }
  if (rules_.stock_size > 0 || !stock.empty()) {
    if (Status status = check_stock(stock); !status.ok()) return status;
  }
  CardSet all = kitty;
  for (Card card : stock) all.insert(card);
  if (kitty.size() != rules_.kitty_size) {
    return Status::error("deal_hands: kitty of " + std::to_string(kitty.size()) +
                         " cards; these rules need " + std::to_string(rules_.kitty_size));
  }
  for (int s = 0; s < n; ++s) {
    if (hands[s].size() != rules_.hand_size) {
      return Status::error("deal_hands: " + seat_text(s) + " has " +
                           std::to_string(hands[s].size()) + " cards; the hand size is " +
                           std::to_string(rules_.hand_size));
    }
    if (all.intersects(hands[s])) {
      return Status::error("deal_hands: " + seat_text(s) + " holds a card dealt twice (" +
                           to_string(all & hands[s]) + ")");
    }
    all |= hands[s];
  }
  if (all != rules_.in_play) {
    return Status::error("deal_hands: the cards dealt are not the cards in play (missing " +
                         to_string(rules_.in_play - all) + ", extra " +
                         to_string(all - rules_.in_play) + ")");
  }
  reset_deal_state();
  for (int s = 0; s < n; ++s) hands_[s] = hands[s];
  for (Card card : stock) stock_[stock_count_++] = card;
  after_deal(kitty);
  return Status();
}

Status Game::check_stock(std::span<const Card> stock) const {
  if (rules_.stock_size == 0) return Status::error("deal_hands: these rules have no stock");
  if (static_cast<int>(stock.size()) != rules_.stock_size) {
    return Status::error("deal_hands: a stock of " + std::to_string(stock.size()) +
                         " cards; these rules need " + std::to_string(rules_.stock_size));
  }
  CardSet all;
  for (Card card : stock) {
    if (!card.is_valid() || all.contains(card)) {
      return Status::error("deal_hands: the stock holds " + to_string(card) +
                           " twice, or it is not a card");
    }
    all.insert(card);
  }
  return Status();
}

Status Game::deal_hands_twice(std::span<const CardSet> hands,
                              std::span<const CardSet> hands_twice) {
  if (phase_ != Phase::kDeal) {
    return Status::error("deal_hands: the game is in phase " + std::string(name(phase_)));
  }
  if (rules_.rules.decks != 2) return Status::error("deal_hands_twice: the rules play one deck");
  const int n = num_players();
  if (static_cast<int>(hands.size()) != n || static_cast<int>(hands_twice.size()) != n) {
    return Status::error("deal_hands: " + std::to_string(hands.size()) + " hands for " +
                         std::to_string(n) + " players");
  }
  if (Status status = deal_checked(hands, hands_twice); !status.ok()) return status;
  reset_deal_state();
  for (int s = 0; s < n; ++s) {
    hands_[s] = hands[s];
    hands_twice_[s] = hands_twice[s];
  }
  after_deal(CardSet());
  return Status();
}

Status Game::deal_checked(std::span<const CardSet> hands, std::span<const CardSet> twice) {
  CardPair all;
  for (int s = 0; s < num_players(); ++s) {
    if (!hands[s].contains_all(twice[s])) {
      return Status::error("deal_hands: " + seat_text(s) + " holds twice cards it does not hold (" +
                           to_string(twice[s] - hands[s]) + ")");
    }
    if (hands[s].size() + twice[s].size() != rules_.hand_size) {
      return Status::error("deal_hands: " + seat_text(s) + " has " +
                           std::to_string(hands[s].size() + twice[s].size()) +
                           " cards; the hand size is " + std::to_string(rules_.hand_size));
    }
    const CardSet third = (all.twice & hands[s]) | (all.once & twice[s]);
    if (!third.empty()) {
      return Status::error("deal_hands: " + seat_text(s) + " holds a third copy of " +
                           to_string(third));
    }
    all.add(CardPair{hands[s], twice[s]});
  }
  if (all != CardPair{rules_.in_play, rules_.in_play_twice}) {
    return Status::error("deal_hands: the cards dealt are not the two decks' cards in play");
  }
  return Status();
}

void Game::after_deal(CardSet kitty) {
  dealt_ = hands_;
  // Every deal gives each hand exactly hand_size cards (no popcount needed).
  for (int s = 0; s < num_players(); ++s) hand_counts_[s] = rules_.hand_size;
  if (!plain_) dealt_twice_ = hands_twice_;
  kitty_ = kitty;
  switch (rules_.rules.pass_schedule) {
    case PassSchedule::kExternal:
      phase_ = Phase::kPassDirection;
      to_act_ = -1;
      return;
    case PassSchedule::kDealersChoice:
      phase_ = Phase::kDealerChoice;
      to_act_ = dealer_;
      return;
    default:
      pass_plan_ = scheduled_pass(rules_, deal_index_);
      begin_passing();
  }
}

Status Game::set_pass_plan(const PassPlan& plan) {
  if (phase_ != Phase::kPassDirection && phase_ != Phase::kDealerChoice) {
    return Status::error("set_pass_plan: the game is in phase " + std::string(name(phase_)));
  }
  if (Status status = validate_pass_plan(rules_, plan); !status.ok()) return status;
  pass_plan_ = plan;
  begin_passing();
  return Status();
}

void Game::begin_passing() {
  if (pass_plan_.kind == PassKind::kHold) {
    begin_play();
    return;
  }
  phase_ = Phase::kPass;
  to_act_ = eldest();
  passes_pending_ = num_players();
}

Status Game::check_pass(std::span<const Card> cards) const {
  // The message is built only for a refused pass: a valid pass allocates nothing.
  const auto refuse = [this](const std::string& what) {
    return Status::error("pass by " + seat_text(to_act_) + ": " + what);
  };
  if (static_cast<int>(cards.size()) != pass_plan_.count) {
    return refuse(std::to_string(cards.size()) + " cards; the pass is " +
                  std::to_string(pass_plan_.count));
  }
  CardSet seen;
  CardSet seen_twice;  // with two decks, a card held twice may be passed twice
  for (Card card : cards) {
    if (!card.is_valid() && !card.is_joker())
      return refuse("not a card (id " + std::to_string(card.id()) + ")");
    if (seen.contains(card)) {
      if (!hands_twice_[to_act_].contains(card) || seen_twice.contains(card)) {
        return refuse(to_string(card) + " given twice");
      }
      seen_twice.insert(card);
      continue;
    }
    if (!hands_[to_act_].contains(card)) return refuse(to_string(card) + " is not held");
    if (rules_.rules.forbidden_passes.contains(card)) {
      return refuse(to_string(card) + " may not be passed under these rules");
    }
    seen.insert(card);
  }
  return Status();
}

Status Game::pass_cards(std::span<const Card> cards) {
  if (phase_ != Phase::kPass) {
    return Status::error("pass_cards: the game is in phase " + std::string(name(phase_)));
  }
  if (Status status = check_pass(cards); !status.ok()) return status;
  const int seat = to_act_;
  for (size_t k = 0; k < cards.size(); ++k) {
    passed_[seat][k] = cards[k];
    remove_copy(hands_[seat], hands_twice_[seat], cards[k]);
  }
  passed_count_[seat] = static_cast<uint8_t>(cards.size());
  hand_counts_[seat] -= static_cast<int32_t>(cards.size());
  if (--passes_pending_ == 0) {
    exchange_passes();
  } else {
    to_act_ = next_seat(seat);
  }
  return Status();
}

void Game::exchange_passes() {
  const int n = num_players();
  if (pass_plan_.kind == PassKind::kShuffle) {
    // The pile is gathered seat by seat from eldest hand, shuffled and re-dealt from eldest.
    std::array<Card, kMaxPlayers * kMaxPassCards> pile;
    int count = 0;
    for (int i = 0; i < n; ++i) {
      const int seat = (eldest() + i) % n;
      for (Card card : passed_by(seat)) pile[count++] = card;
    }
    chance_rng_.shuffle(std::span<Card>(pile.data(), count));
    for (int k = 0; k < count; ++k) {
      const int seat = (eldest() + k) % n;
      add_copy(hands_[seat], hands_twice_[seat], pile[k]);
      add_copy(received_[seat], received_twice_[seat], pile[k]);
    }
  } else {
    for (int seat = 0; seat < n; ++seat) {
      const auto cards = passed_by(seat);
      for (size_t k = 0; k < cards.size(); ++k) {
        const int target = pass_target(pass_plan_, n, seat, static_cast<int>(k));
        add_copy(hands_[target], hands_twice_[target], cards[k]);
        add_copy(received_[target], received_twice_[target], cards[k]);
      }
    }
  }
  passes_exchanged_ = true;
  // Every seat gets back as many cards as it passed.
  for (int seat = 0; seat < n; ++seat) hand_counts_[seat] = rules_.hand_size;
  list_received();
  begin_play();
}

void Game::list_received() {
  const int n = num_players();
  const PassPlan& plan = pass_plan_;
  for (int seat = 0; seat < n; ++seat) {
    auto& list = received_list_[seat];
    uint8_t& count = received_count_[seat];
    if (plan.kind == PassKind::kShuffle) {
      for (Card card : received_[seat]) {
        list[count++] = {card, -1};
        if (received_twice_[seat].contains(card)) list[count++] = {card, -1};
      }
    } else if (plan.kind == PassKind::kOffset) {
      // One sender: the seat `offset` places to the right.
      const int from = (seat - plan.offset % n + n) % n;
      if (from == seat) continue;
      for (Card card : passed_by(from)) list[count++] = {card, static_cast<int8_t>(from)};
    } else if (plan.kind == PassKind::kScatter || plan.kind == PassKind::kStar) {
      // Each other seat sends its k-th card here, k fixed by the distance.
      const int first_distance = plan.kind == PassKind::kScatter ? 1 : 2;
      for (int from = 0; from < n; ++from) {
        if (from == seat) continue;
        const int k = (seat - from + n) % n - first_distance;
        const auto passed = passed_by(from);
        if (k >= 0 && k < static_cast<int>(passed.size())) {
          list[count++] = {passed[k], static_cast<int8_t>(from)};
        }
      }
    }
  }
}

void Game::begin_play() {
  if (rules_.rules.partnership_slam_bid && !slam_bidding_over_) {
    begin_slam_bid();  // the bidding comes between the passes and the first lead
    return;
  }
  phase_ = Phase::kPlay;
  int leader = eldest();
  if (rules_.rules.first_lead != FirstLead::kEldestAny) {
    const int n = num_players();
    CardSet clubs;
    // The zero of clubs is the lowest club when it is dealt.
    const CardSet wanted = CardSet::whole_suit(Suit::kClubs) | rules_.zero_cards;
    for (int s = 0; s < n; ++s) clubs |= hands_[s] & wanted;
    if (!clubs.empty()) {
      first_lead_card_ = clubs.contains(kZeroOfClubs) ? kZeroOfClubs : clubs.lowest();
      // With two decks two seats may hold it: the first of them clockwise from eldest leads.
      for (int i = 0, s = leader; i < n; ++i, s = s + 1 == n ? 0 : s + 1) {
        if (hands_[s].contains(first_lead_card_)) {
          leader = s;
          break;
        }
      }
    }
  }
  trick_leader_ = leader;
  to_act_ = leader;
  trick_length_ = num_players();
  if (rules_.extended_play) {
    trick_seats_ = 0;
    for (int s = 0; s < num_players(); ++s) {
      if (!hands_[s].empty()) trick_seats_ |= static_cast<uint8_t>(1 << s);
    }
    trick_cap_ = num_players() * hand_counts_[leader];
    arrive(leader);
  }
}

CardSet Game::legal_plays_general() const {
  if (rules_.extended_play) return legal_plays_extended();
  const Rules& r = rules_.rules;
  const CardSet hand = hands_[to_act_];
  const bool first_trick = tricks_completed_ == 0;
  const bool leading = trick_size_ == 0;
  // On trick 1 penalty cards are held back whenever the hand has anything else.
  CardSet usable = hand;
  if (first_trick && r.no_points_first_trick) {
    const CardSet safe = hand - rules_.penalty_cards;
    if (!safe.empty()) usable = safe;
  }
  if (leading) {
    if (first_trick && first_lead_card_.is_valid()) {
      if (r.first_lead == FirstLead::kTwoOfClubs) return CardSet{first_lead_card_};
      if (r.first_lead == FirstLead::kAnyClub) return hand.of_suit(Suit::kClubs);
    }
    const CardSet options = lead_options(usable);
    if (first_trick && r.heart_lead_first_trick != HeartLeadFirstTrick::kAllowed &&
        heart_lead_banned()) {
      // Greek Hearts: any non-heart the other rules allow, else any non-heart held.
      if (!(options - kHearts).empty()) return options - kHearts;
      if (!(hand - kHearts).empty()) return hand - kHearts;
    }
    return options;
  }
  const Suit led = trick_best_.suit();
  const CardSet follow = hand.of_suit(led);
  if (!follow.empty()) {
    // Club play: the queen must fall under a higher spade already in the trick.
    if (r.queen_forced && led == Suit::kSpades && follow.contains(kQueenOfSpades) &&
        trick_best_.rank() > Rank::kQueen) {
      return CardSet{kQueenOfSpades};
    }
    return follow;
  }
  if (r.queen_forced && usable.contains(kQueenOfSpades)) return CardSet{kQueenOfSpades};
  if (r.black_jack_discard && usable.contains(kJackOfSpades)) return CardSet{kJackOfSpades};
  if (!r.likha_cards.empty()) {
    // Talyeekh: holding every likha in play (or any, by the other reading) forces one out.
    const CardSet held = usable & r.likha_cards;
    const bool forced =
        r.likha_when_any_held ? !held.empty() : hand.contains_all(r.likha_cards & rules_.in_play);
    if (forced && !held.empty()) return held;
  }
  return usable;
}

Status Game::play(Card card) {
  if (phase_ != Phase::kPlay) {
    return Status::error("play: the game is in phase " + std::string(name(phase_)));
  }
  const CardSet legal = legal_plays();
  if ((!card.is_valid() && !card.is_joker()) || !legal.contains(card)) {
    return Status::error("illegal play by " + seat_text(to_act_) + ": " + to_string(card) +
                         " (legal: " + to_string(legal) + ")");
  }
  play_checked(card);
  return Status();
}

void Game::play_general(Card card) {
  if (rules_.extended_play) {
    play_extended(card);
    return;
  }
  const int seat = to_act_;
  const int n = num_players();
  const bool leading = trick_size_ == 0;
  const bool two_decks = !rules_.in_play_twice.empty();  // one deck skips the second copies
  if (two_decks) {
    remove_copy(hands_[seat], hands_twice_[seat], card);
    add_copy(played_, played_twice_, card);
  } else {
    hands_[seat].erase(card);
    played_.insert(card);
  }
  --hand_counts_[seat];
  plays_[num_plays_++] = PlayRecord{static_cast<uint8_t>(seat), card};
  if (rules_.breaks_hearts.contains(card)) hearts_broken_ = true;
  if (leading) {
    trick_best_ = card;
    trick_winner_so_far_ = seat;
    trick_cards_ = CardSet();
    trick_twice_ = CardSet();
    trick_points_ = 0;
    lead_suit_ = static_cast<int>(card.suit());
  } else if (card.suit() == trick_best_.suit() && card.rank() >= trick_best_.rank()) {
    // ">=": of two identical cards the later takes precedence (with one deck ranks never tie).
    trick_best_ = card;
    trick_winner_so_far_ = seat;
  }
  if (two_decks) {
    add_copy(trick_cards_, trick_twice_, card);
  } else {
    trick_cards_.insert(card);
  }
  trick_points_ += rules_.card_points[card.id()];
  if (++trick_size_ == n) {
    finish_trick();
  } else {
    to_act_ = next_seat(seat);
  }
}

int Game::cancellation_winner() const {
  if (trick_twice_.size() >= 2) return -1;  // two pairs: the whole trick is cancelled
  const int n = num_players();
  const PlayRecord* trick = &plays_[num_plays_ - static_cast<size_t>(n)];
  const CardSet live = (trick_cards_ - trick_twice_).of_suit(trick[0].card.suit());
  if (live.empty()) return -1;  // every card of the led suit cancelled: nobody can take it
  const Card best = live.highest();
  for (int i = 0; i < n; ++i) {
    if (trick[i].card == best) return trick[i].seat;
  }
  return -1;
}

void Game::take_trick(int winner) {
  if (winner < 0) {
    carried_.add(CardPair{trick_cards_, trick_twice_});
    carried_points_ += trick_points_;
    return;
  }
  ++tricks_won_[winner];
  add_copies(taken_[winner], taken_twice_[winner], trick_cards_, trick_twice_);
  points_taken_[winner] += trick_points_;
  if (!carried_.once.empty()) {
    add_copies(taken_[winner], taken_twice_[winner], carried_.once, carried_.twice);
    points_taken_[winner] += carried_points_;
    carried_ = CardPair{};
    carried_points_ = 0;
  }
}

void Game::finish_trick() {
  int winner = trick_winner_so_far_;
  if (!trick_twice_.empty() && rules_.rules.identical_cards == IdenticalCards::kCancel) {
    winner = cancellation_winner();
  }
  const int trick = tricks_completed_++;
  trick_size_ = 0;
  trick_start_ = num_plays_;
  trick_end_[trick] = static_cast<uint8_t>(num_plays_);
  lead_suit_ = -1;
  trick_winner_[trick] = winner < 0 ? kVoidTrick : static_cast<uint8_t>(winner);
  take_trick(winner);
  if (winner < 0) {
    // A void trick: its leader leads again; after the last trick its cards stay untaken.
    if (tricks_completed() == rules_.hand_size) {
      finish_deal();
    } else {
      to_act_ = trick_leader_;
    }
    return;
  }
  if (trick == 0 && !kitty_.empty()) {
    // The kitty goes with the first trick, counters and all.
    taken_[winner] |= kitty_;
    for (Card card : kitty_) points_taken_[winner] += rules_.card_points[card.id()];
  }
  if (tricks_completed() == rules_.hand_size) {
    finish_deal();
    return;
  }
  trick_leader_ = winner;
  to_act_ = winner;
}

int Game::all_tricks_seat() const {
  // With sun_ignores_first_trick the first trick's winner need not be the sweeper.
  const bool skip_first = rules_.rules.sun_ignores_first_trick;
  const int needed = tricks_completed_ - (skip_first ? 1 : 0);
  for (int s = 0; s < num_players(); ++s) {
    const int won = tricks_won_[s] - (skip_first && trick_winner_[0] == s ? 1 : 0);
    if (won == needed) return s;
  }
  return -1;
}

int Game::moon_or_sun_seat() const {
  const Rules& r = rules_.rules;
  const DealResult& d = last_deal_;
  if (d.sun_shooter >= 0) return d.sun_shooter;
  if (d.moon_shooter < 0 || r.moon == MoonRule::kNone) return -1;
  if (r.moon_needs_sun && all_tricks_seat() != d.moon_shooter) return -1;
  return d.moon_shooter;
}

bool Game::new_moon_allowed(int shooter) const {
  const Rules& r = rules_.rules;
  if (r.new_moon_min_score == 0) return true;
  if (r.new_moon_score_holder == NewMoonScoreHolder::kShooter) {
    return scores_[shooter] >= r.new_moon_min_score;
  }
  for (int s = 0; s < num_players(); ++s) {
    if (scores_[s] >= r.new_moon_min_score) return true;
  }
  return false;
}

void Game::finish_deal() {
  const Rules& r = rules_.rules;
  DealResult& d = last_deal_;
  d = DealResult{};
  d.deal_index = deal_index_;
  d.dealer = dealer_;
  d.pass = pass_plan_;
  d.last_holder = last_holder_;
  d.left_over = left_over_;
  const CardSet needed = r.moon == MoonRule::kOmnibus ? rules_.counters : rules_.penalty_cards;
  for (int s = 0; s < num_players(); ++s) {
    d.points_taken[s] = points_taken_[s];
    d.tricks_won[s] = tricks_won_[s];
    if (!rules_.penalty_cards.empty() && taken_[s].contains_all(needed) &&
        taken_twice_[s].contains_all(needed & rules_.in_play_twice)) {
      d.moon_shooter = s;  // with two decks, both copies of every penalty card
    }
  }
  if (r.sun != SunRule::kNone) d.sun_shooter = all_tricks_seat();
  if (r.partnership == Partnership::kTeamScore && r.moon != MoonRule::kNone &&
      !rules_.penalty_cards.empty()) {
    d.moon_team = team_moon(needed);
  }
  if (r.partnership_slam_bid) judge_slam_bid();
  const bool moon_counts = d.sun_shooter < 0 && moon_or_sun_seat() >= 0;
  if (moon_counts && r.moon == MoonRule::kShooterChoice && new_moon_allowed(d.moon_shooter)) {
    phase_ = Phase::kMoonChoice;
    to_act_ = d.moon_shooter;
    return;
  }
  apply_deal_scores(false);
  end_deal_or_game();
}

Status Game::choose_moon(bool new_moon) {
  if (phase_ != Phase::kMoonChoice) {
    return Status::error("choose_moon: the game is in phase " + std::string(name(phase_)));
  }
  apply_deal_scores(new_moon);
  end_deal_or_game();
  return Status();
}

void Game::apply_deal_scores(bool new_moon) {
  const Rules& r = rules_.rules;
  const int n = num_players();
  DealResult& d = last_deal_;
  auto& score = d.deal_score;
  for (int s = 0; s < n; ++s) score[s] = points_taken_[s];
  if (d.slam_made) pool_slam_points();
  if (!r.hearts_doubler.empty() || !r.queen_canceller.empty() || !r.score_doubler.empty()) {
    score_taker_effects();
  }
  bool special = false;  // a moon or sun was scored: no -5 bonus then

  if (d.sun_shooter >= 0) {
    special = true;
    score_sun();
  } else if (d.moon_team >= 0) {
    special = true;
    score_team_moon();
  } else if (moon_or_sun_seat() >= 0) {
    special = true;
    score_moon(new_moon);
  }
  if (r.no_tricks_bonus && !special) {
    for (int s = 0; s < n; ++s) {
      if (tricks_won_[s] == 0) score[s] += kNoTricksBonus;
    }
  }
  if (d.slam_partner >= 0) combine_slam_scores();
  if (r.complex_scores) score_complex();
  add_deal_to_scores();
  settle_counters();
  ++deals_completed_;
}

void Game::score_sun() {
  const Rules& r = rules_.rules;
  const int n = num_players();
  const int total = rules_.moon_total;
  DealResult& d = last_deal_;
  auto& score = d.deal_score;
  for (int s = 0; s < n; ++s) {
    if (s == d.sun_shooter) {
      score[s] = 0;
      continue;
    }
    bool punished = false;
    if (r.sun == SunRule::kPunishment && pass_plan_.kind != PassKind::kHold &&
        pass_plan_.kind != PassKind::kShuffle) {
      for (int k = 0; k < passed_count_[s]; ++k) {
        punished |= pass_target(pass_plan_, n, s, k) == d.sun_shooter;
      }
    }
    // On a hold or shuffle deal nobody passed to the shooter: the seed's "the others each
    // receive 26", or everyone double under the other reading.
    const bool unpassed =
        pass_plan_.kind == PassKind::kHold || pass_plan_.kind == PassKind::kShuffle;
    const bool everyone_doubled =
        r.sun == SunRule::kSun ||
        (unpassed && r.punishment_unpassed == PunishmentUnpassed::kEveryoneDouble);
    score[s] = (everyone_doubled || punished) ? 2 * total : total;
  }
}

void Game::score_moon(bool new_moon) {
  const Rules& r = rules_.rules;
  const int n = num_players();
  DealResult& d = last_deal_;
  auto& score = d.deal_score;
  const int shooter = d.moon_shooter;
  // Royal Hearts: the moon is the shooter's own deal score, taker effects included.
  const int total = r.moon_pays_hand_score ? score[shooter] : rules_.moon_total;
  // What the moon pays: the moon total, or Greek Hearts' fixed slam.
  const int paid = r.moon_points > 0 ? r.moon_points : total;

  // With partnerships the shooter's partner is no opponent: it scores as taken (nothing).
  // A made slam bid's silent partner likewise (its points pooled with the bidder's).
  const int partner = d.slam_made ? d.slam_partner : partner_of(r, shooter);
  auto old_moon = [&] {
    for (int s = 0; s < n; ++s) {
      if (s != partner) score[s] += s == shooter ? -total : paid;
    }
  };
  if (!new_moon_allowed(shooter)) {
    // Below new_moon_min_score only old moon may be scored (validate() admits the option only
    // with moon rules that could score new moon).
    old_moon();
    d.new_moon = false;
    return;
  }
  switch (r.moon) {
    case MoonRule::kNone:
      break;
    case MoonRule::kNoScore:
      score.fill(0);
      break;
    case MoonRule::kOldMoon:
      old_moon();
      break;
    case MoonRule::kNewMoon:
      score[shooter] -= total + paid;
      break;
    case MoonRule::kShooterChoice:
      if (new_moon) {
        score[shooter] -= total + paid;
      } else {
        old_moon();
      }
      break;
    case MoonRule::kNewMoonIfOldLoses:
      old_moon();
      if (old_moon_loses(shooter)) {
        for (int s = 0; s < n; ++s) score[s] -= s == shooter ? -total : paid;  // undo old moon
        score[shooter] -= total + paid;
        new_moon = true;
      }
      break;
    case MoonRule::kOmnibus:
      score.fill(0);
      score[shooter] = -paid;
      break;
    case MoonRule::kPenalty:
      score[shooter] = r.moon_penalty;
      break;
  }
  d.new_moon =
      new_moon && (r.moon == MoonRule::kShooterChoice || r.moon == MoonRule::kNewMoonIfOldLoses);
  if (r.moon == MoonRule::kNewMoon) d.new_moon = true;
}

bool Game::old_moon_loses(int shooter) const {
  const Rules& r = rules_.rules;
  const auto& score = last_deal_.deal_score;
  bool ends = false;
  int best_other = 0;
  bool first = true;
  for (int s = 0; s < num_players(); ++s) {
    const int after = scores_[s] + score[s];
    ends |= after >= r.end_score;
    if (s != shooter && (first || after < best_other)) {
      best_other = after;
      first = false;
    }
  }
  return ends && scores_[shooter] + score[shooter] > best_other;
}

void Game::add_deal_to_scores() {
  const Rules& r = rules_.rules;
  if (r.partnership == Partnership::kTeamScore) {
    add_team_deal_to_scores();
    return;
  }
  auto& score = last_deal_.deal_score;
  // Royal Hearts' QD: the deal score of a player whose bonus was floored is what the total moved.
  const int moon_seat = r.bonus_floor_zero ? moon_or_sun_seat() : -1;
  for (int s = 0; s < num_players(); ++s) {
    if (r.bonus_floor_zero && s != moon_seat) score[s] = floored_total(s, score[s]) - scores_[s];
    scores_[s] += score[s];
    scores_imag_[s] += last_deal_.deal_score_imag[s];
    if (r.exactly_end_score_resets && r.end_score > 0 && scores_[s] == r.end_score) scores_[s] = 0;
  }
  if (r.sun_cleans_slate) {
    if (const int sweeper = all_tricks_seat(); sweeper >= 0) {
      scores_[sweeper] = 0;
      last_deal_.slate_cleaned = true;
    }
  }
}

void Game::settle_counters() {
  const Rules& r = rules_.rules;
  const int n = num_players();
  DealResult& d = last_deal_;
  const auto& score = d.deal_score;
  if (r.settlement == Settlement::kHowell) {
    int sum = 0;
    for (int s = 0; s < n; ++s) sum += score[s];
    for (int s = 0; s < n; ++s) d.counters_delta[s] = sum - n * score[s];
  } else if (r.settlement == Settlement::kSweepstake) {
    int claimants = 0;
    for (int s = 0; s < n; ++s) {
      const int paid = std::max(score[s], 0);
      d.counters_delta[s] -= paid;
      pool_ += paid;
      if (score[s] <= 0) ++claimants;
    }
    if (claimants > 0) {
      const int share = pool_ / claimants;
      for (int s = 0; s < n; ++s) {
        if (score[s] <= 0) d.counters_delta[s] += share;
      }
      pool_ -= share * claimants;
    }
  } else if (r.settlement == Settlement::kChips1887) {
    settle_chips1887();
  } else if (r.settlement == Settlement::kLives) {
    settle_lives();
  }
  for (int s = 0; s < n; ++s) counters_[s] += d.counters_delta[s];
}

void Game::end_deal_or_game() {
  const Rules& r = rules_.rules;
  bool over = r.fixed_deals > 0 && deals_completed_ >= r.fixed_deals;
  const int64_t end_squared = static_cast<int64_t>(r.end_score) * r.end_score;
  for (int s = 0; s < num_players() && r.end_score > 0; ++s) {
    over |=
        r.complex_scores ? complex_magnitude_squared(s) >= end_squared : scores_[s] >= r.end_score;
  }
  if (over && r.moon_cannot_win) {
    // A moon or sun shooter who would win (alone or tied) plays at least one more deal.
    const int shooter = moon_or_sun_seat();
    if (shooter >= 0) {
      compute_ranks();
      over = ranks_[shooter] != 1;
    }
  }
  if (over) {
    if (r.settlement == Settlement::kStakes) settle_stakes();
    compute_ranks();
    phase_ = Phase::kGameOver;
    to_act_ = -1;
    return;
  }
  ++deal_index_;
  dealer_ = next_seat(dealer_);
  phase_ = Phase::kDeal;
  to_act_ = -1;
}

void Game::compute_ranks() {
  if (rules_.rules.partnership != Partnership::kNone) {
    compute_team_ranks();
    return;
  }
  const int n = num_players();
  const bool by_counters = rules_.rules.settlement != Settlement::kPoints;
  const bool complex = rules_.rules.complex_scores;
  for (int s = 0; s < n; ++s) {
    int better = 0;
    for (int t = 0; t < n; ++t) {
      if (complex) {
        better += complex_magnitude_squared(t) < complex_magnitude_squared(s);
      } else {
        better += by_counters ? counters_[t] > counters_[s] : scores_[t] < scores_[s];
      }
    }
    ranks_[s] = 1 + better;
  }
}

void Game::resolve_chance() {
  if (phase_ == Phase::kDeal) {
    deal_from_seed();
  } else if (phase_ == Phase::kPassDirection) {
    const auto pick =
        static_cast<uint8_t>(chance_rng_.uniform(static_cast<uint32_t>(num_players())));
    const PassPlan plan =
        pick == 0 ? PassPlan{}
                  : PassPlan{PassKind::kOffset, pick, static_cast<uint8_t>(rules_.pass_count)};
    (void)set_pass_plan(plan);
  }
}

}  // namespace hearts
