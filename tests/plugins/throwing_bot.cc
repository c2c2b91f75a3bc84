// thrower: a test plugin whose choose_play always throws std::runtime_error("thrower: boom").
// Passes its lowest passable cards correctly.
#include <stdexcept>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

class ThrowingBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation&) override {
    throw std::runtime_error("thrower: boom");
  }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }
};

}  // namespace

HEARTS_EXPORT_BOT(ThrowingBot, "thrower", "1.0", "Black Lady Arena tests")
