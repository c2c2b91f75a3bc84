// Drives the SDK's rules engine by hand: one seeded deal of any preset, printed trick by trick.
// This is how a bot simulates: copy a Game, make decisions, read the accessors.
//
//   engine_walkthrough [PRESET] [SEED]
#include <cstdlib>
#include <iostream>
#include <string>

#include "hearts/game.h"
#include "hearts/random_player.h"

int main(int argc, char** argv) {
  const std::string preset = argc > 1 ? argv[1] : "standard";
  const uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const auto rules = hearts::preset_rules(preset);
  if (!rules) {
    std::cerr << "engine_walkthrough: unknown preset '" << preset << "'\n";
    return 2;
  }
  std::string error;
  auto game = hearts::Game::create(*rules, seed, &error);
  if (!game) {
    std::cerr << "engine_walkthrough: " << error << '\n';
    return 2;
  }
  hearts::Rng player(seed);
  const int n = game->num_players();

  // Chance, then the pass (if any): the engine stops at each decision and waits.
  while (game->phase() != hearts::Phase::kPlay) (void)hearts::play_random_decision(*game, player);
  std::cout << preset << ", seed " << seed << ", pass " << hearts::describe(game->pass_plan(), n)
            << "\n";
  for (int s = 0; s < n; ++s) {
    std::cout << "  seat " << s << " dealt " << hearts::to_string(game->dealt_hand(s))
              << "\n         plays with " << hearts::to_string(game->hand(s)) << '\n';
  }

  // Play the deal out; print each trick once it is complete.
  int tricks_printed = 0;
  while (game->deals_completed() == 0) {
    (void)hearts::play_random_decision(*game, player);
    while (tricks_printed < game->tricks_completed()) {
      const auto plays = game->plays().subspan(static_cast<size_t>(tricks_printed) * n, n);
      std::cout << "  trick " << tricks_printed + 1 << ":";
      for (const hearts::PlayRecord& play : plays) {
        std::cout << "  " << int{play.seat} << ":" << hearts::to_unicode(play.card);
      }
      std::cout << "  -> seat " << game->trick_winner(tricks_printed) << '\n';
      ++tricks_printed;
    }
  }
  const hearts::DealResult& result = game->last_deal();
  std::cout << "  points taken:";
  for (int s = 0; s < n; ++s) std::cout << ' ' << result.points_taken[s];
  std::cout << "\n  deal score:  ";
  for (int s = 0; s < n; ++s) std::cout << ' ' << result.deal_score[s];
  if (result.moon_shooter >= 0) std::cout << "  (seat " << result.moon_shooter << " shot the moon)";
  std::cout << '\n';
  return 0;
}
