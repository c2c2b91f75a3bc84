#include "report/report_index.h"

#include <cmath>

#include "common/rules_spec.h"
#include "hearts/rule_options.h"
#include "players/bot_time_limit.h"
#include "report/game_view.h"

namespace arena {
namespace {

namespace pb = hearts::proto;

constexpr size_t kMaxHistoryPoints = 512;

double rounded(double value, double scale) {
  return std::round(value * scale) / scale;
}

Json bots_json(const pb::RecordsHeader& header) {
  Json bots = Json::array();
  for (const pb::BotInfo& bot : header.bots()) {
    Json& b = bots.emplace_back(Json::object());
    b["name"] = bot.name();
    b["version"] = bot.version();
    b["author"] = bot.author();
    b["spec"] = bot.spec();
    b["file_sha256"] = bot.file_sha256();
    b["transport"] = bot.transport();
    // Records older than runs_as say only the transport.
    b["runs_as"] = bot.runs_as().empty() ? bot.transport() : bot.runs_as();
    if (bot.move_time_limit_us() > 0) {  // time odds: its own limits, in place of the header's
      b["label"] = name_with_limit(bot.name(), bot.move_time_limit_us());  // as results name it
      b["move_time_limit_ms"] = bot.move_time_limit_us() / 1000.0;
      b["game_time_bank_ms"] = bot.game_time_bank_us() / 1000.0;
    }
  }
  return bots;
}

Json header_json(const pb::RecordsHeader& header) {
  Json h = Json::object();
  h["arena_version"] = header.arena_version();
  h["command"] = header.command();
  h["bots"] = bots_json(header);
  Json& teams = h["teams"] = Json::array();
  for (const pb::TeamInfo& team : header.teams()) {
    teams.push_back({{"name", team.name()}, {"bots", Json(team.bots())}});
  }
  h["series_seed"] = std::to_string(header.series_seed());  // 64 bits: beyond a JS number
  h["move_time_limit_ms"] = header.move_time_limit_us() / 1000.0;
  h["game_time_bank_ms"] = header.game_time_bank_us() / 1000.0;
  h["forfeit_after"] = header.forfeit_after();
  h["on_unavailable"] = pb::RecordsHeader::UnavailablePolicy_Name(header.on_unavailable());
  h["reconnect_window_ms"] = header.reconnect_window_us() / 1000.0;
  if (header.has_time_margin_us()) h["time_margin_ms"] = header.time_margin_us() / 1000.0;
  h["scheduled_games"] = header.scheduled_games();
  h["shard"] = header.shard_count() > 1 ? std::to_string(header.shard_index()) + "/" +
                                              std::to_string(header.shard_count())
                                        : "";
  return h;
}

// Every rule option's value in force, and whether it differs from the preset's.
Json rules_json(const pb::RulesSpec& spec) {
  Json out = Json::object();
  const std::string preset = spec.preset().empty() ? "standard" : spec.preset();
  out["preset"] = preset;
  Json& options = out["options"] = Json::array();
  hearts::Rules rules;
  if (const hearts::Status status = from_rules_spec(spec, &rules); !status.ok()) {
    out["error"] = status.message();
    return out;
  }
  const std::optional<hearts::Rules> base = hearts::preset_rules(preset);
  for (const hearts::RuleOption& option : hearts::rule_options()) {
    const std::string value = option.get(rules);
    options.push_back({{"name", std::string(option.name)},
                       {"value", value},
                       {"changed", base && option.get(*base) != value},
                       {"help", std::string(option.help)}});
  }
  out["players"] = rules.num_players;
  return out;
}

}  // namespace

ReportIndex::ReportIndex(const pb::RecordsHeader& header) : header_(header), builder_(header) {}

ReportRow ReportIndex::row_of(const pb::GameRecord& game) {
  ReportRow row;
  row.summary = summarize_game(game);
  row.number = report_game_number(game.game_index());
  for (int s = 0; s < game.seat_bots_size(); ++s) {
    row.seat_bots.push_back(game.seat_bots(s));
    row.final_scores.push_back(s < game.final_scores_size() ? game.final_scores(s) : 0);
    row.ranks.push_back(s < game.ranks_size() ? game.ranks(s) : 0);
  }
  row.violations = game.violations_size();
  row.deals = game.deals_size();
  return row;
}

bool ReportIndex::add(const pb::GameRecord& game, std::string* error) {
  return add(row_of(game), error);
}

bool ReportIndex::add(const ReportRow& row, std::string* error) {
  if (!builder_.add(row.summary, error)) return false;
  players_ = static_cast<int>(row.seat_bots.size());
  numbers_.push_back(row.number);
  seat_bots_.insert(seat_bots_.end(), row.seat_bots.begin(), row.seat_bots.end());
  final_scores_.insert(final_scores_.end(), row.final_scores.begin(), row.final_scores.end());
  ranks_.insert(ranks_.end(), row.ranks.begin(), row.ranks.end());
  violations_.push_back(row.violations);
  deals_.push_back(row.deals);
  if (numbers_.size() % static_cast<size_t>(stride_) == 0) note_trueskill();
  return true;
}

void ReportIndex::note_trueskill() {
  if (history_games_.size() >= kMaxHistoryPoints) {
    // Keep every other point and sample half as often from now on.
    size_t kept = 0;
    for (size_t i = 1; i < history_games_.size(); i += 2, ++kept) {
      history_games_[kept] = history_games_[i];
      history_mu_[kept] = std::move(history_mu_[i]);
      history_sigma_[kept] = std::move(history_sigma_[i]);
    }
    history_games_.resize(kept);
    history_mu_.resize(kept);
    history_sigma_.resize(kept);
    stride_ *= 2;
    if (numbers_.size() % static_cast<size_t>(stride_) != 0) return;
  }
  std::vector<double> mu, sigma;
  for (const rating::TrueSkillRating& r : builder_.trueskill()) {
    mu.push_back(rounded(r.mu, 1e3));
    sigma.push_back(rounded(r.sigma, 1e3));
  }
  history_games_.push_back(static_cast<long long>(numbers_.size()));
  history_mu_.push_back(std::move(mu));
  history_sigma_.push_back(std::move(sigma));
}

bool ReportIndex::results(const ResultsOptions& options, Json* out, std::string* error) const {
  Results results;
  if (!builder_.results(options, &results, error)) return false;
  *out = results_json(results);
  return true;
}

Json ReportIndex::index_json(const Json& results, bool live) const {
  Json out = Json::object();
  out["format"] = "black-lady-arena-report";
  out["format_version"] = 1;
  out["live"] = live;
  out["games"] = numbers_.size();
  out["header"] = header_json(header_);
  out["rules"] = rules_json(header_.rules());
  out["results"] = results;
  Json& history = out["trueskill_history"] = Json::object();
  history["games"] = history_games_;
  history["mu"] = history_mu_;
  history["sigma"] = history_sigma_;
  // The latest ratings, when the last game fell between two samples.
  if (!numbers_.empty() &&
      (history_games_.empty() || history_games_.back() != static_cast<long long>(games()))) {
    history["games"].push_back(games());
    Json mu = Json::array(), sigma = Json::array();
    for (const rating::TrueSkillRating& r : builder_.trueskill()) {
      mu.push_back(rounded(r.mu, 1e3));
      sigma.push_back(rounded(r.sigma, 1e3));
    }
    history["mu"].push_back(mu);
    history["sigma"].push_back(sigma);
  }
  return out;
}

Json ReportIndex::games_json() const {
  Json out = Json::object();
  out["players"] = players_;
  out["number"] = numbers_;
  out["seat_bots"] = seat_bots_;
  out["final_scores"] = final_scores_;
  out["ranks"] = ranks_;
  out["violations"] = violations_;
  out["deals"] = deals_;
  return out;
}

}  // namespace arena
