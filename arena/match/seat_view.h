// A seat's private copy of what it may observe, filled by the referee for each call to its bot.
//
// The SDK's hearts::observe() gives a view whose pointers lead into the live Game (its hands,
// scores and rules). A bot must never hold such a pointer: an in-process plugin could follow it
// to other seats' hands or write through it to change scores. So the referee observes the game
// into this buffer and, before any bot sees it, points every array of the view at the buffer's
// own copies: every pointer a bot gets (plays, trick winners, passes, per-seat counts, the rules,
// the deal result) points into this buffer and nowhere else. The referee never reads anything back
// from it, so what a bot writes here changes nothing but its own view. Each buffer is its own heap
// allocation, apart from the game and the results (Referee keeps them), so no pointer a bot is
// given leads to them either.
//
// The copy also hides what a seat may not know: while a deal is being played, a seat that may not
// see the kitty does not see its points in the points_taken of the seat that won it
// (docs/rules.md, "The kitty").
//
// Thread safety: one SeatView per seat per referee, used by the referee's thread only.
#pragma once

#include <array>

#include "hearts/game.h"
#include "hearts/observation.h"

namespace arena {

// Whether, under these rules, a seat's view changes between two of its plays in one deal only in
// what observe_next_play() writes and in the plays, trick winners, points taken, tricks won and
// hand counts: one deck, no stock, no kitty, no partners (whose slam partner shows mid-deal).
// Every preset of four seats without those options qualifies.
bool plays_stay_put(const hearts::CompiledRules& rules);

// Refreshes `obs`, a full observation of `seat`'s previous play in the current deal under rules
// where plays_stay_put(), for its next play: the phase, legal cards, hand, play count and trick.
// The decision's time, bank and seed are reset as hearts::observe_fields() resets them.
void observe_next_play(const hearts::Game& game, int seat, hearts::Observation* obs);

class SeatView {
 public:
  // Copies the rules the bot's observations will point to. Called at the start of each game, so
  // whatever a bot wrote into its copy does not carry over.
  void reset(const hearts::CompiledRules& rules) {
    rules_ = rules;
    copied_ = Copied{};
    play_fast_ = plays_stay_put(rules);
    play_current_ = false;
  }
  // A new deal has been dealt: its plays, trick winners and passes start afresh. (The game moves
  // to the next deal's index before the deal-end notification, while the plays are still the old
  // deal's, so the referee, which deals, says when they start.)
  void start_deal() {
    copied_ = Copied{};
    play_current_ = false;
  }

  // Observes `game` for `seat` straight into this buffer, then points every array of the view at
  // this buffer's own copies, and returns the view to hand to the bot (the referee sets the
  // decision's time and seed in it). Valid until the next call. The referee keeps what it needs
  // (the legal cards) before the bot is called and never reads the view afterwards. For the seat's
  // next play in the deal its view last showed in full, under rules where plays_stay_put(), only
  // what a play changes is refreshed (observe_next_play()); the rest is as the last call left it.
  // Inline: the shortcut's test runs in the referee's decision loop, and its work in one call.
  hearts::Observation& observe(const hearts::Game& game, int seat, uint32_t game_index) {
    if (play_current_ && game.phase() == hearts::Phase::kPlay && game.to_act() == seat &&
        game.deal_index() == play_deal_) {
      refresh_next_play(game, seat, game_index);
      return view_;  // no kitty to hide: plays_stay_put() has none
    }
    return observe_fully(game, seat, game_index);
  }

  // The same for a deal-end or game-end notification (`kind`), with `result` copied too (see
  // result()). At a deal end the deal index and dealer are those of the deal that just ended:
  // the game has already moved on to the next one. The deal is over, so the kitty is not hidden.
  const hearts::Observation& observe_notification(int32_t kind, const hearts::Game& game, int seat,
                                                  uint32_t game_index,
                                                  const hearts::DealResult& result);
  // The copy of the result made by the last observe_notification().
  const hearts::DealResult& result() const { return result_; }

 private:
  void refresh_next_play(const hearts::Game& game, int seat, uint32_t game_index);
  hearts::Observation& observe_fully(const hearts::Game& game, int seat, uint32_t game_index);
  void own_arrays(const hearts::Game& game, int seat);
  void own_play_arrays(const hearts::Game& game);
  void hide_kitty_points(const hearts::Game& game, int seat);

  hearts::Observation view_;  // first: the whole buffer is [&view_, &view_ + sizeof(SeatView))
  hearts::CompiledRules rules_;
  // The plays, trick winners, passed and received cards only grow within a deal, so each call
  // copies what is new since the last one (what a bot writes over its own copy of them stays, in
  // its own view only). Reset at each deal and game.
  struct Copied {
    int32_t plays = 0, winners = 0, passed = 0, received = 0;
  };
  Copied copied_;
  // observe_next_play() may be used: the rules allow it (play_fast_), and the last full observe()
  // was of this seat's play in the deal `play_deal_` (play_current_). Both the referee's own:
  // nothing is read back from view_, which the bot may have written over.
  bool play_fast_ = false;
  bool play_current_ = false;
  int play_deal_ = -1;
  std::array<hearts::PlayRecord, hearts::kMaxPlays> plays_{};
  std::array<uint8_t, hearts::kMaxTricks> trick_winners_{};
  std::array<hearts::Card, hearts::kMaxPassCards> passed_{};
  std::array<hearts::ReceivedCard, hearts::kMaxPassCards> received_{};
  hearts::SeatCounts points_taken_{};
  hearts::SeatCounts tricks_won_{};
  hearts::SeatCounts scores_{};
  hearts::SeatCounts counters_{};
  hearts::SeatCounts hand_counts_{};
  hearts::SeatCounts drawn_counts_{};
  hearts::SeatCounts scores_imag_{};
  hearts::DealResult result_;
};

}  // namespace arena
