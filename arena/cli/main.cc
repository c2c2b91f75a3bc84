// The arena command line: parse, set up logging, dispatch to a subcommand (arena/commands.h).
#include <openssl/crypto.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "match/watchdog.h"
#include "players/grpc_log.h"

int main(int argc, char** argv) {
  // gRPC's thread pool still runs when main returns, doing TLS handshakes. OpenSSL's own exit
  // cleanup would free its state under those threads and delete the keys that free their
  // per-thread state, leaking it (LeakSanitizer saw this); the OS frees everything at exit.
  OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr);
  CLI::App app{"Black Lady Arena: play, rate and check Black Lady (Hearts) bots", "arena"};
  app.set_version_flag("--version", std::string("arena ") + HEARTS_ARENA_VERSION);
  app.require_subcommand(1);
  // Options of `arena` itself (--log-level) may also follow the subcommand's name.
  app.fallthrough();
  std::string log_level = "warn";
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error or off")
      ->capture_default_str()
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
  int exit_code = 0;
  arena::set_command_line(argc, argv);
  arena::add_rules_command(app, &exit_code);
  arena::add_play_command(app, &exit_code);
  arena::add_bots_command(app, &exit_code);
  arena::add_replay_command(app, &exit_code);
  arena::add_verify_command(app, &exit_code);
  arena::add_import_command(app, &exit_code);
  arena::add_serve_command(app, &exit_code);
  arena::add_tournament_command(app, &exit_code);
  arena::add_rate_command(app, &exit_code);
  arena::add_bench_command(app, &exit_code);
  arena::add_report_command(app, &exit_code);
  app.parse_complete_callback([&log_level] {
    // Logs go to stderr so that stdout stays clean for results and --json.
    spdlog::set_default_logger(spdlog::stderr_color_mt("arena"));
    spdlog::set_level(spdlog::level::from_str(log_level));
    arena::route_grpc_logs();
    arena::Watchdog::install_crash_report();
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // --help and --version print and exit 0; every other parse error is one line and status 2,
    // as every other error of the arena's.
    if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(error);
    std::string command = "arena";
    for (const CLI::App* sub : app.get_subcommands()) command += " " + sub->get_name();
    std::string message = error.what();
    std::replace(message.begin(), message.end(), '\n', ' ');
    std::cerr << "arena: " << message << " (see `" << command << " --help`)\n";
    return 2;
  }
  return exit_code;
}
