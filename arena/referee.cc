#include "referee.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace arena {
namespace {

using hearts::Card;
using hearts::CardSet;
using hearts::Phase;
using hearts::proto::Violation;

std::string ms_text(int64_t us) {
  return std::to_string(us / 1000) + "." + std::to_string((us % 1000) / 100) + " ms";
}

hearts::proto::PassPlanRecord::Kind plan_kind(hearts::PassKind kind) {
  switch (kind) {
    case hearts::PassKind::kHold:
      return hearts::proto::PassPlanRecord::HOLD;
    case hearts::PassKind::kOffset:
      return hearts::proto::PassPlanRecord::OFFSET;
    case hearts::PassKind::kScatter:
      return hearts::proto::PassPlanRecord::SCATTER;
    case hearts::PassKind::kStar:
      return hearts::proto::PassPlanRecord::STAR;
    case hearts::PassKind::kShuffle:
      return hearts::proto::PassPlanRecord::SHUFFLE;
  }
  return hearts::proto::PassPlanRecord::HOLD;
}

// Ranks with some seats forfeited: they share the last place, the rest rank by result.
void rank_with_forfeits(const hearts::Game& game, std::vector<SeatOutcome>& seats) {
  const bool by_counters = game.rules().rules.settlement != hearts::Settlement::kPoints;
  int standing = 0;
  for (const SeatOutcome& seat : seats) standing += !seat.forfeited;
  for (SeatOutcome& seat : seats) {
    if (seat.forfeited) {
      seat.rank = standing + 1;
      continue;
    }
    int better = 0;
    for (const SeatOutcome& other : seats) {
      if (other.forfeited) continue;
      better += by_counters ? other.counters > seat.counters : other.score < seat.score;
    }
    seat.rank = 1 + better;
  }
}

// Times decisions with one clock read each: the read that ends a decision starts the next one
// when only the referee's bookkeeping (checking and applying the answer, recording it, observing)
// came between, which takes tens of nanoseconds. After anything slower (dealing, notifications,
// violations) the referee calls `stale()` and the next decision reads the clock afresh.
class DecisionTimer {
 public:
  explicit DecisionTimer(const Clock& clock) : clock_(clock) {}
  int64_t start() const { return current_ ? last_us_ : clock_.now_us(); }
  int64_t stop() {
    last_us_ = clock_.now_us();
    current_ = true;
    return last_us_;
  }
  void stale() { current_ = false; }

 private:
  const Clock& clock_;
  int64_t last_us_ = 0;
  bool current_ = false;
};

}  // namespace

Violation::Kind violation_kind(CallStatus status) {
  switch (status) {
    case CallStatus::kOk:
      return Violation::UNKNOWN;
    case CallStatus::kError:
      return Violation::EXCEPTION;
    case CallStatus::kCrash:
      return Violation::CRASH;
    case CallStatus::kUnavailable:
      return Violation::UNAVAILABLE;
    case CallStatus::kMalformed:
      return Violation::MALFORMED;
    case CallStatus::kTimeout:
      return Violation::TIMEOUT;
  }
  return Violation::UNKNOWN;
}

Referee::Referee(const hearts::CompiledRules& rules, RefereeOptions options, const Clock& clock,
                 Watchdog* watchdog, int watchdog_slot)
    : rules_(rules),
      options_(options),
      clock_(clock),
      watchdog_(watchdog),
      watchdog_slot_(watchdog_slot) {}

GameOutcome Referee::play_game(uint64_t seed, uint32_t game_index, std::span<Player* const> players,
                               hearts::proto::GameRecord* record) {
  const int n = rules_.rules.num_players;
  hearts::Game game(rules_, seed);
  GameOutcome outcome;
  outcome.seats.resize(n);
  std::array<int64_t, hearts::kMaxPlayers> bank;
  bank.fill(options_.game_bank_us);
  const bool has_bank = options_.game_bank_us > 0;
  hearts::proto::DealRecord* deal_record = nullptr;
  uint64_t decisions = 0;
  int deals_seen = 0;
  bool forfeit = false;
  DecisionTimer timer(clock_);
  if (record) {
    record->Clear();
    record->set_game_index(game_index);
    record->set_seed(seed);
  }

  // One Observation, overwritten for each call: observing costs a few dozen stores.
  hearts::Observation view;
  auto observe_for = [&](int seat) -> hearts::Observation& {
    hearts::observe(game, seat, &view);
    view.game_index = game_index;
    return view;
  };
  // `deal` defaults to the current deal; deal-end notifications name the deal that just ended.
  auto add_violation = [&](int seat, Violation::Kind kind, const std::string& detail,
                           const std::string& grpc_status, bool counts_to_forfeit = true,
                           int deal = -1) {
    SeatOutcome& so = outcome.seats[seat];
    ++so.violations;
    timer.stale();
    const std::string& bot = players[seat]->identity().name;
    const std::pair<std::string, int> bot_kind(bot, static_cast<int>(kind));
    const bool first = std::find(warned_.begin(), warned_.end(), bot_kind) == warned_.end();
    if (first) warned_.push_back(bot_kind);
    spdlog::log(
        first ? spdlog::level::warn : spdlog::level::debug,
        "game {} deal {} seat {} ({}): {} violation: {}{}", game_index + 1, game.deal_index() + 1,
        seat, bot, Violation::Kind_Name(kind), detail,
        first ? " (the first of this kind for this bot; --log-level debug shows every one)" : "");
    if (record) {
      Violation* v = record->add_violations();
      v->set_kind(kind);
      v->set_seat(seat);
      v->set_bot(bot);
      v->set_game(game_index);
      v->set_deal(deal >= 0 ? deal : game.deal_index());
      v->set_trick(game.phase() == Phase::kPlay ? game.tricks_completed() : -1);
      v->set_detail(detail);
      v->set_grpc_status(grpc_status);
    }
    if (counts_to_forfeit && options_.forfeit_after > 0 &&
        so.violations >= options_.forfeit_after && !so.forfeited) {
      so.forfeited = true;
      forfeit = true;
      spdlog::info("game {}: seat {} ({}) forfeits after {} violations", game_index + 1, seat, bot,
                   so.violations);
    }
  };
  auto finish_deal = [&] {
    timer.stale();
    const hearts::DealResult& result = game.last_deal();
    for (int s = 0; s < n; ++s) outcome.seats[s].deal_points += result.deal_score[s];
    if (record && deal_record) {
      for (uint8_t winner : game.trick_winners()) deal_record->add_trick_winners(winner);
      for (int s = 0; s < n; ++s) {
        deal_record->add_points_taken(result.points_taken[s]);
        deal_record->add_deal_scores(result.deal_score[s]);
        deal_record->add_scores_after(game.score(s));
        deal_record->add_counters_after(game.counters(s));
      }
      deal_record->set_moon_shooter(result.moon_shooter);
      deal_record->set_new_moon(result.new_moon);
      deal_record->set_sun_shooter(result.sun_shooter);
    }
    for (int s = 0; s < n; ++s) {
      if (watchdog_) watchdog_->arm(watchdog_slot_, &players[s]->identity().name, s, game_index);
      const CallResult call = players[s]->notify(hearts::kNotifyDealEnd, observe_for(s), result);
      if (watchdog_) watchdog_->disarm(watchdog_slot_);
      if (call.status != CallStatus::kOk) {
        add_violation(s, violation_kind(call.status), call.detail, call.grpc_status, true,
                      result.deal_index);
      }
    }
  };
  // The plan is recorded as soon as it is known, so a deal cut short by a forfeit keeps it.
  auto record_plan = [&] {
    if (!record || !deal_record) return;
    const hearts::PassPlan& pass = game.pass_plan();
    auto* plan = deal_record->mutable_pass_plan();
    plan->set_kind(plan_kind(pass.kind));
    plan->set_offset(pass.offset);
    plan->set_count(pass.count);
  };

  while (!game.is_over() && !forfeit) {
    const Phase phase = game.phase();
    if (phase == Phase::kDeal || phase == Phase::kPassDirection) {  // chance: nobody decides
      timer.stale();
      if (phase == Phase::kPassDirection) {
        game.resolve_chance();
      } else {
        game.deal_from_seed();
        if (record) {
          deal_record = record->add_deals();
          deal_record->set_deal_index(game.deal_index());
          deal_record->set_dealer(game.dealer());
          for (int s = 0; s < n; ++s) deal_record->add_hands(game.dealt_hand(s).bits());
          deal_record->set_kitty(game.kitty().bits());
          deal_record->set_moon_shooter(-1);
          deal_record->set_sun_shooter(-1);
        }
      }
      record_plan();
      continue;
    }

    const int seat = game.to_act();
    Player* player = players[seat];
    hearts::Observation& obs = observe_for(seat);
    const int64_t limit =
        has_bank ? std::min(options_.move_time_us, bank[seat]) : options_.move_time_us;
    obs.time_left_us = limit;
    obs.bank_left_us = has_bank ? bank[seat] : -1;
    obs.random_seed =
        hearts::derive_seed(seed + 0x9E37ull * static_cast<uint64_t>(seat + 1), decisions++);
    hearts::Decision decision{};
    if (watchdog_) watchdog_->arm(watchdog_slot_, &player->identity().name, seat, game_index);
    const int64_t start = timer.start();
    const CallResult call = player->decide(obs, &decision);
    const int64_t think = timer.stop() - start;
    if (watchdog_) watchdog_->disarm(watchdog_slot_);

    SeatOutcome& so = outcome.seats[seat];
    ++so.decisions;
    so.think_us += think;
    so.max_think_us = std::max(so.max_think_us, think);
    if (has_bank) bank[seat] = std::max<int64_t>(0, bank[seat] - think);
    bool answered = call.status == CallStatus::kOk;
    if (!answered) {
      add_violation(seat, violation_kind(call.status), call.detail, call.grpc_status);
    } else if (think > limit + player->timing_margin_us()) {
      answered = false;
      add_violation(seat, Violation::TIMEOUT,
                    "answered after " + ms_text(think) + "; the limit was " + ms_text(limit), "");
    }

    switch (phase) {
      case Phase::kPass: {
        const int count = game.pass_plan().count;
        if (answered) {
          if (decision.count < 0 || decision.count > hearts::kMaxPassCards) {
            add_violation(seat, Violation::BAD_PASS,
                          "pass of " + std::to_string(decision.count) + " cards; the pass is " +
                              std::to_string(count),
                          "");
            answered = false;
          } else if (hearts::Status status = game.pass_cards(std::span<const Card>(
                         decision.cards, static_cast<size_t>(decision.count)));
                     !status.ok()) {
            add_violation(seat, Violation::BAD_PASS, status.message(), "");
            answered = false;
          }
        }
        if (!answered) {
          CardSet pool = game.passable(seat);
          int k = 0;
          for (Card card : pool) {
            if (k == count) break;
            decision.cards[k++] = card;
          }
          decision.count = count;
          (void)game.pass_cards(std::span<const Card>(decision.cards, static_cast<size_t>(count)));
        }
        if (record && deal_record) {
          auto* pass = deal_record->add_passes();
          pass->set_seat(seat);
          for (int k = 0; k < decision.count; ++k) pass->add_cards(decision.cards[k].id());
          pass->set_think_us(think);
        }
        break;
      }
      case Phase::kPlay: {
        // obs.legal is the engine's legal_plays(): checked once, then played unchecked.
        Card card = decision.card;
        if (answered) {
          if (card.is_valid() && obs.legal.contains(card)) {
            game.play_checked(card);
          } else {
            add_violation(seat, Violation::ILLEGAL_PLAY, game.play(card).message(), "");
            answered = false;
          }
        }
        if (!answered) {
          card = obs.legal.lowest();
          game.play_checked(card);
        }
        if (record && deal_record) {
          auto* play = deal_record->add_plays();
          play->set_seat(seat);
          play->set_card(card.id());
          play->set_think_us(think);
        }
        break;
      }
      case Phase::kMoonChoice: {
        const bool new_moon = answered && decision.new_moon == 1;
        if (answered && decision.new_moon != 0 && decision.new_moon != 1) {
          add_violation(seat, Violation::BAD_CHOICE,
                        "moon choice " + std::to_string(decision.new_moon) + " is not 0 or 1", "");
        }
        (void)game.choose_moon(new_moon);
        if (record && deal_record) deal_record->set_moon_choice_made(true);
        break;
      }
      case Phase::kDealerChoice: {
        if (answered) {
          if (hearts::Status status = game.set_pass_plan(decision.plan); !status.ok()) {
            add_violation(seat, Violation::BAD_CHOICE, status.message(), "");
            answered = false;
          }
        }
        if (!answered) {
          (void)game.set_pass_plan(hearts::PassPlan{hearts::PassKind::kOffset, 1,
                                                    static_cast<uint8_t>(rules_.pass_count)});
        }
        record_plan();
        break;
      }
      default:
        break;
    }
    if (game.deals_completed() != deals_seen) {
      deals_seen = game.deals_completed();
      finish_deal();
    }
  }

  outcome.deals = game.deals_completed();
  for (int s = 0; s < n; ++s) {
    outcome.seats[s].score = game.score(s);
    outcome.seats[s].counters = game.counters(s);
    outcome.seats[s].rank = game.is_over() ? game.rank(s) : 0;
  }
  if (forfeit) rank_with_forfeits(game, outcome.seats);
  for (int s = 0; s < n; ++s) {
    if (watchdog_) watchdog_->arm(watchdog_slot_, &players[s]->identity().name, s, game_index);
    const CallResult call =
        players[s]->notify(hearts::kNotifyGameEnd, observe_for(s), game.last_deal());
    if (watchdog_) watchdog_->disarm(watchdog_slot_);
    if (call.status != CallStatus::kOk) {
      add_violation(s, violation_kind(call.status), call.detail, call.grpc_status, false);
    }
  }
  if (record) {
    int64_t think_total = 0;
    for (int s = 0; s < n; ++s) {
      const SeatOutcome& so = outcome.seats[s];
      record->add_final_scores(so.score);
      record->add_final_counters(so.counters);
      record->add_ranks(so.rank);
      if (so.forfeited) record->add_forfeited(s);
      think_total += so.think_us;
    }
    record->set_think_us_total(think_total);
  }
  return outcome;
}

}  // namespace arena
