#include "tournament.h"

#include <spdlog/spdlog.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>

#include "cli_common.h"
#include "interrupt_notice.h"
#include "plugin_loader.h"
#include "progress.h"
#include "records_io.h"
#include "results.h"
#include "rules_spec.h"
#include "schedule.h"
#include "seating.h"
#include "sha256.h"

namespace arena {
namespace {

namespace fs = std::filesystem;
namespace pb = hearts::proto;

std::string shard_suffix(const TournamentSetup& setup) {
  if (setup.shard_count == 1) return "";
  return "-shard-" + std::to_string(setup.shard_index) + "-of-" + std::to_string(setup.shard_count);
}

// Everything that decides which games are played and how: a resumed run must match it.
std::string fingerprint(const TournamentSetup& setup, const pb::RulesSpec& rules,
                        const std::vector<std::shared_ptr<PlayerSource>>& sources) {
  std::string text = "rules:" + rules.preset();
  const std::map<std::string, std::string> options(rules.options().begin(), rules.options().end());
  for (const auto& [name, value] : options) text += "|" + name + "=" + value;
  text += "|bots:";
  // The plugin files' hashes too: a bot rebuilt between a kill and the resume is a new bot.
  for (size_t b = 0; b < setup.specs.size(); ++b) {
    text += setup.specs[b] + "=" + sources[b]->identity().file_sha256 + ",";
  }
  text += "|groups:" + std::to_string(setup.groups) + "|seed:" + std::to_string(setup.seed) +
          "|all:" + std::to_string(setup.all_permutations) + "|gauntlet:" + setup.gauntlet +
          "|move:" + std::to_string(setup.referee.move_time_us) +
          "|bank:" + std::to_string(setup.referee.game_bank_us) +
          "|forfeit:" + std::to_string(setup.referee.forfeit_after);
  return sha256_hex(text).substr(0, 32);
}

// Keeps the first `keep` games of an existing records file and drops the rest (a torn tail).
bool rewrite_prefix(const std::string& path, const RecordsFile& file, size_t keep,
                    std::string* error) {
  const std::string temp = path + ".tmp";
  auto writer = RecordsWriter::create(temp, file.header, error);
  if (!writer) return false;
  for (size_t g = 0; g < keep; ++g) {
    if (!writer->append(file.games[g], error)) return false;
  }
  writer.reset();
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) {
    *error = "records file " + path + ": cannot replace it: " + ec.message();
    return false;
  }
  return true;
}

}  // namespace

std::string records_path(const TournamentSetup& setup) {
  return (fs::path(setup.out_dir) / ("records" + shard_suffix(setup) + ".rec")).string();
}

std::string results_path(const TournamentSetup& setup) {
  return (fs::path(setup.out_dir) / ("results" + shard_suffix(setup) + ".json")).string();
}

int run_tournament(const TournamentSetup& setup) {
  if (setup.specs.size() < 2) return fail("a tournament needs at least two bots (--bots)");
  if (setup.concurrency < 1) return fail("--concurrency must be at least 1");
  if (setup.concurrency > Watchdog::kMaxSlots) {
    return fail("--concurrency must be at most " + std::to_string(Watchdog::kMaxSlots));
  }
  if (setup.out_dir.empty()) return fail("--out DIR is required");
  const int n = setup.rules.num_players;
  int gauntlet = -1;
  if (!setup.gauntlet.empty()) {
    for (size_t b = 0; b < setup.specs.size(); ++b) {
      if (setup.specs[b] == setup.gauntlet) gauntlet = static_cast<int>(b);
    }
    if (gauntlet < 0) return fail("--gauntlet " + setup.gauntlet + " is not one of --bots");
  }

  // The schedule first: it is cheap, and its size is worth seeing before bots load.
  ScheduleOptions schedule_options;
  schedule_options.num_bots = static_cast<int>(setup.specs.size());
  schedule_options.table_size = n;
  schedule_options.groups = setup.groups;
  schedule_options.all_permutations = setup.all_permutations;
  schedule_options.gauntlet = gauntlet;
  schedule_options.seed = setup.seed;
  std::string error;
  const std::vector<ScheduledGame> schedule = make_schedule(schedule_options, &error);
  if (schedule.empty()) return fail(error);
  std::vector<const ScheduledGame*> mine;
  for (const ScheduledGame& game : schedule) {
    if (static_cast<int>(game.index % setup.shard_count) == setup.shard_index - 1) {
      mine.push_back(&game);
    }
  }
  const size_t tables = schedule.back().table + 1;
  const size_t per_group = schedule.size() / tables / static_cast<size_t>(setup.groups);
  if (setup.print_results)
    std::fprintf(stderr, "schedule: %s x %s x %s = %s%s\n",
                 count_of(static_cast<long long>(tables), "table").c_str(),
                 count_of(setup.groups, "group").c_str(),
                 count_of(static_cast<long long>(per_group), "seating").c_str(),
                 count_of(static_cast<long long>(schedule.size()), "game").c_str(),
                 setup.shard_count > 1 ? (", shard " + std::to_string(setup.shard_index) + "/" +
                                          std::to_string(setup.shard_count) + ": " +
                                          std::to_string(mine.size()) + " games")
                                             .c_str()
                                       : "");

  // Every bot is resolved and checked before any game.
  const auto search_path = plugin_search_path(setup.plugin_dirs);
  std::vector<std::shared_ptr<PlayerSource>> sources;
  for (const std::string& spec : setup.specs) {
    auto source = resolve_bot_spec(spec, search_path, &error, setup.spec_options);
    if (!source) return fail(error);
    sources.push_back(std::move(source));
  }
  const hearts::CompiledRules compiled = *hearts::compile(setup.rules);

  pb::RecordsHeader header;
  header.set_arena_version(HEARTS_ARENA_VERSION);
  header.set_command(setup.command);
  *header.mutable_rules() = to_rules_spec(setup.preset, setup.rules);
  for (const auto& source : sources) add_bot(source->identity(), &header);
  header.set_series_seed(setup.seed);
  header.set_move_time_limit_us(setup.referee.move_time_us);
  header.set_game_time_bank_us(setup.referee.game_bank_us);
  header.set_forfeit_after(setup.referee.forfeit_after);
  header.set_tournament_fingerprint(fingerprint(setup, header.rules(), sources));
  header.set_shard_index(static_cast<uint32_t>(setup.shard_index));
  header.set_shard_count(static_cast<uint32_t>(setup.shard_count));
  header.set_scheduled_games(static_cast<uint32_t>(schedule.size()));

  // Resume: keep the complete games already written in schedule order.
  std::error_code ec;
  fs::create_directories(setup.out_dir, ec);
  if (ec) return fail("--out " + setup.out_dir + ": cannot create it: " + ec.message());
  const std::string path = records_path(setup);
  std::unique_ptr<RecordsWriter> writer;
  std::vector<GameSummary> kept;  // of the games a resumed run keeps
  // An empty file (killed between creating it and writing the header) starts afresh.
  if (fs::exists(path) && fs::file_size(path, ec) > 0) {
    RecordsFile existing;
    if (!read_records(path, &existing, &error)) return fail(error);
    if (existing.header.tournament_fingerprint() != header.tournament_fingerprint()) {
      return fail("records file " + path +
                  " belongs to a different tournament (other bots, rules, seed or schedule); "
                  "use another --out or remove it");
    }
    size_t keep = 0;
    while (keep < existing.games.size() && keep < mine.size() &&
           existing.games[keep].game_index() == mine[keep]->index) {
      ++keep;
    }
    if (existing.damaged) {
      // Rewriting would drop the games after the damage; they may be readable by other means.
      return fail(existing.torn + "; the tournament cannot resume in it: move it aside first");
    }
    if (!existing.torn.empty()) std::fprintf(stderr, "arena: warning: %s\n", existing.torn.c_str());
    if (keep < existing.games.size() || !existing.torn.empty()) {
      if (!rewrite_prefix(path, existing, keep, &error)) return fail(error);
    }
    std::fprintf(stderr, "resuming: %zu of %zu games already in %s\n", keep, mine.size(),
                 path.c_str());
    header = existing.header;  // the original command line stays in the file
    for (size_t g = 0; g < keep; ++g) kept.push_back(summarize_game(existing.games[g]));
    writer = RecordsWriter::open_append(path, &error);
  } else {
    writer = RecordsWriter::create(path, header, &error);
  }
  if (!writer) return fail(error);
  // The results take each game as it is written: only summaries are kept, never whole records.
  ResultsBuilder built(header);
  for (const GameSummary& game : kept) {
    if (!built.add(game, &error)) return fail(error);
  }

  // Workers play games in any order and append them in schedule order: whichever worker finds
  // the next game to write finished writes it and every finished one after it, one worker at a
  // time. No writer thread to wake per game, which on two cores would preempt a worker.
  const size_t first = kept.size();
  const size_t total = mine.size();
  // A finished game's summary and encoded record, both built by the worker that played it.
  struct FinishedGame {
    GameSummary summary;
    std::string encoded;
  };
  std::vector<std::optional<FinishedGame>> finished(total);
  std::mutex mutex;
  size_t written = first;  // games [first, written) are in the file; guarded by mutex
  bool writing = false;    // a worker is writing; guarded by mutex
  std::string failure;     // the first error; guarded by mutex
  std::atomic<size_t> next{first};
  const int64_t hang_ms = setup.hang_ms > 0
                              ? setup.hang_ms
                              : std::max<int64_t>(10000, 10 * setup.referee.move_time_us / 1000);
  Watchdog watchdog(hang_ms * 1000);
  const TscClock clock;

  Progress progress("games", static_cast<long long>(total));
  // On a terminal, the standings so far every few seconds (point estimates, no bootstrap).
  const bool terminal = isatty(STDERR_FILENO) == 1;
  auto last_board = std::chrono::steady_clock::now();
  auto show_live_leaderboard = [&](size_t games_done) {
    if (!terminal || games_done >= total) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_board < std::chrono::seconds(5)) return;
    last_board = now;
    Results live;
    ResultsOptions quick;
    quick.bootstrap_samples = 0;
    std::string ignored;
    if (built.results(quick, &live, &ignored)) {
      std::fprintf(stderr, "\r%80s\rafter %zu of %zu games:\n%s\n", "", games_done, total,
                   results_text(live).c_str());
    }
  };
  // With the lock held and no other worker writing: writes the finished games in order, the lock
  // released around each write (writer, results, progress are this worker's until it is done).
  auto write_ready_games = [&](std::unique_lock<std::mutex>& lock) {
    writing = true;
    while (failure.empty() && written < total && finished[written]) {
      const FinishedGame game = std::move(*finished[written]);
      finished[written].reset();
      lock.unlock();
      std::string write_error;
      const bool ok = writer->append_encoded(game.encoded, &write_error) &&
                      built.add(game.summary, &write_error);
      if (ok && !setup.quiet) {
        progress.update(static_cast<long long>(written + 1));
        show_live_leaderboard(written + 1);
      }
      lock.lock();
      if (!ok && failure.empty()) failure = write_error;
      if (ok) ++written;
    }
    writing = false;
    if (!failure.empty()) next = total;  // stop the workers
  };

  const InterruptNotice interrupt_notice("every finished game is in " + path +
                                         ": run the same command again to resume");
  auto worker = [&] {
    const int slot = watchdog.add_slot();
    Referee referee(compiled, setup.referee, clock, &watchdog, slot);
    // One record per worker, cleared by play_game: its play messages are reused game after game.
    pb::GameRecord record;
    while (true) {
      const size_t k = next.fetch_add(1);
      if (k >= total) return;
      const ScheduledGame& game = *mine[k];
      std::vector<PlayerSource*> seat_sources;
      for (int bot : game.seat_bots) seat_sources.push_back(sources[bot].get());
      SeatedPlayers players;
      std::string create_error;
      const bool seated = seat_players(seat_sources, compiled, game.seed, &players, &create_error);
      if (seated) {
        referee.play_game(game.seed, game.index, players.seats, &record);
        for (int bot : game.seat_bots) record.add_seat_bots(bot);
        record.set_group_key(game.group_key);
        record.set_table(game.table);
        record.set_rotation(game.rotation);
      } else {
        record.Clear();
      }
      FinishedGame result{summarize_game(record), RecordsWriter::encode(record)};
      std::unique_lock lock(mutex);
      if (!seated && failure.empty()) failure = create_error;
      if (!failure.empty()) {
        next = total;
        return;
      }
      finished[k] = std::move(result);
      if (!writing) write_ready_games(lock);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < setup.concurrency; ++t) threads.emplace_back(worker);
  for (std::thread& thread : threads) thread.join();
  progress.finish();
  if (!failure.empty()) return fail(failure);

  Results results;
  ResultsOptions options;
  options.bootstrap_samples = setup.bootstrap_samples;
  options.seed = setup.seed;
  options.threads = setup.concurrency;
  if (!built.results(options, &results, &error)) return fail(error);
  const Json json = results_json(results);
  std::ofstream(results_path(setup)) << json.dump();
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

}  // namespace arena
