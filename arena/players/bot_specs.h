// Bot specs as users write them: a plugin name found in the search path ("random"), a plugin
// file ("./libmybot.so"), a remote bot ("grpc://HOST:PORT", "grpcs://HOST:PORT" over TLS,
// "unix:PATH"), a plugin run in a sandboxed child process ("isolated:NAME-or-PATH"), or one run
// in the arena's own process ("trusted:NAME-or-PATH"). Any of them may end in its own time limit
// per decision, "@100ms" (players/bot_time_limit.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "players/player.h"
#include "players/remote_player.h"

namespace arena {

// How isolated children are confined (sandbox.h, isolated.h).
struct SandboxOptions {
  bool enabled = true;        // --sandbox off: rlimits on address space only, for debugging
  int64_t cpu_seconds = 0;    // RLIMIT_CPU of each child process; 0 = none
  int64_t log_limit_mb = 64;  // RLIMIT_FSIZE: how large a child may grow its log file
};

// Which plugins run in the arena's own process. Bundled plugins (the folder beside the binary)
// and those named trusted do; every other plugin runs isolated, in the sandbox.
struct TrustPolicy {
  bool isolate_untrusted = false;    // the command line sets it; library callers choose
  std::vector<std::string> trusted;  // --trust: plugin names or files
};

struct SpecOptions {
  RemoteOptions remote;
  int64_t memory_limit_mb = 0;  // isolated plugins: address-space limit of the child; 0 = none
  std::string log_dir = ".";    // isolated plugins: where bot-<name>-<pid>.log files go
  bool isolate_all = false;     // --isolate: every plugin spec runs isolated
  SandboxOptions sandbox;
  TrustPolicy trust;
};

// Resolves and checks one spec: "trusted:X" runs in process, "isolated:X" in a child, and a plain
// plugin as the trust policy says; untrusted plugin files are never loaded into this process,
// not even to read their names. "X@100ms" resolves X and carries the limit in the identity
// (move_time_limit_us; spec stays as written). Null with *error: one line naming the spec or file
// and the problem.
std::shared_ptr<PlayerSource> resolve_bot_spec(const std::string& spec,
                                               const std::vector<std::string>& search_path,
                                               std::string* error, const SpecOptions& options = {});

// One plugin file of the search path as `arena bots` lists it.
struct PluginListing {
  std::string path;
  BotIdentity identity;    // name, version, author, file_sha256; empty name: see error
  std::string error;       // why the file cannot be used
  bool sandboxed = false;  // read in a sandboxed child (not bundled, not trusted)
};
// Every *.so of the search path in search order, each file once. Bundled plugins are read in
// this process; the others (unless options.trust.isolate_untrusted is off) in sandboxed
// children, so listing a folder runs none of its code here.
std::vector<PluginListing> list_plugins(const std::vector<std::string>& search_path,
                                        const SpecOptions& options);

// What `play` and `tournament` print once their bots are loaded: a sandbox_notice() per bot,
// and a warning per --trust entry that names none of them.
std::vector<std::string> trust_notices(const TrustPolicy& trust,
                                       const std::vector<BotIdentity>& bots);

// The line `play` and `tournament` print for a bot that runs in the sandbox because it is not
// trusted (names its file and says how to trust it), or in a child without the sandbox
// (--sandbox off); empty for every other bot.
std::string sandbox_notice(const BotIdentity& identity);
// The --trust entries that name none of `bots` (a typo trusts nothing): each is worth a warning.
std::vector<std::string> unmatched_trust(const TrustPolicy& trust,
                                         const std::vector<BotIdentity>& bots);

// Splits "a,b,c" into specs; empty items are an error reported by the caller.
std::vector<std::string> split_bot_list(const std::string& list);

}  // namespace arena
