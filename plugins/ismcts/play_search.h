// The ismcts bot's search for a card to play: information-set Monte Carlo tree search over
// sampled worlds, guided by the heuristic.
//
// Each round samples one world consistent with the observation (montecarlo's sampler: hand
// sizes, shown voids, the cards passed, what is played and held) and, in that world, runs one
// iteration under every root candidate still in the race (root_race.h; paired, so the
// candidates are compared on the same deals as montecarlo compares them). Each iteration carries
// a copy of the world's play tally, so the heuristic reads only the plays since the root. An
// iteration plays the candidate, then walks the shared tree (info_set_tree.h): at our own nodes
// UCB1 with a fading bias toward the heuristic's card and progressive widening; at the others'
// nodes the card their heuristic plays in this world (the opponent model: the players met most are
// heuristic-driven). The first card without a node gets one; from there the deal is rolled out to
// its end with the heuristic for every seat. The reward is minus (our deal score - the others'
// average) over the moon total, so a moon shot, ours or theirs, counts in full (deal_score has the
// moon adjustment): shooting and stopping a moon are chosen by the search whenever its lines lead
// there.
//
// The worlds come from world_inference.h's WorldSampler: montecarlo's sampler, preferring worlds
// in which the other seats' last plays are what their heuristic would have played there.
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: a PlaySearch is used by one thread; the tree is its caller's.
#pragma once

#include <array>
#include <optional>

#include "../common/heuristic_policy.h"
#include "../common/playout.h"
#include "../montecarlo/sampler.h"
#include "info_set_tree.h"
#include "root_race.h"
#include "search_budget.h"
#include "world_inference.h"

namespace hearts_ismcts {

using hearts::Game;
using hearts::Observation;

// Search constants, set by hand: there was no time to tune them beyond a flat-search control
// (docs/strength.md); HEARTS_ISMCTS_C, _BIAS and _WIDEN override them for tuning runs.
struct SearchParams {
  double exploration = 0.3;  // UCB1 constant for rewards in about [-1, 1]
  double bias = 0.2;         // initial bonus of the heuristic's card at our nodes
  int widen = 4;             // one more child of ours per this many visits
  // The heuristic's card is played unless the best card is ahead of it by this many standard
  // errors on the same worlds: a thin search's best mean is often the noise's pick.
  double deviate_z = 1.0;
  // How sampled worlds are weighed by the others' plays (world_inference.h).
  InferenceParams inference;
};

using playout::relative_score;
using playout::rollout;

// What a play search found: per root candidate (by card id) its iterations and summed reward.
struct PlayResult {
  std::array<double, 64> reward{};
  std::array<int, 64> visits{};
  int worlds = 0;
  int iterations = 0;
  int tree_nodes = 0;
  // The root race (root_race.h): the candidates still in it (the card played is one of these)
  // and their paired statistics.
  RootRace race{CardSet()};
};

class PlaySearch {
 public:
  PlaySearch(const Observation& obs, const heuristic_policy::HeuristicPolicy& policy, Tree& tree,
             SearchParams params = {})
      : obs_(obs), policy_(policy), tree_(tree), params_(params) {
    me_ = hearts_mc::sim_seat(obs, obs.seat);
    scale_ = obs.rules->moon_total > 0 ? obs.rules->moon_total : 26;
  }

  // Runs rounds until `budget` says stop; every random draw comes from Rng(seed).
  PlayResult run(CardSet candidates, const Budget& budget, uint64_t seed) {
    PlayResult result;
    tree_.reset();
    const std::optional<hearts::CompiledRules> sim = hearts_mc::sim_rules(*obs_.rules);
    if (!sim || candidates.empty()) return result;
    const hearts_mc::Knowledge knowledge = hearts_mc::analyze(obs_);
    hearts::Rng rng(seed);
    WorldSampler worlds(obs_, *sim, knowledge, policy_, params_.inference);
    RootRace race(candidates);
    for (int round = 0; budget.more(result.iterations); ++round) {
      std::optional<Game> world = worlds.draw(rng);
      if (!world) {
        if (round > 8 && result.worlds == 0) break;  // the constraints cannot be met
        ++result.iterations;                         // a failed round still counts as work
        continue;
      }
      ++result.worlds;
      // The plays before the root, counted once per world for every iteration in it.
      hearts::Observation root_view;
      hearts::observe(*world, world->to_act(), &root_view);
      heuristic_policy::PlayTally root_tally;
      root_tally.update(root_view);
      for (Card card : race.alive()) {
        // Checked per iteration: a round of many candidates must not overrun a short budget.
        if (!budget.fixed() && !budget.more(result.iterations)) break;
        Game game = *world;
        heuristic_policy::PlayTally tally = root_tally;
        const std::optional<double> reward = iterate(game, card, tally, rng);
        if (reward) race.record(card, *reward);
        ++result.iterations;
      }
      race.end_round();
    }
    result.race = race;
    for (Card card : candidates) {
      const int c = tree_.child(0, card);
      if (c < 0) continue;
      result.visits[card.id()] = static_cast<int>(tree_.at(c).visits);
      result.reward[card.id()] = tree_.at(c).reward_sum;
    }
    result.tree_nodes = tree_.size();
    return result;
  }

 private:
  // The card of ours to play at `node` (legal cards `legal`): a new child while widening
  // allows (the heuristic's card first, then a random untried one), else the UCB choice.
  Card choose_own(int node, CardSet legal, Card heuristic_card, hearts::Rng& rng) const {
    const Node& n = tree_.at(node);
    const CardSet untried = legal - n.children;
    if (!untried.empty() && n.children.size() < Tree::allowed_children(n.visits, params_.widen)) {
      if (untried.contains(heuristic_card)) return heuristic_card;
      int pick = static_cast<int>(rng.uniform(static_cast<uint32_t>(untried.size())));
      for (Card card : untried) {
        if (pick-- == 0) return card;
      }
    }
    const int child = tree_.select_ucb(node, heuristic_card, params_.exploration, params_.bias);
    return child >= 0 ? tree_.at(child).card : heuristic_card;
  }

  // One iteration in `game` (a copy of the world at the root) starting with `first`; `tally` has
  // counted the plays before the root.
  // Returns the reward, or nothing when the deal could not be played out.
  std::optional<double> iterate(Game& game, Card first, heuristic_policy::PlayTally& tally,
                                hearts::Rng& rng) {
    std::array<int, hearts::kMaxPlays + 2> path{};
    int depth = 0;
    path[depth++] = 0;
    int node = 0;
    Card card = first;
    Observation obs;
    while (true) {
      const int mover = game.to_act();
      if (!game.play(card).ok()) return {};  // cannot happen: cards come from legal_plays()
      int next = tree_.child(node, card);
      const bool is_new = next < 0;
      if (is_new) next = tree_.add_child(node, card, mover);
      if (next < 0) break;  // the pool is full: roll out from here
      node = next;
      path[depth++] = node;
      if (is_new || game.deals_completed() != 0 || game.phase() != hearts::Phase::kPlay) break;
      const CardSet legal = game.legal_plays();
      if (legal.size() == 1) {
        card = legal.lowest();
        continue;
      }
      hearts::observe(game, game.to_act(), &obs);
      const Card heuristic_card = policy_.choose_play(obs, tally);
      card = game.to_act() == me_ ? choose_own(node, legal, heuristic_card, rng) : heuristic_card;
    }
    rollout(game, policy_, tally);
    if (game.deals_completed() == 0) return {};  // an unplayable phase: no outcome to count
    const double reward = -relative_score(game.last_deal(), me_, obs_.num_players) / scale_;
    for (int i = 0; i < depth; ++i) {
      Node& n = tree_.at(path[i]);
      ++n.visits;
      n.reward_sum += static_cast<float>(reward);
    }
    return reward;
  }

  const Observation& obs_;
  const heuristic_policy::HeuristicPolicy& policy_;
  Tree& tree_;
  SearchParams params_;
  int me_ = 0;
  double scale_ = 26;
};

}  // namespace hearts_ismcts
