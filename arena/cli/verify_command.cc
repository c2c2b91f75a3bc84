// `arena verify FILE...`: re-plays every recorded game through the rules engine
// (records/verify.h), and checks a tournament's games against its schedule
// (tournament/records_check.h).
// Exit 0: every game verified; 1: a discrepancy (the first one is printed); 2: a file that
// cannot be read at all. A torn tail (a killed run) is a warning: its complete games are verified.
// A damaged file (an unreadable record with more after it) fails with 1 after verifying the
// games before the damage: the games after it cannot be checked.
#include <iostream>
#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "records/records_io.h"
#include "records/verify.h"
#include "tournament/records_check.h"

namespace arena {
namespace {

struct VerifyFlags {
  std::vector<std::string> files;
  bool json = false;
};

std::string plural(long long count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

int run_verify(const VerifyFlags& flags) {
  VerifyTotals totals;
  Json warnings = Json::array();
  int files = 0;
  for (const std::string& path : flags.files) {
    RecordsFile file;
    std::string error;
    if (!read_records(path, &file, &error)) return fail(error);
    if (!file.torn.empty() && !file.damaged) {  // damage is the failure, printed below
      if (flags.json) {
        warnings.emplace_back(file.torn);
      } else {
        std::cerr << "arena: warning: " << file.torn << '\n';
      }
    }
    std::string discrepancy;
    const bool verified = verify_records_file(file, &discrepancy, &totals);
    if (verified && file.damaged) discrepancy = file.torn;
    if (!verified || file.damaged) {
      if (flags.json) {
        Json out = Json::object();
        out["verified"] = false;
        out["file"] = path;
        out["discrepancy"] = discrepancy;
        out["warnings"] = std::move(warnings);
        print_json(out);
      } else {
        std::cout << path << ": " << discrepancy << '\n';
      }
      return 1;
    }
    ++files;
  }
  if (flags.json) {
    Json out = Json::object();
    out["verified"] = true;
    out["files"] = files;
    out["games"] = totals.games;
    out["deals"] = totals.deals;
    out["warnings"] = std::move(warnings);
    print_json(out);
  } else {
    std::cout << "verified " << plural(totals.games, "game") << ", " << plural(totals.deals, "deal")
              << " in " << plural(files, "file") << '\n';
  }
  return 0;
}

}  // namespace

void add_verify_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<VerifyFlags>();
  auto* command = app.add_subcommand(
      "verify", "re-play recorded games through the rules engine and check every result");
  command
      ->add_option("files", flags->files,
                   "records files written by `arena play`, `arena tournament` or `arena import`")
      ->required();
  command->add_flag("--json", flags->json, "machine-readable output");
  command->callback([flags, exit_code] { *exit_code = run_verify(*flags); });
}

}  // namespace arena
