#include "hearts/random_player.h"

#include <algorithm>
#include <array>
#include <string>

namespace hearts {
namespace {

Card random_card(CardSet cards, Rng& rng) {
  return cards.nth(static_cast<int>(rng.uniform(static_cast<uint32_t>(cards.size()))));
}

Status random_pass(Game& game, Rng& rng) {
  const int seat = game.to_act();
  CardSet pool = game.passable(seat);
  if (pool.size() < game.pass_plan().count) {
    return Status::error("seat " + std::to_string(seat) + " cannot pass " +
                         std::to_string(game.pass_plan().count) +
                         " cards: too many of its cards are forbidden_passes");
  }
  std::array<Card, kMaxPassCards> cards;
  for (int k = 0; k < game.pass_plan().count; ++k) {
    cards[k] = random_card(pool, rng);
    pool.erase(cards[k]);
  }
  return game.pass_cards(std::span<const Card>(cards.data(), game.pass_plan().count));
}

Status random_dealer_choice(Game& game, Rng& rng) {
  const int n = game.num_players();
  const auto max_count = static_cast<uint32_t>(std::min(game.rules().hand_size / 2, 3));
  const auto offset = static_cast<uint8_t>(rng.uniform(static_cast<uint32_t>(n)));
  PassPlan plan;
  if (offset != 0) {
    plan = PassPlan{PassKind::kOffset, offset, static_cast<uint8_t>(1 + rng.uniform(max_count))};
  }
  return game.set_pass_plan(plan);
}

}  // namespace

Status play_random_decision(Game& game, Rng& rng) {
  switch (game.phase()) {
    case Phase::kDeal:
    case Phase::kPassDirection:
      game.resolve_chance();
      return Status();
    case Phase::kDealerChoice:
      return random_dealer_choice(game, rng);
    case Phase::kPass:
      return random_pass(game, rng);
    case Phase::kPlay:
      return game.play(random_card(game.legal_plays(), rng));
    case Phase::kMoonChoice:
      return game.choose_moon(rng.uniform(2) == 1);
    case Phase::kSlamBid:
      // Rarely, so that deals without a bid stay common in random play.
      return game.bid_slam(rng.uniform(8) == 0);
    case Phase::kGameOver:
      return Status();
  }
  return Status();
}

Status play_random_game(Game& game, Rng& rng) {
  while (!game.is_over()) {
    if (Status status = play_random_decision(game, rng); !status.ok()) return status;
  }
  return Status();
}

}  // namespace hearts
