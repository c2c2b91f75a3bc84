// partner_probe: checks at every decision that Observation::partner arrived as the rules say
// (the seat opposite under a partnership rule, -1 otherwise). While it holds, the bot plays its
// lowest legal card; when it does not, it plays a card it does not hold, so the arena records an
// ILLEGAL_PLAY violation that a test can see through any transport (in process, an isolated
// child, gRPC).
#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

bool partner_as_the_rules_say(const hearts::Observation& obs) {
  const bool partnership = obs.rules->rules.partnership != hearts::Partnership::kNone;
  const int opposite = (obs.seat + obs.num_players / 2) % obs.num_players;
  return obs.partner == (partnership ? opposite : -1);
}

class PartnerProbeBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    if (!partner_as_the_rules_say(obs)) return (hearts::CardSet::full_deck() - obs.hand).lowest();
    return obs.legal.lowest();
  }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }
};

}  // namespace

HEARTS_EXPORT_BOT(PartnerProbeBot, "partner_probe", "1.0", "Black Lady Arena tests")
