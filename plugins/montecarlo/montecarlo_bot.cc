// montecarlo: a sampling player built on the SDK's own engine.
//
// Play: for each decision with more than one legal card it repeatedly
//   1. deals the cards it cannot see to the other seats (and an unseen kitty) consistently with
//      what it knows (sampler.h: hand sizes, shown voids, the cards it passed, what it holds and
//      what was played), rebuilds the deal as a hearts::Game at this decision and replays the
//      plays so far through the engine (a sample the engine rejects is drawn again);
//   2. for every legal card, plays it on a copy of that world and rolls the deal out to its end
//      with a fast ducker-like policy for every seat (the same world for every card, so the
//      comparison is paired);
//   3. scores the outcome as its own deal score minus the average deal score of the others
//      (last_deal().deal_score, so moon and sun adjustments count; relative, so pushing points
//      onto opponents is worth as much as avoiding them, which also fits the Howell and
//      sweepstake settlements).
// It plays the card with the lowest average. Anytime: it stops when half of obs.time_left_us is
// used (at least one world is always tried when the budget allows a few milliseconds), or at
// kMaxSamples worlds (HEARTS_MC_MAX_SAMPLES overrides the cap). HEARTS_MC_SAMPLES=N fixes the
// number of worlds and ignores the clock: the choice is then a pure function of the observation
// and obs.random_seed (every random draw comes from Rng(obs.random_seed)).
// If no consistent world is found, it plays the fast policy's own choice.
// HEARTS_MC_DEBUG (any value) prints each candidate's average score and the world count to stderr.
//
// Pass: ducker's heuristic (dangerous spades unless guarded by four low spades, then high hearts,
// then the highest cards), always exactly obs.pass.count cards of obs.legal.
// Dealer's choice and the moon choice: the Bot defaults (pass_count to the left; old moon).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "../common/card_helpers.h"
#include "hearts/plugin.h"
#include "sampler.h"

namespace {

using bot_helpers::above;
using bot_helpers::below;
using bot_helpers::prefer;
using bot_helpers::rank_of;
using hearts::Card;
using hearts::CardSet;
using hearts::CompiledRules;
using hearts::Observation;
using hearts::PlayRecord;
using hearts::Suit;

constexpr int kMaxSamples = 1500;  // ~20 ms on a 2020s laptop core; plenty for paired worlds
constexpr int kMaxRejectsPerSample = 20;

template <typename Better>
Card best_of(CardSet cards, Better better) {
  Card best = cards.lowest();
  for (Card card : cards) {
    if (better(card, best)) best = card;
  }
  return best;
}

// The fast policy: ducker's play logic over plain state, so it runs inside rollouts.
struct Policy {
  const CompiledRules* rules;
  CardSet penalty;  // positive value, in play
  CardSet bonus;    // negative value, in play
  CardSet penalty_spades;

  explicit Policy(const CompiledRules& r)
      : rules(&r),
        penalty(r.penalty_cards),
        bonus(r.counters - r.penalty_cards),
        penalty_spades(r.penalty_cards.of_suit(Suit::kSpades)) {}

  int points(Card card) const { return rules->card_points[card.id()]; }

  Card play(CardSet hand, CardSet legal, CardSet played, std::span<const PlayRecord> trick,
            int num_players) const {
    if (legal.size() == 1) return legal.lowest();
    if (trick.empty()) return lead(hand, legal, played);
    const Suit led = trick.front().card.suit();
    if (legal.has_suit(led)) return follow(legal, trick, led, num_players);
    return discard(hand, legal, played);
  }

  Card lead(CardSet hand, CardSet legal, CardSet played) const {
    CardSet options = prefer(legal - penalty, legal);
    const CardSet outstanding = penalty_spades - played - hand;
    if (!outstanding.empty()) {
      options =
          prefer(options - above(options, Suit::kSpades, rank_of(outstanding.lowest())), options);
    }
    return best_of(options, [&](Card a, Card b) {
      if (rank_of(a) != rank_of(b)) return rank_of(a) < rank_of(b);
      return hand.count_suit(a.suit()) < hand.count_suit(b.suit());
    });
  }

  Card follow(CardSet legal, std::span<const PlayRecord> trick, Suit led, int num_players) const {
    Card winning = trick.front().card;
    for (const PlayRecord& record : trick) {
      if (record.card.suit() == led && record.card.rank() > winning.rank()) winning = record.card;
    }
    const CardSet mine = legal.of_suit(led);
    const CardSet ducks = below(mine, led, rank_of(winning));
    if (!ducks.empty()) return ducks.highest();
    const bool last = static_cast<int>(trick.size()) == num_players - 1;
    return best_of(mine, [&](Card a, Card b) {
      if (points(a) != points(b)) return points(a) < points(b);
      return last ? rank_of(a) > rank_of(b) : rank_of(a) < rank_of(b);
    });
  }

  Card discard(CardSet hand, CardSet legal, CardSet played) const {
    const CardSet penalties = legal & penalty;
    if (!penalties.empty()) {
      return best_of(penalties, [&](Card a, Card b) {
        if (points(a) != points(b)) return points(a) > points(b);
        return rank_of(a) > rank_of(b);
      });
    }
    const CardSet options = prefer(legal - bonus, legal);
    const CardSet lady = penalty_spades - played;
    if (!lady.empty()) {
      const CardSet danger = above(options, Suit::kSpades, rank_of(lady.lowest()));
      if (!danger.empty()) return danger.highest();
    }
    return best_of(options, [&](Card a, Card b) {
      if (rank_of(a) != rank_of(b)) return rank_of(a) > rank_of(b);
      return hand.count_suit(a.suit()) < hand.count_suit(b.suit());
    });
  }

  // Plays `game` to the end of the current deal.
  void rollout(hearts::Game& game) const {
    const int n = game.num_players();
    while (game.deals_completed() == 0) {
      if (game.phase() == hearts::Phase::kPlay) {
        const int seat = game.to_act();
        const Card card =
            play(game.hand(seat), game.legal_plays(), game.played_cards(), game.current_trick(), n);
        if (!game.play(card).ok()) return;
      } else if (game.phase() == hearts::Phase::kMoonChoice) {
        if (!game.choose_moon(false).ok()) return;
      } else {
        return;
      }
    }
  }
};

int env_int(const char* name, int fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  const int value = std::atoi(text);
  return value > 0 ? value : fallback;
}

class MonteCarloBot : public hearts::Bot {
 public:
  explicit MonteCarloBot(const hearts::BotConfig&)
      : fixed_samples_(env_int("HEARTS_MC_SAMPLES", 0)),
        max_samples_(env_int("HEARTS_MC_MAX_SAMPLES", kMaxSamples)) {}

  Card choose_play(const Observation& obs) override {
    if (obs.legal.size() == 1) return obs.legal.lowest();
    const Policy policy(*obs.rules);
    CardSet played;
    for (const PlayRecord& record : obs.all_plays()) played.insert(record.card);
    const Card fallback =
        policy.play(obs.hand, obs.legal, played, obs.current_trick(), obs.num_players);

    const auto start = std::chrono::steady_clock::now();
    const int64_t budget_us = obs.time_left_us > 0 ? obs.time_left_us / 2 : 50'000;
    const int samples = fixed_samples_ > 0 ? fixed_samples_ : max_samples_;
    if (fixed_samples_ <= 0 && budget_us < 2'000) return fallback;

    const std::optional<CompiledRules> sim = hearts_mc::sim_rules(*obs.rules);
    if (!sim) return fallback;
    const Policy sim_policy(*sim);
    const hearts_mc::Knowledge knowledge = hearts_mc::analyze(obs);
    const int me = hearts_mc::sim_seat(obs, obs.seat);
    const int n = obs.num_players;

    hearts::Rng rng(obs.random_seed);
    std::array<double, 64> total{};
    int worlds = 0;
    std::array<CardSet, hearts::kMaxPlayers + 1> hands{};
    for (int i = 0; i < samples; ++i) {
      if (fixed_samples_ <= 0 && i > 0) {
        const auto used = std::chrono::duration_cast<std::chrono::microseconds>(
                              std::chrono::steady_clock::now() - start)
                              .count();
        if (used >= budget_us) break;
      }
      std::optional<hearts::Game> world;
      for (int attempt = 0; attempt < kMaxRejectsPerSample && !world; ++attempt) {
        if (!hearts_mc::sample(knowledge, rng, hands)) continue;
        world = hearts_mc::rebuild(obs, *sim, knowledge, hands, rng.next());
      }
      if (!world) continue;
      ++worlds;
      for (Card card : obs.legal) {
        hearts::Game game = *world;
        if (!game.play(card).ok()) {
          total[card.id()] += 1e9;  // cannot happen: obs.legal matched the rebuilt position
          continue;
        }
        sim_policy.rollout(game);
        const auto& score = game.last_deal().deal_score;
        double others = 0;
        for (int s = 0; s < n; ++s) {
          if (s != me) others += score[s];
        }
        total[card.id()] += score[me] - others / (n - 1);
      }
    }
    if (std::getenv("HEARTS_MC_DEBUG") != nullptr) {
      for (Card card : obs.legal) {
        std::fprintf(stderr, "%s %.3f\n", hearts::to_string(card).c_str(),
                     worlds ? total[card.id()] / worlds : 0.0);
      }
      std::fprintf(stderr, "worlds %d\n", worlds);
    }
    if (worlds == 0) return fallback;
    Card best = fallback;
    double best_total = total[fallback.id()];
    for (Card card : obs.legal) {
      if (total[card.id()] < best_total - 1e-9) {
        best = card;
        best_total = total[card.id()];
      }
    }
    return best;
  }

  hearts::PassSelection choose_pass(const Observation& obs) override {
    const Policy policy(*obs.rules);
    const CardSet legal = obs.legal;
    const int count = obs.pass.count;
    CardSet chosen;
    hearts::PassSelection selection;
    auto points = [&](Card card) { return policy.points(card); };
    auto take = [&](Card card) {
      if (selection.size() < count && legal.contains(card) && !chosen.contains(card)) {
        chosen.insert(card);
        selection.push_back(card);
      }
    };
    auto take_all = [&](CardSet cards, auto better) {
      while (selection.size() < count) {
        const CardSet left = cards - chosen;
        if (left.empty()) break;
        take(best_of(left, better));
      }
    };
    auto by_points_then_rank = [&](Card a, Card b) {
      if (points(a) != points(b)) return points(a) > points(b);
      return rank_of(a) > rank_of(b);
    };
    auto by_rank_then_short_suit = [&](Card a, Card b) {
      if (rank_of(a) != rank_of(b)) return rank_of(a) > rank_of(b);
      return obs.hand.count_suit(a.suit()) < obs.hand.count_suit(b.suit());
    };
    CardSet keep = legal & policy.bonus;
    const CardSet lady = policy.penalty_spades;
    if (!lady.empty()) {
      const int lowest_lady = rank_of(lady.lowest());
      const CardSet danger =
          lady | above(CardSet::whole_suit(Suit::kSpades), Suit::kSpades, lowest_lady);
      const bool guarded = below(obs.hand, Suit::kSpades, lowest_lady).size() >= 4;
      if (guarded) {
        keep |= danger;
      } else {
        take_all(legal & danger, by_points_then_rank);
      }
    }
    CardSet high_hearts;
    for (Card card : legal.of_suit(Suit::kHearts) & policy.penalty) {
      if (rank_of(card) >= static_cast<int>(hearts::Rank::kJack) || points(card) >= 13) {
        high_hearts.insert(card);
      }
    }
    take_all(high_hearts, by_points_then_rank);
    take_all(legal - keep, by_rank_then_short_suit);
    take_all(legal, by_rank_then_short_suit);
    return selection;
  }

 private:
  int fixed_samples_ = 0;
  int max_samples_ = kMaxSamples;
};

}  // namespace

HEARTS_EXPORT_BOT(MonteCarloBot, "montecarlo", "1.0", "Black Lady Arena")
