// The consistency check `arena serve` runs on every request before a hosted bot sees it.
//
// A served bot trusts its observation the way an in-process bot trusts the referee's: it indexes
// arrays by seat and by trick, walks the current trick, and samples hidden hands from what it is
// shown. A request is therefore checked against the rules it names and against itself: every
// count (players, seats, hand sizes, pass counts, tricks), every card (a card id, in play, given
// once, and only where that seat can have seen it), the turn order and the trick winners against
// the plays, and what the asked decision needs (a legal card within the hand, a pass from the
// passable cards). docs/remote-bots.md lists the checks.
//
// Thread safety: pure functions.
#pragma once

#include <string>

#include "bot_service.pb.h"
#include "hearts/game.h"
#include "hearts/rules.h"

namespace arena {

// Longest game id a served bot accepts, in bytes (the arena's own are under 32).
inline constexpr size_t kMaxGameIdBytes = 128;
// Largest score or counter a request may carry (far beyond any game; keeps bot arithmetic safe).
inline constexpr int kMaxScoreMagnitude = 100'000'000;

// Checks an observation message against `rules` for the request that carries it. `asked` is the
// decision asked (kPass, kPlay, kMoonChoice, kDealerChoice) or, for a notification, kDeal (a
// deal's end) or kGameOver (the game's end). Returns "" if it is consistent, else one line that
// names the field and what is wrong ("observation.trick_winners: ...").
std::string check_observation(const hearts::proto::Observation& in,
                              const hearts::CompiledRules& rules, hearts::Phase asked);

// check_observation for rules with decks=2 (check_observation calls it): the same promises, with
// cards counted copy by copy (observation_check_two_decks.cc).
std::string check_two_deck_observation(const hearts::proto::Observation& in,
                                       const hearts::CompiledRules& rules, hearts::Phase asked);

// Checks a notification's deal result for `num_players` seats; "" or one line naming the field.
std::string check_deal_result(const hearts::proto::DealResult& in, int num_players);

}  // namespace arena
