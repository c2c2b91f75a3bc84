#include "bench/search_bench.h"

#include <chrono>
#include <cstdlib>
#include <memory>

#include "bench/scoped_env.h"
#include "hearts/rng.h"
#include "match/referee.h"
#include "match/seating.h"
#include "players/bot_specs.h"
#include "players/forwarding_player.h"

namespace arena {
namespace {

using SearchClock = std::chrono::steady_clock;

// Wraps a player and sums the wall time of the decisions the search plugin searches.
class SearchTimer final : public ForwardingPlayer {
 public:
  SearchTimer(Player& inner, SearchBench& out) : ForwardingPlayer(inner), out_(out) {}
  CallResult decide(const hearts::Observation& obs, hearts::Decision* decision) override {
    const bool searched = obs.phase == hearts::Phase::kPass ||
                          (obs.phase == hearts::Phase::kPlay && obs.legal.size() > 1);
    const auto start = SearchClock::now();
    CallResult result = inner().decide(obs, decision);
    if (searched) {
      ++out_.searched_decisions;
      out_.seconds += std::chrono::duration<double>(SearchClock::now() - start).count();
    }
    return result;
  }

 private:
  SearchBench& out_;
};

}  // namespace

bool bench_search(const std::vector<std::string>& search_path, const hearts::CompiledRules& rules,
                  int iterations, long long min_decisions, double max_seconds, SearchBench* out,
                  std::string* error) {
  const ScopedEnv fixed_iterations("HEARTS_ISMCTS_ITERATIONS", std::to_string(iterations));
  const std::shared_ptr<PlayerSource> source = resolve_bot_spec("ismcts", search_path, error);
  if (!source) return false;
  *out = SearchBench{};
  out->iterations_per_decision = iterations;
  RefereeOptions options;
  options.move_time_us = 60'000'000;  // the iterations are fixed: no clock in the way
  const SteadyClock clock;
  Referee referee(rules, options, clock);
  const std::vector<PlayerSource*> sources(static_cast<size_t>(rules.rules.num_players),
                                           source.get());
  const auto start = SearchClock::now();
  for (uint32_t game = 0;; ++game) {
    const uint64_t seed = hearts::derive_seed(11, game);
    SeatedPlayers players;
    if (!seat_players(sources, rules, seed, &players, error)) return false;
    std::vector<std::unique_ptr<SearchTimer>> timers;
    std::vector<Player*> seats;
    for (auto& player : players.owned) {
      timers.push_back(std::make_unique<SearchTimer>(*player, *out));
      seats.push_back(timers.back().get());
    }
    const GameOutcome outcome = referee.play_game(seed, game, seats, nullptr);
    for (const SeatOutcome& seat : outcome.seats) {
      if (seat.violations > 0) {
        *error = "bench: ismcts had a violation in search bench game " + std::to_string(game + 1);
        return false;
      }
    }
    if (out->searched_decisions >= min_decisions) break;
    if (std::chrono::duration<double>(SearchClock::now() - start).count() >= max_seconds) break;
  }
  return true;
}

}  // namespace arena
