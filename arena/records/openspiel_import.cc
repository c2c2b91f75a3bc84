#include "records/openspiel_import.h"

#include <array>
#include <cctype>
#include <charconv>
#include <optional>
#include <sstream>

#include "common/read_file.h"
#include "common/rules_spec.h"
#include "hearts/game.h"
#include "hearts/rule_options.h"

namespace arena {
namespace {

using hearts::Card;
using hearts::CardSet;
using hearts::Game;
using hearts::Phase;
using hearts::Status;

constexpr int kPlayers = 4;
constexpr int kCards = 52;
constexpr int kPassCards = 3;

struct ParamEntry {
  std::string_view name;
  bool OpenSpielParams::*member;
};
constexpr std::array<ParamEntry, 8> kParams{{
    {"pass_cards", &OpenSpielParams::pass_cards},
    {"no_pts_on_first_trick", &OpenSpielParams::no_pts_on_first_trick},
    {"can_lead_any_club", &OpenSpielParams::can_lead_any_club},
    {"jd_bonus", &OpenSpielParams::jd_bonus},
    {"avoid_all_tricks_bonus", &OpenSpielParams::avoid_all_tricks_bonus},
    {"qs_breaks_hearts", &OpenSpielParams::qs_breaks_hearts},
    {"must_break_hearts", &OpenSpielParams::must_break_hearts},
    {"can_lead_hearts_instead_of_qs", &OpenSpielParams::can_lead_hearts_instead_of_qs},
}};

std::string_view trim(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  const size_t end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  while (true) {
    const size_t at = text.find(separator);
    parts.push_back(trim(text.substr(0, at)));
    if (at == std::string_view::npos) break;
    text.remove_prefix(at + 1);
  }
  return parts;
}

std::optional<int> parse_int(std::string_view text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// Whitespace-separated integers.
bool parse_actions(std::string_view text, std::vector<int>* actions, std::string* error) {
  size_t pos = 0;
  while (true) {
    pos = text.find_first_not_of(" \t\r\n", pos);
    if (pos == std::string_view::npos) return true;
    const size_t end = std::min(text.find_first_of(" \t\r\n", pos), text.size());
    const std::string_view token = text.substr(pos, end - pos);
    const std::optional<int> value = parse_int(token);
    if (!value) {
      *error = "'" + std::string(token) + "' is not an action";
      return false;
    }
    actions->push_back(*value);
    pos = end;
  }
}

// "points=[a, b, c, d]".
bool parse_points(std::string_view field, std::array<int, kPlayers>* points) {
  field.remove_prefix(std::string_view("points=").size());
  field = trim(field);
  if (field.size() < 2 || field.front() != '[' || field.back() != ']') return false;
  const std::vector<std::string_view> items = split(field.substr(1, field.size() - 2), ',');
  if (items.size() != kPlayers) return false;
  for (int s = 0; s < kPlayers; ++s) {
    const std::optional<int> value = parse_int(items[s]);
    if (!value) return false;
    (*points)[s] = *value;
  }
  return true;
}

std::string direction_name(int direction) {
  static constexpr std::array<const char*, 4> kNames{"No Pass", "Left", "Across", "Right"};
  return std::to_string(direction) + " (" + kNames[direction] + ")";
}

void fill_deal_result(const Game& game, hearts::proto::DealRecord* deal) {
  const hearts::DealResult& result = game.last_deal();
  auto* plan = deal->mutable_pass_plan();
  switch (result.pass.kind) {
    case hearts::PassKind::kHold:
      plan->set_kind(hearts::proto::PassPlanRecord::HOLD);
      break;
    case hearts::PassKind::kOffset:
      plan->set_kind(hearts::proto::PassPlanRecord::OFFSET);
      break;
    case hearts::PassKind::kScatter:
      plan->set_kind(hearts::proto::PassPlanRecord::SCATTER);
      break;
    case hearts::PassKind::kStar:
      plan->set_kind(hearts::proto::PassPlanRecord::STAR);
      break;
    case hearts::PassKind::kShuffle:
      plan->set_kind(hearts::proto::PassPlanRecord::SHUFFLE);
      break;
  }
  plan->set_offset(result.pass.offset);
  plan->set_count(result.pass.count);
  for (uint8_t winner : game.trick_winners()) deal->add_trick_winners(winner);
  for (int s = 0; s < game.num_players(); ++s) {
    deal->add_points_taken(result.points_taken[s]);
    deal->add_deal_scores(result.deal_score[s]);
    deal->add_scores_after(game.score(s));
    deal->add_counters_after(game.counters(s));
  }
  deal->set_moon_shooter(result.moon_shooter);
  deal->set_new_moon(result.new_moon);
  deal->set_sun_shooter(result.sun_shooter);
}

// Checks the shape of the action list: a pass direction, then the 52 cards dealt, the passes
// (if any) and the 52 plays, every card a card index.
Status check_actions(const OpenSpielParams& params, const std::vector<int>& a) {
  if (a.empty()) return Status::error("no actions");
  const int direction = a[0];
  if (direction < 0 || direction > 3) {
    return Status::error("a[0] = " + std::to_string(direction) +
                         " is not a pass direction (0 no pass, 1 left, 2 across, 3 right)");
  }
  if (!params.pass_cards && direction != 0) {
    return Status::error(
        "a[0] = " + direction_name(direction) +
        ", but with pass_cards=false the only legal pass direction is 0 (No Pass)");
  }
  const size_t passes = direction == 0 ? 0 : kPlayers * kPassCards;
  const size_t expected = 1 + kCards + passes + kCards;
  if (a.size() != expected) {
    return Status::error(std::to_string(a.size()) +
                         " actions; a complete game with pass direction " +
                         direction_name(direction) + " has " + std::to_string(expected));
  }
  for (size_t i = 1; i < a.size(); ++i) {
    if (a[i] < 0 || a[i] >= kCards) {
      return Status::error("a[" + std::to_string(i) + "] = " + std::to_string(a[i]) +
                           " is not a card index (0..51)");
    }
  }
  return Status();
}

// The deal: a[1..52] go round the table from seat 0.
Status hands_from_actions(const std::vector<int>& a, std::array<CardSet, kPlayers>* hands) {
  CardSet dealt;
  for (int k = 0; k < kCards; ++k) {
    const Card card = Card::from_openspiel(a[1 + k]);
    if (dealt.contains(card)) {
      return Status::error("a[" + std::to_string(1 + k) + "] (deal): " + hearts::to_string(card) +
                           " is dealt twice");
    }
    dealt.insert(card);
    (*hands)[k % kPlayers].insert(card);
  }
  return Status();
}

hearts::proto::DealRecord* record_deal(const Game& game, hearts::proto::GameRecord* record) {
  auto* deal = record->add_deals();
  deal->set_deal_index(game.deal_index());
  deal->set_dealer(game.dealer());
  for (int s = 0; s < kPlayers; ++s) deal->add_hands(game.dealt_hand(s).bits());
  deal->set_kitty(game.kitty().bits());
  deal->set_moon_shooter(-1);
  deal->set_sun_shooter(-1);
  return deal;
}

// The pass direction: a chance step of the engine's "external" schedule.
Status set_pass_direction(Game& game, int direction) {
  if (game.phase() == Phase::kPassDirection) {
    const hearts::PassPlan plan =
        direction == 0 ? hearts::PassPlan{}
                       : hearts::PassPlan{hearts::PassKind::kOffset,
                                          static_cast<uint8_t>(direction), kPassCards};
    if (Status status = game.set_pass_plan(plan); !status.ok()) {
      return Status::error("a[0] = " + direction_name(direction) + ": " + status.message());
    }
  }
  return Status();
}

// The passes: seat 0's three cards, then seats 1, 2, 3 (eldest first, as the engine asks).
// Advances *next past them.
Status replay_passes(const std::vector<int>& a, int direction, Game& game,
                     hearts::proto::DealRecord* deal, size_t* next) {
  for (int seat = 0; seat < kPlayers && direction != 0; ++seat) {
    const std::string where = "a[" + std::to_string(*next) + ".." + std::to_string(*next + 2) +
                              "] (pass by seat " + std::to_string(seat) + ")";
    if (game.phase() != Phase::kPass || game.to_act() != seat) {
      return Status::error(where + ": the engine does not expect a pass by this seat now");
    }
    std::array<Card, kPassCards> cards{};
    for (int k = 0; k < kPassCards; ++k) cards[k] = Card::from_openspiel(a[*next + k]);
    if (Status status = game.pass_cards(cards); !status.ok()) {
      return Status::error(where + ": " + status.message());
    }
    auto* pass = deal->add_passes();
    pass->set_seat(seat);
    for (Card card : cards) pass->add_cards(card.id());
    *next += kPassCards;
  }
  return Status();
}

// The plays: the 52 actions from `next` on.
Status replay_plays(const std::vector<int>& a, size_t next, Game& game,
                    hearts::proto::DealRecord* deal) {
  for (int i = 0; i < kCards; ++i, ++next) {
    const Card card = Card::from_openspiel(a[next]);
    const std::string where = "a[" + std::to_string(next) + "] (play " + std::to_string(i + 1) +
                              ", trick " + std::to_string(i / kPlayers + 1) + ")";
    if (game.phase() != Phase::kPlay) {
      return Status::error(where + ": the deal is over or not in play (phase " +
                           std::string(hearts::name(game.phase())) + ")");
    }
    const int seat = game.to_act();
    if (!game.hand(seat).contains(card)) {
      int holder = -1;
      for (int s = 0; s < kPlayers; ++s) {
        if (game.hand(s).contains(card)) holder = s;
      }
      return Status::error(where + ": seat " + std::to_string(seat) + " is to play, but " +
                           hearts::to_string(card) +
                           (holder >= 0 ? " is held by seat " + std::to_string(holder)
                                        : std::string(" has already been played")));
    }
    const CardSet legal = game.legal_plays();
    if (!legal.contains(card)) {
      return Status::error(where + ": seat " + std::to_string(seat) + " may not play " +
                           hearts::to_string(card) + " (legal: " + hearts::to_string(legal) + ")");
    }
    if (Status status = game.play(card); !status.ok()) {
      return Status::error(where + ": " + status.message());
    }
    auto* play = deal->add_plays();
    play->set_seat(seat);
    play->set_card(card.id());
  }
  return Status();
}

// The deal's result and the final scores, once the one deal has ended the game.
Status record_results(const Game& game, hearts::proto::DealRecord* deal,
                      hearts::proto::GameRecord* record) {
  if (!game.is_over()) {
    return Status::error("the game is not over after one deal (phase " +
                         std::string(hearts::name(game.phase())) + ")");
  }
  fill_deal_result(game, deal);
  for (int s = 0; s < kPlayers; ++s) {
    record->add_final_scores(game.score(s));
    record->add_final_counters(game.counters(s));
    record->add_ranks(game.rank(s));
  }
  return Status();
}

// One game line of a log: bare actions, or '|'-separated fields of which actions= is required
// and points= optional.
bool parse_log_line(std::string_view trimmed, std::vector<int>* actions,
                    std::optional<std::array<int, kPlayers>>* points, std::string* error) {
  if (trimmed.find('|') == std::string_view::npos) return parse_actions(trimmed, actions, error);
  bool found = false;
  for (const std::string_view field : split(trimmed, '|')) {
    if (field.rfind("actions=", 0) == 0) {
      if (!parse_actions(field.substr(8), actions, error)) return false;
      found = true;
    } else if (field.rfind("points=", 0) == 0) {
      std::array<int, kPlayers> values{};
      if (!parse_points(field, &values)) {
        *error = "bad points field '" + std::string(field) + "'";
        return false;
      }
      *points = values;
    }
  }
  if (!found) *error = "no actions= field";
  return found;
}

void fill_header(const std::string& path, const std::string& command, const hearts::Rules& rules,
                 hearts::proto::RecordsHeader* header) {
  header->set_arena_version(HEARTS_ARENA_VERSION);
  header->set_command(command);
  *header->mutable_rules() = to_rules_spec("openspiel", rules);
  for (int s = 0; s < kPlayers; ++s) {
    auto* bot = header->add_bots();
    bot->set_name("openspiel-seat-" + std::to_string(s));
    bot->set_spec("openspiel:" + path);
    bot->set_transport("import");
  }
  header->set_series_seed(0);
}

}  // namespace

Status parse_openspiel_params(std::string_view text, OpenSpielParams* params) {
  *params = OpenSpielParams{};
  text = trim(text);
  std::string_view inner = text;
  // A bare game name is OpenSpiel's own default game string: every parameter at its default.
  if (text == "hearts") return Status();
  if (const size_t paren = text.find('('); paren != std::string_view::npos) {
    const std::string_view game = trim(text.substr(0, paren));
    if (game != "hearts") {
      return Status::error("OpenSpiel game '" + std::string(game) +
                           "' is not 'hearts' (write hearts(name=value,...))");
    }
    if (text.back() != ')') {
      return Status::error("OpenSpiel parameters '" + std::string(text) + "': missing ')'");
    }
    inner = text.substr(paren + 1, text.size() - paren - 2);
  }
  for (const std::string_view item : split(inner, ',')) {
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    const std::string_view name = trim(item.substr(0, eq));
    const ParamEntry* entry = nullptr;
    for (const ParamEntry& candidate : kParams) {
      if (candidate.name == name) entry = &candidate;
    }
    if (!entry) {
      std::string known;
      for (const ParamEntry& candidate : kParams) {
        known += (known.empty() ? "" : ", ") + std::string(candidate.name);
      }
      return Status::error("unknown OpenSpiel hearts parameter '" + std::string(name) +
                           "' (known: " + known + ")");
    }
    if (eq == std::string_view::npos) {
      return Status::error("OpenSpiel hearts parameter " + std::string(name) +
                           " has no value (write " + std::string(name) + "=true or =false)");
    }
    const std::string value = lower(trim(item.substr(eq + 1)));
    if (value != "true" && value != "false") {
      return Status::error("OpenSpiel hearts parameter " + std::string(name) + ": '" +
                           std::string(trim(item.substr(eq + 1))) + "' is not true or false");
    }
    params->*(entry->member) = value == "true";
  }
  return Status();
}

Status openspiel_rules(const OpenSpielParams& p, hearts::Rules* rules) {
  auto flag = [](bool value) { return std::string(value ? "true" : "false"); };
  const std::vector<std::string> settings = {
      std::string("pass_schedule=") + (p.pass_cards ? "external" : "none"),
      "no_points_first_trick=" + flag(p.no_pts_on_first_trick),
      std::string("first_lead=") + (p.can_lead_any_club ? "any-club" : "two-of-clubs"),
      std::string("jack_of_diamonds_points=") + (p.jd_bonus ? "-10" : "0"),
      "no_tricks_bonus=" + flag(p.avoid_all_tricks_bonus),
      "queen_breaks_hearts=" + flag(p.qs_breaks_hearts),
      "hearts_must_be_broken=" + flag(p.must_break_hearts),
      "lead_hearts_if_only_penalty=" + flag(p.can_lead_hearts_instead_of_qs),
  };
  return hearts::rules_from_preset("openspiel", settings, rules);
}

Status openspiel_game_record(const hearts::CompiledRules& rules, const OpenSpielParams& params,
                             const std::vector<int>& a, uint32_t game_index,
                             hearts::proto::GameRecord* record) {
  record->Clear();
  record->set_game_index(game_index);
  record->set_seed(0);
  if (rules.rules.num_players != kPlayers || rules.hand_size != kCards / kPlayers) {
    return Status::error("OpenSpiel hearts needs 4 players with 13 cards each");
  }
  for (int s = 0; s < kPlayers; ++s) record->add_seat_bots(s);
  if (Status status = check_actions(params, a); !status.ok()) return status;
  const int direction = a[0];

  std::array<CardSet, kPlayers> hands{};
  if (Status status = hands_from_actions(a, &hands); !status.ok()) return status;
  Game game(rules, 0);
  if (Status status = game.deal_hands(hands); !status.ok()) return status;
  hearts::proto::DealRecord* deal = record_deal(game, record);
  if (Status status = set_pass_direction(game, direction); !status.ok()) return status;
  size_t next = 1 + kCards;
  if (Status status = replay_passes(a, direction, game, deal, &next); !status.ok()) return status;
  if (Status status = replay_plays(a, next, game, deal); !status.ok()) return status;
  return record_results(game, deal, record);
}

Status import_openspiel_log(const std::string& path, const std::string& params_text,
                            const std::string& command, ImportedGames* out, bool check_points) {
  *out = ImportedGames{};
  OpenSpielParams params;
  if (Status status = parse_openspiel_params(params_text, &params); !status.ok()) return status;
  hearts::Rules rules;
  if (Status status = openspiel_rules(params, &rules); !status.ok()) return status;
  std::string error;
  const std::optional<hearts::CompiledRules> compiled = hearts::compile(rules, &error);
  if (!compiled) return Status::error(error);

  std::string contents, why;
  if (!read_whole_file(path, &contents, &why)) {
    return Status::error("OpenSpiel log " + path + ": cannot be read (" + why + ")");
  }
  std::istringstream in(contents);
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    const std::string_view trimmed = trim(text);
    if (trimmed.empty() || trimmed.front() == '#') continue;
    auto fail = [&](const std::string& why) {
      return Status::error("OpenSpiel log " + path + " line " + std::to_string(line) + ": " + why);
    };
    std::vector<int> actions;
    std::optional<std::array<int, kPlayers>> points;
    if (!parse_log_line(trimmed, &actions, &points, &error)) return fail(error);
    hearts::proto::GameRecord record;
    if (Status status = openspiel_game_record(*compiled, params, actions,
                                              static_cast<uint32_t>(out->games.size()), &record);
        !status.ok()) {
      return fail(status.message());
    }
    if (points && check_points) {
      const auto& scores = record.deals(0).deal_scores();
      if (!std::equal(scores.begin(), scores.end(), points->begin())) {
        std::string got;
        for (int score : scores) got += (got.empty() ? "" : ", ") + std::to_string(score);
        std::string want;
        for (int score : *points) want += (want.empty() ? "" : ", ") + std::to_string(score);
        return fail("the engine scores this game [" + got + "] but the log's points are [" + want +
                    "] (were the OpenSpiel parameters different?)");
      }
    }
    out->games.push_back(std::move(record));
  }
  if (in.bad()) return Status::error("OpenSpiel log " + path + ": read error");
  if (out->games.empty()) return Status::error("OpenSpiel log " + path + ": no games in it");

  fill_header(path, command, rules, &out->header);
  return Status();
}

}  // namespace arena
