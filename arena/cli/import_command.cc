// `arena import openspiel LOG --out FILE [--params 'hearts(...)']`: turns an OpenSpiel 'hearts'
// action log into a records file (arena/openspiel_import.h), one game record per line.
#include <iostream>
#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "records/openspiel_import.h"
#include "records/records_io.h"

namespace arena {
namespace {

struct ImportFlags {
  std::string log;
  std::string out;
  std::string params;
  bool ignore_points = false;
  bool json = false;
};

int run_import_openspiel(const ImportFlags& flags) {
  ImportedGames imported;
  if (hearts::Status status = import_openspiel_log(flags.log, flags.params, command_line(),
                                                   &imported, !flags.ignore_points);
      !status.ok()) {
    return fail(status.message());
  }
  std::string error;
  std::unique_ptr<RecordsWriter> writer = RecordsWriter::create(flags.out, imported.header, &error);
  if (!writer) return fail(error);
  for (const hearts::proto::GameRecord& game : imported.games) {
    if (!writer->append(game, &error)) return fail(error);
  }
  if (flags.json) {
    Json out = Json::object();
    out["log"] = flags.log;
    out["out"] = flags.out;
    out["games"] = static_cast<int>(imported.games.size());
    print_json(out);
  } else {
    std::cout << "imported " << imported.games.size()
              << (imported.games.size() == 1 ? " game" : " games") << " from " << flags.log
              << " into " << flags.out << '\n';
  }
  return 0;
}

}  // namespace

void add_import_command(CLI::App& app, int* exit_code) {
  auto* command = app.add_subcommand("import", "turn game logs from other programs into records");
  command->require_subcommand(1);
  auto flags = std::make_shared<ImportFlags>();
  auto* openspiel = command->add_subcommand(
      "openspiel", "import an OpenSpiel 'hearts' action log (one game per line)");
  openspiel->add_option("log", flags->log, "the action log (see docs/records.md)")->required();
  openspiel->add_option("--out", flags->out, "the records file to write")->required();
  openspiel->add_option("--params", flags->params,
                        "OpenSpiel game parameters, e.g. 'hearts(jd_bonus=true,pass_cards=false)'");
  openspiel->add_flag("--ignore-points", flags->ignore_points,
                      "do not require the engine's deal scores to equal a line's points=[...]");
  openspiel->add_flag("--json", flags->json, "machine-readable output");
  openspiel->callback([flags, exit_code] { *exit_code = run_import_openspiel(*flags); });
}

}  // namespace arena
