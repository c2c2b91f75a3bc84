#include "bench/bench.h"

#include <grpcpp/grpcpp.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "bench/referee_floor.h"
#include "bot_service.grpc.pb.h"
#include "hearts/rng.h"
#include "match/referee.h"
#include "match/seating.h"
#include "match/watchdog.h"
#include "players/forwarding_player.h"
#include "records/records_io.h"

namespace arena {
namespace {

using BenchClock = std::chrono::steady_clock;

double seconds_since(BenchClock::time_point start) {
  return std::chrono::duration<double>(BenchClock::now() - start).count();
}

// The players of one game, every seat from `source`, seeded as `arena play` seeds them.
bool make_players(PlayerSource& source, const hearts::CompiledRules& rules, uint64_t game_seed,
                  SeatedPlayers* players, std::string* error) {
  const std::vector<PlayerSource*> seat_sources(static_cast<size_t>(rules.rules.num_players),
                                                &source);
  return seat_players(seat_sources, rules, game_seed, players, error);
}

// Wraps a player and records the wall time of each decision, in microseconds.
class TimedPlayer final : public ForwardingPlayer {
 public:
  TimedPlayer(Player& inner, std::vector<double>& latencies_us)
      : ForwardingPlayer(inner), latencies_us_(latencies_us) {}
  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    const auto start = BenchClock::now();
    CallResult result = inner().decide(obs, out);
    latencies_us_.push_back(
        std::chrono::duration<double, std::micro>(BenchClock::now() - start).count());
    return result;
  }

 private:
  std::vector<double>& latencies_us_;
};

void summarise(std::vector<double>& latencies_us, double seconds, LatencyBench* out) {
  out->calls = static_cast<long long>(latencies_us.size());
  out->seconds = seconds;
  double sum = 0;
  for (double value : latencies_us) sum += value;
  out->mean_us = latencies_us.empty() ? 0 : sum / static_cast<double>(latencies_us.size());
  out->p50_us = quantile(latencies_us, 0.50);
  out->p99_us = quantile(latencies_us, 0.99);
}

constexpr uint64_t kBenchSeed = 7;

// Plays the bench's games (seeds from kBenchSeed, fresh players from `source` each game) with
// `play_one(seed, game_index, seats)` for at least `min_seconds`, counting them into *out.
// `play_one` returns false with *error to stop; it adds the game's deals and decisions to *out.
template <typename PlayOne>
bool timed_games(PlayerSource& source, const hearts::CompiledRules& rules, double min_seconds,
                 EngineBench* out, std::string* error, const PlayOne& play_one) {
  SeatedPlayers players;
  *out = EngineBench{};
  const auto start = BenchClock::now();
  do {
    for (int batch = 0; batch < 16; ++batch) {  // read the clock once per batch of games
      const uint64_t seed = hearts::derive_seed(kBenchSeed, static_cast<uint64_t>(out->games));
      if (!make_players(source, rules, seed, &players, error)) return false;
      if (!play_one(seed, static_cast<uint32_t>(out->games), players.seats)) return false;
      ++out->games;
    }
  } while (seconds_since(start) < min_seconds);
  out->seconds = seconds_since(start);
  return true;
}

}  // namespace

double quantile(std::vector<double>& values, double q) {
  if (values.empty()) return 0;
  const size_t rank = std::min(
      values.size() - 1,
      static_cast<size_t>(std::ceil(q * static_cast<double>(values.size()))) - (q > 0 ? 1 : 0));
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rank),
                   values.end());
  return values[rank];
}

bool bench_engine(PlayerSource& source, const hearts::CompiledRules& rules, double min_seconds,
                  const std::string& records_path, EngineBench* out, std::string* error) {
  std::unique_ptr<RecordsWriter> writer;
  if (!records_path.empty()) {
    hearts::proto::RecordsHeader header;
    header.set_arena_version(HEARTS_ARENA_VERSION);
    header.set_command("arena bench");
    add_bot(source.identity(), &header);
    header.set_series_seed(kBenchSeed);
    writer = RecordsWriter::create(records_path, header, error);
    if (!writer) return false;
  }
  const TscClock clock;
  Watchdog watchdog(10'000'000);  // as `arena play` runs: hang protection included in the cost
  Referee referee(rules, RefereeOptions{}, clock, &watchdog, watchdog.add_slot());
  hearts::proto::GameRecord record;
  return timed_games(source, rules, min_seconds, out, error,
                     [&](uint64_t seed, uint32_t game, std::span<Player* const> seats) {
                       const GameOutcome outcome =
                           referee.play_game(seed, game, seats, writer ? &record : nullptr);
                       if (writer) {
                         for (int s = 0; s < rules.rules.num_players; ++s) record.add_seat_bots(0);
                         if (!writer->append(record, error)) return false;
                       }
                       out->deals += outcome.deals;
                       for (const SeatOutcome& seat : outcome.seats) {
                         out->decisions += seat.decisions;
                       }
                       return true;
                     });
}

bool bench_referee_floor(PlayerSource& source, const hearts::CompiledRules& rules,
                         double min_seconds, EngineBench* out, std::string* error) {
  const TscClock clock;
  return timed_games(source, rules, min_seconds, out, error,
                     [&](uint64_t seed, uint32_t, std::span<Player* const> seats) {
                       const FloorGame game = play_floor_game(rules, seed, seats, clock,
                                                              RefereeOptions{}.move_time_us);
                       out->deals += game.deals;
                       out->decisions += game.decisions;
                       return true;
                     });
}

double clock_read_ns(const Clock& clock, long long reads) {
  int64_t sink = 0;  // summed so that no read can be optimised away
  const auto start = BenchClock::now();
  for (long long k = 0; k < reads; ++k) sink += clock.now_us();
  const double seconds = seconds_since(start);
  volatile int64_t keep = sink;
  (void)keep;
  return reads > 0 ? seconds * 1e9 / static_cast<double>(reads) : 0;
}

bool bench_decisions(PlayerSource& source, const hearts::CompiledRules& rules,
                     long long min_decisions, double max_seconds, LatencyBench* out,
                     std::string* error) {
  std::vector<double> latencies_us;
  latencies_us.reserve(static_cast<size_t>(min_decisions) + 1024);
  const TscClock clock;
  Referee referee(rules, RefereeOptions{}, clock);
  SeatedPlayers players;
  std::vector<std::unique_ptr<TimedPlayer>> timed;
  std::vector<Player*> seats;
  const auto start = BenchClock::now();
  for (uint32_t game = 0;; ++game) {
    const uint64_t seed = hearts::derive_seed(kBenchSeed, game);
    if (!make_players(source, rules, seed, &players, error)) return false;
    timed.clear();
    seats.clear();
    for (auto& player : players.owned) {
      timed.push_back(std::make_unique<TimedPlayer>(*player, latencies_us));
      seats.push_back(timed.back().get());
    }
    const GameOutcome outcome = referee.play_game(seed, game, seats, nullptr);
    for (int s = 0; s < rules.rules.num_players; ++s) {
      if (outcome.seats[s].violations > 0) {
        *error = "bot '" + source.identity().spec + "' had " +
                 std::to_string(outcome.seats[s].violations) + " violations in bench game " +
                 std::to_string(game + 1) + "; its figures would not be meaningful";
        return false;
      }
    }
    if (static_cast<long long>(latencies_us.size()) >= min_decisions) break;
    if (seconds_since(start) >= max_seconds) break;
  }
  summarise(latencies_us, seconds_since(start), out);
  return true;
}

bool bench_bare_grpc(const std::string& target, long long calls, LatencyBench* out,
                     std::string* error) {
  auto channel = grpc::CreateChannel(target, grpc::InsecureChannelCredentials());
  auto stub = hearts::proto::Bot::NewStub(channel);
  if (!channel->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(5))) {
    *error = "bare gRPC call: cannot connect to " + target;
    return false;
  }
  std::vector<double> latencies_us;
  latencies_us.reserve(static_cast<size_t>(calls));
  const hearts::proto::InfoRequest request;
  const auto start = BenchClock::now();
  for (long long k = 0; k < calls; ++k) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    hearts::proto::BotInfoReply reply;
    const auto call_start = BenchClock::now();
    const grpc::Status status = stub->GetInfo(&context, request, &reply);
    latencies_us.push_back(
        std::chrono::duration<double, std::micro>(BenchClock::now() - call_start).count());
    if (!status.ok()) {
      *error = "bare gRPC call to " + target + " failed: " + status.error_message();
      return false;
    }
  }
  summarise(latencies_us, seconds_since(start), out);
  return true;
}

std::unique_ptr<ServeChild> ServeChild::start(const std::string& executable, const std::string& bot,
                                              std::string* error) {
  int fds[2];
  if (::pipe(fds) != 0) {
    *error = "bench: cannot create a pipe for the serve child";
    return nullptr;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    *error = "bench: fork failed";
    return nullptr;
  }
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the bench
    ::dup2(fds[1], STDOUT_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    std::string args[] = {executable, "serve", "--bot", bot, "--listen", "127.0.0.1:0"};
    char* argv[] = {args[0].data(), args[1].data(), args[2].data(), args[3].data(),
                    args[4].data(), args[5].data(), nullptr};
    ::execv(argv[0], argv);
    ::_exit(127);
  }
  ::close(fds[1]);
  std::unique_ptr<ServeChild> child(new ServeChild());
  child->pid_ = pid;
  // The first line is "listening on HOST:PORT (bot ...)"; wait at most 10 s for it.
  std::string line;
  const auto start = BenchClock::now();
  while (line.find('\n') == std::string::npos && seconds_since(start) < 10) {
    pollfd p{fds[0], POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    char buffer[256];
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n <= 0) break;
    line.append(buffer, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  const std::string prefix = "listening on ";
  if (!line.starts_with(prefix)) {
    *error = "bench: `arena serve --bot " + bot + "` did not start listening";
    return nullptr;
  }
  child->address_ = line.substr(prefix.size(), line.find(' ', prefix.size()) - prefix.size());
  return child;
}

ServeChild::~ServeChild() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
}

}  // namespace arena
