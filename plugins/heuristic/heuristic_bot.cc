// heuristic: a rule-based Black Lady player in the spirit of the classic Hearts programs: card
// counting, ducking, dumping, smoking out the lady, shooting and blocking the moon.
//
// The decisions live in plugins/common/heuristic_policy.h (with their reasons), shared with
// montecarlo, which uses them as its rollout policy and for its pass.
#include <stdexcept>

#include "../common/heuristic_policy.h"
#include "hearts/plugin.h"

namespace {

class HeuristicBot : public hearts::Bot {
 public:
  // Its card counting assumes one copy of each card: with two decks it refuses to be seated.
  explicit HeuristicBot(const hearts::BotConfig& config) {
    if (config.rules != nullptr && config.rules->rules.decks != 1) {
      throw std::runtime_error("plays one deck only (rules decks=2)");
    }
  }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    heuristic_policy::require_plain_rules(obs, "heuristic");
    return policy_.choose_pass(obs);
  }
  bool choose_new_moon(const hearts::Observation& obs) override {
    return policy_.choose_new_moon(obs);
  }
  hearts::Card choose_play(const hearts::Observation& obs) override {
    heuristic_policy::require_plain_rules(obs, "heuristic");
    return policy_.choose_play(obs);
  }

 private:
  heuristic_policy::HeuristicPolicy policy_;
};

}  // namespace

HEARTS_EXPORT_BOT(HeuristicBot, "heuristic", "1.0", "Black Lady Arena")
