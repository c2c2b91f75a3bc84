// The scoring variants that settle in chips or keep a second score: the 1887 chip settlement,
// Arnold's stakes, Complex Hearts, and the Greek first-lead rule. docs/rules.md, 3.2, gives the
// sources and the worked examples the tests use.
#include <algorithm>

#include "hearts/game.h"

namespace hearts {

bool Game::heart_lead_banned() const {
  switch (rules_.rules.heart_lead_first_trick) {
    case HeartLeadFirstTrick::kAllowed:
      return false;
    case HeartLeadFirstTrick::kEveryDeal:
      return true;
    case HeartLeadFirstTrick::kFirstDeal:
      return deal_index_ == 0;
  }
  return false;
}

void Game::settle_chips1887() {
  const int n = num_players();
  DealResult& d = last_deal_;
  auto& delta = d.counters_delta;
  if (d.moon_shooter >= 0) {
    // "A player taking all 13 hearts pays 13 chips: four to each opponent and one to the
    // table": the moon total, shared equally, what does not divide going to the table.
    const int total = rules_.moon_total;
    const int each = total / (n - 1);
    for (int s = 0; s < n; ++s) delta[s] = s == d.moon_shooter ? -total : each;
    pool_ += total - each * (n - 1);
    return;
  }
  const auto& score = d.deal_score;
  const int lowest = *std::min_element(score.begin(), score.begin() + n);
  // The others pay the lowest their points; the winners share that and what the table held.
  int spoils = pool_;
  int winners = 0;
  for (int s = 0; s < n; ++s) {
    if (score[s] == lowest) {
      ++winners;
    } else {
      const int paid = std::max(score[s], 0);
      delta[s] -= paid;
      spoils += paid;
    }
  }
  const int share = spoils / winners;
  for (int s = 0; s < n; ++s) {
    if (score[s] == lowest) delta[s] += share;
  }
  pool_ = spoils - share * winners;
}

void Game::settle_lives() {
  // "If a player receives 15 or more points in a round, he or she loses a life." A seat with no
  // life left stays at the table (a seat cannot leave a game) and loses no more.
  constexpr int kDangerPoints = 15;
  DealResult& d = last_deal_;
  for (int s = 0; s < num_players(); ++s) {
    if (d.deal_score[s] >= kDangerPoints && counters_[s] > 0) d.counters_delta[s] = -1;
  }
}

void Game::settle_stakes() {
  // Those above the average pay the difference into a pool and those below draw it. In whole
  // counters a payer pays the difference rounded up and a drawer draws it rounded down, so the
  // pool never runs short; what is left of it stays on the table (pool()).
  const int n = num_players();
  int64_t sum = 0;
  for (int s = 0; s < n; ++s) sum += scores_[s];
  DealResult& d = last_deal_;
  for (int s = 0; s < n; ++s) {
    const int64_t excess = static_cast<int64_t>(n) * scores_[s] - sum;  // n * (score - average)
    int change = 0;
    if (excess > 0) change = -static_cast<int>((excess + n - 1) / n);
    if (excess < 0) change = static_cast<int>(-excess / n);
    d.counters_delta[s] += change;
    counters_[s] += change;
    pool_ -= change;
  }
}

void Game::score_complex() {
  // Complex Hearts: a deal scores (real points) + (the QS's value) i, and the 10C multiplies
  // its taker's deal score by 2i: (a + bi) * 2i = -2b + 2ai.
  DealResult& d = last_deal_;
  for (int s = 0; s < num_players(); ++s) {
    int real = d.deal_score[s];
    int imag = taken_[s].contains(kQueenOfSpades) ? rules_.queen_imaginary_points : 0;
    if (taken_[s].intersects(rules_.times_two_i)) {
      const int rotated_real = -2 * imag;
      imag = 2 * real;
      real = rotated_real;
    }
    d.deal_score[s] = real;
    d.deal_score_imag[s] = imag;
  }
}

int64_t Game::complex_magnitude_squared(int seat) const {
  const int64_t re = scores_[seat];
  const int64_t im = scores_imag_[seat];
  return re * re + im * im;
}

}  // namespace hearts
