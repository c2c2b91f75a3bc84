// A minimal Hearts deal, the yardstick `arena bench` measures the engine against (issue 18).
//
// One deal of the `standard` preset with the pass held, written as plainly and as fast as a bit
// set allows: four 64-bit hands, no variants, no observation, no records. It shuffles with the
// engine's hearts::Rng exactly as Game::deal_from_seed does and picks each card as
// legal.nth(chooser.uniform(legal.size())), so for the same seed and chooser it plays the same deal
// as the engine (reference_deal_test checks that). Whatever the engine costs beyond this loop is
// the price of its rule options, its observation and its bookkeeping.
//
// Thread safety: a pure function of its arguments (the chooser is advanced).
#pragma once

#include <array>
#include <cstdint>
#include <functional>

#include "hearts/rng.h"
#include "hearts/rules.h"
#include "match/clock.h"

namespace arena {

struct ReferenceDeal {
  std::array<int, 4> points{};  // penalty points taken, before the moon
  std::array<int, 4> score{};   // the deal's score: a moon gives the other three 26 each
};

// Plays deal `deal_index` of a game with seed `seed` (seat deal_index % 4 is eldest, as the dealer
// moves one seat a deal), choosing cards with `chooser`.
ReferenceDeal play_reference_deal(uint64_t seed, int deal_index, hearts::Rng& chooser);

}  // namespace arena

namespace arena {

// The same deals played by the engine: a whole game of hearts::Game with `rules` (must be
// standard_held_rules()) from `seed`, each card chosen as play_reference_deal chooses it. Calls
// `on_deal(deal_index, result)` after each deal and returns the number of deals. With `clock`,
// reads it once per card played, as a timed referee reads its clock once per decision (the reads
// are summed into *clock_sum, so that none is optimised away).
int play_engine_game(const hearts::CompiledRules& rules, uint64_t seed, hearts::Rng& chooser,
                     const std::function<void(int, const ReferenceDeal&)>& on_deal,
                     const Clock* clock = nullptr, int64_t* clock_sum = nullptr);

// The `standard` preset with pass_schedule=none: the rules both loops play.
const hearts::CompiledRules& standard_held_rules();

}  // namespace arena

namespace arena {

// Deals per CPU-second of the engine alone (play_engine_deal) and of the reference loop, in
// `rounds` paired rounds of `seconds_per_run` CPU seconds each (which runs first alternates), and
// the median, lowest and highest of the rounds' ratios engine / reference. CPU time of this
// thread, so time the machine gives to others counts for neither.
// The third run of each round, `timed`, is the engine alone with one read of the arena's clock
// (TscClock) per card: the yardstick issue 18 sets the referee against.
struct EngineAloneBench {
  long long engine_deals = 0, reference_deals = 0, timed_deals = 0;
  double engine_seconds = 0, reference_seconds = 0, timed_seconds = 0;
  double ratio_median = 0, ratio_low = 0, ratio_high = 0;
  double engine_per_second() const {
    return engine_seconds > 0 ? engine_deals / engine_seconds : 0;
  }
  double timed_per_second() const { return timed_seconds > 0 ? timed_deals / timed_seconds : 0; }
  // `deals_per_second` as a share of timed_per_second() (0 if nothing was timed).
  double share_of_timed(double deals_per_second) const {
    const double timed = timed_per_second();
    return timed > 0 ? deals_per_second / timed : 0;
  }
  double reference_per_second() const {
    return reference_seconds > 0 ? reference_deals / reference_seconds : 0;
  }
};
EngineAloneBench bench_engine_alone(double seconds_per_run, int rounds);

}  // namespace arena
