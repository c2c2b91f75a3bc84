// Shared by the test plugins: the simplest legal pass.
#pragma once

#include "hearts/plugin.h"

namespace test_bots {

// The first obs.pass.count passable cards in card order.
inline hearts::PassSelection lowest_pass(const hearts::Observation& obs) {
  hearts::PassSelection selection;
  for (hearts::Card card : obs.legal) {
    if (selection.size() == obs.pass.count) break;
    selection.push_back(card);
  }
  return selection;
}

// Plays its lowest legal card and passes its lowest passable cards: the honest part of the test
// plugins that misbehave only at their boundary (their exports, error text or one answer).
class LowestBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override { return obs.legal.lowest(); }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return lowest_pass(obs);
  }
};

}  // namespace test_bots

// Exports BotClass as HEARTS_EXPORT_BOT does, but with DECIDE (a function of hearts_bot_decide's
// signature) as the decide entry: for test plugins whose answers the SDK's wrapper cannot give.
// Use once, at global scope.
#define TEST_EXPORT_BOT_WITH_DECIDE(BotClass, NAME, DECIDE) \
  HEARTS_DETAIL_EXPORT_BOT(BotClass, NAME, "1.0", "Black Lady Arena tests", DECIDE)
