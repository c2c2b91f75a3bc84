#include "report/game_view.h"

#include <google/protobuf/util/json_util.h>

#include <algorithm>

#include "records/recorded_deal.h"

namespace arena {
namespace {

namespace pb = hearts::proto;

// Cards of a bit set, each once, or twice where `twice` holds the second copy; sorted by id
// (suit, then rank).
std::vector<int> card_list(uint64_t once, uint64_t twice) {
  std::vector<int> cards;
  for (int id = 0; id < 64; ++id) {
    if (once >> id & 1) cards.push_back(id);
    if (twice >> id & 1) cards.push_back(id);
  }
  return cards;
}

void remove_one(std::vector<int>& cards, int card) {
  const auto found = std::find(cards.begin(), cards.end(), card);
  if (found != cards.end()) cards.erase(found);
}

// Each passed card as [from, to, card]; `to` is -1 for a shuffle's central pile.
Json pass_moves(const pb::DealRecord& deal, const hearts::PassPlan& plan, int n) {
  Json moves = Json::array();
  for (const pb::PassRecord& pass : deal.passes()) {
    for (int k = 0; k < pass.cards_size(); ++k) {
      int to = -1;
      if (plan.kind == hearts::PassKind::kOffset) to = (pass.seat() + plan.offset) % n;
      if (plan.kind == hearts::PassKind::kScatter || plan.kind == hearts::PassKind::kStar) {
        to = hearts::pass_target(plan, n, pass.seat(), k);
      }
      moves.push_back(Json::array({pass.seat(), to, pass.cards(k)}));
    }
  }
  return moves;
}

// Each seat's hand once the passes are exchanged. A shuffle re-deals the pile from the seed,
// which the record does not hold: there the hand is what the seat went on to play.
std::vector<std::vector<int>> hands_after_pass(const pb::DealRecord& deal,
                                               const hearts::PassPlan& plan,
                                               const std::vector<std::vector<int>>& dealt,
                                               const Json& moves) {
  std::vector<std::vector<int>> hands = dealt;
  if (plan.kind == hearts::PassKind::kShuffle && deal.passes_size() > 0) {
    for (auto& hand : hands) hand.clear();
    for (const pb::PlayRecord& play : deal.plays()) {
      if (play.seat() < 0 || play.seat() >= static_cast<int>(hands.size())) continue;
      hands[play.seat()].push_back(hearts::Card::from_id(play.card()).held().id());
      for (int drawn : play.drawn()) remove_one(hands[play.seat()], drawn);
    }
  } else {
    for (const Json& move : moves) {
      const int from = move[0], to = move[1], card = move[2];
      if (from >= 0 && from < static_cast<int>(hands.size())) remove_one(hands[from], card);
      if (to >= 0 && to < static_cast<int>(hands.size())) hands[to].push_back(card);
    }
  }
  for (auto& hand : hands) std::sort(hand.begin(), hand.end());
  return hands;
}

// The tricks as [first play, cards, winner, points]; the winner is -1 for a void trick and -2
// for a trick the record does not finish (a forfeit cut the deal short).
Json tricks(const pb::DealRecord& deal, const hearts::CompiledRules& rules, int n) {
  Json out = Json::array();
  for (int start = 0, t = 0; start < deal.plays_size(); ++t) {
    const int size = t < deal.trick_sizes_size() ? std::max(deal.trick_sizes(t), 1) : n;
    const int end = std::min(start + size, deal.plays_size());
    int points = 0;
    for (int i = start; i < end; ++i) {
      const int card = deal.plays(i).card();
      if (card >= 0 && card < 64) points += rules.card_points[card];
    }
    const int winner = end - start < size              ? -2
                       : t < deal.trick_winners_size() ? deal.trick_winners(t)
                                                       : -2;
    out.push_back(Json::array({start, end - start, winner, points}));
    start = end;
  }
  return out;
}

Json deal_view(const pb::DealRecord& deal, const hearts::CompiledRules& rules, int n) {
  const hearts::PassPlan plan = plan_or_hold(deal.pass_plan());
  std::vector<std::vector<int>> dealt;
  for (int s = 0; s < deal.hands_size(); ++s) {
    dealt.push_back(
        card_list(deal.hands(s), s < deal.hands_twice_size() ? deal.hands_twice(s) : 0));
  }
  Json view = Json::object();
  view["pass"] = hearts::describe(plan, n);
  view["dealt"] = dealt;
  const Json moves = pass_moves(deal, plan, n);
  view["after_pass"] = hands_after_pass(deal, plan, dealt, moves);
  view["moves"] = moves;
  view["tricks"] = tricks(deal, rules, n);
  int kitty_points = 0;
  for (int card : card_list(deal.kitty(), 0)) kitty_points += rules.card_points[card];
  view["kitty"] = card_list(deal.kitty(), 0);
  view["kitty_points"] = kitty_points;
  return view;
}

}  // namespace

std::string game_view_text(const pb::GameRecord& game, const hearts::CompiledRules& rules) {
  google::protobuf::util::JsonPrintOptions options;
  // The names of proto/records.proto and its docs; fields at their defaults (0, empty) are
  // left out, as protobuf's JSON mapping allows: it halves a game's file.
  options.preserve_proto_field_names = true;
  std::string record;
  (void)google::protobuf::util::MessageToJsonString(game, &record, options);  // cannot fail
  Json view = Json::object();
  view["game"] = report_game_number(game.game_index());
  const int n = game.seat_bots_size() > 0 ? game.seat_bots_size() : rules.rules.num_players;
  view["players"] = n;
  Json& deals = view["deals"] = Json::array();
  for (const pb::DealRecord& deal : game.deals()) deals.push_back(deal_view(deal, rules, n));
  // The record's text as protobuf prints it: parsing and printing it again would double the cost.
  return "{\"record\":" + record + ",\"view\":" + dump_json(view, -1) + "}";
}

bool record_from_view_json(const Json& view, pb::GameRecord* game, std::string* error) {
  if (!view.is_object() || !view.contains("record")) {
    *error = "the game's data has no \"record\"";
    return false;
  }
  const auto status = google::protobuf::util::JsonStringToMessage(view["record"].dump(), game, {});
  if (!status.ok()) {
    *error = "the game's record does not parse: " + std::string(status.message());
    return false;
  }
  return true;
}

}  // namespace arena
