// The Game's partnership scoring: Partnership Hearts' team moon and team scores, and the team
// ranks of every partnership rule (docs/rules.md, "Partnership Hearts and Likha").
#include <algorithm>

#include "hearts/game.h"

namespace hearts {

int Game::team_moon(CardSet needed) const {
  const Rules& r = rules_.rules;
  for (int team = 0; team < num_teams(r); ++team) {
    const int mate = partner_of(r, team);
    if ((taken_[team] | taken_[mate]).contains_all(needed)) return team;
  }
  return -1;
}

void Game::score_team_moon() {
  const Rules& r = rules_.rules;
  DealResult& d = last_deal_;
  auto& score = d.deal_score;
  if (r.moon == MoonRule::kNoScore) {
    score.fill(0);
    return;
  }
  // Old moon for a team: the partners score nothing for the penalty cards they took (a bonus
  // card still counts), every opponent scores the moon total, so each other team earns twice it
  // (the seed's 52 in the standard game).
  for (int s = 0; s < num_players(); ++s) {
    if (team_of(r, s) != d.moon_team) {
      score[s] += rules_.moon_total;
      continue;
    }
    for (Card card : taken_[s] & rules_.penalty_cards) score[s] -= rules_.card_points[card.id()];
  }
}

void Game::add_team_deal_to_scores() {
  // Partners combine their scores: both seats carry the team's score, so the end-score test,
  // the observations and the records all read the team's total.
  const Rules& r = rules_.rules;
  const auto& score = last_deal_.deal_score;
  for (int team = 0; team < num_teams(r); ++team) {
    const int mate = partner_of(r, team);
    int total = scores_[team] + score[team] + score[mate];
    if (r.exactly_end_score_resets && r.end_score > 0 && total == r.end_score) total = 0;
    scores_[team] = total;
    scores_[mate] = total;
  }
}

int Game::team_score(int team) const {
  const Rules& r = rules_.rules;
  const int a = scores_[team];
  switch (r.partnership) {
    case Partnership::kNone:
    case Partnership::kTeamScore:  // both partners carry the team's score
      return a;
    case Partnership::kIndividualThenTeam:
      return a + scores_[partner_of(r, team)];
    case Partnership::kHighestLosesTeam:  // Likha: the team of the highest scorer loses
      return std::max(a, scores_[partner_of(r, team)]);
  }
  return a;
}

void Game::compute_team_ranks() {
  // Partners share their team's rank; tied teams share the better rank.
  const Rules& r = rules_.rules;
  const int teams = num_teams(r);
  std::array<int, kMaxPlayers> key{};
  for (int team = 0; team < teams; ++team) key[team] = team_score(team);
  for (int s = 0; s < num_players(); ++s) {
    const int team = team_of(r, s);
    int better = 0;
    for (int t = 0; t < teams; ++t) better += key[t] < key[team];
    ranks_[s] = 1 + better;
  }
}

}  // namespace hearts
