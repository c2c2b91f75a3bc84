#include "tournament/records_check.h"

#include <map>

#include "common/rules_spec.h"
#include "common/sha256.h"
#include "match/referee.h"
#include "tournament/teams.h"

namespace arena {
namespace {

namespace pb = hearts::proto;

// How a bot runs changes no game: "isolated:X", "trusted:X" and "X" are one bot.
std::string without_isolation(const std::string& spec) {
  for (const std::string_view prefix : {"isolated:", "trusted:"}) {
    if (spec.starts_with(prefix)) return spec.substr(prefix.size());
  }
  return spec;
}

}  // namespace

std::string tournament_fingerprint(const pb::RecordsHeader& header, int groups,
                                   bool all_permutations, int gauntlet) {
  const pb::RulesSpec& rules = header.rules();
  std::string text = "rules:" + rules.preset();
  const std::map<std::string, std::string> options(rules.options().begin(), rules.options().end());
  for (const auto& [name, value] : options) text += "|" + name + "=" + value;
  text += "|bots:";
  // The plugin files' hashes too: a bot rebuilt between a kill and the resume is a new bot.
  for (const pb::BotInfo& bot : header.bots()) {
    text += without_isolation(bot.spec()) + "=" + bot.file_sha256() + ",";
  }
  // Teams only where there are any: the fingerprints of earlier tournaments stay as they were.
  for (const pb::TeamInfo& team : header.teams()) {
    text += "|team:";
    for (int32_t bot : team.bots()) text += std::to_string(bot) + ",";
  }
  const std::string gauntlet_spec = gauntlet >= 0 && gauntlet < header.bots_size()
                                        ? without_isolation(header.bots(gauntlet).spec())
                                        : std::string();
  text += "|groups:" + std::to_string(groups) + "|seed:" + std::to_string(header.series_seed()) +
          "|all:" + std::to_string(all_permutations ? 1 : 0) + "|gauntlet:" + gauntlet_spec +
          "|move:" + std::to_string(header.move_time_limit_us()) +
          "|bank:" + std::to_string(header.game_time_bank_us()) +
          "|forfeit:" + std::to_string(header.forfeit_after());
  // The policy decides which forfeits the records may hold, so a resume must keep it. Only the
  // non-default policy is named: the fingerprints of earlier tournaments stay as they were.
  if (header.on_unavailable() == pb::RecordsHeader::FORFEIT) text += "|unavailable:forfeit";
  // The time margin decides which late answers are TIMEOUTs (and get the fallback); named only
  // when not the default, for the same reason.
  if (header.has_time_margin_us() && header.time_margin_us() != kDefaultTimeMarginUs) {
    text += "|margin:" + std::to_string(header.time_margin_us());
  }
  return sha256_hex(text).substr(0, 32);
}

int gauntlet_bot(const std::vector<std::string>& specs, const std::string& gauntlet) {
  int found = -1;
  for (size_t b = 0; b < specs.size(); ++b) {
    if (without_isolation(specs[b]) == without_isolation(gauntlet)) found = static_cast<int>(b);
  }
  return found;
}

bool schedule_from_header(const pb::RecordsHeader& header, int table_size, ScheduleOptions* options,
                          std::string* error) {
  ScheduleOptions base;
  base.num_bots = header.bots_size();
  base.table_size = table_size;
  base.seed = header.series_seed();
  if (!teams_from_header(header, &base.teams, error)) return false;
  // A partnership tournament has no gauntlet (validate_setup refuses one).
  const int gauntlets = base.teams.empty() ? base.num_bots : 0;
  bool found = false;
  for (bool all : {false, true}) {
    // Bots that share a spec give one fingerprint; the tournament takes the last (gauntlet_bot).
    for (int gauntlet = -1; gauntlet < gauntlets; ++gauntlet) {
      ScheduleOptions trial = base;
      trial.all_permutations = all;
      trial.gauntlet = gauntlet;
      trial.groups = 1;
      std::string ignored;
      const size_t per_group = schedule_size(trial, &ignored);
      if (per_group == 0 || header.scheduled_games() % per_group != 0) continue;
      trial.groups = static_cast<int>(header.scheduled_games() / per_group);
      if (trial.groups < 1) continue;
      if (tournament_fingerprint(header, trial.groups, all, gauntlet) ==
          header.tournament_fingerprint()) {
        *options = trial;
        found = true;
      }
    }
  }
  if (!found) {
    *error =
        "the tournament's schedule cannot be rebuilt: no --games, --permutations and "
        "--gauntlet give its tournament_fingerprint with these bots, rules, seed and limits "
        "(the header was changed, or written by another version of the arena)";
  }
  return found;
}

std::string share_text(uint32_t shard_index, uint32_t shard_count, size_t scheduled_games) {
  if (shard_count <= 1) return "the schedule has " + std::to_string(scheduled_games) + " games";
  return "shard " + std::to_string(shard_index) + " of " + std::to_string(shard_count) +
         " holds the games whose index mod " + std::to_string(shard_count) + " is " +
         std::to_string(shard_index - 1);
}

std::vector<ExpectedGame> expected_games(const std::vector<const ScheduledGame*>& games) {
  std::vector<ExpectedGame> out;
  out.reserve(games.size());
  for (const ScheduledGame* game : games) {
    ExpectedGame& e = out.emplace_back();
    e.game_index = game->index;
    e.seed = game->seed;
    e.seat_bots = game->seat_bots;
    e.table = game->table;
    e.rotation = game->rotation;
    e.group_key = game->group_key;
    e.table_teams = game->table_teams;
  }
  return out;
}

bool verify_records_file(const RecordsFile& file, std::string* discrepancy, VerifyTotals* totals) {
  const pb::RecordsHeader& header = file.header;
  hearts::Rules rules;
  if (header.tournament_fingerprint().empty() || !from_rules_spec(header.rules(), &rules).ok()) {
    return verify_records(file, discrepancy, totals);  // which names a rules problem
  }
  const uint32_t count = header.shard_count();
  const uint32_t index = header.shard_index();
  if (count < 1 || index < 1 || index > count) {
    *discrepancy = "header: shard_index " + std::to_string(index) + " of shard_count " +
                   std::to_string(count) + " is not a shard";
    return false;
  }
  ScheduleOptions options;
  std::string error;
  if (!schedule_from_header(header, rules.num_players, &options, &error)) {
    *discrepancy = "header: " + error;
    return false;
  }
  const std::vector<ScheduledGame> schedule = make_schedule(options, &error);
  std::vector<const ScheduledGame*> share;
  for (const ScheduledGame& game : schedule) {
    if (game.index % count == index - 1) share.push_back(&game);
  }
  const std::vector<ExpectedGame> expected = expected_games(share);
  VerifyOptions verify_options;
  verify_options.expected = &expected;
  verify_options.share_name = share_text(index, count, schedule.size());
  return verify_records(file, discrepancy, totals, verify_options);
}

}  // namespace arena
