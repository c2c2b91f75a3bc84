// `arena serve`: hosts any bot spec (a plugin) as a gRPC Bot server (proto/bot_service.proto).
//
// The server keeps one bot instance per (game id, seat), created on the first request of that
// game and destroyed at its game-end notification (or when too many games are open), so a
// stateful plugin sees the same calls it would in-process.
// Thread safety: gRPC calls arrive on a thread pool; different (game, seat) pairs run at once,
// the calls of one pair arrive one at a time.
#pragma once

#include <memory>
#include <string>

#include "players/player.h"

namespace arena {

struct ServeOptions {
  std::string listen = "127.0.0.1:50051";  // HOST:PORT or unix:PATH; port 0 picks a free one
  int max_open_games = 4096;               // oldest games are dropped past this
};

// Normalises a --listen value: "PORT" -> "127.0.0.1:PORT"; other forms pass through.
std::string listen_address(const std::string& listen);

// Serves until SIGINT or SIGTERM; prints "listening on ADDRESS" once ready. Returns the exit
// code (0 after a clean shutdown, 2 if the address cannot be bound).
int serve_bot(std::shared_ptr<PlayerSource> source, const ServeOptions& options);

}  // namespace arena
