// example: plays the highest card that does not win the trick, else its lowest card; passes its
// highest cards (three in the standard game).
//
// A small, complete bot plugin for the Black Lady Arena, built out of tree against the installed
// SDK (README.md in this folder; docs/sdk.md is the full guide). Everything it decides comes from
// the Observation, and it always answers from obs.legal, so every play and pass is legal.
#include "hearts/plugin.h"

namespace {

using hearts::Card;
using hearts::CardSet;
using hearts::Observation;

// Orders cards by rank (deuce low, ace high); between equal ranks the card worth more points is
// "higher", so it is the one dumped first. Returns true if a ranks above b.
bool higher(const Observation& obs, Card a, Card b) {
  if (a.rank() != b.rank()) return a.rank() > b.rank();
  if (obs.card_points(a) != obs.card_points(b)) return obs.card_points(a) > obs.card_points(b);
  return a.id() > b.id();
}

Card highest(const Observation& obs, CardSet cards) {
  Card best = cards.lowest();
  for (Card card : cards) {
    if (higher(obs, card, best)) best = card;
  }
  return best;
}

Card lowest(const Observation& obs, CardSet cards) {
  Card best = cards.lowest();
  for (Card card : cards) {
    if (higher(obs, best, card)) best = card;
  }
  return best;
}

class ExampleBot : public hearts::Bot {
 public:
  // Optional: a constructor taking the BotConfig (seat, players, seed, rules) for this seat.
  explicit ExampleBot(const hearts::BotConfig& config) : seat_(config.seat) {}

  Card choose_play(const Observation& obs) override {
    const auto trick = obs.current_trick();
    if (trick.empty()) return lowest(obs, obs.legal);  // leading: nothing is known to lose

    // The card winning so far: the highest card of the suit led (Hearts has no trumps).
    const hearts::Suit led = trick.front().card.suit();
    Card winning = trick.front().card;
    for (const hearts::PlayRecord& play : trick) {
      if (play.card.suit() == led && play.card.rank() > winning.rank()) winning = play.card;
    }
    // The legal cards that do not take the trick: off-suit cards, or lower cards of the led suit.
    CardSet losers;
    for (Card card : obs.legal) {
      if (card.suit() != led || card.rank() < winning.rank()) losers.insert(card);
    }
    if (!losers.empty()) return highest(obs, losers);
    return lowest(obs, obs.legal);
  }

  // Exactly obs.pass.count distinct cards of obs.legal: the highest ones.
  hearts::PassSelection choose_pass(const Observation& obs) override {
    CardSet left = obs.legal;
    hearts::PassSelection selection;
    while (selection.size() < obs.pass.count && !left.empty()) {
      const Card card = highest(obs, left);
      selection.push_back(card);
      left.erase(card);
    }
    return selection;
  }

  // choose_new_moon, choose_pass_plan, on_deal_end and on_game_end keep the Bot defaults.

 private:
  [[maybe_unused]] int seat_;
};

}  // namespace

HEARTS_EXPORT_BOT(ExampleBot, "example", "1.0", "Black Lady Arena")
