// Isolated plugins: the plugin runs in a child `arena serve --channel-fd` process, so a bot that
// crashes, hangs or eats memory cannot take the arena down.
//
// Transport: the child inherits one end of a socketpair (the control socket) and says hello on
// it; each player then hands the child a socketpair of its own over the control socket and talks
// to its bot instance there in fixed binary frames (frame_channel.h, isolated_wire.h), one write
// and one read per decision. gRPC would cost about 100 µs a call here; a frame costs a few.
//
// The child gets an address-space limit (--bot-memory-mb) and its stdout/stderr go to a per-bot
// log file. A child that does not answer by the deadline is killed and restarted (a timeout
// violation); one that dies (segfault, abort, out of memory) is restarted (a crash violation);
// the game goes on with the referee's fallback for that decision. The child dies with the arena.
// Thread safety: players of one source may decide from several threads; a restart is serialised.
#pragma once

#include <sys/types.h>
#include <memory>
#include <mutex>
#include <string>

#include "bot_specs.h"

namespace arena {

class IsolatedSource final : public PlayerSource,
                             public std::enable_shared_from_this<IsolatedSource> {
 public:
  // Starts the child for plugin `plugin_path` (already resolved and checked); null with *error.
  static std::shared_ptr<IsolatedSource> start(const std::string& spec,
                                               const std::string& plugin_path,
                                               const std::string& file_sha256,
                                               const SpecOptions& options, std::string* error);
  ~IsolatedSource() override;

  const BotIdentity& identity() const override { return identity_; }
  std::unique_ptr<Player> create(const hearts::BotConfig& config, std::string* error) override;

  // A new socket to the current child (the child serves the other end); -1 with *error if the
  // child cannot take it. *generation says which child it belongs to.
  int open_channel(uint64_t* generation, std::string* error);
  // True if the child's control socket has closed, i.e. the child is exiting or gone.
  bool child_exiting(int64_t wait_us);
  // If the child has died, reaps it and returns how ("was killed by signal 11 (SIGSEGV)").
  std::string reap_if_dead(int64_t wait_us);
  // Kills (if alive) and starts a fresh child; `generation` guards against double restarts.
  void restart(uint64_t generation);
  uint64_t generation() const;
  int restarts() const;
  const std::string& log_path() const { return log_path_; }
  int64_t margin_us() const { return options_.remote.network_margin_us; }

 private:
  IsolatedSource() = default;
  // Starts the child and waits for its hello; false with *error. Called with mutex_ held.
  bool spawn(BotIdentity* hello, std::string* error);
  std::string reap_locked(int64_t wait_us);
  void kill_child();

  std::string plugin_path_;
  SpecOptions options_;
  BotIdentity identity_;
  std::string log_path_;
  mutable std::mutex mutex_;
  pid_t child_ = -1;
  int control_fd_ = -1;  // the arena's end of the control socket
  uint64_t generation_ = 0;
  int restarts_ = 0;
};

}  // namespace arena
