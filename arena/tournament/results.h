// Tournament results from game records alone: the live tournament and `arena rate` both call
// compute_results on the same records, so they print exactly the same numbers.
//
// Per bot: games and deals; mean points per deal with a 95% bootstrap interval over duplicate
// groups; win rate (ties split); a Plackett-Luce rating on an Elo-like scale with its interval;
// TrueSkill mu, sigma and mu - 3 sigma (games applied in schedule order); violations by kind;
// decisions left to the referee's fallback (recorded per game since the field exists); think time
// and host pauses not charged (kept apart: they are measured, not a function of the seed). Plus
// head-to-head mean point differences with intervals. A bot seated more than once at a table (fewer
// bots than seats) counts once per game with its copies' mean points and mean final score.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "common/json.h"
#include "rating/rating.h"
#include "records.pb.h"
#include "tournament/game_table.h"

namespace arena {

struct ResultsOptions {
  int bootstrap_samples = 1000;
  uint64_t seed = 0;  // for the bootstrap; the tournament passes its own seed
  int threads = 1;    // for the rating bootstrap; results do not depend on it
};

struct Estimate {
  double value = 0, low = 0, high = 0;
};

struct BotStanding {
  int bot = 0;  // index into the records header's bots
  std::string name;
  std::string spec;
  std::string runs_as;  // "trusted", "sandboxed", "isolated", "remote"; empty in older records
  int games = 0;
  long long deals = 0;
  Estimate points_per_deal;
  double wins = 0;
  double win_rate = 0;
  Estimate rating;  // Plackett-Luce, Elo-like scale
  double trueskill_mu = 0, trueskill_sigma = 0, trueskill_conservative = 0;
  int violations = 0;
  std::vector<std::pair<std::string, int>> violations_by_kind;
  long long fallbacks = 0;  // decisions the referee's fallback made for the bot
  long long decisions = 0;
  double mean_think_ms = 0, max_think_ms = 0;
  // Host pauses the referee did not charge to the bot (GameRecord.host_pause_us).
  double host_pause_ms = 0;
  // Answers past its limit but within the time margin (GameRecord.late_answers): not violations.
  long long late_answers = 0;
  int64_t move_time_limit_us = 0;  // its own limit ("@10ms" in its spec); 0: the run's
};

struct PairResult {
  int a = 0, b = 0;
  std::string a_name, b_name;
  int games = 0;
  Estimate difference;  // mean points per deal of a minus b when both sat at the table
};

struct Results {
  std::string rules;
  int players = 0;
  int games = 0;
  long long deals = 0;
  std::vector<BotStanding> standings;  // best rating first
  std::vector<PairResult> head_to_head;
  // Partnership tournaments (the header lists teams): the same measures per team, best rating
  // first. A team's points per deal are its partners' together; its rank is the one the
  // partners share. Empty without teams.
  std::vector<BotStanding> team_standings;
  std::vector<PairResult> team_head_to_head;
  int64_t time_margin_us = 0;  // the header's time margin (0 in older records)
};

// One seat of a GameSummary; decisions and think times count finished deals only.
struct SeatSummary {
  int bot = 0;
  int final_score = 0;
  int final_counters = 0;
  int rank = 0;  // the recorded rank, when GameSummary::ranked
  bool forfeited = false;
  long long deal_points = 0;  // sum of the deal scores of finished deals
  long long decisions = 0;
  int64_t think_us = 0;
  int64_t max_think_us = 0;
  int fallbacks = 0;  // the record's fallback_decisions: the whole game, cut-short deal included
  int64_t host_pause_us = 0;  // the record's host_pause_us: not charged to the bot
  int late_answers = 0;       // the record's late_answers: within the time margin
};

// What compute_results needs of one game: a few hundred bytes instead of a record with a
// message per play, built on the thread that played it. ResultsBuilder keeps only a compact
// form of it (tournament/game_table.h: 36 bytes for a table of four).
struct GameSummary {
  uint32_t game_index = 0;
  uint64_t group_key = 0;
  bool complete = false;  // at least two seats, each with a final score
  bool ranked = false;    // the record ranks every seat
  int deals = 0;          // finished deals (a forfeit can cut the last one short)
  std::vector<SeatSummary> seats;
  std::vector<std::pair<int, hearts::proto::Violation::Kind>> violations;  // (seat, kind)
  // Partnership games: seat -> its team's index in the header's teams (from the record's
  // seat_teams and table_teams); empty without teams.
  std::vector<int> seat_team_entrants;
  bool partnership = false;  // the record has seat_teams: partners share their team's rank
};

GameSummary summarize_game(const hearts::proto::GameRecord& game);

// Results built game by game in schedule order. A tournament adds each game as it is written, so
// TrueSkill (which must see the games in order) runs during the games instead of after them.
class ResultsBuilder {
 public:
  // `team_level`: the header's bots are teams (built for a partnership tournament's teams by the
  // builder itself), and a team's copies' points per deal are summed rather than averaged.
  explicit ResultsBuilder(const hearts::proto::RecordsHeader& header, bool team_level = false);
  // Adds the next game. False with *error if it does not fit the header (see compute_results);
  // do not add more after that.
  bool add(const GameSummary& game, std::string* error);
  // The results of the games added so far.
  bool results(const ResultsOptions& options, Results* out, std::string* error) const;
  // TrueSkill by bot after the games added so far, as results() reports it (unless a game was
  // rejected: then as it stood before that game). For a rating history (arena report).
  const std::vector<rating::TrueSkillRating>& trueskill() const { return trueskill_; }

 private:
  hearts::proto::RecordsHeader header_;
  int num_bots_;
  bool by_counters_;
  int games_ = 0, players_ = 0;
  long long deals_ = 0;
  std::vector<BotStanding> bots_;  // games, deals, decisions and violations so far
  // Every game as the statistics read it: tens of bytes a game (tournament/game_table.h).
  GameTable rated_;
  std::vector<std::map<std::string, int>> violation_kinds_;
  std::vector<int64_t> think_sum_, think_max_, host_pause_sum_;
  std::vector<rating::TrueSkillRating> trueskill_;
  bool trueskill_failed_ = false;  // a game TrueSkill rejected: results() redoes it to say why
  bool team_level_ = false;
  std::unique_ptr<ResultsBuilder> teams_;  // the header's teams as entrants; null without
};

// Computes the results. False with *error if the records do not fit together (bot indices out
// of range, malformed games). Both forms give identical results for the same games.
bool compute_results(const hearts::proto::RecordsHeader& header,
                     const std::vector<hearts::proto::GameRecord>& games,
                     const ResultsOptions& options, Results* out, std::string* error);
bool compute_results(const hearts::proto::RecordsHeader& header, std::span<const GameSummary> games,
                     const ResultsOptions& options, Results* out, std::string* error);

// results.json: everything but think times under "standings" and "head_to_head" (a function of
// the seed), think times under "timing".
Json results_json(const Results& results);
// The leaderboard and head-to-head table as text.
std::string results_text(const Results& results);
// The line printed under a table when the referee excused host pauses (match/host_pause.h), so a
// reader knows the think times are what was charged: "host pauses not charged
// (docs/tournaments.md): ismcts 29.4 ms, ...\n" for each (label, microseconds) above 0, in order;
// empty when there are none. The tournament's results and `arena play`'s summary both print it.
std::string host_pauses_line(const std::vector<std::pair<std::string, int64_t>>& label_us);
// The line printed under a table when answers came past their limit but within the time margin
// (accepted, not violations): "late answers, within the 50 ms margin (docs/tournaments.md):
// ismcts@10ms 3, ...\n" for each (label, count) above 0, in order; empty when there are none.
std::string late_answers_line(const std::vector<std::pair<std::string, int64_t>>& label_counts,
                              int64_t margin_us);

// Whether the records' games come in duplicate groups (a tournament's, which has a fingerprint).
// Without them (`arena play`, imports) the bootstrap resamples single games instead.
bool has_duplicate_groups(const hearts::proto::RecordsHeader& header);

// Checks that the headers of several records files describe one tournament (same rules, bots
// and fingerprint); false with *error saying what differs.
bool headers_compatible(const hearts::proto::RecordsHeader& first,
                        const hearts::proto::RecordsHeader& other, std::string* error);

}  // namespace arena
