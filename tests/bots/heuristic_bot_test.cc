// The heuristic plugin, loaded for real: its choices in hand-built positions where the right
// play is unambiguous, and full games under every preset without a single violation.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "hearts/game.h"
#include "hearts/observation.h"
#include "match/clock.h"
#include "match/referee.h"
#include "players/bot_specs.h"
#include "support/bot_rules.h"

namespace arena {
namespace {

using bot_rules::compiled;
using bot_rules::kSearchPath;

using hearts::Card;
using hearts::CardSet;

Card card(const char* text) {
  return *hearts::parse_card(text);
}

// Standard rules without passing: the scripted hands are the hands played.
hearts::CompiledRules no_pass_standard() {
  hearts::Rules rules = *hearts::preset_rules("standard");
  rules.pass_schedule = hearts::PassSchedule::kNone;
  return compiled(rules);
}

std::unique_ptr<Player> load_heuristic(const hearts::CompiledRules& rules, int seat) {
  std::string error;
  auto source = resolve_bot_spec("heuristic", kSearchPath, &error);
  EXPECT_NE(source, nullptr) << error;
  if (source == nullptr) return nullptr;
  hearts::BotConfig config;
  config.seat = seat;
  config.num_players = rules.rules.num_players;
  config.seed = 7;
  config.rules = &rules;
  // The source must outlive the player: keep it alive for the test's duration.
  static std::vector<std::shared_ptr<PlayerSource>> keep;
  keep.push_back(source);
  auto player = source->create(config, &error);
  EXPECT_NE(player, nullptr) << error;
  return player;
}

// Deals the four scripted hands and plays the scripted cards.
hearts::Game position(const hearts::CompiledRules& rules, const std::vector<std::string>& hands,
                      const std::vector<std::string>& plays) {
  hearts::Game game(rules, 1);
  std::vector<CardSet> sets;
  for (const std::string& h : hands) sets.push_back(*hearts::parse_cards(h));
  const auto status = game.deal_hands(sets);
  EXPECT_TRUE(status.ok()) << status.message();
  for (const std::string& p : plays) {
    const auto s = game.play(card(p.c_str()));
    EXPECT_TRUE(s.ok()) << p << ": " << s.message();
  }
  return game;
}

// The heuristic's play for the seat to act.
Card decide_play(const hearts::CompiledRules& rules, const hearts::Game& game) {
  EXPECT_EQ(game.phase(), hearts::Phase::kPlay);
  const int seat = game.to_act();
  auto player = load_heuristic(rules, seat);
  hearts::Observation obs = hearts::observe(game, seat);
  obs.time_left_us = 1'000'000;
  hearts::Decision decision{};
  const CallResult result = player->decide(obs, &decision);
  EXPECT_EQ(result.status, CallStatus::kOk) << result.detail;
  EXPECT_TRUE(obs.legal.contains(decision.card)) << hearts::to_string(decision.card);
  return decision.card;
}

// Deal A: seat 3 wins trick 1 and leads spades; seat 1 holds KS 5S, seat 2 the QS.
const std::vector<std::string> kDealA = {
    "2C 3C 4C 10S 9S 8S 2D 3D 4D 5D 2H 3H 4H",
    "5C KS 5S 6D 7D 8D 9D 10D 5H 6H 7H 8H 9H",
    "6C 7C 8C QS 2S 3S 4S JD QD KD AD 10H JH",
    "9C 10C JC QC KC AC AS JS 7S 6S QH KH AH",
};

TEST(HeuristicBot, LastToACleanTrickWinsWithItsHighestCard) {
  const auto rules = no_pass_standard();
  const auto game = position(rules, kDealA, {"2C", "5C", "8C"});
  // Seat 3 is last, no points can be in trick 1: the AC goes now, not in a later trick.
  EXPECT_EQ(decide_play(rules, game), card("AC"));
}

TEST(HeuristicBot, DucksUnderTheLeaderWhileTheQueenIsOut) {
  const auto rules = no_pass_standard();
  // Trick 1 to seat 3; seat 3 leads 7S, seat 0 plays 10S. Seat 1 holds KS 5S, the QS is behind
  // (seat 2): the 5S ducks, the KS would catch the queen.
  const auto game = position(rules, kDealA, {"2C", "5C", "6C", "9C", "7S", "10S"});
  EXPECT_EQ(decide_play(rules, game), card("5S"));
}

TEST(HeuristicBot, ShedsTheKingUnderTheAce) {
  const auto rules = no_pass_standard();
  // Seat 3 leads the AS: the KS loses to it, so it goes now, before it can catch the queen.
  const auto game = position(rules, kDealA, {"2C", "5C", "6C", "9C", "AS", "8S"});
  EXPECT_EQ(decide_play(rules, game), card("KS"));
}

TEST(HeuristicBot, DumpsTheQueenWhenVoid) {
  const auto rules = no_pass_standard();
  const std::vector<std::string> hands = {
      "2C 3C 4C 2D 3D 4D 5D 6D 7D 2H 3H 4H 5H",
      "JC QC KC AC 8D 9D 10D JD QD KD AD 6H 7H",
      "5C 6C 7C 8H AH 6S 7S 8S 9S 10S JS KS AS",
      "8C 9C 10C QS 2S 3S 4S 5S 9H 10H JH QH KH",
  };
  // Seat 1 wins trick 1 and leads a diamond; seat 3 has none: the queen goes.
  const auto game = position(rules, hands, {"2C", "AC", "5C", "8C", "8D", "6S"});
  EXPECT_EQ(decide_play(rules, game), card("QS"));
}

TEST(HeuristicBot, BlocksAMoonByTakingAHeart) {
  const auto rules = no_pass_standard();
  const std::vector<std::string> hands = {
      "2C 3C 4C 2D 3D 4D 5D 6D 7D 4H 5H 9H 10H",
      "JC QC KC AC 8D 9D 10D JD QD KD AD 6H 7H",
      "5C 6C 7C 2H 3H 8H AH 6S 7S 8S 9S 10S JS",
      "8C 9C 10C QS 2S 3S 4S 5S KS AS JH QH KH",
  };
  // Seat 1 takes trick 1, then the QS and a heart (14 of 26), and leads the 7H. Seat 2 would
  // normally duck with the 3H; with a moon in the making it takes the trick with the AH.
  const auto game = position(rules, hands, {"2C", "AC", "5C", "8C", "8D", "8H", "QS", "2D", "7H"});
  EXPECT_EQ(decide_play(rules, game), card("AH"));
}

TEST(HeuristicBot, LeadsLowSpadesToSmokeOutTheQueen) {
  const auto rules = no_pass_standard();
  const std::vector<std::string> hands = {
      "2C 3C 4C 5C 2D 3D 4D 5D 6D 2H 3H 4H 5H",
      "AC 6H 8S 9S 10S 7D 8D 9D 7H 8H 9H 10H JH",
      "6C 7C 8C 9C QS 2S 3S 10D JD QD QH KH AH",
      "10C JC QC KC KD AD 4S 5S 6S 7S JS KS AS",
  };
  // Seat 1 wins trick 1 and leads. It holds no spade above the queen: a low spade forces her
  // out (or at least costs it nothing), where a diamond might win a trick later.
  const auto game = position(rules, hands, {"2C", "AC", "6C", "10C"});
  const Card lead = decide_play(rules, game);
  EXPECT_EQ(lead.suit(), hearts::Suit::kSpades) << hearts::to_string(lead);
}

TEST(HeuristicBot, KeepsTheCoveredQueenAndPassesAValidSet) {
  hearts::Rules r = *hearts::preset_rules("standard");  // deal 0 passes three to the left
  const auto rules = compiled(r);
  hearts::Game game(rules, 1);
  const std::vector<std::string> hands = {
      "QS 2S 3S 4S 2C 3C 2D 3D 4D 5D 2H 3H 4H",
      "AC 6H 8S 9S 10S 7D 8D 9D 7H 8H 9H 10H JH",
      "6C 7C 8C 9C 5C 4C 10D JD QD QH KH AH 5H",
      "10C JC QC KC KD AD 5S 6S 7S JS KS AS 6D",
  };
  std::vector<CardSet> sets;
  for (const auto& h : hands) sets.push_back(*hearts::parse_cards(h));
  ASSERT_TRUE(game.deal_hands(sets).ok());
  ASSERT_EQ(game.phase(), hearts::Phase::kPass);
  const int seat = game.to_act();
  ASSERT_EQ(seat, 0);
  auto player = load_heuristic(rules, seat);
  hearts::Observation obs = hearts::observe(game, seat);
  hearts::Decision decision{};
  ASSERT_EQ(player->decide(obs, &decision).status, CallStatus::kOk);
  ASSERT_EQ(decision.count, obs.pass.count);
  CardSet passed;
  for (int i = 0; i < decision.count; ++i) {
    EXPECT_TRUE(obs.legal.contains(decision.cards[i]));
    passed.insert(decision.cards[i]);
  }
  EXPECT_EQ(passed.size(), decision.count) << "distinct cards";
  // Three low spades cover the queen: she stays. The two clubs go (a void), then a high card.
  EXPECT_FALSE(passed.contains(hearts::kQueenOfSpades));
  EXPECT_TRUE(passed.contains(card("2C")) && passed.contains(card("3C")))
      << hearts::to_string(passed);
  EXPECT_TRUE(
      game.pass_cards(std::vector<Card>(decision.cards, decision.cards + decision.count)).ok());
}

// Full games: heuristic in one seat, random players elsewhere; not a single violation.
void play_games(const std::string& label, hearts::Rules rules, int games) {
  const auto compiled_rules = compiled(rules);
  const int n = rules.num_players;
  std::vector<std::shared_ptr<PlayerSource>> sources;
  std::vector<std::unique_ptr<Player>> players;
  std::vector<Player*> seats;
  for (int s = 0; s < n; ++s) {
    std::string error;
    sources.push_back(resolve_bot_spec(s == 0 ? "heuristic" : "random", kSearchPath, &error));
    ASSERT_NE(sources.back(), nullptr) << error;
    hearts::BotConfig config;
    config.seat = s;
    config.num_players = n;
    config.seed = 1000 + s;
    config.rules = &compiled_rules;
    players.push_back(sources.back()->create(config, &error));
    ASSERT_NE(players.back(), nullptr) << error;
    seats.push_back(players.back().get());
  }
  SteadyClock clock;
  Referee referee(compiled_rules, RefereeOptions{}, clock);
  int deals = 0;
  for (int g = 0; g < games; ++g) {
    const GameOutcome outcome = referee.play_game(500 + g, g, seats, nullptr);
    deals += outcome.deals;
    for (int s = 0; s < n; ++s) {
      ASSERT_EQ(outcome.seats[s].violations, 0) << label << " game " << g << " seat " << s;
    }
  }
  EXPECT_GT(deals, 0) << label;
}

TEST(HeuristicBot, NoViolationsUnderEveryPreset) {
  for (const hearts::Preset& preset : hearts::presets()) {
    if (preset.rules.decks != 1) continue;  // refused: see RefusesTwoDecksWithOneLine
    hearts::Rules rules = preset.rules;
    // A stock, booster nines and jokers are refused by design (records/stock_jokers_records_test).
    if (hearts::compile(rules)->extended_play) continue;
    rules.num_players = 4;
    play_games(std::string(preset.name), rules, 50);
  }
}

TEST(HeuristicBot, NoViolationsWithThreeAndFiveToSevenPlayers) {
  for (int n : {3, 5, 6, 7}) {
    hearts::Rules rules = *hearts::preset_rules("morehead2001");
    rules.num_players = n;
    play_games("morehead2001 x" + std::to_string(n), rules, 50);
  }
}

// heuristic and montecarlo count one copy of each card: under two decks they refuse to be
// seated, with one line that names the option, before any game is played.
TEST(HeuristicBot, RefusesTwoDecksWithOneLine) {
  const hearts::CompiledRules rules = compiled(*hearts::preset_rules("cancellation"));
  for (const char* bot : {"heuristic", "montecarlo"}) {
    std::string error;
    auto source = resolve_bot_spec(bot, kSearchPath, &error);
    ASSERT_NE(source, nullptr) << error;
    hearts::BotConfig config;
    config.num_players = rules.rules.num_players;
    config.rules = &rules;
    EXPECT_EQ(source->create(config, &error), nullptr) << bot;
    EXPECT_NE(error.find("bot '" + std::string(bot) +
                         "' could not be created: plays one deck only (rules decks=2)"),
              std::string::npos)
        << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
}

}  // namespace
}  // namespace arena
