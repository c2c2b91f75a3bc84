// segfault: a test plugin for isolation. Its HEARTS_SEGFAULT_EVERY-th play (default every 5th)
// dereferences a null pointer; otherwise it plays its lowest legal card.
#include <csignal>
#include <cstdlib>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

class SegfaultBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    const char* every = std::getenv("HEARTS_SEGFAULT_EVERY");
    const long period = every ? std::strtol(every, nullptr, 10) : 5;
    if (period > 0 && ++plays_ % period == 0) std::raise(SIGSEGV);
    return obs.legal.lowest();
  }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }

 private:
  long plays_ = 0;
};

}  // namespace

HEARTS_EXPORT_BOT(SegfaultBot, "segfault", "1.0", "Black Lady Arena tests")
