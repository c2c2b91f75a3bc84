// Bot: the interface a bot author implements. Build it into a plugin with HEARTS_EXPORT_BOT
// (hearts/plugin.h); the arena then asks it for every decision its seat must make.
//
// Threading contract: the arena creates one instance per seat per table. Instances of one plugin
// may run on different threads at the same time, so shared (static) state needs its own
// locking; a single instance is never called concurrently.
// Errors: a method may throw; the plugin wrapper catches everything, the arena records an
// "exception" violation and plays its documented fallback for that decision.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <span>

#include "hearts/observation.h"

namespace hearts {

// What the arena tells a bot when it is created.
struct BotConfig {
  int32_t seat = 0;
  int32_t num_players = 4;
  uint64_t seed = 0;                     // per bot and game: use it for reproducible randomness
  const CompiledRules* rules = nullptr;  // valid for the bot's whole life
};

// The cards a bot passes, in order. Built from a CardSet (ascending) or a list.
class PassSelection {
 public:
  PassSelection() = default;
  PassSelection(CardSet cards) {  // NOLINT(google-explicit-constructor): a set is a selection
    for (Card card : cards) push_back(card);
  }
  PassSelection(std::initializer_list<Card> cards) {
    for (Card card : cards) push_back(card);
  }
  // Appends a card; cards beyond kMaxPassCards are dropped (and the pass is then invalid).
  void push_back(Card card) {
    if (count_ < kMaxPassCards) cards_[count_] = card;
    ++count_;
  }
  int size() const { return count_; }
  std::span<const Card> cards() const {
    return {cards_.data(), static_cast<size_t>(count_ < kMaxPassCards ? count_ : kMaxPassCards)};
  }

 private:
  std::array<Card, kMaxPassCards> cards_{};
  int count_ = 0;
};

class Bot {
 public:
  virtual ~Bot() = default;

  // kPass: exactly obs.pass.count distinct cards from obs.legal (the hand minus forbidden
  // cards). With scatter and star passes card k goes to pass_target(obs.pass, n, seat, k).
  virtual PassSelection choose_pass(const Observation& obs) = 0;

  // kPlay: one card of obs.legal.
  virtual Card choose_play(const Observation& obs) = 0;

  // kMoonChoice (shooter's-choice rule): true for new moon (own score minus the total),
  // false for old moon (everyone else plus the total). Default: old moon.
  virtual bool choose_new_moon(const Observation& obs);

  // kDealerChoice: the pass plan for this deal. Default: pass_count cards to the left.
  virtual PassPlan choose_pass_plan(const Observation& obs);

  // Notifications, after the last trick of each deal and at game end (obs.phase is kDeal or
  // kGameOver; scores include the finished deal). Defaults do nothing, and a bot that keeps a
  // default is not sent that notification at all (HEARTS_EXPORT_BOT tells the host so).
  virtual void on_deal_end(const Observation& obs, const DealResult& result);
  virtual void on_game_end(const Observation& obs, const DealResult& last_deal);

  // kSlamBid (partnership_slam_bid): true to bid to take every trick, with the AH's holder as
  // silent partner. Default: decline, so bots written before the slam bid keep working.
  virtual bool choose_slam_bid(const Observation& obs);
};

inline bool Bot::choose_new_moon(const Observation&) {
  return false;
}
inline PassPlan Bot::choose_pass_plan(const Observation& obs) {
  return PassPlan{PassKind::kOffset, 1, static_cast<uint8_t>(obs.rules->pass_count)};
}
inline void Bot::on_deal_end(const Observation&, const DealResult&) {}
inline void Bot::on_game_end(const Observation&, const DealResult&) {}
inline bool Bot::choose_slam_bid(const Observation&) {
  return false;
}

}  // namespace hearts
