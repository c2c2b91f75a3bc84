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
  std::vector<SeatTotals> totals(n);
  long long total_deals = 0;
  google::protobuf::Struct out;
  auto* game_list = (*out.mutable_fields())["games"].mutable_list_value();
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
    std::ostringstream scores;
    google::protobuf::Struct entry;
    auto& fields = *entry.mutable_fields();
    fields["game"] = json_number(g + 1);
    fields["seed"] = json_string(std::to_string(game_seed));
    fields["deals"] = json_number(game.deals_completed());
    auto* score_list = fields["scores"].mutable_list_value();
    auto* rank_list = fields["ranks"].mutable_list_value();
    for (int s = 0; s < n; ++s) {
      const bool counters = rules.settlement != hearts::Settlement::kPoints;
      const int result = counters ? game.counters(s) : game.score(s);
      scores << std::setw(5) << result;
      *score_list->add_values() = json_number(result);
      *rank_list->add_values() = json_number(game.rank(s));
      totals[s].score_sum += result;
      totals[s].deal_points += deal_points[s];
      if (game.rank(s) == 1) totals[s].wins += 1.0 / winners;
    }
    *game_list->add_values()->mutable_struct_value() = entry;
    if (!flags.json && !flags.quiet) {
      std::string winner_text;
      for (int s = 0; s < n; ++s) {
        if (game.rank(s) == 1)
          winner_text += (winner_text.empty() ? "seat " : ", ") + std::to_string(s);
      }
      std::cout << "game " << std::setw(4) << g + 1 << "  deals " << std::setw(3)
                << game.deals_completed() << "  scores" << scores.str() << "  winner "
                << winner_text << '\n';
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  auto* seat_list = (*out.mutable_fields())["seats"].mutable_list_value();
  for (int s = 0; s < n; ++s) {
    google::protobuf::Struct entry;
    auto& fields = *entry.mutable_fields();
    fields["seat"] = json_number(s);
    fields["player"] = json_string("random");
    fields["wins"] = json_number(totals[s].wins);
    fields["mean_score"] = json_number(static_cast<double>(totals[s].score_sum) / flags.games);
    fields["mean_points_per_deal"] =
        json_number(static_cast<double>(totals[s].deal_points) / static_cast<double>(total_deals));
    *seat_list->add_values()->mutable_struct_value() = entry;
  }
  if (flags.json) {
    (*out.mutable_fields())["rules"] = json_string(flags.rules.preset);
    (*out.mutable_fields())["total_deals"] = json_number(static_cast<double>(total_deals));
    print_json(out);
    return 0;
  }
  std::cout << "\n"
            << flags.games << " games, " << total_deals << " deals of " << flags.rules.preset
            << " in " << std::fixed << std::setprecision(2) << seconds << " s\n"
            << "seat  player   wins   mean score  points/deal\n";
  for (int s = 0; s < n; ++s) {
    std::cout << std::setw(4) << s << "  random " << std::setw(6) << std::setprecision(1)
              << totals[s].wins << std::setw(13) << std::setprecision(2)
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
