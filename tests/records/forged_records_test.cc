// Forged records against `arena verify`: real games played by the arena binary with real plugins
// (tests/plugins' thrower, illegal and badpass make the referee record violations and forfeits
// at every kind of step), edited through the protobuf API and written back. Honest records with
// forfeits verify; every edit of what decides a result (forfeits, ranks, scores, the game's end,
// game indexes, seat_bots) is refused with one line naming the file, the game and the reason.
// tests/tournament/forged_tournament_test.cc does the same for a tournament's schedule, edited
// scores and ranks, `arena rate` and resume.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "records/records_io.h"
#include "records/verify.h"
#include "support/records_files.h"
#include "support/run_arena.h"

namespace arena {
namespace {

using arena_test::read_or_die;
using arena_test::write_or_die;

using arena_test::run_arena;
using arena_test::RunResult;
using hearts::proto::GameRecord;
using hearts::proto::Violation;

const std::string kPlugins = std::string("--plugin-dir ") + HEARTS_TEST_PLUGIN_DIR;

std::string temp_file(const std::string& name) {
  return arena_test::temp_path("forged_records_test", name);
}

// Plays `args` into a records file named `name`, the thrower throwing where `thrower_in` says.
RecordsFile play(const std::string& name, const std::string& args,
                 const std::string& thrower_in = "play") {
  const std::string path = temp_file(name + ".rec");
  const RunResult r = run_arena("play --quiet " + kPlugins + " " + args + " --out " + path,
                                "HEARTS_THROWER_IN=" + thrower_in);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.out;
  return read_or_die(path);
}

// The referee's ranks for points settlement: forfeiting seats last, the rest by lowest score.
void rank_as_referee(GameRecord* game) {
  const int n = game->final_scores_size();
  std::vector<bool> out(n, false);
  for (int seat : game->forfeited()) out[seat] = true;
  game->clear_ranks();
  for (int s = 0; s < n; ++s) {
    int better = 0;
    for (int t = 0; t < n; ++t) {
      better += !out[t] && game->final_scores(t) < game->final_scores(s);
    }
    game->add_ranks(out[s] ? n - game->forfeited_size() + 1 : 1 + better);
  }
}

// Writes `file` and runs `arena verify` on it: exit 1 and one line "PATH: game G...: reason".
void expect_refused(const RecordsFile& file, const std::string& name, const std::string& reason) {
  const std::string path = temp_file(name + ".rec");
  ASSERT_NO_FATAL_FAILURE(write_or_die(path, file));
  const RunResult r = run_arena("verify " + path);
  EXPECT_EQ(r.exit_code, 1) << name << ": " << r.out;
  EXPECT_EQ(r.out.rfind(path + ": game ", 0), 0u) << name << ": " << r.out;
  EXPECT_NE(r.out.find(reason), std::string::npos) << name << ": " << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << name << ": " << r.out;
}

void expect_verifies(const RecordsFile& file, const std::string& name) {
  std::string discrepancy;
  EXPECT_TRUE(verify_records(file, &discrepancy)) << name << ": " << discrepancy;
  const RunResult r = run_arena("verify " + temp_file(name + ".rec"));
  EXPECT_EQ(r.exit_code, 0) << name << ": " << r.out;
}

int deal_count(const GameRecord& game) {
  return game.deals_size();
}

bool last_deal_complete(const GameRecord& game) {
  return game.deals(game.deals_size() - 1).deal_scores_size() > 0;
}

// A forfeit at each kind of step the referee stops a game at: honest records verify, and the
// same records with the forfeit rule bent are refused.
TEST(ForgedRecords, ForfeitsAtEveryStepVerifyAndBentOnesDoNot) {
  // Thrower in seat 3 throws at every deal's end: with forfeit_after 1 it forfeits at the first.
  RecordsFile deal_end = play("deal_end_1",
                              "--bots random,lowest,ducker,thrower --games 3 "
                              "--forfeit-after 1",
                              "deal_end");
  for (const GameRecord& game : deal_end.games) {
    EXPECT_EQ(deal_count(game), 1);
    EXPECT_TRUE(last_deal_complete(game));
    ASSERT_EQ(game.forfeited_size(), 1);
    EXPECT_EQ(game.forfeited(0), 3);
    EXPECT_EQ(game.ranks(3), 4);
  }
  expect_verifies(deal_end, "deal_end_1");
  deal_end.header.set_forfeit_after(2);
  expect_refused(deal_end, "deal_end_1_laxer", "game 1: forfeited: expected [], recorded [3]");
  // With forfeit_after 2, at the second deal's end.
  for (const GameRecord& game : play("deal_end_2",
                                     "--bots random,lowest,ducker,thrower --games 3 "
                                     "--forfeit-after 2",
                                     "deal_end")
                                    .games) {
    EXPECT_EQ(deal_count(game), 2);
  }
  RecordsFile deal_end_2 = read_or_die(temp_file("deal_end_2.rec"));
  expect_verifies(deal_end_2, "deal_end_2");
  deal_end_2.games[2].mutable_violations()->DeleteSubrange(0, 1);
  expect_refused(deal_end_2, "deal_end_2_fewer", "game 3: forfeited: expected [], recorded [3]");

  // At the game's end a failed notification is recorded but never forfeits.
  RecordsFile game_end = play(
      "game_end", "--bots random,lowest,ducker,thrower --games 3 --forfeit-after 1", "game_end");
  for (const GameRecord& game : game_end.games) {
    EXPECT_EQ(game.forfeited_size(), 0);
    ASSERT_EQ(game.violations_size(), 1);
    EXPECT_EQ(game.violations(0).seat(), 3);
  }
  expect_verifies(game_end, "game_end");
  game_end.games[1].mutable_violations(0)->set_game(7);
  expect_refused(game_end, "game_end_elsewhere",
                 "game 2: violation 1 names game_index 7, not this game's 1");

  // At the dealer's choice: seat 3 deals first, so the game stops before any pass or play.
  RecordsFile choice = play("dealer_choice",
                            "--bots random,lowest,ducker,thrower --games 2 --forfeit-after 1 "
                            "--set pass_schedule=dealers-choice",
                            "dealer_choice");
  for (const GameRecord& game : choice.games) {
    ASSERT_EQ(deal_count(game), 1);
    EXPECT_EQ(game.deals(0).passes_size() + game.deals(0).plays_size(), 0);
    EXPECT_EQ(game.forfeited_size(), 1);
  }
  expect_verifies(choice, "dealer_choice");
  choice.games[0].clear_violations();
  expect_refused(choice, "dealer_choice_unexplained",
                 "game 1: forfeited: expected [], recorded [3]");

  // Several bots at once, at plays, passes and notifications.
  RecordsFile mixed = play("mixed",
                           "--bots illegal,badpass,random,thrower --games 8 "
                           "--forfeit-after 6",
                           "play,deal_end,game_end");
  int forfeits = 0;
  for (const GameRecord& game : mixed.games) forfeits += game.forfeited_size();
  EXPECT_GT(forfeits, 0);
  expect_verifies(mixed, "mixed");
  mixed.header.set_forfeit_after(7);
  expect_refused(mixed, "mixed_laxer", ": forfeited: expected [");
  // Games of several deals, with moon choices: forfeits at a deal's end, or none when the game
  // ends first (violations below the limit).
  RecordsFile long_games = play("long_games",
                                "--bots badpass,random,lowest,thrower --games 12 "
                                "--forfeit-after 5 --set moon=shooter-choice --seed 4",
                                "deal_end,game_end");
  int deals = 0;
  for (const GameRecord& game : long_games.games) deals += game.deals_size();
  EXPECT_GT(deals, 3 * 12);
  expect_verifies(long_games, "long_games");
  long_games.header.set_forfeit_after(0);
  expect_refused(long_games, "long_games_no_policy",
                 "] recorded, but the header's forfeit_after is 0");
}

TEST(ForgedRecords, ForfeitsWithoutViolationsAndPolicyAreRefused) {
  const RecordsFile clean = play("clean", "--bots random,lowest,ducker,random --games 4 --seed 3");
  ASSERT_EQ(clean.header.forfeit_after(), 0);

  // Re-ranked: the winner of game 1 "forfeits" a game it won, with no violation at all.
  RecordsFile reranked = clean;
  GameRecord& first = reranked.games[0];
  const int winner = static_cast<int>(std::find(first.ranks().begin(), first.ranks().end(), 1) -
                                      first.ranks().begin());
  first.add_forfeited(winner);
  rank_as_referee(&first);
  expect_refused(reranked, "reranked",
                 "game 1: forfeited: [" + std::to_string(winner) +
                     "] recorded, but the header's forfeit_after is 0");

  // The same with a forfeit policy in the header but no violation to trigger it.
  reranked.header.set_forfeit_after(3);
  expect_refused(reranked, "reranked_policy",
                 "game 1: forfeited: expected [], recorded [" + std::to_string(winner) + "]");

  // The final deal dropped and the game marked forfeited by whoever did worst in it.
  RecordsFile dropped = clean;
  GameRecord& second = dropped.games[1];
  const auto& last = second.deals(second.deals_size() - 1);
  const int worst =
      static_cast<int>(std::max_element(last.deal_scores().begin(), last.deal_scores().end()) -
                       last.deal_scores().begin());
  second.mutable_deals()->RemoveLast();
  const auto& kept = second.deals(second.deals_size() - 1);
  *second.mutable_final_scores() = kept.scores_after();
  *second.mutable_final_counters() = kept.counters_after();
  second.add_forfeited(worst);
  rank_as_referee(&second);
  expect_refused(dropped, "dropped_deal",
                 "game 2: forfeited: [" + std::to_string(worst) +
                     "] recorded, but the header's forfeit_after is 0");
  dropped.header.set_forfeit_after(1);
  expect_refused(dropped, "dropped_deal_policy", "game 2: forfeited: expected [], recorded");
}

TEST(ForgedRecords, ForfeitsAgainstTheirViolationsAreRefused) {
  // Illegal (seat 0) plays illegally every time it plays: it forfeits at its third violation.
  const RecordsFile honest =
      play("illegal_3", "--bots illegal,random,lowest,random --games 3 --forfeit-after 3 --seed 2");
  for (const GameRecord& game : honest.games) {
    ASSERT_EQ(game.forfeited_size(), 1);
    ASSERT_EQ(game.violations_size(), 3);
  }
  expect_verifies(honest, "illegal_3");

  // A stricter policy in the header: the seat had 2 violations and played on.
  RecordsFile stricter = honest;
  stricter.header.set_forfeit_after(2);
  expect_refused(stricter, "stricter", "game 1: seat 0 reached forfeit_after (2 violations)");

  // A laxer one: 3 violations do not forfeit at 4, and the game stopped unfinished.
  RecordsFile laxer = honest;
  laxer.header.set_forfeit_after(4);
  expect_refused(laxer, "laxer", "game 1: forfeited: expected [], recorded [0]");

  // The third violation removed: the seat did not reach the limit.
  RecordsFile fewer = honest;
  fewer.games[1].mutable_violations()->RemoveLast();
  expect_refused(fewer, "fewer_violations", "game 2: forfeited: expected [], recorded [0]");

  // The forfeit removed: the game stopped in the middle of a deal for no reason.
  RecordsFile unforfeited = honest;
  unforfeited.games[2].clear_forfeited();
  rank_as_referee(&unforfeited.games[2]);
  expect_refused(unforfeited, "unforfeited", "game 3, deal 1: no result is recorded");

  // The forfeit given to another seat, with its ranks.
  RecordsFile other = honest;
  other.games[0].set_forfeited(0, 2);
  rank_as_referee(&other.games[0]);
  expect_refused(other, "other_seat", "game 1: forfeited: expected [0], recorded [2]");

  // A violation moved to a trick where that seat made no play.
  RecordsFile moved = honest;
  Violation* first = moved.games[0].mutable_violations(0);
  first->set_trick(first->trick() + 20);
  expect_refused(moved, "moved_violation",
                 "game 1: violation 1 (ILLEGAL_PLAY by seat 0, deal 1, trick ");

  // Ranks that ignore the forfeit.
  RecordsFile ranks = honest;
  GameRecord& game = ranks.games[1];
  std::swap(*game.mutable_ranks()->Mutable(0), *game.mutable_ranks()->Mutable(1));
  expect_refused(ranks, "forfeit_ranks", "game 2: ranks: expected");
}

TEST(ForgedRecords, AGameEndNotificationNeverForfeits) {
  // Illegal (seat 0) forfeits at its first play; the thrower (seat 3) then fails the game-end
  // notification, which the referee records but does not count.
  const RecordsFile honest =
      play("game_end_after_forfeit",
           "--bots illegal,random,lowest,thrower --games 2 --forfeit-after 1", "game_end");
  for (const GameRecord& game : honest.games) {
    ASSERT_EQ(game.violations_size(), 2);
    EXPECT_EQ(game.violations(1).seat(), 3);
    ASSERT_EQ(game.forfeited_size(), 1);
  }
  expect_verifies(honest, "game_end_after_forfeit");
  RecordsFile forged = honest;
  forged.games[1].add_forfeited(3);
  rank_as_referee(&forged.games[1]);
  expect_refused(forged, "game_end_forfeit", "game 2: forfeited: expected [0], recorded [0, 3]");
}

TEST(ForgedRecords, GameIndexesAndSeatBotsAreChecked) {
  const RecordsFile clean = play("indexes", "--bots random,lowest,ducker,random --games 5");

  RecordsFile duplicated = clean;
  duplicated.games[3] = duplicated.games[2];
  expect_refused(duplicated, "duplicated", "game 3: appears twice in the file");

  RecordsFile missing = clean;
  missing.games.erase(missing.games.begin() + 1);
  expect_refused(missing, "missing", "game 2: missing from the file (it holds games up to 5)");

  RecordsFile out_of_range = clean;
  out_of_range.games[4].set_seat_bots(1, 4);
  expect_refused(out_of_range, "out_of_range",
                 "game 5: seat_bots [0, 4, 2, 3] refers to a bot the header does not list");

  RecordsFile too_few = clean;
  too_few.games[0].mutable_seat_bots()->RemoveLast();
  expect_refused(too_few, "too_few", "game 1: seat_bots names 3 seats; the rules seat 4");

  // A torn tail is still only a warning: the complete games verify.
  const std::string torn = temp_file("indexes_torn.rec");
  std::filesystem::copy_file(temp_file("indexes.rec"), torn);
  std::filesystem::resize_file(torn, std::filesystem::file_size(torn) - 9);
  const RunResult r = run_arena("verify " + torn);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("warning"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verified 4 games"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace arena
