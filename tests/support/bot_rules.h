// What the bundled bots' tests share: the sanitizer scale for their loops, the bundled plugin
// folder, rules and cards built from text (a failure is a test failure, not a crash), and a
// bundled bot loaded for real and asked for decisions.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "hearts/card.h"
#include "hearts/observation.h"
#include "hearts/rules.h"
#include "players/bot_specs.h"

namespace arena::bot_rules {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr int kScale = 4;  // ASan runs ~4x slower: fewer samples, iterations and games
#else
inline constexpr int kScale = 1;
#endif

// The build's bundled plugins (the test target defines HEARTS_BUNDLED_PLUGIN_DIR).
inline const std::vector<std::string> kSearchPath = {HEARTS_BUNDLED_PLUGIN_DIR};

inline hearts::CompiledRules compiled(hearts::Rules rules) {
  std::string error;
  auto c = hearts::compile(rules, &error);
  EXPECT_TRUE(c.has_value()) << error;
  return *c;
}

// Preset `name` for `players` seats.
inline hearts::Rules preset(const std::string& name, int players = 4) {
  auto rules = hearts::preset_rules(name);
  EXPECT_TRUE(rules.has_value()) << name;
  rules->num_players = players;
  return *rules;
}

inline hearts::CardSet cards(const char* text) {
  auto set = hearts::parse_cards(text);
  EXPECT_TRUE(set.has_value()) << text;
  return *set;
}

// The bundled plugin `name` seated at `seat`, loaded through the real plugin loader. `rules` must
// outlive it.
struct LoadedBot {
  std::shared_ptr<PlayerSource> source;
  std::unique_ptr<Player> player;
  LoadedBot(const std::string& name, const hearts::CompiledRules& rules, int seat,
            int num_players) {
    std::string error;
    source = resolve_bot_spec(name, kSearchPath, &error);
    EXPECT_NE(source, nullptr) << error;
    hearts::BotConfig config;
    config.seat = seat;
    config.num_players = num_players;
    config.seed = 5;
    config.rules = &rules;
    player = source->create(config, &error);
    EXPECT_NE(player, nullptr) << error;
  }
  hearts::Decision decide(const hearts::Observation& obs) {
    hearts::Decision decision{};
    const CallResult result = player->decide(obs, &decision);
    EXPECT_EQ(result.status, CallStatus::kOk) << result.detail;
    return decision;
  }
  hearts::Card play(const hearts::Observation& obs) { return decide(obs).card; }
  // The passed cards, which must be distinct.
  hearts::CardSet pass(const hearts::Observation& obs) {
    const hearts::Decision decision = decide(obs);
    hearts::CardSet passed;
    for (int i = 0; i < decision.count; ++i) passed.insert(decision.cards[i]);
    EXPECT_EQ(passed.size(), decision.count);
    return passed;
  }
};

}  // namespace arena::bot_rules
