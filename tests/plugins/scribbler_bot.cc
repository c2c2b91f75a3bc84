// scribbler: a hostile in-process bot that writes through the const pointers it is given.
//
// At creation it zeroes every card's value in the rules its BotConfig points to. At every
// decision it casts away const and writes through its Observation: the game scores (others +50,
// its own -100), the points taken this deal (others +13), the counters, the card values, and the
// set of legal cards (every card of its hand). Then it plays the highest card of its hand, which
// is often not legal: if the referee trusted the legal set it was sent, that card would be played.
// Passes its lowest cards. It appends "<game> <deal> <seat> wrote" to HEARTS_SCRIBBLE_LOG at each
// decision, so a test knows the writes happened.
#include <string>

#include "hearts/plugin.h"
#include "hostile_log.h"
#include "test_bot_util.h"

namespace {

class Scribbler : public hearts::Bot {
 public:
  explicit Scribbler(const hearts::BotConfig& config) {
    auto* rules = const_cast<hearts::CompiledRules*>(config.rules);
    rules->card_points.fill(0);
  }

  hearts::Card choose_play(const hearts::Observation& obs) override {
    scribble(obs);
    hearts::Card highest = obs.hand.lowest();
    for (hearts::Card card : obs.hand) highest = card;
    return highest;
  }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    scribble(obs);
    return test_bots::lowest_pass(obs);
  }

 private:
  void scribble(const hearts::Observation& obs) {
    auto* scores = const_cast<int32_t*>(obs.scores);
    auto* taken = const_cast<int32_t*>(obs.points_taken);
    auto* counters = const_cast<int32_t*>(obs.counters);
    for (int s = 0; s < obs.num_players; ++s) {
      scores[s] += s == obs.seat ? -100 : 50;
      taken[s] += s == obs.seat ? 0 : 13;
      counters[s] += s == obs.seat ? 50 : -50;
    }
    const_cast<hearts::CompiledRules*>(obs.rules)->card_points.fill(0);
    if (obs.phase == hearts::Phase::kPlay) const_cast<hearts::Observation&>(obs).legal = obs.hand;
    test_bots::append_line("HEARTS_SCRIBBLE_LOG", std::to_string(obs.game_index) + " " +
                                                      std::to_string(obs.deal_index) + " " +
                                                      std::to_string(obs.seat) + " wrote");
  }
};

}  // namespace

HEARTS_EXPORT_BOT(Scribbler, "scribbler", "1.0", "Black Lady Arena tests")
