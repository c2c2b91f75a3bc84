// badpass: a test plugin whose passes are invalid. On even deals (deal_index 0, 2, ...) it passes
// one card too many (one too few when the plan already moves kMaxPassCards); on odd deals it
// passes the right number of cards but the last one is a card it does not hold. Plays its lowest
// legal card (lowest id: clubs first, low rank first).
#include "hearts/plugin.h"

namespace {

class BadPassBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override { return obs.legal.lowest(); }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    const int count = obs.pass.count;
    hearts::PassSelection selection;
    if (obs.deal_index % 2 == 0) {
      // Wrong number of cards (every card still held and passable).
      const int wrong = count < hearts::kMaxPassCards ? count + 1 : count - 1;
      for (hearts::Card card : obs.legal) {
        if (selection.size() == wrong) break;
        selection.push_back(card);
      }
    } else {
      // Right number, but the last card is not in the hand.
      for (hearts::Card card : obs.legal) {
        if (selection.size() == count - 1) break;
        selection.push_back(card);
      }
      selection.push_back((hearts::CardSet::full_deck() - obs.hand).lowest());
    }
    return selection;
  }
};

}  // namespace

HEARTS_EXPORT_BOT(BadPassBot, "badpass", "1.0", "Black Lady Arena tests")
