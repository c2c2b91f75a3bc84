// Two-deck games (the cancellation preset) end to end: the real `arena` binary plays them with
// random, lowest and ducker in process, in sandboxed children and as a gRPC bot served on
// loopback; every records file is then verified, replayed and rated, and read back to check
// that it carries both copies. heuristic refuses with one line before any game.
#include <gtest/gtest.h>

#include <unistd.h>

#include <string>

#include "hearts/card_set.h"
#include "hearts/rules.h"
#include "records/records_io.h"
#include "support/play_verify.h"
#include "support/run_arena.h"
#include "support/serve_process.h"
#include "support/test_temp.h"

namespace {

using arena_test::RunResult;

std::string bots_for(int n, const std::string& first = "random") {
  const std::string cycle[] = {"random", "lowest", "ducker"};
  std::string bots = first;
  for (int s = 1; s < n; ++s) bots += "," + cycle[s % 3];
  return bots;
}

std::string temp(const std::string& name) {
  return arena_test::test_temp_path("cancellation_e2e", name);
}

// Plays `games` games of the cancellation preset into `out` and checks the run, `arena
// verify` and `arena replay` of the file.
void play_and_verify(const std::string& args, const std::string& out, int games) {
  arena_test::play_verify_replay("cancellation", args, out, games, "rules: cancellation");
}

// Every deal of the file holds both decks' cards in play between the hands and their second
// copies, and no play broke a rule.
void expect_two_deck_records(const std::string& path, int n) {
  arena::RecordsFile file;
  std::string error;
  ASSERT_TRUE(arena::read_records(path, &file, &error)) << error;
  ASSERT_FALSE(file.games.empty());
  const int hand = 104 / n;
  for (const auto& game : file.games) {
    EXPECT_EQ(game.violations_size(), 0) << game.DebugString();
    for (const auto& deal : game.deals()) {
      ASSERT_EQ(deal.hands_twice_size(), n);
      int cards = 0;
      for (int s = 0; s < n; ++s) {
        const hearts::CardSet once(deal.hands(s)), twice(deal.hands_twice(s));
        EXPECT_TRUE(once.contains_all(twice));
        EXPECT_EQ(once.size() + twice.size(), hand);
        cards += once.size() + twice.size();
      }
      EXPECT_EQ(cards, n * hand);
    }
  }
}

TEST(Cancellation, RandomLowestAndDuckerPlayEveryTableSizeAndVerify) {
  for (int n : {6, 8, 11}) {
    const std::string out = temp("cancel_" + std::to_string(n) + ".rec");
    play_and_verify("--players " + std::to_string(n) + " --bots " + bots_for(n), out, 3);
    expect_two_deck_records(out, n);
  }
  const RunResult rate = arena_test::run_arena("rate " + temp("cancel_8.rec"));
  EXPECT_EQ(rate.exit_code, 0) << rate.out;
  EXPECT_NE(rate.out.find("of cancellation, 8 players a table"), std::string::npos) << rate.out;
}

TEST(Cancellation, TheMultiDeckTieRuleAlsoVerifies) {
  const std::string out = temp("cancel_later.rec");
  play_and_verify("--bots " + bots_for(8) + " --set identical_cards=later-wins", out, 2);
  expect_two_deck_records(out, 8);
}

TEST(Cancellation, SandboxedChildrenPlayTwoDecks) {
  const std::string out = temp("cancel_isolated.rec");
  play_and_verify("--isolate --bots " + bots_for(8), out, 2);
  expect_two_deck_records(out, 8);
  arena::RecordsFile file;
  std::string error;
  ASSERT_TRUE(arena::read_records(out, &file, &error)) << error;
  for (const auto& bot : file.header.bots()) EXPECT_EQ(bot.runs_as(), "sandboxed") << bot.name();
}

TEST(Cancellation, AGrpcBotOnLoopbackPlaysTwoDecks) {
  arena_test::ServeOptions options;
  options.args = {"--bot", "ducker"};
  arena_test::ServeProcess serve(options);
  ASSERT_GT(serve.port(), 0) << serve.first_line();
  const std::string out = temp("cancel_grpc.rec");
  play_and_verify("--bots " + bots_for(8, "grpc://" + serve.target()), out, 2);
  expect_two_deck_records(out, 8);
  EXPECT_TRUE(serve.alive());
}

TEST(Cancellation, HeuristicRefusesBeforeAnyGameWithOneLine) {
  for (const std::string bot : {"heuristic", "montecarlo"}) {
    const std::string out = temp("cancel_" + bot + ".rec");
    const RunResult r = arena_test::run_arena("play --rules cancellation --games 2 --out " + out +
                                              " --bots " + bots_for(8, bot));
    EXPECT_NE(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("bot '" + bot +
                         "' could not be created: plays one deck only (rules "
                         "decks=2)"),
              std::string::npos)
        << r.out;
    arena::RecordsFile file;
    std::string error;
    if (arena::read_records(out, &file, &error)) {
      EXPECT_TRUE(file.games.empty());
    }
  }
}

TEST(Cancellation, ValidationRefusesWithOneLineNamingTheOption) {
  const RunResult few = arena_test::run_arena("rules show cancellation --players 5");
  EXPECT_EQ(few.exit_code, 2);
  EXPECT_EQ(few.out, "arena: invalid rules: decks: two decks need 6 to 11 players, not 5\n");
  const RunResult many = arena_test::run_arena("rules show standard --players 8");
  EXPECT_EQ(many.exit_code, 2);
  EXPECT_EQ(many.out,
            "arena: invalid rules: num_players: 8 players with one deck; one deck plays 3 to 7 "
            "(decks=2 plays 6 to 11)\n");
  const RunResult shown = arena_test::run_arena("rules show cancellation --players 7");
  EXPECT_EQ(shown.exit_code, 0);
  EXPECT_NE(shown.out.find("moon total 52, removed cards 2C 2C 2D 2D 2S 2S"), std::string::npos)
      << shown.out;
}

}  // namespace

// A forger who edits a two-deck record: a trick a seat won rewritten as void (nobody took it),
// or a second copy struck from a dealt hand. arena verify re-derives both and refuses the file.
TEST(Cancellation, ForgedTwoDeckRecordsFailVerify) {
  const std::string clean = temp("cancel_forge_clean.rec");
  play_and_verify("--players 8 --bots " + bots_for(8), clean, 2);
  arena::RecordsFile file;
  std::string error;
  ASSERT_TRUE(arena::read_records(clean, &file, &error)) << error;
  ASSERT_FALSE(file.games.empty());
  auto write_and_verify = [&](const arena::RecordsFile& forged, const std::string& name) {
    const std::string path = temp(name);
    auto writer = arena::RecordsWriter::create(path, forged.header, &error);
    EXPECT_TRUE(writer != nullptr) << error;
    if (!writer) return RunResult{};
    for (const auto& game : forged.games) EXPECT_TRUE(writer->append(game, &error)) << error;
    writer.reset();
    return arena_test::run_arena("verify " + path);
  };

  arena::RecordsFile void_trick = file;
  auto* deal = void_trick.games[0].mutable_deals(0);
  ASSERT_GT(deal->trick_winners_size(), 0);
  int won = 0;
  while (won < deal->trick_winners_size() && deal->trick_winners(won) < 0) ++won;
  ASSERT_LT(won, deal->trick_winners_size());
  deal->set_trick_winners(won, -1);
  const RunResult forged_void = write_and_verify(void_trick, "cancel_forge_void.rec");
  EXPECT_NE(forged_void.exit_code, 0) << forged_void.out;

  arena::RecordsFile lost_copy = file;
  deal = lost_copy.games[0].mutable_deals(0);
  int seat = 0;
  while (seat < deal->hands_twice_size() && deal->hands_twice(seat) == 0) ++seat;
  ASSERT_LT(seat, deal->hands_twice_size()) << "no seat was dealt a second copy";
  const hearts::CardSet twice(deal->hands_twice(seat));
  deal->set_hands_twice(seat, (twice - hearts::CardSet{twice.lowest()}).bits());
  const RunResult forged_copy = write_and_verify(lost_copy, "cancel_forge_copy.rec");
  EXPECT_NE(forged_copy.exit_code, 0) << forged_copy.out;
  EXPECT_NE(forged_copy.out.find("cannot be dealt"), std::string::npos) << forged_copy.out;
}
