// compute_results on hand-made records whose every figure is worked out by hand: decisions and
// think times from finished deals only, violations by kind, forfeits ranking last when a bot sits
// twice, pooled points per deal, split wins; and the errors for malformed records.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "rating/rating.h"
#include "tournament/results.h"

namespace {

namespace pb = hearts::proto;

pb::RecordsHeader three_bots() {
  pb::RecordsHeader header;
  header.mutable_rules()->set_preset("standard");
  for (const char* name : {"a", "b", "c"}) header.add_bots()->set_name(name);
  return header;
}

pb::GameRecord game(uint32_t index, uint64_t group, std::vector<int> bots, std::vector<int> scores,
                    std::vector<int> ranks) {
  pb::GameRecord g;
  g.set_game_index(index);
  g.set_group_key(group);
  for (int b : bots) g.add_seat_bots(b);
  for (int s : scores) g.add_final_scores(s);
  for (int r : ranks) g.add_ranks(r);
  return g;
}

pb::DealRecord* finished_deal(pb::GameRecord* g, std::vector<int> deal_scores) {
  pb::DealRecord* deal = g->add_deals();
  for (int s : deal_scores) deal->add_deal_scores(s);
  return deal;
}

void play(pb::DealRecord* deal, int seat, int64_t think_us) {
  auto* p = deal->add_plays();
  p->set_seat(seat);
  p->set_think_us(think_us);
}

std::vector<pb::GameRecord> three_games() {
  std::vector<pb::GameRecord> games;
  // Game 1: bots a, b, c; one finished deal, then one cut short whose decisions do not count.
  pb::GameRecord a = game(0, 1, {0, 1, 2}, {10, 20, 30}, {1, 2, 3});
  pb::DealRecord* deal = finished_deal(&a, {4, 6, 16});
  play(deal, 0, 100);
  play(deal, 1, 300);
  play(deal, 2, 50);
  auto* pass = deal->add_passes();
  pass->set_seat(0);
  pass->set_think_us(200);
  play(a.add_deals(), 1, 999'999);  // no deal scores: unfinished
  auto* v = a.add_violations();
  v->set_seat(1);
  v->set_kind(pb::Violation::TIMEOUT);
  a.add_violations()->set_seat(7);  // no such seat: ignored
  games.push_back(a);
  // Game 2: b and c tie for first (split win); the forfeit does not matter, ranks are recorded.
  pb::GameRecord b = game(1, 1, {1, 2, 0}, {5, 5, 40}, {1, 1, 3});
  b.add_forfeited(2);
  play(finished_deal(&b, {1, 2, 3}), 2, 400);
  finished_deal(&b, {3, 4, 7});
  games.push_back(b);
  // Game 3: a sits twice, so ranks come from merged scores; its forfeited copy ranks it last
  // ((10 + forfeit) / 2 against b's 30), where the plain scores would tie it with b.
  pb::GameRecord c = game(2, 2, {0, 0, 1}, {10, 50, 30}, {1, 3, 2});
  c.add_forfeited(1);
  finished_deal(&c, {2, 4, 9});
  games.push_back(c);
  return games;
}

const arena::BotStanding& standing(const arena::Results& results, int bot) {
  for (const auto& s : results.standings)
    if (s.bot == bot) return s;
  throw std::runtime_error("no such bot");
}

TEST(Results, HandComputedFigures) {
  arena::ResultsOptions options;
  options.bootstrap_samples = 0;
  arena::Results r;
  std::string error;
  ASSERT_TRUE(arena::compute_results(three_bots(), three_games(), options, &r, &error)) << error;
  EXPECT_EQ(r.games, 3);
  EXPECT_EQ(r.deals, 4);
  EXPECT_EQ(r.players, 3);
  const auto& a = standing(r, 0);
  const auto& b = standing(r, 1);
  const auto& c = standing(r, 2);
  EXPECT_EQ(a.games, 3);
  EXPECT_EQ(b.games, 3);
  EXPECT_EQ(c.games, 2);
  EXPECT_EQ(a.deals, 4);
  EXPECT_EQ(c.deals, 3);
  // Decisions of finished deals: a 100 + 200 (game 1) + 400 (game 2); b 300 only.
  EXPECT_EQ(a.decisions, 3);
  EXPECT_DOUBLE_EQ(a.mean_think_ms, 0.7 / 3);
  EXPECT_DOUBLE_EQ(a.max_think_ms, 0.4);
  EXPECT_EQ(b.decisions, 1);
  EXPECT_DOUBLE_EQ(b.max_think_ms, 0.3);
  EXPECT_EQ(c.decisions, 1);
  EXPECT_EQ(b.violations, 1);
  ASSERT_EQ(b.violations_by_kind.size(), 1u);
  EXPECT_EQ(b.violations_by_kind[0].first, "TIMEOUT");
  EXPECT_EQ(b.violations_by_kind[0].second, 1);
  EXPECT_EQ(a.violations + c.violations, 0);
  // Pooled over games: a 4, (3+7)/2 = 5, (2+4)/2 = 3; b 6, 2, 9; c 16, 3.
  EXPECT_DOUBLE_EQ(a.points_per_deal.value, 4.0);
  EXPECT_DOUBLE_EQ(b.points_per_deal.value, 17.0 / 3);
  EXPECT_DOUBLE_EQ(c.points_per_deal.value, 9.5);
  EXPECT_TRUE(std::isnan(a.points_per_deal.low)) << "no bootstrap asked for";
  EXPECT_DOUBLE_EQ(a.wins, 1.0);
  EXPECT_DOUBLE_EQ(b.wins, 1.5);
  EXPECT_DOUBLE_EQ(c.wins, 0.5);
}

TEST(Results, HostPausesNotChargedAreSummedPerBotAndShown) {
  std::vector<pb::GameRecord> games = three_games();
  for (int64_t us : {0, 9'700, 0}) games[0].add_host_pause_us(us);   // b at seat 1
  for (int64_t us : {0, 0, 19'750}) games[1].add_host_pause_us(us);  // a at seat 2
  arena::ResultsOptions options;
  options.bootstrap_samples = 0;
  arena::Results r;
  std::string error;
  ASSERT_TRUE(arena::compute_results(three_bots(), games, options, &r, &error)) << error;
  EXPECT_DOUBLE_EQ(standing(r, 0).host_pause_ms, 19.75);
  EXPECT_DOUBLE_EQ(standing(r, 1).host_pause_ms, 9.7);
  EXPECT_DOUBLE_EQ(standing(r, 2).host_pause_ms, 0);
  const std::string text = arena::results_text(r);
  EXPECT_NE(text.find("host pauses not charged (docs/tournaments.md): "), std::string::npos)
      << text;
  EXPECT_NE(text.find("a 19.8 ms"), std::string::npos) << text;
  EXPECT_NE(text.find("b 9.7 ms"), std::string::npos) << text;
  EXPECT_EQ(text.find("c 0.0 ms"), std::string::npos) << "only bots with pauses are named";
  const arena::Json json = arena::results_json(r);
  std::map<std::string, double> pause_ms;  // bot -> timing's host_pause_ms, where present
  for (const auto& e : json["timing"]) {
    if (e.contains("host_pause_ms")) pause_ms[e["bot"]] = e["host_pause_ms"];
  }
  EXPECT_EQ(pause_ms, (std::map<std::string, double>{{"a", 19.75}, {"b", 9.7}}));

  // Records without the field: no line at all.
  ASSERT_TRUE(arena::compute_results(three_bots(), three_games(), options, &r, &error)) << error;
  EXPECT_EQ(arena::results_text(r).find("host pauses"), std::string::npos);
  const arena::Json without = arena::results_json(r);
  for (const auto& e : without["timing"]) EXPECT_FALSE(e.contains("host_pause_ms"));
}

// The line `arena play` and the tournament results print under their tables.
TEST(Results, HostPausesLineNamesOnlyWhatWasExcused) {
  EXPECT_EQ(arena::host_pauses_line(
                {{"seat 0", 0}, {"seat 1", 9'660}, {"seat 2", 0}, {"seat 3", 19'700}}),
            "host pauses not charged (docs/tournaments.md): seat 1 9.7 ms, seat 3 19.7 ms\n");
  EXPECT_EQ(arena::host_pauses_line({{"seat 0", 0}, {"seat 1", 0}}), "")
      << "nothing excused, no line";
  EXPECT_EQ(arena::host_pauses_line({}), "");
}

// The line under the tables for answers accepted within the time margin: only bots with some.
TEST(Results, LateAnswersLineNamesTheMarginAndOnlyLateBots) {
  EXPECT_EQ(arena::late_answers_line({{"ismcts@10ms", 3}, {"heuristic", 0}, {"random", 1}}, 50'000),
            "late answers, accepted within the 50 ms time margin (docs/tournaments.md): "
            "ismcts@10ms 3, random 1\n");
  EXPECT_EQ(arena::late_answers_line({{"ismcts", 2}}, 2'500),
            "late answers, accepted within the 2.5 ms time margin (docs/tournaments.md): "
            "ismcts 2\n");
  EXPECT_EQ(arena::late_answers_line({{"ismcts", 0}}, 50'000), "") << "none late, no line";
}

TEST(Results, SummariesGiveTheSameResultsAsRecords) {
  arena::ResultsOptions options;
  options.bootstrap_samples = 50;
  options.seed = 3;
  const auto games = three_games();
  std::vector<arena::GameSummary> summaries;
  for (const auto& g : games) summaries.push_back(arena::summarize_game(g));
  arena::Results from_records, from_summaries;
  std::string error;
  ASSERT_TRUE(arena::compute_results(three_bots(), games, options, &from_records, &error));
  ASSERT_TRUE(arena::compute_results(three_bots(), summaries, options, &from_summaries, &error));
  EXPECT_EQ(arena::dump_json(arena::results_json(from_records)),
            arena::dump_json(arena::results_json(from_summaries)));
  EXPECT_EQ(summaries[0].deals, 1);
  EXPECT_EQ(summaries[0].seats[1].decisions, 1) << "the unfinished deal's play is not counted";
  EXPECT_EQ(summaries[0].seats[2].deal_points, 16);
  EXPECT_TRUE(summaries[2].seats[1].forfeited);
  EXPECT_FALSE(summaries[2].seats[0].forfeited);
}

TEST(Results, TrueSkillBuiltGameByGameEqualsTheWholeRun) {
  // The rankings of three_games() among distinct bots, players in bot order.
  const std::vector<arena::rating::GameResult> rankings = {
      {1, {{0, 1}, {1, 2}, {2, 3}}}, {1, {{0, 3}, {1, 1}, {2, 1}}}, {2, {{0, 2}, {1, 1}}}};
  const auto expected = arena::rating::trueskill_ratings(rankings, 3);
  arena::ResultsBuilder builder(three_bots());
  arena::ResultsOptions options;
  options.bootstrap_samples = 0;
  arena::Results r;
  std::string error;
  for (const auto& game : three_games()) {
    ASSERT_TRUE(builder.add(arena::summarize_game(game), &error)) << error;
    ASSERT_TRUE(builder.results(options, &r, &error)) << error;  // as the live leaderboard does
  }
  EXPECT_EQ(r.games, 3);
  for (int bot = 0; bot < 3; ++bot) {
    EXPECT_DOUBLE_EQ(standing(r, bot).trueskill_mu, expected[bot].mu) << bot;
    EXPECT_DOUBLE_EQ(standing(r, bot).trueskill_sigma, expected[bot].sigma) << bot;
  }
  EXPECT_NE(expected[0].mu, expected[1].mu) << "the games must tell the bots apart";
}

TEST(Results, MalformedRecordsAreErrorsNamingTheGame) {
  arena::ResultsOptions options;
  options.bootstrap_samples = 0;
  arena::Results r;
  std::string error;
  auto games = three_games();
  games[1].clear_final_scores();
  EXPECT_FALSE(arena::compute_results(three_bots(), games, options, &r, &error));
  EXPECT_EQ(error, "game 2 is incomplete in the records");
  games = three_games();
  games[2].set_seat_bots(1, 5);
  EXPECT_FALSE(arena::compute_results(three_bots(), games, options, &r, &error));
  EXPECT_EQ(error, "game 3 names bot 5, but the header lists 3");
}

}  // namespace
