// random: a uniformly random legal player.
//
// Every decision draws from obs.random_seed alone, so a game replayed with the same game seed
// replays this bot exactly. A play takes its card straight from the seed (a SplitMix64 output,
// already uniform: no generator to seed on every card); passes (a draw per card passed) and bids
// draw from a fresh hearts::Rng seeded with it. Dealer's choice and the moon choice
// keep the Bot defaults (pass_count cards to the left; old moon); a slam bid is made one time in
// eight, so that random games under partnership_slam_bid play both bid and unbid deals.

#include "hearts/plugin.h"
#include "hearts/rng.h"

namespace {

class RandomBot : public hearts::Bot {
 public:
  // A uniformly random card of obs.legal: Lemire's multiply-and-shift on the seed's high 32 bits,
  // which is exact unless its low half falls in the biased sliver (about one draw in 10^8 for a
  // full hand); then a generator seeded with the seed draws without bias.
  hearts::Card choose_play(const hearts::Observation& obs) override {
    const auto size = static_cast<uint32_t>(obs.legal.size());
    const uint64_t product = (obs.random_seed >> 32) * size;
    const auto low = static_cast<uint32_t>(product);
    if (low < size && low < static_cast<uint32_t>(-size) % size) {  // the division only then
      hearts::Rng rng(obs.random_seed);
      return obs.legal.nth(static_cast<int>(rng.uniform(size)));
    }
    return obs.legal.nth(static_cast<int>(product >> 32));
  }

  // A uniformly random set of obs.pass.count cards from obs.legal, in random order (which also
  // makes the recipient of each card random under scatter and star passes): each card is drawn
  // uniformly from those not drawn yet, so a pass costs a draw per card, not a shuffle of the hand.
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    hearts::Rng rng(obs.random_seed);
    hearts::CardSet left = obs.legal;
    hearts::PassSelection selection;
    for (int k = 0; k < obs.pass.count && !left.empty(); ++k) {
      const hearts::Card card =
          left.nth(static_cast<int>(rng.uniform(static_cast<uint32_t>(left.size()))));
      left.erase(card);
      selection.push_back(card);
    }
    return selection;
  }

  bool choose_slam_bid(const hearts::Observation& obs) override {
    hearts::Rng rng(obs.random_seed);
    return rng.uniform(8) == 0;
  }
};

}  // namespace

HEARTS_EXPORT_BOT(RandomBot, "random", "1.0", "Black Lady Arena")
