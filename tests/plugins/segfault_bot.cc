// segfault: a test plugin for isolation. Its HEARTS_SEGFAULT_EVERY-th play (default every 5th)
// dereferences a null pointer; otherwise it plays its lowest legal card.
#include <csignal>
#include <cstdlib>

#include "hearts/plugin.h"

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
    hearts::PassSelection selection;
    for (hearts::Card card : obs.legal) {
      if (selection.size() == obs.pass.count) break;
      selection.push_back(card);
    }
    return selection;
  }

 private:
  long plays_ = 0;
};

}  // namespace

HEARTS_EXPORT_BOT(SegfaultBot, "segfault", "1.0", "Black Lady Arena tests")
