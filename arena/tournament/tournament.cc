#include "tournament/tournament.h"

#include <spdlog/spdlog.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "common/atomic_file.h"
#include "common/console.h"
#include "common/interrupt_notice.h"
#include "common/progress.h"
#include "common/rules_spec.h"
#include "match/seating.h"
#include "players/plugin_loader.h"
#include "players/timed_source.h"
#include "records/records_io.h"
#include "tournament/records_check.h"
#include "tournament/results.h"
#include "tournament/schedule.h"
#include "tournament/teams.h"

namespace arena {
namespace {

namespace fs = std::filesystem;
namespace pb = hearts::proto;

std::string shard_suffix(const TournamentSetup& setup) {
  if (setup.shard_count == 1) return "";
  return "-shard-" + std::to_string(setup.shard_index) + "-of-" + std::to_string(setup.shard_count);
}

// Keeps the first `keep` games of an existing records file and drops the rest (a torn tail). The
// file is replaced whole: a crash meanwhile leaves the old file, never a mix.
bool rewrite_prefix(const std::string& path, const RecordsFile& file, size_t keep,
                    std::string* error) {
  std::string bytes = RecordsWriter::encode(file.header);
  for (size_t g = 0; g < keep; ++g) bytes += RecordsWriter::encode(file.games[g]);
  return write_file_atomically(path, bytes, error);
}

// Checks the counts and names of the setup; *gauntlet is the gauntlet bot's index, or -1.
bool validate_setup(const TournamentSetup& setup, int* gauntlet, std::string* error) {
  if (setup.rules.partnership != hearts::Partnership::kNone && !setup.gauntlet.empty()) {
    *error = "--gauntlet is not offered under partnership rules (teams are the entrants)";
    return false;
  }
  if (setup.specs.size() < 2 && setup.rules.partnership == hearts::Partnership::kNone) {
    *error = "a tournament needs at least two bots (--bots)";
    return false;
  }
  if (setup.concurrency < 1) {
    *error = "--concurrency must be at least 1";
    return false;
  }
  if (setup.concurrency > Watchdog::kMaxSlots) {
    *error = "--concurrency must be at most " + std::to_string(Watchdog::kMaxSlots);
    return false;
  }
  if (setup.out_dir.empty()) {
    *error = "--out DIR is required";
    return false;
  }
  *gauntlet = -1;
  if (!setup.gauntlet.empty()) {
    *gauntlet = gauntlet_bot(setup.specs, setup.gauntlet);
    if (*gauntlet < 0) {
      *error = "--gauntlet " + setup.gauntlet + " is not one of --bots";
      return false;
    }
  }
  return true;
}

// The whole schedule (every shard's games); false with *error on failure.
bool make_tournament_schedule(const TournamentSetup& setup, int gauntlet, const TeamPlan& teams,
                              Schedule* schedule, std::string* error) {
  ScheduleOptions schedule_options;
  schedule_options.teams = teams.members;
  schedule_options.num_bots = static_cast<int>(setup.specs.size());
  schedule_options.table_size = setup.rules.num_players;
  schedule_options.groups = setup.groups;
  schedule_options.all_permutations = setup.all_permutations;
  schedule_options.gauntlet = gauntlet;
  schedule_options.seed = setup.seed;
  return schedule->init(schedule_options, error);
}

// This shard's games (index % shard_count == shard_index - 1), computed when asked for.
class ShardGames {
 public:
  ShardGames(const Schedule& schedule, const TournamentSetup& setup)
      : schedule_(schedule),
        first_(static_cast<size_t>(setup.shard_index - 1)),
        step_(static_cast<size_t>(setup.shard_count)) {}
  size_t size() const {
    return schedule_.size() > first_ ? (schedule_.size() - first_ + step_ - 1) / step_ : 0;
  }
  ScheduledGame game(size_t k) const { return schedule_.game(first_ + k * step_); }

 private:
  const Schedule& schedule_;
  size_t first_, step_;
};

void print_schedule_line(const TournamentSetup& setup, const Schedule& schedule,
                         size_t shard_games) {
  const size_t tables = schedule.num_tables();
  const size_t per_group = schedule.size() / tables / static_cast<size_t>(setup.groups);
  std::fprintf(stderr, "schedule: %s x %s x %s = %s%s\n",
               count_of(static_cast<long long>(tables), "table").c_str(),
               count_of(setup.groups, "group").c_str(),
               count_of(static_cast<long long>(per_group), "seating").c_str(),
               count_of(static_cast<long long>(schedule.size()), "game").c_str(),
               setup.shard_count > 1 ? (", shard " + std::to_string(setup.shard_index) + "/" +
                                        std::to_string(setup.shard_count) + ": " +
                                        std::to_string(shard_games) + " games")
                                           .c_str()
                                     : "");
}

bool load_sources(const TournamentSetup& setup, std::vector<std::shared_ptr<PlayerSource>>* sources,
                  std::string* error) {
  const auto search_path = plugin_search_path(setup.plugin_dirs);
  for (const std::string& spec : setup.specs) {
    auto source = resolve_bot_spec(spec, search_path, error, setup.spec_options);
    if (!source) return false;
    sources->push_back(std::move(source));
  }
  std::vector<BotIdentity> bots;
  for (const auto& source : *sources) bots.push_back(source->identity());
  for (const std::string& line : trust_notices(setup.spec_options.trust, bots)) {
    std::fprintf(stderr, "arena: %s\n", line.c_str());
  }
  return true;
}

pb::RecordsHeader make_header(const TournamentSetup& setup,
                              const std::vector<std::shared_ptr<PlayerSource>>& sources,
                              const TeamPlan& teams, size_t scheduled_games, int gauntlet) {
  pb::RecordsHeader header;
  header.set_arena_version(HEARTS_ARENA_VERSION);
  header.set_command(setup.command);
  *header.mutable_rules() = to_rules_spec(setup.preset, setup.rules);
  header.set_series_seed(setup.seed);
  header.set_move_time_limit_us(setup.referee.move_time_us);
  header.set_game_time_bank_us(setup.referee.game_bank_us);
  for (const auto& source : sources) add_bot(source->identity(), &header);  // after the limits
  add_teams(teams, &header);
  header.set_forfeit_after(setup.referee.forfeit_after);
  header.set_on_unavailable(setup.on_unavailable == UnavailablePolicy::kForfeit
                                ? pb::RecordsHeader::FORFEIT
                                : pb::RecordsHeader::STOP);
  header.set_reconnect_window_us(setup.referee.reconnect_window_us);
  header.set_time_margin_us(setup.referee.time_margin_us);
  // Everything that decides which games are played and how: a resumed run must match it.
  header.set_tournament_fingerprint(
      tournament_fingerprint(header, setup.groups, setup.all_permutations, gauntlet));
  header.set_shard_index(static_cast<uint32_t>(setup.shard_index));
  header.set_shard_count(static_cast<uint32_t>(setup.shard_count));
  header.set_scheduled_games(static_cast<uint32_t>(scheduled_games));
  return header;
}

// Resumes in the existing records at `path`: verifies its complete games against this shard's
// share of the schedule (their summaries go to *kept), takes its header and opens it to append.
bool resume_records(const TournamentSetup& setup, const std::string& path, const ShardGames& mine,
                    pb::RecordsHeader* header, std::unique_ptr<RecordsWriter>* writer,
                    std::vector<GameSummary>* kept, std::string* error) {
  RecordsFile existing;
  if (!read_records(path, &existing, error)) return false;
  if (existing.header.tournament_fingerprint() != header->tournament_fingerprint()) {
    *error = "records file " + path +
             " belongs to a different tournament (other bots, rules, seed or schedule); "
             "use another --out or remove it";
    return false;
  }
  if (existing.damaged) {
    // Rewriting would drop the games after the damage; they may be readable by other means.
    *error = existing.torn + "; the tournament cannot resume in it: move it aside first";
    return false;
  }
  // Every game kept counts in the results: one that does not verify stops the run, untouched.
  std::vector<ScheduledGame> share;
  for (size_t k = 0; k < mine.size(); ++k) share.push_back(mine.game(k));
  std::vector<const ScheduledGame*> share_games;
  for (const ScheduledGame& game : share) share_games.push_back(&game);
  const std::vector<ExpectedGame> expected = expected_games(share_games);
  VerifyOptions options;
  options.expected = &expected;
  options.share_name =
      share_text(static_cast<uint32_t>(setup.shard_index), static_cast<uint32_t>(setup.shard_count),
                 header->scheduled_games());
  if (std::string discrepancy; !verify_records(existing, &discrepancy, nullptr, options)) {
    *error = "records file " + path + ": " + discrepancy +
             "; the tournament cannot resume in it: move it aside (`arena verify` checks it)";
    return false;
  }
  const size_t keep = existing.games.size();
  if (!existing.torn.empty()) {
    std::fprintf(stderr, "arena: warning: %s\n", existing.torn.c_str());
    if (!rewrite_prefix(path, existing, keep, error)) return false;
  }
  std::fprintf(stderr, "resuming: %zu of %zu games already in %s\n", keep, mine.size(),
               path.c_str());
  *header = existing.header;  // the original command line stays in the file
  for (const pb::GameRecord& game : existing.games) kept->push_back(summarize_game(game));
  *writer = RecordsWriter::open_append(path, error);
  return true;
}

// Opens the records file at `path` for writing: resumed if it holds games, else created afresh.
bool open_or_resume_records(const TournamentSetup& setup, const std::string& path,
                            const ShardGames& mine, pb::RecordsHeader* header,
                            std::unique_ptr<RecordsWriter>* writer, std::vector<GameSummary>* kept,
                            std::string* error) {
  // Resume: keep the complete games already written in schedule order.
  std::error_code ec;
  fs::create_directories(setup.out_dir, ec);
  if (ec) {
    *error = "--out " + setup.out_dir + ": cannot create it: " + ec.message();
    return false;
  }
  // An empty file (killed between creating it and writing the header) starts afresh.
  if (fs::exists(path) && fs::file_size(path, ec) > 0) {
    if (!resume_records(setup, path, mine, header, writer, kept, error)) return false;
  } else {
    *writer = RecordsWriter::create(path, *header, error);
  }
  return *writer != nullptr;
}

// A finished game's summary and encoded record, both built by the worker that played it.
struct FinishedGame {
  GameSummary summary;
  std::string encoded;
};

// Plays the shard's games not yet in the records on worker threads.
//
// Workers play games in any order and append them in schedule order: whichever worker finds
// the next game to write finished writes it and every finished one after it, one worker at a
// time. No writer thread to wake per game, which on two cores would preempt a worker.
class SchedulePlay {
 public:
  SchedulePlay(const TournamentSetup& setup, const ShardGames& mine,
               const std::vector<std::shared_ptr<PlayerSource>>& sources,
               const hearts::CompiledRules& compiled, RecordsWriter& writer, ResultsBuilder& built,
               size_t first)
      : setup_(setup),
        mine_(mine),
        sources_(sources),
        compiled_(compiled),
        writer_(writer),
        built_(built),
        total_(mine.size()),
        written_(first),
        next_(first),
        watchdog_(hang_limit_ms(setup, sources) * 1000),
        progress_("games", static_cast<long long>(total_)) {}

  // Runs setup.concurrency workers until every game is written or one fails; the first error,
  // or empty.
  std::string play_all() {
    std::vector<std::thread> threads;
    for (int t = 0; t < setup_.concurrency; ++t) threads.emplace_back([this] { worker(); });
    for (std::thread& thread : threads) thread.join();
    progress_.finish();
    return failure_;
  }

  // After play_all: why the run stopped early for an unavailable bot (kStop), or empty.
  const std::string& stop_line() const { return stop_line_; }

 private:
  // --hang-ms, or 10 x the longest limit (the run's or a bot's own "@..."), at least 10 s.
  static int64_t hang_limit_ms(const TournamentSetup& setup,
                               const std::vector<std::shared_ptr<PlayerSource>>& sources) {
    const int64_t longest_us = largest_move_time_us(setup.referee.move_time_us, sources);
    return setup.hang_ms > 0 ? setup.hang_ms : std::max<int64_t>(10000, 10 * longest_us / 1000);
  }

  // On a terminal, the standings so far every few seconds (point estimates, no bootstrap).
  void show_live_leaderboard(size_t games_done) {
    if (!terminal_ || games_done >= total_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_board_ < std::chrono::seconds(5)) return;
    last_board_ = now;
    Results live;
    ResultsOptions quick;
    quick.bootstrap_samples = 0;
    std::string ignored;
    if (built_.results(quick, &live, &ignored)) {
      std::fprintf(stderr, "\r%80s\rafter %zu of %zu games:\n%s\n", "", games_done, total_,
                   results_text(live).c_str());
    }
  }

  // With the lock held and no other worker writing: writes the finished games in order, the lock
  // released around each write (writer, results, progress are this worker's until it is done).
  void write_ready_games(std::unique_lock<std::mutex>& lock) {
    writing_ = true;
    while (failure_.empty() && written_ < stop_at_ && finished_.count(written_)) {
      const auto next = finished_.find(written_);
      const FinishedGame game = std::move(next->second);
      finished_.erase(next);
      lock.unlock();
      std::string write_error;
      const bool ok = writer_.append_encoded(game.encoded, &write_error) &&
                      built_.add(game.summary, &write_error);
      if (ok && setup_.observer) setup_.observer->game_written(game.encoded);
      if (ok && !setup_.quiet) {
        progress_.update(static_cast<long long>(written_ + 1));
        show_live_leaderboard(written_ + 1);
      }
      lock.lock();
      if (!ok && failure_.empty()) failure_ = write_error;
      if (ok) ++written_;
    }
    writing_ = false;
    if (!failure_.empty()) next_ = total_;  // stop the workers
  }

  void worker() {
    const int slot = watchdog_.add_slot();
    Referee referee(compiled_, setup_.referee, clock_, &watchdog_, slot);
    referee.share_unavailable(&unavailable_);
    // One record per worker, cleared by play_game: its play messages are reused game after game.
    pb::GameRecord record;
    while (true) {
      const size_t k = next_.fetch_add(1);
      if (k >= total_) return;
      const ScheduledGame game = mine_.game(k);
      std::vector<PlayerSource*> seat_sources;
      for (int bot : game.seat_bots) seat_sources.push_back(sources_[bot].get());
      SeatedPlayers players;
      std::string create_error;
      const bool seated = seat_players(seat_sources, compiled_, game.seed, &players, &create_error);
      int unavailable_seat = -1;
      if (seated) {
        unavailable_seat =
            referee.play_game(game.seed, game.index, players.seats, &record).unavailable_seat;
        for (int bot : game.seat_bots) record.add_seat_bots(bot);
        record.set_group_key(game.group_key);
        record.set_table(game.table);
        record.set_rotation(game.rotation);
        for (int team : game.table_teams) record.add_table_teams(team);
      } else {
        record.Clear();
      }
      // Under kStop the game an unavailable bot was in is not recorded: a resume plays it again.
      const bool discard =
          unavailable_seat >= 0 && setup_.on_unavailable == UnavailablePolicy::kStop;
      FinishedGame result;
      if (!discard) result = {summarize_game(record), RecordsWriter::encode_game(record)};
      std::unique_lock lock(mutex_);
      if (!seated && failure_.empty()) failure_ = create_error;
      if (unavailable_seat >= 0) note_unavailable(k, game, unavailable_seat);
      if (!failure_.empty() || discard) {
        next_ = total_;
        if (!writing_) write_ready_games(lock);  // the finished games before it
        return;
      }
      finished_.emplace(k, std::move(result));
      if (!writing_) write_ready_games(lock);
    }
  }

  // With the lock held: the game at place k found a bot unavailable. Under kStop nothing from
  // the earliest such game on is written; under kForfeit a line names the bot the first time.
  void note_unavailable(size_t k, const ScheduledGame& game, int seat) {
    const BotIdentity& bot = sources_[game.seat_bots[seat]]->identity();
    const std::string window = std::to_string(setup_.referee.reconnect_window_us / 1000) + " ms";
    if (setup_.on_unavailable == UnavailablePolicy::kStop) {
      if (k >= stop_at_) return;
      stop_at_ = k;
      stop_line_ = "bot '" + bot.name + "' (" + bot.spec +
                   ") did not answer for longer than the reconnect window (" + window +
                   ") in game " + std::to_string(game.index + 1) +
                   "; the tournament stops. Every finished game is in " + writer_.path() +
                   ": bring the bot back and run the same command again to resume (game " +
                   std::to_string(game.index + 1) + " is played again)";
      return;
    }
    if (!announced_.insert(bot.spec).second) return;
    // Over a progress line on a terminal; a file or pipe gets the plain line.
    if (::isatty(STDERR_FILENO)) std::fprintf(stderr, "\r%80s\r", "");
    std::fprintf(stderr,
                 "arena: bot '%s' (%s) did not answer for longer than the reconnect window (%s) "
                 "in game %u: it forfeits that game and each of its later games "
                 "(--on-unavailable forfeit)\n",
                 bot.name.c_str(), bot.spec.c_str(), window.c_str(), game.index + 1);
  }

  const TournamentSetup& setup_;
  const ShardGames& mine_;
  const std::vector<std::shared_ptr<PlayerSource>>& sources_;
  const hearts::CompiledRules& compiled_;
  RecordsWriter& writer_;
  ResultsBuilder& built_;
  const size_t total_;
  // Games played but not yet written, waiting for an earlier one still in play (as many as the
  // other workers finish meanwhile; none once it is written): no slot per scheduled game.
  // Guarded by mutex_.
  std::map<size_t, FinishedGame> finished_;
  std::mutex mutex_;
  size_t written_;        // games [first, written) are in the file; guarded by mutex_
  bool writing_ = false;  // a worker is writing; guarded by mutex_
  std::string failure_;   // the first error; guarded by mutex_
  // The earliest place whose game found a bot unavailable under kStop (total_: none) and the line
  // that says so; guarded by mutex_, as is announced_ (the specs named under kForfeit).
  size_t stop_at_ = total_;
  std::string stop_line_;
  std::set<std::string> announced_;
  UnavailableBots unavailable_;
  std::atomic<size_t> next_;
  Watchdog watchdog_;
  const TscClock clock_;
  Progress progress_;
  const bool terminal_ = isatty(STDERR_FILENO) == 1;
  std::chrono::steady_clock::time_point last_board_ = std::chrono::steady_clock::now();
};

// Writes results.json and prints the results (unless setup.print_results is false).
int write_and_print_results(const TournamentSetup& setup, const ResultsBuilder& built,
                            const std::string& path) {
  Results results;
  ResultsOptions options;
  options.bootstrap_samples = setup.bootstrap_samples;
  options.seed = setup.seed;
  options.threads = setup.concurrency;
  std::string error;
  if (!built.results(options, &results, &error)) return fail(error);
  const Json json = results_json(results);
  // Written whole or not at all: a reader (a report, a script) never sees half a file.
  if (!write_file_atomically(results_path(setup), dump_json(json), &error)) return fail(error);
  if (!setup.print_results) {
    // results.json is written; nothing to print
  } else if (setup.json) {
    print_json(json);
  } else {
    std::cout << results_text(results) << "\nrecords: " << path
              << "\nresults: " << results_path(setup) << '\n';
  }
  return 0;
}

}  // namespace

std::string records_path(const TournamentSetup& setup) {
  return (fs::path(setup.out_dir) / ("records" + shard_suffix(setup) + ".rec")).string();
}

std::string results_path(const TournamentSetup& setup) {
  return (fs::path(setup.out_dir) / ("results" + shard_suffix(setup) + ".json")).string();
}

int run_tournament(const TournamentSetup& given) {
  // Under partnership rules the teams are the entrants and name the bots (tournament/teams.h).
  TeamPlan teams;
  std::string error;
  if (!plan_teams(given.rules, given.specs, given.teams, &teams, &error)) return fail(error);
  TournamentSetup setup = given;
  setup.specs = teams.specs;
  int gauntlet = -1;
  if (!validate_setup(setup, &gauntlet, &error)) return fail(error);

  // The schedule first: it is cheap, and its size is worth seeing before bots load.
  Schedule schedule;
  if (!make_tournament_schedule(setup, gauntlet, teams, &schedule, &error)) return fail(error);
  if (!setup.seed_note.empty()) std::cerr << "arena: " << setup.seed_note << '\n';
  const ShardGames mine(schedule, setup);
  if (setup.print_results) print_schedule_line(setup, schedule, mine.size());

  // Every bot is resolved and checked before any game.
  std::vector<std::shared_ptr<PlayerSource>> sources;
  if (!load_sources(setup, &sources, &error)) return fail(error);
  const hearts::CompiledRules compiled = *hearts::compile(setup.rules);
  pb::RecordsHeader header = make_header(setup, sources, teams, schedule.size(), gauntlet);

  const std::string path = records_path(setup);
  std::unique_ptr<RecordsWriter> writer;
  std::vector<GameSummary> kept;  // of the games a resumed run keeps
  if (!open_or_resume_records(setup, path, mine, &header, &writer, &kept, &error)) {
    return fail(error);
  }
  if (setup.observer) setup.observer->started(header, path);
  // The results take each game as it is written: only summaries are kept, never whole records.
  ResultsBuilder built(header);
  for (const GameSummary& game : kept) {
    if (!built.add(game, &error)) return fail(error);
  }

  SchedulePlay play(setup, mine, sources, compiled, *writer, built, kept.size());
  const InterruptNotice interrupt_notice("every finished game is in " + path +
                                         ": run the same command again to resume");
  const std::string failure = play.play_all();
  if (!failure.empty()) return fail(failure);
  if (!play.stop_line().empty()) {
    fail(play.stop_line());
    return kExitBotUnavailable;
  }
  return write_and_print_results(setup, built, path);
}

}  // namespace arena
