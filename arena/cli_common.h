// Pieces every arena command shares: rule selection flags, JSON output, one-line errors.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "hearts/rules.h"
#include "hearts/status.h"
#include "json.h"

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

// Prints indented JSON on stdout.
void print_json(const Json& value);

// The rules as JSON: every option with its typed value, in table order.
Json rules_to_json(const hearts::Rules& rules);

// The command line as typed, for records headers. main() sets it.
void set_command_line(int argc, char** argv);
const std::string& command_line();

// For seed options: CLI11 would read "-1" as 2^64 - 1 for an unsigned option; a seed is 0 or more.
const CLI::Validator& seed_validator();

// "1 game", "2 games": a count with its noun, plural when the count is not 1.
std::string count_of(long long count, const std::string& noun);

// Prints "arena: <message>" on stderr; returns the exit code for a usage or input error.
int fail(const std::string& message);

}  // namespace arena
