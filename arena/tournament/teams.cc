#include "tournament/teams.h"

#include <algorithm>
#include <set>
#include <utility>

namespace arena {
namespace {

int spec_index(TeamPlan* plan, const std::string& spec) {
  const auto found = std::find(plan->specs.begin(), plan->specs.end(), spec);
  if (found != plan->specs.end()) return static_cast<int>(found - plan->specs.begin());
  plan->specs.push_back(spec);
  return static_cast<int>(plan->specs.size()) - 1;
}

bool add_team(const std::string& text, TeamPlan* plan, std::string* error) {
  const size_t plus = text.find('+');
  if (plus == std::string::npos || plus == 0 || plus + 1 == text.size() ||
      text.find('+', plus + 1) != std::string::npos) {
    *error = "--teams: '" + text + "' is not a team; write two bot specs joined by +, like a+b";
    return false;
  }
  const int a = spec_index(plan, text.substr(0, plus));
  const int b = spec_index(plan, text.substr(plus + 1));
  plan->members.push_back({a, b});
  plan->names.push_back(text);
  return true;
}

}  // namespace

bool plan_teams(const hearts::Rules& rules, const std::vector<std::string>& specs,
                const std::vector<std::string>& teams, TeamPlan* plan, std::string* error) {
  *plan = TeamPlan{};
  if (rules.partnership == hearts::Partnership::kNone) {
    if (!teams.empty()) {
      *error = "--teams needs partnership rules (a partnership preset, or --set partnership=...)";
      return false;
    }
    plan->specs = specs;
    return true;
  }
  if (!teams.empty() && !specs.empty()) {
    *error = "--teams names the bots: give --teams or --bots, not both";
    return false;
  }
  for (const std::string& team : teams) {
    if (!add_team(team, plan, error)) return false;
  }
  for (const std::string& spec : specs) {
    if (!add_team(spec + "+" + spec, plan, error)) return false;
  }
  std::set<std::pair<int, int>> seen;
  for (size_t t = 0; t < plan->members.size(); ++t) {
    const auto [a, b] = plan->members[t];
    if (!seen.insert({std::min(a, b), std::max(a, b)}).second) {
      *error = "--teams: the team " + plan->names[t] + " is given twice";
      return false;
    }
  }
  if (plan->members.size() < 2) {
    *error = "a partnership tournament needs at least two teams (--teams a+b,c+d)";
    return false;
  }
  return true;
}

void add_teams(const TeamPlan& plan, hearts::proto::RecordsHeader* header) {
  for (size_t t = 0; t < plan.members.size(); ++t) {
    hearts::proto::TeamInfo* team = header->add_teams();
    team->set_name(plan.names[t]);
    team->add_bots(plan.members[t][0]);
    team->add_bots(plan.members[t][1]);
  }
}

bool teams_from_header(const hearts::proto::RecordsHeader& header,
                       std::vector<std::array<int, 2>>* teams, std::string* error) {
  teams->clear();
  for (const hearts::proto::TeamInfo& team : header.teams()) {
    if (team.bots_size() != 2 || team.bots(0) < 0 || team.bots(0) >= header.bots_size() ||
        team.bots(1) < 0 || team.bots(1) >= header.bots_size()) {
      *error = "header: team '" + team.name() + "' does not name two of the header's bots";
      return false;
    }
    teams->push_back({team.bots(0), team.bots(1)});
  }
  return true;
}

}  // namespace arena
