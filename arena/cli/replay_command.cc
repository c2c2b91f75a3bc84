// `arena replay FILE [--game K] [--json]`: a recorded series, trick by trick, or the records
// themselves through protobuf's JSON mapping.
#include <google/protobuf/util/json_util.h>
#include <limits>

#include <iostream>
#include <memory>
#include <optional>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "common/rules_spec.h"
#include "records/records_io.h"
#include "records/replay_text.h"

namespace arena {
namespace {

using hearts::proto::GameRecord;

struct ReplayFlags {
  std::string file;
  int game = 0;  // 1-based game number (game_index + 1); 0 = every game
  bool json = false;
};

std::string json_of(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  std::string text;
  (void)google::protobuf::util::MessageToJsonString(message, &text, options);
  return text;
}

int run_replay(const ReplayFlags& flags) {
  RecordsFile file;
  std::string error;
  if (!read_records(flags.file, &file, &error)) return fail(error);
  if (!file.torn.empty()) std::cerr << "arena: warning: " << file.torn << '\n';
  std::vector<const GameRecord*> games;
  for (const GameRecord& game : file.games) {
    if (flags.game == 0 ||
        static_cast<uint64_t>(game.game_index()) + 1 == static_cast<uint64_t>(flags.game)) {
      games.push_back(&game);
    }
  }
  if (flags.game != 0 && games.empty()) {
    return fail("records file " + flags.file + " has no game " + std::to_string(flags.game) +
                " (it holds " + std::to_string(file.games.size()) + " games)");
  }

  if (flags.json) {
    std::cout << "{\n\"header\": " << json_of(file.header) << ",\n\"games\": [";
    for (size_t g = 0; g < games.size(); ++g) {
      std::cout << (g ? ",\n" : "\n") << json_of(*games[g]);
    }
    std::cout << "\n]\n}\n";
    return 0;
  }

  hearts::Rules rules;
  if (hearts::Status status = from_rules_spec(file.header.rules(), &rules); !status.ok()) {
    return fail("records file " + flags.file + ": the rules in the header: " + status.message());
  }
  const std::optional<hearts::CompiledRules> compiled = hearts::compile(rules, &error);
  if (!compiled) return fail("records file " + flags.file + ": the rules in the header: " + error);
  print_records_summary(std::cout, flags.file, file, rules);
  for (const GameRecord* game : games) print_replay_game(std::cout, file.header, *compiled, *game);
  return 0;
}

}  // namespace

void add_replay_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<ReplayFlags>();
  auto* command =
      app.add_subcommand("replay", "show recorded games trick by trick (or as JSON with --json)");
  command->add_option("file", flags->file, "a records file")->required();
  command
      ->add_option("--game", flags->game,
                   "only game K (numbered from 1, as `arena play` prints them)")
      ->check(CLI::Range(1, std::numeric_limits<int>::max()));
  command->add_flag("--json", flags->json,
                    "print the records through protobuf's JSON mapping: "
                    "{\"header\": ..., \"games\": [...]}");
  command->callback([flags, exit_code] { *exit_code = run_replay(*flags); });
}

}  // namespace arena
