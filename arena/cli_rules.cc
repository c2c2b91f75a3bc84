// `arena rules` and `arena rules show PRESET`: the presets and every option of one.
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "hearts/rule_options.h"

namespace arena {
namespace {

struct RulesShowFlags {
  RulesFlags rules;
  bool json = false;
};

int list_presets(bool json) {
  if (json) {
    google::protobuf::Struct out;
    auto* list = (*out.mutable_fields())["presets"].mutable_list_value();
    for (const hearts::Preset& preset : hearts::presets()) {
      google::protobuf::Struct entry;
      (*entry.mutable_fields())["name"] = json_string(std::string(preset.name));
      (*entry.mutable_fields())["summary"] = json_string(std::string(preset.summary));
      (*entry.mutable_fields())["source"] = json_string(std::string(preset.source));
      *list->add_values()->mutable_struct_value() = entry;
    }
    print_json(out);
    return 0;
  }
  std::cout << "Rules presets (show one with `arena rules show NAME`):\n";
  for (const hearts::Preset& preset : hearts::presets()) {
    std::cout << "  " << std::left << std::setw(16) << preset.name << preset.summary << '\n';
  }
  return 0;
}

int show_rules(const RulesShowFlags& flags) {
  hearts::Rules rules;
  if (hearts::Status status = flags.rules.resolve(&rules); !status.ok()) {
    return fail(status.message());
  }
  std::string error;
  const auto compiled = hearts::compile(rules, &error);
  if (!compiled) return fail(error);
  const hearts::CardSet removed = hearts::CardSet::full_deck() - compiled->in_play;
  if (flags.json) {
    google::protobuf::Struct out;
    auto& fields = *out.mutable_fields();
    fields["preset"] = json_string(flags.rules.preset);
    *fields["options"].mutable_struct_value() = rules_to_json(rules);
    google::protobuf::Struct derived;
    auto& d = *derived.mutable_fields();
    d["hand_size"] = json_number(compiled->hand_size);
    d["kitty_size"] = json_number(compiled->kitty_size);
    d["pass_count"] = json_number(compiled->pass_count);
    d["moon_total"] = json_number(compiled->moon_total);
    d["removed_cards"] = json_string(removed.empty() ? "" : hearts::to_string(removed));
    d["penalty_cards"] = json_string(hearts::to_string(compiled->penalty_cards));
    *fields["derived"].mutable_struct_value() = derived;
    print_json(out);
    return 0;
  }
  for (const hearts::Preset& preset : hearts::presets()) {
    if (preset.name == flags.rules.preset) {
      std::cout << preset.name << ": " << preset.summary << "\nsource: " << preset.source << "\n\n";
    }
  }
  for (const hearts::RuleOption& option : hearts::rule_options()) {
    std::string value = option.get(rules);
    if (value.empty()) value = "-";
    std::cout << "  " << std::left << std::setw(28) << option.name << std::setw(22) << value
              << option.help << '\n';
  }
  std::cout << "\nderived: hand size " << compiled->hand_size << ", kitty " << compiled->kitty_size
            << ", pass count " << compiled->pass_count << ", moon total " << compiled->moon_total
            << ", removed cards " << (removed.empty() ? "none" : hearts::to_string(removed))
            << '\n';
  return 0;
}

}  // namespace

void add_rules_command(CLI::App& app, int* exit_code) {
  auto* rules = app.add_subcommand("rules", "list the rules presets, or show every option of one");
  auto list_json = std::make_shared<bool>(false);
  rules->add_flag("--json", *list_json, "machine-readable output");
  rules->require_subcommand(0, 1);
  rules->callback([rules, list_json, exit_code] {
    if (rules->get_subcommands().empty()) *exit_code = list_presets(*list_json);
  });

  auto flags = std::make_shared<RulesShowFlags>();
  auto* show = rules->add_subcommand("show", "print every rule option of a preset");
  show->add_option("preset", flags->rules.preset, "preset name (see `arena rules`)")->required();
  show->add_option("--players", flags->rules.players, "players at the table, 3 to 7");
  show->add_option("--set", flags->rules.settings, "override a rule option, NAME=VALUE");
  show->add_flag("--json", flags->json, "machine-readable output");
  show->callback([flags, exit_code] { *exit_code = show_rules(*flags); });
}

}  // namespace arena
