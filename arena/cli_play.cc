// `arena play`: a series of games. Until bot plugins exist every seat is the engine's own
// uniform-random player.
#include <spdlog/spdlog.h>

#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli_common.h"
#include "commands.h"
#include "hearts/game.h"
#include "hearts/random_player.h"

namespace arena {
namespace {

struct PlayFlags {
  RulesFlags rules;
  int games = 10;
  uint64_t seed = 1;
  bool json = false;
  bool quiet = false;
};

struct SeatTotals {
  double wins = 0;  // ties split the win
  long long score_sum = 0;
  long long deal_points = 0;
};

int run_play(const PlayFlags& flags) {
  hearts::Rules rules;
  if (hearts::Status status = flags.rules.resolve(&rules); !status.ok()) {
    return fail(status.message());
  }
  if (flags.games < 1) return fail("--games must be at least 1");
  const auto compiled = *hearts::compile(rules);
  const int n = rules.num_players;
  const bool by_counters = rules.settlement != hearts::Settlement::kPoints;
  std::vector<SeatTotals> totals(n);
  long long total_deals = 0;
  Json out = Json::object();
  out.set("rules", flags.rules.preset);
  out.set("seed", std::to_string(flags.seed));
  Json& game_list = out.set("games", Json::array());
  const auto start = std::chrono::steady_clock::now();
  spdlog::info("playing {} games of {} with {} random players, seed {}", flags.games,
               flags.rules.preset, n, flags.seed);

  for (int g = 0; g < flags.games; ++g) {
    const uint64_t game_seed = hearts::derive_seed(flags.seed, static_cast<uint64_t>(g));
    hearts::Game game(compiled, game_seed);
    hearts::Rng player_rng(hearts::derive_seed(game_seed, 0xB07));
    std::vector<long long> deal_points(n, 0);
    while (!game.is_over()) {
      const int before = game.deals_completed();
      if (hearts::Status status = hearts::play_random_decision(game, player_rng); !status.ok()) {
        return fail("game " + std::to_string(g + 1) + ": " + status.message());
      }
      if (game.deals_completed() != before) {
        for (int s = 0; s < n; ++s) deal_points[s] += game.last_deal().deal_score[s];
      }
    }
    total_deals += game.deals_completed();
    int winners = 0;
    for (int s = 0; s < n; ++s) winners += game.rank(s) == 1;
    Json scores = Json::array();
    Json ranks = Json::array();
    std::ostringstream score_text;
    std::string winner_text;
    for (int s = 0; s < n; ++s) {
      const int result = by_counters ? game.counters(s) : game.score(s);
      scores.push(result);
      ranks.push(game.rank(s));
      score_text << std::setw(5) << result;
      totals[s].score_sum += result;
      totals[s].deal_points += deal_points[s];
      if (game.rank(s) == 1) {
        totals[s].wins += 1.0 / winners;
        winner_text += (winner_text.empty() ? "seat " : ", ") + std::to_string(s);
      }
    }
    if (flags.json) {
      Json& entry = game_list.push(Json::object());
      entry.set("game", g + 1);
      entry.set("seed", std::to_string(game_seed));
      entry.set("deals", game.deals_completed());
      entry.set(by_counters ? "counters" : "scores", std::move(scores));
      entry.set("ranks", std::move(ranks));
    } else if (!flags.quiet) {
      std::cout << "game " << std::setw(4) << g + 1 << "  deals " << std::setw(3)
                << game.deals_completed() << (by_counters ? "  counters" : "  scores")
                << score_text.str() << "  winner " << winner_text << '\n';
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (flags.json) {
    out.set("total_deals", total_deals);
    Json& seat_list = out.set("seats", Json::array());
    for (int s = 0; s < n; ++s) {
      Json& entry = seat_list.push(Json::object());
      entry.set("seat", s);
      entry.set("player", "random");
      entry.set("wins", totals[s].wins);
      entry.set(by_counters ? "mean_counters" : "mean_score",
                static_cast<double>(totals[s].score_sum) / flags.games);
      entry.set("mean_points_per_deal",
                static_cast<double>(totals[s].deal_points) / static_cast<double>(total_deals));
    }
    print_json(out);
    return 0;
  }
  std::cout << "\n"
            << flags.games << " games, " << total_deals << " deals of " << flags.rules.preset
            << " in " << std::fixed << std::setprecision(2) << seconds << " s\n"
            << "seat  player   wins  " << (by_counters ? "mean counters" : "  mean score")
            << "  points/deal\n";
  for (int s = 0; s < n; ++s) {
    std::cout << std::setw(4) << s << "  random " << std::setw(6) << std::setprecision(1)
              << totals[s].wins << std::setw(15) << std::setprecision(2)
              << static_cast<double>(totals[s].score_sum) / flags.games << std::setw(13)
              << static_cast<double>(totals[s].deal_points) / static_cast<double>(total_deals)
              << '\n';
  }
  return 0;
}

}  // namespace

void add_play_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<PlayFlags>();
  auto* play = app.add_subcommand("play", "play a series of games and print the results");
  flags->rules.add_to(*play);
  play->add_option("--games", flags->games, "number of games")->capture_default_str();
  play->add_option("--seed", flags->seed, "series seed; game g uses derive_seed(seed, g)")
      ->capture_default_str();
  play->add_flag("--json", flags->json, "machine-readable output");
  play->add_flag("--quiet", flags->quiet, "print only the summary");
  play->callback([flags, exit_code] { *exit_code = run_play(*flags); });
}

}  // namespace arena
