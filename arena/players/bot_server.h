// `arena serve`: hosts any bot spec (a plugin) as a gRPC Bot server (proto/bot_service.proto).
//
// The server keeps one bot instance per (game id, seat), created on the first request of that
// game and destroyed at its game-end notification, when it has had no call for a while, or when
// too many games are open (the least recently used first), so a stateful plugin sees the same
// calls it would in-process. Every request is checked first (check_observation): an inconsistent
// one is refused with INVALID_ARGUMENT and never reaches the bot.
// Connections are accepted by a ConnectionListener, which bounds them; idle ones are closed.
// With TLS the listener hands each connection to gRPC's external-connection acceptor, which
// does the handshake (gRPC's from-fd call takes plaintext connections only). With a token,
// every call without it is refused with UNAUTHENTICATED before it reaches the bot.
// Thread safety: gRPC calls arrive on a thread pool; different (game, seat) pairs run at once,
// the calls of one pair one at a time (whatever the client sends).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "players/player.h"

namespace arena {

struct ServeOptions {
  std::string listen = "127.0.0.1:50051";  // HOST:PORT or unix:PATH; port 0 picks a free one
  int max_connections = 1000;         // open at once; lowered to what the open-files limit allows
  int64_t idle_timeout_ms = 60'000;   // a connection without a call this long is closed; 0: never
  int max_open_games = 4096;          // past this the least recently used game is closed
  int64_t game_timeout_ms = 600'000;  // a game without a call this long is closed; 0: never
  // TLS (both or neither): PEM certificate chain and private key files; empty: plaintext.
  std::string tls_cert_file;
  std::string tls_key_file;
  // Every call must carry this token (shared_token.h); empty: no token asked. Never printed.
  std::string token;
};

// Normalises a --listen value: "PORT" -> "127.0.0.1:PORT"; other forms pass through.
std::string listen_address(const std::string& listen);

// Serves until SIGINT or SIGTERM; prints "listening on ADDRESS (bot NAME VERSION...)" once ready.
// Returns the exit code (0 after a clean shutdown, 2 if the address cannot be bound or the TLS
// files are unusable, with one line on stderr).
int serve_bot(std::shared_ptr<PlayerSource> source, const ServeOptions& options);

}  // namespace arena
