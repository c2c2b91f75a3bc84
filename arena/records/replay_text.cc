#include "records/replay_text.h"

#include <iomanip>
#include <optional>
#include <sstream>
#include <vector>

#include "hearts/card_pair.h"
#include "hearts/game.h"
#include "hearts/rule_options.h"
#include "players/bot_time_limit.h"
#include "records/recorded_deal.h"

namespace arena {
namespace {

using hearts::Card;
using hearts::CardSet;
using hearts::proto::DealRecord;
using hearts::proto::GameRecord;

std::string card_text(int id) {
  const Card card = Card::from_id(id);
  const bool known = id >= 0 && id < 64 && (card.is_valid() || card.is_joker());
  return known ? hearts::to_string(card) : "?" + std::to_string(id);
}

std::string cards_text(const google::protobuf::RepeatedField<int32_t>& ids) {
  std::string text;
  for (int id : ids) text += (text.empty() ? "" : " ") + card_text(id);
  return text.empty() ? "-" : text;
}

// One right-aligned column per seat.
template <class Values>
std::string columns(const Values& values) {
  std::ostringstream out;
  for (const auto& value : values) out << std::setw(6) << value;
  return out.str();
}

// The options of `spec` whose values differ from its preset's, as "name=value".
std::string rules_summary(const hearts::proto::RulesSpec& spec, const hearts::Rules& rules) {
  const std::string preset = spec.preset().empty() ? "standard" : spec.preset();
  std::string text = preset + " (" + std::to_string(rules.num_players) + " players)";
  const std::optional<hearts::Rules> base = hearts::preset_rules(preset);
  std::string changes;
  for (const hearts::RuleOption& option : hearts::rule_options()) {
    const std::string value = option.get(rules);
    if (base && option.get(*base) == value) continue;
    changes += (changes.empty() ? "" : ", ") + std::string(option.name) + "=" + value;
  }
  if (!changes.empty()) text += " with " + changes;
  return text;
}

class Printer {
 public:
  Printer(std::ostream& out, const hearts::proto::RecordsHeader& header,
          const hearts::CompiledRules& rules)
      : out_(out), header_(header), rules_(rules), n_(rules.rules.num_players) {}

  void print_game(const GameRecord& game) {
    out_ << "\ngame " << static_cast<uint64_t>(game.game_index()) + 1 << "  (seed " << game.seed()
         << ", " << game.deals_size() << (game.deals_size() == 1 ? " deal)" : " deals)") << '\n';
    out_ << "  seats:";
    for (int s = 0; s < game.seat_bots_size(); ++s) {
      out_ << (s ? ", " : " ") << s << " " << bot_name(game, s);
    }
    out_ << '\n';
    const bool forfeited = game.forfeited_size() > 0;
    for (int d = 0; d < game.deals_size(); ++d) {
      print_deal(game, game.deals(d), forfeited && d == game.deals_size() - 1);
    }
    if (game.violations_size() > 0) {
      out_ << "  violations:\n";
      for (const hearts::proto::Violation& v : game.violations()) {
        out_ << "    deal " << v.deal() + 1;
        if (v.trick() >= 0) out_ << ", trick " << v.trick() + 1;
        out_ << ", seat " << v.seat() << " (" << v.bot()
             << "): " << hearts::proto::Violation::Kind_Name(v.kind()) << ": " << v.detail();
        if (!v.grpc_status().empty()) out_ << " [" << v.grpc_status() << "]";
        out_ << '\n';
      }
    }
    const bool by_counters = rules_.rules.settlement != hearts::Settlement::kPoints;
    out_ << "  result         " << columns(seat_numbers()) << '\n';
    out_ << "    final scores " << columns(game.final_scores()) << '\n';
    if (game.final_scores_imag_size() > 0) {
      out_ << "      imaginary  " << columns(game.final_scores_imag()) << '\n';
    }
    if (by_counters) out_ << "    counters     " << columns(game.final_counters()) << '\n';
    if (game.seat_teams_size() > 0) {  // partnerships: partners share their team's rank
      out_ << "    teams        " << columns(game.seat_teams()) << '\n';
      out_ << "    team scores  " << columns(game.team_scores()) << " (team 0, 1, ...)\n";
    }
    out_ << "    ranks        " << columns(game.ranks()) << '\n';
    for (int seat : game.forfeited()) {
      out_ << "    seat " << seat << " (" << bot_name(game, seat) << ") forfeited the game\n";
    }
    std::string winners;
    for (int s = 0; s < game.ranks_size(); ++s) {
      if (game.ranks(s) == 1) {
        winners += (winners.empty() ? "" : ", ") + std::string("seat ") + std::to_string(s) + " " +
                   bot_name(game, s);
      }
    }
    if (!winners.empty()) out_ << "    winner: " << winners << '\n';
  }

 private:
  std::vector<int> seat_numbers() const {
    std::vector<int> seats;
    for (int s = 0; s < n_; ++s) seats.push_back(s);
    return seats;
  }

  std::string bot_name(const GameRecord& game, int seat) const {
    if (seat < 0 || seat >= game.seat_bots_size()) return "?";
    const int bot = game.seat_bots(seat);
    if (bot < 0 || bot >= header_.bots_size()) return "?";
    // Time odds: one bot at two limits is told apart as results tell it ("montecarlo@10ms").
    return name_with_limit(header_.bots(bot).name(), header_.bots(bot).move_time_limit_us());
  }

  int points_of(CardSet cards) const {
    int points = 0;
    for (Card card : cards) points += rules_.card_points[card.id()];
    return points;
  }

  void print_deal(const GameRecord& game, const DealRecord& deal, bool may_be_cut) {
    const bool complete = deal.deal_scores_size() > 0;
    const hearts::PassPlan plan = plan_or_hold(deal.pass_plan());
    const bool plan_known = complete || !may_be_cut;
    print_deal_start(deal, plan, plan_known);
    print_passes(deal, plan, plan_known);
    if (plan_known && plan.kind == hearts::PassKind::kShuffle && deal.passes_size() == n_) {
      print_shuffle_result(game, deal, plan);
    }
    print_slam_bids(deal);
    for (int start = 0, t = 0; start < deal.plays_size(); start += trick_size(deal, t), ++t) {
      out_ << trick_line(deal, start, t) << '\n';
      print_draws(deal, start, trick_size(deal, t));
    }
    if (!complete) {
      out_ << "    (the deal was cut short: the game was forfeited)\n";
      return;
    }
    print_deal_result(deal);
  }

  // The dealer, the pass, the hands dealt and the kitty.
  void print_deal_start(const DealRecord& deal, const hearts::PassPlan& plan, bool plan_known) {
    out_ << "  deal " << deal.deal_index() + 1 << ": dealer seat " << deal.dealer() << ", pass "
         << (plan_known ? hearts::describe(plan, n_) : std::string("(not recorded)")) << '\n';
    for (int s = 0; s < deal.hands_size(); ++s) {
      const CardSet twice(s < deal.hands_twice_size() ? deal.hands_twice(s) : 0);
      out_ << (s == 0 ? "    dealt   seat " : "            seat ") << s << ": "
           << hearts::to_string(hearts::CardPair{CardSet(deal.hands(s)), twice}) << '\n';
    }
    if (deal.kitty() != 0) {
      out_ << "    kitty   " << hearts::to_string(CardSet(deal.kitty())) << '\n';
    }
    if (deal.stock_size() > 0) {
      out_ << "    stock   " << cards_text(deal.stock()) << " (drawn from the left)\n";
    }
  }

  // Each seat's passed cards and, when the plan is known, where they went.
  void print_passes(const DealRecord& deal, const hearts::PassPlan& plan, bool plan_known) {
    for (int p = 0; p < deal.passes_size(); ++p) {
      const hearts::proto::PassRecord& pass = deal.passes(p);
      out_ << (p == 0 ? "    passes  seat " : "            seat ") << pass.seat() << ": ";
      if (!plan_known || plan.kind == hearts::PassKind::kHold) {
        out_ << cards_text(pass.cards());
      } else if (plan.kind == hearts::PassKind::kOffset) {
        out_ << cards_text(pass.cards()) << " -> seat " << (pass.seat() + plan.offset) % n_;
      } else if (plan.kind == hearts::PassKind::kShuffle) {
        out_ << cards_text(pass.cards()) << " -> the pile";
      } else {
        for (int k = 0; k < pass.cards_size(); ++k) {
          out_ << (k ? ", " : "") << card_text(pass.cards(k)) << " -> seat "
               << hearts::pass_target(plan, n_, pass.seat(), k);
        }
      }
      out_ << '\n';
    }
  }

  // partnership_slam_bid: each seat's answer in order, and the silent partner.
  void print_slam_bids(const DealRecord& deal) {
    if (deal.slam_bids_size() == 0) return;
    out_ << "    slam bid";
    for (const hearts::proto::SlamBidRecord& bid : deal.slam_bids()) {
      out_ << "  seat " << bid.seat() << (bid.bid() ? " bids" : " declines");
    }
    out_ << '\n';
    if (deal.has_slam_bidder() && deal.slam_bidder() >= 0) {
      out_ << "    seat " << deal.slam_bidder() << " bid to take every trick; ";
      if (deal.has_slam_partner() && deal.slam_partner() >= 0) {
        out_ << "seat " << deal.slam_partner() << " (the AH) is its silent partner";
      } else {
        out_ << "it holds the AH and plays alone";
      }
      out_ << (deal.slam_made() ? "; the slam was made\n" : "; the slam failed\n");
    }
  }

  // Cards in trick t: recorded where tricks vary (a stock, booster nines), else one per seat.
  int trick_size(const DealRecord& deal, int t) const {
    return t < deal.trick_sizes_size() ? std::max(deal.trick_sizes(t), 1) : n_;
  }

  // Domino Hearts: what each seat drew from the stock before its play in this trick.
  void print_draws(const DealRecord& deal, int start, int size) {
    for (int i = start; i < std::min(start + size, deal.plays_size()); ++i) {
      const hearts::proto::PlayRecord& play = deal.plays(i);
      if (play.drawn_size() == 0) continue;
      out_ << "             seat " << play.seat() << " drew " << cards_text(play.drawn())
           << " from the stock\n";
    }
  }

  // Trick t, whose plays start at `start`: each seat's card, then the winner and points.
  std::string trick_line(const DealRecord& deal, int start, int t) const {
    int points = 0;  // summed per play: with two decks a card may fall twice
    std::ostringstream line;
    line << "    trick " << std::setw(2) << t + 1 << "  ";
    const int size = trick_size(deal, t);
    const int end = std::min(start + size, deal.plays_size());
    for (int i = start; i < end; ++i) {
      const hearts::proto::PlayRecord& play = deal.plays(i);
      const std::string entry = std::to_string(play.seat()) + ":" + card_text(play.card());
      line << std::left << std::setw(7) << entry << std::right;
      if (play.card() >= 0 && play.card() < 64) points += rules_.card_points[play.card()];
    }
    if (end - start < size) {
      line << " (unfinished)";
    } else {
      const int winner = trick_winner(deal, start, end, t);
      if (winner < 0) line << "-> void (to the next winner), ";
      if (winner >= 0) line << "-> seat " << winner << ", ";
      line << points << (points == 1 || points == -1 ? " point" : " points");
      if (t == 0 && deal.kitty() != 0) {
        line << " + kitty " << points_of(CardSet(deal.kitty()));
      }
      const int carried = carried_points(deal, t);
      if (winner >= 0 && carried != 0) line << " + " << carried << " carried";
    }
    return line.str();
  }

  // The points of the void tricks just before trick t (recorded winner -1), which its winner
  // takes with it (two decks, identical_cards=cancel).
  int carried_points(const DealRecord& deal, int t) const {
    int points = 0;
    for (int k = t - 1; k >= 0 && k < deal.trick_winners_size() && deal.trick_winners(k) < 0; --k) {
      for (int i = k * n_; i < (k + 1) * n_ && i < deal.plays_size(); ++i) {
        const int card = deal.plays(i).card();
        if (card >= 0 && card < 64) points += rules_.card_points[card];
      }
    }
    return points;
  }

  // The recorded winner; in a deal cut short, the highest card of the suit led.
  static int trick_winner(const DealRecord& deal, int start, int end, int t) {
    int winner = deal.plays(start).seat();
    if (t < deal.trick_winners_size()) {
      winner = deal.trick_winners(t);
    } else {
      int best = deal.plays(start).card();
      for (int i = start + 1; i < end; ++i) {
        const int card = deal.plays(i).card();
        if (card / 16 == best / 16 && card > best) {
          best = card;
          winner = deal.plays(i).seat();
        }
      }
    }
    return winner;
  }

  // A complete deal's points taken, deal scores, moon and sun, and scores (counters) after it.
  void print_deal_result(const DealRecord& deal) {
    out_ << "                 " << columns(seat_numbers()) << '\n';
    out_ << "    points taken " << columns(deal.points_taken()) << '\n';
    out_ << "    deal scores  " << columns(deal.deal_scores()) << '\n';
    if (deal.deal_scores_imag_size() > 0) {  // Complex Hearts: the imaginary parts
      out_ << "      imaginary  " << columns(deal.deal_scores_imag()) << '\n';
    }
    if (deal.has_moon_team() && deal.moon_team() >= 0) {
      out_ << "    team " << deal.moon_team() << " (its partners together) shot the moon\n";
    }
    if (deal.moon_shooter() >= 0) {
      out_ << "    seat " << deal.moon_shooter() << " shot the moon";
      if (deal.moon_choice_made()) {
        out_ << " and chose " << (deal.new_moon() ? "new moon" : "old moon");
      } else if (deal.new_moon()) {
        out_ << " (new moon)";
      }
      out_ << '\n';
    }
    if (deal.sun_shooter() >= 0) {
      out_ << "    seat " << deal.sun_shooter() << " took every trick (shot the sun)\n";
    }
    if (deal.has_last_holder()) {
      const CardSet left_over(deal.left_over());
      out_ << "    seat " << deal.last_holder() << " held cards last and took " << left_over.size()
           << " more (" << points_of(left_over) << " points): " << hearts::to_string(left_over)
           << '\n';
    }
    out_ << "    scores after " << columns(deal.scores_after()) << '\n';
    if (deal.scores_after_imag_size() > 0) {
      out_ << "      imaginary  " << columns(deal.scores_after_imag()) << '\n';
    }
    if (rules_.rules.settlement != hearts::Settlement::kPoints) {
      out_ << "    counters     " << columns(deal.counters_after()) << '\n';
    }
  }

  // A shuffle pass re-deals the pile from the game seed: re-play the deal's start to show it.
  void print_shuffle_result(const GameRecord& game, const DealRecord& deal,
                            const hearts::PassPlan& plan) {
    hearts::Game replay(rules_, game.seed());
    // Fast-forward to this deal: the shuffle stream depends only on the seed and deal index,
    // but the engine needs the earlier deals played to reach it.
    for (int d = 0; d < game.deals_size(); ++d) {
      const DealRecord& current = game.deals(d);
      if (!deal_recorded_hands(replay, current).ok()) return;
      if (replay.phase() == hearts::Phase::kPassDirection ||
          replay.phase() == hearts::Phase::kDealerChoice) {
        if (!replay.set_pass_plan(plan_or_hold(current.pass_plan())).ok()) return;
      }
      for (const hearts::proto::PassRecord& pass : current.passes()) {
        std::vector<Card> cards;
        for (int id : pass.cards()) cards.push_back(Card::from_id(id));
        if (!replay.pass_cards(cards).ok()) return;
      }
      if (&current == &deal) break;
      for (const hearts::proto::SlamBidRecord& bid : current.slam_bids()) {
        if (!replay.bid_slam(bid.bid()).ok()) return;
      }
      for (const hearts::proto::PlayRecord& play : current.plays()) {
        if (!replay.play(Card::from_id(play.card())).ok()) return;
      }
      if (replay.phase() == hearts::Phase::kMoonChoice)
        (void)replay.choose_moon(current.new_moon());
      if (replay.phase() != hearts::Phase::kDeal) return;
    }
    if (!replay.passes_exchanged() || replay.pass_plan() != plan) return;
    for (int s = 0; s < n_; ++s) {
      out_ << (s == 0 ? "    pile    seat " : "            seat ") << s << " receives "
           << hearts::to_string(replay.received_by(s)) << '\n';
    }
  }

  std::ostream& out_;
  const hearts::proto::RecordsHeader& header_;
  const hearts::CompiledRules& rules_;
  const int n_;
};

}  // namespace

void print_records_summary(std::ostream& out, const std::string& path, const RecordsFile& file,
                           const hearts::Rules& rules) {
  const hearts::proto::RecordsHeader& h = file.header;
  out << "records " << path << ": " << file.games.size()
      << (file.games.size() == 1 ? " game" : " games") << " (format version " << h.format_version()
      << ", arena " << h.arena_version() << ")\n";
  if (!h.command().empty()) out << "  command: " << h.command() << '\n';
  out << "  rules: " << rules_summary(h.rules(), rules) << '\n';
  out << "  series seed " << h.series_seed() << ", move limit " << h.move_time_limit_us() / 1000
      << " ms, time bank "
      << (h.game_time_bank_us() ? std::to_string(h.game_time_bank_us() / 1000) + " ms"
                                : std::string("none"));
  // Unset in files older than the margin: say nothing rather than guess.
  if (h.has_time_margin_us()) out << ", time margin " << h.time_margin_us() / 1000 << " ms";
  out << ", forfeit after "
      << (h.forfeit_after() ? std::to_string(h.forfeit_after()) + " violations"
                            : std::string("never"))
      << '\n';
  out << "  bots:\n";
  for (int b = 0; b < h.bots_size(); ++b) {
    const hearts::proto::BotInfo& bot = h.bots(b);
    out << "    " << b << "  " << bot.name();
    if (!bot.version().empty()) out << " " << bot.version();
    if (!bot.author().empty()) out << " by " << bot.author();
    // How it ran ("sandboxed", "trusted", ...), or the transport in records older than that.
    out << "  (" << (bot.runs_as().empty() ? bot.transport() : bot.runs_as())
        << (bot.spec().empty() ? "" : ": " + bot.spec());
    if (!bot.file_sha256().empty()) out << ", sha256 " << bot.file_sha256().substr(0, 16);
    if (bot.move_time_limit_us() > 0) {  // its own limit (time odds), not the header's
      out << ", own move limit " << time_limit_text(bot.move_time_limit_us());
      if (bot.game_time_bank_us() > 0) out << ", bank " << time_limit_text(bot.game_time_bank_us());
    }
    out << ")\n";
  }
}

void print_replay_game(std::ostream& out, const hearts::proto::RecordsHeader& header,
                       const hearts::CompiledRules& rules, const hearts::proto::GameRecord& game) {
  Printer(out, header, rules).print_game(game);
}

}  // namespace arena
