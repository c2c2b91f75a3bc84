// The ismcts bot's root: a race between the candidate cards over shared sampled worlds.
//
// Every round plays each candidate still in the race once in the same world, so two candidates
// are compared world by world (a paired difference, free of most of the deal's luck). Every
// kCheckEvery complete rounds, from kMinRounds on, a candidate whose paired difference to the
// leader is below zero by more than kDropZ standard errors leaves the race: the iterations it
// would have taken go to the cards still in doubt. A short search spends most of its budget on
// the two or three cards that matter, where a round-robin split spends it evenly on cards the
// first worlds already rule out.
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: a plain value; one search uses it.
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "hearts/card_set.h"

namespace hearts_ismcts {

class RootRace {
 public:
  static constexpr int kMinRounds = 8;
  static constexpr int kCheckEvery = 4;
  // About one chance in 160 that a card really no worse than the leader leaves at one check.
  static constexpr double kDropZ = 2.5;

  // More than kMax candidates (no table deals that many cards) would leave the race off: every
  // candidate stays in.
  explicit RootRace(hearts::CardSet candidates) : alive_(candidates) {
    enabled_ = candidates.size() <= kMax;
    for (hearts::Card card : candidates) index_[card.id()] = enabled_ ? count_++ : 0;
  }

  // The candidates still in the race.
  hearts::CardSet alive() const { return alive_; }
  int rounds() const { return rounds_; }
  int dropped() const { return dropped_; }

  // How many standard errors `a`'s mean reward is above `b`'s over the rounds counted, paired
  // world by world: +inf when `a` is ahead in every world alike, 0 when either left the race or
  // no round is counted.
  double paired_z(hearts::Card a, hearts::Card b) const {
    if (!enabled_ || !alive_.contains(a) || !alive_.contains(b) || rounds_ == 0) return 0;
    const Difference d = difference(index_[a.id()], index_[b.id()]);
    if (d.standard_error <= 0) return d.mean > 0 ? std::numeric_limits<double>::infinity() : 0.0;
    return d.mean / d.standard_error;
  }

  // This round's reward of `card` (a candidate still in the race).
  void record(hearts::Card card, double reward) {
    if (!enabled_) return;
    const int i = index_[card.id()];
    round_reward_[i] = reward;
    round_seen_[i] = true;
  }

  // Ends a round: a round in which every candidate still in the race got a reward counts (a
  // round cut short by the budget, or an iteration without an outcome, does not), and at a check
  // the candidates clearly behind the leader leave.
  void end_round() {
    if (!enabled_) return;
    bool complete = true;
    for (hearts::Card card : alive_) complete &= round_seen_[index_[card.id()]];
    if (complete) commit();
    round_seen_.fill(false);
    if (complete && rounds_ >= kMinRounds && rounds_ % kCheckEvery == 0) eliminate();
  }

 private:
  // Candidate i's mean reward minus candidate j's over the rounds counted, world by world, and
  // the standard error of that mean.
  struct Difference {
    double mean = 0;
    double standard_error = 0;
  };
  Difference difference(int i, int j) const {
    const double n = rounds_;
    const double mean = (sum_[i] - sum_[j]) / n;
    const double square = (cross_[i][i] - 2 * cross_[i][j] + cross_[j][j]) / n;
    const double variance = square - mean * mean > 0 ? square - mean * mean : 0.0;
    return {mean, std::sqrt(variance / n)};
  }

  void commit() {
    ++rounds_;
    for (hearts::Card a : alive_) {
      const int i = index_[a.id()];
      sum_[i] += round_reward_[i];
      for (hearts::Card b : alive_) {
        const int j = index_[b.id()];
        cross_[i][j] += round_reward_[i] * round_reward_[j];
      }
    }
  }

  void eliminate() {
    int leader = -1;
    for (hearts::Card card : alive_) {
      const int i = index_[card.id()];
      if (leader < 0 || sum_[i] > sum_[leader]) leader = i;
    }
    hearts::CardSet keep;
    for (hearts::Card card : alive_) {
      const int i = index_[card.id()];
      const Difference d = difference(i, leader);
      if (i == leader || d.mean + kDropZ * d.standard_error >= 0) {
        keep.insert(card);
      } else {
        ++dropped_;
      }
    }
    alive_ = keep;
  }

  static constexpr int kMax = 24;  // candidates: one per legal card (3 players hold 17)
  bool enabled_ = true;
  hearts::CardSet alive_;
  std::array<int, 64> index_{};
  int count_ = 0;
  int rounds_ = 0;
  int dropped_ = 0;
  std::array<double, kMax> round_reward_{};
  std::array<bool, kMax> round_seen_{};
  std::array<double, kMax> sum_{};
  std::array<std::array<double, kMax>, kMax> cross_{};
};

}  // namespace hearts_ismcts
