// `arena rate FILES...`: the tournament's numbers from records alone (merging shards). Every file
// is verified first (tournament/records_check.h), unless --no-verify: a forged or damaged game
// would otherwise move the ratings.
#include <algorithm>
#include <iostream>
#include <limits>
#include <memory>
#include <set>
#include <thread>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "records/records_io.h"
#include "tournament/records_check.h"
#include "tournament/results.h"

namespace arena {
namespace {

struct RateFlags {
  std::vector<std::string> files;
  int bootstrap = 1000;
  bool json = false;
  bool no_verify = false;
};

int run_rate(const RateFlags& flags) {
  hearts::proto::RecordsHeader header;
  std::vector<hearts::proto::GameRecord> games;
  std::set<uint32_t> seen;
  VerifyTotals verified;
  for (size_t i = 0; i < flags.files.size(); ++i) {
    RecordsFile file;
    std::string error;
    if (!read_records(flags.files[i], &file, &error)) return fail(error);
    if (!file.torn.empty()) std::cerr << "arena: warning: " << file.torn << '\n';
    if (i == 0) {
      header = file.header;
    } else if (!headers_compatible(header, file.header, &error)) {
      return fail(flags.files[0] + " and " + flags.files[i] +
                  " cannot be rated together: " + error);
    }
    if (std::string discrepancy;
        !flags.no_verify && !verify_records_file(file, &discrepancy, &verified)) {
      return fail(flags.files[i] + ": " + discrepancy);
    }
    for (auto& game : file.games) {
      if (!seen.insert(game.game_index()).second) {
        return fail(flags.files[i] + ": game " + std::to_string(game.game_index() + 1) +
                    " appears twice in the files");
      }
      games.push_back(std::move(game));
    }
  }
  if (!flags.no_verify) {
    std::cerr << "verified " << count_of(verified.games, "game") << ", "
              << count_of(verified.deals, "deal") << " in "
              << count_of(static_cast<long long>(flags.files.size()), "file") << '\n';
  }
  // Schedule order, whatever the order of the files: TrueSkill applies games in that order.
  std::sort(games.begin(), games.end(),
            [](const auto& a, const auto& b) { return a.game_index() < b.game_index(); });
  if (header.scheduled_games() > 0 && games.size() < header.scheduled_games()) {
    std::cerr << "arena: note: " << games.size() << " of " << header.scheduled_games()
              << " scheduled games are in these files\n";
  }
  if (!has_duplicate_groups(header) && flags.bootstrap > 0) {
    std::cerr << "arena: note: these records have no duplicate groups (not a tournament's): the "
                 "intervals resample single games\n";
  }
  Results results;
  ResultsOptions options;
  options.bootstrap_samples = flags.bootstrap;
  options.seed = header.series_seed();
  // Every core for the bootstrap: the intervals do not depend on the thread count.
  options.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::string error;
  if (!compute_results(header, games, options, &results, &error)) return fail(error);
  if (flags.json) {
    print_json(results_json(results));
  } else {
    std::cout << results_text(results);
  }
  return 0;
}

}  // namespace

void add_rate_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<RateFlags>();
  auto* rate = app.add_subcommand("rate", "ratings from records files (merges tournament shards)");
  rate->add_option("files", flags->files, "records files")->required();
  rate->add_option("--bootstrap", flags->bootstrap,
                   "bootstrap resamples for the intervals (default 1000; 0 = no intervals)")
      ->check(CLI::Range(0, std::numeric_limits<int>::max()));
  rate->add_flag("--json", flags->json, "results.json on stdout");
  rate->add_flag("--no-verify", flags->no_verify,
                 "skip verifying the records (faster; for files you trust)");
  rate->callback([flags, exit_code] { *exit_code = run_rate(*flags); });
}

}  // namespace arena
