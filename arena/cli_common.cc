#include "cli_common.h"

#include <iostream>

#include "hearts/rule_options.h"

namespace arena {

void RulesFlags::add_to(CLI::App& command) {
  command.add_option("--rules", preset, "rules preset (see `arena rules`)")->capture_default_str();
  command.add_option("--players", players, "players at the table, 3 to 7 (default: the preset's)");
  command.add_option("--set", settings, "override a rule option, NAME=VALUE (repeatable)");
}

hearts::Status RulesFlags::resolve(hearts::Rules* rules) const {
  std::vector<std::string> all = settings;
  if (players != 0) all.insert(all.begin(), "num_players=" + std::to_string(players));
  return hearts::rules_from_preset(preset, all, rules);
}

const CLI::Validator& seed_validator() {
  static const CLI::Validator validator(
      [](std::string& text) {
        return text.starts_with('-') ? "a seed is a whole number from 0 to 2^64-1, not " + text
                                     : std::string();
      },
      "SEED");
  return validator;
}

std::string count_of(long long count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

void print_json(const Json& value) {
  std::cout << value.dump();
}

Json rules_to_json(const hearts::Rules& rules) {
  Json out = Json::object();
  for (const hearts::RuleOption& option : hearts::rule_options()) {
    const std::string text = option.get(rules);
    const std::string key(option.name);
    switch (option.type) {
      case hearts::OptionType::kInt:
        out.set(key, std::stoi(text));
        break;
      case hearts::OptionType::kBool:
        out.set(key, text == "true");
        break;
      default:
        out.set(key, text);
        break;
    }
  }
  return out;
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
