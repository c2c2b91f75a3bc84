// vanish: a test plugin for unavailable bots. It plays its lowest legal card and passes its
// lowest cards; once its process has made HEARTS_VANISH_AFTER plays (counted over every bot
// instance in the process; unset or 0: never), the next play ends the whole process at once,
// as a killed bot server would. Served by `arena serve`, the arena then finds it unreachable.
#include <atomic>
#include <cstdlib>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

std::atomic<long> plays_in_process{0};

class VanishingBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    const char* after = std::getenv("HEARTS_VANISH_AFTER");
    const long limit = after ? std::strtol(after, nullptr, 10) : 0;
    if (limit > 0 && plays_in_process.fetch_add(1) >= limit) std::_Exit(3);
    return obs.legal.lowest();
  }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }
};

}  // namespace

HEARTS_EXPORT_BOT(VanishingBot, "vanish", "1.0", "Black Lady Arena tests")
