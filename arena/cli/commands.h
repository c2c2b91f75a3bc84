// The arena's subcommands. Each add_* registers its flags on the app and sets *exit_code when
// it runs; main.cc only parses and dispatches.
#pragma once

#include <CLI/CLI.hpp>

namespace arena {

void add_rules_command(CLI::App& app, int* exit_code);
void add_play_command(CLI::App& app, int* exit_code);
void add_bots_command(CLI::App& app, int* exit_code);
void add_replay_command(CLI::App& app, int* exit_code);
void add_verify_command(CLI::App& app, int* exit_code);
void add_import_command(CLI::App& app, int* exit_code);
void add_serve_command(CLI::App& app, int* exit_code);
void add_tournament_command(CLI::App& app, int* exit_code);
void add_rate_command(CLI::App& app, int* exit_code);
void add_bench_command(CLI::App& app, int* exit_code);
void add_report_command(CLI::App& app, int* exit_code);

}  // namespace arena
