#include "records/verify.h"

#include <algorithm>
#include <optional>
#include <set>
#include <span>
#include <vector>

#include "common/rules_spec.h"
#include "hearts/game.h"
#include "records/forfeit_check.h"
#include "records/recorded_deal.h"
#include "records/time_limit_check.h"

namespace arena {
namespace {

using hearts::Card;
using hearts::CardSet;
using hearts::Game;
using hearts::PassKind;
using hearts::PassPlan;
using hearts::Phase;
using hearts::Status;
using hearts::proto::DealRecord;
using hearts::proto::GameRecord;
using hearts::proto::PassPlanRecord;

// A card of the 52 or a joker id (whether it is in play is the engine's to say).
bool valid_card_id(int id) {
  return id >= 0 && id < 64 && (Card::from_id(id).is_valid() || Card::from_id(id).is_joker());
}

// The recorded draws before play `index` against the engine's; "" if they agree.
std::string check_draws(const Game& game, int index, const hearts::proto::PlayRecord& play) {
  const std::span<const Card> drawn = game.drawn_before(index);
  bool same = static_cast<size_t>(play.drawn_size()) == drawn.size();
  for (size_t k = 0; same && k < drawn.size(); ++k) {
    same = play.drawn(static_cast<int>(k)) == drawn[k].id();
  }
  if (same) return "";
  std::string expected;
  for (Card card : drawn) expected += (expected.empty() ? "" : " ") + hearts::to_string(card);
  return "seat " + std::to_string(play.seat()) + " drew " +
         (expected.empty() ? std::string("nothing") : expected) + " from the stock, but " +
         std::to_string(play.drawn_size()) + " drawn cards are recorded";
}

template <class Values>
std::string list_text(const Values& values) {
  std::string text = "[";
  for (const auto& value : values) {
    if (text.size() > 1) text += ", ";
    text += std::to_string(value);
  }
  return text + "]";
}

std::string plan_text(const PassPlan& plan, int n) {
  return "'" + hearts::describe(plan, n) + "' (kind " +
         std::to_string(static_cast<int>(plan.kind)) + ", offset " + std::to_string(plan.offset) +
         ", count " + std::to_string(plan.count) + ")";
}

// A disagreement found while re-playing moves; trick is -1 outside play.
struct Problem {
  int trick = -1;
  std::string what;
};

// Applies the recorded slam bids (partnership_slam_bid) of `deal`, adding each as a decision.
std::optional<Problem> replay_slam_bids(Game& game, const DealRecord& deal,
                                        std::vector<ViolationSlot>* slots) {
  for (const hearts::proto::SlamBidRecord& bid : deal.slam_bids()) {
    if (game.phase() != Phase::kSlamBid) {
      return Problem{-1, "a slam bid by seat " + std::to_string(bid.seat()) +
                             " is recorded, but no bid is due (phase " +
                             std::string(hearts::name(game.phase())) + ")"};
    }
    if (bid.seat() != game.to_act()) {
      return Problem{-1, "seat to bid: expected seat " + std::to_string(game.to_act()) +
                             ", recorded seat " + std::to_string(bid.seat())};
    }
    slots->push_back({ViolationSlot::kSlamBid, bid.seat(), game.deal_index(), -1});
    if (Status status = game.bid_slam(bid.bid()); !status.ok())
      return Problem{-1, status.message()};
  }
  return std::nullopt;
}

// Applies the recorded passes, slam bids and plays of `deal` to `game`, which is dealt and past
// its pass plan decision, adding each as a decision to *slots.
std::optional<Problem> replay_moves(Game& game, const DealRecord& deal,
                                    std::vector<ViolationSlot>* slots) {
  const int n = game.num_players();
  for (const hearts::proto::PassRecord& pass : deal.passes()) {
    if (game.phase() != Phase::kPass) {
      return Problem{-1, "a pass by seat " + std::to_string(pass.seat()) +
                             " is recorded, but no pass is due (phase " +
                             std::string(hearts::name(game.phase())) + ")"};
    }
    if (pass.seat() != game.to_act()) {
      return Problem{-1, "seat to pass: expected seat " + std::to_string(game.to_act()) +
                             ", recorded seat " + std::to_string(pass.seat())};
    }
    std::vector<Card> cards;
    for (int id : pass.cards()) {
      if (!valid_card_id(id)) {
        return Problem{-1, "pass by seat " + std::to_string(pass.seat()) + ": card id " +
                               std::to_string(id) + " is not a card"};
      }
      cards.push_back(Card::from_id(id));
    }
    slots->push_back({ViolationSlot::kPass, pass.seat(), game.deal_index(), -1});
    if (Status status = game.pass_cards(cards); !status.ok()) return Problem{-1, status.message()};
  }
  if (std::optional<Problem> problem = replay_slam_bids(game, deal, slots)) return problem;
  for (int i = 0; i < deal.plays_size(); ++i) {
    const hearts::proto::PlayRecord& play = deal.plays(i);
    const int trick = game.tricks_completed();
    if (game.phase() == Phase::kPass) {
      return Problem{-1, "the record has " + std::to_string(deal.passes_size()) +
                             " passes; the deal needs " + std::to_string(n) + " before play"};
    }
    if (game.phase() != Phase::kPlay) {
      return Problem{trick, "a play by seat " + std::to_string(play.seat()) +
                                " is recorded, but no play is due (phase " +
                                std::string(hearts::name(game.phase())) + ")"};
    }
    const int seat = game.to_act();
    if (play.seat() != seat) {
      return Problem{trick, "seat to play: expected seat " + std::to_string(seat) +
                                ", recorded seat " + std::to_string(play.seat())};
    }
    if (!valid_card_id(play.card())) {
      return Problem{trick, "seat " + std::to_string(seat) + " played card id " +
                                std::to_string(play.card()) + ", which is not a card"};
    }
    const Card card = Card::from_id(play.card());
    if (std::string problem = check_draws(game, i, play); !problem.empty()) {
      return Problem{trick, problem};
    }
    if (!game.hand(seat).contains(card.held())) {
      return Problem{trick, "seat " + std::to_string(seat) + " played " + hearts::to_string(card) +
                                ", which it does not hold (hand " +
                                hearts::to_string(game.hand(seat)) + ")"};
    }
    const CardSet legal = game.legal_plays();
    if (!legal.contains(card)) {
      return Problem{trick, "seat " + std::to_string(seat) + " played " + hearts::to_string(card) +
                                ", which is not legal here (legal: " + hearts::to_string(legal) +
                                ")"};
    }
    slots->push_back({ViolationSlot::kPlay, seat, game.deal_index(), game.tricks_completed()});
    if (Status status = game.play(card); !status.ok()) return Problem{trick, status.message()};
  }
  return std::nullopt;
}

// The plans a dealer could have chosen that fit the recorded passes (for a dealer's-choice deal
// cut short before its plan was recorded).
std::vector<PassPlan> candidate_plans(const hearts::CompiledRules& rules, const DealRecord& deal) {
  const int n = rules.rules.num_players;
  std::vector<PassPlan> plans;
  if (deal.passes_size() == 0) {
    plans.push_back(PassPlan{});
  } else {
    const auto count = static_cast<uint8_t>(std::min(deal.passes(0).cards_size(), 255));
    for (int k = 1; k < n; ++k) {
      plans.push_back(PassPlan{PassKind::kOffset, static_cast<uint8_t>(k), count});
    }
    plans.push_back(PassPlan{PassKind::kScatter, 0, count});
    plans.push_back(PassPlan{PassKind::kStar, 0, count});
  }
  std::vector<PassPlan> valid;
  for (const PassPlan& plan : plans) {
    if (hearts::validate_pass_plan(rules, plan).ok()) valid.push_back(plan);
  }
  return valid;
}

class GameVerifier {
 public:
  GameVerifier(const hearts::CompiledRules& rules, const GameRecord& record,
               const ForfeitPolicy& policy)
      : rules_(rules), record_(record), n_(rules.rules.num_players), policy_(policy) {}

  bool run(std::string* discrepancy) {
    const bool ok = verify();
    if (!ok && discrepancy) *discrepancy = error_;
    return ok;
  }

 private:
  bool fail(int deal, int trick, const std::string& what) {
    error_ = "game " + std::to_string(static_cast<uint64_t>(record_.game_index()) + 1);
    if (deal >= 0) error_ += ", deal " + std::to_string(deal + 1);
    if (trick >= 0) error_ += ", trick " + std::to_string(trick + 1);
    error_ += ": " + what;
    return false;
  }

  // Compares one value per seat; `expected` is indexed by seat.
  template <class Expected, class Recorded>
  bool check_seats(int deal, const char* field, const Expected& expected,
                   const Recorded& recorded) {
    std::vector<long long> want;
    for (int s = 0; s < n_; ++s) want.push_back(expected(s));
    std::vector<long long> got(recorded.begin(), recorded.end());
    if (want != got) {
      return fail(
          deal, -1,
          std::string(field) + ": expected " + list_text(want) + ", recorded " + list_text(got));
    }
    return true;
  }

  // How re-playing one deal ended.
  enum class Replayed { kFailed, kCutShort, kVerified };

  bool verify() {
    const int num_deals = record_.deals_size();
    const bool forfeited = record_.forfeited_size() > 0;
    Game game(rules_, record_.seed());
    for (int d = 0; d < num_deals; ++d) {
      const Replayed replayed = replay_deal(d, num_deals, forfeited, game);
      if (replayed == Replayed::kFailed) return false;
      if (replayed == Replayed::kCutShort) break;
    }
    return check_game_end(game, num_deals, forfeited);
  }

  Replayed replay_deal(int d, int num_deals, bool forfeited, Game& game) {
    const DealRecord& deal = record_.deals(d);
    if (!deal_recorded_hands(d, num_deals, game, deal)) return Replayed::kFailed;
    const bool complete = deal.deal_scores_size() > 0 || deal.points_taken_size() > 0 ||
                          deal.trick_winners_size() > 0 || deal.scores_after_size() > 0;
    const bool last = d == num_deals - 1;
    if (!complete && !(forfeited && last)) {
      fail(d, -1,
           "no result is recorded (only the last deal of a forfeited game may be cut "
           "short)");
      return Replayed::kFailed;
    }

    std::optional<PassPlan> recorded_plan;
    if (complete) {
      std::string why;
      recorded_plan = plan_from_record(deal.pass_plan(), &why);
      if (!recorded_plan) {
        fail(d, -1, "pass_plan: " + why);
        return Replayed::kFailed;
      }
    }
    const Replayed moves = replay_plan_and_moves(d, game, deal, complete, recorded_plan);
    if (moves != Replayed::kVerified) return moves;

    if (!complete) {
      // The last deal of a forfeited game, cut short: the recorded moves must leave it open.
      if (game.phase() == Phase::kDeal || game.phase() == Phase::kGameOver) {
        fail(d, -1, "the recorded moves finish the deal, but no result is recorded");
        return Replayed::kFailed;
      }
      return cut_short_at_a_decision(d, game) ? Replayed::kCutShort : Replayed::kFailed;
    }
    if (!finish_deal(d, game, deal) || !compare_deal(d, game, deal)) return Replayed::kFailed;
    // Every seat is told of the deal's end, and each may fail that call.
    for (int s = 0; s < n_; ++s) {
      steps_.slots.push_back({ViolationSlot::kNotify, s, game.last_deal().deal_index, -1});
    }
    return Replayed::kVerified;
  }

  // The referee stops a game only after a decision (or a deal's end), so a deal cut short holds
  // at least one: its last decision is the game's.
  bool cut_short_at_a_decision(int d, const Game& game) {
    // An unavailable bot forfeits where it was found unavailable, before its decision is made:
    // possibly a deal's first (check_forfeits checks the forfeit itself).
    if (policy_.unavailable_forfeits && record_.forfeited_size() > 0) return true;
    if (steps_.slots.empty() || steps_.slots.back().kind == ViolationSlot::kNotify ||
        steps_.slots.back().deal != game.deal_index()) {
      return fail(d, -1,
                  "the deal is cut short before any decision in it (a forfeit stops a game "
                  "after a decision or at a deal's end)");
    }
    return true;
  }

  void add_decision(ViolationSlot::Kind kind, const Game& game) {
    steps_.slots.push_back({kind, game.to_act(), game.deal_index(), -1});
  }

  // Checks the deal's index, deals its recorded hands and kitty, and checks its dealer.
  bool deal_recorded_hands(int d, int num_deals, Game& game, const DealRecord& deal) {
    if (game.is_over()) {
      return fail(d, -1,
                  "the game was over after " + std::to_string(d) + " deals, but the record has " +
                      std::to_string(num_deals));
    }
    if (deal.deal_index() != game.deal_index()) {
      return fail(d, -1,
                  "deal_index: expected " + std::to_string(game.deal_index()) + ", recorded " +
                      std::to_string(deal.deal_index()));
    }
    if (deal.hands_size() != n_) {
      return fail(d, -1,
                  "the record has " + std::to_string(deal.hands_size()) + " hands; the table has " +
                      std::to_string(n_) + " seats");
    }
    if (Status status = arena::deal_recorded_hands(game, deal); !status.ok()) {
      return fail(d, -1, "the recorded hands cannot be dealt: " + status.message());
    }
    if (deal.dealer() != game.dealer()) {
      return fail(d, -1,
                  "dealer: expected seat " + std::to_string(game.dealer()) + ", recorded seat " +
                      std::to_string(deal.dealer()));
    }
    return true;
  }

  // Settles the deal's pass plan (recorded, drawn, or found from the moves) and re-plays the
  // recorded passes and plays. `recorded_plan` is set when the deal is complete.
  Replayed replay_plan_and_moves(int d, Game& game, const DealRecord& deal, bool complete,
                                 const std::optional<PassPlan>& recorded_plan) {
    if (game.phase() == Phase::kDealerChoice) add_decision(ViolationSlot::kDealerChoice, game);
    if (game.phase() == Phase::kPassDirection || game.phase() == Phase::kDealerChoice) {
      if (complete) {
        if (Status status = game.set_pass_plan(*recorded_plan); !status.ok()) {
          fail(d, -1, "the recorded pass plan cannot be used: " + status.message());
          return Replayed::kFailed;
        }
      } else if (game.phase() == Phase::kPassDirection) {
        game.resolve_chance();  // the referee drew it from the game seed, as this does
      } else if (deal.passes_size() == 0 && deal.plays_size() == 0) {
        return Replayed::kCutShort;  // cut short at the dealer's choice: nothing more was recorded
      } else {
        return replay_with_candidate_plan(d, game, deal) ? Replayed::kVerified : Replayed::kFailed;
      }
    } else if (complete && game.pass_plan() != *recorded_plan) {
      fail(d, -1,
           "pass_plan: expected " + plan_text(game.pass_plan(), n_) + ", recorded " +
               plan_text(*recorded_plan, n_));
      return Replayed::kFailed;
    }
    if (std::optional<Problem> problem = replay_moves(game, deal, &steps_.slots)) {
      fail(d, problem->trick, problem->what);
      return Replayed::kFailed;
    }
    return Replayed::kVerified;
  }

  // Cut short after the dealer chose: the plan was not recorded, so find one that re-plays the
  // recorded moves.
  bool replay_with_candidate_plan(int d, Game& game, const DealRecord& deal) {
    std::optional<Problem> first;
    for (const PassPlan& plan : candidate_plans(rules_, deal)) {
      Game trial = game;
      if (!trial.set_pass_plan(plan).ok()) continue;
      std::vector<ViolationSlot> slots;
      std::optional<Problem> problem = replay_moves(trial, deal, &slots);
      if (!problem) {
        game = trial;
        steps_.slots.insert(steps_.slots.end(), slots.begin(), slots.end());
        return true;
      }
      if (!first) first = problem;
    }
    return fail(d, first ? first->trick : -1,
                "no pass plan the dealer could have chosen re-plays the recorded moves" +
                    (first ? " (" + first->what + ")" : std::string()));
  }

  // Checks that the recorded moves end the deal, applying the recorded moon choice if one is due.
  bool finish_deal(int d, Game& game, const DealRecord& deal) {
    if (game.phase() == Phase::kPass) {
      return fail(d, -1,
                  "the record has " + std::to_string(deal.passes_size()) +
                      " passes; the deal needs " + std::to_string(n_));
    }
    if (game.phase() == Phase::kSlamBid) {
      return fail(d, -1,
                  "the record has " + std::to_string(deal.slam_bids_size()) +
                      " slam bids; the bidding is not over after them");
    }
    if (game.phase() == Phase::kPlay) {
      return fail(d, game.tricks_completed(),
                  "the record has " + std::to_string(deal.plays_size()) +
                      " plays; the deal is not over after them");
    }
    if (game.phase() == Phase::kMoonChoice) {
      if (!deal.moon_choice_made()) {
        return fail(d, -1,
                    "seat " + std::to_string(game.to_act()) +
                        " shot the moon and chooses under these rules, but no choice is "
                        "recorded (moon_choice_made false)");
      }
      add_decision(ViolationSlot::kMoonChoice, game);
      (void)game.choose_moon(deal.new_moon());
    } else if (deal.moon_choice_made()) {
      return fail(d, -1,
                  "moon_choice_made: expected false (no moon choice was due), recorded true");
    }
    return true;
  }

  // After the last recorded deal: the game's end, forfeits and violations, final results.
  bool check_game_end(const Game& game, int num_deals, bool forfeited) {
    if (!forfeited && !game.is_over()) {
      return fail(-1, -1,
                  "the game is not over after its " + std::to_string(num_deals) +
                      " recorded deals (and no seat forfeited)");
    }
    if (!check_forfeits_at_end(game)) return false;
    if (!check_seats(
            -1, "final_scores", [&](int s) { return game.score(s); }, record_.final_scores()) ||
        !check_seats(
            -1, "final_counters", [&](int s) { return game.counters(s); },
            record_.final_counters()) ||
        !check_imaginary(
            -1, "final_scores_imag", [&](int s) { return game.score_imag(s); },
            record_.final_scores_imag())) {
      return false;
    }
    if (!check_teams(game)) return false;
    const std::vector<int> ranks = forfeited ? ranks_with_forfeits(game) : std::vector<int>();
    return check_seats(
        -1, "ranks", [&](int s) { return forfeited ? ranks[s] : game.rank(s); }, record_.ranks());
  }

  // Partnerships: the recorded teams are the rules' (partners opposite), and each team's score
  // is the one its rank is decided by; without partnerships neither is recorded.
  bool check_teams(const Game& game) {
    const hearts::Rules& rules = rules_.rules;
    std::vector<long long> want_teams;
    std::vector<long long> want_scores;
    if (rules.partnership != hearts::Partnership::kNone) {
      for (int s = 0; s < n_; ++s) want_teams.push_back(hearts::team_of(rules, s));
      for (int t = 0; t < hearts::num_teams(rules); ++t) want_scores.push_back(game.team_score(t));
    }
    const std::vector<long long> teams(record_.seat_teams().begin(), record_.seat_teams().end());
    if (teams != want_teams) {
      return fail(
          -1, -1,
          "seat_teams: expected " + list_text(want_teams) + ", recorded " + list_text(teams));
    }
    const std::vector<long long> scores(record_.team_scores().begin(), record_.team_scores().end());
    if (scores != want_scores) {
      return fail(
          -1, -1,
          "team_scores: expected " + list_text(want_scores) + ", recorded " + list_text(scores));
    }
    return true;
  }

  // The referee's forfeit rule (forfeit_check.h) over the decisions and notifications re-played.
  bool check_forfeits_at_end(const Game& game) {
    steps_.game_over = game.is_over();
    steps_.last_step = 0;
    for (size_t k = steps_.slots.size(); k-- > 0;) {
      if (steps_.slots[k].kind != ViolationSlot::kNotify) {
        steps_.last_step = k;
        break;
      }
    }
    // Game-end notifications carry the deal and trick the game stopped at.
    const int trick = game.phase() == Phase::kPlay ? game.tricks_completed() : -1;
    for (int s = 0; s < n_; ++s) {
      steps_.game_end.push_back({ViolationSlot::kNotify, s, game.deal_index(), trick});
    }
    std::string why;
    if (!check_forfeits(record_, steps_, policy_, n_, &why)) return fail(-1, -1, why);
    return true;
  }

  // As the referee ranks a game with forfeits: the forfeiting seats share the last place, the
  // others rank by their result at that moment (most counters, or lowest score).
  std::vector<int> ranks_with_forfeits(const Game& game) const {
    if (rules_.rules.partnership != hearts::Partnership::kNone)
      return team_ranks_with_forfeits(game);
    const bool by_counters = rules_.rules.settlement != hearts::Settlement::kPoints;
    std::vector<bool> out(n_, false);
    for (int seat : record_.forfeited()) out[seat] = true;
    const int standing = n_ - record_.forfeited_size();
    std::vector<int> ranks(n_);
    for (int s = 0; s < n_; ++s) {
      if (out[s]) {
        ranks[s] = standing + 1;
        continue;
      }
      int better = 0;
      for (int t = 0; t < n_; ++t) {
        if (out[t]) continue;
        better += by_counters ? game.counters(t) > game.counters(s) : game.score(t) < game.score(s);
      }
      ranks[s] = 1 + better;
    }
    return ranks;
  }

  // Partnerships, as the referee ranks them: a team with a forfeiting seat is out and the teams
  // out share the last place; the others rank by team score.
  std::vector<int> team_ranks_with_forfeits(const Game& game) const {
    const hearts::Rules& rules = rules_.rules;
    const int teams = hearts::num_teams(rules);
    std::vector<bool> out(static_cast<size_t>(teams), false);
    for (int seat : record_.forfeited()) out[hearts::team_of(rules, seat)] = true;
    int standing = 0;
    for (bool team_out : out) standing += !team_out;
    std::vector<int> ranks(n_);
    for (int s = 0; s < n_; ++s) {
      const int team = hearts::team_of(rules, s);
      int better = 0;
      for (int other = 0; other < teams; ++other) {
        better += !out[other] && game.team_score(other) < game.team_score(team);
      }
      ranks[s] = out[team] ? standing + 1 : 1 + better;
    }
    return ranks;
  }

  // Trick sizes (recorded under a stock, nines or jokers only) and the stock's rest.
  bool compare_trick_sizes_and_stock(int d, const Game& game, const DealRecord& deal) {
    const int tricks = rules_.extended_play ? game.tricks_completed() : 0;
    if (deal.trick_sizes_size() != tricks) {
      return fail(d, -1,
                  "trick_sizes: expected " + std::to_string(tricks) + " entries, recorded " +
                      std::to_string(deal.trick_sizes_size()));
    }
    for (int t = 0; t < tricks; ++t) {
      if (deal.trick_sizes(t) != game.trick_size(t)) {
        return fail(d, t,
                    "trick size: expected " + std::to_string(game.trick_size(t)) +
                        " cards, recorded " + std::to_string(deal.trick_sizes(t)));
      }
    }
    const hearts::DealResult& result = game.last_deal();
    const int recorded = deal.has_last_holder() ? deal.last_holder() : -1;
    if (recorded != result.last_holder || deal.left_over() != result.left_over.bits()) {
      return fail(d, -1,
                  "last_holder: expected seat " + std::to_string(result.last_holder) + " taking " +
                      hearts::to_string(result.left_over) + ", recorded seat " +
                      std::to_string(recorded) + " taking " +
                      hearts::to_string(CardSet(deal.left_over())));
    }
    return true;
  }

  bool compare_deal(int d, const Game& game, const DealRecord& deal) {
    const hearts::DealResult& result = game.last_deal();
    const std::span<const uint8_t> winners = game.trick_winners();
    if (static_cast<size_t>(deal.trick_winners_size()) != winners.size()) {
      return fail(d, -1,
                  "trick_winners: expected " + std::to_string(winners.size()) +
                      " tricks, recorded " + std::to_string(deal.trick_winners_size()));
    }
    for (size_t t = 0; t < winners.size(); ++t) {
      const int expected = recorded_winner(winners[t]);
      if (deal.trick_winners(static_cast<int>(t)) != expected) {
        return fail(d, static_cast<int>(t),
                    "winner: expected seat " + std::to_string(expected) + ", recorded seat " +
                        std::to_string(deal.trick_winners(static_cast<int>(t))));
      }
    }
    if (!compare_trick_sizes_and_stock(d, game, deal)) return false;
    if (!check_seats(
            d, "points_taken", [&](int s) { return result.points_taken[s]; },
            deal.points_taken()) ||
        !check_seats(
            d, "deal_scores", [&](int s) { return result.deal_score[s]; }, deal.deal_scores())) {
      return false;
    }
    if (deal.moon_shooter() != result.moon_shooter) {
      return fail(d, -1,
                  "moon_shooter: expected " + std::to_string(result.moon_shooter) + ", recorded " +
                      std::to_string(deal.moon_shooter()));
    }
    if (deal.new_moon() != result.new_moon) {
      return fail(d, -1,
                  std::string("new_moon: expected ") + (result.new_moon ? "true" : "false") +
                      ", recorded " + (deal.new_moon() ? "true" : "false"));
    }
    const bool partnership = rules_.rules.partnership != hearts::Partnership::kNone;
    const int moon_team = deal.has_moon_team() ? deal.moon_team() : -1;
    if (deal.has_moon_team() != partnership || moon_team != result.moon_team) {
      return fail(d, -1,
                  "moon_team: expected " +
                      (partnership ? std::to_string(result.moon_team) : std::string("none")) +
                      ", recorded " +
                      (deal.has_moon_team() ? std::to_string(moon_team) : std::string("none")));
    }
    if (!compare_slam_bid(d, deal, result)) return false;
    if (deal.sun_shooter() != result.sun_shooter) {
      return fail(d, -1,
                  "sun_shooter: expected " + std::to_string(result.sun_shooter) + ", recorded " +
                      std::to_string(deal.sun_shooter()));
    }
    return check_seats(
               d, "scores_after", [&](int s) { return game.score(s); }, deal.scores_after()) &&
           check_seats(
               d, "counters_after", [&](int s) { return game.counters(s); },
               deal.counters_after()) &&
           check_imaginary(
               d, "deal_scores_imag", [&](int s) { return result.deal_score_imag[s]; },
               deal.deal_scores_imag()) &&
           check_imaginary(
               d, "scores_after_imag", [&](int s) { return game.score_imag(s); },
               deal.scores_after_imag());
  }

  // partnership_slam_bid: the bidder, its silent partner and the slam's outcome, recorded exactly
  // when the rules have the bid.
  bool compare_slam_bid(int d, const DealRecord& deal, const hearts::DealResult& result) {
    auto text = [](int bidder, int partner, bool made) {
      return "bidder " + std::to_string(bidder) + ", partner " + std::to_string(partner) +
             (made ? ", made" : ", not made");
    };
    if (!rules_.rules.partnership_slam_bid) {
      if (!deal.has_slam_bidder() && !deal.has_slam_partner() && !deal.slam_made() &&
          deal.slam_bids_size() == 0) {
        return true;
      }
      return fail(d, -1, "slam bid: recorded, but these rules have no slam bid");
    }
    const int bidder = deal.has_slam_bidder() ? deal.slam_bidder() : -2;
    const int partner = deal.has_slam_partner() ? deal.slam_partner() : -2;
    if (bidder == result.slam_bidder && partner == result.slam_partner &&
        deal.slam_made() == result.slam_made) {
      return true;
    }
    return fail(d, -1,
                "slam bid: expected " +
                    text(result.slam_bidder, result.slam_partner, result.slam_made) +
                    ", recorded " + text(bidder, partner, deal.slam_made()));
  }

  // Complex Hearts' imaginary scores: one per seat under complex_scores, none otherwise.
  template <typename Expected, typename Recorded>
  bool check_imaginary(int deal, const char* field, const Expected& expected,
                       const Recorded& recorded) {
    if (rules_.rules.complex_scores) return check_seats(deal, field, expected, recorded);
    if (recorded.empty()) return true;
    return fail(deal, -1,
                std::string(field) + ": recorded, but these rules keep no imaginary score");
  }

  const hearts::CompiledRules& rules_;
  const GameRecord& record_;
  const int n_;
  const ForfeitPolicy policy_;
  PlayedSteps steps_;  // the decisions and notifications re-played, for the forfeit rule
  std::string error_;
};

}  // namespace

bool verify_game(const hearts::CompiledRules& rules, const GameRecord& record, int forfeit_after,
                 std::string* discrepancy) {
  return verify_game(rules, record, ForfeitPolicy{forfeit_after, false}, discrepancy);
}

bool verify_game(const hearts::CompiledRules& rules, const GameRecord& record,
                 const ForfeitPolicy& policy, std::string* discrepancy) {
  return GameVerifier(rules, record, policy).run(discrepancy);
}

namespace {

std::string game_name(uint64_t index) {
  return "game " + std::to_string(index + 1);
}

// A game's seat_bots against the header: one bot per seat, each one the header lists.
bool check_seat_bots(const hearts::proto::RecordsHeader& header, int n, const GameRecord& game,
                     std::string* discrepancy) {
  const std::string name = game_name(game.game_index());
  if (game.seat_bots_size() != n) {
    *discrepancy = name + ": seat_bots names " + std::to_string(game.seat_bots_size()) +
                   " seats; the rules seat " + std::to_string(n);
    return false;
  }
  for (int bot : game.seat_bots()) {
    if (bot < 0 || bot >= header.bots_size()) {
      *discrepancy = name + ": seat_bots " + list_text(game.seat_bots()) +
                     " refers to a bot the header does not list (" +
                     std::to_string(header.bots_size()) + " bots)";
      return false;
    }
  }
  return true;
}

// A game against the place its schedule gives it: table, rotation, seating, seed, group.
bool check_expected(const GameRecord& game, const ExpectedGame& expected,
                    std::string* discrepancy) {
  const std::string name = game_name(game.game_index());
  auto differs = [&](const std::string& field, const std::string& want, const std::string& got) {
    *discrepancy = name + ": " + field + ": expected " + want + ", recorded " + got +
                   " (as the schedule places this game)";
    return false;
  };
  if (game.table() != expected.table || game.rotation() != expected.rotation) {
    return differs("table and rotation",
                   std::to_string(expected.table) + " and " + std::to_string(expected.rotation),
                   std::to_string(game.table()) + " and " + std::to_string(game.rotation()));
  }
  if (!std::equal(game.seat_bots().begin(), game.seat_bots().end(), expected.seat_bots.begin(),
                  expected.seat_bots.end())) {
    return differs("seat_bots", list_text(expected.seat_bots), list_text(game.seat_bots()));
  }
  if (!std::equal(game.table_teams().begin(), game.table_teams().end(),
                  expected.table_teams.begin(), expected.table_teams.end())) {
    return differs("table_teams", list_text(expected.table_teams), list_text(game.table_teams()));
  }
  if (game.seed() != expected.seed) {
    return differs("seed", std::to_string(expected.seed), std::to_string(game.seed()));
  }
  if (game.group_key() != expected.group_key) {
    return differs("group_key", std::to_string(expected.group_key),
                   std::to_string(game.group_key()));
  }
  return true;
}

// Game k of a file with a schedule must be the k-th game of its share; says how it is not.
bool check_scheduled_index(const RecordsFile& file, size_t k, const VerifyOptions& options,
                           const std::set<uint32_t>& seen, std::string* discrepancy) {
  const std::vector<ExpectedGame>& expected = *options.expected;
  const uint32_t index = file.games[k].game_index();
  if (k < expected.size() && index == expected[k].game_index) return true;
  const std::string name = game_name(index);
  if (seen.count(index) > 0) {
    *discrepancy = name + ": appears twice in the file";
    return false;
  }
  const auto in_share = std::find_if(expected.begin(), expected.end(),
                                     [&](const ExpectedGame& e) { return e.game_index == index; });
  if (in_share == expected.end() || k >= expected.size()) {
    *discrepancy = name + ": not in this file's share of the schedule" +
                   (options.share_name.empty() ? "" : " (" + options.share_name + ")");
    return false;
  }
  const uint32_t wanted = expected[k].game_index;
  const bool later =
      std::any_of(file.games.begin() + static_cast<std::ptrdiff_t>(k), file.games.end(),
                  [&](const GameRecord& g) { return g.game_index() == wanted; });
  if (later) {
    *discrepancy = name + ": out of schedule order (" + game_name(wanted) + " comes before it)";
  } else {
    *discrepancy =
        game_name(wanted) + ": missing from the file (" + name + " follows " +
        (k == 0 ? std::string("the header") : game_name(file.games[k - 1].game_index())) + ")";
  }
  return false;
}

// A file without a schedule: its game indexes, unique, must leave none out up to the last.
bool check_no_index_missing(const std::set<uint32_t>& seen, std::string* discrepancy) {
  uint32_t next = 0;
  for (uint32_t index : seen) {  // ascending
    if (index != next) {
      *discrepancy = game_name(next) + ": missing from the file (it holds games up to " +
                     std::to_string(static_cast<uint64_t>(*seen.rbegin()) + 1) + ")";
      return false;
    }
    ++next;
  }
  return true;
}

std::optional<hearts::CompiledRules> header_rules(const hearts::proto::RecordsHeader& header,
                                                  std::string* discrepancy) {
  hearts::Rules rules;
  if (Status status = from_rules_spec(header.rules(), &rules); !status.ok()) {
    *discrepancy = "header: the rules cannot be used: " + status.message();
    return std::nullopt;
  }
  std::string error;
  std::optional<hearts::CompiledRules> compiled = hearts::compile(rules, &error);
  if (!compiled) *discrepancy = "header: the rules cannot be used: " + error;
  return compiled;
}

}  // namespace

bool verify_records(const RecordsFile& file, std::string* discrepancy, VerifyTotals* totals,
                    const VerifyOptions& options) {
  const std::optional<hearts::CompiledRules> compiled = header_rules(file.header, discrepancy);
  if (!compiled || !check_bot_limits(file.header, discrepancy)) return false;
  const int n = compiled->rules.num_players;
  std::set<uint32_t> seen;
  for (size_t k = 0; k < file.games.size(); ++k) {
    const GameRecord& game = file.games[k];
    if (options.expected) {
      if (!check_scheduled_index(file, k, options, seen, discrepancy)) return false;
    } else if (seen.count(game.game_index()) > 0) {
      *discrepancy = game_name(game.game_index()) + ": appears twice in the file";
      return false;
    }
    seen.insert(game.game_index());
    if (!check_seat_bots(file.header, n, game, discrepancy)) return false;
    if (!check_timeouts(file.header, game, discrepancy)) return false;
    if (!check_host_pauses(file.header, game, discrepancy)) return false;
    if (!check_time_margin(file.header, game, discrepancy)) return false;
    if (options.expected && !check_expected(game, (*options.expected)[k], discrepancy)) {
      return false;
    }
    const ForfeitPolicy policy{
        file.header.forfeit_after(),
        file.header.on_unavailable() == hearts::proto::RecordsHeader::FORFEIT};
    if (!verify_game(*compiled, game, policy, discrepancy)) return false;
    if (totals) {
      ++totals->games;
      totals->deals += game.deals_size();
    }
  }
  return options.expected || check_no_index_missing(seen, discrepancy);
}

}  // namespace arena
