// The heuristic player's decisions (the heuristic plugin plays them; montecarlo uses them as
// its rollout policy and for its pass): a rule-based Black Lady player in the spirit of the
// classic Hearts programs. Header-only, so each plugin compiles its own copy.
//
// Every decision is a short list of rules, each with its reason. Card values always come from
// obs.rules->card_points, so "penalty card" means a card worth more than zero under the rules in
// force (hearts and the QS in standard; the KS and AS too in Black Maria, the JS in Black Jack,
// face-valued hearts in Spot Hearts) and "bonus card" a card worth less than zero (the JD in
// Omnibus), which it tries to win.
//
// "Lady spades" are the spades worth points (the QS normally). A spade ranked above the lowest
// lady spade is "dangerous" while a lady spade we do not hold is still out: holding it can force
// us to win the trick that catches her.
//
// Card counting (class Knowledge): the cards played, the suits each player has shown void in, the
// cards we passed and to whom (they stay in that hand until played), the penalty points each
// player has taken from tricks, and the cards still out (in play, not played, not ours).
//
// Modes, checked at every play:
//   shoot: no other player has taken a penalty point and our hand has (almost) no losers left:
//          we take every trick. Conservative on purpose: a failed moon costs far more than the
//          points saved by ducking.
//   block: one opponent has taken every penalty point so far, a large share of them, and some
//          are still out: we make sure someone else (we, if need be) takes a point.
//   normal: duck, dump, smoke out the lady.
//
// Every choice is made among obs.legal, so plays are always legal, and every pass is exactly
// obs.pass.count distinct cards of obs.legal. Dealer's choice keeps the Bot default; the moon
// choice takes new moon when old moon would end the game with us not winning.
//
// Thread safety: HeuristicPolicy has no state; its methods are pure functions of the observation.
#pragma once

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "card_helpers.h"
#include "hearts/bot.h"
#include "hearts/observation.h"
#include "play_tally.h"

namespace heuristic_policy {

// The policy's card counting assumes the 52 cards in tricks of one card per seat. Under a stock,
// booster nines or jokers the bot refuses each decision with this one line (the referee records
// it and its fallback plays).
inline void require_plain_rules(const hearts::Observation& obs, const char* bot) {
  if (obs.rules != nullptr && obs.rules->extended_play) {
    throw std::runtime_error(std::string(bot) +
                             " plays only the 52-card game: no stock, booster nines or jokers");
  }
}

using bot_helpers::above;
using bot_helpers::below;
using bot_helpers::prefer;
using bot_helpers::rank_of;
using hearts::Card;
using hearts::CardSet;
using hearts::MoonRule;
using hearts::Observation;
using hearts::PlayRecord;
using hearts::Rank;
using hearts::Suit;

constexpr std::array<Suit, 4> kSuits = {Suit::kClubs, Suit::kDiamonds, Suit::kHearts,
                                        Suit::kSpades};

// The card of `cards` with the lowest key (first card wins ties). `cards` must not be empty.
template <typename Key>
Card min_by(CardSet cards, Key key) {
  Card best = cards.lowest();
  auto best_key = key(best);
  for (Card card : cards) {
    auto k = key(card);
    if (k < best_key) {
      best = card;
      best_key = k;
    }
  }
  return best;
}

// Everything the observation lets us count.
struct Knowledge {
  const Observation& obs;
  int n = 0;
  CardSet played;
  CardSet out;  // in play, not played, not in our hand: held by others (or the hidden kitty)
  std::array<CardSet, hearts::kMaxPlayers> known;  // cards we passed that are still in that hand
  std::array<std::array<bool, 4>, hearts::kMaxPlayers> void_in{};
  std::array<int, hearts::kMaxPlayers> penalty{};  // positive points taken from tricks
  CardSet lady;                                    // lady spades in play
  // The rules' cards in play worth more (penalty) or less (bonus) than zero: a mask each, so a
  // decision never walks a set card by card to find them.
  CardSet penalty_cards;
  CardSet bonus_cards;
  int moon_total = 0;

  // From the plays counted in `tally`, which must be up to date with `o` (PlayTally::update).
  Knowledge(const Observation& o, const PlayTally& tally)
      : obs(o),
        n(o.num_players),
        played(tally.played),
        void_in(tally.void_in),
        penalty(tally.penalty) {
    out = obs.rules->in_play - played - obs.hand;
    // The cards we passed are in their receiver's hand until played (not with a shuffle pass).
    if (obs.pass.kind == hearts::PassKind::kOffset || obs.pass.kind == hearts::PassKind::kScatter ||
        obs.pass.kind == hearts::PassKind::kStar) {
      for (int k = 0; k < obs.passed_count; ++k) {
        const int to = hearts::pass_target(obs.pass, n, obs.seat, k);
        if (to >= 0 && to < n && !played.contains(obs.passed[k])) known[to].insert(obs.passed[k]);
      }
    }
    penalty_cards = obs.rules->penalty_cards;
    bonus_cards = obs.rules->counters - obs.rules->penalty_cards;
    lady = obs.rules->in_play.of_suit(Suit::kSpades) & penalty_cards;
    moon_total = obs.rules->moon_total;
  }
  // Counting the whole deal's plays from scratch.
  explicit Knowledge(const Observation& o) : Knowledge(o, fresh_tally(o)) {}

  static PlayTally fresh_tally(const Observation& o) {
    PlayTally tally;
    tally.update(o);
    return tally;
  }

  int pts(Card c) const { return obs.card_points(c); }
  // The cards of `cards` worth more than zero; `cards` must be in play (held, out or legal).
  CardSet penalty_of(CardSet cards) const { return cards & penalty_cards; }
  // The cards of `cards` worth less than zero; `cards` must be in play.
  CardSet bonus_of(CardSet cards) const { return cards & bonus_cards; }
  // Lady spades neither played nor ours.
  CardSet lady_out() const { return lady & out; }
  // Who holds `card` (we passed it there), or -1.
  int holder(Card card) const {
    for (int s = 0; s < n; ++s) {
      if (known[s].contains(card)) return s;
    }
    return -1;
  }
  bool moon_counts() const {
    const MoonRule m = obs.rules->rules.moon;
    return m != MoonRule::kNone && m != MoonRule::kNoScore && moon_total > 0;
  }
  int penalty_out() const {
    int r = 0;
    const CardSet penalties_out = out & penalty_cards;
    for (Card c : penalties_out) r += pts(c);
    return r;
  }
};

// A pass being chosen: the cards taken so far, in order, and the cards held back. Each step
// takes cards while there is room; every card taken is legal and not yet chosen.
struct PassPicker {
  const Knowledge& k;
  const CardSet legal;
  const int count;
  const CardSet hand;
  CardSet chosen;
  hearts::PassSelection selection;
  // Bonus cards (the JD in Omnibus) are worth keeping: passed only as a last resort.
  CardSet keep;

  explicit PassPicker(const Knowledge& knowledge)
      : k(knowledge),
        legal(knowledge.obs.legal),
        count(knowledge.obs.pass.count),
        hand(knowledge.obs.hand),
        keep(knowledge.bonus_of(legal)) {}

  void take(Card card) {
    if (selection.size() < count && legal.contains(card) && !chosen.contains(card)) {
      chosen.insert(card);
      selection.push_back(card);
    }
  }
  int room() const { return count - selection.size(); }

  // 1. Lady spades and the spades above them. With three or more spades below the lowest lady
  //    spade ("cover") we can hold the QS: we duck every spade lead until she can be dropped
  //    on someone else's AS/KS, so she is kept (passing her just arms a neighbour, and the
  //    receiver may be the one we must lead to). Without cover she goes, most expensive first.
  //    The AS/KS: kept with four or more low spades when we do not hold the QS (we can duck
  //    until she falls); otherwise passed (without the QS they only catch her).
  void pass_lady_spades() {
    if (k.lady.empty()) return;
    const int lowest_lady = rank_of(k.lady.lowest());
    const CardSet low = below(hand, Suit::kSpades, lowest_lady);
    const CardSet my_lady = hand & k.lady;
    const CardSet high = above(hand, Suit::kSpades, lowest_lady) - k.lady;
    const bool cover = low.size() >= 3;
    if (!cover) {
      CardSet danger = my_lady | high;
      while (room() > 0 && !(danger & (legal - chosen)).empty()) {
        take(min_by(danger & (legal - chosen),
                    [&](Card c) { return std::pair(-k.pts(c), -rank_of(c)); }));
      }
    } else if (!my_lady.empty()) {
      keep |= my_lady;
      // Holding the lady with cover: the higher spades only force us to win spade tricks
      // in which we would like to drop her. Pass them (the receiver will catch her).
      for (Card c : high) take(c);
      keep |= low;
    } else if (low.size() >= 4) {
      keep |= high | low;
    } else {
      for (Card c : high) take(c);
      keep |= low;
    }
  }

  // 2. A void in clubs or diamonds: if all of a short minor fits into the remaining pass, pass
  //    it (shortest first). A void lets us discard the QS and hearts early.
  void pass_short_minor() {
    if (room() <= 0) return;
    for (int len = 1; len <= room(); ++len) {
      for (Suit s : {Suit::kClubs, Suit::kDiamonds}) {
        const CardSet suit = hand.of_suit(s);
        if (suit.size() == len && (suit & legal).size() == len && !suit.intersects(keep) &&
            len <= room()) {
          for (Card c : suit) take(c);
        }
      }
    }
  }

  // 3. High hearts (queen and above, or any heart worth 10 or more), most expensive first:
  //    they win heart tricks late in the deal. Low hearts stay: they duck heart tricks.
  void pass_high_hearts() {
    CardSet high_hearts;
    for (Card c : k.penalty_of(legal.of_suit(Suit::kHearts))) {
      if (rank_of(c) >= static_cast<int>(Rank::kQueen) || k.pts(c) >= 10) high_hearts.insert(c);
    }
    while (room() > 0 && !(high_hearts - chosen).empty()) {
      take(min_by(high_hearts - chosen, [&](Card c) { return std::pair(-k.pts(c), -rank_of(c)); }));
    }
  }

  // Highest rank first; between equal ranks the suit we hold fewest of (not counting chosen).
  std::pair<int, int> by_rank_short(Card c) const {
    return std::pair(-rank_of(c), (hand - chosen).count_suit(c.suit()));
  }

  // 4. The highest remaining cards (spades below the lady are cover: not passed), between
  //    equal ranks the shorter suit, which moves us toward a void. Low cards are never passed
  //    while a high one remains.
  void pass_highest_cards() {
    auto key = [&](Card c) { return by_rank_short(c); };
    CardSet cover_spades;
    if (!k.lady.empty()) cover_spades = below(hand, Suit::kSpades, rank_of(k.lady.lowest()));
    while (room() > 0 && !(legal - chosen - keep - cover_spades).empty()) {
      take(min_by(legal - chosen - keep - cover_spades, key));
    }
    while (room() > 0 && !(legal - chosen - keep).empty()) {
      take(min_by(legal - chosen - keep, key));
    }
  }

  // 5. Only if nothing else is left: the kept cards too.
  void pass_kept_cards() {
    auto key = [&](Card c) { return by_rank_short(c); };
    while (room() > 0 && !(legal - chosen).empty()) take(min_by(legal - chosen, key));
  }
};

class HeuristicPolicy {
 public:
  // ------------------------------------------------------------------------------------------
  // Passing
  // ------------------------------------------------------------------------------------------
  hearts::PassSelection choose_pass(const Observation& obs) const {
    const Knowledge k(obs);
    PassPicker pass(k);
    pass.pass_lady_spades();
    pass.pass_short_minor();
    pass.pass_high_hearts();
    pass.pass_highest_cards();
    pass.pass_kept_cards();
    return pass.selection;
  }

  // New moon when old moon would end the game with us not among the winners (or simply puts us
  // further from the others than new moon does): old moon adds the total to everyone else.
  bool choose_new_moon(const Observation& obs) const {
    const int total = obs.rules->moon_total;
    const int end = obs.rules->rules.end_score;
    int best_other = 1 << 30;
    bool ends = false;
    for (int s = 0; s < obs.num_players; ++s) {
      if (s == obs.seat) continue;
      best_other = std::min(best_other, obs.scores[s] + total);
      if (end > 0 && obs.scores[s] + total >= end) ends = true;
    }
    const int mine = obs.scores[obs.seat];
    if (ends) return mine > best_other;  // old moon ends the game: new moon only if we'd lose
    // Otherwise old moon: the same 26-point swing against every opponent, and no negative score.
    return false;
  }

  // ------------------------------------------------------------------------------------------
  // Playing
  // ------------------------------------------------------------------------------------------
  Card choose_play(const Observation& obs) const {
    PlayTally tally;
    return choose_play(obs, tally);
  }
  // The same choice, counting the deal's plays in `tally` (brought up to date here): a playout
  // keeps one tally for the table, so each decision reads only the plays since the last.
  Card choose_play(const Observation& obs, PlayTally& tally) const {
    if (obs.legal.size() == 1) return obs.legal.lowest();
    tally.update(obs);
    const Knowledge k(obs, tally);
    const auto trick = obs.current_trick();

    if (shooting(k)) return shoot_play(k, trick);
    const int target = moon_threat(k);
    if (trick.empty()) return lead(k, target);
    const Suit led = trick.front().card.suit();
    if (obs.legal.has_suit(led)) return follow(k, trick, led, target);
    return discard(k, trick, target);
  }

 private:
  // --- Moon modes -------------------------------------------------------------------------

  // Our cards that may lose a trick: for each suit, the card at position i (0 = our highest) is
  // a sure winner when at most i outstanding cards of the suit are above it... approximated by
  // "no outstanding card above it once our higher cards have drawn out as many".
  static int losers(const Knowledge& k) {
    int count = 0;
    for (Suit s : kSuits) {
      // Our cards of the suit from the highest down; i of them are above the card at hand.
      CardSet mine = k.obs.hand.of_suit(s);
      for (int i = 0; !mine.empty(); ++i) {
        const Card c = mine.highest();
        mine.erase(c);
        if (above(k.out, s, rank_of(c)).size() > i) ++count;
      }
    }
    return count;
  }

  // Shoot only when no other player has a penalty point, the moon scores, and our hand is all
  // (or, once we already hold half the points, all but one low card) sure winners. Never on the
  // first trick of a hand we cannot yet read.
  bool shooting(const Knowledge& k) const {
    if (!k.moon_counts()) return false;
    for (int s = 0; s < k.n; ++s) {
      if (s != k.obs.seat && k.penalty[s] > 0) return false;
    }
    if (k.obs.tricks_completed == 0) return false;
    const int lose = losers(k);
    if (lose == 0) return true;
    return lose == 1 && k.penalty[k.obs.seat] * 2 >= k.moon_total;
  }

  Card shoot_play(const Knowledge& k, std::span<const PlayRecord> trick) const {
    const Observation& obs = k.obs;
    if (trick.empty()) {
      // Lead the highest card of the suit where we are strongest; hearts when we may, so the
      // points come to us.
      return min_by(obs.legal, [&](Card c) {
        return std::pair(static_cast<int>(above(k.out, c.suit(), rank_of(c)).size()),
                         -rank_of(c) - (c.suit() == Suit::kHearts ? 1 : 0));
      });
    }
    const Suit led = trick.front().card.suit();
    if (obs.legal.has_suit(led)) return obs.legal.of_suit(led).highest();
    // Void: throw the lowest card that is worth nothing (our own points must stay with us).
    return min_by(obs.legal, [&](Card c) { return std::pair(k.pts(c) != 0, rank_of(c)); });
  }

  // The opponent who has taken every penalty point so far, if it is a big share and points are
  // still out; -1 otherwise.
  static int moon_threat(const Knowledge& k) {
    if (!k.moon_counts()) return -1;
    int who = -1;
    for (int s = 0; s < k.n; ++s) {
      if (k.penalty[s] == 0) continue;
      if (who >= 0) return -1;
      who = s;
    }
    if (who < 0 || who == k.obs.seat) return -1;
    if (k.penalty_out() == 0) return -1;
    // A third of the total, or the lady plus a few hearts: ducker-like players rarely get
    // there by accident.
    if (k.penalty[who] * 3 < k.moon_total) return -1;
    return who;
  }

  // --- Trick helpers ----------------------------------------------------------------------

  struct TrickState {
    Card best;
    int winner = -1;
    int points = 0;
    int behind = 0;  // players still to play after us
  };
  static TrickState state(const Knowledge& k, std::span<const PlayRecord> trick) {
    TrickState st;
    const Suit led = trick.front().card.suit();
    st.best = trick.front().card;
    st.winner = trick.front().seat;
    for (const PlayRecord& p : trick) {
      st.points += k.pts(p.card);
      if (p.card.suit() == led && p.card.rank() > st.best.rank()) {
        st.best = p.card;
        st.winner = p.seat;
      }
    }
    st.behind = k.n - 1 - static_cast<int>(trick.size());
    return st;
  }

  // The seats still to play after us in this trick (no allocation: it is asked per decision).
  struct Seats {
    std::array<int, hearts::kMaxPlayers> seat{};
    int count = 0;
    const int* begin() const { return seat.data(); }
    const int* end() const { return seat.data() + count; }
    bool empty() const { return count == 0; }
    int size() const { return count; }
  };
  static Seats seats_behind(const Knowledge& k, std::span<const PlayRecord> trick) {
    Seats r;
    const int behind = k.n - 1 - static_cast<int>(trick.size());
    // Play goes to the left, or to the right under play_anticlockwise (Likha).
    const int step = k.obs.rules->rules.play_anticlockwise ? k.n - 1 : 1;
    for (int i = 1; i <= behind; ++i) r.seat[r.count++] = (k.obs.seat + i * step) % k.n;
    return r;
  }

  // Can a lady spade (or any penalty) still land in this trick from the players behind us?
  // A lady spade held (as we know from our pass) by someone who already played cannot.
  static bool lady_can_come(const Knowledge& k, std::span<const PlayRecord> trick) {
    const CardSet lady = k.lady_out();
    if (lady.empty()) return false;
    const auto behind = seats_behind(k, trick);
    for (Card c : lady) {
      const int h = k.holder(c);
      if (h < 0) return !behind.empty();
      if (std::find(behind.begin(), behind.end(), h) != behind.end()) return true;
    }
    return false;
  }

  // Could a player behind us be void in the led suit (known void, or the suit is nearly gone)?
  static bool someone_behind_may_be_void(const Knowledge& k, std::span<const PlayRecord> trick,
                                         Suit led) {
    const auto behind = seats_behind(k, trick);
    if (behind.empty()) return false;
    for (int s : behind) {
      if (k.void_in[s][static_cast<int>(led)]) return true;
    }
    // Fewer outstanding cards of the suit than two per player behind: voids are likely.
    return k.out.count_suit(led) < 2 * static_cast<int>(behind.size());
  }

  // --- Leading ----------------------------------------------------------------------------
  Card lead(const Knowledge& k, int threat) const {
    const Observation& obs = k.obs;
    CardSet options = obs.legal;

    // Block a moon: lead a heart (or other penalty card) that we know wins, taking a point
    // ourselves; it costs us a few points and saves us the whole moon total.
    if (threat >= 0) {
      for (Card c : k.penalty_of(options)) {
        if (above(k.out, c.suit(), rank_of(c)).empty() && k.out.has_suit(c.suit())) return c;
      }
    }

    // Omnibus: the JD when it is the highest diamond left and no one can be void in diamonds
    // yet (it then wins a trick worth -10 for us).
    for (Card c : k.bonus_of(options)) {
      if (above(k.out, c.suit(), rank_of(c)).empty() &&
          k.out.count_suit(c.suit()) >= 2 * (k.n - 1)) {
        bool voids = false;
        for (int s = 0; s < k.n; ++s)
          voids |= s != obs.seat && k.void_in[s][static_cast<int>(c.suit())];
        if (!voids) return c;
      }
    }

    const CardSet lady_out = k.lady_out();
    const CardSet my_lady = obs.hand & k.lady;
    const int lowest_lady = k.lady.empty() ? 13 : rank_of(k.lady.lowest());

    // The other players known void in each suit.
    std::array<int, 4> others_void{};
    for (int p = 0; p < k.n; ++p) {
      if (p == obs.seat) continue;
      for (int s = 0; s < 4; ++s) others_void[s] += k.void_in[p][s];
    }

    // Score every candidate: lower is better.
    auto score = [&](Card c) {
      const Suit s = c.suit();
      const int r = rank_of(c);
      const int higher = above(k.out, s, r).size();
      const int lower = below(k.out, s, r).size();
      const int out_in_suit = higher + lower;
      double v = 0;
      // Risk of winning: the share of outstanding cards of the suit below ours; a card that
      // beats everything out (or a suit no one else holds) wins for sure.
      if (higher == 0) {
        v += out_in_suit == 0 ? 30 : 20;
      } else {
        v += 10.0 * lower / (out_in_suit + 1);
      }
      // Leading penalty cards gives points away only if we lose; but a heart we might win
      // is costly. Leading the lady ourselves is terrible unless it must lose to a higher
      // lady-holder card out.
      if (k.pts(c) > 0) v += higher == 0 ? 10.0 + k.pts(c) : (s == Suit::kHearts ? 1.0 : 8.0);
      if (k.pts(c) < 0) v += 15;  // keep the JD for a trick we win
      if (s == Suit::kSpades && !lady_out.empty()) {
        if (r > lowest_lady) {
          v += 25;  // AS/KS while the lady is out: she will be dropped on us
        } else if (my_lady.empty() && (obs.hand & above(CardSet::whole_suit(Suit::kSpades),
                                                        Suit::kSpades, lowest_lady))
                                          .empty()) {
          v -= 6;  // smoke out the lady: low spades when we hold no spade above her
        }
      }
      if (s == Suit::kSpades && !my_lady.empty() && r < lowest_lady) {
        v += 2;  // holding the lady: leading spades only draws out our cover
      }
      // Short suits: leading them moves us toward a void (for dumping later).
      v += 0.4 * obs.hand.count_suit(s);
      // Known voids among the others: the trick is cheap for us only if we lose it, and a
      // void player dumps points on whoever wins it.
      for (int p = 0; p < others_void[static_cast<int>(s)]; ++p) {
        v += 3.0 * lower / (out_in_suit + 1);
      }
      return v;
    };
    return min_by(options, [&](Card c) { return std::pair(score(c), rank_of(c)); });
  }

  // --- Following suit ---------------------------------------------------------------------
  Card follow(const Knowledge& k, std::span<const PlayRecord> trick, Suit led, int threat) const {
    const Observation& obs = k.obs;
    const TrickState st = state(k, trick);
    const CardSet mine = obs.legal.of_suit(led);
    const CardSet ducks = below(mine, led, rank_of(st.best));
    const CardSet winners = mine - ducks;
    const bool last = st.behind == 0;

    // Block a moon: the threatening player is winning a trick with points (or will, being
    // behind us with the lead suit): take it with our lowest winner if we can.
    if (threat >= 0 && !winners.empty() && (st.points > 0 || last) && st.winner == threat) {
      return winners.lowest();
    }
    // Block a moon when the threat is not winning: let the trick (with its points) go to the
    // current winner if we can duck, else fall through.

    // Omnibus JD: win the trick holding the JD (or win with the JD itself) when safe.
    const bool safe_win =
        last || (!lady_can_come(k, trick) && !someone_behind_may_be_void(k, trick, led));
    {
      const CardSet bonus_in_trick = [&] {
        CardSet b;
        for (const PlayRecord& p : trick) {
          if (k.pts(p.card) < 0) b.insert(p.card);
        }
        return b;
      }();
      const int bonus_mine = [&] {
        int b = 0;
        for (Card c : k.bonus_of(winners)) b += k.pts(c);
        return b;
      }();
      if ((!bonus_in_trick.empty() || bonus_mine < 0) && !winners.empty() && st.points <= 0) {
        // Win if the best winner beats everything behind, or we are last.
        const Card top = winners.highest();
        if (last || (above(k.out, led, rank_of(top)).empty() && safe_win)) {
          const CardSet jd = k.bonus_of(winners);
          return jd.empty()
                     ? min_by(winners, [&](Card c) { return std::pair(k.pts(c), -rank_of(c)); })
                     : jd.lowest();
        }
      }
    }

    // Duck: the highest card that still loses to the current winner. This drops the lady
    // under a higher spade, and sheds our highest safe card.
    if (!ducks.empty()) {
      // Last to a clean trick: win it with our highest card instead (it would win a later
      // trick anyway, maybe one with points), unless that card carries points itself.
      if (last && st.points == 0 && !winners.empty()) {
        const CardSet clean = winners - k.penalty_of(winners);
        if (!clean.empty()) {
          // With the lady out, winning with a high spade is fine now (she is not in the trick),
          // and it is a dangerous card gone.
          return clean.highest();
        }
      }
      // Trick 1 without points: take it with the highest card when points cannot be
      // discarded on it... only when we surely lose nothing: not needed; duck.
      return ducks.highest();
    }

    // Every card we hold wins for now.
    const CardSet clean = prefer(winners - k.penalty_of(winners), winners);
    if (last) {
      // We win anyway: shed the highest card that carries no points of its own.
      return min_by(clean, [&](Card c) { return std::pair(k.pts(c), -rank_of(c)); });
    }
    // Not last: spades with the lady still able to come, or a suit others may be void in:
    // play low and hope someone overtakes. Otherwise (everyone behind likely follows with
    // lower cards anyway, e.g. the first round of a suit) shed the highest.
    const bool first_trick_safe =
        obs.tricks_completed == 0 && obs.rules->rules.no_points_first_trick;
    if (first_trick_safe || safe_win) {
      return min_by(clean, [&](Card c) { return std::pair(k.pts(c), -rank_of(c)); });
    }
    return min_by(clean, [&](Card c) { return std::pair(k.pts(c), rank_of(c)); });
  }

  // --- Discarding (void in the led suit) ---------------------------------------------------
  Card discard(const Knowledge& k, std::span<const PlayRecord> trick, int threat) const {
    const Observation& obs = k.obs;
    const CardSet legal = obs.legal;
    const TrickState st = state(k, trick);
    const CardSet penalties = k.penalty_of(legal);
    CardSet options = prefer(legal - k.bonus_of(legal), legal);

    // Block a moon: never feed the threatening player's trick; feed anyone else's.
    if (threat >= 0 && st.winner == threat) {
      const CardSet safe = options - penalties;
      if (!safe.empty()) {
        return min_by(
            safe, [&](Card c) { return std::pair(-rank_of(c), obs.hand.count_suit(c.suit())); });
      }
    }

    // 1. The lady (and other spades worth points), most expensive first.
    const CardSet lady_here = penalties & k.lady;
    if (!lady_here.empty()) {
      return min_by(lady_here, [&](Card c) { return std::pair(-k.pts(c), -rank_of(c)); });
    }
    // 2. The AS/KS while a lady is out and we have little spade cover: they would catch her.
    const CardSet lady_out = k.lady_out();
    if (!lady_out.empty()) {
      const int lowest_lady = rank_of(k.lady.lowest());
      const CardSet danger = above(options, Suit::kSpades, lowest_lady) - k.lady;
      const int cover = below(obs.hand, Suit::kSpades, lowest_lady).size();
      if (!danger.empty() && cover < 3) return danger.highest();
    }
    // 3. The most expensive penalty card (highest heart first).
    if (!penalties.empty()) {
      return min_by(penalties, [&](Card c) { return std::pair(-k.pts(c), -rank_of(c)); });
    }
    // 4. Dangerous spades even with cover.
    if (!lady_out.empty()) {
      const CardSet danger = above(options, Suit::kSpades, rank_of(k.lady.lowest())) - k.lady;
      if (!danger.empty()) return danger.highest();
    }
    // 5. The card most likely to win a later trick: many outstanding cards below it, few
    //    above; between equals the shorter suit (a void sooner).
    return min_by(options, [&](Card c) {
      const Suit s = c.suit();
      const int higher = above(k.out, s, rank_of(c)).size();
      const int lower = below(k.out, s, rank_of(c)).size();
      const int danger = lower - 2 * higher + rank_of(c);
      return std::pair(-danger, obs.hand.count_suit(s));
    });
  }
};

}  // namespace heuristic_policy
