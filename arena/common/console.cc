#include "common/console.h"

#include <iostream>

namespace arena {

void print_json(const Json& value) {
  std::cout << dump_json(value);
}

namespace {
std::string& command_line_storage() {
  static std::string text;
  return text;
}
}  // namespace

void set_command_line(int argc, char** argv) {
  std::string& text = command_line_storage();
  text = "arena";
  for (int i = 1; i < argc; ++i) text += std::string(" ") + argv[i];
}

const std::string& command_line() {
  return command_line_storage();
}

std::string count_of(long long count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string first_out_of_range(std::initializer_list<BoundedSetting> settings) {
  for (const BoundedSetting& s : settings) {
    if (s.value < s.least) {
      return s.name + " must be " +
             (s.least == 0 ? "0 or more" : "at least " + std::to_string(s.least)) + ", not " +
             std::to_string(s.value);
    }
  }
  return "";
}

int fail(const std::string& message) {
  std::cerr << "arena: " << message << '\n';
  return 2;
}

}  // namespace arena
