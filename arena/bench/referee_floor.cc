#include "bench/referee_floor.h"

#include <algorithm>
#include <array>

#include "hearts/observation.h"
#include "hearts/plugin.h"
#include "match/bot_seeds.h"
#include "match/referee.h"
#include "match/seat_view.h"

namespace arena {
namespace {

// A view per seat, filled in place, its pointers straight into the game; `next_play` says it shows
// the seat's last play in deal `deal`, so that its next play there only needs observe_next_play():
// the cheapest views the arena has, uncopied.
struct FloorView {
  hearts::Observation view{};
  bool next_play = false;
  int deal = -1;
};
using FloorViews = std::array<FloorView, hearts::kMaxPlayers>;

// The deal-end or game-end notification to every seat whose bot handles it (as the referee
// sends them), with the SDK's view of the game.
void notify_all(std::span<Player* const> seats, const hearts::Game& game, int32_t kind,
                FloorViews& views) {
  for (size_t s = 0; s < seats.size(); ++s) {
    if (!handles_notification(seats[s]->identity(), kind)) continue;
    hearts::observe(game, static_cast<int>(s), &views[s].view);
    views[s].next_play = false;
    (void)seats[s]->notify(kind, views[s].view, game.last_deal());
  }
}

}  // namespace

FloorGame play_floor_game(const hearts::CompiledRules& rules, uint64_t seed,
                          std::span<Player* const> seats, const Clock& clock,
                          int64_t move_time_us) {
  using hearts::Phase;
  hearts::Game game(rules, seed);
  const BotSeeds bot_seeds(seed, rules.rules.num_players);
  FloorGame out;
  FloorViews views{};
  const bool stay_put = plays_stay_put(rules);
  std::array<DirectDecide, hearts::kMaxPlayers> directs{};
  for (size_t s = 0; s < seats.size() && s < directs.size(); ++s) {
    directs[s] = seats[s]->direct_decide();
  }
  int64_t last = clock.now_us();
  while (!game.is_over()) {
    const Phase phase = game.phase();
    if (phase == Phase::kDeal) {
      game.deal_from_seed();
      continue;
    }
    if (phase == Phase::kPassDirection) {
      game.resolve_chance();
      continue;
    }
    const int seat = game.to_act();
    FloorView& own = views[static_cast<size_t>(seat)];
    hearts::Observation& seen = own.view;
    if (phase == Phase::kPlay && own.next_play && own.deal == game.deal_index()) {
      observe_next_play(game, seat, &seen);
    } else {
      hearts::observe(game, seat, &seen);
      own.next_play = phase == Phase::kPlay && stay_put;
      own.deal = game.deal_index();
    }
    const hearts::CardSet legal = seen.legal;
    seen.time_left_us = move_time_us;
    seen.bank_left_us = -1;
    seen.random_seed = bot_seeds.decision_seed(seat, static_cast<uint64_t>(out.decisions++));
    hearts::Decision decision{};
    // As the referee calls them: an in-process plugin's entry directly (Player::direct_decide()).
    Player& player = *seats[static_cast<size_t>(seat)];
    const DirectDecide direct = directs[static_cast<size_t>(seat)];
    hearts::ErrorText error;
    error.text[0] = '\0';
    const bool answered = direct.fn != nullptr
                              ? direct.fn(direct.bot, &seen, &decision, &error) == 0
                              : player.decide(seen, &decision).status == CallStatus::kOk;
    // One read a decision: the end of one decision starts the next.
    const int64_t now = clock.now_us();
    out.late += now - last > move_time_us;
    last = now;
    if (phase == Phase::kPlay) {
      game.play_checked(answered && legal.contains(decision.card) ? decision.card : legal.lowest());
    } else if (phase == Phase::kPass) {
      const auto cards = std::span<const hearts::Card>(
          decision.cards,
          static_cast<size_t>(std::clamp(decision.count, 0, hearts::kMaxPassCards)));
      if (!answered || !game.pass_cards(cards).ok()) {
        fallback_pass(game, seat, &decision);
        (void)game.pass_cards(
            std::span<const hearts::Card>(decision.cards, static_cast<size_t>(decision.count)));
      }
    } else {
      break;  // the floor is measured on the standard table: play and the pass only
    }
    if (game.deals_completed() != out.deals) {
      out.deals = game.deals_completed();
      notify_all(seats, game, hearts::kNotifyDealEnd, views);
    }
  }
  notify_all(seats, game, hearts::kNotifyGameEnd, views);
  out.scores = game.all_scores();
  return out;
}

}  // namespace arena
