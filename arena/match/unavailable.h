// Unavailable bots (docs/remote-bots.md "Unavailable bots"): a bot whose calls keep failing as
// unavailable (a remote bot that cannot be reached, an isolated child that keeps crashing or
// cannot start) for longer than the reconnect window is *unavailable*. The referee then ends the
// game it is in, and the run either stops (the default) or goes on without it.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>

namespace arena {

// What a run does when a bot becomes unavailable.
enum class UnavailablePolicy {
  kStop,     // the run stops; the unfinished game is not recorded and is played again on resume
  kForfeit,  // the bot forfeits that game and each of its later games; the run goes on
};

// The reconnect window when none is given: long enough for gRPC's reconnection backoff (at most
// 2 s) to find a bot restarted at once, short enough not to stall a run for long.
constexpr int64_t kDefaultReconnectWindowUs = 5'000'000;

// The process exit status of a run stopped because a bot was unavailable (kStop).
constexpr int kExitBotUnavailable = 4;

// "stop" or "forfeit" into *policy; false if `text` is neither.
bool parse_unavailable_policy(const std::string& text, UnavailablePolicy* policy);
const char* unavailable_policy_name(UnavailablePolicy policy);

// The bots one run has found unavailable, by bot spec. Shared by the run's referees so that a
// bot found unavailable at one table forfeits its later games at every table without waiting
// out the window again. Thread-safe; contains() costs one atomic load while no bot is marked
// (the referee asks at every decision).
class UnavailableBots {
 public:
  void mark(const std::string& spec);
  bool contains(const std::string& spec) const;
  bool empty() const { return !any_.load(std::memory_order_acquire); }

 private:
  std::atomic<bool> any_{false};
  mutable std::mutex mutex_;
  std::set<std::string> specs_;
};

}  // namespace arena
