#include "match/referee.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <optional>

#include "match/bot_seeds.h"
#include "players/bot_time_limit.h"
#include "players/plugin_loader.h"

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
// Partnerships: a team with a forfeiting seat is out, and the teams out share the last place;
// the others rank by their team score (Game::team_score). Partners share their team's rank.
void rank_teams_with_forfeits(const hearts::Game& game, std::vector<SeatOutcome>& seats) {
  const hearts::Rules& rules = game.rules().rules;
  const int teams = hearts::num_teams(rules);
  std::vector<bool> out(static_cast<size_t>(teams), false);
  for (size_t s = 0; s < seats.size(); ++s) {
    if (seats[s].forfeited) out[hearts::team_of(rules, static_cast<int>(s))] = true;
  }
  int standing = 0;
  for (bool team_out : out) standing += !team_out;
  for (size_t s = 0; s < seats.size(); ++s) {
    const int team = hearts::team_of(rules, static_cast<int>(s));
    int better = 0;
    for (int other = 0; other < teams; ++other) {
      better += !out[other] && game.team_score(other) < game.team_score(team);
    }
    seats[s].rank = out[team] ? standing + 1 : 1 + better;
  }
}

void rank_with_forfeits(const hearts::Game& game, std::vector<SeatOutcome>& seats) {
  if (game.rules().rules.partnership != hearts::Partnership::kNone) {
    rank_teams_with_forfeits(game, seats);
    return;
  }
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

// "; its thread ran 2.4 ms, waited 0.0 ms for a core and slept never": why a late answer of an
// accounted bot was not excused (match/host_pause.h).
std::string account_text(const ThreadAccount& before, const ThreadAccount& after) {
  if (!before.valid || !after.valid) return "; its thread's account could not be read";
  const int64_t sleeps = after.voluntary_switches - before.voluntary_switches;
  return "; its thread ran " + ms_text((after.run_ns - before.run_ns) / 1000) + ", waited " +
         ms_text((after.wait_ns - before.wait_ns) / 1000) + " for a core and slept " +
         (sleeps == 0   ? "never"
          : sleeps == 1 ? "once"
                        : std::to_string(sleeps) + " times");
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

// What a call that answered returns: the referee's view of a direct call that returned 0.
const CallResult kAnswered{};

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
      watchdog_slot_(watchdog_slot) {
  for (int s = 0; s < rules_.rules.num_players; ++s) {
    seat_views_.push_back(std::make_unique<SeatView>());
  }
}

// The state of one game being played, with one method per step of the referee's work.
class Referee::GameRun {
 public:
  GameRun(Referee& referee, uint64_t seed, uint32_t game_index, std::span<Player* const> players,
          hearts::proto::GameRecord* record);

  void play_deals();
  void finish_game();
  GameOutcome outcome;

 private:
  void add_violation(int seat, Violation::Kind kind, const std::string& detail,
                     const std::string& grpc_status, bool counts_to_forfeit = true, int deal = -1);
  void notify_seats(int32_t kind, const hearts::DealResult& result, bool counts_to_forfeit,
                    int deal);
  void finish_deal();
  void record_plan();
  void record_stock_game_end(const hearts::DealResult& result);
  void resolve_chance(Phase phase);
  void record_new_deal();
  // Inline in play_deals(): it runs once per decision, and a frame of its own cost a tenth of it.
  [[gnu::always_inline]] inline void decide(Phase phase);
  bool ride_out_outage(int seat, Player& player, const CallResult& call);
  void forfeit_unavailable(int seat, const std::string& detail, const std::string& grpc_status);
  [[gnu::noinline]] bool settle_answer(int seat, Player& player, const CallResult& call,
                                       const ThreadAccount& before, int64_t* think, int64_t limit,
                                       bool* answered);
  bool charge_answer(int seat, const CallResult& call, int64_t think, int64_t limit);
  // Inline in decide(): the bookkeeping of every answer, the whole of it for a plain, quick one.
  [[gnu::always_inline]] inline void tally_answer(int seat, int64_t think);
  void add_timeout(int seat, int64_t think, int64_t limit);
  std::string margin_note() const;
  [[gnu::noinline]] void start_accounting(int seat);
  [[gnu::noinline]] void count_quick_answers(int seat, int64_t think);
  [[gnu::noinline]] int64_t excuse_host_pause(int seat, const ThreadAccount& before, int64_t wall,
                                              int64_t limit);
  void apply_pass(int seat, hearts::Decision& decision, bool answered, int64_t think,
                  const std::string& note);
  // Inline in decide(), as most decisions are plays; the fallback and the record are not.
  [[gnu::always_inline]] inline void apply_play(int seat, hearts::CardSet legal,
                                                const hearts::Decision& decision, bool answered,
                                                int64_t think, const std::string& note);
  [[gnu::noinline]] hearts::Card play_fallback(int seat, hearts::CardSet legal, hearts::Card card,
                                               bool answered, const std::string& note);
  [[gnu::noinline]] void record_play(int seat, hearts::Card card, int64_t think);
  // The rare decisions stay out of line, so that decide() keeps the play path inline.
  [[gnu::noinline]] void apply_moon_choice(int seat, const hearts::Decision& decision,
                                           bool answered);
  [[gnu::noinline]] void apply_dealer_choice(int seat, const hearts::Decision& decision,
                                             bool answered, const std::string& note);
  [[gnu::noinline]] void apply_slam_bid(int seat, const hearts::Decision& decision, bool answered,
                                        int64_t think, const std::string& note);
  void set_own_limit(int seat);
  void settle_outcome();
  void record_results();
  bool partnership() const { return game_.rules().rules.partnership != hearts::Partnership::kNone; }

  Referee& referee_;
  const uint64_t seed_;
  const BotSeeds bot_seeds_;
  const uint32_t game_index_;
  const std::span<Player* const> players_;
  hearts::proto::GameRecord* const record_;
  const int n_;
  hearts::Game game_;
  std::array<int64_t, hearts::kMaxPlayers> bank_;
  const bool has_bank_;
  // Per seat: its bot's own limit ("@100ms" in its spec) or the run's.
  std::array<int64_t, hearts::kMaxPlayers> move_us_;
  hearts::proto::DealRecord* deal_record_ = nullptr;
  uint64_t decisions_ = 0;
  // Per seat: whether its thread's account is read around its decisions (Referee::thinking_bots_).
  std::array<bool, hearts::kMaxPlayers> accounted_{};
  // Per seat: its in-process plugin's entry, called without a virtual call (fn null otherwise).
  std::array<DirectDecide, hearts::kMaxPlayers> direct_{};
  // Per seat: its bot's name, for the watchdog (read once, not by a virtual call per decision).
  std::array<const std::string*, hearts::kMaxPlayers> names_{};
  // Per seat: the notifications its bot handles (BotIdentity::notifications); it gets no other.
  std::array<uint32_t, hearts::kMaxPlayers> notifications_{};
  // What the kernel's account showed of an accounted answer that is late, for its violation.
  std::string late_note_;
  int deals_seen_ = 0;
  bool forfeit_ = false;
  DecisionTimer timer_;
};

Referee::GameRun::GameRun(Referee& referee, uint64_t seed, uint32_t game_index,
                          std::span<Player* const> players, hearts::proto::GameRecord* record)
    : referee_(referee),
      seed_(seed),
      bot_seeds_(seed, referee.rules_.rules.num_players),
      game_index_(game_index),
      players_(players),
      record_(record),
      n_(referee.rules_.rules.num_players),
      game_(referee.rules_, seed),
      has_bank_(referee.options_.game_bank_us > 0),
      timer_(referee.clock_) {
  outcome.seats.resize(n_);
  for (const auto& view : referee_.seat_views_) view->reset(referee_.rules_);
  bank_.fill(referee_.options_.game_bank_us);
  move_us_.fill(referee_.options_.move_time_us);
  for (int s = 0; s < n_; ++s) set_own_limit(s);
  for (int s = 0; s < n_; ++s) names_[s] = &players_[s]->identity().name;
  for (int s = 0; s < n_; ++s) notifications_[s] = players_[s]->identity().notifications;
  for (int s = 0; s < n_; ++s) direct_[s] = players_[s]->direct_decide();
  const auto& thinking = referee_.thinking_bots_;
  for (int s = 0; s < n_ && !thinking.empty(); ++s) {
    const std::string& spec = players_[s]->identity().spec;
    accounted_[s] = std::any_of(thinking.begin(), thinking.end(),
                                [&](const auto& bot) { return bot.first == spec; });
  }
  if (record_) {
    record_->Clear();
    record_->set_game_index(game_index_);
    record_->set_seed(seed_);
  }
}

// A bot with its own limit plays by it, and by the run's bank scaled to it (bot_time_limit.h).
void Referee::GameRun::set_own_limit(int seat) {
  const int64_t own = players_[seat]->identity().move_time_limit_us;
  if (own <= 0) return;
  const RefereeOptions& options = referee_.options_;
  move_us_[seat] = own;
  bank_[seat] = scaled_bank_us(options.game_bank_us, options.move_time_us, own);
}

// `deal` defaults to the current deal; deal-end notifications name the deal that just ended.
void Referee::GameRun::add_violation(int seat, Violation::Kind kind, const std::string& detail,
                                     const std::string& grpc_status, bool counts_to_forfeit,
                                     int deal) {
  SeatOutcome& so = outcome.seats[seat];
  ++so.violations;
  timer_.stale();
  const std::string& bot = players_[seat]->identity().name;
  const std::pair<std::string, int> bot_kind(bot, static_cast<int>(kind));
  std::vector<std::pair<std::string, int>>& warned = referee_.warned_;
  const bool first = std::find(warned.begin(), warned.end(), bot_kind) == warned.end();
  if (first) warned.push_back(bot_kind);
  spdlog::log(
      first ? spdlog::level::warn : spdlog::level::debug,
      "game {} deal {} seat {} ({}): {} violation: {}{}", game_index_ + 1, game_.deal_index() + 1,
      seat, bot, Violation::Kind_Name(kind), detail,
      first ? " (the first of this kind for this bot; --log-level debug shows every one)" : "");
  if (record_) {
    Violation* v = record_->add_violations();
    v->set_kind(kind);
    v->set_seat(seat);
    v->set_bot(bot);
    v->set_game(game_index_);
    v->set_deal(deal >= 0 ? deal : game_.deal_index());
    v->set_trick(game_.phase() == Phase::kPlay ? game_.tricks_completed() : -1);
    v->set_detail(detail);
    v->set_grpc_status(grpc_status);
  }
  if (counts_to_forfeit && referee_.options_.forfeit_after > 0 &&
      so.violations >= referee_.options_.forfeit_after && !so.forfeited) {
    so.forfeited = true;
    forfeit_ = true;
    spdlog::info("game {}: seat {} ({}) forfeits after {} violations", game_index_ + 1, seat, bot,
                 so.violations);
  }
}

// Sends a deal-end or game-end notification to every seat whose bot handles it, under the
// watchdog.
void Referee::GameRun::notify_seats(int32_t kind, const hearts::DealResult& result,
                                    bool counts_to_forfeit, int deal) {
  Watchdog* watchdog = referee_.watchdog_;
  const uint32_t bit = hearts::notification_bit(kind);
  for (int s = 0; s < n_; ++s) {
    if ((notifications_[s] & bit) == 0) continue;  // its bot ignores this kind
    const UnavailableBots& gone = *referee_.unavailable_;
    if (!gone.empty() && gone.contains(players_[s]->identity().spec)) continue;  // never asked
    if (watchdog)
      watchdog->arm(referee_.watchdog_slot_, &players_[s]->identity().name, s, game_index_);
    SeatView& view = *referee_.seat_views_[s];
    const hearts::Observation& seen =
        view.observe_notification(kind, game_, s, game_index_, result);
    const CallResult call = players_[s]->notify(kind, seen, view.result());
    if (watchdog) watchdog->disarm(referee_.watchdog_slot_);
    if (call.status != CallStatus::kOk) {
      add_violation(s, violation_kind(call.status), call.detail, call.grpc_status,
                    counts_to_forfeit, deal);
    }
  }
}

void Referee::GameRun::finish_deal() {
  timer_.stale();
  const hearts::DealResult& result = game_.last_deal();
  for (int s = 0; s < n_; ++s) outcome.seats[s].deal_points += result.deal_score[s];
  if (record_ && deal_record_) {
    for (uint8_t winner : game_.trick_winners()) {
      deal_record_->add_trick_winners(winner == hearts::kVoidTrick ? -1 : winner);
    }
    for (int s = 0; s < n_; ++s) {
      deal_record_->add_points_taken(result.points_taken[s]);
      deal_record_->add_deal_scores(result.deal_score[s]);
      deal_record_->add_scores_after(game_.score(s));
      deal_record_->add_counters_after(game_.counters(s));
    }
    if (game_.rules().rules.complex_scores) {
      for (int s = 0; s < n_; ++s) {
        deal_record_->add_deal_scores_imag(result.deal_score_imag[s]);
        deal_record_->add_scores_after_imag(game_.score_imag(s));
      }
    }
    deal_record_->set_moon_shooter(result.moon_shooter);
    deal_record_->set_new_moon(result.new_moon);
    deal_record_->set_sun_shooter(result.sun_shooter);
    if (partnership()) deal_record_->set_moon_team(result.moon_team);
    if (game_.rules().rules.partnership_slam_bid) {
      deal_record_->set_slam_bidder(result.slam_bidder);
      deal_record_->set_slam_partner(result.slam_partner);
      deal_record_->set_slam_made(result.slam_made);
    }
    record_stock_game_end(result);
  }
  notify_seats(hearts::kNotifyDealEnd, result, true, result.deal_index);
}

// Tricks that are not one card per seat, and the stock's rest with whoever took it.
void Referee::GameRun::record_stock_game_end(const hearts::DealResult& result) {
  if (game_.rules().extended_play) {
    for (int t = 0; t < game_.tricks_completed(); ++t) {
      deal_record_->add_trick_sizes(game_.trick_size(t));
    }
  }
  if (result.last_holder >= 0) {
    deal_record_->set_last_holder(result.last_holder);
    deal_record_->set_left_over(result.left_over.bits());
  }
}

// The plan is recorded as soon as it is known, so a deal cut short by a forfeit keeps it.
void Referee::GameRun::record_plan() {
  if (!record_ || !deal_record_) return;
  const hearts::PassPlan& pass = game_.pass_plan();
  auto* plan = deal_record_->mutable_pass_plan();
  plan->set_kind(plan_kind(pass.kind));
  plan->set_offset(pass.offset);
  plan->set_count(pass.count);
}

void Referee::GameRun::play_deals() {
  while (!game_.is_over() && !forfeit_) {
    const Phase phase = game_.phase();
    if (phase == Phase::kDeal || phase == Phase::kPassDirection) {  // chance: nobody decides
      resolve_chance(phase);
      continue;
    }
    decide(phase);
    if (game_.deals_completed() != deals_seen_) {
      deals_seen_ = game_.deals_completed();
      finish_deal();
    }
  }
}

// Deals the cards or draws the pass direction.
void Referee::GameRun::resolve_chance(Phase phase) {
  timer_.stale();
  if (phase == Phase::kPassDirection) {
    game_.resolve_chance();
  } else {
    game_.deal_from_seed();
    for (const auto& view : referee_.seat_views_) view->start_deal();
    if (record_) record_new_deal();
  }
  record_plan();
}

void Referee::GameRun::record_new_deal() {
  deal_record_ = record_->add_deals();
  deal_record_->set_deal_index(game_.deal_index());
  deal_record_->set_dealer(game_.dealer());
  for (int s = 0; s < n_; ++s) deal_record_->add_hands(game_.dealt_hand(s).bits());
  if (game_.rules().rules.decks == 2) {
    for (int s = 0; s < n_; ++s) deal_record_->add_hands_twice(game_.dealt_hand_twice(s).bits());
  }
  deal_record_->set_kitty(game_.kitty().bits());
  for (Card card : game_.stock_order()) deal_record_->add_stock(card.id());
  deal_record_->set_moon_shooter(-1);
  deal_record_->set_sun_shooter(-1);
}

// Asks the seat to act, times the call, then applies its answer or the fallback.
void Referee::GameRun::decide(Phase phase) {
  const int seat = game_.to_act();
  Player* player = players_[seat];
  if (!referee_.unavailable_->empty() && referee_.unavailable_->contains(player->identity().spec)) {
    forfeit_unavailable(seat, "unavailable since an earlier game: forfeits without being asked",
                        "");
    return;
  }
  hearts::Observation& seen = referee_.seat_views_[seat]->observe(game_, seat, game_index_);
  // The referee's own copy of the legal cards: what the bot does to its view cannot change them.
  const hearts::CardSet legal = seen.legal;
  const int64_t limit = has_bank_ ? std::min(move_us_[seat], bank_[seat]) : move_us_[seat];
  seen.time_left_us = limit;
  seen.bank_left_us = has_bank_ ? bank_[seat] : -1;
  seen.random_seed = bot_seeds_.decision_seed(seat, decisions_++);
  hearts::Decision decision{};
  Watchdog* watchdog = referee_.watchdog_;
  if (watchdog) watchdog->arm(referee_.watchdog_slot_, names_[seat], seat, game_index_);
  const bool accounted = accounted_[seat];
  ThreadAccount before;
  if (accounted) {
    before = referee_.accounting_->read();
    timer_.stale();  // the wall interval starts after the reading, so its run time covers it
  }
  // An in-process plugin is called straight (Player::direct_decide()): an answer builds no
  // CallResult, and a failure's is built after the clock has stopped.
  const DirectDecide direct = direct_[seat];
  hearts::ErrorText error;
  error.text[0] = '\0';
  bool direct_failed = false;
  std::optional<CallResult> failure;
  const int64_t start = timer_.start();
  if (direct.fn != nullptr) {
    direct_failed = direct.fn(direct.bot, &seen, &decision, &error) != 0;
  } else {
    failure = player->decide(seen, &decision);
  }
  int64_t think = timer_.stop() - start;
  if (watchdog) watchdog->disarm(referee_.watchdog_slot_);
  // Nearly every call answers in time and quicker than kAccountFromThinkUs, for a seat whose
  // thread is not accounted, with no outage under way: one test lets it past settle_answer().
  const CallResult* call = &kAnswered;
  bool answered = true;
  if (direct_failed || failure || accounted || think > limit || think >= kAccountFromThinkUs ||
      !referee_.outages_.empty()) [[unlikely]] {
    if (direct_failed) failure = plugin_decide_failure(error);
    if (failure) call = &*failure;
    if (!settle_answer(seat, *player, *call, before, &think, limit, &answered)) return;
  } else {
    tally_answer(seat, think);
  }
  switch (phase) {
    case Phase::kPass:
      apply_pass(seat, decision, answered, think, call->detail);
      break;
    case Phase::kPlay:
      apply_play(seat, legal, decision, answered, think, call->detail);
      break;
    case Phase::kMoonChoice:
      apply_moon_choice(seat, decision, answered);
      break;
    case Phase::kDealerChoice:
      apply_dealer_choice(seat, decision, answered, call->detail);
      break;
    case Phase::kSlamBid:
      apply_slam_bid(seat, decision, answered, think, call->detail);
      break;
    default:
      break;
  }
}

// A call that failed as unavailable or by a crash starts or continues its bot's outage; any other
// answer ends it. Within the reconnect window the referee waits for the bot to be back, and the
// call is an ordinary violation; past it, false: the bot is unavailable and the game ends.
bool Referee::GameRun::ride_out_outage(int seat, Player& player, const CallResult& call) {
  std::vector<std::pair<std::string, int64_t>>& outages = referee_.outages_;
  const bool failed = call.status == CallStatus::kUnavailable || call.status == CallStatus::kCrash;
  if (!failed && outages.empty()) return true;
  const std::string& spec = player.identity().spec;
  auto outage = std::find_if(outages.begin(), outages.end(),
                             [&](const auto& entry) { return entry.first == spec; });
  if (!failed) {
    if (outage != outages.end()) outages.erase(outage);
    return true;
  }
  timer_.stale();
  const int64_t now = referee_.clock_.now_us();
  if (outage == outages.end()) outage = outages.insert(outages.end(), {spec, now});
  const int64_t window = referee_.options_.reconnect_window_us;
  const int64_t left = window - (now - outage->second);
  if (left > 0 && player.await_available(left)) return true;
  const int64_t waited = referee_.clock_.now_us() - outage->second;
  outages.erase(outage);
  forfeit_unavailable(seat,
                      call.detail + "; still failing after " + ms_text(waited) +
                          " (reconnect window " + ms_text(window) + ")",
                      call.grpc_status);
  return false;
}

// Marks the seat's bot unavailable for the rest of the run; every seat of an unavailable bot
// gets an UNAVAILABLE violation and forfeits, and the game ends.
void Referee::GameRun::forfeit_unavailable(int seat, const std::string& detail,
                                           const std::string& grpc_status) {
  const std::string& spec = players_[seat]->identity().spec;
  referee_.unavailable_->mark(spec);
  if (outcome.unavailable_seat < 0) outcome.unavailable_seat = seat;
  add_violation(seat, Violation::UNAVAILABLE, detail, grpc_status, false);
  outcome.seats[seat].forfeited = true;
  for (int s = 0; s < n_; ++s) {
    SeatOutcome& so = outcome.seats[s];
    const std::string& other = players_[s]->identity().spec;
    if (so.forfeited || !referee_.unavailable_->contains(other)) continue;
    add_violation(s, Violation::UNAVAILABLE,
                  other == spec ? "unavailable (found so at seat " + std::to_string(seat) +
                                      "): forfeits without being asked"
                                : "unavailable since an earlier game: forfeits without being asked",
                  "", false);
    so.forfeited = true;
  }
  forfeit_ = true;
  spdlog::info("game {}: seat {} ({}) is unavailable and forfeits", game_index_ + 1, seat,
               players_[seat]->identity().name);
}

// What decide() does with an answer that is not a plain, quick one: the host-pause check and
// the accounting of the seat's thread, the bot's outage (false: the bot is unavailable and the
// game ends here) and the charge, with any violation (*answered false: the fallback plays).
bool Referee::GameRun::settle_answer(int seat, Player& player, const CallResult& call,
                                     const ThreadAccount& before, int64_t* think, int64_t limit,
                                     bool* answered) {
  if (accounted_[seat]) {
    if (*think > limit + referee_.options_.time_margin_us) {
      *think -= excuse_host_pause(seat, before, *think, limit);
    }
    count_quick_answers(seat, *think);
  } else if (*think >= kAccountFromThinkUs) {
    start_accounting(seat);
  }
  if (!ride_out_outage(seat, player, call)) return false;
  *answered = charge_answer(seat, call, *think, limit);
  return true;
}

void Referee::GameRun::tally_answer(int seat, int64_t think) {
  SeatOutcome& so = outcome.seats[seat];
  ++so.decisions;
  so.think_us += think;
  so.max_think_us = std::max(so.max_think_us, think);
  if (has_bank_) bank_[seat] = std::max<int64_t>(0, bank_[seat] - think);
}

// Books the think time against the seat; true if the call answered within the limit and the time
// margin (an answer within the margin only is counted as late).
bool Referee::GameRun::charge_answer(int seat, const CallResult& call, int64_t think,
                                     int64_t limit) {
  tally_answer(seat, think);
  SeatOutcome& so = outcome.seats[seat];
  bool answered = call.status == CallStatus::kOk;
  if (!answered) {
    add_violation(seat, violation_kind(call.status), call.detail, call.grpc_status);
    late_note_.clear();  // a late answer that failed is reported as its failure
  } else if (think > limit + referee_.options_.time_margin_us) {
    answered = false;
    add_timeout(seat, think, limit);
  } else if (think > limit) {
    ++so.late_answers;
  }
  return answered;
}

// The seat's bot thought kAccountFromThinkUs or more: if the kernel's account of its thread is the
// bot's, it is read around the bot's decisions from now on, in this game and the referee's later
// ones.
void Referee::GameRun::start_accounting(int seat) {
  Player& player = *players_[seat];
  if (referee_.accounting_ == nullptr || !player.runs_on_calling_thread()) return;
  referee_.thinking_bots_.emplace_back(player.identity().spec, 0);
  for (int s = 0; s < n_; ++s) {
    if (players_[s]->identity().spec == player.identity().spec) accounted_[s] = true;
  }
}

// An accounted seat answered in `think` us. Once its bot answered quicker than
// kAccountFromThinkUs kStopAccountingAfterQuick times in a row, its long decision was a blip (a
// page fault, the host), and reading its account at every decision would cost it many times its
// own time: its seats are no longer accounted, until its next long decision.
void Referee::GameRun::count_quick_answers(int seat, int64_t think) {
  const std::string& spec = players_[seat]->identity().spec;
  auto& bots = referee_.thinking_bots_;
  const auto bot =
      std::find_if(bots.begin(), bots.end(), [&](const auto& b) { return b.first == spec; });
  if (bot == bots.end()) return;
  if (think >= kAccountFromThinkUs) {
    bot->second = 0;
    return;
  }
  if (++bot->second < kStopAccountingAfterQuick) return;
  bots.erase(bot);
  for (int s = 0; s < n_; ++s) {
    if (players_[s]->identity().spec == spec) accounted_[s] = false;
  }
}

// An accounted answer that would be late: the time the host took from the bot's thread is not
// the bot's (match/host_pause.h). Returns the microseconds excused, 0 without the evidence.
int64_t Referee::GameRun::excuse_host_pause(int seat, const ThreadAccount& before, int64_t wall,
                                            int64_t limit) {
  timer_.stale();
  const ThreadAccount after = referee_.accounting_->read();
  const int64_t paused = host_pause_us(before, after, wall);
  if (paused > 0) {
    SeatOutcome& so = outcome.seats[seat];
    ++so.host_pauses;
    so.host_pause_us += paused;
  }
  // Still late: its violation says how the thread spent the time; only a rescue is logged.
  if (wall - paused > limit) {
    late_note_ = account_text(before, after);
    return paused;
  }
  spdlog::info(
      "game {}: seat {} ({}) answered after {}, {} of it a host pause (not charged; the "
      "limit was {})",
      game_index_ + 1, seat, players_[seat]->identity().name, ms_text(wall), ms_text(paused),
      ms_text(limit));
  return paused;
}

// " (and the margin 50.0 ms)" when the run has a time margin, so a TIMEOUT says what it was past.
std::string Referee::GameRun::margin_note() const {
  const int64_t margin = referee_.options_.time_margin_us;
  return margin > 0 ? " (and the margin " + ms_text(margin) + ")" : "";
}

// Out of line, so that charge_answer's path for an answer in time stays small.
void Referee::GameRun::add_timeout(int seat, int64_t think, int64_t limit) {
  add_violation(seat, Violation::TIMEOUT,
                "answered after " + ms_text(think) + "; the limit was " + ms_text(limit) +
                    margin_note() + late_note_,
                "");
  late_note_.clear();
}

// `note` is what the transport found wrong with an answer it passed on (a card id that is no
// card): the violation says that rather than the engine's reading of the invalid card.
void Referee::GameRun::apply_pass(int seat, hearts::Decision& decision, bool answered,
                                  int64_t think, const std::string& note) {
  const int count = game_.pass_plan().count;
  if (answered) {
    if (decision.count < 0 || decision.count > hearts::kMaxPassCards) {
      add_violation(seat, Violation::BAD_PASS,
                    "pass of " + std::to_string(decision.count) + " cards; the pass is " +
                        std::to_string(count),
                    "");
      answered = false;
    } else if (hearts::Status status = game_.pass_cards(
                   std::span<const Card>(decision.cards, static_cast<size_t>(decision.count)));
               !status.ok()) {
      add_violation(seat, Violation::BAD_PASS, note.empty() ? status.message() : note, "");
      answered = false;
    }
  }
  if (!answered) {
    ++outcome.seats[seat].fallbacks;
    fallback_pass(game_, seat, &decision);
    (void)game_.pass_cards(std::span<const Card>(decision.cards, static_cast<size_t>(count)));
  }
  if (record_ && deal_record_) {
    auto* pass = deal_record_->add_passes();
    pass->set_seat(seat);
    for (int k = 0; k < decision.count; ++k) pass->add_cards(decision.cards[k].id());
    pass->set_think_us(think);
  }
}

void fallback_pass(const hearts::Game& game, int seat, hearts::Decision* decision) {
  const int count = game.pass_plan().count;
  int k = 0;
  for (Card card : game.passable(seat)) {
    if (k == count) break;
    decision->cards[k++] = card;
  }
  decision->count = count;
}

void Referee::GameRun::apply_play(int seat, hearts::CardSet legal, const hearts::Decision& decision,
                                  bool answered, int64_t think, const std::string& note) {
  // `legal` is the engine's legal_plays(): checked once, then played unchecked.
  Card card = decision.card;
  if (answered && (card.is_valid() || card.is_joker()) && legal.contains(card)) {
    game_.play_checked(card);
  } else {
    card = play_fallback(seat, legal, card, answered, note);
  }
  if (record_ && deal_record_) record_play(seat, card, think);
}

// An answer that is no legal card is an ILLEGAL_PLAY; either way the fallback plays the lowest
// legal card, which is returned.
Card Referee::GameRun::play_fallback(int seat, hearts::CardSet legal, Card card, bool answered,
                                     const std::string& note) {
  if (answered) {
    add_violation(seat, Violation::ILLEGAL_PLAY, note.empty() ? game_.play(card).message() : note,
                  "");
  }
  ++outcome.seats[seat].fallbacks;
  card = legal.lowest();
  game_.play_checked(card);
  return card;
}

void Referee::GameRun::record_play(int seat, Card card, int64_t think) {
  auto* play = deal_record_->add_plays();
  play->set_seat(seat);
  play->set_card(card.id());
  play->set_think_us(think);
  // The play just made is the deal's last, unless it ended the deal (then plays() is reset
  // only at the next deal, so the index still holds).
  const int index = deal_record_->plays_size() - 1;
  for (Card drawn : game_.drawn_before(index)) play->add_drawn(drawn.id());
}

void Referee::GameRun::apply_moon_choice(int seat, const hearts::Decision& decision,
                                         bool answered) {
  const bool new_moon = answered && decision.new_moon == 1;
  if (answered && decision.new_moon != 0 && decision.new_moon != 1) {
    add_violation(seat, Violation::BAD_CHOICE,
                  "moon choice " + std::to_string(decision.new_moon) + " is not 0 or 1", "");
    answered = false;
  }
  if (!answered) ++outcome.seats[seat].fallbacks;
  (void)game_.choose_moon(new_moon);
  if (record_ && deal_record_) deal_record_->set_moon_choice_made(true);
}

void Referee::GameRun::apply_dealer_choice(int seat, const hearts::Decision& decision,
                                           bool answered, const std::string& note) {
  if (answered) {
    if (hearts::Status status = game_.set_pass_plan(decision.plan); !status.ok()) {
      add_violation(seat, Violation::BAD_CHOICE, note.empty() ? status.message() : note, "");
      answered = false;
    }
  }
  if (!answered) {
    ++outcome.seats[seat].fallbacks;
    (void)game_.set_pass_plan(hearts::PassPlan{hearts::PassKind::kOffset, 1,
                                               static_cast<uint8_t>(referee_.rules_.pass_count)});
  }
  record_plan();
}

// A slam bid is 0 (decline) or 1 (bid); anything else is a BAD_CHOICE and the fallback declines.
void Referee::GameRun::apply_slam_bid(int seat, const hearts::Decision& decision, bool answered,
                                      int64_t think, const std::string& note) {
  if (answered && decision.slam_bid != 0 && decision.slam_bid != 1) {
    add_violation(
        seat, Violation::BAD_CHOICE,
        note.empty() ? "slam bid " + std::to_string(decision.slam_bid) + " is not 0 or 1" : note,
        "");
    answered = false;
  }
  const bool bid = answered && decision.slam_bid == 1;
  if (!answered) ++outcome.seats[seat].fallbacks;
  (void)game_.bid_slam(bid);
  if (record_ && deal_record_) {
    auto* entry = deal_record_->add_slam_bids();
    entry->set_seat(seat);
    entry->set_bid(bid);
    entry->set_think_us(think);
  }
}

void Referee::GameRun::finish_game() {
  settle_outcome();
  notify_seats(hearts::kNotifyGameEnd, game_.last_deal(), false, -1);
  if (record_) record_results();
}

void Referee::GameRun::settle_outcome() {
  outcome.deals = game_.deals_completed();
  for (int s = 0; s < n_; ++s) {
    outcome.seats[s].score = game_.score(s);
    outcome.seats[s].counters = game_.counters(s);
    outcome.seats[s].rank = game_.is_over() ? game_.rank(s) : 0;
  }
  if (forfeit_) rank_with_forfeits(game_, outcome.seats);
}

void Referee::GameRun::record_results() {
  int64_t think_total = 0;
  for (int s = 0; s < n_; ++s) {
    const SeatOutcome& so = outcome.seats[s];
    record_->add_final_scores(so.score);
    record_->add_final_counters(so.counters);
    record_->add_ranks(so.rank);
    if (so.forfeited) record_->add_forfeited(s);
    record_->add_fallback_decisions(so.fallbacks);
    think_total += so.think_us;
    if (game_.rules().rules.complex_scores) record_->add_final_scores_imag(game_.score_imag(s));
  }
  record_->set_think_us_total(think_total);
  if (std::any_of(outcome.seats.begin(), outcome.seats.end(),
                  [](const SeatOutcome& so) { return so.host_pauses > 0; })) {
    for (const SeatOutcome& so : outcome.seats) record_->add_host_pause_us(so.host_pause_us);
  }
  if (std::any_of(outcome.seats.begin(), outcome.seats.end(),
                  [](const SeatOutcome& so) { return so.late_answers > 0; })) {
    for (const SeatOutcome& so : outcome.seats) record_->add_late_answers(so.late_answers);
  }
  if (partnership()) {
    const hearts::Rules& rules = game_.rules().rules;
    for (int s = 0; s < n_; ++s) record_->add_seat_teams(hearts::team_of(rules, s));
    for (int t = 0; t < hearts::num_teams(rules); ++t)
      record_->add_team_scores(game_.team_score(t));
  }
}

GameOutcome Referee::play_game(uint64_t seed, uint32_t game_index, std::span<Player* const> players,
                               hearts::proto::GameRecord* record) {
  GameRun run(*this, seed, game_index, players, record);
  run.play_deals();
  run.finish_game();
  return std::move(run.outcome);
}

}  // namespace arena
