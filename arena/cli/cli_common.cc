#include "cli/cli_common.h"

#include "hearts/rule_options.h"

namespace arena {

void RulesFlags::add_to(CLI::App& command) {
  command.add_option("--rules", preset, "rules preset (see `arena rules`)")->capture_default_str();
  command.add_option("--players", players,
                     "players at the table, 3 to 7 (6 to 11 with decks=2; default: the preset's)");
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

Json rules_to_json(const hearts::Rules& rules) {
  Json out = Json::object();
  for (const hearts::RuleOption& option : hearts::rule_options()) {
    const std::string text = option.get(rules);
    const std::string key(option.name);
    switch (option.type) {
      case hearts::OptionType::kInt:
        out[key] = std::stoi(text);
        break;
      case hearts::OptionType::kBool:
        out[key] = text == "true";
        break;
      default:
        out[key] = text;
        break;
    }
  }
  return out;
}

}  // namespace arena
