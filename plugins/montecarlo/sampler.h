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
#include <bit>
#include <cstdint>
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

// The real seat `s` renumbered from the eldest hand, as in a rebuilt deal (its dealer sits last;
// under play_anticlockwise the eldest is the dealer's right, and the rebuilt deal's seat 1 deals).
inline int sim_seat(const hearts::Observation& obs, int s) {
  const int n = obs.num_players;
  if (obs.rules->rules.play_anticlockwise) return (s + 1 - obs.dealer + n) % n;
  return (s + n - 1 - obs.dealer) % n;
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

// The hands of one sample being filled: each slot's room left (and which slots have any, as a bit
// mask) and where each placed unseen card went (so an augmenting path can move it).
class Placement {
 public:
  Placement(const Knowledge& k, std::array<CardSet, kMaxPlayers + 1>& hands)
      : k_(k), hands_(hands), slots_(k.num_players + 1) {
    where_.fill(-1);
  }

  // Starts every hand from its known cards (the kitty from the known kitty). False if a hand
  // already holds more known cards than its size.
  bool start_from_known() {
    for (int s = 0; s < slots_; ++s) {
      hands_[s] = k_.known[s];
      room_[s] = k_.size[s] - k_.known[s].size();
      if (room_[s] < 0) return false;
      if (room_[s] > 0) open_ |= 1u << s;
    }
    if (k_.kitty_known) hands_[k_.num_players] = k_.kitty;
    return true;
  }

  // The unseen cards shuffled by `rng` (one shuffle), then stably ordered by how many slots with
  // room may hold them, fewest first (a counting sort: the order a stable sort by that key
  // gives), each with the slots that may hold it (bit s: slot s). Returns how many.
  int order_unseen(hearts::Rng& rng, std::array<hearts::Card, hearts::kDeckSize>& out,
                   std::array<uint16_t, hearts::kDeckSize>& out_may) const {
    std::array<hearts::Card, hearts::kDeckSize> cards{};
    int count = 0;
    for (Card card : k_.unseen) cards[count++] = card;
    rng.shuffle(std::span<Card>(cards.data(), static_cast<size_t>(count)));
    std::array<uint16_t, hearts::kDeckSize> may{};
    std::array<int, kMaxPlayers + 3> starts{};
    for (int i = 0; i < count; ++i) {
      for (int s = 0; s < slots_; ++s) {
        may[i] |= static_cast<uint16_t>(!k_.cannot_hold[s].contains(cards[i]) << s);
      }
      ++starts[std::popcount(static_cast<unsigned>(may[i] & open_)) + 1];
    }
    for (int h = 1; h <= slots_ + 1; ++h) starts[h] += starts[h - 1];
    for (int i = 0; i < count; ++i) {
      const int at = starts[std::popcount(static_cast<unsigned>(may[i] & open_))]++;
      out[at] = cards[i];
      out_may[at] = may[i];
    }
    return count;
  }

  // Places `card`, which slots `may` may hold, in a random slot with room among them, weighted by
  // that room (one draw from `rng`, the slots taken in order); if there is none, moves earlier
  // cards along an augmenting path. False if the card fits nowhere.
  bool place(Card card, unsigned may, hearts::Rng& rng) {
    const unsigned open = may & open_;
    if (open != 0) {
      int total = 0;
      for (unsigned m = open; m != 0; m &= m - 1) total += room_[std::countr_zero(m)];
      int pick = static_cast<int>(rng.uniform(static_cast<uint32_t>(total)));
      for (unsigned m = open; m != 0; m &= m - 1) {
        const int s = std::countr_zero(m);
        if (pick < room_[s]) {
          put(s, card);
          break;
        }
        pick -= room_[s];
      }
      return true;
    }
    visited_.fill(false);
    return augment(card);
  }

  // Every hand holds exactly its size.
  bool all_full() const {
    for (int s = 0; s < slots_; ++s) {
      if (room_[s] != 0) return false;
    }
    return true;
  }

 private:
  void put(int s, Card card) {
    if (--room_[s] == 0) open_ &= ~(1u << s);
    hands_[s].insert(card);
    where_[card.id()] = static_cast<int8_t>(s);
  }

  // Augmenting path: place `card` somewhere, moving placed unseen cards if needed.
  bool augment(Card card) {
    for (int s = 0; s < slots_; ++s) {
      if (visited_[s] || k_.cannot_hold[s].contains(card)) continue;
      visited_[s] = true;
      if (room_[s] > 0) {
        put(s, card);
        return true;
      }
      for (Card other : hands_[s] - k_.known[s]) {
        if (where_[other.id()] != s) continue;
        hands_[s].erase(other);
        ++room_[s];
        open_ |= 1u << s;
        if (augment(other)) {
          put(s, card);
          return true;
        }
        hands_[s].insert(other);
        if (--room_[s] == 0) open_ &= ~(1u << s);
      }
    }
    return false;
  }

  const Knowledge& k_;
  std::array<CardSet, kMaxPlayers + 1>& hands_;
  const int slots_;
  std::array<int, kMaxPlayers + 1> room_{};
  unsigned open_ = 0;               // the slots with room (bit s: slot s)
  std::array<int8_t, 64> where_{};  // card id -> slot of a placed unseen card
  std::array<bool, kMaxPlayers + 1> visited_{};
};

// One random assignment of k.unseen; hands[s] are the current hands (own hand included),
// hands[n] the kitty. False only if the constraints cannot be met.
inline bool sample(const Knowledge& k, hearts::Rng& rng,
                   std::array<CardSet, kMaxPlayers + 1>& hands) {
  Placement fill(k, hands);
  if (!fill.start_from_known()) return false;
  std::array<hearts::Card, hearts::kDeckSize> cards{};
  std::array<uint16_t, hearts::kDeckSize> may{};
  const int count = fill.order_unseen(rng, cards, may);
  for (int i = 0; i < count; ++i) {
    if (!fill.place(cards[i], may[i], rng)) return false;
  }
  return fill.all_full();
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
