// `arena tournament`: a rated round-robin; every flag can also come from a JSON config file.
#include <google/protobuf/util/json_util.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "common/read_file.h"
#include "match/unavailable.h"
#include "players/bot_specs.h"
#include "players/bot_time_limit.h"
#include "players/shared_token.h"
#include "records/records_io.h"
#include "report/live_report.h"
#include "tournament.pb.h"
#include "tournament/schedule.h"
#include "tournament/tournament.h"

namespace arena {
namespace {

struct TournamentFlags {
  std::string config;
  hearts::proto::TournamentConfig values;  // flags override the config file
  std::string bots;
  std::string teams;
  std::string bot_time_limits;  // --bot-time-limits, as given
  std::string permutations = "cyclic";
  bool resume = false;
  bool json = false;
  bool quiet = false;
  CLI::App* command = nullptr;
  bool report = false;  // --report: keep OUT/report up to date
};

bool given(const TournamentFlags& flags, const std::string& name) {
  return flags.command->count(name) > 0;
}

// Reads the JSON config file into *config; false with *error (one line) on failure.
bool read_config(const std::string& path, hearts::proto::TournamentConfig* config,
                 std::string* error) {
  std::string text, why;
  if (!read_whole_file(path, &text, &why)) {
    *error = "config " + path + ": cannot be read (" + why + ")";
    return false;
  }
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(text, config, options);
  if (!status.ok()) {
    // Syntax errors come with a caret line under the text: keep the error to one line.
    const std::string message(status.message());
    *error = "config " + path + ": " + message.substr(0, message.find('\n')) +
             " (fields are those of proto/tournament.proto)";
    return false;
  }
  return true;
}

// The flags given on the command line override the config; then the defaults fill the gaps.
void apply_flags(const TournamentFlags& flags, hearts::proto::TournamentConfig* config) {
  const auto& v = flags.values;
  if (given(flags, "--bots")) {
    config->clear_bots();
    std::stringstream list(flags.bots);
    std::string spec;
    while (std::getline(list, spec, ',')) config->add_bots(spec);
  }
  if (given(flags, "--bot-time-limits")) {
    config->clear_bot_time_limits();
    // getline drops an empty last item ("100ms,"): split_bot_list keeps it.
    for (const std::string& limit : split_bot_list(flags.bot_time_limits)) {
      config->add_bot_time_limits(limit);
    }
  }
  if (given(flags, "--teams")) {
    config->clear_teams();
    std::stringstream list(flags.teams);
    std::string team;
    while (std::getline(list, team, ',')) config->add_teams(team);
  }
  if (given(flags, "--rules")) config->set_rules(v.rules());
  if (config->rules().empty()) config->set_rules("standard");
  if (given(flags, "--players")) config->set_players(v.players());
  if (given(flags, "--set")) *config->mutable_set() = v.set();
  if (given(flags, "--games")) config->set_games(v.games());
  if (config->games() == 0) config->set_games(1);
  if (given(flags, "--seed")) config->set_seed(v.seed());
  if (given(flags, "--concurrency")) config->set_concurrency(v.concurrency());
  if (config->concurrency() == 0) config->set_concurrency(1);
  if (given(flags, "--out")) config->set_out(v.out());
  if (given(flags, "--permutations")) config->set_permutations(flags.permutations);
  if (config->permutations().empty()) config->set_permutations("cyclic");
  if (given(flags, "--gauntlet")) config->set_gauntlet(v.gauntlet());
  if (given(flags, "--move-ms")) config->set_move_ms(v.move_ms());
  if (config->move_ms() == 0) config->set_move_ms(1000);
  if (given(flags, "--bank-ms")) config->set_bank_ms(v.bank_ms());
  if (given(flags, "--hang-ms")) config->set_hang_ms(v.hang_ms());
  if (given(flags, "--forfeit-after")) config->set_forfeit_after(v.forfeit_after());
  if (given(flags, "--on-unavailable")) config->set_on_unavailable(v.on_unavailable());
  if (config->on_unavailable().empty()) config->set_on_unavailable("stop");
  if (given(flags, "--reconnect-ms")) config->set_reconnect_ms(v.reconnect_ms());
  if (!config->has_reconnect_ms()) config->set_reconnect_ms(kDefaultReconnectWindowUs / 1000);
  if (given(flags, "--time-margin-ms")) config->set_time_margin_ms(v.time_margin_ms());
  if (!config->has_time_margin_ms()) config->set_time_margin_ms(kDefaultTimeMarginUs / 1000);
  if (given(flags, "--tls-ca")) config->set_tls_ca(v.tls_ca());
  if (given(flags, "--token-file")) config->set_token_file(v.token_file());
  if (given(flags, "--plugin-dir")) *config->mutable_plugin_dirs() = v.plugin_dirs();
  if (given(flags, "--isolate")) config->set_isolate(true);
  if (given(flags, "--bot-memory-mb")) config->set_bot_memory_mb(v.bot_memory_mb());
  if (given(flags, "--trust")) *config->mutable_trust() = v.trust();
  if (given(flags, "--sandbox")) config->set_sandbox(v.sandbox());
  if (config->sandbox().empty()) config->set_sandbox("on");
  if (given(flags, "--bot-cpu-seconds")) config->set_bot_cpu_seconds(v.bot_cpu_seconds());
  if (given(flags, "--bot-log-dir")) config->set_bot_log_dir(v.bot_log_dir());
  if (given(flags, "--shard")) config->set_shard(v.shard());
  if (given(flags, "--bootstrap")) config->set_bootstrap_samples(v.bootstrap_samples());
  if (!config->has_bootstrap_samples()) config->set_bootstrap_samples(1000);
}

// What is wrong with bot_time_limits (one line), or empty: one per bot, each a limit, and none
// for a bot whose spec gives its own.
std::string time_limits_problem(const hearts::proto::TournamentConfig& config) {
  const auto& limits = config.bot_time_limits();
  if (limits.empty()) return "";
  if (limits.size() != config.bots().size()) {
    return "bot_time_limits (--bot-time-limits) has " + std::to_string(limits.size()) +
           " entries for " + std::to_string(config.bots().size()) +
           " bots: give one per bot, empty for move_ms";
  }
  for (int b = 0; b < limits.size(); ++b) {
    TimedSpec timed;
    std::string error;
    if (limits[b].empty()) continue;
    if (parse_timed_spec(config.bots(b), &timed, &error) && timed.move_time_us > 0) {
      return "bot_time_limits (--bot-time-limits): bot '" + config.bots(b) +
             "' has its own limit already; give it once";
    }
    if (!parse_timed_spec(config.bots(b) + "@" + limits[b], &timed, &error)) {
      return "bot_time_limits (--bot-time-limits): " + error;
    }
  }
  return "";
}

// The bot specs with bot_time_limits applied ("montecarlo" and "10ms" -> "montecarlo@10ms").
std::vector<std::string> timed_specs(const hearts::proto::TournamentConfig& config) {
  std::vector<std::string> specs(config.bots().begin(), config.bots().end());
  for (int b = 0; b < config.bot_time_limits().size(); ++b) {
    if (!config.bot_time_limits(b).empty()) specs[b] += "@" + config.bot_time_limits(b);
  }
  return specs;
}

// What is wrong with the merged settings (one line), or empty.
std::string config_problem(const hearts::proto::TournamentConfig& config) {
  // Config fields and flags are one setting each: the message names both spellings.
  if (const std::string bad = first_out_of_range({
          {"games (--games)", config.games(), 1},
          {"concurrency (--concurrency)", config.concurrency(), 1},
          {"move_ms (--move-ms)", config.move_ms(), 1},
          {"bank_ms (--bank-ms)", config.bank_ms(), 0},
          {"hang_ms (--hang-ms)", config.hang_ms(), 0},
          {"forfeit_after (--forfeit-after)", config.forfeit_after(), 0},
          {"reconnect_ms (--reconnect-ms)", config.reconnect_ms(), 0},
          {"time_margin_ms (--time-margin-ms)", config.time_margin_ms(), 0},
          {"bot_memory_mb (--bot-memory-mb)", config.bot_memory_mb(), 0},
          {"bot_cpu_seconds (--bot-cpu-seconds)", config.bot_cpu_seconds(), 0},
          {"bootstrap_samples (--bootstrap)", config.bootstrap_samples(), 0},
      });
      !bad.empty()) {
    return bad;
  }
  if (config.sandbox() != "on" && config.sandbox() != "off") {
    return "sandbox (--sandbox) must be on or off, not '" + config.sandbox() + "'";
  }
  for (const std::string& bot : config.bots()) {
    // `"bots": "a,b"` parses as one entry: JSON wants a list, the command line a comma list.
    if (bot.find(',') != std::string::npos) {
      return "bots: '" + bot + "' is several specs in one string; in a config file give a " +
             "list such as [\"random\", \"ducker\"]";
    }
  }
  if (std::string bad = time_limits_problem(config); !bad.empty()) return bad;
  if (config.permutations() != "cyclic" && config.permutations() != "all") {
    return "--permutations must be cyclic or all, not '" + config.permutations() + "'";
  }
  if (UnavailablePolicy policy; !parse_unavailable_policy(config.on_unavailable(), &policy)) {
    return "on_unavailable (--on-unavailable) must be stop or forfeit, not '" +
           config.on_unavailable() + "'";
  }
  return "";
}

// The tournament the checked settings describe; false with *error if the rules or shard are bad.
// With no --seed, a bot author must not be able to guess the deals: the series seed is drawn at
// random and recorded in the records header, and a resume takes it from there.
bool choose_series_seed(TournamentSetup& setup, uint64_t* seed, std::string* error) {
  if (setup.shard_count > 1) {
    *error =
        "--shard needs --seed: every shard must play the same schedule (choose a random "
        "64-bit number and keep it secret until the event ends)";
    return false;
  }
  const std::string path = records_path(setup);
  if (std::filesystem::exists(path)) {
    RecordsFile existing;
    if (!read_records(path, &existing, error)) return false;
    *seed = existing.header.series_seed();
    setup.seed_note = "no --seed given: resuming with the series seed recorded in " + path;
    return true;
  }
  std::random_device entropy;
  *seed = (static_cast<uint64_t>(entropy()) << 32) ^ entropy();
  setup.seed_note = "no --seed given: drew the series seed " + std::to_string(*seed) +
                    " at random (recorded in " + path + "; keep it secret until the event ends)";
  return true;
}

bool make_setup(const hearts::proto::TournamentConfig& config, const TournamentFlags& flags,
                TournamentSetup* setup, std::string* error) {
  setup->preset = config.rules();
  RulesFlags rules_flags;
  rules_flags.preset = config.rules();
  rules_flags.players = config.players();
  rules_flags.settings.assign(config.set().begin(), config.set().end());
  if (hearts::Status status = rules_flags.resolve(&setup->rules); !status.ok()) {
    *error = status.message();
    return false;
  }
  setup->specs = timed_specs(config);
  setup->teams.assign(config.teams().begin(), config.teams().end());
  setup->groups = config.games();
  setup->concurrency = config.concurrency();
  setup->out_dir = config.out();
  setup->all_permutations = config.permutations() == "all";
  setup->gauntlet = config.gauntlet();
  setup->referee.move_time_us = config.move_ms() * 1000;
  setup->referee.game_bank_us = config.bank_ms() * 1000;
  setup->referee.forfeit_after = config.forfeit_after();
  setup->referee.reconnect_window_us = config.reconnect_ms() * 1000;
  // One margin for every seat: the referee's, and the deadline of isolated and remote calls.
  setup->referee.time_margin_us = config.time_margin_ms() * 1000;
  setup->spec_options.remote.network_margin_us = setup->referee.time_margin_us;
  parse_unavailable_policy(config.on_unavailable(), &setup->on_unavailable);  // checked already
  setup->hang_ms = config.hang_ms();
  setup->plugin_dirs.assign(config.plugin_dirs().begin(), config.plugin_dirs().end());
  setup->spec_options.isolate_all = config.isolate();
  setup->spec_options.trust.isolate_untrusted = true;
  setup->spec_options.trust.trusted.assign(config.trust().begin(), config.trust().end());
  setup->spec_options.sandbox.enabled = config.sandbox() == "on";
  setup->spec_options.sandbox.cpu_seconds = config.bot_cpu_seconds();
  // As for `arena play`: 1024 MB unless the config or --bot-memory-mb says otherwise (0 = none).
  setup->spec_options.memory_limit_mb = config.has_bot_memory_mb() ? config.bot_memory_mb() : 1024;
  // As `arena play --bot-log-dir`; without it the logs stay with the tournament's records.
  if (!config.bot_log_dir().empty()) {
    setup->spec_options.log_dir = config.bot_log_dir();
  } else {
    setup->spec_options.log_dir = config.out().empty() ? "." : config.out() + "/bot-logs";
  }
  setup->spec_options.remote.tls_ca_file = config.tls_ca();
  if (!config.token_file().empty() &&
      !read_token_file(config.token_file(), &setup->spec_options.remote.token, error)) {
    return false;
  }
  if (!config.shard().empty()) {
    if (!parse_shard(config.shard(), &setup->shard_index, &setup->shard_count, error)) {
      return false;
    }
  }
  if (config.has_seed()) {
    setup->seed = config.seed();
  } else if (!choose_series_seed(*setup, &setup->seed, error)) {
    return false;
  }
  setup->bootstrap_samples = config.bootstrap_samples();
  setup->json = flags.json;
  setup->quiet = flags.quiet;
  setup->command = command_line();
  return true;
}

int run(TournamentFlags& flags) {
  hearts::proto::TournamentConfig config;
  std::string error;
  if (!flags.config.empty() && !read_config(flags.config, &config, &error)) return fail(error);
  apply_flags(flags, &config);
  if (const std::string bad = config_problem(config); !bad.empty()) return fail(bad);
  TournamentSetup setup;
  if (!make_setup(config, flags, &setup, &error)) return fail(error);
  if (!flags.report) return run_tournament(setup);
  // The report follows the games as they are written, and shows results.json at the end.
  const std::string dir = (std::filesystem::path(setup.out_dir) / "report").string();
  LiveReport report(dir);
  setup.observer = &report;
  const int code = run_tournament(setup);
  ReportOptions options;
  options.bootstrap_samples = setup.bootstrap_samples;
  options.threads = setup.concurrency;
  options.results_path = results_path(setup);
  if (!report.finish(options, &error)) return code != 0 ? code : fail(error);
  std::cerr << "report: " << (std::filesystem::path(dir) / "index.html").string() << '\n';
  return code;
}

// The time limits and the bots' plugins and processes.
void add_limit_options(CLI::App* t, hearts::proto::TournamentConfig& v) {
  t->add_option_function<int64_t>(
      "--move-ms", [&v](int64_t x) { v.set_move_ms(x); }, "time limit per decision (default 1000)");
  t->add_option_function<int64_t>(
      "--bank-ms", [&v](int64_t x) { v.set_bank_ms(x); },
      "total thinking time per bot per game (0 = none)");
  t->add_option_function<int64_t>(
      "--hang-ms", [&v](int64_t x) { v.set_hang_ms(x); },
      "stop when a bot has not returned after this long");
  t->add_option_function<int>(
      "--forfeit-after", [&v](int x) { v.set_forfeit_after(x); },
      "a bot forfeits a game at its N-th violation (0 = never)");
  t->add_option_function<int64_t>(
      "--reconnect-ms", [&v](int64_t x) { v.set_reconnect_ms(x); },
      "how long a bot's calls may keep failing as unavailable (a remote bot unreachable, an "
      "isolated child crashing or not starting) before the bot is unavailable (default 5000)");
  t->add_option_function<int64_t>(
      "--time-margin-ms", [&v](int64_t x) { v.set_time_margin_ms(x); },
      "how far past its limit any bot's answer may come before it is a TIMEOUT, the same for "
      "every seat; an answer within it is accepted and counted as late (default 50)");
  t->add_option_function<std::string>(
      "--on-unavailable", [&v](const std::string& x) { v.set_on_unavailable(x); },
      "stop (default): the run stops, exit status 4, and the same command resumes it; forfeit: "
      "the bot forfeits that game and each of its later games, and the run goes on");
  t->add_option_function<std::string>(
      "--tls-ca", [&v](const std::string& x) { v.set_tls_ca(x); },
      "trust this PEM CA for grpcs:// bots (default: the system's roots)");
  t->add_option_function<std::string>(
      "--token-file", [&v](const std::string& x) { v.set_token_file(x); },
      "send the token in this file (one line) to every remote bot, on every call");
  t->add_option_function<std::vector<std::string>>(
      "--plugin-dir",
      [&v](const std::vector<std::string>& x) {
        v.clear_plugin_dirs();
        for (const auto& d : x) v.add_plugin_dirs(d);
      },
      "look for plugins here first (repeatable)");
  t->add_flag_function(
      "--isolate", [&v](int64_t) { v.set_isolate(true); },
      "run every plugin in its own child process");
  t->add_option_function<std::vector<std::string>>(
      "--trust",
      [&v](const std::vector<std::string>& x) {
        v.clear_trust();
        for (const auto& name : x) v.add_trust(name);
      },
      "run this plugin (a name or file) in the arena's own process although it is not bundled, "
      "as trusted:SPEC does (repeatable)");
  t->add_option_function<std::string>(
      "--sandbox", [&v](const std::string& x) { v.set_sandbox(x); },
      "on (default) or off: isolated bots without the sandbox, for debugging (docs/sandbox.md)");
  t->add_option_function<int64_t>(
      "--bot-cpu-seconds", [&v](int64_t x) { v.set_bot_cpu_seconds(x); },
      "CPU-time limit of each sandboxed bot process, over its life (default 0 = none)");
  t->add_option_function<int64_t>(
      "--bot-memory-mb", [&v](int64_t x) { v.set_bot_memory_mb(x); },
      "address-space limit of each isolated bot process (default 1024; 0 = none)");
  t->add_option_function<std::string>(
      "--bot-log-dir", [&v](const std::string& x) { v.set_bot_log_dir(x); },
      "where isolated bots' stdout/stderr logs go (default: OUT/bot-logs)");
}

}  // namespace

void add_tournament_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<TournamentFlags>();
  auto* t = app.add_subcommand("tournament",
                               "a rated round-robin between bots, with duplicate "
                               "deals; resumes where it stopped");
  flags->command = t;
  auto& v = flags->values;
  t->add_option("--config", flags->config, "JSON config (fields of proto/tournament.proto)");
  t->add_option("--bots", flags->bots,
                "comma-separated bot specs (as for arena play; SPEC@100ms: its own time limit)");
  t->add_option("--bot-time-limits", flags->bot_time_limits,
                "time odds: comma-separated per-decision limits, one per --bots entry (100ms, "
                "2s, 250us; empty: --move-ms), as SPEC@100ms in --bots");
  t->add_option("--teams", flags->teams,
                "partnership rules: comma-separated teams of two bot specs, like a+b,c+c "
                "(default: each of --bots with a copy of itself)");
  t->add_option_function<std::string>(
      "--rules", [&v](const std::string& x) { v.set_rules(x); }, "rules preset (default standard)");
  t->add_option_function<int>(
      "--players", [&v](int x) { v.set_players(x); }, "table size (default: the preset's)");
  t->add_option_function<std::vector<std::string>>(
      "--set",
      [&v](const std::vector<std::string>& x) {
        v.clear_set();
        for (const auto& s : x) v.add_set(s);
      },
      "override a rule option, NAME=VALUE (repeatable)");
  t->add_option_function<int>(
      "--games", [&v](int x) { v.set_games(x); }, "duplicate groups per table (default 1)");
  t->add_option_function<uint64_t>(
       "--seed", [&v](uint64_t x) { v.set_seed(x); },
       "series seed: every deal follows from it (default: drawn at random, printed and recorded; "
       "keep it secret until the event ends)")
      ->check(seed_validator());
  t->add_option_function<int>(
      "--concurrency", [&v](int x) { v.set_concurrency(x); },
      "games played at once, one thread each (default 1); results do not depend on it");
  t->add_option_function<std::string>(
      "--out", [&v](const std::string& x) { v.set_out(x); },
      "output directory: records and results.json");
  t->add_option("--permutations", flags->permutations,
                "seatings per duplicate group: cyclic (n rotations) or all (n! orders)");
  t->add_option_function<std::string>(
      "--gauntlet", [&v](const std::string& x) { v.set_gauntlet(x); },
      "play only the tables of this bot (one of --bots)");
  add_limit_options(t, v);
  t->add_option_function<std::string>(
      "--shard", [&v](const std::string& x) { v.set_shard(x); },
      "play slice I of N of the schedule (I/N)");
  t->add_option_function<int>(
      "--bootstrap", [&v](int x) { v.set_bootstrap_samples(x); },
      "bootstrap resamples for the intervals (default 1000; 0 = no intervals)");
  t->add_flag("--resume", flags->resume,
              "continue the tournament in --out (also automatic when its records exist)");
  t->add_flag("--report", flags->report,
              "keep an HTML report in OUT/report, updated every few seconds as games finish "
              "(see arena report)");
  t->add_flag("--json", flags->json, "print results.json instead of the leaderboard");
  t->add_flag("--quiet", flags->quiet, "no progress lines");
  t->callback([flags, exit_code] { *exit_code = run(*flags); });
}

}  // namespace arena
