// The checks of world_inference.h without replaying each sampled world through the engine.
//
// What the others' plays are checked against depends on a world only through the checked seat's
// hand: the plays, tricks, winners, broken hearts and scores at each play are the same in every
// world. So the deal is replayed once per decision (a reference world), the observation and the
// heuristic's play tally are kept at each checked play, and a world is checked by filling in the
// seat's hand then (its hand now plus the cards it played from there on) and its legal cards. The
// engine's rejection of a world (a play its hand made illegal, a first lead by the wrong seat) is
// decided the same way, by the engine's legality rules for plain tables (copied from
// hearts::Game's plain path); plain_checks_apply() says when they are the engine's.
// world_inference_test checks that both ways give the same worlds and counts.
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: a WorldChecks is built and used by one thread.
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <optional>
#include <span>
#include <vector>

#include "../common/heuristic_policy.h"
#include "../montecarlo/sampler.h"
#include "pass_seen.h"

namespace hearts_ismcts {

// Which plays of obs.all_plays() are checked, by index.
using CheckedPlays = std::bitset<hearts::kMaxPlays>;

// Whether WorldChecks decides as the engine does under `sim` (a rebuilt deal's rules): the plain
// legality path (one deck, no stock, no forced queen, jack or likha cards), heart leads allowed on
// the first trick, and no hidden kitty (so the first lead's card is the same in every world).
inline bool plain_checks_apply(const hearts::CompiledRules& sim, const hearts_mc::Knowledge& k) {
  const hearts::Rules& r = sim.rules;
  return !sim.extended_play && sim.in_play_twice.empty() && !r.queen_forced &&
         !r.black_jack_discard && r.likha_cards.empty() &&
         r.heart_lead_first_trick == hearts::HeartLeadFirstTrick::kAllowed &&
         k.size[k.num_players] == 0;
}

// One play by another seat, with what its legality depends on besides the hand.
struct PlayCheck {
  int real_seat = 0;
  hearts::Card card;
  hearts::CardSet later;  // the cards that seat played from here on: its hand then is now + later
  bool leading = false;
  bool first_trick = false;
  bool hearts_broken = false;
  hearts::Suit led = hearts::Suit::kClubs;
  int view = -1;  // index of the kept observation when the heuristic is asked here, else -1
};

// The per-decision record of the others' plays, and the check of one world against it.
// Not copyable: the kept observations point into the reference game it holds.
class WorldChecks {
 public:
  enum class Verdict { kRejected, kOver, kCounted };

  WorldChecks() = default;
  WorldChecks(const WorldChecks&) = delete;
  WorldChecks& operator=(const WorldChecks&) = delete;

  // Replays one world the engine accepts (drawn from a private generator, so the caller's draws
  // do not change) and keeps what check() needs. `pass` is lent to the passer's observations and
  // must outlive this. False when no such world is found in 20 draws (then check() may not be
  // used). Call plain_checks_apply() first: under other rules check() is not the engine's.
  bool build(const hearts::Observation& obs, const hearts::CompiledRules& sim,
             const hearts_mc::Knowledge& k, const CheckedPlays& checked, const PassSeen& pass) {
    std::array<hearts::CardSet, hearts::kMaxPlayers + 1> hands{};
    hearts::Rng rng(0x9e3779b97f4a7c15ULL);
    bool found = false;
    for (int attempt = 0; attempt < 20 && !found; ++attempt) {
      found = hearts_mc::sample(k, rng, hands) && hearts_mc::rebuild(obs, sim, k, hands, 1);
    }
    if (!found) return false;
    rules_ = &sim;
    first_lead_ = first_lead_card(sim, k);
    if (first_lead_.is_valid() && obs.num_plays > 0) {
      first_seat_ = obs.plays[0].seat;
      played_by_ = k.played_by;
    }
    return record(obs, k, hands, checked, pass);
  }

  // Counts, in order of play, the checked plays the heuristic would not have made from `hands`
  // (current hands by real seat, as hearts_mc::sample gives them) into `*mismatches`, stopping
  // once past `stop_after` (kOver). kRejected: the engine would refuse this world at a play
  // before that (as replay_and_check returns nothing with a count not past stop_after).
  Verdict check(const std::array<hearts::CardSet, hearts::kMaxPlayers + 1>& hands,
                const heuristic_policy::HeuristicPolicy& policy, int stop_after, int* mismatches) {
    *mismatches = 0;
    if (first_seat_ >= 0 && !(hands[first_seat_] | played_by_[first_seat_]).contains(first_lead_)) {
      return Verdict::kRejected;  // another seat holds the first lead's card: it leads
    }
    for (const PlayCheck& p : std::span<const PlayCheck>(plays_.data(), count_)) {
      const hearts::CardSet hand = hands[p.real_seat] | p.later;
      const hearts::CardSet legal = legal_at(p, hand);
      if (p.view >= 0 && legal.size() > 1) {
        if (heuristic_play(p.view, hand, legal, policy) != p.card && ++*mismatches > stop_after) {
          return Verdict::kOver;
        }
      }
      if (!legal.contains(p.card)) return Verdict::kRejected;
    }
    return Verdict::kCounted;
  }

  // The world `hands` (with check() kCounted) as hearts_mc::rebuild gives it: a Game standing at
  // this decision. Its plays are not checked again: check() and the reference replay have shown
  // them legal and in turn. nullopt if the engine refuses the deal.
  std::optional<hearts::Game> world(
      const hearts::Observation& obs, const hearts_mc::Knowledge& k,
      const std::array<hearts::CardSet, hearts::kMaxPlayers + 1>& hands, uint64_t seed) const {
    const int n = obs.num_players;
    std::optional<hearts::Game> game(std::in_place, *rules_, seed);
    std::array<hearts::CardSet, hearts::kMaxPlayers> start{};
    for (int s = 0; s < n; ++s) start[hearts_mc::sim_seat(obs, s)] = hands[s] | k.played_by[s];
    if (!game->deal_hands(std::span<const hearts::CardSet>(start.data(), static_cast<size_t>(n)),
                          hands[n])
             .ok()) {
      return std::nullopt;
    }
    for (const hearts::PlayRecord& play : obs.all_plays()) game->play_checked(play.card);
    return game;
  }

 private:
  // The heuristic's play at kept observation `view` from `hand` (legal cards `legal`),
  // remembered: worlds often give a seat the same hand, most of all late in a deal.
  hearts::Card heuristic_play(int view, hearts::CardSet hand, hearts::CardSet legal,
                              const heuristic_policy::HeuristicPolicy& policy) {
    const uint64_t key = hand.bits() ^ (static_cast<uint64_t>(view) << 56);
    Remembered& slot = remembered_[(key * 0x9e3779b97f4a7c15ULL) >> (64 - kRememberedBits)];
    if (slot.view == view && slot.hand == hand.bits()) return slot.card;
    // The kept observation takes this hand (nothing else reads its hand); its tally is up to
    // date, so choose_play leaves it as it is.
    hearts::Observation& seen = views_[static_cast<size_t>(view)];
    seen.hand = hand;
    seen.legal = legal;
    slot = Remembered{hand.bits(), view,
                      policy.choose_play(seen, tallies_[static_cast<size_t>(view)])};
    return slot.card;
  }

  // The card the engine's first lead must be (or may be one of its suit), as Game::begin_play
  // picks it from all hands: the same in every world when no kitty is hidden. Invalid: any lead.
  static hearts::Card first_lead_card(const hearts::CompiledRules& sim,
                                      const hearts_mc::Knowledge& k) {
    if (sim.rules.first_lead == hearts::FirstLead::kEldestAny) return hearts::Card();
    const hearts::CardSet dealt = sim.in_play - k.kitty;
    const hearts::CardSet clubs =
        dealt & (hearts::CardSet::whole_suit(hearts::Suit::kClubs) | sim.zero_cards);
    if (clubs.empty()) return hearts::Card();
    return clubs.contains(hearts::kZeroOfClubs) ? hearts::kZeroOfClubs : clubs.lowest();
  }

  // Replays `hands` (a world the engine accepts) from the deal's start, keeping each play by
  // another seat and, at the checked ones, the observation and tally. False if the engine
  // disagrees (cannot happen for a world rebuild() accepted).
  bool record(const hearts::Observation& obs, const hearts_mc::Knowledge& k,
              const std::array<hearts::CardSet, hearts::kMaxPlayers + 1>& hands,
              const CheckedPlays& checked, const PassSeen& pass) {
    const int n = obs.num_players;
    hearts::Game& game = reference_.emplace(*rules_, 1);
    std::array<hearts::CardSet, hearts::kMaxPlayers> start{};
    for (int s = 0; s < n; ++s) start[hearts_mc::sim_seat(obs, s)] = hands[s] | k.played_by[s];
    if (!game.deal_hands(std::span<const hearts::CardSet>(start.data(), static_cast<size_t>(n)),
                         hands[n])
             .ok()) {
      return false;
    }
    std::array<hearts::CardSet, hearts::kMaxPlayers> later{};
    std::array<hearts::CardSet, hearts::kMaxPlays> later_at{};
    for (int i = obs.num_plays - 1; i >= 0; --i) {
      later[obs.plays[i].seat].insert(obs.plays[i].card);
      later_at[static_cast<size_t>(i)] = later[obs.plays[i].seat];
    }
    heuristic_policy::PlayTally tally;
    for (int i = 0; i < obs.num_plays; ++i) {
      const hearts::PlayRecord& play = obs.plays[i];
      if (play.seat != obs.seat) {
        PlayCheck& p = plays_[count_++];
        p = PlayCheck{play.seat,
                      play.card,
                      later_at[static_cast<size_t>(i)],
                      game.current_trick().empty(),
                      game.tricks_completed() == 0,
                      game.hearts_broken(),
                      static_cast<hearts::Suit>(std::max(0, game.lead_suit()))};
        if (checked[static_cast<size_t>(i)]) {
          hearts::Observation& view = views_.emplace_back();
          hearts::observe(game, game.to_act(), &view);
          pass.lend_to(view);
          tally.update(view);
          tallies_.push_back(tally);
          p.view = static_cast<int>(views_.size()) - 1;
        }
      }
      if (!game.play(play.card).ok()) return false;
    }
    return true;
  }

  // The engine's legal cards for `hand` at `p` under plain rules (hearts::Game's plain path, and
  // its general path's first lead).
  hearts::CardSet legal_at(const PlayCheck& p, hearts::CardSet hand) const {
    const hearts::Rules& r = rules_->rules;
    hearts::CardSet usable = hand;
    if (p.first_trick && r.no_points_first_trick) {
      const hearts::CardSet safe = hand - rules_->penalty_cards;
      if (!safe.empty()) usable = safe;
    }
    if (!p.leading) {
      const hearts::CardSet follow = hand.of_suit(p.led);
      return follow.empty() ? usable : follow;
    }
    if (!p.first_trick) return lead_options(hand, p.hearts_broken);
    if (first_lead_.is_valid()) {
      if (r.first_lead == hearts::FirstLead::kTwoOfClubs) return hearts::CardSet{first_lead_};
      if (r.first_lead == hearts::FirstLead::kAnyClub) return hand.of_suit(hearts::Suit::kClubs);
    }
    return lead_options(usable, p.hearts_broken);
  }

  // hearts::Game::lead_options.
  hearts::CardSet lead_options(hearts::CardSet hand, bool hearts_broken) const {
    const hearts::Rules& r = rules_->rules;
    if (r.lead_hearts_if_only_penalty && (hand - rules_->penalty_cards).empty()) return hand;
    hearts::CardSet restricted;
    if (!hearts_broken) {
      if (r.hearts_must_be_broken) restricted |= hearts::CardSet::whole_suit(hearts::Suit::kHearts);
      if (r.queen_lead_needs_broken) restricted.insert(hearts::kQueenOfSpades);
    }
    const hearts::CardSet allowed = hand - restricted;
    return allowed.empty() ? hand : allowed;
  }

  const hearts::CompiledRules* rules_ = nullptr;
  std::optional<hearts::Game> reference_;  // the kept observations point into it
  std::array<PlayCheck, hearts::kMaxPlays> plays_{};
  size_t count_ = 0;
  std::vector<hearts::Observation> views_;
  std::vector<heuristic_policy::PlayTally> tallies_;
  hearts::Card first_lead_;
  int first_seat_ = -1;  // the real seat of the first lead when its card is the rules' card
  std::array<hearts::CardSet, hearts::kMaxPlayers> played_by_{};
  // The heuristic's answers by (view, hand), one per slot (a newer answer replaces an older).
  struct Remembered {
    uint64_t hand = 0;
    int view = -1;
    hearts::Card card;
  };
  static constexpr int kRememberedBits = 12;
  std::vector<Remembered> remembered_ = std::vector<Remembered>(size_t{1} << kRememberedBits);
};

}  // namespace hearts_ismcts
