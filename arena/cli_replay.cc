// `arena replay FILE [--game K] [--json]`: a recorded series, trick by trick, or the records
// themselves through protobuf's JSON mapping.
#include <google/protobuf/util/json_util.h>
#include <limits>

#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "cli_common.h"
#include "commands.h"
#include "hearts/game.h"
#include "hearts/rule_options.h"
#include "records_io.h"
#include "rules_spec.h"

namespace arena {
namespace {

using hearts::Card;
using hearts::CardSet;
using hearts::proto::DealRecord;
using hearts::proto::GameRecord;
using hearts::proto::PassPlanRecord;

struct ReplayFlags {
  std::string file;
  int game = 0;  // 1-based game number (game_index + 1); 0 = every game
  bool json = false;
};

std::string card_text(int id) {
  const Card card = Card::from_id(id);
  return id >= 0 && id < 64 && card.is_valid() ? hearts::to_string(card) : "?" + std::to_string(id);
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

hearts::PassPlan plan_of(const PassPlanRecord& record) {
  hearts::PassPlan plan;
  switch (record.kind()) {
    case PassPlanRecord::OFFSET:
      plan.kind = hearts::PassKind::kOffset;
      break;
    case PassPlanRecord::SCATTER:
      plan.kind = hearts::PassKind::kScatter;
      break;
    case PassPlanRecord::STAR:
      plan.kind = hearts::PassKind::kStar;
      break;
    case PassPlanRecord::SHUFFLE:
      plan.kind = hearts::PassKind::kShuffle;
      break;
    default:
      plan.kind = hearts::PassKind::kHold;
      break;
  }
  plan.offset = static_cast<uint8_t>(record.offset());
  plan.count = static_cast<uint8_t>(record.count());
  return plan;
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

std::string json_of(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  std::string text;
  (void)google::protobuf::util::MessageToJsonString(message, &text, options);
  return text;
}

class Printer {
 public:
  Printer(const hearts::proto::RecordsHeader& header, const hearts::CompiledRules& rules)
      : header_(header), rules_(rules), n_(rules.rules.num_players) {}

  void print_game(const GameRecord& game) {
    std::cout << "\ngame " << static_cast<uint64_t>(game.game_index()) + 1 << "  (seed "
              << game.seed() << ", " << game.deals_size()
              << (game.deals_size() == 1 ? " deal)" : " deals)") << '\n';
    std::cout << "  seats:";
    for (int s = 0; s < game.seat_bots_size(); ++s) {
      std::cout << (s ? ", " : " ") << s << " " << bot_name(game, s);
    }
    std::cout << '\n';
    const bool forfeited = game.forfeited_size() > 0;
    for (int d = 0; d < game.deals_size(); ++d) {
      print_deal(game, game.deals(d), forfeited && d == game.deals_size() - 1);
    }
    if (game.violations_size() > 0) {
      std::cout << "  violations:\n";
      for (const hearts::proto::Violation& v : game.violations()) {
        std::cout << "    deal " << v.deal() + 1;
        if (v.trick() >= 0) std::cout << ", trick " << v.trick() + 1;
        std::cout << ", seat " << v.seat() << " (" << v.bot()
                  << "): " << hearts::proto::Violation::Kind_Name(v.kind()) << ": " << v.detail();
        if (!v.grpc_status().empty()) std::cout << " [" << v.grpc_status() << "]";
        std::cout << '\n';
      }
    }
    const bool by_counters = rules_.rules.settlement != hearts::Settlement::kPoints;
    std::cout << "  result         " << columns(seat_numbers()) << '\n';
    std::cout << "    final scores " << columns(game.final_scores()) << '\n';
    if (by_counters) std::cout << "    counters     " << columns(game.final_counters()) << '\n';
    std::cout << "    ranks        " << columns(game.ranks()) << '\n';
    for (int seat : game.forfeited()) {
      std::cout << "    seat " << seat << " (" << bot_name(game, seat) << ") forfeited the game\n";
    }
    std::string winners;
    for (int s = 0; s < game.ranks_size(); ++s) {
      if (game.ranks(s) == 1) {
        winners += (winners.empty() ? "" : ", ") + std::string("seat ") + std::to_string(s) + " " +
                   bot_name(game, s);
      }
    }
    if (!winners.empty()) std::cout << "    winner: " << winners << '\n';
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
    return bot >= 0 && bot < header_.bots_size() ? header_.bots(bot).name() : "?";
  }

  int points_of(CardSet cards) const {
    int points = 0;
    for (Card card : cards) points += rules_.card_points[card.id()];
    return points;
  }

  void print_deal(const GameRecord& game, const DealRecord& deal, bool may_be_cut) {
    const bool complete = deal.deal_scores_size() > 0;
    const hearts::PassPlan plan = plan_of(deal.pass_plan());
    const bool plan_known = complete || !may_be_cut;
    std::cout << "  deal " << deal.deal_index() + 1 << ": dealer seat " << deal.dealer()
              << ", pass "
              << (plan_known ? hearts::describe(plan, n_) : std::string("(not recorded)")) << '\n';
    for (int s = 0; s < deal.hands_size(); ++s) {
      std::cout << (s == 0 ? "    dealt   seat " : "            seat ") << s << ": "
                << hearts::to_string(CardSet(deal.hands(s))) << '\n';
    }
    if (deal.kitty() != 0) {
      std::cout << "    kitty   " << hearts::to_string(CardSet(deal.kitty())) << '\n';
    }
    for (int p = 0; p < deal.passes_size(); ++p) {
      const hearts::proto::PassRecord& pass = deal.passes(p);
      std::cout << (p == 0 ? "    passes  seat " : "            seat ") << pass.seat() << ": ";
      if (!plan_known || plan.kind == hearts::PassKind::kHold) {
        std::cout << cards_text(pass.cards());
      } else if (plan.kind == hearts::PassKind::kOffset) {
        std::cout << cards_text(pass.cards()) << " -> seat " << (pass.seat() + plan.offset) % n_;
      } else if (plan.kind == hearts::PassKind::kShuffle) {
        std::cout << cards_text(pass.cards()) << " -> the pile";
      } else {
        for (int k = 0; k < pass.cards_size(); ++k) {
          std::cout << (k ? ", " : "") << card_text(pass.cards(k)) << " -> seat "
                    << hearts::pass_target(plan, n_, pass.seat(), k);
        }
      }
      std::cout << '\n';
    }
    if (plan_known && plan.kind == hearts::PassKind::kShuffle && deal.passes_size() == n_) {
      print_shuffle_result(game, deal, plan);
    }
    for (int start = 0, t = 0; start < deal.plays_size(); start += n_, ++t) {
      CardSet cards;
      std::ostringstream line;
      line << "    trick " << std::setw(2) << t + 1 << "  ";
      const int end = std::min(start + n_, deal.plays_size());
      for (int i = start; i < end; ++i) {
        const hearts::proto::PlayRecord& play = deal.plays(i);
        const std::string entry = std::to_string(play.seat()) + ":" + card_text(play.card());
        line << std::left << std::setw(7) << entry << std::right;
        if (play.card() >= 0 && play.card() < 64) cards.insert(Card::from_id(play.card()));
      }
      if (end - start < n_) {
        line << " (unfinished)";
      } else {
        // The recorded winner; in a deal cut short, the highest card of the suit led.
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
        const int points = points_of(cards);
        line << "-> seat " << winner << ", " << points
             << (points == 1 || points == -1 ? " point" : " points");
        if (t == 0 && deal.kitty() != 0) {
          line << " + kitty " << points_of(CardSet(deal.kitty()));
        }
      }
      std::cout << line.str() << '\n';
    }
    if (!complete) {
      std::cout << "    (the deal was cut short: the game was forfeited)\n";
      return;
    }
    std::cout << "                 " << columns(seat_numbers()) << '\n';
    std::cout << "    points taken " << columns(deal.points_taken()) << '\n';
    std::cout << "    deal scores  " << columns(deal.deal_scores()) << '\n';
    if (deal.moon_shooter() >= 0) {
      std::cout << "    seat " << deal.moon_shooter() << " shot the moon";
      if (deal.moon_choice_made()) {
        std::cout << " and chose " << (deal.new_moon() ? "new moon" : "old moon");
      } else if (deal.new_moon()) {
        std::cout << " (new moon)";
      }
      std::cout << '\n';
    }
    if (deal.sun_shooter() >= 0) {
      std::cout << "    seat " << deal.sun_shooter() << " took every trick (shot the sun)\n";
    }
    std::cout << "    scores after " << columns(deal.scores_after()) << '\n';
    if (rules_.rules.settlement != hearts::Settlement::kPoints) {
      std::cout << "    counters     " << columns(deal.counters_after()) << '\n';
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
      std::vector<CardSet> hands;
      for (uint64_t bits : current.hands()) hands.emplace_back(bits);
      if (!replay.deal_hands(hands, CardSet(current.kitty())).ok()) return;
      if (replay.phase() == hearts::Phase::kPassDirection ||
          replay.phase() == hearts::Phase::kDealerChoice) {
        if (!replay.set_pass_plan(plan_of(current.pass_plan())).ok()) return;
      }
      for (const hearts::proto::PassRecord& pass : current.passes()) {
        std::vector<Card> cards;
        for (int id : pass.cards()) cards.push_back(Card::from_id(id));
        if (!replay.pass_cards(cards).ok()) return;
      }
      if (&current == &deal) break;
      for (const hearts::proto::PlayRecord& play : current.plays()) {
        if (!replay.play(Card::from_id(play.card())).ok()) return;
      }
      if (replay.phase() == hearts::Phase::kMoonChoice)
        (void)replay.choose_moon(current.new_moon());
      if (replay.phase() != hearts::Phase::kDeal) return;
    }
    if (!replay.passes_exchanged() || replay.pass_plan() != plan) return;
    for (int s = 0; s < n_; ++s) {
      std::cout << (s == 0 ? "    pile    seat " : "            seat ") << s << " receives "
                << hearts::to_string(replay.received_by(s)) << '\n';
    }
  }

  const hearts::proto::RecordsHeader& header_;
  const hearts::CompiledRules& rules_;
  const int n_;
};

int run_replay(const ReplayFlags& flags) {
  RecordsFile file;
  std::string error;
  if (!read_records(flags.file, &file, &error)) return fail(error);
  if (!file.torn.empty()) std::cerr << "arena: warning: " << file.torn << '\n';
  std::vector<const GameRecord*> games;
  for (const GameRecord& game : file.games) {
    if (flags.game == 0 ||
        static_cast<uint64_t>(game.game_index()) + 1 == static_cast<uint64_t>(flags.game)) {
      games.push_back(&game);
    }
  }
  if (flags.game != 0 && games.empty()) {
    return fail("records file " + flags.file + " has no game " + std::to_string(flags.game) +
                " (it holds " + std::to_string(file.games.size()) + " games)");
  }

  if (flags.json) {
    std::cout << "{\n\"header\": " << json_of(file.header) << ",\n\"games\": [";
    for (size_t g = 0; g < games.size(); ++g) {
      std::cout << (g ? ",\n" : "\n") << json_of(*games[g]);
    }
    std::cout << "\n]\n}\n";
    return 0;
  }

  hearts::Rules rules;
  if (hearts::Status status = from_rules_spec(file.header.rules(), &rules); !status.ok()) {
    return fail("records file " + flags.file + ": the rules in the header: " + status.message());
  }
  const std::optional<hearts::CompiledRules> compiled = hearts::compile(rules, &error);
  if (!compiled) return fail("records file " + flags.file + ": the rules in the header: " + error);
  const hearts::proto::RecordsHeader& h = file.header;
  std::cout << "records " << flags.file << ": " << file.games.size()
            << (file.games.size() == 1 ? " game" : " games") << " (format version "
            << h.format_version() << ", arena " << h.arena_version() << ")\n";
  if (!h.command().empty()) std::cout << "  command: " << h.command() << '\n';
  std::cout << "  rules: " << rules_summary(h.rules(), rules) << '\n';
  std::cout << "  series seed " << h.series_seed() << ", move limit "
            << h.move_time_limit_us() / 1000 << " ms, time bank "
            << (h.game_time_bank_us() ? std::to_string(h.game_time_bank_us() / 1000) + " ms"
                                      : std::string("none"))
            << ", forfeit after "
            << (h.forfeit_after() ? std::to_string(h.forfeit_after()) + " violations"
                                  : std::string("never"))
            << '\n';
  std::cout << "  bots:\n";
  for (int b = 0; b < h.bots_size(); ++b) {
    const hearts::proto::BotInfo& bot = h.bots(b);
    std::cout << "    " << b << "  " << bot.name();
    if (!bot.version().empty()) std::cout << " " << bot.version();
    if (!bot.author().empty()) std::cout << " by " << bot.author();
    std::cout << "  (" << bot.transport() << (bot.spec().empty() ? "" : ": " + bot.spec());
    if (!bot.file_sha256().empty()) std::cout << ", sha256 " << bot.file_sha256().substr(0, 16);
    std::cout << ")\n";
  }
  Printer printer(file.header, *compiled);
  for (const GameRecord* game : games) printer.print_game(*game);
  return 0;
}

}  // namespace

void add_replay_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<ReplayFlags>();
  auto* command =
      app.add_subcommand("replay", "show recorded games trick by trick (or as JSON with --json)");
  command->add_option("file", flags->file, "a records file")->required();
  command
      ->add_option("--game", flags->game,
                   "only game K (numbered from 1, as `arena play` prints them)")
      ->check(CLI::Range(1, std::numeric_limits<int>::max()));
  command->add_flag("--json", flags->json,
                    "print the records through protobuf's JSON mapping: "
                    "{\"header\": ..., \"games\": [...]}");
  command->callback([flags, exit_code] { *exit_code = run_replay(*flags); });
}

}  // namespace arena
