// The plain path: one deck without a stock, boosters, jokers or forced discards (Game::plain_),
// which is the standard table and most presets. Every accessor shows exactly what the general
// path shows (game_plain_path_test compares them after each decision; the bench signature and the
// conformance games check the results); it skips the bookkeeping such tables never need, and
// settles a trick's winner, points and broken hearts once at its end rather than card by card.
// legal_plays() and play_checked() choose the path inline (the end of hearts/game.h), so the
// common case pays for one predictable branch and no call.
#include "hearts/game.h"

namespace hearts {

void Game::deal_plain() {
  reset_deal_state();
  std::array<Card, 64> deck = deck_order_;
  deal_rng_.shuffle(std::span<Card>(deck.data(), static_cast<size_t>(deck_size_)));
  const int n = num_players();
  const int dealt = n * rules_.hand_size;
  // Card k goes to the k-th seat round the table from eldest: each seat's cards are every n-th.
  // (Folding this into the shuffle's loop, each card dealt as soon as it is drawn, measured
  // slower: the hands are read-modify-written in memory between draws.)
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

void Game::finish_trick_plain() {
  // One deck: no two cards tie, so the highest card of the led suit takes the trick.
  const CardSet cards = trick_cards_;
  const Card best = cards.of_suit(static_cast<Suit>(lead_suit_)).highest();
  const int winner = card_seat_[best.id()];
  const int points = trick_points_;
  const int trick_index = tricks_completed_++;
  trick_size_ = 0;
  trick_start_ = num_plays_;
  trick_end_[trick_index] = static_cast<uint8_t>(num_plays_);
  lead_suit_ = -1;
  trick_winner_[trick_index] = static_cast<uint8_t>(winner);
  ++tricks_won_[winner];
  taken_[winner] |= cards;
  points_taken_[winner] += points;
  played_ |= cards;
  hearts_broken_ |= rules_.breaks_hearts.intersects(cards);
  trick_cards_ = CardSet();
  trick_points_ = 0;
  if (trick_index == 0 && !kitty_.empty()) {
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
