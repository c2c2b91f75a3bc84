// The ismcts bot's pass search: which cards to pass, chosen by playing whole deals.
//
// Candidates: the heuristic's pass and its neighbours. A pool of the heuristic's cards plus the
// next cards a passer would consider (highest rank first, shorter suit first) holds up to
// count + 3 cards; every `count`-card subset of the pool is a candidate (20 for a 3-card pass).
// Each round samples the other hands (and an unseen kitty) uniformly from the cards we cannot
// see, then for every candidate (paired: the same world for all) rebuilds the deal before
// passing, lets the other seats pass as the heuristic would from their own hands, passes the
// candidate, and rolls the deal out with the heuristic (play_search.h's rollout), scoring it as
// the play search does (moon shots count in full). A candidate clearly behind the heuristic's pass
// is dropped from later worlds (PassStats). The candidate with the best mean wins if it is clearly
// ahead of the heuristic's pass (pick_pass); otherwise, and when the search was too short to tell
// (fewer than kMinPassWorlds worlds), the heuristic's pass is kept.
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: pure functions of their arguments.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "play_search.h"

namespace hearts_ismcts {

inline constexpr int kMinPassWorlds = 4;
inline constexpr int kMaxPassPool = 7;

// The pass candidates: `count`-card subsets of a pool built around the heuristic's pass.
inline std::vector<CardSet> pass_candidates(const Observation& obs, CardSet heuristic_pass) {
  const int count = obs.pass.count;
  CardSet pool = heuristic_pass & obs.legal;
  const int want = std::min(std::min(obs.legal.size(), count + 3), kMaxPassPool);
  while (pool.size() < want) {
    const CardSet rest = obs.legal - pool;
    pool.insert(heuristic_policy::min_by(rest, [&](Card c) {
      return std::pair(-static_cast<int>(c.rank()), obs.hand.count_suit(c.suit()));
    }));
  }
  std::array<Card, kMaxPassPool> cards{};
  int n = 0;
  for (Card c : pool) cards[n++] = c;
  std::vector<CardSet> out;
  for (uint32_t mask = 0; mask < (1u << n); ++mask) {
    if (__builtin_popcount(mask) != count) continue;
    CardSet set;
    for (int i = 0; i < n; ++i) {
      if (mask & (1u << i)) set.insert(cards[i]);
    }
    out.push_back(set);
  }
  return out;
}

// The rules of a rebuilt deal before passing: as in force, with the pass plan set by the search.
inline std::optional<hearts::CompiledRules> pass_sim_rules(const hearts::CompiledRules& rules) {
  hearts::Rules r = rules.rules;
  r.pass_schedule = hearts::PassSchedule::kExternal;
  return hearts::compile(r);
}

// One world's deal before passing, at our pass (the seats before us have passed); nullopt if
// the engine refuses it.
inline std::optional<Game> pass_world(const Observation& obs, const hearts::CompiledRules& sim,
                                      const std::array<CardSet, hearts::kMaxPlayers + 1>& hands,
                                      uint64_t seed, const heuristic_policy::HeuristicPolicy& h) {
  const int n = obs.num_players;
  Game game(sim, seed);
  std::array<CardSet, hearts::kMaxPlayers> start{};
  for (int s = 0; s < n; ++s) start[hearts_mc::sim_seat(obs, s)] = hands[s];
  if (!game.deal_hands(std::span<const CardSet>(start.data(), static_cast<size_t>(n)), hands[n])
           .ok()) {
    return std::nullopt;
  }
  if (game.phase() == hearts::Phase::kPassDirection && !game.set_pass_plan(obs.pass).ok()) {
    return std::nullopt;
  }
  const int me = hearts_mc::sim_seat(obs, obs.seat);
  Observation other;
  while (game.phase() == hearts::Phase::kPass && game.to_act() != me) {
    hearts::observe(game, game.to_act(), &other);
    const hearts::PassSelection pass = h.choose_pass(other);
    if (!game.pass_cards(pass.cards()).ok()) return std::nullopt;
  }
  if (game.phase() != hearts::Phase::kPass) return std::nullopt;
  return game;
}

// Passes `ours`, lets the seats after us pass, rolls out; the reward of seat `me` or nullopt.
inline std::optional<double> pass_outcome(Game game, CardSet ours, int me, int n, double scale,
                                          const heuristic_policy::HeuristicPolicy& h) {
  const hearts::PassSelection selection(ours);
  if (!game.pass_cards(selection.cards()).ok()) return std::nullopt;
  Observation other;
  while (game.phase() == hearts::Phase::kPass) {
    hearts::observe(game, game.to_act(), &other);
    if (!game.pass_cards(h.choose_pass(other).cards()).ok()) return std::nullopt;
  }
  rollout(game, h);
  if (game.deals_completed() == 0) return std::nullopt;
  return -relative_score(game.last_deal(), me, n) / scale;
}

// The pass to make, and how many worlds chose it (0: the heuristic's pass, unsearched).
struct PassResult {
  CardSet pass;
  int worlds = 0;
  int iterations = 0;
};

// Per candidate, the paired differences from the heuristic's pass over the worlds searched, and
// whether it is still searched. A candidate clearly behind the heuristic's pass (by more than
// kPassDropZ standard errors, checked every kPassCheckEvery worlds from kPassMinWorlds on) can
// never be picked (pick_pass wants one clearly ahead), so it is searched no more: the worlds go to
// the candidates still in doubt.
inline constexpr double kPassDropZ = 2.5;
inline constexpr int kPassMinWorlds = 8;
inline constexpr int kPassCheckEvery = 4;
struct PassStats {
  size_t heuristic = 0;  // the heuristic's pass among the candidates
  std::vector<double> sum, sum_squares;
  std::vector<bool> alive;
  PassStats(const std::vector<CardSet>& candidates, CardSet heuristic_pass)
      : sum(candidates.size(), 0.0),
        sum_squares(candidates.size(), 0.0),
        alive(candidates.size(), true) {
    for (size_t i = 0; i < candidates.size(); ++i) {
      if (candidates[i] == heuristic_pass) heuristic = i;
    }
  }
  // One world's rewards (those of the candidates still alive are read); `worlds` counts it.
  void add(const std::vector<double>& rewards, int worlds) {
    for (size_t i = 0; i < rewards.size(); ++i) {
      if (!alive[i]) continue;
      const double d = rewards[i] - rewards[heuristic];
      sum[i] += d;
      sum_squares[i] += d * d;
    }
    if (worlds < kPassMinWorlds || worlds % kPassCheckEvery != 0) return;
    for (size_t i = 0; i < rewards.size(); ++i) {
      if (alive[i] && i != heuristic && mean(i, worlds) + kPassDropZ * error(i, worlds) < 0) {
        alive[i] = false;
      }
    }
  }
  double mean(size_t i, int worlds) const { return sum[i] / worlds; }
  double error(size_t i, int worlds) const {
    const double m = mean(i, worlds);
    return std::sqrt(std::max(0.0, sum_squares[i] / worlds - m * m) / worlds);
  }
  int alive_count() const { return static_cast<int>(std::count(alive.begin(), alive.end(), true)); }
};

// The candidate to pass: the best mean difference from the heuristic's pass among those ahead
// of it by more than kPassMargin standard errors; else the heuristic's. With few worlds the best
// of 20 noisy means is mostly luck (a worse pass picked for a lucky sample), so the heuristic's
// pass stands unless the evidence against it is clear.
inline constexpr double kPassMargin = 2.0;
inline size_t pick_pass(const PassStats& stats, int worlds) {
  size_t best = stats.heuristic;
  double best_mean = 0;
  for (size_t i = 0; i < stats.sum.size(); ++i) {
    if (!stats.alive[i]) continue;
    const double mean = stats.mean(i, worlds);
    if (mean > kPassMargin * stats.error(i, worlds) && mean > best_mean) {
      best = i;
      best_mean = mean;
    }
  }
  return best;
}

inline PassResult search_pass(const Observation& obs, CardSet heuristic_pass,
                              const heuristic_policy::HeuristicPolicy& h, const Budget& budget,
                              uint64_t seed) {
  PassResult result{heuristic_pass, 0, 0};
  const std::vector<CardSet> candidates = pass_candidates(obs, heuristic_pass);
  const std::optional<hearts::CompiledRules> sim = pass_sim_rules(*obs.rules);
  if (!sim || candidates.size() < 2) return result;
  const hearts_mc::Knowledge knowledge = hearts_mc::analyze(obs);
  const int me = hearts_mc::sim_seat(obs, obs.seat);
  const double scale = obs.rules->moon_total > 0 ? obs.rules->moon_total : 26;
  PassStats stats(candidates, heuristic_pass);
  hearts::Rng rng(seed);
  std::array<CardSet, hearts::kMaxPlayers + 1> hands{};
  for (int round = 0; budget.more(result.iterations) && round < 100'000; ++round) {
    ++result.iterations;  // a world that fails still counts as work
    if (!hearts_mc::sample(knowledge, rng, hands)) continue;
    const std::optional<Game> world = pass_world(obs, *sim, hands, rng.next(), h);
    if (!world) continue;
    std::vector<double> rewards(candidates.size(), 0.0);
    bool complete = true;
    for (size_t i = 0; i < candidates.size() && complete; ++i) {
      if (!stats.alive[i]) continue;
      // A round is up to 20 whole deals: checked per deal, and a round cut short is not counted.
      complete = budget.fixed() || budget.more(result.iterations);
      if (!complete) break;
      const std::optional<double> r =
          pass_outcome(*world, candidates[i], me, obs.num_players, scale, h);
      complete = r.has_value();
      if (r) rewards[i] = *r;
    }
    result.iterations += stats.alive_count() - 1;
    if (!complete) continue;
    ++result.worlds;
    stats.add(rewards, result.worlds);
  }
  if (result.worlds < kMinPassWorlds) {
    result.worlds = 0;
    return result;
  }
  result.pass = candidates[pick_pass(stats, result.worlds)];
  return result;
}

}  // namespace hearts_ismcts
