// The report's index: what the overview page shows (the header, the rules in force, the results,
// each bot's TrueSkill over the games) and the compact game list, built game by game in schedule
// order so a running tournament can rewrite it as games finish.
//
// The results come from tournament/results.h's ResultsBuilder, the one the tournament and
// `arena rate` use, so the leaderboard shows the numbers results.json holds.
//
// Thread safety: one thread at a time per object.
#pragma once

#include <string>
#include <vector>

#include "common/json.h"
#include "records.pb.h"
#include "tournament/results.h"

namespace arena {

// What the index keeps of one game: its results summary and its line in the game list.
struct ReportRow {
  GameSummary summary;
  long long number = 0;  // report_game_number
  std::vector<int> seat_bots, final_scores, ranks;
  int violations = 0, deals = 0;
};

class ReportIndex {
 public:
  explicit ReportIndex(const hearts::proto::RecordsHeader& header);

  // Adds the next game in schedule order. False with *error if it does not fit the header (as
  // ResultsBuilder::add); add nothing more after that.
  bool add(const hearts::proto::GameRecord& game, std::string* error);
  bool add(const ReportRow& row, std::string* error);
  // A game's row, so that games read out of order can be sorted before they are added.
  static ReportRow row_of(const hearts::proto::GameRecord& game);
  size_t games() const { return numbers_.size(); }

  // results.json for the games so far (results_json of the builder's results).
  bool results(const ResultsOptions& options, Json* out, std::string* error) const;

  // The overview's data: header, rules, `results` (a results.json document), TrueSkill history,
  // game count; `live`: the run is still going.
  Json index_json(const Json& results, bool live) const;
  // The game list, column by column: number, seats' bots, final scores, ranks, violations.
  Json games_json() const;

  const hearts::proto::RecordsHeader& header() const { return header_; }

 private:
  void note_trueskill();

  hearts::proto::RecordsHeader header_;
  ResultsBuilder builder_;
  int players_ = 0;
  std::vector<long long> numbers_;
  std::vector<int> seat_bots_, final_scores_, ranks_, violations_, deals_;
  // TrueSkill after every `stride_` games: the stride doubles when the history grows long, so
  // a 100,000-game chart still has a few hundred points.
  int stride_ = 1;
  std::vector<long long> history_games_;
  std::vector<std::vector<double>> history_mu_, history_sigma_;  // [point][bot]
};

}  // namespace arena
