// Isolated plugins: the plugin runs in a child `arena serve` process reached over a Unix socket,
// so a bot that crashes, hangs or eats memory cannot take the arena down.
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
#include "remote_player.h"

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

  // If the child has died, reaps it and returns how ("killed by signal 11 (SIGSEGV)").
  std::string reap_if_dead(int64_t wait_us);
  // Kills (if alive) and starts a fresh child; `generation` guards against double restarts.
  void restart(uint64_t generation);
  uint64_t generation() const;
  int restarts() const;
  const std::string& log_path() const { return log_path_; }

 private:
  IsolatedSource() = default;
  bool spawn(std::string* error);
  void kill_child();

  std::string plugin_path_;
  SpecOptions options_;
  BotIdentity identity_;
  std::string socket_path_;
  std::string log_path_;
  std::shared_ptr<RemoteSource> remote_;
  mutable std::mutex mutex_;
  pid_t child_ = -1;
  uint64_t generation_ = 0;
  int restarts_ = 0;
};

}  // namespace arena
