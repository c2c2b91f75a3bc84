// ismcts: information-set Monte Carlo tree search over sampled worlds, guided by the heuristic.
//
// Play (play_search.h): each round deals the cards it cannot see consistently with what it knows
// (montecarlo's sampler: hand sizes, shown voids, the cards it passed, what is held and played;
// world_inference.h keeps the worlds in which the others' plays are what their heuristic would
// have played there, by rejection sampling) and runs one iteration per candidate card in that
// world. One tree of information sets is
// shared by all worlds (info_set_tree.h): a node is the sequence of cards played since this
// decision, so our later decisions are searched on what we will see then, not on the sampled
// hands. Our nodes choose by UCB1 with a fading bias toward the heuristic's card and progressive
// widening; the other seats play their heuristic's card in each world; past the tree the deal is
// rolled out with the heuristic for every seat. The reward is our deal score minus the others'
// average (moon and sun adjustments included), so shooting the moon and stopping someone else's
// moon are whatever the searched lines show pays. The root is a race (root_race.h): a candidate
// clearly behind the leader on the same worlds leaves it, so the budget goes to the cards still
// in doubt. The candidate still in the race with the best mean is played, unless the heuristic's
// card is still in it and the best is not ahead of that card by deviate_z (1.0) standard errors
// on the same worlds: a thin search's best mean is often the noise's pick.
//
// Pass (pass_search.h): with an offset pass, the heuristic's pass and the other subsets of a
// small pool of likely cards are each played out over the same sampled deals (the other seats
// pass and play as the heuristic); the best mean is passed when it is ahead of the heuristic's
// pass by more than two standard errors of the paired difference, else the heuristic's.
//
// Moon choice (moon_choice.h): by the game scores: old moon only when it ends the game with us
// winning, or when we lead and it does not end the game; new moon otherwise.
//
// Anytime: a search stops after kTimeShare of obs.time_left_us, or goes on to kQuietTimeShare
// while its thread has had a core to itself and 20 ms (or half of a shorter limit) would still
// remain (with a game bank, at most an even share of the bank over the decisions to come;
// search_budget.h).
// HEARTS_ISMCTS_ITERATIONS=N fixes the iterations per decision and ignores the clock: every choice
// is then a pure function of the observation and obs.random_seed. HEARTS_ISMCTS_DEBUG (any value)
// prints each candidate's mean reward, iterations and tree size to stderr. HEARTS_ISMCTS_C,
// HEARTS_ISMCTS_BIAS, HEARTS_ISMCTS_WIDEN and HEARTS_ISMCTS_DEVIATE_Z override the search constants
// (play_search.h's SearchParams), for tuning; HEARTS_ISMCTS_INFER_WORLDS (1 turns the inference
// off), _INFER_EPS, _INFER_PLAYS, _INFER_LEADS and _INFER_FOLLOWS (1 or 0) override how worlds are
// weighed by the others' plays (world_inference.h's InferenceParams); HEARTS_ISMCTS_INFER_REPLAY
// (any value) replays every drawn world through the engine instead of world_checks.h's checks
// (the same worlds, slower: for comparing the two). Two decks, a stock, booster
// nines and jokers are refused, as heuristic and montecarlo refuse them. Dealer's choice: the Bot
// default.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "../common/heuristic_policy.h"
#include "../montecarlo/candidates.h"
#include "hearts/plugin.h"
#include "moon_choice.h"
#include "pass_search.h"
#include "play_search.h"
#include "search_budget.h"

namespace {

using hearts::Card;
using hearts::CardSet;
using hearts::Observation;
using hearts_ismcts::InferenceParams;
using heuristic_policy::HeuristicPolicy;

// Nodes reserved once per bot (32 bytes each): a search that fills them keeps rolling out.
constexpr int kTreeCapacity = 1 << 17;

using playout::env_int;

class IsmctsBot : public hearts::Bot {
 public:
  // The sampler deals one copy of each unseen card: with two decks it refuses to be seated.
  explicit IsmctsBot(const hearts::BotConfig& config)
      : fixed_iterations_(env_int("HEARTS_ISMCTS_ITERATIONS", 0)),
        debug_(std::getenv("HEARTS_ISMCTS_DEBUG") != nullptr),
        tree_(kTreeCapacity) {
    if (const char* c = std::getenv("HEARTS_ISMCTS_C")) params_.exploration = std::atof(c);
    if (const char* b = std::getenv("HEARTS_ISMCTS_BIAS")) params_.bias = std::atof(b);
    params_.widen = env_int("HEARTS_ISMCTS_WIDEN", params_.widen);
    if (const char* z = std::getenv("HEARTS_ISMCTS_DEVIATE_Z")) params_.deviate_z = std::atof(z);
    InferenceParams& infer = params_.inference;
    infer.candidates = env_int("HEARTS_ISMCTS_INFER_WORLDS", infer.candidates);
    if (const char* e = std::getenv("HEARTS_ISMCTS_INFER_EPS")) infer.mismatch = std::atof(e);
    infer.checked_plays = env_int("HEARTS_ISMCTS_INFER_PLAYS", infer.checked_plays);
    if (const char* l = std::getenv("HEARTS_ISMCTS_INFER_LEADS")) infer.check_leads = *l == '1';
    if (const char* f = std::getenv("HEARTS_ISMCTS_INFER_FOLLOWS")) infer.check_follows = *f == '1';
    infer.replay_every_world = std::getenv("HEARTS_ISMCTS_INFER_REPLAY") != nullptr;
    if (config.rules != nullptr && config.rules->rules.decks != 1) {
      throw std::runtime_error("plays one deck only (rules decks=2)");
    }
  }

  Card choose_play(const Observation& obs) override {
    heuristic_policy::require_plain_rules(obs, "ismcts");
    if (obs.legal.size() == 1) return obs.legal.lowest();
    const hearts_ismcts::Budget budget =
        hearts_ismcts::Budget::for_decision(fixed_iterations_, obs);
    const Card fallback = policy_.choose_play(obs);
    if (!budget.fixed() && hearts_ismcts::budget_us(obs) < hearts_ismcts::kMinBudgetUs) {
      return fallback;
    }
    const CardSet gone = hearts_mc::gone_cards(obs);
    CardSet candidates;
    for (Card card : obs.legal) candidates.insert(hearts_mc::representative(obs, gone, card));
    if (candidates.size() == 1) return fallback;
    hearts_ismcts::PlaySearch search(obs, policy_, tree_, params_);
    const hearts_ismcts::PlayResult result = search.run(candidates, budget, obs.random_seed);
    if (debug_) {
      print_play(candidates, result);
      std::fprintf(stderr, "elapsed %lld us of %lld\n", static_cast<long long>(budget.elapsed_us()),
                   static_cast<long long>(hearts_ismcts::budget_us(obs)));
    }
    const Card fallback_run = hearts_mc::representative(obs, gone, fallback);
    const Card best = best_card(result, fallback_run, params_.deviate_z);
    return best == fallback_run ? fallback : best;
  }

  hearts::PassSelection choose_pass(const Observation& obs) override {
    heuristic_policy::require_plain_rules(obs, "ismcts");
    const hearts::PassSelection heuristic = policy_.choose_pass(obs);
    // Scatter and star passes send each card to its own seat, so a pass is an ordered choice;
    // the search compares sets, so it runs for offset passes (one receiver) only.
    if (obs.pass.kind != hearts::PassKind::kOffset) return heuristic;
    const hearts_ismcts::Budget budget =
        hearts_ismcts::Budget::for_decision(fixed_iterations_, obs);
    if (!budget.fixed() && hearts_ismcts::budget_us(obs) < hearts_ismcts::kMinBudgetUs) {
      return heuristic;
    }
    CardSet heuristic_set;
    for (Card card : heuristic.cards()) heuristic_set.insert(card);
    const hearts_ismcts::PassResult result =
        hearts_ismcts::search_pass(obs, heuristic_set, policy_, budget, obs.random_seed);
    if (debug_) {
      std::fprintf(stderr, "pass %s (heuristic %s) worlds %d elapsed %lld us\n",
                   hearts::to_string(result.pass).c_str(), hearts::to_string(heuristic_set).c_str(),
                   result.worlds, static_cast<long long>(budget.elapsed_us()));
    }
    if (result.pass == heuristic_set) return heuristic;
    return hearts::PassSelection(result.pass);
  }

  bool choose_new_moon(const Observation& obs) override {
    return hearts_ismcts::choose_new_moon(obs);
  }

 private:
  // The candidate still in the root race with the best mean reward, unless `fallback` (the
  // heuristic's card) is still in the race and the best is not ahead of it by `deviate_z`
  // standard errors on the same worlds. (A card that left the race was behind on the same
  // worlds, so its mean over fewer, earlier worlds is not compared.)
  static Card best_card(const hearts_ismcts::PlayResult& result, Card fallback, double deviate_z) {
    auto mean = [&](Card card) {
      const int v = result.visits[card.id()];
      return v > 0 ? result.reward[card.id()] / v : -1e300;
    };
    const CardSet alive = result.race.alive();
    if (alive.empty()) return fallback;
    Card best = alive.contains(fallback) ? fallback : alive.lowest();
    double best_mean = mean(best);
    for (Card card : alive) {
      if (mean(card) > best_mean + 1e-9) {
        best = card;
        best_mean = mean(card);
      }
    }
    if (best != fallback && alive.contains(fallback) &&
        result.race.paired_z(best, fallback) < deviate_z) {
      return fallback;
    }
    return best;
  }

  static void print_play(CardSet candidates, const hearts_ismcts::PlayResult& result) {
    for (Card card : candidates) {
      const int v = result.visits[card.id()];
      std::fprintf(stderr, "%s %.4f (%d)\n", hearts::to_string(card).c_str(),
                   v > 0 ? result.reward[card.id()] / v : 0.0, v);
    }
    std::fprintf(stderr, "worlds %d iterations %d nodes %d dropped %d\n", result.worlds,
                 result.iterations, result.tree_nodes, result.race.dropped());
  }

  HeuristicPolicy policy_;
  int fixed_iterations_ = 0;
  bool debug_ = false;
  hearts_ismcts::Tree tree_;
  hearts_ismcts::SearchParams params_;
};

}  // namespace

HEARTS_EXPORT_BOT(IsmctsBot, "ismcts", "1.0", "Black Lady Arena")
