// `arena rules` and `arena rules show PRESET`: the presets and every option of one.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "hearts/rule_options.h"

namespace arena {
namespace {

struct RulesShowFlags {
  RulesFlags rules;
  bool json = false;
};

int list_presets(bool json) {
  if (json) {
    Json out = Json::object();
    Json& list = out["presets"] = Json::array();
    for (const hearts::Preset& preset : hearts::presets()) {
      Json& entry = list.emplace_back(Json::object());
      entry["name"] = preset.name;
      entry["summary"] = preset.summary;
      entry["source"] = preset.source;
    }
    print_json(out);
    return 0;
  }
  std::cout << "Rules presets (show one with `arena rules show NAME`):\n";
  // The names column fits the longest name (greek-culbertson1950), so no summary runs into it.
  size_t width = 16;
  for (const hearts::Preset& preset : hearts::presets())
    width = std::max(width, preset.name.size() + 2);
  for (const hearts::Preset& preset : hearts::presets()) {
    std::cout << "  " << std::left << std::setw(static_cast<int>(width)) << preset.name
              << preset.summary << '\n';
  }
  return 0;
}

// The cards each player passes on a passing deal: 0 when the schedule never passes, 2 for a
// star pass, whatever pass_count says (the resolved count means nothing to those schedules).
int passes_per_deal(const hearts::CompiledRules& compiled) {
  switch (compiled.rules.pass_schedule) {
    case hearts::PassSchedule::kNone:
      return 0;
    case hearts::PassSchedule::kStar:
      return 2;
    default:
      return compiled.pass_count;
  }
}

std::string pass_count_text(const hearts::CompiledRules& compiled) {
  switch (compiled.rules.pass_schedule) {
    case hearts::PassSchedule::kNone:
      return "no passing";
    case hearts::PassSchedule::kDealersChoice:
      return "pass count chosen by the dealer";
    default:
      return "pass count " + std::to_string(passes_per_deal(compiled));
  }
}

// The cards taken out of the deck(s), a card listed once per copy ("2C 2C 2D" with two decks).
std::string removed_cards_text(const hearts::CompiledRules& compiled) {
  const hearts::CardSet full = hearts::CardSet::full_deck();
  const hearts::CardSet out_once = full - compiled.in_play;  // every copy removed
  const hearts::CardSet out_twice =
      compiled.rules.decks == 2 ? full - compiled.in_play_twice : hearts::CardSet();
  std::string text;
  for (hearts::Card card : out_once | out_twice) {
    for (int k = out_once.contains(card) + out_twice.contains(card); k > 0; --k) {
      text += (text.empty() ? "" : " ") + hearts::to_string(card);
    }
  }
  return text;
}

int show_rules(const RulesShowFlags& flags) {
  hearts::Rules rules;
  if (hearts::Status status = flags.rules.resolve(&rules); !status.ok()) {
    return fail(status.message());
  }
  std::string error;
  const auto compiled = hearts::compile(rules, &error);
  if (!compiled) return fail(error);
  const std::string removed = removed_cards_text(*compiled);
  if (flags.json) {
    Json out = Json::object();
    out["preset"] = flags.rules.preset;
    out["options"] = rules_to_json(rules);
    Json& derived = out["derived"] = Json::object();
    derived["hand_size"] = compiled->hand_size;
    derived["kitty_size"] = compiled->kitty_size;
    derived["pass_count"] = passes_per_deal(*compiled);
    derived["moon_total"] = compiled->moon_total;
    derived["removed_cards"] = removed;
    derived["penalty_cards"] = hearts::to_string(compiled->penalty_cards);
    // Only where there is one, so the plain games' output stays as it was.
    if (compiled->stock_size > 0) derived["stock_size"] = compiled->stock_size;
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
            << ", " << pass_count_text(*compiled) << ", moon total " << compiled->moon_total
            << ", removed cards " << (removed.empty() ? "none" : removed);
  if (compiled->stock_size > 0) std::cout << ", stock " << compiled->stock_size;
  std::cout << '\n';
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
  show->add_option("--players", flags->rules.players,
                   "players at the table, 3 to 7 (6 to 11 with decks=2)");
  show->add_option("--set", flags->rules.settings, "override a rule option, NAME=VALUE");
  show->add_flag("--json", flags->json, "machine-readable output");
  show->callback([flags, exit_code] { *exit_code = show_rules(*flags); });
}

}  // namespace arena
