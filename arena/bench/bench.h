// `arena bench` measurements: engine throughput through the plugin interface, per-transport
// decision latency next to a bare gRPC call, and tournament scaling. Each function runs real
// games (real plugins, real child processes, real sockets) and returns plain figures; printing
// is cli_bench.cc's job. Nothing here asserts a speed: machines differ and are shared.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hearts/rules.h"
#include "match/clock.h"
#include "players/player.h"

namespace arena {

// Throughput of whole games on one thread.
struct EngineBench {
  long long games = 0;
  long long deals = 0;
  long long decisions = 0;
  double seconds = 0;
  double deals_per_second() const { return seconds > 0 ? deals / seconds : 0; }
};

// Plays games of `source` in every seat through the referee (observations, timing, watchdog)
// for at least `min_seconds`. With `records_path` non-empty every game is also written there, as
// `arena play --out` does. False with *error if a player cannot be made or a record written.
bool bench_engine(PlayerSource& source, const hearts::CompiledRules& rules, double min_seconds,
                  const std::string& records_path, EngineBench* out, std::string* error);

// The same games as bench_engine's (records off), played as the referee floor plays them
// (bench/referee_floor.h: what no timed referee can skip, and nothing more), for at least
// `min_seconds`. False with *error if a player cannot be made.
bool bench_referee_floor(PlayerSource& source, const hearts::CompiledRules& rules,
                         double min_seconds, EngineBench* out, std::string* error);

// Nanoseconds per read of `clock` (the referee's clock), over `reads` back-to-back reads. A
// referee reads it once per decision, so 1e9 / (this x decisions per deal) bounds deals/s.
double clock_read_ns(const Clock& clock, long long reads);

// Per-call latency of a series of calls.
struct LatencyBench {
  long long calls = 0;
  double seconds = 0;  // wall time of the whole series
  double mean_us = 0;
  double p50_us = 0;
  double p99_us = 0;
  double calls_per_second() const { return seconds > 0 ? calls / seconds : 0; }
};

// Times every decision of games with `source` in every seat, until `min_decisions` were made or
// `max_seconds` passed (whichever first, after at least one game).
bool bench_decisions(PlayerSource& source, const hearts::CompiledRules& rules,
                     long long min_decisions, double max_seconds, LatencyBench* out,
                     std::string* error);

// Times `calls` bare GetInfo calls (an empty request) to the gRPC bot at `target` (HOST:PORT).
bool bench_bare_grpc(const std::string& target, long long calls, LatencyBench* out,
                     std::string* error);

// `arena serve` of a bundled bot in a child process on a free loopback port, for the remote
// transport measurements. Killed when destroyed.
class ServeChild {
 public:
  // Starts `executable serve --bot BOT --listen 127.0.0.1:0`; null with *error.
  static std::unique_ptr<ServeChild> start(const std::string& executable, const std::string& bot,
                                           std::string* error);
  ~ServeChild();
  const std::string& address() const { return address_; }  // HOST:PORT

 private:
  ServeChild() = default;
  int pid_ = -1;
  std::string address_;
};

// Quantile q (0..1) of `values` (sorted in place), by nearest rank.
double quantile(std::vector<double>& values, double q);

}  // namespace arena
