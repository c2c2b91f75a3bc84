// kittyspy: a hostile bot that reads the kitty's value from the points taken.
//
// When the first trick's winner takes the kitty, its points count in that seat's points_taken.
// A seat that may not see the kitty can subtract the points of the cards it saw taken in tricks
// from the sum of points_taken, and what is left is the kitty's value. At every decision after the
// first trick of a deal it appends "<game> <deal> <seat> <inferred kitty points>" to
// HEARTS_KITTY_LOG (0 when nothing leaks). Plays its lowest legal card, passes its lowest cards.
#include <string>

#include "hearts/plugin.h"
#include "hostile_log.h"
#include "test_bot_util.h"

namespace {

class KittySpy : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    spy(obs);
    return obs.legal.lowest();
  }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }

 private:
  static void spy(const hearts::Observation& obs) {
    if (obs.tricks_completed == 0 || !obs.kitty.empty()) return;
    int taken = 0;
    for (int s = 0; s < obs.num_players; ++s) taken += obs.points_taken[s];
    int seen = 0;
    const int completed_cards = obs.tricks_completed * obs.num_players;
    for (int k = 0; k < completed_cards && k < obs.num_plays; ++k) {
      seen += obs.card_points(obs.plays[k].card);
    }
    test_bots::append_line("HEARTS_KITTY_LOG",
                           std::to_string(obs.game_index) + " " + std::to_string(obs.deal_index) +
                               " " + std::to_string(obs.seat) + " " + std::to_string(taken - seen));
  }
};

}  // namespace

HEARTS_EXPORT_BOT(KittySpy, "kittyspy", "1.0", "Black Lady Arena tests")
