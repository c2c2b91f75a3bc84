// `arena bench`: the arena's speed on this machine, and the bench signature.
//
// One run prints the machine and build, then (1) engine deals per second with four in-process
// `random` plugins, records off and on; (2) decisions per second and latency per transport next
// to a bare gRPC call; (3) tournament games per second at concurrency 1 and 2; (4) the bench
// signature. --quick runs each part briefly (for CI: the figures are rough, nothing is asserted).
#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "bench.h"
#include "bench_signature.h"
#include "bot_specs.h"
#include "cli_common.h"
#include "commands.h"
#include "plugin_loader.h"
#include "tournament.h"

namespace arena {
namespace {

namespace fs = std::filesystem;

struct BenchFlags {
  bool json = false;
  bool quick = false;
  bool signature_only = false;
  std::vector<std::string> plugin_dirs;
};

// Sizes of each part; --quick shrinks them to a few seconds in all.
struct BenchPlan {
  double engine_seconds;
  long long decisions;
  double transport_max_seconds;
  long long bare_calls;
  int tournament_groups;
  int tournament_rounds;  // each round runs concurrency 1 and 2 once, back to back
};

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("model name")) return line.substr(line.find(':') + 2);
  }
  return "unknown";
}

std::string build_description() {
  std::string text = HEARTS_BUILD_TYPE;
#ifdef HEARTS_SANITIZED
  text += " + ASan/UBSan";
#endif
#ifndef NDEBUG
  text += " (assertions on)";
#endif
  return text + ", " + std::string("g++ ") + __VERSION__;
}

std::string fixed(double value, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << value;
  return out.str();
}

Json latency_json(const LatencyBench& bench) {
  Json out = Json::object();
  out.set("calls", bench.calls);
  out.set("per_second", bench.calls_per_second());
  out.set("mean_us", bench.mean_us);
  out.set("p50_us", bench.p50_us);
  out.set("p99_us", bench.p99_us);
  return out;
}

std::string latency_line(const std::string& name, const LatencyBench& bench) {
  std::ostringstream out;
  out << "  " << std::left << std::setw(24) << name << std::right << std::setw(12)
      << fixed(bench.calls_per_second(), 0) << "/s  mean " << std::setw(9)
      << fixed(bench.mean_us, 2) << " us  p50 " << std::setw(9) << fixed(bench.p50_us, 2)
      << " us  p99 " << std::setw(9) << fixed(bench.p99_us, 2) << " us";
  return out.str();
}

// A tournament of the cheap deterministic bots in a fresh directory; games per second.
bool bench_tournament(const BenchFlags& flags, int groups, int concurrency, const fs::path& dir,
                      int round, double* games_per_second, long long* games, std::string* error) {
  TournamentSetup setup;
  setup.rules = *hearts::preset_rules("standard");
  setup.specs = {"random", "lowest", "ducker", "heuristic"};
  setup.groups = groups;
  setup.seed = 11;
  setup.concurrency = concurrency;
  const fs::path out_dir =
      dir / ("tournament-c" + std::to_string(concurrency) + "-r" + std::to_string(round));
  setup.out_dir = out_dir.string();
  setup.plugin_dirs = flags.plugin_dirs;
  setup.bootstrap_samples = 100;
  setup.quiet = true;
  setup.print_results = false;
  setup.command = "arena bench";
  const auto start = std::chrono::steady_clock::now();
  if (run_tournament(setup) != 0) {
    *error = "bench: the tournament at concurrency " + std::to_string(concurrency) + " failed";
    return false;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  *games = 4LL * groups;  // one table of four bots, four seat rotations per group
  *games_per_second = *games / seconds;
  std::error_code ec;
  fs::remove_all(out_dir, ec);  // the next round must start afresh, not resume
  return true;
}

int run_bench(const BenchFlags& flags) {
  const auto search_path = plugin_search_path(flags.plugin_dirs);
  std::string error;
  BenchSignature signature;
  if (!compute_bench_signature(search_path, &signature, &error)) return fail(error);
  if (flags.signature_only) {
    if (flags.json) {
      Json out = Json::object();
      out.set("signature", signature.hash);
      print_json(out);
    } else {
      std::cout << signature.hash << '\n';
    }
    return 0;
  }

  const BenchPlan plan = flags.quick ? BenchPlan{0.2, 2'000, 2.0, 1'000, 2, 1}
                                     : BenchPlan{3.0, 40'000, 20.0, 20'000, 1500, 5};
  const fs::path dir = fs::temp_directory_path() / ("arena-bench-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } cleanup{dir};
  const bool text = !flags.json;
  Json out = Json::object();
  Json& machine = out.set("machine", Json::object());
  machine.set("cpu", cpu_model());
  machine.set("cores", static_cast<long long>(std::thread::hardware_concurrency()));
  machine.set("build", build_description());
  machine.set("quick", flags.quick);
  if (text) {
    std::cout << "arena bench" << (flags.quick ? " --quick (rough figures)" : "") << "\n"
              << "machine: " << cpu_model() << ", " << std::thread::hardware_concurrency()
              << " cores\nbuild:   " << build_description() << "\n\n";
  }

  // 1. Engine.
  const hearts::CompiledRules rules = *hearts::compile(*hearts::preset_rules("standard"));
  auto random = resolve_bot_spec("random", search_path, &error);
  if (!random) return fail(error);
  EngineBench records_off, records_on;
  if (!bench_engine(*random, rules, plan.engine_seconds, "", &records_off, &error) ||
      !bench_engine(*random, rules, plan.engine_seconds, (dir / "bench.records").string(),
                    &records_on, &error)) {
    return fail(error);
  }
  // The floor that timing every decision puts under a deal on this machine.
  const double clock_ns = clock_read_ns(TscClock(), flags.quick ? 100'000 : 10'000'000);
  const double decisions_per_deal =
      records_off.deals > 0 ? static_cast<double>(records_off.decisions) / records_off.deals : 0;
  const double clock_ceiling =
      clock_ns > 0 && decisions_per_deal > 0 ? 1e9 / (clock_ns * decisions_per_deal) : 0;
  Json& engine = out.set("engine", Json::object());
  engine.set("clock_read_ns", clock_ns);
  engine.set("clock_counter", TscClock::uses_counter());
  engine.set("timed_referee_ceiling_deals_per_second", clock_ceiling);
  for (const auto& [name, bench] :
       {std::pair{"records_off", &records_off}, std::pair{"records_on", &records_on}}) {
    Json& entry = engine.set(name, Json::object());
    entry.set("deals", bench->deals);
    entry.set("decisions", bench->decisions);
    entry.set("seconds", bench->seconds);
    entry.set("deals_per_second", bench->deals_per_second());
  }
  if (text) {
    std::cout << "1. engine: random deals/s on one thread, 4 x random plugin, standard rules\n"
              << "  records off  " << std::setw(12) << fixed(records_off.deals_per_second(), 0)
              << " deals/s  (" << records_off.deals << " deals, "
              << fixed(records_off.decisions / records_off.seconds / 1e6, 2) << " M decisions/s)\n"
              << "  records on   " << std::setw(12) << fixed(records_on.deals_per_second(), 0)
              << " deals/s  (" << records_on.deals << " deals)\n"
              << "  clock read   " << std::setw(12) << fixed(clock_ns, 1) << " ns       ("
              << (TscClock::uses_counter() ? "time-stamp counter" : "steady_clock")
              << "; a read per decision caps a timed referee at " << fixed(clock_ceiling, 0)
              << " deals/s)\n\n";
  }

  // 2. Transports.
  SpecOptions spec_options;
  spec_options.log_dir = dir.string();
  auto isolated = resolve_bot_spec("isolated:random", search_path, &error, spec_options);
  if (!isolated) return fail(error);
  std::error_code ec;
  const std::string executable = fs::read_symlink("/proc/self/exe", ec).string();
  auto server = ServeChild::start(executable, "random", &error);
  if (!server) return fail(error);
  auto remote = resolve_bot_spec("grpc://" + server->address(), search_path, &error, spec_options);
  if (!remote) return fail(error);
  LatencyBench in_process, isolated_bench, remote_bench, bare_before, bare_after;
  // Bare calls before and after the remote games, so both see the same conditions.
  if (!bench_decisions(*random, rules, plan.decisions * 10, plan.transport_max_seconds, &in_process,
                       &error) ||
      !bench_decisions(*isolated, rules, plan.decisions, plan.transport_max_seconds,
                       &isolated_bench, &error) ||
      !bench_bare_grpc(server->address(), plan.bare_calls / 2, &bare_before, &error) ||
      !bench_decisions(*remote, rules, plan.decisions, plan.transport_max_seconds, &remote_bench,
                       &error) ||
      !bench_bare_grpc(server->address(), plan.bare_calls / 2, &bare_after, &error)) {
    return fail(error);
  }
  LatencyBench bare = bare_before;
  bare.calls += bare_after.calls;
  bare.seconds += bare_after.seconds;
  bare.mean_us = (bare_before.mean_us + bare_after.mean_us) / 2;
  bare.p50_us = (bare_before.p50_us + bare_after.p50_us) / 2;
  bare.p99_us = (bare_before.p99_us + bare_after.p99_us) / 2;
  const double ratio_mean = bare.mean_us > 0 ? remote_bench.mean_us / bare.mean_us : 0;
  const double ratio_p50 = bare.p50_us > 0 ? remote_bench.p50_us / bare.p50_us : 0;
  Json& transports = out.set("transports", Json::object());
  transports.set("in_process", latency_json(in_process));
  transports.set("isolated", latency_json(isolated_bench));
  transports.set("remote_grpc", latency_json(remote_bench));
  transports.set("bare_grpc_call", latency_json(bare));
  transports.set("remote_over_bare_mean", ratio_mean);
  transports.set("remote_over_bare_p50", ratio_p50);
  if (text) {
    std::cout << "2. decisions per transport (random bot in every seat)\n"
              << latency_line("in-process plugin", in_process) << '\n'
              << latency_line("isolated plugin", isolated_bench) << '\n'
              << latency_line("remote gRPC (loopback)", remote_bench) << '\n'
              << latency_line("bare gRPC GetInfo call", bare) << '\n'
              << "  remote / bare: " << fixed(ratio_mean, 2) << "x (mean), " << fixed(ratio_p50, 2)
              << "x (p50)\n\n";
  }

  // 3. Tournament scaling. A shared VM's speed drifts by more than the effect measured, so each
  // round runs the two concurrencies back to back (alternating which goes first) and the
  // speed-up is the median of the rounds' ratios: a slow stretch of the machine falls on both
  // runs of a round, or on one round. The rates shown are the medians of the rounds too.
  std::vector<double> rates_1, rates_2, round_speedups;
  long long games = 0;
  for (int round = 0; round < plan.tournament_rounds; ++round) {
    double round_1 = 0, round_2 = 0;
    for (int concurrency : round % 2 == 0 ? std::array{1, 2} : std::array{2, 1}) {
      if (!bench_tournament(flags, plan.tournament_groups, concurrency, dir, round,
                            concurrency == 1 ? &round_1 : &round_2, &games, &error)) {
        return fail(error);
      }
    }
    rates_1.push_back(round_1);
    rates_2.push_back(round_2);
    round_speedups.push_back(round_1 > 0 ? round_2 / round_1 : 0);
  }
  const double per_second_1 = quantile(rates_1, 0.5);
  const double per_second_2 = quantile(rates_2, 0.5);
  const double lowest_speedup = *std::min_element(round_speedups.begin(), round_speedups.end());
  const double highest_speedup = *std::max_element(round_speedups.begin(), round_speedups.end());
  const double speedup = quantile(round_speedups, 0.5);
  // The machine's own ceiling for this work: two independent engine runs at once, no shared
  // state at all. On a VM whose two vCPUs share a core this is far below 2x.
  EngineBench pair[2];
  std::string pair_error[2];
  {
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t) {
      threads.emplace_back([&, t] {
        bench_engine(*random, rules, plan.engine_seconds, "", &pair[t], &pair_error[t]);
      });
    }
    for (std::thread& thread : threads) thread.join();
  }
  for (const std::string& e : pair_error)
    if (!e.empty()) return fail(e);
  const double independent_speedup =
      records_off.deals_per_second() > 0
          ? (pair[0].deals_per_second() + pair[1].deals_per_second()) /
                records_off.deals_per_second()
          : 0;
  Json& tournament = out.set("tournament", Json::object());
  tournament.set("games", games);
  tournament.set("games_per_second_1", per_second_1);
  tournament.set("games_per_second_2", per_second_2);
  tournament.set("rounds", static_cast<long long>(plan.tournament_rounds));
  tournament.set("speedup", speedup);  // the median round's
  tournament.set("lowest_round_speedup", lowest_speedup);
  tournament.set("highest_round_speedup", highest_speedup);
  tournament.set("independent_engines_speedup", independent_speedup);
  if (text) {
    std::cout << "3. tournament: " << games
              << " games of random, lowest, ducker, heuristic, median of "
              << count_of(plan.tournament_rounds, "round") << "\n"
              << "  concurrency 1 " << std::setw(10) << fixed(per_second_1, 1) << " games/s\n"
              << "  concurrency 2 " << std::setw(10) << fixed(per_second_2, 1)
              << " games/s  speed-up " << fixed(speedup, 2)
              << "x (rounds: " << fixed(lowest_speedup, 2) << "x to " << fixed(highest_speedup, 2)
              << "x)\n"
              << "  for scale: two independent engine runs at once reach "
              << fixed(independent_speedup, 2) << "x one run\n\n";
  }

  // 4. Signature.
  Json& sig = out.set("signature", Json::object());
  sig.set("hash", signature.hash);
  sig.set("games", signature.games);
  sig.set("deals", signature.deals);
  sig.set("plays", signature.plays);
  if (text) {
    std::cout << "4. signature: " << signature.hash << "  (" << signature.games << " games, "
              << signature.deals << " deals, " << signature.plays << " plays, every preset)\n";
  } else {
    print_json(out);
  }
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<BenchFlags>();
  auto* bench = app.add_subcommand(
      "bench", "measure engine, transport and tournament speed, and print the bench signature");
  bench->add_flag("--json", flags->json, "machine-readable output");
  bench->add_flag("--quick", flags->quick, "a few seconds in all, rough figures (for CI)");
  bench->add_flag("--signature", flags->signature_only,
                  "print only the bench signature (a hash of a fixed-seed run's plays and scores)");
  bench->add_option("--plugin-dir", flags->plugin_dirs, "look for plugins here first (repeatable)");
  bench->callback([flags, exit_code] { *exit_code = run_bench(*flags); });
}

}  // namespace arena
