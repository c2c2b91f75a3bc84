// The report folder: the static assets (report_assets.h), data/index.js and data/games.js (the
// overview and the game list, report_index.h) and games/NNNNNN.js, one small file per game
// (game_view.h). Data files are scripts calling a loader (`BLA.index({...})`), not JSON: browsers
// refuse fetch() of file:// URLs but run <script src>, so the report opens from a folder, and the
// page loads one game at a time however many there are.
//
// Files are replaced by writing a temporary file and renaming it, so a page reloading its data
// while a tournament runs never reads half a file. They are not flushed to disk one by one (a
// report is rebuilt from the records at any time; 100,000 fsyncs would take minutes).
//
// Thread safety: one thread at a time per ReportSite; distinct sites may be used at once.
#pragma once

#include <string>
#include <vector>

#include "common/json.h"
#include "hearts/rules.h"
#include "records.pb.h"
#include "report/report_index.h"

namespace arena {

// `BLA.<loader>(<data>);`: the text of a data script.
std::string report_script(const std::string& loader, const Json& data);

// The path of game `number`'s script inside a report folder: games/000012.js.
std::string report_game_path(long long number);

class ReportSite {
 public:
  explicit ReportSite(std::string dir) : dir_(std::move(dir)) {}
  // Creates the folder and writes index.html and the styles and scripts. False with *error.
  bool write_assets(std::string* error) const;
  // Writes games/NNNNNN.js for one game; `rules` are the header's, compiled.
  bool write_game(const hearts::proto::GameRecord& game, const hearts::CompiledRules& rules,
                  std::string* error) const;
  // Writes data/index.js (with `results`, a results.json document) and data/games.js.
  bool write_index(const ReportIndex& index, const Json& results, bool live,
                   std::string* error) const;
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
};

struct ReportOptions {
  int bootstrap_samples = 1000;  // as `arena rate` and the tournament's default
  int threads = 1;
  // A results.json to show instead of computing results, when it counts the same games (the
  // tournament's own). Empty: compute.
  std::string results_path;
};

// `arena report`: reads the records files (a tournament's shards merge, games in schedule order)
// and writes the whole report into `out_dir`. *summary says what was written.
bool write_report(const std::vector<std::string>& files, const std::string& out_dir,
                  const ReportOptions& options, std::string* summary, std::string* error);

// The compiled rules of a records header; false with *error naming what is wrong.
bool header_rules(const hearts::proto::RecordsHeader& header, hearts::CompiledRules* out,
                  std::string* error);

// The results to show: `results_path`'s document when it counts `games` games, else computed.
bool report_results(const ReportIndex& index, const ReportOptions& options, Json* out,
                    std::string* error);

}  // namespace arena
