// Presets of the card-value games of issue 17: Royal Hearts and Gong Zhu. Each starts from
// `standard`, whose rules fill what the seeds leave out; docs/rules.md, sections 4 and 5, lists
// the sources and the gaps filled.
#include "hearts/rules.h"

namespace hearts {
namespace {

void set_card_value(Rules& rules, Card card, int points) {
  rules.valued_cards.insert(card);
  rules.card_values[card.id()] = static_cast<int8_t>(points);
}

Rules royal_hearts() {
  // Seed 003 line 50: QS 26, the QH doubles its taker's hearts, the QD -10 but not below zero,
  // the QC cancels the QS taken by the same player; the moon shooter chooses.
  Rules royal;
  royal.queen_of_spades_points = 26;
  set_card_value(royal, Card(Suit::kDiamonds, Rank::kQueen), -10);
  royal.hearts_doubler = CardSet{kQueenOfHearts};
  royal.queen_canceller = CardSet{Card(Suit::kClubs, Rank::kQueen)};
  royal.bonus_floor_zero = true;
  royal.moon = MoonRule::kShooterChoice;
  royal.moon_pays_hand_score = true;
  return royal;
}

Rules gong_zhu() {
  // Seed 002 line 180, in penalty points: 5H-10H 10, JH 20, QH 30, KH 40, AH 50, QS 100,
  // JD -100; the 2H-4H count nothing; the 10C doubles its taker's score for the deal.
  Rules gong;
  for (Rank rank : {Rank::kTwo, Rank::kThree, Rank::kFour}) {
    set_card_value(gong, Card(Suit::kHearts, rank), 0);
  }
  for (Rank rank : {Rank::kFive, Rank::kSix, Rank::kSeven, Rank::kEight, Rank::kNine, Rank::kTen}) {
    set_card_value(gong, Card(Suit::kHearts, rank), 10);
  }
  set_card_value(gong, Card(Suit::kHearts, Rank::kJack), 20);
  set_card_value(gong, kQueenOfHearts, 30);
  set_card_value(gong, Card(Suit::kHearts, Rank::kKing), 40);
  set_card_value(gong, Card(Suit::kHearts, Rank::kAce), 50);
  gong.queen_of_spades_points = 100;
  gong.jack_of_diamonds_points = -100;
  gong.score_doubler = CardSet{Card(Suit::kClubs, Rank::kTen)};
  gong.moon = MoonRule::kNone;  // the seed names no moon; the counters score as taken
  gong.end_score = 1000;        // ten times Black Lady's 100, as the QS is worth 100
  return gong;
}

}  // namespace

void add_royal_presets(std::vector<Preset>& all) {
  all.push_back({"royal-hearts",
                 "Royal Hearts: QS 26, the QH doubles its taker's hearts, the QD -10 (not below "
                 "0), the QC cancels its taker's QS; the shooter chooses; else as standard",
                 "Black Lady: Royal Hearts (Parker Brothers)", royal_hearts()});
  all.push_back({"gong-zhu",
                 "Gong Zhu: hearts 5-10 10, J 20, Q 30, K 40, A 50, QS 100, JD -100, the 10C "
                 "doubles its taker's deal; no moon, game to 1000; else as standard",
                 "Black Lady: Gong Zhu", gong_zhu()});
}

}  // namespace hearts
