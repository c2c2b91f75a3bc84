// memoryhog: a test plugin for isolation. On its first play of every deal it allocates and
// touches memory without bound (1 MiB at a time) until allocation fails, then plays on.
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

class MemoryHogBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    if (obs.deal_index != last_deal_) {
      last_deal_ = obs.deal_index;
      std::vector<std::unique_ptr<char[]>> blocks;
      for (;;) {
        auto block = std::make_unique<char[]>(1 << 20);  // throws std::bad_alloc at the limit
        std::memset(block.get(), 1, 1 << 20);
        blocks.push_back(std::move(block));
      }
    }
    return obs.legal.lowest();
  }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }

 private:
  int last_deal_ = -1;
};

}  // namespace

HEARTS_EXPORT_BOT(MemoryHogBot, "memoryhog", "1.0", "Black Lady Arena tests")
