// Remote bots over gRPC (proto/bot_service.proto): the bot is a server, the arena dials it
// (grpc:// in plaintext, grpcs:// over TLS, with the shared token if one is given) and
// makes one unary call per decision with a deadline of the bot's time left plus a network
// margin. Transport failures come back as CallStatus values the referee turns into violations.
//
// Channels are created with deliberate limits: 4 MiB messages at most, keepalive pings every
// 30 s, and reconnection backoff from 100 ms to 2 s, so a bot that comes back is used again.
// Calls never wait for a connection (fail fast), so a dead bot cannot stall the arena; after a
// failed call the referee waits, within its reconnect window, until GetInfo answers again
// (Player::await_available, match/unavailable.h).
// Thread safety: a RemoteSource may create players from any thread; each RemotePlayer is used
// by one thread at a time.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "players/player.h"
#include "rules.pb.h"

namespace grpc {
class Channel;
}

namespace arena {

struct RemoteOptions {
  int64_t connect_timeout_us = 5'000'000;  // for the GetInfo check before a run
  int64_t network_margin_us = 50'000;  // added to each deadline: the commands give the time margin
  // grpcs:// bots: the PEM CA file their certificates must chain to; empty: gRPC's default
  // roots (the system's).
  std::string tls_ca_file;
  // Sent as metadata on every call (shared_token.h); empty: none. Never printed or recorded.
  std::string token;
};

// "grpc://HOST:PORT" and "grpcs://HOST:PORT" (TLS) -> "HOST:PORT", "unix:PATH" -> "unix:PATH";
// empty if not a remote spec.
std::string grpc_target(const std::string& spec);

// Longest name, version or author taken from a remote bot's GetInfo, in characters.
inline constexpr size_t kMaxBotNameChars = 64;
// Longest error message taken from a remote bot's status, in characters.
inline constexpr size_t kMaxBotMessageChars = 200;

// Text a remote bot sent, made safe to print and record: valid UTF-8 (a byte that is not is
// replaced), every control character (C0, DEL, C1: escapes, newlines) and bidirectional
// override replaced by '?', and cut to `max_chars` characters, the last three then "...".
std::string printable_bot_text(std::string_view text, size_t max_chars);

class RemoteSource final : public PlayerSource {
 public:
  // Dials the bot and asks for its info; null with *error (the address and the gRPC status).
  static std::shared_ptr<RemoteSource> connect(const std::string& spec,
                                               const RemoteOptions& options, std::string* error);
  const BotIdentity& identity() const override { return identity_; }
  std::unique_ptr<Player> create(const hearts::BotConfig& config, std::string* error) override;
  // Replaces the channel (after the bot's process was restarted at the same address).
  void reconnect();
  // Waits until the channel is connected (or the timeout passes); true if connected.
  bool wait_connected(int64_t timeout_us);

  struct Shared;  // the current stub, shared with the players (defined in the .cc)

 private:
  RemoteSource() = default;
  hearts::proto::RulesSpec rules_spec(const hearts::Rules& rules);

  std::shared_ptr<Shared> shared_;
  std::optional<hearts::Rules> last_rules_;  // the rules last compacted, guarded by shared_
  hearts::proto::RulesSpec last_spec_;
  BotIdentity identity_;
  RemoteOptions options_;
  std::string target_;
};

}  // namespace arena
