// Rule options by name: one table that lists, prints and parses every field of Rules, so the
// command line (`--set moon=new-moon`), JSON output, records and docs all use the same names.
//
// Thread safety: the table is immutable after first use; all functions are thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/rules.h"
#include "hearts/status.h"

namespace hearts {

// kCardValues: "CARD:POINTS" pairs separated by commas, e.g. "QS:100,JD:-100".
enum class OptionType : uint8_t { kInt, kBool, kChoice, kCards, kCardValues };

struct RuleOption {
  std::string_view name;  // e.g. "pass_schedule"
  std::string_view help;  // one line
  OptionType type;
  std::vector<std::string_view> choices;  // for kChoice, the accepted names
  std::string (*get)(const Rules&);
  // Sets the field from text; the error names the option and the accepted values.
  Status (*set)(Rules&, std::string_view);
  // For an option added after records were first written: the value that plays every game as
  // before it existed, which a record without the option is read with. Empty for the original
  // options.
  std::optional<std::string_view> value_before_added;
};

// Every option, in the order of the Rules struct.
const std::vector<RuleOption>& rule_options();
const RuleOption* find_rule_option(std::string_view name);

// Applies "name=value". Unknown names and bad values are errors naming both.
Status apply_rule_setting(Rules& rules, std::string_view setting);

// Builds rules from a preset name plus "name=value" settings, then validates them.
Status rules_from_preset(std::string_view preset, const std::vector<std::string>& settings,
                         Rules* out);

}  // namespace hearts
