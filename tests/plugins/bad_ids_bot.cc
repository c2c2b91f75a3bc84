// badids: answers with card ids that are no cards. Its passes are ids 99, 200 and 13 (13 is
// suit 0, rank 13: no such rank) and every play is id 99. The referee must record a BAD_PASS
// and an ILLEGAL_PLAY for these whether the bot runs in process, isolated or remote.
#include "hearts/plugin.h"

namespace {

class BadIds : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation&) override {
    return hearts::Card::from_id(99);
  }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    hearts::PassSelection selection;
    const int ids[] = {99, 200, 13};
    for (int k = 0; k < obs.pass.count && k < 3; ++k) {
      selection.push_back(hearts::Card::from_id(ids[k]));
    }
    return selection;
  }
};

}  // namespace

HEARTS_EXPORT_BOT(BadIds, "badids", "1.0", "Black Lady Arena tests")
