// The referee: plays one game between players, checking and timing every decision.
//
// Every pass is checked (count, distinct, held, not forbidden) and every play (legal); every
// decision is timed with the injected clock against the per-decision limit and the optional
// per-game bank. A bot that throws, answers late or answers illegally gets a violation in the
// record and the documented deterministic fallback plays for it (docs/sdk.md "Fallbacks"):
//   pass: the first `count` passable cards in card order (clubs 2 upwards);
//   play: the lowest legal card in card order;
//   dealer's choice: `pass_count` cards to the left;  moon choice: old moon;
//   slam bid: decline (a bid other than 0 or 1 is a BAD_CHOICE violation).
// Bots see copies: each call's Observation points into a per-seat buffer (SeatView), never into
// the game or the results, and the seeds a bot is given are keyed one-way functions of the game
// seed (BotSeeds), so no bot can learn a hidden card or change a result through them.
// With forfeit_after = N, a seat's N-th violation in a game ends that game: the forfeiting seat
// ranks last and the others are ranked by their scores at that moment.
// Unavailable bots (match/unavailable.h): a call that fails as kUnavailable or kCrash starts an
// outage of its bot, which any other answer ends. Within the reconnect window the referee waits
// for the bot to be back (Player::await_available) and the failed call is an ordinary violation
// with the fallback; once the outage, measured with the injected clock, outlasts the window, the
// bot is unavailable: each of its seats gets an UNAVAILABLE violation and forfeits, the game ends
// there (the outcome names the seat), and the bot is marked in the run's UnavailableBots. A
// marked bot is never asked again: at its first decision of a later game its seats forfeit.
// Host pauses (match/host_pause.h): when an in-process bot's answer would be late, the referee
// reads the kernel's account of the thread it ran on and does not charge the time the host took
// from that thread (it never slept, yet neither ran nor waited for a core). The think time
// recorded is the time charged; GameRecord.host_pause_us keeps what was excused. Accounts are
// read only for a bot (by spec) once one of its decisions at this referee took
// kAccountFromThinkUs or more, and only until its seats together answer quicker than that
// kStopAccountingAfterQuick times in a row: bots that answer in microseconds pay nothing for it,
// even after one slow decision.
// The time margin (RefereeOptions::time_margin_us) is the same for every seat, whatever carries
// its bot: an answer past the limit but within it is accepted and counted (late_answers), one
// past it is a TIMEOUT. One margin for all is what keeps a limit equal between seats.
//
// Thread safety: a Referee is used by one thread; run one per table.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hearts/game.h"
#include "match/clock.h"
#include "match/host_pause.h"
#include "match/seat_view.h"
#include "match/unavailable.h"
#include "match/watchdog.h"
#include "players/player.h"
#include "records.pb.h"

namespace arena {

struct RefereeOptions {
  int64_t move_time_us = 1'000'000;  // per decision
  int64_t game_bank_us = 0;  // total per seat per game; each decision gets min(move, left); 0 = off
  int forfeit_after = 0;     // 0 = never forfeit
  // How long a bot's calls may keep failing as unavailable before the bot is unavailable.
  int64_t reconnect_window_us = kDefaultReconnectWindowUs;
  // How far past its limit an answer may come before it is a TIMEOUT, for every seat alike (the
  // host's pauses, a transport's latency). 0 here; the arena's commands default to
  // kDefaultTimeMarginUs (--time-margin-ms) and give isolated and remote bots the same deadline.
  int64_t time_margin_us = 0;
};

// The commands' time margin: above the pauses of the shared VMs the arena runs on (up to 25 ms
// seen: docs/tournaments.md), and the network margin remote bots always had.
constexpr int64_t kDefaultTimeMarginUs = 50'000;

// Per-seat totals of one game, for summaries that do not need the full record.
struct SeatOutcome {
  int score = 0;
  int counters = 0;
  int rank = 0;
  long long deal_points = 0;  // sum of deal scores
  int violations = 0;
  bool forfeited = false;
  int decisions = 0;
  int fallbacks = 0;     // decisions the referee's fallback made for this seat
  int64_t think_us = 0;  // charged: wall time less excused host pauses
  int64_t max_think_us = 0;
  int host_pauses = 0;        // decisions that would have been late but for a host pause
  int64_t host_pause_us = 0;  // the time excused in them
  int late_answers = 0;       // answers past the limit, within the time margin: not violations
};

struct GameOutcome {
  int deals = 0;
  std::vector<SeatOutcome> seats;
  // The seat whose bot became unavailable in this game (the game ended there), or -1.
  int unavailable_seat = -1;
};

class Referee {
 public:
  // `watchdog` may be null (no hang protection); `watchdog_slot` comes from its add_slot().
  Referee(const hearts::CompiledRules& rules, RefereeOptions options, const Clock& clock,
          Watchdog* watchdog = nullptr, int watchdog_slot = 0);

  // Plays one game with players[seat] in each seat. If `record` is not null it receives the
  // full game record (deals, passes, plays with think times, violations, results). A bot's
  // first violation of each kind is logged as a warning, the rest at debug level.
  GameOutcome play_game(uint64_t seed, uint32_t game_index, std::span<Player* const> players,
                        hearts::proto::GameRecord* record);

  // Shares the run's record of unavailable bots (by default each referee keeps its own). `bots`
  // must outlive the referee's games.
  void share_unavailable(UnavailableBots* bots) { unavailable_ = bots; }

  // Where thread accounts come from (default: the kernel's); null charges wall time throughout.
  // `accounting` must outlive the referee's games.
  void account_threads_with(const ThreadAccounting* accounting) { accounting_ = accounting; }

  // A bot's thread is accounted once one of its decisions took this long: a read costs about
  // 0.65 us, under 0.7% of such a decision.
  static constexpr int64_t kAccountFromThinkUs = 100;
  // ... and no longer once it answered quicker than that this many times in a row: a read
  // (several system calls: 0.65 us on the Intel VM, several us on the AMD one) would cost a bot
  // of microseconds many times its time.
  static constexpr int kStopAccountingAfterQuick = 256;

 private:
  class GameRun;  // one game in progress (referee.cc)
  hearts::CompiledRules rules_;
  RefereeOptions options_;
  const Clock& clock_;
  Watchdog* watchdog_;
  int watchdog_slot_;
  // What each seat's bot is shown: a buffer per seat, apart from the game and the results.
  std::vector<std::unique_ptr<SeatView>> seat_views_;
  // (bot, violation kind) pairs already logged as a warning: later ones go to the debug log.
  std::vector<std::pair<std::string, int>> warned_;
  UnavailableBots own_unavailable_;
  UnavailableBots* unavailable_ = &own_unavailable_;
  const ThreadAccounting* accounting_ = &KernelThreadAccounting::instance();
  // (spec, quick answers since) of each in-process bot accounted here: one of its decisions took
  // kAccountFromThinkUs or more, and fewer than kStopAccountingAfterQuick quicker ones followed.
  std::vector<std::pair<std::string, int>> thinking_bots_;
  // (bot spec, clock time its outage began) for each bot whose last call failed as unavailable.
  std::vector<std::pair<std::string, int64_t>> outages_;
};

// The pass the referee makes for a seat whose own was refused or never came: the lowest
// pass_plan().count of its passable cards, written to decision->cards and decision->count.
void fallback_pass(const hearts::Game& game, int seat, hearts::Decision* decision);

// The Violation kind matching a failed call.
hearts::proto::Violation::Kind violation_kind(CallStatus status);

}  // namespace arena
