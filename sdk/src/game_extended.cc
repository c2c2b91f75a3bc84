// The engine's general play path, for rules the plain 52-card path does not cover: a stock
// (Domino Hearts), booster nines and jokers. Game::play_checked() and legal_plays() come here
// only when CompiledRules::extended_play is set, so the plain path keeps its speed.
//
// docs/rules.md, section 9, gives each rule with its source and the readings chosen.
#include <algorithm>
#include <bit>

#include "hearts/game.h"

namespace hearts {
namespace {

// The 16-bit lane of a suit: its 13 cards and the joker ids beside them (card.h).
constexpr CardSet lane(int suit) {
  return CardSet(uint64_t{0xFFFF} << (16 * suit));
}

// Rank for trick resolution: a zero ranks below the deuce of its suit.
int strength(Card card) {
  const int rank = card.id() & 15;
  return rank == 13 ? -1 : rank;
}

}  // namespace

CardSet Game::follow_cards(CardSet hand, int suit) const {
  if (suit < 0) return CardSet();
  return hand.of_suit(static_cast<Suit>(suit)) | (hand & rules_.zero_cards & lane(suit));
}

CardSet Game::legal_plays_extended() const {
  const Rules& r = rules_.rules;
  const CardSet hand = hands_[to_act_];
  CardSet usable = hand;
  if (tricks_completed_ == 0 && r.no_points_first_trick) {
    const CardSet safe = hand - rules_.penalty_cards;
    if (!safe.empty()) usable = safe;
  }
  if (trick_size_ == 0) return lead_plays_extended(hand, usable);
  const CardSet follow = follow_cards(hand, lead_suit_);
  if (!follow.empty()) {
    if (r.queen_forced && lead_suit_ == static_cast<int>(Suit::kSpades) &&
        follow.contains(kQueenOfSpades) && trick_best_.is_valid() &&
        trick_best_.rank() > Rank::kQueen) {
      return CardSet{kQueenOfSpades};
    }
    // Valueless jokers may also be played when the seat could follow, unless only when void.
    if (r.joker_play == JokerPlay::kAnyTime) return follow | (usable & rules_.free_jokers);
    return follow;
  }
  if (r.queen_forced && usable.contains(kQueenOfSpades)) return CardSet{kQueenOfSpades};
  if (r.black_jack_discard && usable.contains(kJackOfSpades)) return CardSet{kJackOfSpades};
  return usable;
}

CardSet Game::lead_plays_extended(CardSet hand, CardSet usable) const {
  const Rules& r = rules_.rules;
  if (tricks_completed_ == 0 && (first_lead_card_.is_valid() || first_lead_card_.is_joker())) {
    if (r.first_lead == FirstLead::kTwoOfClubs) return CardSet{first_lead_card_};
    if (r.first_lead == FirstLead::kAnyClub) {
      return follow_cards(hand, static_cast<int>(Suit::kClubs));
    }
  }
  const CardSet jokers = usable & rules_.free_jokers;
  const CardSet plain = usable - jokers;
  CardSet legal = plain.empty() ? CardSet() : lead_options(plain);
  if (r.joker_lead == JokerLead::kNever && !legal.empty()) return legal;
  if (r.joker_lead == JokerLead::kCalledSuit) {
    for (Card joker : jokers) {
      for (int suit = 0; suit < kNumSuits; ++suit) {
        legal.insert(joker_calling(joker, static_cast<Suit>(suit)));
      }
    }
    return legal;
  }
  // Under kNever a hand of nothing but jokers still leads one; the next card sets the suit.
  return legal | jokers;
}

void Game::play_extended(Card card) {
  const int seat = to_act_;
  const int n = num_players();
  const Card held = card.held();
  hands_[seat].erase(held);
  --hand_counts_[seat];
  played_.insert(held);
  plays_[num_plays_++] = PlayRecord{static_cast<uint8_t>(seat), card};
  if (rules_.breaks_hearts.contains(held)) hearts_broken_ = true;
  if (trick_size_ == 0) {
    trick_best_ = Card();
    trick_winner_so_far_ = seat;  // kept only if no card in the trick can win it
    trick_cards_ = CardSet();
    trick_points_ = 0;
    lead_suit_ = card.called_suit();
  }
  const bool free_joker = rules_.free_jokers.contains(held);
  if (lead_suit_ < 0 && !free_joker) lead_suit_ = static_cast<int>(held.suit());
  if (!free_joker && static_cast<int>(held.suit()) == lead_suit_ &&
      (trick_best_ == Card() || strength(held) > strength(trick_best_))) {
    trick_best_ = held;
    trick_winner_so_far_ = seat;
  }
  trick_cards_.insert(held);
  trick_points_ += rules_.card_points[held.id()];
  if (rules_.rules.booster_nines && held.is_valid() && held.rank() == Rank::kNine) {
    // One more round of every seat in the trick, as far as the hands reach.
    trick_length_ = std::min(trick_length_ + std::popcount(trick_seats_), trick_cap_);
  }
  if (++trick_size_ == trick_length_) {
    finish_trick_extended();
    return;
  }
  int next = seat;
  do {
    next = next + 1 == n ? 0 : next + 1;
  } while (((trick_seats_ >> next) & 1) == 0);
  arrive(next);
}

void Game::arrive(int seat) {
  to_act_ = seat;
  draw_from_[num_plays_] = static_cast<uint8_t>(stock_next_);
  draw_to_[num_plays_] = static_cast<uint8_t>(stock_next_);
  if (stock_next_ == stock_count_ || trick_size_ == 0 || lead_suit_ < 0) return;
  if (!follow_cards(hands_[seat], lead_suit_).empty()) return;
  // Foster: a seat that cannot follow draws, one card at a time, until it can.
  while (stock_next_ < stock_count_) {
    const Card card = stock_[stock_next_++];
    hands_[seat].insert(card);
    drawn_[seat].insert(card);
    ++drawn_counts_[seat];
    ++hand_counts_[seat];
    if (static_cast<int>(card.suit()) == lead_suit_) break;
  }
  draw_to_[num_plays_] = static_cast<uint8_t>(stock_next_);
}

void Game::finish_trick_extended() {
  const int n = num_players();
  const int winner = trick_winner_so_far_;
  const int trick = tricks_completed_++;
  trick_size_ = 0;
  trick_start_ = num_plays_;
  trick_end_[trick] = static_cast<uint8_t>(num_plays_);
  trick_winner_[trick] = static_cast<uint8_t>(winner);
  ++tricks_won_[winner];
  taken_[winner] |= trick_cards_;
  int points = trick_points_;
  if (rules_.rules.joker_scoring == JokerScoring::kHeartsTrick &&
      lead_suit_ != static_cast<int>(Suit::kHearts)) {
    for (Card joker : trick_cards_&(rules_.zero_cards | rules_.free_jokers)) {
      points -= rules_.card_points[joker.id()];
    }
  }
  points_taken_[winner] += points;
  if (trick == 0 && !kitty_.empty()) {
    taken_[winner] |= kitty_;
    for (Card card : kitty_) points_taken_[winner] += rules_.card_points[card.id()];
  }
  lead_suit_ = -1;
  uint8_t holders = 0;
  for (int s = 0; s < n; ++s) {
    if (hand_counts_[s] > 0) holders |= static_cast<uint8_t>(1 << s);
  }
  const int count = std::popcount(holders);
  if (rules_.stock_size > 0 ? count <= 1 : count == 0) {
    if (count == 1) take_left_over(std::countr_zero(holders));
    if (count == 0 && stock_left() > 0) take_left_over(winner);
    finish_deal();
    return;
  }
  // A winner who has run out of cards hands the lead to the next seat on its left with cards.
  int leader = winner;
  while (((holders >> leader) & 1) == 0) leader = leader + 1 == n ? 0 : leader + 1;
  trick_seats_ = holders;
  trick_length_ = count;
  trick_cap_ = count * hand_counts_[leader];
  trick_leader_ = leader;
  arrive(leader);
}

void Game::take_left_over(int seat) {
  CardSet cards = hands_[seat];
  while (stock_next_ < stock_count_) cards.insert(stock_[stock_next_++]);
  hands_[seat] = CardSet();
  hand_counts_[seat] = 0;
  taken_[seat] |= cards;
  for (Card card : cards) points_taken_[seat] += rules_.card_points[card.id()];
  last_holder_ = seat;
  left_over_ = cards;
}

}  // namespace hearts
