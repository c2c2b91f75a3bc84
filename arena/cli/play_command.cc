// `arena play`: a series of games between given bots, refereed and optionally recorded.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "common/interrupt_notice.h"
#include "common/progress.h"
#include "common/rules_spec.h"
#include "match/referee.h"
#include "match/seating.h"
#include "match/unavailable.h"
#include "players/bot_specs.h"
#include "players/bot_time_limit.h"
#include "players/plugin_loader.h"
#include "players/shared_token.h"
#include "players/timed_source.h"
#include "records/records_io.h"
#include "report/live_report.h"
#include "tournament/results.h"

namespace arena {
namespace {

struct PlayFlags {
  RulesFlags rules;
  std::string bots;
  int games = 10;
  uint64_t seed = 1;
  int64_t move_ms = 1000;
  int64_t bank_ms = 0;
  int64_t hang_ms = 0;
  int forfeit_after = 0;
  std::string out;
  std::vector<std::string> plugin_dirs;
  bool isolate = false;
  std::vector<std::string> trust;
  std::string sandbox = "on";
  int64_t bot_cpu_seconds = 0;
  int64_t bot_memory_mb = 1024;
  std::string bot_log_dir;
  int64_t connect_ms = 5000;
  int64_t time_margin_ms = kDefaultTimeMarginUs / 1000;
  int64_t reconnect_ms = kDefaultReconnectWindowUs / 1000;
  std::string tls_ca;
  std::string token_file;
  std::string on_unavailable = "stop";
  bool json = false;
  bool quiet = false;
  std::string report;  // --report DIR, or empty
};

struct SeatTotals {
  double wins = 0;  // ties split the win
  long long result_sum = 0;
  long long deal_points = 0;
  long long violations = 0;
  long long decisions = 0;
  long long fallbacks = 0;  // decisions the referee's fallback made
  int64_t think_us = 0;
  int64_t max_think_us = 0;
  int64_t host_pause_us = 0;   // host pauses the referee did not charge (match/host_pause.h)
  long long late_answers = 0;  // past the limit, within the time margin (not violations)
  int forfeits = 0;
};

using BotSources = std::vector<std::shared_ptr<PlayerSource>>;

// The rules, one bot spec per seat, and every numeric flag in range.
bool resolve_rules_and_limits(const PlayFlags& flags, hearts::Rules* rules,
                              std::vector<std::string>* specs, std::string* error) {
  UnavailablePolicy policy;
  *specs = split_bot_list(flags.bots);
  RulesFlags rules_flags = flags.rules;
  // The table takes its size from the bots unless --players says otherwise.
  if (!flags.bots.empty() && rules_flags.players == 0) {
    rules_flags.players = static_cast<int>(specs->size());
  }
  if (hearts::Status status = rules_flags.resolve(rules); !status.ok()) {
    *error = status.message();
    return false;
  }
  const int n = rules->num_players;
  if (flags.bots.empty()) specs->assign(n, "random");
  if (static_cast<int>(specs->size()) != n) {
    *error = "--bots names " + std::to_string(specs->size()) + " bots for a table of " +
             std::to_string(n) + " players";
    return false;
  }
  *error = first_out_of_range({{"--games", flags.games, 1},
                               {"--move-ms", flags.move_ms, 1},
                               {"--bank-ms", flags.bank_ms, 0},
                               {"--hang-ms", flags.hang_ms, 0},
                               {"--forfeit-after", flags.forfeit_after, 0},
                               {"--bot-memory-mb", flags.bot_memory_mb, 0},
                               {"--bot-cpu-seconds", flags.bot_cpu_seconds, 0},
                               {"--connect-ms", flags.connect_ms, 1},
                               {"--time-margin-ms", flags.time_margin_ms, 0},
                               {"--reconnect-ms", flags.reconnect_ms, 0}});
  if (error->empty() && !parse_unavailable_policy(flags.on_unavailable, &policy)) {
    *error = "--on-unavailable must be stop or forfeit, not '" + flags.on_unavailable + "'";
  }
  return error->empty();
}

// Every spec is resolved and checked before any game starts.
bool load_bots(const PlayFlags& flags, const std::vector<std::string>& specs, BotSources* sources,
               std::string* error) {
  const auto search_path = plugin_search_path(flags.plugin_dirs);
  SpecOptions spec_options;
  spec_options.isolate_all = flags.isolate;
  spec_options.memory_limit_mb = flags.bot_memory_mb;
  spec_options.trust = {true, flags.trust};
  spec_options.sandbox.enabled = flags.sandbox == "on";
  spec_options.sandbox.cpu_seconds = flags.bot_cpu_seconds;
  spec_options.log_dir = flags.bot_log_dir.empty()
                             ? (std::filesystem::temp_directory_path() / "hearts-bot-logs").string()
                             : flags.bot_log_dir;
  spec_options.remote.connect_timeout_us = flags.connect_ms * 1000;
  spec_options.remote.network_margin_us = flags.time_margin_ms * 1000;  // the same for every seat
  spec_options.remote.tls_ca_file = flags.tls_ca;
  if (!flags.token_file.empty() &&
      !read_token_file(flags.token_file, &spec_options.remote.token, error)) {
    return false;
  }
  for (const std::string& spec : specs) {
    std::string spec_error;
    auto source = resolve_bot_spec(spec, search_path, &spec_error, spec_options);
    if (!source) {
      *error = std::move(spec_error);
      return false;
    }
    sources->push_back(std::move(source));
  }
  std::vector<BotIdentity> bots;
  for (const auto& source : *sources) bots.push_back(source->identity());
  for (const std::string& line : trust_notices(spec_options.trust, bots)) {
    std::cerr << "arena: " << line << '\n';
  }
  return true;
}

// The records header of this series (written to --out, shown by --report).
hearts::proto::RecordsHeader records_header(const PlayFlags& flags, const hearts::Rules& rules,
                                            const BotSources& sources) {
  hearts::proto::RecordsHeader header;
  header.set_arena_version(HEARTS_ARENA_VERSION);
  header.set_command(command_line());
  *header.mutable_rules() = to_rules_spec(flags.rules.preset, rules);
  header.set_series_seed(flags.seed);
  header.set_move_time_limit_us(flags.move_ms * 1000);
  header.set_game_time_bank_us(flags.bank_ms * 1000);
  for (const auto& source : sources) add_bot(source->identity(), &header);  // after the limits
  header.set_forfeit_after(flags.forfeit_after);
  header.set_on_unavailable(flags.on_unavailable == "forfeit"
                                ? hearts::proto::RecordsHeader::FORFEIT
                                : hearts::proto::RecordsHeader::STOP);
  header.set_reconnect_window_us(flags.reconnect_ms * 1000);
  header.set_time_margin_us(flags.time_margin_ms * 1000);
  return header;
}

// The --out records file with its header written; null with *error if it cannot be created.
std::unique_ptr<RecordsWriter> open_records(const PlayFlags& flags, const hearts::Rules& rules,
                                            const BotSources& sources, std::string* error) {
  return RecordsWriter::create(flags.out, records_header(flags, rules, sources), error);
}

RefereeOptions referee_options(const PlayFlags& flags) {
  RefereeOptions options;
  options.move_time_us = flags.move_ms * 1000;
  options.game_bank_us = flags.bank_ms * 1000;
  options.forfeit_after = flags.forfeit_after;
  options.reconnect_window_us = flags.reconnect_ms * 1000;
  options.time_margin_us = flags.time_margin_ms * 1000;
  return options;
}

// --hang-ms, or by default 10 x the longest limit (--move-ms or a bot's own) and at least 10 s.
int64_t hang_limit_ms(const PlayFlags& flags, const BotSources& sources) {
  const int64_t longest_ms = largest_move_time_us(flags.move_ms * 1000, sources) / 1000;
  return flags.hang_ms > 0 ? flags.hang_ms : std::max<int64_t>(10000, 10 * longest_ms);
}

// What every step of a series reads.
struct Series {
  const PlayFlags& flags;
  const BotSources& sources;  // one per seat
  int n;                      // players at the table
  bool by_counters;           // results are counters (not scores)
};

// The series so far: per-seat totals and, with --json, one entry per game.
struct SeriesTally {
  explicit SeriesTally(int n) : seats(n) {}
  std::vector<SeatTotals> seats;
  long long total_deals = 0;
  Json games = Json::array();
};

// One game's results as its line of text and its JSON entry show them.
struct GameResults {
  Json results = Json::array();
  Json ranks = Json::array();
  std::ostringstream result_text;
  std::string winner_text;
  std::string forfeit_text;
};

// How results name the seat's bot: with its own time limit, if it has one ("montecarlo@10ms").
std::string seat_label(const Series& series, int seat) {
  const BotIdentity& who = series.sources[seat]->identity();
  return name_with_limit(who.name, who.move_time_limit_us);
}

// Adds each seat's outcome to its totals and to `game`.
void tally_seats(const Series& series, const GameOutcome& outcome, std::vector<SeatTotals>* totals,
                 GameResults* game) {
  int winners = 0;
  for (const SeatOutcome& seat : outcome.seats) winners += seat.rank == 1;
  for (int s = 0; s < series.n; ++s) {
    const SeatOutcome& seat = outcome.seats[s];
    const int result = series.by_counters ? seat.counters : seat.score;
    game->results.emplace_back(result);
    game->ranks.emplace_back(seat.rank);
    game->result_text << std::setw(5) << result;
    SeatTotals& t = (*totals)[s];
    t.result_sum += result;
    t.deal_points += seat.deal_points;
    t.violations += seat.violations;
    t.decisions += seat.decisions;
    t.fallbacks += seat.fallbacks;
    t.think_us += seat.think_us;
    t.max_think_us = std::max(t.max_think_us, seat.max_think_us);
    t.host_pause_us += seat.host_pause_us;
    t.late_answers += seat.late_answers;
    t.forfeits += seat.forfeited;
    if (seat.forfeited) {
      game->forfeit_text += (game->forfeit_text.empty() ? "" : ", ") + std::to_string(s) + " " +
                            seat_label(series, s);
    }
    if (seat.rank == 1) {
      t.wins += 1.0 / winners;
      game->winner_text +=
          (game->winner_text.empty() ? "" : ", ") + std::to_string(s) + " " + seat_label(series, s);
    }
  }
}

// Adds game g to the tally, then shows it: a JSON entry with --json, else a line unless --quiet.
void add_game(const Series& series, int g, uint64_t game_seed, const GameOutcome& outcome,
              SeriesTally* tally) {
  const PlayFlags& flags = series.flags;
  const bool by_counters = series.by_counters;
  tally->total_deals += outcome.deals;
  GameResults game;
  tally_seats(series, outcome, &tally->seats, &game);
  if (flags.json) {
    Json& entry = tally->games.emplace_back(Json::object());
    entry["game"] = g + 1;
    entry["seed"] = std::to_string(game_seed);
    entry["deals"] = outcome.deals;
    entry[by_counters ? "counters" : "scores"] = std::move(game.results);
    entry["ranks"] = std::move(game.ranks);
  } else if (!flags.quiet) {
    std::cout << "game " << std::setw(4) << g + 1 << "  deals " << std::setw(3) << outcome.deals
              << (by_counters ? "  counters" : "  scores") << game.result_text.str() << "  winner "
              << game.winner_text
              << (game.forfeit_text.empty() ? "" : "  forfeited " + game.forfeit_text) << '\n';
  }
}

// Game g found the bot in `seat` unavailable. Under --on-unavailable stop: one line saying what
// the user can do (`play` has no resume), and true: the run stops without recording game g.
// Under forfeit: a line the first time the bot is found so, and false: the run goes on.
bool stop_for_unavailable(const Series& series, int g, int seat, const RecordsWriter* writer,
                          std::vector<std::string>* announced) {
  const BotIdentity& bot = series.sources[seat]->identity();
  const std::string what = "bot '" + bot.name + "' (" + bot.spec +
                           ") did not answer for longer than the reconnect window (" +
                           std::to_string(series.flags.reconnect_ms) + " ms) in game " +
                           std::to_string(g + 1);
  if (series.flags.on_unavailable == "forfeit") {
    if (std::find(announced->begin(), announced->end(), bot.spec) != announced->end()) {
      return false;
    }
    announced->push_back(bot.spec);
    // Over a progress line on a terminal; a file or pipe gets the plain line.
    if (::isatty(STDERR_FILENO)) std::cerr << "\r" << std::string(80, ' ') << "\r";
    std::cerr << "arena: " << what
              << ": it forfeits that game and each of its later games (--on-unavailable forfeit)"
              << std::endl;
    return false;
  }
  const std::string kept = writer
                               ? ": " + writer->path() + " holds " + count_of(g, "finished game") +
                                     ", game " + std::to_string(g + 1) + " is not recorded"
                               : " after " + count_of(g, "finished game");
  fail(what + "; the run stops" + kept +
       ". `arena play` does not resume: bring the bot back and run the command again (the same "
       "--seed plays the same games), or add --on-unavailable forfeit to go on without it");
  return true;
}

// Plays --games games, appending each to `writer` (if any) and to the tally. Returns 0, or
// fail()'s exit code (reported while the game's players still exist, as they were before), or
// kExitBotUnavailable.
int play_series(const Series& series, const hearts::CompiledRules& compiled, RecordsWriter* writer,
                LiveReport* report, Referee* referee, Progress* progress, SeriesTally* tally) {
  const PlayFlags& flags = series.flags;
  std::vector<PlayerSource*> seat_sources;
  for (const auto& source : series.sources) seat_sources.push_back(source.get());
  hearts::proto::GameRecord record;
  std::vector<std::string> announced;  // bots named unavailable (under forfeit)
  for (int g = 0; g < flags.games; ++g) {
    const uint64_t game_seed = hearts::derive_seed(flags.seed, static_cast<uint64_t>(g));
    SeatedPlayers players;
    if (std::string error; !seat_players(seat_sources, compiled, game_seed, &players, &error)) {
      return fail(error);
    }
    const GameOutcome outcome = referee->play_game(
        game_seed, static_cast<uint32_t>(g), players.seats, writer || report ? &record : nullptr);
    if (outcome.unavailable_seat >= 0 &&
        stop_for_unavailable(series, g, outcome.unavailable_seat, writer, &announced)) {
      progress->finish();
      return kExitBotUnavailable;
    }
    if (writer || report) {
      for (int s = 0; s < series.n; ++s) record.add_seat_bots(s);
      std::string error;
      if (writer && !writer->append(record, &error)) return fail(error);
      if (report) report->add_game(record);
    }
    add_game(series, g, game_seed, outcome, tally);
    progress->update(g + 1);
  }
  return 0;
}

void print_json_summary(const Series& series, SeriesTally* tally) {
  const PlayFlags& flags = series.flags;
  Json out = Json::object();
  out["rules"] = flags.rules.preset;
  out["seed"] = std::to_string(flags.seed);
  out["games"] = std::move(tally->games);
  out["total_deals"] = tally->total_deals;
  Json& seat_list = out["seats"] = Json::array();
  for (int s = 0; s < series.n; ++s) {
    const SeatTotals& t = tally->seats[s];
    Json& entry = seat_list.emplace_back(Json::object());
    entry["seat"] = s;
    const BotIdentity& who = series.sources[s]->identity();
    entry["bot"] = seat_label(series, s);
    entry["spec"] = who.spec;
    entry["runs_as"] = who.runs_as;
    if (who.move_time_limit_us > 0) entry["move_time_limit_ms"] = who.move_time_limit_us / 1000.0;
    entry["wins"] = t.wins;
    entry[series.by_counters ? "mean_counters" : "mean_score"] =
        static_cast<double>(t.result_sum) / flags.games;
    entry["mean_points_per_deal"] =
        static_cast<double>(t.deal_points) / static_cast<double>(tally->total_deals);
    entry["violations"] = t.violations;
    entry["fallback_decisions"] = t.fallbacks;
    entry["forfeits"] = t.forfeits;
    entry["mean_think_us"] =
        t.decisions ? static_cast<double>(t.think_us) / static_cast<double>(t.decisions) : 0.0;
    if (t.host_pause_us > 0) entry["host_pause_ms"] = static_cast<double>(t.host_pause_us) / 1000.0;
    if (t.late_answers > 0) entry["late_answers"] = t.late_answers;
  }
  print_json(out);
}

// One row of the summary table.
void print_seat_row(const Series& series, int s, const SeatTotals& t, long long total_deals) {
  const double mean_think_ms =
      t.decisions ? static_cast<double>(t.think_us) / static_cast<double>(t.decisions) / 1000.0
                  : 0.0;
  const BotIdentity& who = series.sources[s]->identity();
  std::cout << std::setw(4) << s << "  " << std::left << std::setw(16) << seat_label(series, s)
            << ' ' << std::setw(9) << who.runs_as << std::right << std::fixed
            << std::setprecision(1) << std::setw(6) << t.wins << std::setw(15)
            << std::setprecision(2) << static_cast<double>(t.result_sum) / series.flags.games
            << std::setw(13);
  if (total_deals > 0) {
    std::cout << static_cast<double>(t.deal_points) / static_cast<double>(total_deals);
  } else {
    std::cout << "-";  // every game forfeited before a deal ended
  }
  std::cout << std::setw(12) << t.violations << std::setw(11) << t.fallbacks << std::setw(11)
            << std::setprecision(3) << mean_think_ms << " / " << std::setprecision(3)
            << static_cast<double>(t.max_think_us) / 1000.0 << '\n';
}

void print_text_summary(const Series& series, const SeriesTally& tally,
                        const RecordsWriter* writer) {
  const PlayFlags& flags = series.flags;
  std::cout << "\n"
            << count_of(flags.games, "game") << ", " << count_of(tally.total_deals, "deal")
            << " of " << flags.rules.preset
            << (writer ? ", records in " + writer->path() : std::string()) << "\n"
            << "seat  bot              runs as     wins  "
            << (series.by_counters ? "mean counters" : "  mean score")
            << "  points/deal  violations  fallbacks  think ms (mean/max)\n";
  for (int s = 0; s < series.n; ++s) print_seat_row(series, s, tally.seats[s], tally.total_deals);
  long long violations = 0, forfeits = 0;
  std::vector<std::pair<std::string, int64_t>> host_pauses;  // think times above are charged time
  std::vector<std::pair<std::string, int64_t>> late_answers;
  for (int s = 0; s < series.n; ++s) {
    const SeatTotals& t = tally.seats[s];
    violations += t.violations;
    forfeits += t.forfeits;
    host_pauses.emplace_back("seat " + std::to_string(s), t.host_pause_us);
    late_answers.emplace_back("seat " + std::to_string(s), t.late_answers);
  }
  std::cout << host_pauses_line(host_pauses)
            << late_answers_line(late_answers, flags.time_margin_ms * 1000);
  if (forfeits > 0) {
    std::cout << count_of(forfeits, "forfeited game")
              << (flags.on_unavailable == "forfeit" ? " (--forfeit-after or an unavailable bot)"
                                                    : " (--forfeit-after)")
              << "\n";
  }
  if (violations > 0) {
    // Each violation got the referee's fallback move: say where the details are.
    std::cout << count_of(violations, "violation")
              << " answered by fallback moves; the first of each kind per bot is logged above, "
                 "--log-level debug logs each"
              << (writer ? ", and `arena replay " + writer->path() + "` shows them" : std::string())
              << "\n";
  }
}

// The --report folder's final index; says where the report is, on stderr (stdout may be JSON).
bool finish_report(LiveReport& report, const std::string& dir, std::string* error) {
  if (!report.finish(ReportOptions{}, error)) return false;
  std::cerr << "report: " << (std::filesystem::path(dir) / "index.html").string() << '\n';
  return true;
}

int run_play(const PlayFlags& flags) {
  hearts::Rules rules;
  std::vector<std::string> specs;
  std::string error;
  if (!resolve_rules_and_limits(flags, &rules, &specs, &error)) return fail(error);
  BotSources sources;
  if (!load_bots(flags, specs, &sources, &error)) return fail(error);
  const hearts::CompiledRules compiled = *hearts::compile(rules);
  std::unique_ptr<RecordsWriter> writer;
  if (!flags.out.empty()) {
    writer = open_records(flags, rules, sources, &error);
    if (!writer) return fail(error);
  }

  const RefereeOptions options = referee_options(flags);
  const TscClock clock;
  Watchdog watchdog(hang_limit_ms(flags, sources) * 1000);
  const int slot = watchdog.add_slot();
  Referee referee(compiled, options, clock, &watchdog, slot);

  const Series series{flags, sources, rules.num_players,
                      rules.settlement != hearts::Settlement::kPoints};
  SeriesTally tally(series.n);
  Progress progress("games", flags.games);
  spdlog::info("playing {} of {} between {}", count_of(flags.games, "game"), flags.rules.preset,
               flags.bots.empty() ? "random bots" : flags.bots);
  std::optional<InterruptNotice> interrupt_notice;
  if (writer) interrupt_notice.emplace("every finished game is in " + writer->path());
  std::unique_ptr<LiveReport> report;
  if (!flags.report.empty()) {
    report = std::make_unique<LiveReport>(flags.report);
    report->start(records_header(flags, rules, sources));
  }
  if (const int code =
          play_series(series, compiled, writer.get(), report.get(), &referee, &progress, &tally);
      code != 0) {
    return code;
  }
  progress.finish();
  if (report && !finish_report(*report, flags.report, &error)) return fail(error);

  if (flags.json) {
    print_json_summary(series, &tally);
    return 0;
  }
  print_text_summary(series, tally, writer.get());
  return 0;
}

}  // namespace

void add_play_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<PlayFlags>();
  auto* play = app.add_subcommand("play", "play a series of games between bots");
  play->add_option("--bots", flags->bots,
                   "comma-separated bot specs, one per seat: a plugin name (random), a plugin "
                   "file (./libmybot.so), grpc://HOST:PORT, grpcs://HOST:PORT (TLS) or unix:PATH "
                   "(a remote bot), or "
                   "isolated:NAME-or-FILE (a plugin in a child process); default: random. "
                   "SPEC@LIMIT gives that bot its own time per decision instead of --move-ms "
                   "(montecarlo@100ms; us, ms or s)");
  flags->rules.add_to(*play);
  play->get_option("--players")
      ->description(
          "players at the table, 3 to 7, or 6 to 11 with decks=2 (default: one per --bots entry; "
          "without --bots "
          "the preset's)");
  play->add_option("--games", flags->games, "number of games")->capture_default_str();
  play->add_option("--seed", flags->seed, "series seed; game g uses derive_seed(seed, g)")
      ->check(seed_validator())
      ->capture_default_str();
  play->add_option("--move-ms", flags->move_ms, "time limit per decision, milliseconds")
      ->capture_default_str();
  play->add_option("--bank-ms", flags->bank_ms,
                   "total thinking time per bot per game, milliseconds: a decision may use at "
                   "most min(move-ms, what is left) (0 = no bank)");
  play->add_option("--hang-ms", flags->hang_ms,
                   "stop the run when a bot has not returned after this long (default: "
                   "10 x the longest per-decision limit, at least 10 s)");
  play->add_option("--forfeit-after", flags->forfeit_after,
                   "a bot forfeits a game at its N-th violation in it (0 = never)");
  play->add_option("--reconnect-ms", flags->reconnect_ms,
                   "how long a bot's calls may keep failing as unavailable (a remote bot "
                   "unreachable, an isolated child crashing or not starting) before the bot is "
                   "unavailable")
      ->capture_default_str();
  play->add_option("--on-unavailable", flags->on_unavailable,
                   "stop: the run stops with exit status 4 and the unfinished game is not "
                   "recorded; forfeit: the bot forfeits that game and each of its later games")
      ->capture_default_str();
  play->add_option("--out", flags->out, "write game records to this file");
  play->add_option("--plugin-dir", flags->plugin_dirs, "look for plugins here first (repeatable)");
  play->add_flag("--isolate", flags->isolate,
                 "run every plugin in its own child process (as isolated:SPEC does for one)");
  play->add_option("--trust", flags->trust,
                   "run this plugin (a name or file) in the arena's own process although it is "
                   "not bundled, as trusted:SPEC does (repeatable)");
  play->add_option("--sandbox", flags->sandbox,
                   "off: isolated bots run without the sandbox (for debugging a bot; see "
                   "docs/sandbox.md)")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  play->add_option("--bot-cpu-seconds", flags->bot_cpu_seconds,
                   "CPU-time limit of each sandboxed bot process, over its life (0 = none)")
      ->capture_default_str();
  play->add_option("--bot-memory-mb", flags->bot_memory_mb,
                   "address-space limit of each isolated bot process (0 = none)")
      ->capture_default_str();
  play->add_option("--bot-log-dir", flags->bot_log_dir,
                   "where isolated bots' stdout/stderr logs go (default: <tmp>/hearts-bot-logs)");
  play->add_option("--connect-ms", flags->connect_ms,
                   "how long a remote bot has to answer GetInfo before the run starts")
      ->capture_default_str();
  play->add_option("--time-margin-ms,--net-margin-ms", flags->time_margin_ms,
                   "how far past its limit any bot's answer may come before it is a TIMEOUT (the "
                   "same for every seat; an answer within it is accepted and counted as late)")
      ->capture_default_str();
  play->add_option("--tls-ca", flags->tls_ca,
                   "trust this PEM CA for grpcs:// bots (default: the system's roots)");
  play->add_option("--token-file", flags->token_file,
                   "send the token in this file (one line) to every remote bot, on every call");
  play->add_option("--report", flags->report,
                   "keep an HTML report of the games in this folder, updated as they finish "
                   "(see arena report)");
  play->add_flag("--json", flags->json, "machine-readable output");
  play->add_flag("--quiet", flags->quiet, "print only the summary");
  play->callback([flags, exit_code] { *exit_code = run_play(*flags); });
}

}  // namespace arena
