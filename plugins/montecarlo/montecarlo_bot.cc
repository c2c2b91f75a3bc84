// montecarlo: a sampling player built on the SDK's own engine and the heuristic player.
//
// Play: for each decision with more than one legal card it repeatedly
//   1. deals the cards it cannot see to the other seats (and an unseen kitty) consistently with
//      what it knows (sampler.h: hand sizes, shown voids, the cards it passed, what it holds and
//      what was played), rebuilds the deal as a hearts::Game at this decision and replays the
//      plays so far through the engine (a sample the engine rejects is drawn again);
//   2. for every legal card (one card per run of equivalent ones, see representative()), plays it
//      on a copy of that world and rolls the deal out to its end with the heuristic's decisions
//      for every seat (plugins/common/heuristic_policy.h; the same world for every card, so the
//      comparison is paired);
//   3. scores the outcome as its own deal score minus the average deal score of the others
//      (last_deal().deal_score, so moon and sun adjustments count; relative, so pushing points
//      onto opponents is worth as much as avoiding them, which also fits the Howell and
//      sweepstake settlements).
// It plays the card with the lowest average (the heuristic's own card when its run ties for best).
// Anytime: it stops when kTimeShare of obs.time_left_us is used (at least one world is always tried
// when the budget allows a few milliseconds; the rest is slack for a loaded machine), or at
// kMaxSamples worlds (HEARTS_MC_MAX_SAMPLES overrides the cap). HEARTS_MC_SAMPLES=N fixes the
// number of worlds and ignores the clock: the choice is then a pure function of the observation and
// obs.random_seed (every random draw comes from Rng(obs.random_seed)). If no consistent world is
// found, or there is no time, it plays the heuristic's own choice. HEARTS_MC_DEBUG (any value)
// prints each candidate's average score and the world count to stderr.
//
// Pass and moon choice: the heuristic's. Dealer's choice: the Bot default.
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "../common/heuristic_policy.h"
#include "../common/playout.h"
#include "candidates.h"
#include "hearts/plugin.h"
#include "sampler.h"

namespace {

using hearts::Card;
using hearts::CardSet;
using hearts::Observation;
using heuristic_policy::HeuristicPolicy;

constexpr int kMaxSamples = 1500;
constexpr int kMaxRejectsPerSample = 20;
// The share of obs.time_left_us the search may use. The referee's clock runs while this process
// waits for a core, so on a loaded machine an answer needs wide slack to arrive in time.
constexpr double kTimeShare = 0.2;
constexpr int64_t kMinBudgetUs = 2'000;

using playout::env_int;
using playout::relative_score;
using playout::rollout;

// Sums of relative scores per candidate card (indexed by card id) over `worlds` sampled worlds.
struct Totals {
  std::array<double, 64> sum{};
  int worlds = 0;
};

class MonteCarloBot : public hearts::Bot {
 public:
  // Its sampler deals one copy of each unseen card: with two decks it refuses to be seated.
  explicit MonteCarloBot(const hearts::BotConfig& config)
      : fixed_samples_(env_int("HEARTS_MC_SAMPLES", 0)),
        max_samples_(env_int("HEARTS_MC_MAX_SAMPLES", kMaxSamples)) {
    if (config.rules != nullptr && config.rules->rules.decks != 1) {
      throw std::runtime_error("plays one deck only (rules decks=2)");
    }
  }

  Card choose_play(const Observation& obs) override {
    heuristic_policy::require_plain_rules(obs, "montecarlo");
    if (obs.legal.size() == 1) return obs.legal.lowest();
    const auto start = std::chrono::steady_clock::now();
    const Card fallback = policy_.choose_play(obs);
    const int64_t budget_us =
        obs.time_left_us > 0 ? static_cast<int64_t>(obs.time_left_us * kTimeShare) : 50'000;
    if (fixed_samples_ <= 0 && budget_us < kMinBudgetUs) return fallback;
    const CardSet gone = hearts_mc::gone_cards(obs);
    CardSet candidates;
    for (Card card : obs.legal) candidates.insert(hearts_mc::representative(obs, gone, card));
    if (candidates.size() == 1) return fallback;
    const Totals totals = search(obs, candidates, start, budget_us);
    if (std::getenv("HEARTS_MC_DEBUG") != nullptr) debug_print(candidates, totals);
    if (totals.worlds == 0) return fallback;
    // Play the heuristic's own card when its run is (one of) the best.
    const Card fallback_run = hearts_mc::representative(obs, gone, fallback);
    const Card best = best_card(candidates, totals, fallback_run);
    return best == fallback_run ? fallback : best;
  }

  hearts::PassSelection choose_pass(const Observation& obs) override {
    heuristic_policy::require_plain_rules(obs, "montecarlo");
    return policy_.choose_pass(obs);
  }

  bool choose_new_moon(const Observation& obs) override { return policy_.choose_new_moon(obs); }

 private:
  // Samples worlds until the budget (or the fixed count) is used and rolls every candidate card
  // out in each.
  Totals search(const Observation& obs, CardSet candidates,
                std::chrono::steady_clock::time_point start, int64_t budget_us) const {
    Totals totals;
    const std::optional<hearts::CompiledRules> sim = hearts_mc::sim_rules(*obs.rules);
    if (!sim) return totals;
    const hearts_mc::Knowledge knowledge = hearts_mc::analyze(obs);
    const int me = hearts_mc::sim_seat(obs, obs.seat);
    const int samples = fixed_samples_ > 0 ? fixed_samples_ : max_samples_;
    hearts::Rng rng(obs.random_seed);
    std::array<CardSet, hearts::kMaxPlayers + 1> hands{};
    for (int i = 0; i < samples; ++i) {
      if (fixed_samples_ <= 0 && i > 0 && elapsed_us(start) >= budget_us) break;
      std::optional<hearts::Game> world;
      for (int attempt = 0; attempt < kMaxRejectsPerSample && !world; ++attempt) {
        if (!hearts_mc::sample(knowledge, rng, hands)) continue;
        world = hearts_mc::rebuild(obs, *sim, knowledge, hands, rng.next());
      }
      if (!world) continue;
      ++totals.worlds;
      for (Card card : candidates) {
        hearts::Game game = *world;
        if (!game.play(card).ok()) {
          totals.sum[card.id()] += 1e9;  // cannot happen: obs.legal matched the rebuilt position
          continue;
        }
        rollout(game, policy_);
        totals.sum[card.id()] += relative_score(game.last_deal(), me, obs.num_players);
      }
    }
    return totals;
  }

  static int64_t elapsed_us(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                                 start)
        .count();
  }

  // The candidate with the lowest total; ties keep `fallback`.
  static Card best_card(CardSet candidates, const Totals& totals, Card fallback) {
    Card best = fallback;
    double best_total = totals.sum[fallback.id()];
    for (Card card : candidates) {
      if (totals.sum[card.id()] < best_total - 1e-9) {
        best = card;
        best_total = totals.sum[card.id()];
      }
    }
    return best;
  }

  static void debug_print(CardSet candidates, const Totals& totals) {
    for (Card card : candidates) {
      std::fprintf(stderr, "%s %.3f\n", hearts::to_string(card).c_str(),
                   totals.worlds > 0 ? totals.sum[card.id()] / totals.worlds : 0.0);
    }
    std::fprintf(stderr, "worlds %d\n", totals.worlds);
  }

  HeuristicPolicy policy_;
  int fixed_samples_ = 0;
  int max_samples_ = kMaxSamples;
};

}  // namespace

HEARTS_EXPORT_BOT(MonteCarloBot, "montecarlo", "1.0", "Black Lady Arena")
