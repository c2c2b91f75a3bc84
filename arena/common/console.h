// What commands print for a person: one-line errors, counts with their noun, JSON on stdout, and
// the command line as typed. Shared by the commands and the runners they call (tournament, play).
#pragma once

#include <initializer_list>
#include <string>

#include "common/json.h"

namespace arena {

// Prints indented JSON on stdout.
void print_json(const Json& value);

// The command line as typed, for records headers. main() sets it once, before any thread starts.
void set_command_line(int argc, char** argv);
const std::string& command_line();

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
