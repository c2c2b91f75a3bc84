// thrower: a test plugin that throws std::runtime_error("thrower: boom") where
// HEARTS_THROWER_IN says: a comma-separated list of "play", "deal_end", "game_end" and
// "dealer_choice" (unset: "play"). Otherwise it plays its lowest legal card, passes its lowest
// passable cards and leaves the dealer's choice to the default. Each kind of call lets a test
// make the referee record a violation (and a forfeit) at that point of a game.
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

bool throws_in(const std::string& call) {
  const char* list = std::getenv("HEARTS_THROWER_IN");
  const std::string calls = "," + std::string(list ? list : "play") + ",";
  return calls.find("," + call + ",") != std::string::npos;
}

class ThrowingBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    if (throws_in("play")) throw std::runtime_error("thrower: boom");
    return obs.legal.lowest();
  }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }

  hearts::PassPlan choose_pass_plan(const hearts::Observation& obs) override {
    if (throws_in("dealer_choice")) throw std::runtime_error("thrower: boom");
    return hearts::Bot::choose_pass_plan(obs);
  }

  void on_deal_end(const hearts::Observation&, const hearts::DealResult&) override {
    if (throws_in("deal_end")) throw std::runtime_error("thrower: boom");
  }

  void on_game_end(const hearts::Observation&, const hearts::DealResult&) override {
    if (throws_in("game_end")) throw std::runtime_error("thrower: boom");
  }
};

}  // namespace

HEARTS_EXPORT_BOT(ThrowingBot, "thrower", "1.0", "Black Lady Arena tests")
