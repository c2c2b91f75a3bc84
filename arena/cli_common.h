// Pieces every arena command shares: rule selection flags, JSON output, one-line errors.
#pragma once

#include <initializer_list>
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

// A number a user gave (on the command line or in a config file) and its lowest allowed value.
struct BoundedSetting {
  std::string name;  // as the user wrote it: "--move-ms", or "move_ms (--move-ms)"
  long long value;
  long long least;
};
// "NAME must be at least LEAST, not VALUE" for the first setting below its bound; "" if none.
std::string first_out_of_range(std::initializer_list<BoundedSetting> settings);

// Prints "arena: <message>" on stderr; returns the exit code for a usage or input error.
int fail(const std::string& message);

}  // namespace arena
