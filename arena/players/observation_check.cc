#include "players/observation_check.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

namespace arena {
namespace {

namespace pb = hearts::proto;
using google::protobuf::RepeatedField;
using hearts::Card;
using hearts::CardSet;
using hearts::PassKind;
using hearts::Phase;
using hearts::Suit;

std::string text(int value) {
  return std::to_string(value);
}

std::string card_text(Card card) {
  return hearts::to_string(card);
}

// suit * 16 + rank with rank 0..12: 13..15, 29..31, 45..47 and 61..63 are no cards.
bool is_card_id(int32_t id) {
  return id >= 0 && id < 64 && Card::from_id(id).is_valid();
}

bool is_notification(Phase asked) {
  return asked == Phase::kDeal || asked == Phase::kGameOver;
}

// The phase field a request may carry: the asked decision's, or for a notification any (the
// game's phase then: the last deal's end arrives as PHASE_GAME_END, a forfeit's game end in
// whatever phase the game stopped); 0 (unset) always.
bool phase_fits(int phase, Phase asked) {
  if (phase == pb::PHASE_UNSPECIFIED) return true;
  switch (asked) {
    case Phase::kPass:
      return phase == pb::PHASE_PASS;
    case Phase::kPlay:
      return phase == pb::PHASE_PLAY;
    case Phase::kMoonChoice:
      return phase == pb::PHASE_MOON_CHOICE;
    case Phase::kDealerChoice:
      return phase == pb::PHASE_DEALER_CHOICE;
    case Phase::kSlamBid:
      return phase == pb::PHASE_SLAM_BID;
    default:
      return pb::DecisionPhase_IsValid(phase);
  }
}

// One request's observation, checked field by field; each step may rely on the ones before it
// (a step reads only fields an earlier step has bounded).
class ObservationCheck {
 public:
  ObservationCheck(const pb::Observation& in, const hearts::CompiledRules& rules, Phase asked)
      : in_(in), rules_(rules), asked_(asked), n_(rules.rules.num_players) {}

  std::string run() {
    if (rules_.extended_play) {
      const bool ok = table() && seat_arrays() && derived_fields() && own_cards_extended() &&
                      pass_plan() && passes() && plays_extended() && tricks_extended() && kitty() &&
                      stock_counts() && legal_extended() && decision_extended();
      return ok ? "" : error_;
    }
    const bool ok = table() && seat_arrays() && derived_fields() && own_cards() && pass_plan() &&
                    passes() && plays() && tricks() && first_lead() && trick_leader() &&
                    trick_counts() && kitty() && own_accounting() && legal() && decision();
    return ok ? "" : error_;
  }

 private:
  bool fail(std::string_view field, const std::string& what) {
    error_ = "observation." + std::string(field) + ": " + what;
    return false;
  }

  int hand_size() const { return rules_.hand_size; }
  // Seats on in the order of deal and play: one to the left, or to the right when the rules
  // play anticlockwise (Likha).
  int step() const { return rules_.rules.play_anticlockwise ? n_ - 1 : 1; }
  int eldest() const { return (in_.dealer() + step()) % n_; }
  Card play_card(int i) const { return Card::from_id(in_.plays(i).card()); }
  int play_seat(int i) const { return in_.plays(i).seat(); }

  // Reads a list of card ids: each a card, none twice, and (with in_play_only) dealt under
  // these rules.
  bool read_cards(std::string_view field, const RepeatedField<int32_t>& ids, CardSet* out,
                  bool in_play_only = true) {
    CardSet cards;
    for (int32_t id : ids) {
      if (!card_id_ok(id)) return fail(field, text(id) + " is not a card id");
      const Card card = Card::from_id(id);
      if (in_play_only && !rules_.in_play.contains(card)) {
        return fail(field, card_text(card) + " is not in play under these rules");
      }
      if (cards.contains(card)) return fail(field, card_text(card) + " is listed twice");
      cards.insert(card);
    }
    *out = cards;
    return true;
  }

  // Players, seat, dealer, deal counts and the phase.
  bool table() {
    if (in_.num_players() != n_) {
      return fail("num_players",
                  text(in_.num_players()) + ", but the rules are for " + text(n_) + " players");
    }
    if (in_.seat() < 0 || in_.seat() >= n_) {
      return fail("seat", text(in_.seat()) + " is not a seat at a table of " + text(n_));
    }
    seat_ = in_.seat();
    if (!partners()) return false;
    if (in_.deal_index() < 0) return fail("deal_index", text(in_.deal_index()) + " is negative");
    // The dealer of deal 0 sits so that seat 0 is eldest, and the deal passes on in play order.
    const int dealer = (n_ - step() + (in_.deal_index() % n_) * step()) % n_;
    if (in_.dealer() != dealer) {
      return fail("dealer", "seat " + text(in_.dealer()) + " does not deal deal " +
                                text(in_.deal_index()) + " (seat " + text(dealer) + " does)");
    }
    const int64_t done = in_.deals_completed();
    const int64_t index = in_.deal_index();
    if (done != index && !(is_notification(asked_) && done == index + 1)) {
      return fail("deals_completed", text(in_.deals_completed()) + " does not fit deal_index " +
                                         text(in_.deal_index()));
    }
    if (!phase_fits(in_.phase(), asked_)) {
      return fail("phase", text(in_.phase()) + " is not the phase of this call");
    }
    return true;
  }

  // The partner: the rules' (partners opposite), or under a slam bid the bid's pair as this seat
  // may know it (slam_bidder and slam_partner seats or -1, and partner the other of the two).
  bool partners() {
    if (!rules_.rules.partnership_slam_bid) {
      if (in_.has_slam_bidder() || in_.has_slam_partner()) {
        return fail("slam_bidder", "set, but these rules have no slam bid");
      }
      if (in_.has_partner() && in_.partner() != hearts::partner_of(rules_.rules, seat_)) {
        return fail("partner", text(in_.partner()) + " is not the partner of seat " + text(seat_) +
                                   " under these rules");
      }
      return true;
    }
    const int bidder = in_.has_slam_bidder() ? in_.slam_bidder() : -1;
    const int silent = in_.has_slam_partner() ? in_.slam_partner() : -1;
    if (bidder < -1 || bidder >= n_) return fail("slam_bidder", text(bidder) + " is not a seat");
    if (silent < -1 || silent >= n_ || (silent >= 0 && (bidder < 0 || silent == bidder))) {
      return fail("slam_partner", text(silent) + " is not a silent partner of " + text(bidder));
    }
    int partner = -1;
    if (silent >= 0 && seat_ == silent) partner = bidder;
    if (silent >= 0 && seat_ == bidder) partner = silent;
    if (in_.has_partner() && in_.partner() != partner) {
      return fail("partner", text(in_.partner()) + " is not the slam bid's partner of seat " +
                                 text(seat_) + " (" + text(partner) + ")");
    }
    if (asked_ == Phase::kSlamBid && bidder >= 0) return fail("slam_bidder", "the bidding is over");
    return true;
  }

  // The per-seat arrays: one entry per seat; scores and counters within kMaxScoreMagnitude.
  bool seat_arrays() {
    const std::array<std::pair<const char*, const RepeatedField<int32_t>*>, 4> fields = {{
        {"points_taken", &in_.points_taken()},
        {"tricks_won", &in_.tricks_won()},
        {"scores", &in_.scores()},
        {"counters", &in_.counters()},
    }};
    for (const auto& [name, values] : fields) {
      if (values->size() != n_) {
        return fail(name, text(values->size()) + " entries for " + text(n_) + " seats");
      }
    }
    for (const auto* values : {&in_.scores(), &in_.counters()}) {
      for (int32_t v : *values) {
        if (v > kMaxScoreMagnitude || v < -kMaxScoreMagnitude) {
          return fail(values == &in_.scores() ? "scores" : "counters",
                      text(v) + " is beyond +-" + text(kMaxScoreMagnitude));
        }
      }
    }
    return true;
  }

  // The values derived from the rules, where given (0 or empty: not given), match the rules.
  bool derived_fields() {
    if (!in_.card_points().empty()) {
      if (in_.card_points_size() != 64) {
        return fail("card_points", text(in_.card_points_size()) + " entries; there are 64 ids");
      }
      for (int id = 0; id < 64; ++id) {
        if (in_.card_points(id) != rules_.card_points[id]) {
          return fail("card_points", "id " + text(id) + " is worth " +
                                         text(rules_.card_points[id]) + " under these rules");
        }
      }
    }
    if (in_.cards_per_hand() != 0 && in_.cards_per_hand() != hand_size()) {
      return fail("cards_per_hand",
                  text(in_.cards_per_hand()) + "; the rules deal " + text(hand_size()));
    }
    if (in_.pass_count() != 0 && in_.pass_count() != rules_.pass_count) {
      return fail("pass_count",
                  text(in_.pass_count()) + "; the rules pass " + text(rules_.pass_count));
    }
    if (in_.moon_total() != 0 && in_.moon_total() != rules_.moon_total) {
      return fail("moon_total",
                  text(in_.moon_total()) + "; the rules make it " + text(rules_.moon_total));
    }
    CardSet cards;
    if (!read_cards("cards_in_play", in_.cards_in_play(), &cards)) return false;
    if (!cards.empty() && cards != rules_.in_play) {
      return fail("cards_in_play", "differs from the deck of these rules");
    }
    if (!read_cards("forbidden_passes", in_.forbidden_passes(), &cards, false)) return false;
    if (!cards.empty() && cards != rules_.rules.forbidden_passes) {
      return fail("forbidden_passes", "differs from the rules");
    }
    return true;
  }

  // This seat's card sets: hand, dealt hand, legal cards and kitty.
  bool own_cards() {
    if (!read_cards("hand", in_.hand(), &hand_) ||
        !read_cards("dealt_hand", in_.dealt_hand(), &dealt_) ||
        !read_cards("legal", in_.legal(), &legal_) || !read_cards("kitty", in_.kitty(), &kitty_)) {
      return false;
    }
    if (dealt_.size() != hand_size()) {
      return fail("dealt_hand",
                  text(dealt_.size()) + " cards; the rules deal " + text(hand_size()));
    }
    if (hand_.size() > hand_size()) {
      return fail("hand", text(hand_.size()) + " cards; the rules deal " + text(hand_size()));
    }
    return true;
  }

  // The pass plan: a kind, allowed by the rules, and the scheduled one where the rules fix it.
  bool pass_plan() {
    const pb::PassPlan& p = in_.pass_plan();
    if (p.kind() < 0 || p.kind() > 4)
      return fail("pass_plan", "kind " + text(p.kind()) + " is no pass kind");
    if (p.offset() < 0 || p.offset() > 255 || p.count() < 0 || p.count() > 255) {
      return fail("pass_plan", "offset " + text(p.offset()) + " or count " + text(p.count()) +
                                   " is out of range");
    }
    plan_ = {static_cast<PassKind>(p.kind()), static_cast<uint8_t>(p.offset()),
             static_cast<uint8_t>(p.count())};
    if (hearts::Status status = hearts::validate_pass_plan(rules_, plan_); !status.ok()) {
      return fail("pass_plan", status.message());
    }
    const hearts::PassSchedule schedule = rules_.rules.pass_schedule;
    const bool chosen = schedule == hearts::PassSchedule::kDealersChoice ||
                        schedule == hearts::PassSchedule::kExternal;
    // A deal-end notification may already name the next deal while the plan is the last one's.
    if (!chosen && !is_notification(asked_)) {
      const hearts::PassPlan scheduled = hearts::scheduled_pass(rules_, in_.deal_index());
      if (!(plan_ == scheduled)) {
        return fail("pass_plan",
                    hearts::describe(plan_, n_) + " is not the scheduled pass of deal " +
                        text(in_.deal_index()) + " (" + hearts::describe(scheduled, n_) + ")");
      }
    }
    return true;
  }

  // The seats this seat receives from, in the order the engine lists them (Game::list_received).
  std::vector<int> senders() const {
    std::vector<int> out;
    const int count = plan_.count;
    if (plan_.kind == PassKind::kShuffle) out.assign(count, -1);
    if (plan_.kind == PassKind::kOffset) out.assign(count, (seat_ - plan_.offset % n_ + n_) % n_);
    if (plan_.kind == PassKind::kScatter || plan_.kind == PassKind::kStar) {
      const int first_distance = plan_.kind == PassKind::kScatter ? 1 : 2;
      for (int from = 0; from < n_; ++from) {
        const int k = (seat_ - from + n_) % n_ - first_distance;
        if (from != seat_ && k >= 0 && k < count) out.push_back(from);
      }
    }
    return out;
  }

  // The cards passed and received: the plan's count, passed from the dealt hand, received from
  // the seats the plan names and never from this hand (but for the shuffle pile).
  bool passes() {
    if (!read_cards("passed", in_.passed(), &passed_)) return false;
    if (in_.passed_size() != 0 && in_.passed_size() != plan_.count) {
      return fail("passed",
                  text(in_.passed_size()) + " cards; the pass plan passes " + text(plan_.count));
    }
    if (!dealt_.contains_all(passed_)) {
      return fail("passed", card_text((passed_ - dealt_).lowest()) + " was not dealt to this seat");
    }
    if (passed_.intersects(rules_.rules.forbidden_passes)) {
      return fail("passed", card_text((passed_ & rules_.rules.forbidden_passes).lowest()) +
                                " may not be passed under these rules");
    }
    if (!received_cards()) return false;
    exchanged_ = !received_.empty();
    mine_ = (dealt_ - passed_) | received_;
    return true;
  }

  bool received_cards() {
    const int count = in_.received_size();
    if (count == 0) return true;
    if (count != plan_.count) {
      return fail("received", text(count) + " cards; the pass plan passes " + text(plan_.count));
    }
    if (passed_.empty()) return fail("received", "cards received before this seat passed");
    const std::vector<int> from = senders();
    if (static_cast<int>(from.size()) != count) {
      return fail("received", "the pass plan sends this seat " +
                                  text(static_cast<int>(from.size())) + " cards, not " +
                                  text(count));
    }
    for (int k = 0; k < count; ++k) {
      const pb::ReceivedCard& r = in_.received(k);
      if (!card_id_ok(r.card())) return fail("received", text(r.card()) + " is not a card id");
      const Card card = Card::from_id(r.card());
      if (!rules_.in_play.contains(card)) {
        return fail("received", card_text(card) + " is not in play under these rules");
      }
      if (received_.contains(card)) return fail("received", card_text(card) + " is listed twice");
      received_.insert(card);
      if (r.from_seat() != from[k]) {
        return fail("received", card_text(card) + " came from seat " + text(r.from_seat()) +
                                    "; the pass plan gives seat " + text(from[k]));
      }
    }
    // Only the shuffle pile may give back a card of this seat's own pass.
    const CardSet own = plan_.kind == PassKind::kShuffle ? dealt_ - passed_ : dealt_;
    if (received_.intersects(own)) {
      return fail("received", card_text((received_ & own).lowest()) + " is this seat's own card");
    }
    return true;
  }

  // Every play: a seat of this table, a card in play, no card twice, none before the exchange.
  bool plays() {
    const int count = in_.plays_size();
    if (count > n_ * hand_size()) {
      return fail("plays", text(count) + " plays; a deal has " + text(n_ * hand_size()));
    }
    for (int i = 0; i < count; ++i) {
      const pb::Play& p = in_.plays(i);
      if (p.seat() < 0 || p.seat() >= n_) {
        return fail("plays", "play " + text(i) + " is by seat " + text(p.seat()) +
                                 ", not a seat at this table");
      }
      if (!is_card_id(p.card())) return fail("plays", text(p.card()) + " is not a card id");
      const Card card = Card::from_id(p.card());
      if (!rules_.in_play.contains(card)) {
        return fail("plays", card_text(card) + " is not in play under these rules");
      }
      if (played_.contains(card)) return fail("plays", card_text(card) + " is played twice");
      played_.insert(card);
      if (p.seat() == seat_) own_played_.insert(card);
    }
    if (count > 0 && plan_.kind != PassKind::kHold && !exchanged_) {
      return fail("received", "nothing received, yet the play has begun after a passing deal");
    }
    return true;
  }

  // The turn order and the winner of every trick, from the plays alone: each trick is led by
  // the last winner and won by the highest card of the suit led. A seat that did not follow
  // has none of that suit left.
  bool tricks() {
    const int count = in_.plays_size();
    const int complete = count / n_;
    if (in_.trick_winners_size() != complete) {
      return fail("trick_winners", text(in_.trick_winners_size()) + " winners for " + text(count) +
                                       " plays (one per " + text(n_) + " plays)");
    }
    int leader = count > 0 ? play_seat(0) : 0;
    for (int t = 0; t * n_ < count; ++t) {
      if (!trick(t, leader)) return false;
      if (t < complete) leader = in_.trick_winners(t);
    }
    return true;
  }

  bool trick(int t, int leader) {
    const int first = t * n_;
    const int end = std::min(first + n_, in_.plays_size());
    const Suit led = play_card(first).suit();
    Card best = play_card(first);
    int winner = leader;
    for (int i = first; i < end; ++i) {
      const int seat = play_seat(i);
      const int expected = (leader + (i - first) * step()) % n_;
      if (seat != expected) {
        return fail("plays", "play " + text(i) + " is by seat " + text(seat) + "; seat " +
                                 text(expected) + " was to play");
      }
      const Card card = play_card(i);
      if (void_in_[seat][static_cast<int>(card.suit())]) {
        return fail("plays", "seat " + text(seat) + " plays " + card_text(card) +
                                 " after showing it had no " +
                                 std::string(hearts::suit_name(card.suit())));
      }
      if (card.suit() != led) {
        void_in_[seat][static_cast<int>(led)] = true;
      } else if (card.rank() > best.rank()) {
        best = card;
        winner = seat;
      }
    }
    if (end - first < n_) return true;
    const int recorded = in_.trick_winners(t);
    if (recorded != winner) {
      return fail("trick_winners", "trick " + text(t) + " went to seat " + text(winner) + " (" +
                                       card_text(best) + "), not to seat " + text(recorded));
    }
    return true;
  }

  // Who leads the first trick under the first-lead rule (what the plays and this hand show).
  bool first_lead() {
    const hearts::FirstLead rule = rules_.rules.first_lead;
    const CardSet clubs = rules_.in_play.of_suit(Suit::kClubs);
    if (in_.plays_size() == 0) {
      if (asked_ != Phase::kPlay) return true;
      if (rule == hearts::FirstLead::kEldestAny && seat_ != eldest()) {
        return fail("seat", "seat " + text(seat_) +
                                " leads the first trick; the eldest hand, seat " + text(eldest()) +
                                ", does");
      }
      // Without a kitty the lowest club in play was dealt, and its holder leads.
      if (rule != hearts::FirstLead::kEldestAny && rules_.kitty_size == 0 &&
          !hand_.contains(clubs.lowest())) {
        return fail("seat", "seat " + text(seat_) + " leads the first trick without the " +
                                card_text(clubs.lowest()));
      }
      return true;
    }
    // A deal-end notification may name the next deal's dealer (whose eldest is one seat on).
    const bool next_dealer =
        is_notification(asked_) && play_seat(0) == (eldest() + n_ - step()) % n_;
    if (rule == hearts::FirstLead::kEldestAny && play_seat(0) != eldest() && !next_dealer) {
      return fail("plays", "the first lead is by seat " + text(play_seat(0)) +
                               "; the eldest hand, seat " + text(eldest()) + ", leads");
    }
    if (rule != hearts::FirstLead::kEldestAny && play_card(0).suit() != Suit::kClubs) {
      return fail("plays", "the first lead " + card_text(play_card(0)) + " is not a club");
    }
    if (rule == hearts::FirstLead::kTwoOfClubs && rules_.kitty_size == 0 &&
        play_card(0) != clubs.lowest()) {
      return fail("plays", "the first lead is " + card_text(play_card(0)) + "; the " +
                               card_text(clubs.lowest()) + " leads");
    }
    return true;
  }

  // The leader of the trick in progress (of the last trick once the deal is over). Before the
  // first play the engine still shows the last deal's, so it is checked only once play began.
  bool trick_leader() {
    const int count = in_.plays_size();
    const int complete = count / n_;
    if (in_.trick_leader() < 0 || in_.trick_leader() >= n_) {
      return fail("trick_leader", text(in_.trick_leader()) + " is not a seat at this table");
    }
    int leader = in_.trick_leader();
    if (count == n_ * hand_size()) {
      leader = play_seat((complete - 1) * n_);
    } else if (count % n_ != 0) {
      leader = play_seat(complete * n_);
    } else if (complete > 0) {
      leader = in_.trick_winners(complete - 1);
    }
    if (in_.trick_leader() != leader) {
      return fail("trick_leader",
                  "seat " + text(in_.trick_leader()) + "; the plays make it seat " + text(leader));
    }
    return true;
  }

  // Tricks won, points taken and broken hearts, from the plays and the winners.
  bool trick_counts() {
    std::array<int, hearts::kMaxPlayers> tricks{};
    std::array<int, hearts::kMaxPlayers> points{};
    bool broken = false;
    for (int i = 0; i < in_.plays_size(); ++i) {
      const Card card = play_card(i);
      broken |= card.suit() == Suit::kHearts ||
                (card == hearts::kQueenOfSpades && rules_.rules.queen_breaks_hearts);
    }
    for (int t = 0; t < in_.trick_winners_size(); ++t) {
      const int winner = in_.trick_winners(t);
      ++tricks[winner];
      for (int k = 0; k < n_; ++k) points[winner] += rules_.card_points[play_card(t * n_ + k).id()];
    }
    // The first trick's winner may also count the kitty's points (whose value is hidden here).
    const int kitty_winner =
        rules_.kitty_size > 0 && in_.trick_winners_size() > 0 ? in_.trick_winners(0) : -1;
    int kitty_low = 0;
    int kitty_high = 0;
    for (Card card : rules_.in_play) {
      const int value = rules_.card_points[card.id()];
      (value < 0 ? kitty_low : kitty_high) += value;
    }
    for (int s = 0; s < n_; ++s) {
      if (in_.tricks_won(s) != tricks[s]) {
        return fail("tricks_won", "seat " + text(s) + " won " + text(tricks[s]) + " tricks, not " +
                                      text(in_.tricks_won(s)));
      }
      const int64_t extra = int64_t{in_.points_taken(s)} - points[s];  // any int32 may come
      if (s == kitty_winner ? extra < kitty_low || extra > kitty_high : extra != 0) {
        return fail("points_taken", "seat " + text(s) + " took " + text(points[s]) +
                                        " points in its tricks, not " + text(in_.points_taken(s)));
      }
    }
    if (in_.hearts_broken() != broken) {
      return fail("hearts_broken", broken ? "false after hearts were broken"
                                          : "true, but nothing has broken hearts");
    }
    return true;
  }

  // The kitty: shown only to the first trick's winner, and only if the rules let it look.
  bool kitty() {
    const bool sees = rules_.rules.kitty_seen_by_winner && rules_.kitty_size > 0 &&
                      in_.trick_winners_size() > 0 && in_.trick_winners(0) == seat_;
    if (!sees && !kitty_.empty()) return fail("kitty", "shown, but this seat may not see it");
    if (sees && kitty_.size() != rules_.kitty_size) {
      return fail("kitty",
                  text(kitty_.size()) + " cards; the kitty holds " + text(rules_.kitty_size));
    }
    const CardSet elsewhere = dealt_ | received_ | played_;
    if (kitty_.intersects(elsewhere)) {
      return fail("kitty", card_text((kitty_ & elsewhere).lowest()) + " was dealt or played");
    }
    return true;
  }

  // This seat's cards: the hand is what was dealt, less the pass, plus what came back, less
  // what it played; no other seat plays a card of this hand, and a card this seat passed is
  // played only by the seat it went to.
  bool own_accounting() {
    if (hand_.intersects(played_)) {
      return fail("hand", card_text((hand_ & played_).lowest()) + " is held and also played");
    }
    if (!mine_.contains_all(own_played_)) {
      return fail("plays", "this seat played " + card_text((own_played_ - mine_).lowest()) +
                               ", which it never held");
    }
    for (int i = 0; i < in_.plays_size(); ++i) {
      const int seat = play_seat(i);
      const Card card = play_card(i);
      if (seat == seat_) continue;
      if (mine_.contains(card)) {
        return fail("plays", "seat " + text(seat) + " played " + card_text(card) +
                                 ", a card of this seat's hand");
      }
      const int target = passed_target(card);
      if (target >= 0 && target != seat) {
        return fail("plays", "seat " + text(seat) + " played " + card_text(card) +
                                 ", which this seat passed to seat " + text(target));
      }
    }
    const CardSet expected = mine_ - own_played_;
    if (hand_ != expected) {
      return fail("hand", hand_.contains_all(expected)
                              ? card_text((hand_ - expected).lowest()) + " was never this seat's"
                              : card_text((expected - hand_).lowest()) + " is missing");
    }
    for (Card card : hand_) {
      if (void_in_[seat_][static_cast<int>(card.suit())]) {
        return fail("hand", "holds " + card_text(card) + " after this seat showed it had no " +
                                std::string(hearts::suit_name(card.suit())));
      }
    }
    return true;
  }

  // The seat a card of this seat's pass went to, or -1 (not passed, or into the shuffle pile).
  int passed_target(Card card) const {
    for (int k = 0; k < in_.passed_size(); ++k) {
      if (in_.passed(k) == card.id()) return hearts::pass_target(plan_, n_, seat_, k);
    }
    return -1;
  }

  // The legal cards: within the hand and following suit (play), the passable cards (pass),
  // none for the other decisions, and within the hand in a notification (a game ended by a
  // forfeit shows what the seat to act could have played).
  bool legal() {
    if (is_notification(asked_)) {
      if (hand_.contains_all(legal_)) return true;
      return fail("legal", card_text((legal_ - hand_).lowest()) + " is not in the hand");
    }
    if (asked_ == Phase::kPass) {
      if (legal_ != hand_ - rules_.rules.forbidden_passes) {
        return fail("legal", "is not the hand less the cards that may not be passed");
      }
      return true;
    }
    if (asked_ != Phase::kPlay) {
      return legal_.empty() ? true : fail("legal", "must be empty for this call");
    }
    if (legal_.empty()) return fail("legal", "empty: a play needs a legal card");
    if (!hand_.contains_all(legal_)) {
      return fail("legal", card_text((legal_ - hand_).lowest()) + " is not in the hand");
    }
    const int in_trick = in_.plays_size() % n_;
    if (in_trick > 0) {
      const Suit led = play_card(in_.plays_size() - in_trick).suit();
      const CardSet follow = hand_.of_suit(led);
      if (!follow.empty() && !follow.contains_all(legal_)) {
        return fail("legal", card_text((legal_ - follow).lowest()) + " does not follow the " +
                                 std::string(hearts::suit_name(led)) + " led");
      }
    }
    return true;
  }

  // What the asked decision needs: a deal at that step, and this seat the one to decide.
  bool decision() {
    const int count = in_.plays_size();
    switch (asked_) {
      case Phase::kPass:
        if (plan_.kind == PassKind::kHold) return fail("pass_plan", "a hold: there is no pass");
        if (!passed_.empty()) return fail("passed", "this seat has passed already");
        return count == 0 ? true : fail("plays", "the play has begun: passing is over");
      case Phase::kDealerChoice:
        if (rules_.rules.pass_schedule != hearts::PassSchedule::kDealersChoice) {
          return fail("rules", "the pass schedule is not dealer's choice");
        }
        if (seat_ != in_.dealer()) return fail("seat", "only the dealer chooses the pass");
        if (plan_.kind != PassKind::kHold) return fail("pass_plan", "already chosen");
        return count == 0 ? true : fail("plays", "the play has begun: the pass was chosen");
      case Phase::kPlay:
        if (count == n_ * hand_size()) return fail("plays", "the deal is over");
        if (plan_.kind != PassKind::kHold && !exchanged_) {
          return fail("received", "nothing received: the passes are not exchanged yet");
        }
        if ((in_.trick_leader() + (count % n_) * step()) % n_ != seat_) {
          return fail("seat", "seat " + text(seat_) + " is not the next to play");
        }
        return true;
      case Phase::kMoonChoice:
        return moon_choice();
      case Phase::kSlamBid:
        if (!rules_.rules.partnership_slam_bid) return fail("rules", "the rules have no slam bid");
        if (plan_.kind != PassKind::kHold && !exchanged_) {
          return fail("received", "nothing received: the passes are not exchanged yet");
        }
        return count == 0 ? true : fail("plays", "the play has begun: the bidding is over");
      default:
        return true;
    }
  }

  // A moon choice: the rules give one, the deal is over, and this seat took every penalty card.
  bool moon_choice() {
    if (rules_.rules.moon != hearts::MoonRule::kShooterChoice) {
      return fail("rules", "the moon rule gives the shooter no choice");
    }
    if (in_.plays_size() != n_ * hand_size()) return fail("plays", "the deal is not over");
    for (int t = 0; t < in_.trick_winners_size(); ++t) {
      if (in_.trick_winners(t) == seat_) continue;
      for (int k = 0; k < n_; ++k) {
        if (rules_.penalty_cards.contains(play_card(t * n_ + k))) {
          return fail("trick_winners", "seat " + text(in_.trick_winners(t)) +
                                           " took a penalty card: this seat shot no moon");
        }
      }
    }
    return true;
  }

  // A card id: of the 52 cards, or a joker's where the rules deal jokers.
  bool card_id_ok(int32_t id) const {
    if (is_card_id(id)) return true;
    return id >= 0 && id < 64 && Card::from_id(id).is_joker() &&
           !(rules_.zero_cards | rules_.free_jokers).empty();
  }

  // --- Rules with a stock, booster nines or jokers: tricks vary in length, so the turn order
  // and the winners are not re-derived here; what a bot indexes by is bounded and consistent.

  // This seat's cards: the dealt hand has the hand size; the hand may have grown by drawing.
  bool own_cards_extended() {
    if (!read_cards("hand", in_.hand(), &hand_) ||
        !read_cards("dealt_hand", in_.dealt_hand(), &dealt_) ||
        !read_cards("legal", in_.legal(), &legal_, false) ||
        !read_cards("kitty", in_.kitty(), &kitty_) || !read_cards("drawn", in_.drawn(), &drawn_)) {
      return false;
    }
    if (dealt_.size() != hand_size()) {
      return fail("dealt_hand",
                  text(dealt_.size()) + " cards; the rules deal " + text(hand_size()));
    }
    if (drawn_.size() > rules_.stock_size) {
      return fail("drawn",
                  text(drawn_.size()) + " cards; the stock holds " + text(rules_.stock_size));
    }
    return true;
  }

  // Every play: a seat of this table, a card (or a joker's calling id) in play, none twice.
  bool plays_extended() {
    const int count = in_.plays_size();
    if (count > hearts::kMaxPlays) {
      return fail("plays", text(count) + " plays; a deal has at most " + text(hearts::kMaxPlays));
    }
    for (int i = 0; i < count; ++i) {
      const pb::Play& p = in_.plays(i);
      if (p.seat() < 0 || p.seat() >= n_) {
        return fail("plays", "play " + text(i) + " is by seat " + text(p.seat()) +
                                 ", not a seat at this table");
      }
      if (!card_id_ok(p.card())) return fail("plays", text(p.card()) + " is not a card id");
      const Card card = Card::from_id(p.card()).held();
      if (!rules_.in_play.contains(card)) {
        return fail("plays", card_text(card) + " is not in play under these rules");
      }
      if (played_.contains(card)) return fail("plays", card_text(card) + " is played twice");
      played_.insert(card);
      if (p.seat() == seat_) own_played_.insert(card);
    }
    if (hand_.intersects(played_)) {
      return fail("hand", card_text((hand_ & played_).lowest()) + " is held and also played");
    }
    // At a deal's end the last holder's hand went into its tricks: a notification may show less.
    const CardSet expected = (mine_ | drawn_) - own_played_;
    if (is_notification(asked_) ? !expected.contains_all(hand_) : hand_ != expected) {
      return fail("hand", "is not the cards dealt, drawn and not played");
    }
    return true;
  }

  // The trick in progress and the completed ones: bounded and consistent with the plays.
  bool tricks_extended() {
    const int count = in_.plays_size();
    const int tricks = in_.trick_winners_size();
    if (tricks > hearts::kMaxTricks || tricks > count) {
      return fail("trick_winners", text(tricks) + " winners for " + text(count) + " plays");
    }
    for (int t = 0; t < tricks; ++t) {
      if (in_.trick_winners(t) < 0 || in_.trick_winners(t) >= n_) {
        return fail("trick_winners", text(in_.trick_winners(t)) + " is not a seat");
      }
    }
    const int start = in_.trick_start();
    if (!in_.has_trick_start() || start < 0 || start > count || (tricks == 0 && start != 0)) {
      return fail("trick_start", text(start) + " does not fit " + text(count) + " plays");
    }
    if (in_.trick_length() < 0 || in_.trick_length() > hearts::kMaxPlays ||
        count - start > in_.trick_length()) {
      return fail("trick_length", text(in_.trick_length()) + " for a trick of " +
                                      text(count - start) + " cards so far");
    }
    if (in_.lead_suit() < -1 || in_.lead_suit() > 3) {
      return fail("lead_suit", text(in_.lead_suit()) + " is neither -1 nor a suit");
    }
    if (in_.trick_leader() < 0 || in_.trick_leader() >= n_) {
      return fail("trick_leader", text(in_.trick_leader()) + " is not a seat at this table");
    }
    if (count > start && play_seat(start) != in_.trick_leader()) {
      return fail("trick_leader", "seat " + text(in_.trick_leader()) + "; seat " +
                                      text(play_seat(start)) + " led the trick in progress");
    }
    int won = 0;
    for (int s = 0; s < n_; ++s) {
      // Each entry is bounded first: a forged count near INT_MAX must not overflow the sum.
      if (in_.tricks_won(s) < 0 || in_.tricks_won(s) > tricks) {
        return fail("tricks_won", "seat " + text(s) + " won " + text(in_.tricks_won(s)) + " of " +
                                      text(tricks) + " tricks");
      }
      won += in_.tricks_won(s);
    }
    if (won != tricks) return fail("tricks_won", text(won) + " tricks for " + text(tricks));
    return true;
  }

  // Cards held and drawn per seat, and the stock: within what the deal holds.
  bool stock_counts() {
    if (in_.hand_counts_size() != n_ || in_.drawn_counts_size() != n_) {
      return fail("hand_counts", "one entry per seat is needed (and for drawn_counts)");
    }
    int drawn = 0;
    for (int s = 0; s < n_; ++s) {
      if (in_.hand_counts(s) < 0 || in_.hand_counts(s) > hearts::kMaxPlays ||
          in_.drawn_counts(s) < 0 || in_.drawn_counts(s) > rules_.stock_size) {
        return fail("hand_counts", "seat " + text(s) + " holds " + text(in_.hand_counts(s)) +
                                       " and drew " + text(in_.drawn_counts(s)));
      }
      drawn += in_.drawn_counts(s);
    }
    if (in_.hand_counts(seat_) != hand_.size() || in_.drawn_counts(seat_) != drawn_.size()) {
      return fail("hand_counts", "this seat's entries differ from its hand and drawn cards");
    }
    if (in_.stock_size() < 0 || in_.stock_size() > rules_.stock_size - drawn) {
      return fail("stock_size", text(in_.stock_size()) + " cards after " + text(drawn) +
                                    " were drawn from " + text(rules_.stock_size));
    }
    return true;
  }

  // The legal cards: each one held (a joker lead's calling id stands for the joker held).
  bool legal_extended() {
    if (asked_ == Phase::kPass) return legal();
    const bool notification = is_notification(asked_);
    if (asked_ != Phase::kPlay && !notification) {
      return legal_.empty() ? true : fail("legal", "must be empty for this call");
    }
    if (legal_.empty() && !notification) return fail("legal", "empty: a play needs a legal card");
    for (Card card : legal_) {
      if (!hand_.contains(card.held())) {
        return fail("legal", card_text(card) + " is not in the hand");
      }
    }
    return true;
  }

  // A play is asked of a seat that holds cards, in a trick not yet complete.
  bool decision_extended() {
    if (asked_ != Phase::kPlay) return decision();
    if (hand_.empty()) return fail("hand", "empty: this seat has no card to play");
    if (in_.plays_size() - in_.trick_start() >= in_.trick_length()) {
      return fail("trick_length", "the trick is complete: no play is due");
    }
    if (rules_.rules.pass_schedule != hearts::PassSchedule::kNone &&
        plan_.kind != PassKind::kHold && !exchanged_) {
      return fail("received", "nothing received: the passes are not exchanged yet");
    }
    return true;
  }

  const pb::Observation& in_;
  const hearts::CompiledRules& rules_;
  const Phase asked_;
  const int n_;
  int seat_ = 0;
  std::string error_;
  CardSet hand_, dealt_, legal_, kitty_, passed_, received_;
  CardSet drawn_;  // with a stock: the cards this seat drew
  CardSet mine_;   // held once the passes were exchanged: dealt - passed + received
  CardSet played_, own_played_;
  hearts::PassPlan plan_;
  bool exchanged_ = false;
  std::array<std::array<bool, 4>, hearts::kMaxPlayers> void_in_{};
};

}  // namespace

std::string check_observation(const pb::Observation& in, const hearts::CompiledRules& rules,
                              Phase asked) {
  if (rules.rules.decks == 2) return check_two_deck_observation(in, rules, asked);
  if (!in.hand_twice().empty() || !in.dealt_hand_twice().empty()) {
    return "observation.hand_twice: second copies, but the rules play one deck";
  }
  return ObservationCheck(in, rules, asked).run();
}

std::string check_deal_result(const pb::DealResult& in, int num_players) {
  const std::string field = "result.";
  if (in.deal_index() < 0) return field + "deal_index: " + text(in.deal_index()) + " is negative";
  if (in.points_taken_size() != num_players) {
    return field + "points_taken: " + text(in.points_taken_size()) + " entries for " +
           text(num_players) + " seats";
  }
  if (in.deal_scores_size() != num_players) {
    return field + "deal_scores: " + text(in.deal_scores_size()) + " entries for " +
           text(num_players) + " seats";
  }
  for (const auto* values : {&in.points_taken(), &in.deal_scores()}) {
    for (int32_t v : *values) {
      if (v > kMaxScoreMagnitude || v < -kMaxScoreMagnitude) {
        return field + (values == &in.points_taken() ? "points_taken" : "deal_scores") + ": " +
               text(v) + " is beyond +-" + text(kMaxScoreMagnitude);
      }
    }
  }
  if (in.moon_shooter() < -1 || in.moon_shooter() >= num_players) {
    return field + "moon_shooter: " + text(in.moon_shooter()) + " is neither -1 nor a seat";
  }
  if (in.has_moon_team() && (in.moon_team() < -1 || in.moon_team() >= num_players / 2)) {
    return field + "moon_team: " + text(in.moon_team()) + " is neither -1 nor a team";
  }
  if (in.sun_shooter() < -1 || in.sun_shooter() >= num_players) {
    return field + "sun_shooter: " + text(in.sun_shooter()) + " is neither -1 nor a seat";
  }
  return "";
}

}  // namespace arena
