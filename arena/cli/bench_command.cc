// `arena bench`: the arena's speed on this machine, and the bench signature.
//
// One run prints the machine and build, then (1) engine deals per second with four in-process
// `random` plugins, records off and on; (2) decisions per second and latency per transport next
// to a bare gRPC call; (3) tournament games per second at concurrency 1 and 2, isolation's
// cost, montecarlo's playouts per CPU-second; (4) the bench signature. --quick runs each part
// briefly (for CI: the figures are rough, nothing is asserted).
#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "bench/bench.h"
#include "bench/bench_signature.h"
#include "bench/montecarlo_bench.h"
#include "bench/pause_probe.h"
#include "bench/reference_deal.h"
#include "bench/search_bench.h"
#include "cli/cli_common.h"
#include "cli/commands.h"
#include "hearts/bit_dispatch.h"
#include "players/bot_specs.h"
#include "players/plugin_loader.h"
#include "tournament/tournament.h"

namespace arena {
namespace {

namespace fs = std::filesystem;

struct BenchFlags {
  bool json = false;
  bool quick = false;
  bool signature_only = false;
  double pauses_seconds = 0;  // > 0: only the pause probe, for this long
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
  int montecarlo_games;   // games of four montecarlo bots for the playouts figure
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
  out["calls"] = bench.calls;
  out["per_second"] = bench.calls_per_second();
  out["mean_us"] = bench.mean_us;
  out["p50_us"] = bench.p50_us;
  out["p99_us"] = bench.p99_us;
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

// Four `random` entrants, in-process or isolated (one child, which the four entrants of the same
// plugin file share), one thread; games/s.
bool bench_random_tournament(const BenchFlags& flags, bool isolated, int groups,
                             const fs::path& dir, int round, double* games_per_second,
                             std::string* error) {
  TournamentSetup setup;
  setup.rules = *hearts::preset_rules("standard");
  const std::string spec = isolated ? "isolated:random" : "random";
  setup.specs = {spec, spec, spec, spec};
  setup.groups = groups;
  setup.seed = 13;
  const fs::path out_dir =
      dir / ((isolated ? "random-isolated-r" : "random-in-process-r") + std::to_string(round));
  setup.out_dir = out_dir.string();
  setup.spec_options.log_dir = dir.string();
  setup.plugin_dirs = flags.plugin_dirs;
  setup.bootstrap_samples = 100;
  setup.quiet = true;
  setup.print_results = false;
  setup.command = "arena bench";
  const auto start = std::chrono::steady_clock::now();
  if (run_tournament(setup) != 0) {
    *error = std::string("bench: the tournament of four ") + (isolated ? "isolated " : "") +
             "random bots failed";
    return false;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  *games_per_second = 4.0 * groups / seconds;
  std::error_code ec;
  fs::remove_all(out_dir, ec);
  return true;
}

// --signature: the signature alone, as text or JSON.
void print_signature_only(const BenchFlags& flags, const BenchSignature& signature) {
  if (flags.json) {
    Json out = Json::object();
    out["signature"] = signature.hash;
    print_json(out);
  } else {
    std::cout << signature.hash << '\n';
  }
}

// Removes the bench's scratch directory when the run ends, however it ends.
struct RemoveDirOnExit {
  fs::path dir;
  ~RemoveDirOnExit() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

// Which n-th-set-bit path the engine takes on this processor (hearts/bit_dispatch.h).
const char* bit_path() {
  return hearts::detail::kFastPdep ? "pdep" : "portable";
}

void add_machine_json(const BenchFlags& flags, Json* out) {
  Json& machine = (*out)["machine"] = Json::object();
  machine["cpu"] = cpu_model();
  machine["cores"] = static_cast<long long>(std::thread::hardware_concurrency());
  machine["build"] = build_description();
  machine["bit_path"] = bit_path();
  machine["quick"] = flags.quick;
}

void print_machine(const BenchFlags& flags) {
  std::cout << "arena bench" << (flags.quick ? " --quick (rough figures)" : "") << "\n"
            << "machine: " << cpu_model() << ", " << std::thread::hardware_concurrency()
            << " cores, bit path " << bit_path() << "\nbuild:   " << build_description() << "\n\n";
}

// What the parts of one bench run share.
struct BenchRun {
  const BenchFlags& flags;
  const BenchPlan& plan;
  const fs::path& dir;  // scratch directory, removed at the end
  const std::vector<std::string>& search_path;
  const hearts::CompiledRules& rules;  // standard
  PlayerSource& random;                // the in-process random plugin
};

// 1. Engine.
// Issue 18's referee target, records off. The bench prints the floor's share of it: below 1, no
// referee that times and calls a plugin per decision reaches it on this machine, fair or not.
constexpr double kRefereeTargetDealsPerSecond = 700'000;

struct EngineFigures {
  EngineBench records_off, records_on;  // summed over the paired rounds
  // Records on over records off, deals per second, per round: median and range.
  double records_ratio_median = 0, records_ratio_low = 0, records_ratio_high = 0;
  EngineBench floor;  // the same games at the referee floor (bench/referee_floor.h)
  // Records off over the floor, per round: median and range.
  double floor_ratio_median = 0, floor_ratio_low = 0, floor_ratio_high = 0;
  EngineAloneBench alone;  // the SDK Game without the referee, against the reference loop
  double clock_ns = 0;
  double clock_ceiling = 0;
};

void add_bench(const EngineBench& round, EngineBench* total) {
  total->games += round.games;
  total->deals += round.deals;
  total->decisions += round.decisions;
  total->seconds += round.seconds;
}

// The median, lowest and highest of `ratios` (sorted in place), zeros if there are none.
void ratio_summary(std::vector<double>& ratios, double* median, double* low, double* high) {
  std::sort(ratios.begin(), ratios.end());
  if (ratios.empty()) return;
  *median = ratios[ratios.size() / 2];
  *low = ratios.front();
  *high = ratios.back();
}

// Records off, records on and the floor, in five rounds: the ratios of each round share its
// load on a shared machine, where two runs far apart can differ by a third.
bool measure_records_pairs(const BenchRun& run, EngineFigures* engine, std::string* error) {
  constexpr int kRounds = 5;
  const double seconds = run.plan.engine_seconds / kRounds;
  std::vector<double> on_to_off, off_to_floor;
  for (int round = 0; round < kRounds; ++round) {
    EngineBench off, on, floor;
    if (!bench_engine(run.random, run.rules, seconds, "", &off, error) ||
        !bench_engine(run.random, run.rules, seconds, (run.dir / "bench.records").string(), &on,
                      error) ||
        !bench_referee_floor(run.random, run.rules, seconds, &floor, error)) {
      return false;
    }
    add_bench(off, &engine->records_off);
    add_bench(on, &engine->records_on);
    add_bench(floor, &engine->floor);
    if (off.deals_per_second() > 0)
      on_to_off.push_back(on.deals_per_second() / off.deals_per_second());
    if (floor.deals_per_second() > 0)
      off_to_floor.push_back(off.deals_per_second() / floor.deals_per_second());
  }
  ratio_summary(on_to_off, &engine->records_ratio_median, &engine->records_ratio_low,
                &engine->records_ratio_high);
  ratio_summary(off_to_floor, &engine->floor_ratio_median, &engine->floor_ratio_low,
                &engine->floor_ratio_high);
  return true;
}

bool measure_engine(const BenchRun& run, EngineFigures* engine, std::string* error) {
  if (!measure_records_pairs(run, engine, error)) return false;
  // Five paired rounds: the engine alone and the minimal loop share each round's conditions.
  engine->alone = bench_engine_alone(run.plan.engine_seconds / 5, 5);
  const EngineBench& records_off = engine->records_off;
  // The floor that timing every decision puts under a deal on this machine.
  const double clock_ns = clock_read_ns(TscClock(), run.flags.quick ? 100'000 : 10'000'000);
  const double decisions_per_deal =
      records_off.deals > 0 ? static_cast<double>(records_off.decisions) / records_off.deals : 0;
  engine->clock_ns = clock_ns;
  engine->clock_ceiling =
      clock_ns > 0 && decisions_per_deal > 0 ? 1e9 / (clock_ns * decisions_per_deal) : 0;
  return true;
}

void add_engine_json(const EngineFigures& figures, Json* out) {
  Json& engine = (*out)["engine"] = Json::object();
  engine["clock_read_ns"] = figures.clock_ns;
  engine["clock_counter"] = TscClock::uses_counter();
  engine["timed_referee_ceiling_deals_per_second"] = figures.clock_ceiling;
  const EngineAloneBench& alone = figures.alone;
  engine["alone_deals_per_cpu_second"] = alone.engine_per_second();
  engine["reference_deals_per_cpu_second"] = alone.reference_per_second();
  engine["alone_with_clock_deals_per_cpu_second"] = alone.timed_per_second();
  engine["records_off_to_alone_with_clock"] =
      alone.share_of_timed(figures.records_off.deals_per_second());
  engine["alone_to_reference"] = {
      {"median", alone.ratio_median}, {"low", alone.ratio_low}, {"high", alone.ratio_high}};
  for (const auto& [name, bench] :
       {std::pair{"records_off", &figures.records_off},
        std::pair{"records_on", &figures.records_on}, std::pair{"referee_floor", &figures.floor}}) {
    Json& entry = engine[name] = Json::object();
    entry["deals"] = bench->deals;
    entry["decisions"] = bench->decisions;
    entry["seconds"] = bench->seconds;
    entry["deals_per_second"] = bench->deals_per_second();
  }
  engine["records_on_to_off"] = {{"median", figures.records_ratio_median},
                                 {"low", figures.records_ratio_low},
                                 {"high", figures.records_ratio_high}};
  engine["records_off_to_floor"] = {{"median", figures.floor_ratio_median},
                                    {"low", figures.floor_ratio_low},
                                    {"high", figures.floor_ratio_high}};
  engine["referee_target_deals_per_second"] = kRefereeTargetDealsPerSecond;
  engine["referee_floor_to_target"] =
      figures.floor.deals_per_second() / kRefereeTargetDealsPerSecond;
}

void print_engine(const EngineFigures& figures) {
  const EngineBench& records_off = figures.records_off;
  const EngineBench& records_on = figures.records_on;
  std::cout << "1. engine: random deals/s on one thread, 4 x random plugin, standard rules\n"
            << "  records off  " << std::setw(12) << fixed(records_off.deals_per_second(), 0)
            << " deals/s  (" << records_off.deals << " deals, "
            << fixed(records_off.decisions / records_off.seconds / 1e6, 2) << " M decisions/s)\n"
            << "  records on   " << std::setw(12) << fixed(records_on.deals_per_second(), 0)
            << " deals/s  (" << records_on.deals << " deals)\n"
            << "  on / off     " << std::setw(12) << fixed(figures.records_ratio_median, 2)
            << "          (median of 5 paired rounds, " << fixed(figures.records_ratio_low, 2)
            << "-" << fixed(figures.records_ratio_high, 2) << ")\n"
            << "  referee floor" << std::setw(12) << fixed(figures.floor.deals_per_second(), 0)
            << " deals/s  (the same games; per decision only the seat's view uncopied, its seed, a "
               "clock read, the call and a legality check)\n"
            << "  off / floor  " << std::setw(12) << fixed(figures.floor_ratio_median, 2)
            << "          (median of 5 paired rounds, " << fixed(figures.floor_ratio_low, 2) << "-"
            << fixed(figures.floor_ratio_high, 2) << ")\n"
            << "  floor / target" << std::setw(11)
            << fixed(figures.floor.deals_per_second() / kRefereeTargetDealsPerSecond, 2)
            << "          (the floor over issue 18's " << fixed(kRefereeTargetDealsPerSecond, 0)
            << " deals/s: below 1, no referee of plugins reaches it here)\n"
            << "  engine alone " << std::setw(12) << fixed(figures.alone.engine_per_second(), 0)
            << " deals/CPU-s (the SDK Game, standard rules with the pass held, no referee)\n"
            << "  reference    " << std::setw(12) << fixed(figures.alone.reference_per_second(), 0)
            << " deals/CPU-s (the minimal bit-set deal, arena/bench/reference_deal.cc)\n"
            << "  alone / ref. " << std::setw(12) << fixed(figures.alone.ratio_median, 2)
            << "          (median of 5 paired rounds, " << fixed(figures.alone.ratio_low, 2) << "-"
            << fixed(figures.alone.ratio_high, 2) << ")\n"
            << "  clock read   " << std::setw(12) << fixed(figures.clock_ns, 1) << " ns       ("
            << (TscClock::uses_counter() ? "time-stamp counter" : "steady_clock")
            << "; a read per decision caps a timed referee at " << fixed(figures.clock_ceiling, 0)
            << " deals/s)\n"
            << "  alone + clock" << std::setw(12) << fixed(figures.alone.timed_per_second(), 0)
            << " deals/CPU-s (the engine alone with a clock read per card)\n"
            << "  off / that   " << std::setw(12)
            << fixed(figures.alone.share_of_timed(records_off.deals_per_second()), 2)
            << "          (issue 18 asks for 0.8; floor / that "
            << fixed(figures.alone.share_of_timed(figures.floor.deals_per_second()), 2) << ")\n\n";
}

// 2. Transports. The bots and server measured; they live until the bench ends.
struct TransportBots {
  std::shared_ptr<PlayerSource> isolated;
  std::unique_ptr<ServeChild> server;
  std::shared_ptr<PlayerSource> remote;
};

struct TransportFigures {
  LatencyBench in_process, isolated, remote, bare;
  double ratio_mean = 0;
  double ratio_p50 = 0;
};

bool start_transport_bots(const BenchRun& run, TransportBots* bots, std::string* error) {
  SpecOptions spec_options;
  spec_options.log_dir = run.dir.string();
  bots->isolated = resolve_bot_spec("isolated:random", run.search_path, error, spec_options);
  if (!bots->isolated) return false;
  std::error_code ec;
  const std::string executable = fs::read_symlink("/proc/self/exe", ec).string();
  bots->server = ServeChild::start(executable, "random", error);
  if (!bots->server) return false;
  bots->remote =
      resolve_bot_spec("grpc://" + bots->server->address(), run.search_path, error, spec_options);
  return bots->remote != nullptr;
}

bool measure_transports(const BenchRun& run, const TransportBots& bots,
                        TransportFigures* transports, std::string* error) {
  const BenchPlan& plan = run.plan;
  const std::string& address = bots.server->address();
  LatencyBench bare_before, bare_after;
  // Bare calls before and after the remote games, so both see the same conditions.
  if (!bench_decisions(run.random, run.rules, plan.decisions * 10, plan.transport_max_seconds,
                       &transports->in_process, error) ||
      !bench_decisions(*bots.isolated, run.rules, plan.decisions, plan.transport_max_seconds,
                       &transports->isolated, error) ||
      !bench_bare_grpc(address, plan.bare_calls / 2, &bare_before, error) ||
      !bench_decisions(*bots.remote, run.rules, plan.decisions, plan.transport_max_seconds,
                       &transports->remote, error) ||
      !bench_bare_grpc(address, plan.bare_calls / 2, &bare_after, error)) {
    return false;
  }
  LatencyBench& bare = transports->bare = bare_before;
  bare.calls += bare_after.calls;
  bare.seconds += bare_after.seconds;
  bare.mean_us = (bare_before.mean_us + bare_after.mean_us) / 2;
  bare.p50_us = (bare_before.p50_us + bare_after.p50_us) / 2;
  bare.p99_us = (bare_before.p99_us + bare_after.p99_us) / 2;
  const LatencyBench& remote = transports->remote;
  transports->ratio_mean = bare.mean_us > 0 ? remote.mean_us / bare.mean_us : 0;
  transports->ratio_p50 = bare.p50_us > 0 ? remote.p50_us / bare.p50_us : 0;
  return true;
}

void add_transports_json(const TransportFigures& figures, Json* out) {
  Json& transports = (*out)["transports"] = Json::object();
  transports["in_process"] = latency_json(figures.in_process);
  transports["isolated"] = latency_json(figures.isolated);
  transports["remote_grpc"] = latency_json(figures.remote);
  transports["bare_grpc_call"] = latency_json(figures.bare);
  transports["isolated_over_in_process"] =
      figures.in_process.calls_per_second() > 0
          ? figures.isolated.calls_per_second() / figures.in_process.calls_per_second()
          : 0;
  transports["remote_over_bare_mean"] = figures.ratio_mean;
  transports["remote_over_bare_p50"] = figures.ratio_p50;
}

void print_transports(const TransportFigures& figures) {
  std::cout << "2. decisions per transport (random bot in every seat)\n"
            << latency_line("in-process plugin", figures.in_process) << '\n'
            << latency_line("isolated plugin", figures.isolated) << '\n'
            << latency_line("remote gRPC (loopback)", figures.remote) << '\n'
            << latency_line("bare gRPC GetInfo call", figures.bare) << '\n'
            << "  isolated / in-process: "
            << fixed(
                   figures.in_process.calls_per_second() > 0
                       ? figures.isolated.calls_per_second() / figures.in_process.calls_per_second()
                       : 0,
                   4)
            << "x the decisions per second\n"
            << "  remote / bare: " << fixed(figures.ratio_mean, 2) << "x (mean), "
            << fixed(figures.ratio_p50, 2) << "x (p50)\n\n";
}

// 3. Tournament scaling.
struct TournamentFigures {
  long long games = 0;
  double per_second_1 = 0;
  double per_second_2 = 0;
  double lowest_speedup = 0;
  double highest_speedup = 0;
  double speedup = 0;  // the median round's
  double independent_speedup = 0;
};

// A shared VM's speed drifts by more than the effect measured, so each round runs the two
// concurrencies back to back (alternating which goes first) and the speed-up is the median of the
// rounds' ratios: a slow stretch of the machine falls on both runs of a round, or on one round.
// The rates shown are the medians of the rounds too.
bool measure_tournament_rounds(const BenchRun& run, TournamentFigures* tournament,
                               std::string* error) {
  std::vector<double> rates_1, rates_2, round_speedups;
  for (int round = 0; round < run.plan.tournament_rounds; ++round) {
    double round_1 = 0, round_2 = 0;
    for (int concurrency : round % 2 == 0 ? std::array{1, 2} : std::array{2, 1}) {
      if (!bench_tournament(run.flags, run.plan.tournament_groups, concurrency, run.dir, round,
                            concurrency == 1 ? &round_1 : &round_2, &tournament->games, error)) {
        return false;
      }
    }
    rates_1.push_back(round_1);
    rates_2.push_back(round_2);
    round_speedups.push_back(round_1 > 0 ? round_2 / round_1 : 0);
  }
  tournament->per_second_1 = quantile(rates_1, 0.5);
  tournament->per_second_2 = quantile(rates_2, 0.5);
  tournament->lowest_speedup = *std::min_element(round_speedups.begin(), round_speedups.end());
  tournament->highest_speedup = *std::max_element(round_speedups.begin(), round_speedups.end());
  tournament->speedup = quantile(round_speedups, 0.5);
  return true;
}

// The machine's own ceiling for this work: two independent engine runs at once, no shared
// state at all. On a VM whose two vCPUs share a core this is far below 2x.
bool measure_independent_engines(const BenchRun& run, const EngineBench& records_off,
                                 double* independent_speedup, std::string* error) {
  EngineBench pair[2];
  std::string pair_error[2];
  {
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t) {
      threads.emplace_back([&, t] {
        bench_engine(run.random, run.rules, run.plan.engine_seconds, "", &pair[t], &pair_error[t]);
      });
    }
    for (std::thread& thread : threads) thread.join();
  }
  for (const std::string& e : pair_error) {
    if (!e.empty()) {
      *error = e;
      return false;
    }
  }
  *independent_speedup = records_off.deals_per_second() > 0
                             ? (pair[0].deals_per_second() + pair[1].deals_per_second()) /
                                   records_off.deals_per_second()
                             : 0;
  return true;
}

void add_tournament_json(const TournamentFigures& figures, const BenchPlan& plan, Json* out) {
  Json& tournament = (*out)["tournament"] = Json::object();
  tournament["games"] = figures.games;
  tournament["games_per_second_1"] = figures.per_second_1;
  tournament["games_per_second_2"] = figures.per_second_2;
  tournament["rounds"] = static_cast<long long>(plan.tournament_rounds);
  tournament["speedup"] = figures.speedup;  // the median round's
  tournament["lowest_round_speedup"] = figures.lowest_speedup;
  tournament["highest_round_speedup"] = figures.highest_speedup;
  tournament["independent_engines_speedup"] = figures.independent_speedup;
}

void print_tournament(const TournamentFigures& figures, const BenchPlan& plan) {
  std::cout << "3. tournament: " << figures.games
            << " games of random, lowest, ducker, heuristic, median of "
            << count_of(plan.tournament_rounds, "round") << "\n"
            << "  concurrency 1 " << std::setw(10) << fixed(figures.per_second_1, 1) << " games/s\n"
            << "  concurrency 2 " << std::setw(10) << fixed(figures.per_second_2, 1)
            << " games/s  speed-up " << fixed(figures.speedup, 2)
            << "x (rounds: " << fixed(figures.lowest_speedup, 2) << "x to "
            << fixed(figures.highest_speedup, 2) << "x)\n"
            << "  for scale: two independent engine runs at once reach "
            << fixed(figures.independent_speedup, 2) << "x one run\n";
}

// 3b. Isolation's cost to a tournament: four random bots in-process and isolated, paired in
// rounds (alternating which goes first), the ratio the median round's.
struct IsolationFigures {
  double in_process = 0;
  double isolated = 0;
  double ratio = 0;
};

bool measure_isolation_cost(const BenchRun& run, IsolationFigures* figures, std::string* error) {
  std::vector<double> in_process, isolated, ratios;
  for (int round = 0; round < run.plan.tournament_rounds; ++round) {
    double rate[2] = {0, 0};  // in-process, isolated
    for (bool iso : round % 2 == 0 ? std::array{false, true} : std::array{true, false}) {
      // At most 200 groups (800 games): enough to cover the children's start-up many times over.
      if (!bench_random_tournament(run.flags, iso, std::min(run.plan.tournament_groups, 200),
                                   run.dir, round, &rate[iso ? 1 : 0], error)) {
        return false;
      }
    }
    in_process.push_back(rate[0]);
    isolated.push_back(rate[1]);
    ratios.push_back(rate[0] > 0 ? rate[1] / rate[0] : 0);
  }
  figures->in_process = quantile(in_process, 0.5);
  figures->isolated = quantile(isolated, 0.5);
  figures->ratio = quantile(ratios, 0.5);
  return true;
}

void add_isolation_json(const IsolationFigures& figures, Json* out) {
  Json& cost = (*out)["isolation"] = Json::object();
  cost["in_process_games_per_second"] = figures.in_process;
  cost["isolated_games_per_second"] = figures.isolated;
  cost["isolated_over_in_process"] = figures.ratio;
}

void print_isolation(const IsolationFigures& figures) {
  std::cout << "  four random bots, concurrency 1: in-process " << fixed(figures.in_process, 1)
            << " games/s, isolated " << fixed(figures.isolated, 1) << " games/s ("
            << fixed(figures.ratio, 2) << "x, paired)\n\n";
}

// 3d. Search: the ismcts plugin's iterations per second, a fixed count per searched decision.
bool measure_search(const BenchRun& run, bool text, Json* out, std::string* error) {
  constexpr int kIterations = 200;
  SearchBench search;
  if (!bench_search(run.search_path, run.rules, kIterations, run.flags.quick ? 20 : 400,
                    run.flags.quick ? 2.0 : 20.0, &search, error)) {
    return false;
  }
  Json& figures = (*out)["search"] = Json::object();
  figures["bot"] = "ismcts";
  figures["iterations_per_decision"] = search.iterations_per_decision;
  figures["searched_decisions"] = search.searched_decisions;
  figures["seconds"] = search.seconds;
  figures["iterations_per_second"] = search.iterations_per_second();
  if (text) {
    std::cout << "3d. ismcts: search iterations per second, 4 x ismcts, " << kIterations
              << " iterations per searched decision\n"
              << "  iterations   " << std::setw(12) << fixed(search.iterations_per_second(), 0)
              << " /s      (at least; " << search.searched_decisions << " decisions)\n\n";
  }
  return true;
}

// 3c. montecarlo's playouts per CPU-second (bench/montecarlo_bench.h): worlds fixed, so the
// same positions and playouts on every machine; only the CPU time differs.
constexpr int kMonteCarloSamples = 20;

bool measure_montecarlo(const BenchRun& run, PlayoutBench* figures, std::string* error) {
  auto montecarlo = resolve_bot_spec("montecarlo", run.search_path, error);
  return montecarlo && bench_montecarlo(*montecarlo, run.rules, kMonteCarloSamples,
                                        run.plan.montecarlo_games, figures, error);
}

void add_montecarlo_json(const PlayoutBench& figures, Json* out) {
  Json& mc = (*out)["montecarlo"] = Json::object();
  mc["samples"] = kMonteCarloSamples;
  mc["games"] = figures.games;
  mc["deals"] = figures.deals;
  mc["searched_decisions"] = figures.searched_decisions;
  mc["worlds"] = figures.worlds;
  mc["playouts"] = figures.playouts;
  mc["cpu_seconds"] = figures.cpu_seconds;
  mc["playouts_per_cpu_second"] = figures.playouts_per_cpu_second();
}

void print_montecarlo(const PlayoutBench& figures) {
  std::cout << "3c. montecarlo: playouts (one candidate card rolled out in one sampled world) per "
               "CPU-second, 4 x montecarlo, HEARTS_MC_SAMPLES="
            << kMonteCarloSamples << "\n"
            << "  playouts     " << std::setw(12) << fixed(figures.playouts_per_cpu_second(), 0)
            << " /CPU-s  (" << figures.playouts << " in "
            << count_of(figures.searched_decisions, "searched decision") << ", "
            << count_of(figures.games, "game") << ", " << fixed(figures.cpu_seconds, 2)
            << " CPU-s)\n\n";
}

// 4. Signature.
void add_signature_json(const BenchSignature& signature, Json* out) {
  Json& sig = (*out)["signature"] = Json::object();
  sig["hash"] = signature.hash;
  sig["games"] = signature.games;
  sig["deals"] = signature.deals;
  sig["plays"] = signature.plays;
}

void print_signature(const BenchSignature& signature) {
  std::cout << "4. signature: " << signature.hash << "  (" << signature.games << " games, "
            << signature.deals << " deals, " << signature.plays << " plays, every preset)\n";
}

// `--pauses SECONDS`: one spinning thread per core, and how often and how long the machine
// stopped them (bench/pause_probe.h).
int run_pause_probe(const BenchFlags& flags) {
  const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const PauseSummary s =
      summarize_pauses(probe_pauses(threads, flags.pauses_seconds), flags.pauses_seconds);
  if (flags.json) {
    Json out = Json::object();
    add_machine_json(flags, &out);
    Json pauses = Json::object();
    pauses["seconds"] = s.seconds;
    pauses["threads"] = static_cast<long long>(s.threads);
    Json over = Json::array();
    for (size_t k = 0; k < s.thresholds_us.size(); ++k) {
      Json bucket = Json::object();
      bucket["at_least_us"] = static_cast<long long>(s.thresholds_us[k]);
      bucket["gaps"] = static_cast<long long>(s.gaps_over[k]);
      over.push_back(bucket);
    }
    pauses["gaps"] = over;
    pauses["longest_us"] = static_cast<long long>(s.longest_us);
    pauses["gaps_of_1ms_or_more"] = static_cast<long long>(s.long_gaps);
    pauses["shared_by_another_thread"] = static_cast<long long>(s.shared_gaps);
    out["pauses"] = pauses;
    print_json(out);
    return 0;
  }
  print_machine(flags);
  std::cout << std::fixed << std::setprecision(1) << "pauses: " << s.threads
            << " threads spinning for " << s.seconds << " s, reading the clock back to back\n ";
  for (size_t k = 0; k < s.thresholds_us.size(); ++k) {
    std::cout << " >= " << s.thresholds_us[k] / 1000 << " ms: " << s.gaps_over[k] << " ";
  }
  std::cout << " longest " << s.longest_us / 1000.0 << " ms\n";
  if (s.long_gaps > 0) {
    std::cout << "  " << s.shared_gaps << " of the " << s.long_gaps
              << " gaps of 1 ms or more came while another thread was stopped too (the whole "
                 "machine paused)\n";
  }
  std::cout << "  a decision limit shorter than the longest pause can be missed by any bot that "
               "thinks, unless the kernel shows the pause as the host's (docs/tournaments.md, "
               "\"Short limits and the machine's pauses\")\n";
  return 0;
}

int run_bench(const BenchFlags& flags) {
  if (flags.pauses_seconds > 0) return run_pause_probe(flags);
  const auto search_path = plugin_search_path(flags.plugin_dirs);
  std::string error;
  BenchSignature signature;
  if (!compute_bench_signature(search_path, &signature, &error)) return fail(error);
  if (flags.signature_only) {
    print_signature_only(flags, signature);
    return 0;
  }

  const BenchPlan plan = flags.quick ? BenchPlan{0.2, 2'000, 2.0, 1'000, 2, 1, 1}
                                     : BenchPlan{3.0, 40'000, 20.0, 20'000, 1500, 5, 3};
  const fs::path dir = fs::temp_directory_path() / ("arena-bench-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const RemoveDirOnExit cleanup{dir};
  const bool text = !flags.json;
  Json out = Json::object();
  add_machine_json(flags, &out);
  if (text) print_machine(flags);

  const hearts::CompiledRules rules = *hearts::compile(*hearts::preset_rules("standard"));
  auto random = resolve_bot_spec("random", search_path, &error);
  if (!random) return fail(error);
  const BenchRun run{flags, plan, dir, search_path, rules, *random};
  EngineFigures engine;
  if (!measure_engine(run, &engine, &error)) return fail(error);
  add_engine_json(engine, &out);
  if (text) print_engine(engine);

  TransportBots bots;
  TransportFigures transports;
  if (!start_transport_bots(run, &bots, &error) ||
      !measure_transports(run, bots, &transports, &error)) {
    return fail(error);
  }
  add_transports_json(transports, &out);
  if (text) print_transports(transports);

  TournamentFigures tournament;
  if (!measure_tournament_rounds(run, &tournament, &error) ||
      !measure_independent_engines(run, engine.records_off, &tournament.independent_speedup,
                                   &error)) {
    return fail(error);
  }
  IsolationFigures isolation;
  if (!measure_isolation_cost(run, &isolation, &error)) return fail(error);
  PlayoutBench montecarlo;
  if (!measure_montecarlo(run, &montecarlo, &error)) return fail(error);
  add_tournament_json(tournament, plan, &out);
  add_isolation_json(isolation, &out);
  add_montecarlo_json(montecarlo, &out);
  if (text) {
    print_tournament(tournament, plan);
    print_isolation(isolation);
    print_montecarlo(montecarlo);
  }
  if (!measure_search(run, text, &out, &error)) return fail(error);

  add_signature_json(signature, &out);
  if (text) {
    print_signature(signature);
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
  bench
      ->add_option("--pauses", flags->pauses_seconds,
                   "only probe the machine's pauses: spin a thread per core for SECONDS and "
                   "count the gaps in their clock reads (the floor under a decision limit)")
      ->check(CLI::Range(0.01, 3600.0));
  bench->callback([flags, exit_code] { *exit_code = run_bench(*flags); });
}

}  // namespace arena
