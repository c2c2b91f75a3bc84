// hang: a test plugin for the watchdog. From game HEARTS_HANG_FROM_GAME on (0-based; default 0)
// choose_play never returns (it sleeps in a loop, so it burns no CPU); before that it plays its
// lowest legal card. Passes its lowest passable cards normally.
#include <chrono>
#include <cstdlib>
#include <thread>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

class HangBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    const char* from = std::getenv("HEARTS_HANG_FROM_GAME");
    if (from == nullptr || obs.game_index >= std::strtoul(from, nullptr, 10)) {
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    return obs.legal.lowest();
  }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }
};

}  // namespace

HEARTS_EXPORT_BOT(HangBot, "hang", "1.0", "Black Lady Arena tests")
