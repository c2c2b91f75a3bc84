// check_observation for two-deck rules (decks=2, Cancellation Hearts): the same promises as the
// one-deck check (observation_check.cc), with cards counted as copies. Every count is bounded
// first; then the seat's own cards (hand and hand_twice, dealt, passed, received, played) must
// add up copy by copy, no card may appear more often than the two decks hold it, the turn order
// and every trick winner (later-wins, or the cancellation rule with void tricks as -1) follow
// from the plays, and tricks won and points taken (void tricks' points carried to the next
// winner) follow from the winners.
#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

#include "players/observation_check.h"

namespace arena {
namespace {

namespace pb = hearts::proto;
using google::protobuf::RepeatedField;
using hearts::Card;
using hearts::CardSet;
using hearts::PassKind;
using hearts::Phase;
using hearts::Suit;

using Counts = std::array<int, 64>;  // copies per card id

std::string text(int value) {
  return std::to_string(value);
}

bool is_card_id(int32_t id) {
  return id >= 0 && id < 64 && Card::from_id(id).is_valid();
}

bool is_notification(Phase asked) {
  return asked == Phase::kDeal || asked == Phase::kGameOver;
}

int total(const Counts& counts) {
  int sum = 0;
  for (int c : counts) sum += c;
  return sum;
}

class TwoDeckCheck {
 public:
  TwoDeckCheck(const pb::Observation& in, const hearts::CompiledRules& rules, Phase asked)
      : in_(in), rules_(rules), asked_(asked), n_(rules.rules.num_players) {
    for (Card card : rules.in_play) copies_[card.id()] = 1 + rules.in_play_twice.contains(card);
  }

  std::string run() {
    const bool ok = table() && seat_arrays() && own_cards() && pass_plan() && passes() && plays() &&
                    tricks() && counts() && accounting() && legal() && decision();
    return ok ? "" : error_;
  }

 private:
  bool fail(std::string_view field, const std::string& what) {
    error_ = "observation." + std::string(field) + ": " + what;
    return false;
  }
  int hand_size() const { return rules_.hand_size; }
  Card play_card(int i) const { return Card::from_id(in_.plays(i).card()); }
  int play_seat(int i) const { return in_.plays(i).seat(); }

  // A list of card ids, each in play, none more often than the two decks hold it.
  bool read(std::string_view field, const RepeatedField<int32_t>& ids, Counts* out) {
    *out = {};
    for (int32_t id : ids) {
      if (!is_card_id(id)) return fail(field, text(id) + " is not a card id");
      if (++(*out)[id] > copies_[id]) {
        return fail(field, hearts::to_string(Card::from_id(id)) + " is listed more often than " +
                               "the decks in play hold it");
      }
    }
    return true;
  }
  // A card set and its second copies (a subset), as counts.
  bool read_pair(std::string_view field, const RepeatedField<int32_t>& once,
                 const RepeatedField<int32_t>& twice, Counts* out) {
    Counts a, b;
    if (!read(field, once, &a) || !read(field, twice, &b)) return false;
    for (int id = 0; id < 64; ++id) {
      if (a[id] > 1) return fail(field, "lists a card twice; the second copy goes in *_twice");
      if (b[id] > a[id]) return fail(field, "a second copy of a card not held");
      (*out)[id] = a[id] + b[id];
    }
    return true;
  }

  bool table() {
    if (in_.num_players() != n_) {
      return fail("num_players",
                  text(in_.num_players()) + ", but the rules are for " + text(n_) + " players");
    }
    if (in_.seat() < 0 || in_.seat() >= n_) return fail("seat", text(in_.seat()) + " is no seat");
    seat_ = in_.seat();
    if (in_.deal_index() < 0) return fail("deal_index", text(in_.deal_index()) + " is negative");
    if (in_.dealer() != (n_ - 1 + in_.deal_index() % n_) % n_) {
      return fail("dealer", "seat " + text(in_.dealer()) + " does not deal this deal");
    }
    const int64_t done = in_.deals_completed();
    if (done != in_.deal_index() && !(is_notification(asked_) && done == in_.deal_index() + 1)) {
      return fail("deals_completed", text(in_.deals_completed()) + " does not fit deal_index");
    }
    if (!in_.kitty().empty()) return fail("kitty", "two decks are dealt without a kitty");
    return true;
  }

  bool seat_arrays() {
    for (const auto* values :
         {&in_.points_taken(), &in_.tricks_won(), &in_.scores(), &in_.counters()}) {
      if (values->size() != n_) return fail("points_taken", "per-seat arrays need one per seat");
      for (int32_t v : *values) {
        if (v > kMaxScoreMagnitude || v < -kMaxScoreMagnitude) {
          return fail("scores", text(v) + " is beyond +-" + text(kMaxScoreMagnitude));
        }
      }
    }
    if (in_.moon_total() != 0 && in_.moon_total() != rules_.moon_total) {
      return fail("moon_total",
                  text(in_.moon_total()) + "; the rules make it " + text(rules_.moon_total));
    }
    if (in_.cards_per_hand() != 0 && in_.cards_per_hand() != hand_size()) {
      return fail("cards_per_hand",
                  text(in_.cards_per_hand()) + "; the rules deal " + text(hand_size()));
    }
    return true;
  }

  bool own_cards() {
    Counts legal;
    if (!read_pair("hand", in_.hand(), in_.hand_twice(), &hand_) ||
        !read_pair("dealt_hand", in_.dealt_hand(), in_.dealt_hand_twice(), &dealt_) ||
        !read("legal", in_.legal(), &legal)) {
      return false;
    }
    if (total(dealt_) != hand_size()) {
      return fail("dealt_hand",
                  text(total(dealt_)) + " cards; the rules deal " + text(hand_size()));
    }
    if (total(hand_) > hand_size()) return fail("hand", "more cards than the rules deal");
    for (int32_t id : in_.legal()) legal_.insert(Card::from_id(id));
    for (int32_t id : in_.hand()) hand_kinds_.insert(Card::from_id(id));
    return true;
  }

  bool pass_plan() {
    const pb::PassPlan& p = in_.pass_plan();
    if (p.kind() < 0 || p.kind() > 4 || p.offset() < 0 || p.offset() > 255 || p.count() < 0 ||
        p.count() > 255) {
      return fail("pass_plan", "kind, offset or count out of range");
    }
    plan_ = {static_cast<PassKind>(p.kind()), static_cast<uint8_t>(p.offset()),
             static_cast<uint8_t>(p.count())};
    if (hearts::Status status = hearts::validate_pass_plan(rules_, plan_); !status.ok()) {
      return fail("pass_plan", status.message());
    }
    return true;
  }

  // Passed copies come from the dealt hand; received copies from the seats the plan names.
  bool passes() {
    if (!read("passed", in_.passed(), &passed_)) return false;
    if (in_.passed_size() != 0 && in_.passed_size() != plan_.count) {
      return fail("passed",
                  text(in_.passed_size()) + " cards; the plan passes " + text(plan_.count));
    }
    for (int id = 0; id < 64; ++id) {
      if (passed_[id] > dealt_[id]) return fail("passed", "a card not dealt to this seat");
      if (passed_[id] > 0 && rules_.rules.forbidden_passes.contains(Card::from_id(id))) {
        return fail("passed", "a card that may not be passed");
      }
    }
    const int count = in_.received_size();
    if (count != 0 && (count != plan_.count || in_.passed_size() == 0)) {
      return fail("received", text(count) + " cards for this pass");
    }
    for (const pb::ReceivedCard& r : in_.received()) {
      if (!is_card_id(r.card()) || ++received_[r.card()] > copies_[r.card()]) {
        return fail("received", text(r.card()) + " is not a card in play");
      }
      if (r.from_seat() < -1 || r.from_seat() >= n_ || r.from_seat() == seat_) {
        return fail("received", "from seat " + text(r.from_seat()));
      }
    }
    exchanged_ = count > 0;
    for (int id = 0; id < 64; ++id) mine_[id] = dealt_[id] - passed_[id] + received_[id];
    return true;
  }

  bool plays() {
    const int count = in_.plays_size();
    if (count > n_ * hand_size()) return fail("plays", text(count) + " plays; too many");
    Counts played{};
    for (int i = 0; i < count; ++i) {
      const pb::Play& p = in_.plays(i);
      if (p.seat() < 0 || p.seat() >= n_) return fail("plays", "a play by no seat");
      if (!is_card_id(p.card()) || ++played[p.card()] > copies_[p.card()]) {
        return fail("plays", text(p.card()) + " is played more often than the decks hold it");
      }
      if (p.seat() == seat_) ++own_played_[p.card()];
    }
    if (count > 0 && plan_.kind != PassKind::kHold && !exchanged_) {
      return fail("received", "nothing received, yet the play has begun after a passing deal");
    }
    return true;
  }

  // The winner of complete trick t from its plays, or -1 for a void trick.
  int winner(int t) const {
    const int first = t * n_;
    const Suit led = play_card(first).suit();
    Counts in_trick{};
    int pairs = 0;
    for (int i = first; i < first + n_; ++i) pairs += ++in_trick[play_card(i).id()] == 2;
    const bool cancel = rules_.rules.identical_cards == hearts::IdenticalCards::kCancel;
    if (cancel && pairs >= 2) return -1;
    int best = -1;
    for (int i = first; i < first + n_; ++i) {
      const Card card = play_card(i);
      if (card.suit() != led || (cancel && in_trick[card.id()] == 2)) continue;
      if (best < 0 || card.rank() >= play_card(best).rank()) best = i;  // later wins ties
    }
    return best < 0 ? -1 : play_seat(best);
  }

  // Turn order, following suit and every winner; the next leader is the winner, or the same
  // leader after a void trick.
  bool tricks() {
    const int count = in_.plays_size();
    const int complete = count / n_;
    if (in_.trick_winners_size() != complete) {
      return fail("trick_winners",
                  text(in_.trick_winners_size()) + " winners for " + text(count) + " plays");
    }
    int leader = count > 0 ? play_seat(0) : 0;
    for (int t = 0; t * n_ < count; ++t) {
      const Suit led = play_card(t * n_).suit();
      for (int i = t * n_; i < std::min(count, (t + 1) * n_); ++i) {
        const int seat = play_seat(i);
        if (seat != (leader + i - t * n_) % n_)
          return fail("plays", "play " + text(i) + " out of turn");
        const Card card = play_card(i);
        if (void_in_[seat][static_cast<int>(card.suit())]) {
          return fail("plays", "seat " + text(seat) + " plays a suit it showed it had none of");
        }
        if (card.suit() != led) void_in_[seat][static_cast<int>(led)] = true;
      }
      if (t >= complete) break;
      const int expected = winner(t);
      if (in_.trick_winners(t) != expected) {
        return fail("trick_winners", "trick " + text(t) + " went to " + text(expected) +
                                         ", not to " + text(in_.trick_winners(t)));
      }
      if (expected >= 0) leader = expected;
    }
    if (count > 0 && count < n_ * hand_size() && in_.trick_leader() != leader) {
      return fail("trick_leader",
                  "seat " + text(in_.trick_leader()) + "; the plays make it " + text(leader));
    }
    return true;
  }

  // Tricks won, points taken (void tricks' points go to the next winner) and broken hearts.
  bool counts() {
    std::array<int, hearts::kMaxPlayers> won{}, points{};
    int carried = 0;
    bool broken = false;
    for (int i = 0; i < in_.plays_size(); ++i)
      broken |= rules_.breaks_hearts.contains(play_card(i));
    for (int t = 0; t < in_.trick_winners_size(); ++t) {
      for (int k = 0; k < n_; ++k) carried += rules_.card_points[play_card(t * n_ + k).id()];
      const int w = in_.trick_winners(t);
      if (w < 0) continue;
      ++won[w];
      points[w] += carried;
      carried = 0;
    }
    for (int s = 0; s < n_; ++s) {
      if (in_.tricks_won(s) != won[s]) return fail("tricks_won", "seat " + text(s) + " differs");
      if (in_.points_taken(s) != points[s]) {
        return fail("points_taken", "seat " + text(s) + " took " + text(points[s]) +
                                        " points, not " + text(in_.points_taken(s)));
      }
    }
    if (in_.hearts_broken() != broken) return fail("hearts_broken", "does not fit the plays");
    return true;
  }

  // Copy by copy: hand = dealt - passed + received - played by this seat, and no other seat
  // played a copy this seat holds or held.
  bool accounting() {
    Counts others{};
    for (int i = 0; i < in_.plays_size(); ++i) {
      if (play_seat(i) != seat_) ++others[play_card(i).id()];
    }
    for (int id = 0; id < 64; ++id) {
      if (own_played_[id] > mine_[id])
        return fail("plays", "this seat played a card it never held");
      if (hand_[id] != mine_[id] - own_played_[id]) {
        return fail("hand", hearts::to_string(Card::from_id(id)) + " does not add up");
      }
      if (mine_[id] + others[id] > copies_[id]) {
        return fail("plays", "another seat played a copy this seat held");
      }
    }
    return true;
  }

  bool legal() {
    if (!hand_kinds_.contains_all(legal_)) return fail("legal", "a card not in the hand");
    if (is_notification(asked_)) return true;
    if (asked_ == Phase::kPass) {
      if (legal_ != hand_kinds_ - rules_.rules.forbidden_passes) {
        return fail("legal", "is not the hand less the cards that may not be passed");
      }
      return true;
    }
    if (asked_ != Phase::kPlay) return legal_.empty() ? true : fail("legal", "must be empty");
    if (legal_.empty()) return fail("legal", "empty: a play needs a legal card");
    const int in_trick = in_.plays_size() % n_;
    if (in_trick > 0) {
      const CardSet follow = hand_kinds_.of_suit(play_card(in_.plays_size() - in_trick).suit());
      if (!follow.empty() && !follow.contains_all(legal_)) {
        return fail("legal", "does not follow the suit led");
      }
    }
    return true;
  }

  bool decision() {
    const int count = in_.plays_size();
    switch (asked_) {
      case Phase::kPass:
        if (plan_.kind == PassKind::kHold) return fail("pass_plan", "a hold: there is no pass");
        if (in_.passed_size() != 0) return fail("passed", "this seat has passed already");
        return count == 0 ? true : fail("plays", "the play has begun: passing is over");
      case Phase::kPlay:
        if (count == n_ * hand_size()) return fail("plays", "the deal is over");
        if ((in_.trick_leader() + count % n_) % n_ != seat_) {
          return fail("seat", "seat " + text(seat_) + " is not the next to play");
        }
        return true;
      case Phase::kDealerChoice:
        return seat_ == in_.dealer() ? true : fail("seat", "only the dealer chooses the pass");
      case Phase::kMoonChoice:
        return count == n_ * hand_size() ? true : fail("plays", "the deal is not over");
      default:
        return true;
    }
  }

  const pb::Observation& in_;
  const hearts::CompiledRules& rules_;
  const Phase asked_;
  const int n_;
  int seat_ = 0;
  std::string error_;
  Counts copies_{}, hand_{}, dealt_{}, passed_{}, received_{}, mine_{}, own_played_{};
  CardSet legal_, hand_kinds_;
  hearts::PassPlan plan_;
  bool exchanged_ = false;
  std::array<std::array<bool, 4>, hearts::kMaxPlayers> void_in_{};
};

}  // namespace

std::string check_two_deck_observation(const pb::Observation& in,
                                       const hearts::CompiledRules& rules, Phase asked) {
  return TwoDeckCheck(in, rules, asked).run();
}

}  // namespace arena
