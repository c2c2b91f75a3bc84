// `arena report FILES-or-DIR --out DIR`: the HTML report and replay viewer of records files
// (arena/report/). A tournament folder stands for its records files, and its results.json is
// shown as it is when it counts the same games.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <thread>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "report/report_site.h"

namespace arena {
namespace {

namespace fs = std::filesystem;

struct ReportFlags {
  std::vector<std::string> inputs;
  std::string out;
  int bootstrap = 1000;
};

// The records files of `inputs` (a folder: its records*.rec); *results is a lone tournament
// folder's results.json. False with *error naming an input that holds no records.
bool records_inputs(const std::vector<std::string>& inputs, std::vector<std::string>* files,
                    std::string* results, std::string* error) {
  for (const std::string& input : inputs) {
    if (!fs::is_directory(input)) {
      files->push_back(input);
      continue;
    }
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(input)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind("records", 0) == 0 && entry.path().extension() == ".rec") {
        found.push_back(entry.path().string());
      }
    }
    if (found.empty()) {
      *error = input + ": a folder without records files (records*.rec)";
      return false;
    }
    std::sort(found.begin(), found.end());
    files->insert(files->end(), found.begin(), found.end());
    if (inputs.size() == 1 && found.size() == 1) *results = (fs::path(input) / "results.json");
  }
  return true;
}

int run_report(const ReportFlags& flags) {
  std::vector<std::string> files;
  ReportOptions options;
  options.bootstrap_samples = flags.bootstrap;
  options.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::string error, summary;
  if (!records_inputs(flags.inputs, &files, &options.results_path, &error)) return fail(error);
  if (!write_report(files, flags.out, options, &summary, &error)) return fail(error);
  std::cout << summary << '\n';
  return 0;
}

}  // namespace

void add_report_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<ReportFlags>();
  auto* report = app.add_subcommand(
      "report",
      "an HTML report and replay viewer of records (a static folder that opens from file://: "
      "leaderboard, head to head, ratings over the games, game list, card-table replays)");
  report
      ->add_option("inputs", flags->inputs,
                   "records files, or a tournament's --out folder (its records and "
                   "results.json)")
      ->required();
  report->add_option("--out", flags->out, "the report folder to write (open its index.html)")
      ->required();
  report
      ->add_option("--bootstrap", flags->bootstrap,
                   "bootstrap resamples for the intervals when results are computed (default "
                   "1000; 0 = no intervals)")
      ->check(CLI::Range(0, std::numeric_limits<int>::max()));
  report->callback([flags, exit_code] { *exit_code = run_report(*flags); });
}

}  // namespace arena
