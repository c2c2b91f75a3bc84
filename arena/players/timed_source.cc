#include "players/timed_source.h"

#include <algorithm>
#include <utility>

namespace arena {
namespace {

// Forwards every call; only the identity differs from the wrapped player's.
class TimedPlayer final : public Player {
 public:
  TimedPlayer(std::unique_ptr<Player> inner, const BotIdentity& identity)
      : inner_(std::move(inner)), identity_(identity) {}
  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    return inner_->decide(obs, out);
  }
  CallResult notify(int32_t kind, const hearts::Observation& obs,
                    const hearts::DealResult& result) override {
    return inner_->notify(kind, obs, result);
  }
  const BotIdentity& identity() const override { return identity_; }
  int64_t timing_margin_us() const override { return inner_->timing_margin_us(); }
  bool await_available(int64_t timeout_us) override { return inner_->await_available(timeout_us); }

 private:
  std::unique_ptr<Player> inner_;
  BotIdentity identity_;  // a copy, so the player never depends on its source living on
};

class TimedSource final : public PlayerSource {
 public:
  TimedSource(std::shared_ptr<PlayerSource> inner, const std::string& suffix, int64_t move_time_us)
      : inner_(std::move(inner)), identity_(inner_->identity()) {
    identity_.spec += suffix;
    identity_.move_time_limit_us = move_time_us;
  }
  const BotIdentity& identity() const override { return identity_; }
  std::unique_ptr<Player> create(const hearts::BotConfig& config, std::string* error) override {
    std::unique_ptr<Player> player = inner_->create(config, error);
    if (!player) return nullptr;
    return std::make_unique<TimedPlayer>(std::move(player), identity_);
  }

 private:
  std::shared_ptr<PlayerSource> inner_;
  BotIdentity identity_;
};

}  // namespace

std::shared_ptr<PlayerSource> with_time_limit(std::shared_ptr<PlayerSource> inner,
                                              const std::string& suffix, int64_t move_time_us) {
  return std::make_shared<TimedSource>(std::move(inner), suffix, move_time_us);
}

int64_t largest_move_time_us(int64_t run_move_us,
                             const std::vector<std::shared_ptr<PlayerSource>>& sources) {
  int64_t largest = run_move_us;
  for (const auto& source : sources) {
    largest = std::max(largest, source->identity().move_time_limit_us);
  }
  return largest;
}

}  // namespace arena
