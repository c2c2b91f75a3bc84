// Shared by the test plugins: the simplest legal pass.
#pragma once

#include "hearts/bot.h"

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

}  // namespace test_bots
