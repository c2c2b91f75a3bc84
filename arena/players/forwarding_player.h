// A Player that passes every call to another: the base of wrappers that watch or relabel a bot
// (a time limit's identity, the bench's timers) and override only what they change.
//
// Ownership: it does not own `inner`, which must outlive it. Thread safety: as the wrapped
// player's (one game at a time).
#pragma once

#include "players/player.h"

namespace arena {

class ForwardingPlayer : public Player {
 public:
  explicit ForwardingPlayer(Player& inner) : inner_(inner) {}
  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    return inner_.decide(obs, out);
  }
  CallResult notify(int32_t kind, const hearts::Observation& obs,
                    const hearts::DealResult& result) override {
    return inner_.notify(kind, obs, result);
  }
  const BotIdentity& identity() const override { return inner_.identity(); }
  bool runs_on_calling_thread() const override { return inner_.runs_on_calling_thread(); }
  bool await_available(int64_t timeout_us) override { return inner_.await_available(timeout_us); }

 protected:
  Player& inner() { return inner_; }

 private:
  Player& inner_;
};

}  // namespace arena
