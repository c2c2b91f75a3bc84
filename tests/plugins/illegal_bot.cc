// illegal: a test plugin that always plays a card it does not hold (the lowest card of the deck
// outside its hand, which is never legal); passes its lowest passable cards correctly.
#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

class IllegalBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    return (hearts::CardSet::full_deck() - obs.hand).lowest();
  }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }
};

}  // namespace

HEARTS_EXPORT_BOT(IllegalBot, "illegal", "1.0", "Black Lady Arena tests")
