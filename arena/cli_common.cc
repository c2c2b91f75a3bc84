#include "cli_common.h"

#include <google/protobuf/util/json_util.h>

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

void print_json(const google::protobuf::Struct& value) {
  std::string text;
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  (void)google::protobuf::util::MessageToJsonString(value, &text, options);
  std::cout << text;
  if (text.empty() || text.back() != '\n') std::cout << '\n';
}

google::protobuf::Value json_string(const std::string& text) {
  google::protobuf::Value value;
  value.set_string_value(text);
  return value;
}

google::protobuf::Value json_number(double number) {
  google::protobuf::Value value;
  value.set_number_value(number);
  return value;
}

google::protobuf::Value json_bool(bool flag) {
  google::protobuf::Value value;
  value.set_bool_value(flag);
  return value;
}

google::protobuf::Struct rules_to_json(const hearts::Rules& rules) {
  google::protobuf::Struct out;
  auto& fields = *out.mutable_fields();
  for (const hearts::RuleOption& option : hearts::rule_options()) {
    const std::string text = option.get(rules);
    const std::string key(option.name);
    switch (option.type) {
      case hearts::OptionType::kInt:
        fields[key] = json_number(std::stod(text));
        break;
      case hearts::OptionType::kBool:
        fields[key] = json_bool(text == "true");
        break;
      default:
        fields[key] = json_string(text);
        break;
    }
  }
  return out;
}

int fail(const std::string& message) {
  std::cerr << "arena: " << message << '\n';
  return 2;
}

}  // namespace arena
