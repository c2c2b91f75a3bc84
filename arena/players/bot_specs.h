// Bot specs as users write them: a plugin name found in the search path ("random"), a plugin
// file ("./libmybot.so"), a remote bot ("grpc://HOST:PORT", "grpcs://HOST:PORT" over TLS,
// "unix:PATH"), or a plugin run in a
// child process ("isolated:NAME-or-PATH").
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "players/player.h"
#include "players/remote_player.h"

namespace arena {

// Resolves and checks one spec. Null with *error: one line naming the spec or file and the
// problem.
struct SpecOptions {
  RemoteOptions remote;
  int64_t memory_limit_mb = 0;  // isolated plugins: address-space limit of the child; 0 = none
  std::string log_dir = ".";    // isolated plugins: where bot-<name>-<pid>.log files go
  bool isolate_all = false;     // --isolate: every plugin spec runs isolated
};

std::shared_ptr<PlayerSource> resolve_bot_spec(const std::string& spec,
                                               const std::vector<std::string>& search_path,
                                               std::string* error, const SpecOptions& options = {});

// Splits "a,b,c" into specs; empty items are an error reported by the caller.
std::vector<std::string> split_bot_list(const std::string& list);

}  // namespace arena
