// blocking: a test plugin for killing an isolated child in the middle of a handoff. In games
// from HEARTS_BLOCK_FROM_GAME on (0-based; default 1) choose_play prints "blocked in choose_play"
// to its output (the bot's log) and then never returns, so a test knows the request was taken
// and can kill the process mid-decision; before that it plays its lowest legal card.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

class BlockingBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    const char* from = std::getenv("HEARTS_BLOCK_FROM_GAME");
    if (obs.game_index >= (from ? std::strtoul(from, nullptr, 10) : 1)) {
      std::printf("blocked in choose_play\n");
      std::fflush(stdout);
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    return obs.legal.lowest();
  }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }
};

}  // namespace

HEARTS_EXPORT_BOT(BlockingBot, "blocking", "1.0", "Black Lady Arena tests")
