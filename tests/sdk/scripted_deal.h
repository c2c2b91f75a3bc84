// Scripted deals for the engine's scenario tests: hands given in part and filled from the cards
// left, and a stock given in part (its first cards, in drawing order) and filled in card order.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hearts/card.h"
#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/rule_options.h"
#include "hearts/rules.h"

namespace hearts::testing_deal {

inline CardSet Cards(std::string_view text) {
  std::string error;
  std::optional<CardSet> cards = parse_cards(text, &error);
  EXPECT_TRUE(cards.has_value()) << "bad card list \"" << text << "\": " << error;
  return cards.value_or(CardSet());
}

inline Card C(std::string_view text) {
  std::string error;
  std::optional<Card> card = parse_card(text, &error);
  EXPECT_TRUE(card.has_value()) << error;
  return card.value_or(Card());
}

// A preset's rules with `settings` applied (as `--set`); an unknown name or setting throws, which
// fails the test naming it.
inline Rules Preset(std::string_view name, const std::vector<std::string>& settings = {}) {
  Rules rules;
  const Status status = rules_from_preset(name, settings, &rules);
  if (!status.ok()) throw std::runtime_error(status.message());
  return rules;
}

// A game of `rules` with seed 1; rules the engine refuses throw.
inline Game NewGame(const Rules& rules) {
  std::string error;
  std::optional<Game> game = Game::create(rules, 1, &error);
  if (!game) throw std::runtime_error(error);
  return *game;
}

struct ScriptedDeal {
  std::vector<CardSet> hands;
  std::vector<Card> stock;
};

// Hands: `fixed` first, each then filled to the hand size with the lowest cards left that are not
// in `stock_top`. The stock: `stock_top` in order, then every card left in ascending order.
inline ScriptedDeal Script(const CompiledRules& rules,
                           const std::vector<std::pair<int, std::string_view>>& fixed,
                           std::string_view stock_top = "") {
  const int n = rules.rules.num_players;
  ScriptedDeal deal{std::vector<CardSet>(n), {}};
  CardSet used;
  for (const auto& [seat, text] : fixed) {
    deal.hands[seat] = Cards(text);
    used |= deal.hands[seat];
  }
  std::vector<Card> top;
  std::string text(stock_top);
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    if (end > pos) top.push_back(C(text.substr(pos, end - pos)));
    pos = end + 1;
  }
  for (Card card : top) used.insert(card);
  CardSet rest = rules.in_play - used;
  for (int seat = 0; seat < n; ++seat) {
    while (deal.hands[seat].size() < rules.hand_size && !rest.empty()) {
      const Card card = rest.lowest();
      rest.erase(card);
      deal.hands[seat].insert(card);
    }
  }
  if (rules.stock_size > 0) {
    deal.stock = top;
    for (Card card : rest) deal.stock.push_back(card);
  }
  return deal;
}

inline void DealScript(Game& game, const ScriptedDeal& deal) {
  ASSERT_EQ(game.phase(), Phase::kDeal);
  const Status status = game.deal_hands(deal.hands, CardSet(), deal.stock);
  ASSERT_TRUE(status.ok()) << status.message();
}

inline void Play(Game& game, std::string_view card) {
  const Status status = game.play(C(card));
  ASSERT_TRUE(status.ok()) << status.message();
}

}  // namespace hearts::testing_deal
