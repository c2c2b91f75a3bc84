// Player: one seat's decision maker, whatever carries the decision (in-process plugin, isolated
// process, remote gRPC bot). The referee times each call and checks every answer.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "hearts/observation.h"
#include "hearts/plugin.h"

namespace arena {

// Who a bot is, as recorded in game records.
struct BotIdentity {
  std::string name;
  std::string version;
  std::string author;
  std::string spec;         // as given on the command line
  std::string file_sha256;  // plugins only
  std::string transport;    // "plugin", "isolated", "grpc"
  std::string path;         // plugin file, or remote address
  // How it runs: "trusted" (in the arena's process), "sandboxed" (an isolated child in the
  // sandbox), "isolated" (a child with the sandbox turned off), "remote".
  std::string runs_as;
  // Its own per-decision limit, from a spec ending "@100ms" (players/bot_time_limit.h); 0: the
  // run's limit (--move-ms) applies.
  int64_t move_time_limit_us = 0;
  // The notifications the bot handles (hearts::notification_bit()s): a plugin says so
  // ("hearts_bot_listens"), an isolated child passes its plugin's word on, and a remote bot gets
  // every one. The referee sends no other: a bot that ignores them costs no call per deal.
  uint32_t notifications = hearts::kEveryNotification;
};

// Whether `bot` handles notification `kind` (BotIdentity::notifications).
inline bool handles_notification(const BotIdentity& bot, int32_t kind) {
  return (bot.notifications & hearts::notification_bit(kind)) != 0;
}

// How a decision call ended, before its answer is checked against the rules.
enum class CallStatus { kOk, kError, kCrash, kUnavailable, kMalformed, kTimeout };

struct CallResult {
  CallStatus status = CallStatus::kOk;
  std::string detail;       // one line: the bot's exception text, a transport error
  std::string grpc_status;  // remote bots only
};

// An in-process plugin's own decide entry and its bot, for a caller on the arena's thread to call
// with no virtual call and no CallResult per decision (the referee does, for every decision): a
// return of 0 is decide()'s kOk; otherwise plugin_decide_failure() is what decide() would have
// returned. Valid while the player lives.
struct DirectDecide {
  hearts::BotDecideFn* fn = nullptr;  // null: call decide()
  void* bot = nullptr;
};

class Player {
 public:
  virtual ~Player() = default;
  // Makes one decision for obs.phase and fills *out. Never throws.
  virtual CallResult decide(const hearts::Observation& obs, hearts::Decision* out) = 0;
  // Deal end / game end notification; failures are reported, never fatal.
  virtual CallResult notify(int32_t kind, const hearts::Observation& obs,
                            const hearts::DealResult& result) = 0;
  virtual const BotIdentity& identity() const = 0;
  // Whether decide() runs the bot on the calling thread (an in-process plugin), so the kernel's
  // account of that thread is the bot's: the referee then excuses host pauses (match/host_pause.h).
  virtual bool runs_on_calling_thread() const { return false; }
  // Set by an in-process plugin. A wrapper (ForwardingPlayer) does not pass it on, since a caller
  // of the entry would bypass whatever the wrapper watches; one that only relabels may.
  virtual DirectDecide direct_decide() { return {}; }
  // After a call failed as kUnavailable or kCrash: waits at most timeout_us (real time) for the
  // bot to be reachable again (a remote bot answering GetInfo, an isolated child restarted and
  // ready); true as soon as it is, false if the time ran out. Never throws. In-process players
  // are always reachable.
  virtual bool await_available(int64_t timeout_us) {
    (void)timeout_us;
    return true;
  }
};

// Makes players of one bot: a loaded plugin, a remote address. Resolved and checked once before
// any game starts; then create() makes one fresh player per seat per table.
class PlayerSource {
 public:
  virtual ~PlayerSource() = default;
  virtual const BotIdentity& identity() const = 0;
  // Null with *error (one line) if the bot cannot be created.
  virtual std::unique_ptr<Player> create(const hearts::BotConfig& config, std::string* error) = 0;
};

}  // namespace arena
