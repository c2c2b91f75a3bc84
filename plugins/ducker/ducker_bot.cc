// ducker: a classic "stay out of trouble" heuristic.
//
// It never tries to shoot the moon; it ducks tricks, dumps penalty cards on others and passes its
// dangerous cards away. Card values come from obs.rules->card_points, so "penalty card" means any
// card worth more than zero under the rules in force (hearts and the QS in standard; also the KS
// and AS in Black Maria, the JS in Black Jack, face-valued hearts in Spot Hearts), and "bonus
// card" means a card worth less than zero (the JD in Omnibus), which it tries to keep.
//
// "Penalty spades" are the spades worth points (QS normally; JS in Black Jack; QS, KS, AS in
// Black Maria). A spade ranked above the lowest penalty spade is "dangerous" while some penalty
// spade is still unplayed: holding it can force us to win the trick that catches the lady.
//
// Every decision picks from obs.legal only, so the play is always legal and the pass is always
// exactly obs.pass.count distinct passable cards. Dealer's choice and the moon choice keep the
// Bot defaults (pass_count cards to the left; old moon).
#include <algorithm>
#include <span>

#include "../common/card_helpers.h"
#include "hearts/plugin.h"

namespace {

using bot_helpers::above;
using bot_helpers::below;
using bot_helpers::prefer;
using bot_helpers::rank_of;
using hearts::Card;
using hearts::CardSet;
using hearts::Observation;
using hearts::PlayRecord;
using hearts::Suit;

int points(const Observation& obs, Card card) {
  return obs.card_points(card);
}

// The cards of `cards` worth more than zero (penalty) or less than zero (bonus).
CardSet penalty_cards(const Observation& obs, CardSet cards) {
  CardSet out;
  for (Card card : cards) {
    if (points(obs, card) > 0) out.insert(card);
  }
  return out;
}
CardSet bonus_cards(const Observation& obs, CardSet cards) {
  CardSet out;
  for (Card card : cards) {
    if (points(obs, card) < 0) out.insert(card);
  }
  return out;
}

// Every card played so far this deal.
CardSet played_cards(const Observation& obs) {
  CardSet out;
  for (const PlayRecord& record : obs.all_plays()) out.insert(record.card);
  return out;
}

// The spades worth points under these rules, among the cards in play.
CardSet penalty_spades(const Observation& obs) {
  return penalty_cards(obs, obs.rules->in_play.of_suit(Suit::kSpades));
}

// The best card of `cards` by a "better" relation (first card wins ties).
template <typename Better>
Card best_of(CardSet cards, Better better) {
  Card best = cards.lowest();
  for (Card card : cards) {
    if (better(card, best)) best = card;
  }
  return best;
}

class DuckerBot : public hearts::Bot {
 public:
  Card choose_play(const Observation& obs) override {
    if (obs.legal.size() == 1) return obs.legal.lowest();
    const auto trick = obs.current_trick();
    if (trick.empty()) return lead(obs);
    // A joker led under the next-card rule leaves no suit yet: nothing to follow.
    if (obs.lead_suit < 0) return discard(obs);
    const Suit led = static_cast<Suit>(obs.lead_suit);
    if (obs.legal.has_suit(led)) return follow(obs, trick, led);
    return discard(obs);
  }

  hearts::PassSelection choose_pass(const Observation& obs) override {
    const CardSet legal = obs.legal;
    const int count = obs.pass.count;
    CardSet chosen;
    hearts::PassSelection selection;
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
      if (points(obs, a) != points(obs, b)) return points(obs, a) > points(obs, b);
      return rank_of(a) > rank_of(b);
    };
    // Highest rank first; between equal ranks the card of the shorter suit (a void sooner).
    auto by_rank_then_short_suit = [&](Card a, Card b) {
      if (rank_of(a) != rank_of(b)) return rank_of(a) > rank_of(b);
      return obs.hand.count_suit(a.suit()) < obs.hand.count_suit(b.suit());
    };

    // 1. The penalty spades and the spades above them (QS, AS, KS in standard), most expensive
    //    first, unless the hand holds four or more spades below them: then the lady is guarded
    //    and they all stay (simple rule: four low spades let us duck spade leads until she falls;
    //    steps 2 and 3 then keep them too).
    CardSet keep = bonus_cards(obs, legal);  // the JD in Omnibus: only passed as a last resort
    const CardSet lady = penalty_spades(obs);
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
    // 2. High hearts (jack or above, or any heart worth 13 or more), most expensive first. Low
    //    hearts are kept: they duck heart tricks.
    CardSet high_hearts;
    for (Card card : penalty_cards(obs, legal.of_suit(Suit::kHearts))) {
      if (rank_of(card) >= static_cast<int>(hearts::Rank::kJack) || points(obs, card) >= 13) {
        high_hearts.insert(card);
      }
    }
    take_all(high_hearts, by_points_then_rank);
    // 3. The highest remaining cards, except the kept ones (bonus cards, a guarded lady).
    take_all(legal - keep, by_rank_then_short_suit);
    // 4. Only if nothing else is left: the kept cards too.
    take_all(legal, by_rank_then_short_suit);
    return selection;
  }

 private:
  // Leading: the lowest card, avoiding cards that would likely come back with points.
  Card lead(const Observation& obs) const {
    CardSet options = obs.legal;
    // Avoid leading penalty cards (hearts, the QS...) unless nothing else is legal.
    options = prefer(options - penalty_cards(obs, options), options);
    // Avoid leading spades above a penalty spade still held by someone else: we would win the
    // trick that she is dumped on.
    const CardSet outstanding = penalty_spades(obs) - played_cards(obs) - obs.hand;
    if (!outstanding.empty()) {
      options =
          prefer(options - above(options, Suit::kSpades, rank_of(outstanding.lowest())), options);
    }
    // The lowest-ranked card: it is in the suit where we hold the lowest ranks, the suit most
    // likely to be won by someone else. Between equal ranks, the shorter suit (a void sooner).
    return best_of(options, [&](Card a, Card b) {
      if (rank_of(a) != rank_of(b)) return rank_of(a) < rank_of(b);
      return obs.hand.count_suit(a.suit()) < obs.hand.count_suit(b.suit());
    });
  }

  // Following suit (obs.legal holds only cards of the led suit, or a forced card).
  Card follow(const Observation& obs, std::span<const PlayRecord> trick, Suit led) const {
    // The winning card so far: the highest of the suit led (jokers and zeros never lead it).
    int winning_rank = -1;
    for (const PlayRecord& record : trick) {
      if (record.card.is_valid() && record.card.suit() == led) {
        winning_rank = std::max(winning_rank, rank_of(record.card));
      }
    }
    const CardSet mine = obs.legal.of_suit(led);
    // Duck: the highest card that still loses to the current winner (this is how the QS gets
    // dropped under a higher spade).
    const CardSet ducks = below(mine, led, winning_rank);
    if (!ducks.empty()) return ducks.highest();
    // Every card we hold wins for now. Prefer the card worth the fewest points, since we will
    // probably capture it ourselves (never the QS while a cheaper card will do).
    const bool last = static_cast<int>(trick.size()) == obs.trick_length - 1;
    return best_of(mine, [&](Card a, Card b) {
      if (points(obs, a) != points(obs, b)) return points(obs, a) < points(obs, b);
      // Last to play: we win anyway, so get rid of the highest card. Otherwise play the lowest,
      // hoping someone behind us plays higher.
      return last ? rank_of(a) > rank_of(b) : rank_of(a) < rank_of(b);
    });
  }

  // Void in the led suit: whatever we play cannot win, so unload.
  Card discard(const Observation& obs) const {
    const CardSet legal = obs.legal;
    // 1. The most expensive penalty card: the QS (13) first, then (Black Maria) the KS and AS,
    //    then the highest heart. Legal only when the rules allow points now (trick 1).
    const CardSet penalties = penalty_cards(obs, legal);
    if (!penalties.empty()) {
      return best_of(penalties, [&](Card a, Card b) {
        if (points(obs, a) != points(obs, b)) return points(obs, a) > points(obs, b);
        return rank_of(a) > rank_of(b);
      });
    }
    // Keep bonus cards (the JD in Omnibus) unless nothing else is legal.
    CardSet options = prefer(legal - bonus_cards(obs, legal), legal);
    // 2. While a penalty spade is unplayed, the spades above it (AS, KS) are dangerous: dump them.
    const CardSet lady = penalty_spades(obs) - played_cards(obs);
    if (!lady.empty()) {
      const CardSet danger = above(options, Suit::kSpades, rank_of(lady.lowest()));
      if (!danger.empty()) return danger.highest();
    }
    // 3. The highest card; between equal ranks the shorter suit (a void sooner).
    return best_of(options, [&](Card a, Card b) {
      if (rank_of(a) != rank_of(b)) return rank_of(a) > rank_of(b);
      return obs.hand.count_suit(a.suit()) < obs.hand.count_suit(b.suit());
    });
  }
};

}  // namespace

HEARTS_EXPORT_BOT(DuckerBot, "ducker", "1.0", "Black Lady Arena")
