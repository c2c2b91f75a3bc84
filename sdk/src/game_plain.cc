// The plain path: one deck without a stock, boosters, jokers or forced discards (Game::plain_),
// which is the standard table and most presets. It keeps exactly the state the general path
// keeps and gives the same results (the bench signature and the conformance games check this);
// it only skips the bookkeeping such tables never need. legal_plays() and play_checked() choose
// the path here, so the common case pays for one predictable branch.
#include "hearts/game.h"

namespace hearts {

CardSet Game::legal_plays() const {
  if (phase_ != Phase::kPlay) return CardSet();
  return plain_ ? legal_plays_plain() : legal_plays_general();
}

void Game::play_checked(Card card) {
  if (plain_) {
    play_plain(card);
  } else {
    play_general(card);
  }
}

void Game::deal_plain() {
  reset_deal_state();
  std::array<Card, 64> deck = deck_order_;
  deal_rng_.shuffle(std::span<Card>(deck.data(), static_cast<size_t>(deck_size_)));
  const int n = num_players();
  const int dealt = n * rules_.hand_size;
  // Card k goes to the k-th seat round the table from eldest: each seat's cards are every n-th.
  int seat = eldest();
  for (int i = 0; i < n; ++i, seat = next_seat(seat)) {
    uint64_t hand = 0;
    for (int k = i; k < dealt; k += n) hand |= uint64_t{1} << deck[k].id();
    hands_[seat] = CardSet(hand);
  }
  uint64_t kitty = 0;
  for (int k = dealt; k < deck_size_; ++k) kitty |= uint64_t{1} << deck[k].id();
  after_deal(CardSet(kitty));
}

[[gnu::always_inline]] inline CardSet Game::legal_plays_plain() const {
  const CardSet hand = hands_[to_act_];
  const bool first_trick = tricks_completed_ == 0;
  if (trick_size_ != 0) {
    const CardSet follow = hand.of_suit(trick_best_.suit());
    if (!follow.empty()) return follow;
    // Void in the led suit: anything, but penalty cards wait on trick 1 when the hand allows.
    if (first_trick && rules_.rules.no_points_first_trick) {
      const CardSet safe = hand - rules_.penalty_cards;
      if (!safe.empty()) return safe;
    }
    return hand;
  }
  // The first lead (once a deal) has rules of its own: the general path knows them all.
  if (first_trick) return legal_plays_general();
  return lead_options(hand);
}

[[gnu::always_inline]] inline void Game::play_plain(Card card) {
  const int seat = to_act_;
  const uint64_t bit = uint64_t{1} << card.id();
  hands_[seat] = CardSet(hands_[seat].bits() & ~bit);
  played_ = CardSet(played_.bits() | bit);
  --hand_counts_[seat];
  plays_[num_plays_++] = PlayRecord{static_cast<uint8_t>(seat), card};
  if (rules_.breaks_hearts.bits() & bit) hearts_broken_ = true;
  const int points = rules_.card_points[card.id()];
  if (trick_size_ == 0) {
    trick_best_ = card;
    trick_winner_so_far_ = seat;
    trick_cards_ = CardSet(bit);
    trick_points_ = points;
    lead_suit_ = static_cast<int>(card.suit());
    trick_size_ = 1;
    to_act_ = next_seat(seat);
    return;
  }
  // One deck: no two cards tie, so the higher card of the led suit takes the lead.
  if (card.suit() == trick_best_.suit() && card.rank() > trick_best_.rank()) {
    trick_best_ = card;
    trick_winner_so_far_ = seat;
  }
  trick_cards_ = CardSet(trick_cards_.bits() | bit);
  trick_points_ += points;
  if (++trick_size_ == num_players()) {
    finish_trick_plain();
  } else {
    to_act_ = next_seat(seat);
  }
}

void Game::finish_trick_plain() {
  const int winner = trick_winner_so_far_;
  const int trick = tricks_completed_++;
  trick_size_ = 0;
  trick_start_ = num_plays_;
  trick_end_[trick] = static_cast<uint8_t>(num_plays_);
  lead_suit_ = -1;
  trick_winner_[trick] = static_cast<uint8_t>(winner);
  ++tricks_won_[winner];
  taken_[winner] |= trick_cards_;
  points_taken_[winner] += trick_points_;
  if (trick == 0 && !kitty_.empty()) {
    // The kitty goes with the first trick, counters and all.
    taken_[winner] |= kitty_;
    for (Card card : kitty_) points_taken_[winner] += rules_.card_points[card.id()];
  }
  if (tricks_completed_ == rules_.hand_size) {
    finish_deal();
    return;
  }
  trick_leader_ = winner;
  to_act_ = winner;
}

}  // namespace hearts
