// The montecarlo bot's world sampler: deals the cards one seat cannot see to the other seats (and
// the kitty), consistently with everything its observation shows, and rebuilds the deal as a
// hearts::Game standing at the current decision.
//
// Header-only so the plugin and its test compile the same code (namespace hearts_mc).
//
// What a sample respects (analyze() collects it, sample() enforces it):
//   - hand sizes: every other seat holds hand_size minus the cards it has played this deal;
//     the kitty (kKitty decks, when this seat has not seen it) holds kitty_size cards;
//   - voids: a seat that did not follow a led suit holds none of it;
//   - passes: the cards this seat passed (offset, scatter and star plans; not the shuffle pile)
//     are with their receivers unless already played;
//   - no sampled hand holds a card this seat holds, a card already played, or the known kitty.
// Finer inferences (e.g. a first-trick discard of a penalty card means the hand held nothing
// else) are not modelled here; rebuild() replays the deal through the engine and rejects any
// sample the engine finds illegal, so the caller simply draws another.
//
// Cards are placed most-constrained first, each to a random seat with room weighted by that
// room; if a card finds no seat, an augmenting path moves earlier cards (bipartite matching with
// capacities), so a sample is always found when the constraints can be met.
//
// Thread safety: pure functions of their arguments.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <span>

#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/rng.h"

namespace hearts_mc {

using hearts::Card;
using hearts::CardSet;
using hearts::kMaxPlayers;

// What one observation tells about the hidden cards. Seats are real table seats; index
// num_players stands for the kitty.
struct Knowledge {
  int num_players = 0;
  int seat = 0;
  std::array<CardSet, kMaxPlayers + 1> known{};        // cards certainly in that hand now
  std::array<CardSet, kMaxPlayers + 1> cannot_hold{};  // cards that hand cannot hold
  std::array<int, kMaxPlayers + 1> size{};             // cards in that hand now
  std::array<CardSet, kMaxPlayers> played_by{};        // cards each seat played this deal
  CardSet unseen;                                      // cards to deal (not in `known`)
  CardSet kitty;                                       // the kitty when it is known
  bool kitty_known = true;
};

// The real seat `s` renumbered from the eldest hand, as in a rebuilt deal (its dealer sits last).
inline int sim_seat(const hearts::Observation& obs, int s) {
  return (s + obs.num_players - 1 - obs.dealer) % obs.num_players;
}

inline Knowledge analyze(const hearts::Observation& obs) {
  const int n = obs.num_players;
  Knowledge k;
  k.num_players = n;
  k.seat = obs.seat;
  CardSet played;
  std::array<int, kMaxPlayers> plays{};
  for (int i = 0; i < obs.num_plays; ++i) {
    const hearts::PlayRecord& p = obs.plays[i];
    const hearts::Suit led = obs.plays[i - i % n].card.suit();
    played.insert(p.card);
    k.played_by[p.seat].insert(p.card);
    ++plays[p.seat];
    if (p.card.suit() != led) k.cannot_hold[p.seat] |= CardSet::whole_suit(led);
  }
  const int hand_size = obs.rules->hand_size;
  for (int s = 0; s < n; ++s) k.size[s] = hand_size - plays[s];
  k.size[obs.seat] = obs.hand.size();
  k.known[obs.seat] = obs.hand;
  const int kitty_size = obs.rules->kitty_size;
  k.kitty_known = kitty_size == 0 || !obs.kitty.empty();
  k.kitty = obs.kitty;
  k.size[n] = k.kitty_known ? 0 : kitty_size;
  if (obs.pass.kind == hearts::PassKind::kOffset || obs.pass.kind == hearts::PassKind::kScatter ||
      obs.pass.kind == hearts::PassKind::kStar) {
    for (int i = 0; i < obs.passed_count; ++i) {
      const Card card = obs.passed[i];
      const int to = hearts::pass_target(obs.pass, n, obs.seat, i);
      if (!played.contains(card) && to != obs.seat) k.known[to].insert(card);
    }
  }
  CardSet taken = played | obs.kitty;
  for (int s = 0; s <= n; ++s) taken |= k.known[s];
  k.unseen = obs.rules->in_play - taken;
  // Every hand cannot hold what is played, what we hold, or what is known elsewhere.
  for (int s = 0; s <= n; ++s) k.cannot_hold[s] |= (taken - k.known[s]);
  return k;
}

// One random assignment of k.unseen; hands[s] are the current hands (own hand included),
// hands[n] the kitty. False only if the constraints cannot be met.
inline bool sample(const Knowledge& k, hearts::Rng& rng,
                   std::array<CardSet, kMaxPlayers + 1>& hands) {
  const int n = k.num_players;
  const int slots = n + 1;
  std::array<int, kMaxPlayers + 1> room{};
  for (int s = 0; s < slots; ++s) {
    hands[s] = k.known[s];
    room[s] = k.size[s] - k.known[s].size();
    if (room[s] < 0) return false;
  }
  if (k.kitty_known) hands[n] = k.kitty;
  std::array<Card, hearts::kDeckSize> cards{};
  int count = 0;
  for (Card card : k.unseen) cards[count++] = card;
  rng.shuffle(std::span<Card>(cards.data(), static_cast<size_t>(count)));
  auto holders = [&](Card card) {
    int h = 0;
    for (int s = 0; s < slots; ++s) h += room[s] > 0 && !k.cannot_hold[s].contains(card);
    return h;
  };
  std::array<int, hearts::kDeckSize> order_key{};
  for (int i = 0; i < count; ++i) order_key[i] = holders(cards[i]);
  {
    std::array<int, hearts::kDeckSize> idx{};
    for (int i = 0; i < count; ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.begin() + count,
                     [&](int a, int b) { return order_key[a] < order_key[b]; });
    std::array<Card, hearts::kDeckSize> sorted{};
    for (int i = 0; i < count; ++i) sorted[i] = cards[idx[i]];
    cards = sorted;
  }
  std::array<int, 64> where{};  // card id -> slot, for placed unseen cards
  where.fill(-1);
  // Augmenting path: place `card` somewhere, moving placed unseen cards if needed.
  std::array<bool, kMaxPlayers + 1> visited{};
  auto augment = [&](auto&& self, Card card) -> bool {
    for (int s = 0; s < slots; ++s) {
      if (visited[s] || k.cannot_hold[s].contains(card)) continue;
      visited[s] = true;
      if (room[s] > 0) {
        --room[s];
        hands[s].insert(card);
        where[card.id()] = s;
        return true;
      }
      for (Card other : hands[s] - k.known[s]) {
        if (where[other.id()] != s) continue;
        // Move `other` elsewhere, then `card` takes its place.
        hands[s].erase(other);
        ++room[s];
        if (self(self, other)) {
          --room[s];
          hands[s].insert(card);
          where[card.id()] = s;
          return true;
        }
        hands[s].insert(other);
        --room[s];
      }
    }
    return false;
  };
  for (int i = 0; i < count; ++i) {
    const Card card = cards[i];
    int total = 0;
    for (int s = 0; s < slots; ++s) {
      if (room[s] > 0 && !k.cannot_hold[s].contains(card)) total += room[s];
    }
    if (total > 0) {
      int pick = static_cast<int>(rng.uniform(static_cast<uint32_t>(total)));
      for (int s = 0; s < slots; ++s) {
        if (room[s] <= 0 || k.cannot_hold[s].contains(card)) continue;
        if (pick < room[s]) {
          --room[s];
          hands[s].insert(card);
          where[card.id()] = s;
          break;
        }
        pick -= room[s];
      }
      continue;
    }
    visited.fill(false);
    if (!augment(augment, card)) return false;
  }
  for (int s = 0; s < slots; ++s) {
    if (room[s] != 0) return false;
  }
  return true;
}

// Rebuilds the deal from sampled current hands (see sample()) as a Game at this decision: the
// rules without passing, seats numbered from the eldest hand (sim_seat), each hand as play
// began (current hand plus the cards it played), then the plays so far replayed. nullopt if the
// engine rejects the sample (a play it holds illegal) or the position does not match.
inline std::optional<hearts::Game> rebuild(const hearts::Observation& obs,
                                           const hearts::CompiledRules& sim_rules,
                                           const Knowledge& k,
                                           const std::array<CardSet, kMaxPlayers + 1>& hands,
                                           uint64_t seed) {
  const int n = obs.num_players;
  hearts::Game game(sim_rules, seed);
  std::array<CardSet, kMaxPlayers> start{};
  for (int s = 0; s < n; ++s) start[sim_seat(obs, s)] = hands[s] | k.played_by[s];
  if (!game.deal_hands(std::span<const CardSet>(start.data(), static_cast<size_t>(n)), hands[n])
           .ok()) {
    return std::nullopt;
  }
  for (const hearts::PlayRecord& play : obs.all_plays()) {
    if (game.phase() != hearts::Phase::kPlay || game.to_act() != sim_seat(obs, play.seat) ||
        !game.play(play.card).ok()) {
      return std::nullopt;
    }
  }
  if (game.phase() != hearts::Phase::kPlay || game.to_act() != sim_seat(obs, obs.seat) ||
      game.hearts_broken() != obs.hearts_broken || game.legal_plays() != obs.legal) {
    return std::nullopt;
  }
  return game;
}

// The rules of a rebuilt deal: as in force, but without passing (the copy starts after it).
inline std::optional<hearts::CompiledRules> sim_rules(const hearts::CompiledRules& rules) {
  hearts::Rules r = rules.rules;
  r.pass_schedule = hearts::PassSchedule::kNone;
  return hearts::compile(r);
}

}  // namespace hearts_mc
