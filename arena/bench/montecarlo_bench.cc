#include "bench/montecarlo_bench.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <sstream>

#include "bench/scoped_env.h"
#include "hearts/rng.h"
#include "match/seating.h"

namespace arena {
namespace {

constexpr uint64_t kSeed = 7;  // the bench's game seeds, as bench.cc's

double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// Sends fd 2 to a temporary file for this object's life; text() is what was written there.
class StderrCapture {
 public:
  StderrCapture() : file_(std::tmpfile()) {
    std::fflush(stderr);
    saved_ = ::dup(STDERR_FILENO);
    if (file_ && saved_ >= 0) ::dup2(::fileno(file_), STDERR_FILENO);
  }
  ~StderrCapture() {
    restore();
    if (file_) std::fclose(file_);
  }
  StderrCapture(const StderrCapture&) = delete;
  StderrCapture& operator=(const StderrCapture&) = delete;

  bool ok() const { return file_ != nullptr && saved_ >= 0; }
  // Restores stderr and returns everything written to it meanwhile.
  std::string text() {
    restore();
    std::string out;
    if (!file_) return out;
    std::rewind(file_);
    char buffer[4096];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file_)) > 0;) out.append(buffer, n);
    return out;
  }

 private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(stderr);
    ::dup2(saved_, STDERR_FILENO);
    ::close(saved_);
    saved_ = -1;
  }

  std::FILE* file_;
  int saved_ = -1;
};

// Plays the games; the caller has set the environment and captures stderr.
bool play_games(PlayerSource& source, const hearts::CompiledRules& rules, int games,
                PlayoutBench* out, std::string* error) {
  const TscClock clock;  // the referee keeps a reference to it
  Referee referee(rules, RefereeOptions{}, clock);
  const std::vector<PlayerSource*> seat_sources(static_cast<size_t>(rules.rules.num_players),
                                                &source);
  for (int game = 0; game < games; ++game) {
    const uint64_t seed = hearts::derive_seed(kSeed, static_cast<uint64_t>(game));
    SeatedPlayers players;
    if (!seat_players(seat_sources, rules, seed, &players, error)) return false;
    const GameOutcome outcome =
        referee.play_game(seed, static_cast<uint32_t>(game), players.seats, nullptr);
    for (const SeatOutcome& seat : outcome.seats) {
      if (seat.violations > 0) {
        *error = "bot '" + source.identity().spec + "' had a violation in montecarlo bench game " +
                 std::to_string(game + 1) + "; its figures would not be meaningful";
        return false;
      }
    }
    ++out->games;
    out->deals += outcome.deals;
  }
  return true;
}

}  // namespace

void count_playouts(const std::string& debug_output, PlayoutBench* out) {
  std::istringstream lines(debug_output);
  long long candidates = 0;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string first, extra;
    double value = 0;
    if (!(words >> first >> value) || (words >> extra)) {
      candidates = 0;  // not a line of the bot's search: a search's lines come together
      continue;
    }
    if (first == "worlds") {
      const auto worlds = static_cast<long long>(value);
      ++out->searched_decisions;
      out->worlds += worlds;
      out->playouts += candidates * worlds;
      candidates = 0;
    } else {
      ++candidates;
    }
  }
}

bool bench_montecarlo(PlayerSource& source, const hearts::CompiledRules& rules, int samples,
                      int games, PlayoutBench* out, std::string* error) {
  *out = PlayoutBench{};
  const ScopedEnv fixed_samples("HEARTS_MC_SAMPLES", std::to_string(samples));
  const ScopedEnv debug("HEARTS_MC_DEBUG", "1");
  StderrCapture capture;
  if (!capture.ok()) {
    *error = "montecarlo bench: cannot capture stderr in a temporary file";
    return false;
  }
  const double start = process_cpu_seconds();
  const bool played = play_games(source, rules, games, out, error);
  out->cpu_seconds = process_cpu_seconds() - start;
  count_playouts(capture.text(), out);
  if (!played) return false;
  if (out->playouts == 0) {
    *error = "montecarlo bench: bot '" + source.identity().spec +
             "' printed no search (HEARTS_MC_DEBUG): not montecarlo, or not in this process";
    return false;
  }
  return true;
}

}  // namespace arena
