// The child processes of isolated plugins, shared between entrants that run the same plugin file.
//
// Two entrants that load one .so into the arena's own process already share that library's
// statics, so a child process shared between copies of the same file gives them nothing they
// could not already do; different plugin files never share a process. Sharing matters for speed:
// a tournament of four entrants of one plugin would otherwise keep four children per arena
// thread, and each decision would go to a child that has gone to sleep since its last one.
//
// A pool is keyed by what makes one child differ from another: the plugin's canonical path and
// its file's SHA-256, and the options the child runs under (memory limit, sandbox, log folder,
// timing margins). A process-wide registry holds pools by weak reference, so the children die
// with the last entrant that uses them. Within a pool each arena thread has a child of its own (a
// *lane*): concurrent tables never share a process, and one request is outstanding per child.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "players/bot_specs.h"
#include "players/isolated.h"

namespace arena {

// The children serving one plugin file under one set of child options, one per arena thread.
// Thread safety: every member may be called from any thread.
class IsolatedChildPool {
 public:
  // The live pool for this file and these options if there is one, else a new one whose first
  // child is started here (which checks that the plugin comes up, and tells its identity). Null
  // with *error if that child does not come up. A file whose SHA-256 is unknown (empty) gets a
  // pool of its own: sameness cannot be proved.
  static std::shared_ptr<IsolatedChildPool> acquire(const std::string& plugin_path,
                                                    const std::string& file_sha256,
                                                    const SpecOptions& options, std::string* error);

  IsolatedChildPool(const IsolatedChildPool&) = delete;
  IsolatedChildPool& operator=(const IsolatedChildPool&) = delete;

  // What the first child said in its hello.
  const BotIdentity& hello() const { return hello_; }
  // The calling thread's child, started on the thread's first call (the first child goes to the
  // first thread that asks); null with *error if it does not come up. Shared ownership: the
  // child lives while a player holds it, even after the pool is gone.
  std::shared_ptr<IsolatedChild> for_this_thread(std::string* error);
  // The first child started.
  IsolatedChild& first_child() const;
  // Child processes started so far, one per thread that has asked (at least one).
  int lanes() const;
  // Restarts over all lanes.
  int restarts() const;

 private:
  IsolatedChildPool(std::string plugin_path, const SpecOptions& options)
      : plugin_path_(std::move(plugin_path)), options_(options) {}

  struct Lane {
    std::thread::id owner;  // default id: not yet claimed
    std::shared_ptr<IsolatedChild> child;
  };
  const std::string plugin_path_;
  const SpecOptions options_;
  BotIdentity hello_;
  mutable std::mutex mutex_;
  std::vector<Lane> lanes_;  // never empty after acquire(); guarded by mutex_
};

}  // namespace arena
