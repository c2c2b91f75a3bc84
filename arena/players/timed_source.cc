#include "players/timed_source.h"

#include "players/forwarding_player.h"

#include <algorithm>
#include <utility>

namespace arena {
namespace {

// Forwards every call; only the identity differs from the wrapped player's.
class TimedPlayer final : public ForwardingPlayer {
 public:
  TimedPlayer(std::unique_ptr<Player> inner, const BotIdentity& identity)
      : ForwardingPlayer(*inner), owned_(std::move(inner)), identity_(identity) {}
  const BotIdentity& identity() const override { return identity_; }
  // A relabel watches nothing, so the plugin's own entry may be called straight.
  DirectDecide direct_decide() override { return inner().direct_decide(); }

 private:
  std::unique_ptr<Player> owned_;  // the player forwarded to
  BotIdentity identity_;           // a copy, so the player never depends on its source living on
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
