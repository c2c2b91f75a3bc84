// Teams for partnership tournaments: which bots form each team, from --teams ("a+b,c+c") or,
// when only --bots is given under partnership rules, two copies of each bot.
//
// Thread safety: pure functions of their arguments.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hearts/rules.h"
#include "records.pb.h"

namespace arena {

struct TeamPlan {
  std::vector<std::string> specs;           // the distinct bots, in order of first mention
  std::vector<std::array<int, 2>> members;  // per team, two indices into specs
  std::vector<std::string> names;           // per team, "a+b"
};

// Builds the teams. Without partnership rules `teams` must be empty and the plan has no teams
// (specs are `specs`). With partnership rules: `teams` ("a+b" each, no team twice in either
// order) or else `specs` as teams of two copies; giving both is an error. *error is one line.
bool plan_teams(const hearts::Rules& rules, const std::vector<std::string>& specs,
                const std::vector<std::string>& teams, TeamPlan* plan, std::string* error);

// The teams as the records header lists them (TeamInfo per team).
void add_teams(const TeamPlan& plan, hearts::proto::RecordsHeader* header);

// The header's teams as the schedule takes them; false with *error when a team does not name
// two of the header's bots.
bool teams_from_header(const hearts::proto::RecordsHeader& header,
                       std::vector<std::array<int, 2>>* teams, std::string* error);

}  // namespace arena
