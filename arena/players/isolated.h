// Isolated plugins: the plugin runs in a child `arena serve --channel-fd` process, so a bot that
// crashes, hangs or eats memory cannot take the arena down.
//
// Transport: the child inherits one end of a socketpair (the control socket) and says hello on
// it in a binary frame (frame_channel.h, isolated_wire.h). Decisions then go through shared
// memory (shm_channel.h): over the control socket the arena hands the child a doorbell page and,
// per player, a memfd page with a fixed-size request and reply slot; a futex word in the page
// hands each request over and its answer back (spinning briefly, then FUTEX_WAIT). The arena
// waits in slices and between them checks whether the child died and the deadline.
//
// The child gets an address-space limit (--bot-memory-mb) and its stdout/stderr go to a per-bot
// log file. A child that does not answer by the deadline is killed and restarted (a timeout
// violation); one that dies (segfault, abort, out of memory) is restarted (a crash violation);
// the game goes on with the referee's fallback for that decision. A restart that fails is tried
// again while the referee waits within its reconnect window (Player::await_available); a child
// that keeps crashing or cannot start makes the bot unavailable (match/unavailable.h). The child
// dies with the arena.
// Each thread that seats the bot has a child of its own (IsolatedSource), so concurrent tables
// never share a process; entrants that run the same plugin file share it (isolated_pool.h).
#pragma once

#include <sys/types.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "players/bot_specs.h"
#include "players/shm_channel.h"

namespace arena {

// One child process serving one plugin, restarted in place when it hangs or dies.
// Thread safety: all members may be called from any thread; a restart is serialised.
class IsolatedChild {
 public:
  IsolatedChild(std::string plugin_path, const SpecOptions& options);
  ~IsolatedChild();
  IsolatedChild(const IsolatedChild&) = delete;
  IsolatedChild& operator=(const IsolatedChild&) = delete;

  // Starts the process and waits for its hello; false with *error (the child is then down).
  bool start(BotIdentity* hello, std::string* error);
  // A channel page for a new player of the current process, with its doorbell page (to ring
  // after each request) in *doorbell, the process's generation in *generation and the page's
  // last sequence number in *seq: a page a previous player of this process left (no memfd,
  // descriptor passing or mapping), else a new one handed over the control socket (*seq 0).
  // Null with *error if the process cannot take one.
  std::unique_ptr<SharedPage> take_channel(uint64_t* generation,
                                           std::shared_ptr<SharedPage>* doorbell, uint64_t* seq,
                                           std::string* error);
  // Takes back the page of a player that has gone, its last exchange (number `seq`) complete and
  // its state set to kShmChannelIdle, for the next player; if it belongs to an earlier process,
  // or enough pages are kept, it is marked kShmChannelGone and unmapped instead.
  void return_channel(std::unique_ptr<SharedPage> page, uint64_t generation, uint64_t seq);
  // True if the control socket has closed, i.e. the process is exiting or gone.
  bool exiting(int64_t wait_us);
  // If the process has died, reaps it and returns how ("was killed by signal 11 (SIGSEGV)").
  std::string reap_if_dead(int64_t wait_us);
  // Kills (if alive) and starts a fresh process; `generation` guards against double restarts.
  // True if a process is up afterwards (this one, or the one another seat restarted).
  bool restart(uint64_t generation);
  uint64_t generation() const;
  int restarts() const;
  // True while a process is up (it said hello); false after a start or restart that failed.
  bool running() const;
  const std::string& log_path() const { return log_path_; }
  int64_t margin_us() const { return options_.remote.network_margin_us; }

 private:
  // Called with mutex_ held.
  bool spawn(BotIdentity* hello, std::string* error);
  // The rest of spawn(): waits for the new process's hello; kills it if none comes.
  bool await_hello(BotIdentity* hello, std::string* error);
  // Hands the new process its doorbell page; false with *error.
  bool send_doorbell(std::string* error);
  std::string reap_locked(int64_t wait_us);
  void kill_process();
  // The sandboxed child's empty working folder: made before each start, removed after it ends.
  bool make_workdir(std::string* error);
  void remove_workdir();
  // Takes the kViolation frame a child's sandbox sent before it died, if any, into violation_.
  void read_violation();

  const std::string plugin_path_;
  const SpecOptions options_;
  std::string log_path_;
  mutable std::mutex mutex_;
  pid_t pid_ = -1;
  int control_fd_ = -1;                   // the arena's end of the control socket
  std::shared_ptr<SharedPage> doorbell_;  // the current process's; players keep theirs mapped
  struct SpareChannel {
    std::unique_ptr<SharedPage> page;
    uint64_t seq;  // its last exchange's: kept here, never read back from the shared page
  };
  std::vector<SpareChannel> spare_channels_;  // the current process's, idle
  std::atomic<uint64_t> generation_{0};       // written under mutex_; read without it per decision
  int restarts_ = 0;
  std::string workdir_;    // empty: none (no sandbox, or not started)
  std::string violation_;  // what the current process's sandbox refused, once it said so
};

class IsolatedChildPool;

// An isolated plugin as a player source. Each thread that seats the bot gets a child process
// of its own (a *lane*), so tables played at once never share one: a crash or a hang on one
// table cannot fail another table's call, and results stay the same at any concurrency.
// Entrants that run the same plugin file under the same child options share their children
// (isolated_pool.h): one child per thread serves every seat of every such entrant.
// Thread safety: create() may be called from any thread.
class IsolatedSource final : public PlayerSource,
                             public std::enable_shared_from_this<IsolatedSource> {
 public:
  // Joins the children of plugin `plugin_path` (already resolved and checked) if another entrant
  // of the same file runs them, else starts the first one, which also tells the bot's identity;
  // null with *error if it does not come up.
  static std::shared_ptr<IsolatedSource> start(const std::string& spec,
                                               const std::string& plugin_path,
                                               const std::string& file_sha256,
                                               const SpecOptions& options, std::string* error);

  const BotIdentity& identity() const override { return identity_; }
  // A player in the calling thread's child, started on the thread's first call.
  std::unique_ptr<Player> create(const hearts::BotConfig& config, std::string* error) override;

  // The first child started for this plugin file (shared with the other entrants of the file).
  IsolatedChild& first_child() const;
  // Child processes started so far for this plugin file, one per thread that has seated it (or
  // another entrant of the same file); at least one.
  int lanes() const;
  // Restarts over those children: a restart of a shared child counts for every entrant on it,
  // since each of them lost its bot instances in it.
  int restarts() const;
  const std::string& log_path() const { return first_child().log_path(); }

 private:
  IsolatedSource() = default;

  BotIdentity identity_;
  std::shared_ptr<IsolatedChildPool> pool_;
};

}  // namespace arena
