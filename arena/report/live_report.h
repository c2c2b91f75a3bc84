// A report kept up to date while games finish (`arena tournament --report`, `arena play
// --report`): each game's file is written as the game is recorded, and the index every few
// seconds and at the end, so a long run can be watched in a browser (the page reloads its data).
//
// While the run goes on the leaderboard has no intervals (no bootstrap: it would slow the run);
// finish() writes the final index with the run's results.json.
//
// Thread safety: one thread at a time (the tournament calls its observer from one thread).
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "hearts/rules.h"
#include "report/report_index.h"
#include "report/report_site.h"
#include "tournament/tournament.h"

namespace arena {

class LiveReport : public TournamentObserver {
 public:
  // `seconds`: the least time between two index rewrites.
  explicit LiveReport(std::string dir, double seconds = 3.0)
      : site_(std::move(dir)), interval_(seconds) {}

  // Reads the games already in `records_path` (a resumed run) and writes the report so far.
  void started(const hearts::proto::RecordsHeader& header,
               const std::string& records_path) override;
  void game_written(const std::string& encoded) override;

  // Starts a report of a run without a records file to read (`arena play`).
  void start(const hearts::proto::RecordsHeader& header);
  // Adds a finished game and rewrites the index if it is due.
  void add_game(const hearts::proto::GameRecord& game);
  // Writes the final index, with `results_path`'s results.json when it counts every game
  // (else results computed with `options`). False with *error (also the first error met while
  // the run went on, which stopped the report).
  bool finish(const ReportOptions& options, std::string* error);

 private:
  void write_index_if_due();

  ReportSite site_;
  std::chrono::duration<double> interval_;
  std::chrono::steady_clock::time_point last_write_{};
  std::unique_ptr<ReportIndex> index_;
  hearts::CompiledRules rules_;
  std::string error_;  // the first error; the report stops there
};

}  // namespace arena
