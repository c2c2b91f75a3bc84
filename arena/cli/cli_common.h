// Pieces the arena commands share: rule selection flags, seed validation, rules as JSON.
// (One-line errors, counts and JSON printing live in common/console.h.)
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "common/console.h"
#include "common/json.h"
#include "hearts/rules.h"
#include "hearts/status.h"

namespace arena {

// --rules PRESET, --players N and repeatable --set NAME=VALUE.
struct RulesFlags {
  std::string preset = "standard";
  int players = 0;  // 0 = the preset's own count
  std::vector<std::string> settings;

  void add_to(CLI::App& command);
  // Resolves the flags into validated rules; the error is one line naming the option.
  hearts::Status resolve(hearts::Rules* rules) const;
};

// The rules as JSON: every option with its typed value, in table order.
Json rules_to_json(const hearts::Rules& rules);

// For seed options: CLI11 would read "-1" as 2^64 - 1 for an unsigned option; a seed is 0 or more.
const CLI::Validator& seed_validator();

}  // namespace arena
