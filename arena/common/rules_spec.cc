#include "common/rules_spec.h"

#include <map>
#include <vector>

#include "hearts/rule_options.h"

namespace arena {

hearts::proto::RulesSpec to_rules_spec(const std::string& preset, const hearts::Rules& rules) {
  hearts::proto::RulesSpec spec;
  spec.set_preset(preset);
  for (const hearts::RuleOption& option : hearts::rule_options()) {
    (*spec.mutable_options())[std::string(option.name)] = option.get(rules);
  }
  return spec;
}

hearts::Status from_rules_spec(const hearts::proto::RulesSpec& spec, hearts::Rules* rules) {
  // Sorted, so that an error names the same option every time.
  const std::map<std::string, std::string> options(spec.options().begin(), spec.options().end());
  std::vector<std::string> settings;
  // A spec that lists every original option was written whole, by to_rules_spec, before the
  // options it lacks existed: those take the value that plays its games as they were played
  // (not the preset's, which may have changed since, as `omnibus` did).
  bool written_whole = true;
  for (const hearts::RuleOption& option : hearts::rule_options()) {
    if (!option.value_before_added && !options.contains(std::string(option.name))) {
      written_whole = false;
    }
  }
  if (written_whole) {
    for (const hearts::RuleOption& option : hearts::rule_options()) {
      if (option.value_before_added && !options.contains(std::string(option.name))) {
        settings.push_back(std::string(option.name) + "=" +
                           std::string(*option.value_before_added));
      }
    }
  }
  for (const auto& [name, value] : options) settings.push_back(name + "=" + value);
  return hearts::rules_from_preset(spec.preset().empty() ? "standard" : spec.preset(), settings,
                                   rules);
}

}  // namespace arena
