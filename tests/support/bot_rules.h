// What the bundled bots' tests share: the sanitizer scale for their loops, the bundled plugin
// folder, and rules and cards built from text (a failure is a test failure, not a crash).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hearts/card.h"
#include "hearts/rules.h"

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

}  // namespace arena::bot_rules
