// Rules as they travel in records and configs: the preset name plus every option's value, so a
// record replays under exactly its rules even if a preset is changed later.
#pragma once

#include <string>

#include "hearts/rules.h"
#include "hearts/status.h"
#include "rules.pb.h"

namespace arena {

hearts::proto::RulesSpec to_rules_spec(const std::string& preset, const hearts::Rules& rules);
// Applies the options over the preset and validates; the error names the option. A spec that
// holds every original option but lacks some added later (a record written before they existed)
// reads each missing one as its RuleOption::value_before_added, so old records replay unchanged.
hearts::Status from_rules_spec(const hearts::proto::RulesSpec& spec, hearts::Rules* rules);

}  // namespace arena
