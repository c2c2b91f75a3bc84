#include "tournament/results.h"

#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "hearts/rng.h"
#include "players/bot_time_limit.h"
#include "rating/rating.h"

namespace arena {
namespace {

namespace pb = hearts::proto;

// One distinct bot's result in one game (copies of a bot at one table merged).
struct BotInGame {
  int bot = 0;
  double score = 0;  // mean final score (or counters) of its copies
  double points_per_deal = 0;
  int forfeits = 0;
};

// A bot with its own time limit is named with it ("montecarlo@10ms"): time odds make entrants.
std::string limited_name(const pb::BotInfo& bot) {
  return name_with_limit(bot.name(), bot.move_time_limit_us());
}

std::string display_name(const pb::RecordsHeader& header, int bot) {
  const std::string name = limited_name(header.bots(bot));
  int same = 0, before = 0;
  for (int b = 0; b < header.bots_size(); ++b) {
    if (limited_name(header.bots(b)) == name) {
      ++same;
      if (b < bot) ++before;
    }
  }
  return same > 1 ? name + "#" + std::to_string(before + 1) : name;
}

std::string fixed(double value, int digits) {
  if (!std::isfinite(value)) return "-";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
  return buffer;
}

Json estimate_json(const Estimate& e, int digits) {
  auto round_to = [digits](double v) {
    if (!std::isfinite(v)) return Json();
    const double scale = std::pow(10.0, digits);
    return Json(std::round(v * scale) / scale);
  };
  Json out = Json::object();
  out["mean"] = round_to(e.value);
  out["low"] = round_to(e.low);
  out["high"] = round_to(e.high);
  return out;
}

// Each bot's seats in the game; false with *error if a seat names a bot the header lacks.
bool seats_by_bot(const GameSummary& game, int num_bots, std::map<int, std::vector<int>>* seats_of,
                  std::string* error) {
  const int n = static_cast<int>(game.seats.size());
  for (int s = 0; s < n; ++s) {
    const int bot = game.seats[s].bot;
    if (bot < 0 || bot >= num_bots) {
      *error = "game " + std::to_string(game.game_index + 1) + " names bot " + std::to_string(bot) +
               ", but the header lists " + std::to_string(num_bots);
      return false;
    }
    (*seats_of)[bot].push_back(s);
  }
  return true;
}

// The copies of `bot` at the table merged into one entry: their mean score and points per deal.
BotInGame merge_copies(const GameSummary& game, int bot, const std::vector<int>& seats,
                       bool by_counters, bool sum_points) {
  const int deals = game.deals;
  BotInGame entry;
  entry.bot = bot;
  for (int s : seats) {
    const SeatSummary& seat = game.seats[s];
    // Forfeits rank last: give them a score beyond every real one.
    entry.score += seat.forfeited ? 1e9 : (by_counters ? -seat.final_counters : seat.final_score);
    entry.points_per_deal += deals ? static_cast<double>(seat.deal_points) / deals : 0.0;
  }
  entry.score /= static_cast<double>(seats.size());
  if (!sum_points) entry.points_per_deal /= static_cast<double>(seats.size());
  return entry;
}

// Ranks among distinct bots: the recorded ranks when every bot sits once (they already
// follow the rules' settlement and forfeits), otherwise from the merged scores.
int rank_among_bots(const GameSummary& game, const std::map<int, std::vector<int>>& seats_of,
                    const std::vector<BotInGame>& entries, const BotInGame& entry) {
  const bool distinct = static_cast<int>(seats_of.size()) == static_cast<int>(game.seats.size());
  int rank = 1;
  if (distinct && game.ranked) {
    rank = game.seats[seats_of.at(entry.bot)[0]].rank;
  } else if (game.partnership && game.ranked) {
    // Partners share their team's rank: a bot (or team) takes its best seat's.
    rank = static_cast<int>(game.seats.size()) + 1;
    for (int s : seats_of.at(entry.bot)) rank = std::min(rank, game.seats[s].rank);
  } else {
    for (const BotInGame& other : entries) rank += other.score < entry.score;
  }
  return rank;
}

// TrueSkill now, exactly as rating::trueskill_ratings would apply this game; a game it rejects
// sets *failed and leaves the ratings as they were.
void apply_trueskill(const rating::GameResult& result,
                     std::vector<rating::TrueSkillRating>* trueskill, bool* failed) {
  try {
    std::vector<rating::TrueSkillRating> before;
    std::vector<int> ranks;
    for (const rating::Placement& p : result.players) {
      before.push_back((*trueskill)[p.bot]);
      ranks.push_back(p.rank);
    }
    const auto after = rating::trueskill_update(before, ranks);
    for (size_t k = 0; k < result.players.size(); ++k) {
      (*trueskill)[result.players[k].bot] = after[k];
    }
  } catch (const std::exception&) {
    *failed = true;
  }
}

// Every bot's mean points per deal pooled over its duplicate groups (the groups' numbering lives
// only during this call), with bootstrap intervals that draw each resample's groups once for
// all bots (rating::PooledMeansBootstrap).
std::vector<Estimate> pooled_points(const GameTable& games, int num_bots,
                                    const ResultsOptions& options) {
  uint32_t num_groups = 0;
  const std::vector<uint32_t> group_of = games.group_indices(&num_groups);
  rating::PooledMeansBootstrap pooled(num_groups, static_cast<size_t>(num_bots));
  size_t g = 0;
  games.for_each([&](const rating::GameResult& game) {
    const uint32_t group = group_of[g++];
    for (const rating::Placement& p : game.players) {
      pooled.add(group, static_cast<uint32_t>(p.bot), p.points_per_deal);
    }
  });
  std::vector<Estimate> out;
  for (const rating::Interval& mean :
       pooled.intervals(hearts::derive_seed(options.seed, 0xB0), options.bootstrap_samples, 0.95)) {
    out.push_back({mean.estimate, mean.low, mean.high});
  }
  return out;
}

std::vector<PairResult> head_to_head_pairs(const pb::RecordsHeader& header,
                                           const rating::GameSource& rated, int num_bots,
                                           const ResultsOptions& options) {
  std::vector<PairResult> pairs;
  for (const rating::HeadToHead& h : rating::head_to_head(
           rated, num_bots, hearts::derive_seed(options.seed, 0x424), options.bootstrap_samples)) {
    pairs.push_back({h.a,
                     h.b,
                     display_name(header, h.a),
                     display_name(header, h.b),
                     h.games,
                     {h.points_per_deal.estimate, h.points_per_deal.low, h.points_per_deal.high}});
  }
  return pairs;
}

}  // namespace

GameSummary summarize_game(const pb::GameRecord& game) {
  GameSummary summary;
  const int n = game.seat_bots_size();
  summary.game_index = game.game_index();
  summary.group_key = game.group_key();
  summary.complete = n >= 2 && game.final_scores_size() == n;
  summary.ranked = game.ranks_size() == n;
  summary.seats.resize(static_cast<size_t>(n));
  for (int s = 0; s < n; ++s) {
    SeatSummary& seat = summary.seats[s];
    seat.bot = game.seat_bots(s);
    if (s < game.final_scores_size()) seat.final_score = game.final_scores(s);
    if (s < game.final_counters_size()) seat.final_counters = game.final_counters(s);
    if (summary.ranked) seat.rank = game.ranks(s);
    if (s < game.fallback_decisions_size()) seat.fallbacks = game.fallback_decisions(s);
    if (s < game.host_pause_us_size()) seat.host_pause_us = game.host_pause_us(s);
    if (s < game.late_answers_size()) seat.late_answers = game.late_answers(s);
  }
  for (int s : game.forfeited()) {
    if (s >= 0 && s < n) summary.seats[s].forfeited = true;
  }
  auto think = [&](int s, int64_t us) {
    if (s < 0 || s >= n) return;
    SeatSummary& seat = summary.seats[s];
    seat.think_us += us;
    seat.max_think_us = std::max(seat.max_think_us, us);
    ++seat.decisions;
  };
  for (const pb::DealRecord& deal : game.deals()) {
    if (deal.deal_scores_size() != n) continue;
    ++summary.deals;
    for (int s = 0; s < n; ++s) summary.seats[s].deal_points += deal.deal_scores(s);
    for (const pb::PlayRecord& play : deal.plays()) think(play.seat(), play.think_us());
    for (const pb::PassRecord& pass : deal.passes()) think(pass.seat(), pass.think_us());
  }
  for (const pb::Violation& v : game.violations()) {
    if (v.seat() >= 0 && v.seat() < n) summary.violations.emplace_back(v.seat(), v.kind());
  }
  summary.partnership = game.seat_teams_size() == n && n > 0;
  if (summary.partnership && game.table_teams_size() > 0) {
    for (int s = 0; s < n; ++s) {
      const int team = game.seat_teams(s);
      summary.seat_team_entrants.push_back(
          team >= 0 && team < game.table_teams_size() ? game.table_teams(team) : -1);
    }
  }
  return summary;
}

bool compute_results(const pb::RecordsHeader& header, const std::vector<pb::GameRecord>& games,
                     const ResultsOptions& options, Results* out, std::string* error) {
  std::vector<GameSummary> summaries;
  summaries.reserve(games.size());
  for (const pb::GameRecord& game : games) summaries.push_back(summarize_game(game));
  return compute_results(header, summaries, options, out, error);
}

bool compute_results(const pb::RecordsHeader& header, std::span<const GameSummary> games,
                     const ResultsOptions& options, Results* out, std::string* error) {
  ResultsBuilder builder(header);
  for (const GameSummary& game : games) {
    if (!builder.add(game, error)) {
      *out = Results{};
      return false;
    }
  }
  return builder.results(options, out, error);
}

namespace {

// The header a partnership tournament's teams are rated under: one "bot" per team.
pb::RecordsHeader team_header(const pb::RecordsHeader& header) {
  pb::RecordsHeader teams = header;
  teams.clear_bots();
  teams.clear_teams();
  for (const pb::TeamInfo& team : header.teams()) {
    pb::BotInfo* bot = teams.add_bots();
    bot->set_name(team.name());
    bot->set_spec(team.name());
  }
  return teams;
}

// A game with the teams as its entrants; false with *error if a seat has no team.
bool team_game(const GameSummary& game, GameSummary* out, std::string* error) {
  *out = game;
  if (game.seat_team_entrants.size() != game.seats.size()) {
    *error = "game " + std::to_string(game.game_index + 1) +
             " of a partnership tournament does not record its teams (table_teams)";
    return false;
  }
  for (size_t s = 0; s < game.seats.size(); ++s) out->seats[s].bot = game.seat_team_entrants[s];
  return true;
}

}  // namespace

ResultsBuilder::ResultsBuilder(const pb::RecordsHeader& header, bool team_level)
    : header_(header),
      num_bots_(header.bots_size()),
      bots_(static_cast<size_t>(std::max(num_bots_, 0))),
      rated_(team_level),
      violation_kinds_(bots_.size()),
      think_sum_(bots_.size(), 0),
      think_max_(bots_.size(), 0),
      host_pause_sum_(bots_.size(), 0),
      trueskill_(bots_.size(), rating::TrueSkillRating{}),
      team_level_(team_level) {
  if (!team_level && header.teams_size() > 0) {
    teams_ = std::make_unique<ResultsBuilder>(team_header(header), true);
  }
  const auto settlement = header.rules().options().find("settlement");
  by_counters_ = settlement != header.rules().options().end() && settlement->second != "points";
}

bool ResultsBuilder::add(const GameSummary& game, std::string* error) {
  if (num_bots_ < 2) {
    *error = "the records name fewer than two bots";
    return false;
  }
  const int n = static_cast<int>(game.seats.size());
  if (!game.complete) {
    *error = "game " + std::to_string(game.game_index + 1) + " is incomplete in the records";
    return false;
  }
  std::map<int, std::vector<int>> seats_of;  // bot -> its seats
  if (!seats_by_bot(game, num_bots_, &seats_of, error)) return false;
  ++games_;
  players_ = n;
  const int deals = game.deals;
  for (const SeatSummary& seat : game.seats) {
    think_sum_[seat.bot] += seat.think_us;
    think_max_[seat.bot] = std::max(think_max_[seat.bot], seat.max_think_us);
    host_pause_sum_[seat.bot] += seat.host_pause_us;
    bots_[seat.bot].late_answers += seat.late_answers;
    bots_[seat.bot].decisions += seat.decisions;
    bots_[seat.bot].fallbacks += seat.fallbacks;
  }
  deals_ += deals;
  std::vector<BotInGame> entries;
  for (const auto& [bot, seats] : seats_of) {
    entries.push_back(merge_copies(game, bot, seats, by_counters_, team_level_));
    bots_[bot].games += 1;
    bots_[bot].deals += deals;
  }
  rating::GameResult result;
  // Records of `arena play` (no tournament fingerprint) have no duplicate groups: each game is
  // its own unit of the bootstrap, else every interval would collapse onto its estimate.
  const uint64_t group = has_duplicate_groups(header_) ? game.group_key : game.game_index;
  result.group = group;
  std::vector<GameTable::Seat> stored(game.seats.size());
  for (const BotInGame& entry : entries) {
    const int rank = rank_among_bots(game, seats_of, entries, entry);
    result.players.push_back({entry.bot, rank, entry.points_per_deal});
    for (int s : seats_of.at(entry.bot)) stored[s] = {entry.bot, rank, game.seats[s].deal_points};
  }
  if (!rated_.add(group, deals, stored, game.game_index + 1, error)) return false;
  if (!trueskill_failed_) apply_trueskill(result, &trueskill_, &trueskill_failed_);
  for (const auto& [seat, kind] : game.violations) {
    const int bot = game.seats[seat].bot;
    ++bots_[bot].violations;
    ++violation_kinds_[bot][pb::Violation::Kind_Name(kind)];
  }
  if (teams_) {
    GameSummary by_team;
    if (!team_game(game, &by_team, error) || !teams_->add(by_team, error)) return false;
  }
  return true;
}

bool ResultsBuilder::results(const ResultsOptions& options, Results* out,
                             std::string* error) const {
  const int num_bots = num_bots_;
  const pb::RecordsHeader& header = header_;
  *out = Results{};
  out->rules = header.rules().preset();
  if (num_bots < 2) {
    *error = "the records name fewer than two bots";
    return false;
  }
  out->games = games_;
  out->players = players_;
  out->deals = deals_;
  out->time_margin_us = header.time_margin_us();
  std::vector<BotStanding> bots = bots_;
  const auto& rated = rated_;
  const auto& violation_kinds = violation_kinds_;
  const auto& think_sum = think_sum_;
  const auto& think_max = think_max_;

  try {
    const auto wins = rating::win_rates(rated, num_bots);
    rating::PlackettLuceOptions pl;
    pl.seed = hearts::derive_seed(options.seed, 0x9E11);
    pl.resamples = options.bootstrap_samples;
    pl.threads = options.threads;
    const auto fit = rating::plackett_luce(rated, num_bots, pl);
    // A game TrueSkill rejected while adding: the full run throws the same error here.
    const auto trueskill =
        trueskill_failed_ ? rating::trueskill_ratings(rated, num_bots) : trueskill_;
    const std::vector<Estimate> pooled = pooled_points(rated, num_bots, options);
    for (int b = 0; b < num_bots; ++b) {
      BotStanding& s = bots[b];
      s.bot = b;
      s.name = display_name(header, b);
      s.spec = header.bots(b).spec();
      s.runs_as = header.bots(b).runs_as();
      s.move_time_limit_us = header.bots(b).move_time_limit_us();
      s.wins = wins[b].wins;
      s.win_rate = wins[b].rate;
      s.rating = {fit.bots[b].rating, fit.bots[b].low, fit.bots[b].high};
      s.trueskill_mu = trueskill[b].mu;
      s.trueskill_sigma = trueskill[b].sigma;
      s.trueskill_conservative = trueskill[b].conservative();
      s.points_per_deal = pooled[b];
      s.violations_by_kind.assign(violation_kinds[b].begin(), violation_kinds[b].end());
      s.mean_think_ms = s.decisions ? think_sum[b] / 1000.0 / static_cast<double>(s.decisions) : 0;
      s.max_think_ms = think_max[b] / 1000.0;
      s.host_pause_ms = host_pause_sum_[b] / 1000.0;
    }
    out->head_to_head = head_to_head_pairs(header, rated, num_bots, options);
  } catch (const std::exception& e) {
    *error = std::string("cannot rate these records: ") + e.what();
    return false;
  }
  std::stable_sort(bots.begin(), bots.end(), [](const BotStanding& a, const BotStanding& b) {
    return a.rating.value > b.rating.value;
  });
  out->standings = std::move(bots);
  if (teams_) {
    Results teams;
    if (!teams_->results(options, &teams, error)) return false;
    out->team_standings = std::move(teams.standings);
    out->team_head_to_head = std::move(teams.head_to_head);
  }
  return true;
}

namespace {

// One standing as results.json gives it; `key` names the entrant ("bot" or "team").
Json standing_json(const BotStanding& s, size_t place, const char* key) {
  Json e = Json::object();
  e["place"] = static_cast<int>(place);
  e[key] = s.name;
  e["spec"] = s.spec;
  if (!s.runs_as.empty()) e["runs_as"] = s.runs_as;  // records older than the field: none
  if (s.move_time_limit_us > 0) e["move_time_limit_ms"] = s.move_time_limit_us / 1000.0;
  e["games"] = s.games;
  e["deals"] = s.deals;
  e["points_per_deal"] = estimate_json(s.points_per_deal, 4);
  e["wins"] = std::round(s.wins * 1e4) / 1e4;
  e["win_rate"] = std::round(s.win_rate * 1e4) / 1e4;
  e["rating"] = estimate_json(s.rating, 1);
  Json& ts = e["trueskill"] = Json::object();
  ts["mu"] = std::round(s.trueskill_mu * 1e3) / 1e3;
  ts["sigma"] = std::round(s.trueskill_sigma * 1e3) / 1e3;
  ts["conservative"] = std::round(s.trueskill_conservative * 1e3) / 1e3;
  Json& v = e["violations"] = Json::object();
  v["total"] = s.violations;
  for (const auto& [kind, count] : s.violations_by_kind) v[kind] = count;
  e["fallback_decisions"] = s.fallbacks;
  return e;
}

Json pairs_json(const std::vector<PairResult>& head_to_head) {
  Json pairs = Json::array();
  for (const PairResult& p : head_to_head) {
    Json& e = pairs.emplace_back(Json::object());
    e["a"] = p.a_name;
    e["b"] = p.b_name;
    e["games"] = p.games;
    e["points_per_deal_difference"] = estimate_json(p.difference, 4);
  }
  return pairs;
}

}  // namespace

Json results_json(const Results& r) {
  Json out = Json::object();
  out["format"] = "black-lady-arena-results";
  out["format_version"] = 1;
  out["rules"] = r.rules;
  out["players"] = r.players;
  out["games"] = r.games;
  out["deals"] = r.deals;
  Json& standings = out["standings"] = Json::array();
  for (size_t i = 0; i < r.standings.size(); ++i) {
    standings.push_back(standing_json(r.standings[i], i + 1, "bot"));
  }
  out["head_to_head"] = pairs_json(r.head_to_head);
  if (!r.team_standings.empty()) {
    Json& teams = out["teams"] = Json::array();
    for (size_t i = 0; i < r.team_standings.size(); ++i) {
      teams.push_back(standing_json(r.team_standings[i], i + 1, "team"));
    }
    out["team_head_to_head"] = pairs_json(r.team_head_to_head);
  }
  Json& timing = out["timing"] = Json::array();
  for (const BotStanding& s : r.standings) {
    Json& e = timing.emplace_back(Json::object());
    e["bot"] = s.name;
    e["decisions"] = s.decisions;
    e["mean_think_ms"] = std::round(s.mean_think_ms * 1e4) / 1e4;
    e["max_think_ms"] = std::round(s.max_think_ms * 1e3) / 1e3;
    if (s.host_pause_ms > 0) e["host_pause_ms"] = std::round(s.host_pause_ms * 1e3) / 1e3;
    if (s.late_answers > 0) e["late_answers"] = s.late_answers;
  }
  return out;
}

namespace {

// The leaderboard table; `entrant` heads the name column ("bot" or "team").
std::string standings_text(const std::vector<BotStanding>& standings, const char* entrant) {
  std::string text;
  char line[512];
  std::snprintf(line, sizeof line, "%-4s %-16s %-9s %6s %8s  %-22s %6s  %-20s %-22s %5s %8s %9s\n",
                "", entrant, "runs as", "games", "deals", "points/deal [95% CI]", "win%",
                "rating [95% CI]", "TrueSkill mu/sigma (-3s)", "viol", "fallback", "think ms");
  text += line;
  for (size_t i = 0; i < standings.size(); ++i) {
    const BotStanding& s = standings[i];
    const std::string ppd = fixed(s.points_per_deal.value, 2) + " [" +
                            fixed(s.points_per_deal.low, 2) + ", " +
                            fixed(s.points_per_deal.high, 2) + "]";
    const std::string rating = fixed(s.rating.value, 0) + " [" + fixed(s.rating.low, 0) + ", " +
                               fixed(s.rating.high, 0) + "]";
    const std::string ts = fixed(s.trueskill_mu, 1) + "/" + fixed(s.trueskill_sigma, 2) + " (" +
                           fixed(s.trueskill_conservative, 1) + ")";
    std::snprintf(line, sizeof line,
                  "%-4zu %-16s %-9s %6d %8lld  %-22s %5.1f%%  %-20s %-22s %5d %8lld %9.3f\n", i + 1,
                  s.name.c_str(), s.runs_as.empty() ? "-" : s.runs_as.c_str(), s.games, s.deals,
                  ppd.c_str(), 100.0 * s.win_rate, rating.c_str(), ts.c_str(), s.violations,
                  s.fallbacks, s.mean_think_ms);
    text += line;
  }
  return text;
}

std::string host_pauses_text(const std::vector<BotStanding>& standings) {
  std::vector<std::pair<std::string, int64_t>> label_us;
  for (const BotStanding& s : standings) {
    label_us.emplace_back(s.name, std::llround(s.host_pause_ms * 1000.0));
  }
  return host_pauses_line(label_us);
}

std::string late_answers_text(const std::vector<BotStanding>& standings, int64_t margin_us) {
  std::vector<std::pair<std::string, int64_t>> label_counts;
  for (const BotStanding& s : standings) label_counts.emplace_back(s.name, s.late_answers);
  return late_answers_line(label_counts, margin_us);
}

std::string pairs_text(const std::vector<PairResult>& head_to_head) {
  std::string text;
  char line[512];
  text += "\nhead to head (points per deal of the first minus the second, at the same table)\n";
  for (const PairResult& p : head_to_head) {
    std::snprintf(line, sizeof line, "  %-16s %-16s %6d games  %+.2f [%s, %s]\n", p.a_name.c_str(),
                  p.b_name.c_str(), p.games, p.difference.value, fixed(p.difference.low, 2).c_str(),
                  fixed(p.difference.high, 2).c_str());
    text += line;
  }
  return text;
}

}  // namespace

std::string host_pauses_line(const std::vector<std::pair<std::string, int64_t>>& label_us) {
  std::string text;
  for (const auto& [label, us] : label_us) {
    if (us <= 0) continue;
    text += (text.empty() ? "host pauses not charged (docs/tournaments.md): " : ", ") + label +
            " " + fixed(static_cast<double>(us) / 1000.0, 1) + " ms";
  }
  return text.empty() ? text : text + "\n";
}

std::string late_answers_line(const std::vector<std::pair<std::string, int64_t>>& label_counts,
                              int64_t margin_us) {
  std::string text;
  for (const auto& [label, count] : label_counts) {
    if (count <= 0) continue;
    text += (text.empty() ? "late answers, accepted within the " +
                                fixed(static_cast<double>(margin_us) / 1000.0,
                                      margin_us % 1000 == 0 ? 0 : 1) +
                                " ms time margin (docs/tournaments.md): "
                          : ", ") +
            label + " " + std::to_string(count);
  }
  return text.empty() ? text : text + "\n";
}

std::string results_text(const Results& r) {
  std::string text;
  char line[512];
  std::snprintf(line, sizeof line, "%d games, %lld deals of %s, %d players a table\n\n", r.games,
                r.deals, r.rules.c_str(), r.players);
  text += line;
  if (!r.team_standings.empty()) {
    text += "teams (partners share their team's rank; points per deal of both partners)\n";
    text += standings_text(r.team_standings, "team");
    if (!r.team_head_to_head.empty()) text += pairs_text(r.team_head_to_head);
    text += "\nbots\n";
  }
  text += standings_text(r.standings, "bot");
  text += host_pauses_text(r.standings);
  text += late_answers_text(r.standings, r.time_margin_us);
  if (!r.head_to_head.empty()) text += pairs_text(r.head_to_head);
  return text;
}

namespace {

// "bot 2 of 3 'qsdodger': spec differs ('a.so' vs 'b.so'); file SHA-256 differs too (...)":
// names alone may match (two builds of one bot), so the message names the fields that differ.
std::string bot_difference(const pb::RecordsHeader& first, const pb::RecordsHeader& other, int b) {
  const pb::BotInfo& x = first.bots(b);
  const pb::BotInfo& y = other.bots(b);
  std::string text = "bot " + std::to_string(b + 1) + " of " + std::to_string(first.bots_size()) +
                     " '" + x.name() + "'";
  std::vector<std::string> parts;
  auto differs = [&parts](const std::string& field, const std::string& lhs,
                          const std::string& rhs) {
    if (lhs != rhs) parts.push_back(field + " differs ('" + lhs + "' vs '" + rhs + "')");
  };
  differs("name", x.name(), y.name());
  differs("spec", x.spec(), y.spec());
  differs("version", x.version(), y.version());
  // A hash is 64 hex digits: the first 12 tell two builds apart.
  auto short_hash = [](const std::string& h) { return h.size() > 12 ? h.substr(0, 12) + "…" : h; };
  differs("file SHA-256", short_hash(x.file_sha256()), short_hash(y.file_sha256()));
  differs("transport", x.transport(), y.transport());
  for (size_t k = 0; k < parts.size(); ++k) text += (k == 0 ? ": " : "; ") + parts[k];
  return text;
}

}  // namespace

bool has_duplicate_groups(const pb::RecordsHeader& header) {
  return !header.tournament_fingerprint().empty();
}

bool headers_compatible(const pb::RecordsHeader& first, const pb::RecordsHeader& other,
                        std::string* error) {
  using google::protobuf::util::MessageDifferencer;
  if (!MessageDifferencer::Equals(first.rules(), other.rules())) {
    *error = "they were played under different rules";
    return false;
  }
  if (first.bots_size() != other.bots_size()) {
    *error = "they list different numbers of bots";
    return false;
  }
  for (int b = 0; b < first.bots_size(); ++b) {
    if (first.bots(b).name() != other.bots(b).name() ||
        first.bots(b).spec() != other.bots(b).spec()) {
      *error = "they list different bots: " + bot_difference(first, other, b);
      return false;
    }
  }
  if (first.tournament_fingerprint() != other.tournament_fingerprint()) {
    // Name what differs where the header says it; the fingerprint also covers the schedule.
    std::string what;
    auto differs = [&what](const std::string& field, auto a, auto b) {
      if (a != b) {
        what += (what.empty() ? "" : ", ") + field + " " + std::to_string(a) + " vs " +
                std::to_string(b);
      }
    };
    differs("seed", first.series_seed(), other.series_seed());
    differs("scheduled games", first.scheduled_games(), other.scheduled_games());
    differs("move limit us", first.move_time_limit_us(), other.move_time_limit_us());
    differs("time bank us", first.game_time_bank_us(), other.game_time_bank_us());
    differs("forfeit after", first.forfeit_after(), other.forfeit_after());
    *error = "they come from different tournaments (" +
             (what.empty() ? std::string("their schedules differ: see the command in each header")
                           : what) +
             ")";
    return false;
  }
  return true;
}

}  // namespace arena
