// The ismcts bot's inference of hidden cards from the other seats' plays: sampled worlds in which
// what the others actually played is what they would have played are preferred.
//
// montecarlo's sampler (plugins/montecarlo/sampler.h) deals the unseen cards respecting only hand
// sizes, shown voids and the cards we passed. Here, at each discard by another seat that had a
// choice and at the others' recent follows (leads cost the most to check and are left out by
// default), the heuristic is asked what it would have played from that seat's hand in this world.
// Every play it would not have made multiplies the world's weight by `mismatch` (never 0: the
// others may be montecarlo, random or people). A world is kept with probability equal to its weight
// (rejection sampling, so the kept worlds follow the weighted distribution); after `candidates`
// worlds without one kept, the one with the fewest mismatches is taken, which bounds the cost. A
// check stops as soon as its world can neither be kept nor beat the best so far.
//
// The checks do not replay each world (world_checks.h): everything the heuristic reads at a
// checked play but the seat's hand is the same in every world, so the deal is replayed once per
// decision, and a world only fills in that seat's hand then; the heuristic's answers are
// remembered by (play, hand) within the decision. Only the kept world is rebuilt as a Game.
// replay_and_check() below is the old way, one engine replay per world: the same worlds and
// counts, kept for rules world_checks.h does not cover and for the test that compares the two.
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: a WorldSampler is used by one thread; the policy is only read.
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <cmath>
#include <optional>

#include "../common/heuristic_policy.h"
#include "../montecarlo/sampler.h"
#include "world_checks.h"

namespace hearts_ismcts {

// How strongly worlds are weighed (HEARTS_ISMCTS_INFER_* override them for tuning runs).
struct InferenceParams {
  int candidates = 4;         // worlds drawn at most per world kept; 1 turns inference off
  double mismatch = 0.2;      // weight factor per checked play the heuristic would not have made
  int checked_plays = 12;     // of the last this many plays by others, follows (and leads)
  bool check_leads = false;   // leads: the heuristic's costliest choice, not worth its cost
  bool check_follows = true;  // plays that follow suit (discards are always checked)
  // Replays every drawn world through the engine instead of WorldChecks (world_checks.h): the
  // same worlds and counts, slower; for the test that compares the two.
  bool replay_every_world = false;
};

// Counts how many of the checked plays in the deal the heuristic would not have made, replaying
// the deal of `obs` from the sampled current `hands` (hearts_mc::sample) as hearts_mc::rebuild
// does. `checked` marks the plays of obs.all_plays() checked (checked_plays()); plays without a
// choice are never checked; `pass` is lent to the passer's observations. Stops counting once
// past `stop_after`. Returns the rebuilt game standing at this decision (nullopt when the engine
// rejects the world, as rebuild) and the count in `*mismatches` (past `stop_after` means the game
// is not returned).
inline std::optional<hearts::Game> replay_and_check(
    const hearts::Observation& obs, const hearts::CompiledRules& sim_rules,
    const hearts_mc::Knowledge& k,
    const std::array<hearts::CardSet, hearts::kMaxPlayers + 1>& hands, uint64_t seed,
    const heuristic_policy::HeuristicPolicy& policy, const CheckedPlays& checked, int stop_after,
    int* mismatches, const PassSeen& pass = PassSeen()) {
  const int n = obs.num_players;
  *mismatches = 0;
  hearts::Game game(sim_rules, seed);
  std::array<hearts::CardSet, hearts::kMaxPlayers> start{};
  for (int s = 0; s < n; ++s) start[hearts_mc::sim_seat(obs, s)] = hands[s] | k.played_by[s];
  if (!game.deal_hands(std::span<const hearts::CardSet>(start.data(), static_cast<size_t>(n)),
                       hands[n])
           .ok()) {
    return std::nullopt;
  }
  heuristic_policy::PlayTally tally;
  hearts::Observation seen;
  const auto plays = obs.all_plays();
  for (int i = 0; i < static_cast<int>(plays.size()); ++i) {
    const hearts::PlayRecord& play = plays[i];
    if (game.phase() != hearts::Phase::kPlay ||
        game.to_act() != hearts_mc::sim_seat(obs, play.seat)) {
      return std::nullopt;
    }
    if (checked[i] && game.legal_plays().size() > 1) {
      hearts::observe(game, game.to_act(), &seen);
      pass.lend_to(seen);
      if (policy.choose_play(seen, tally) != play.card && ++*mismatches > stop_after) {
        return std::nullopt;
      }
    }
    if (!game.play(play.card).ok()) return std::nullopt;
  }
  if (game.phase() != hearts::Phase::kPlay || game.to_act() != hearts_mc::sim_seat(obs, obs.seat) ||
      game.hearts_broken() != obs.hearts_broken || game.legal_plays() != obs.legal) {
    return std::nullopt;
  }
  return game;
}

// The plays checked for `obs`, all by seats other than ours: every discard (a play off the suit
// led), which tells most; of the last params.checked_plays plays, the follows (if
// params.check_follows) and the leads (if params.check_leads).
inline CheckedPlays checked_plays(const hearts::Observation& obs, const InferenceParams& params) {
  CheckedPlays checked;
  const int n = obs.num_players;  // one card per seat a trick (plain rules)
  int recent = params.checked_plays;
  for (int i = obs.num_plays - 1; i >= 0; --i) {
    if (obs.plays[i].seat == obs.seat) continue;
    const bool lead = i % n == 0;
    const bool discard = !lead && obs.plays[i].card.suit() != obs.plays[i - i % n].card.suit();
    const bool in_window = recent-- > 0;
    if (discard || (in_window && (lead ? params.check_leads : params.check_follows))) {
      checked.set(static_cast<size_t>(i));
    }
  }
  return checked;
}

// The weight of a world with `mismatches` checked plays the heuristic would not have made.
inline double world_weight(int mismatches, double mismatch) {
  return std::pow(mismatch, mismatches);
}

// Draws worlds for one decision of `obs`: each a hearts::Game standing at it, dealt
// consistently with the observation and weighed by the others' plays (see the top of the file).
// Holds references to its arguments, which must outlive it. Not copyable (its checks point into
// itself).
class WorldSampler {
 public:
  WorldSampler(const hearts::Observation& obs, const hearts::CompiledRules& sim_rules,
               const hearts_mc::Knowledge& knowledge,
               const heuristic_policy::HeuristicPolicy& policy, InferenceParams params)
      : obs_(obs), sim_(sim_rules), k_(knowledge), policy_(policy), params_(params) {
    // Off (one candidate, or no penalty): nothing is checked, every world is kept as drawn.
    off_ = params.candidates <= 1 || !(params.mismatch < 1.0);
    if (!off_) checked_ = checked_plays(obs, params);
    pass_ = PassSeen::of(obs);
    log_mismatch_ = std::log(std::max(params.mismatch, 1e-9));
    fast_ = !off_ && !params.replay_every_world && plain_checks_apply(sim_rules, knowledge) &&
            checks_.build(obs, sim_rules, knowledge, checked_, pass_);
  }
  WorldSampler(const WorldSampler&) = delete;
  WorldSampler& operator=(const WorldSampler&) = delete;

  // Whether worlds are checked by WorldChecks rather than replayed one by one (the same answers).
  bool checks_without_replay() const { return fast_; }

  // One world, every random draw from `rng`; nullopt when 20 draws in a row found no world the
  // constraints allow. `*mismatches` (if given) gets the kept world's count.
  std::optional<hearts::Game> draw(hearts::Rng& rng, int* mismatches = nullptr) {
    best_.reset();
    int best_count = 1 << 30;
    int drawn = 0;
    for (int attempt = 0; attempt < 20 && drawn < params_.candidates; ++attempt) {
      if (!hearts_mc::sample(k_, rng, hands_)) continue;
      const uint64_t seed = rng.next();
      // Kept when mismatch^count >= u, i.e. count <= log(u) / log(mismatch).
      const int accept = off_ ? 1 << 30 : accept_limit(rng);
      const int stop_after = std::max(accept, best_count - 1);
      int count = 0;
      const WorldChecks::Verdict verdict = judge(seed, stop_after, &count);
      if (verdict == WorldChecks::Verdict::kRejected) continue;  // the engine's: draw again
      ++drawn;
      if (verdict == WorldChecks::Verdict::kOver) continue;  // too unlikely to be kept or best
      if (count <= accept) {
        if (mismatches != nullptr) *mismatches = count;
        return fast_ ? checks_.world(obs_, k_, hands_, seed) : std::move(candidate_);
      }
      best_count = count;
      best_hands_ = hands_;
      best_seed_ = seed;
      if (!fast_) best_ = std::move(candidate_);
    }
    if (mismatches != nullptr) *mismatches = best_count < (1 << 30) ? best_count : 0;
    if (fast_ && best_count < (1 << 30)) {
      return checks_.world(obs_, k_, best_hands_, best_seed_);
    }
    return std::move(best_);
  }

 private:
  // Checks the world in hands_ (WorldChecks, or a replay that keeps the world in candidate_).
  WorldChecks::Verdict judge(uint64_t seed, int stop_after, int* count) {
    if (fast_) return checks_.check(hands_, policy_, stop_after, count);
    candidate_ =
        replay_and_check(obs_, sim_, k_, hands_, seed, policy_, checked_, stop_after, count, pass_);
    if (candidate_) return WorldChecks::Verdict::kCounted;
    return *count <= stop_after ? WorldChecks::Verdict::kRejected : WorldChecks::Verdict::kOver;
  }

  // The most mismatches a world may have and still be kept, for one uniform draw u in (0, 1].
  int accept_limit(hearts::Rng& rng) const {
    const double u = static_cast<double>((rng.next() >> 11) + 1) * 0x1.0p-53;
    const double limit = std::log(u) / log_mismatch_;
    return limit >= 1e6 ? 1'000'000 : static_cast<int>(limit);
  }

  const hearts::Observation& obs_;
  const hearts::CompiledRules& sim_;
  const hearts_mc::Knowledge& k_;
  const heuristic_policy::HeuristicPolicy& policy_;
  InferenceParams params_;
  bool off_ = false;
  bool fast_ = false;  // checks_ decides, as the engine's replay would
  CheckedPlays checked_;
  PassSeen pass_;
  WorldChecks checks_;
  double log_mismatch_ = 0;
  std::array<hearts::CardSet, hearts::kMaxPlayers + 1> hands_{};
  std::optional<hearts::Game> candidate_;  // the replayed world (without fast_)
  std::optional<hearts::Game> best_;       // the fewest mismatches so far (without fast_)
  std::array<hearts::CardSet, hearts::kMaxPlayers + 1> best_hands_{};
  uint64_t best_seed_ = 0;
};

}  // namespace hearts_ismcts
