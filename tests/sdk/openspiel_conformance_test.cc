// Conformance with DeepMind OpenSpiel's Hearts: replays the 27 recorded games of
// ../shared/conformance/openspiel_hearts_games.txt (read in place, never copied) under the
// "openspiel" preset. Every pass and play must be legal, the seat to act must match, and the deal
// scores must equal OpenSpiel's points exactly. The file's header lines define the encoding:
//   a[0]      pass direction: 0 no pass, 1 left, 2 across, 3 right (receiver = passer + dir)
//   a[1..52]  the deal: the k-th dealt card goes to seat k % 4
//   12 passes when a[0] != 0: seat 0's three cards, then seats 1, 2, 3
//   52 plays; card id = rank * 4 + suit (Card::from_openspiel)
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "hearts/card.h"
#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/rules.h"

#ifndef HEARTS_SHARED_DIR
#define HEARTS_SHARED_DIR ""
#endif

namespace hearts {
namespace {

constexpr int kExpectedGames = 27;

struct RecordedGame {
  int line = 0;
  std::string name;
  std::array<int, 4> points{};
  std::array<int, 4> returns{};
  bool moon = false;
  std::vector<int> actions;
  std::string parse_error;  // non-empty when the line could not be read
};

// The shared folder: $HEARTS_SHARED_DIR if set, else the directory compiled in.
std::string SharedDir() {
  if (const char* env = std::getenv("HEARTS_SHARED_DIR"); env != nullptr && *env != '\0') {
    return env;
  }
  return HEARTS_SHARED_DIR;
}

std::string GamesPath() {
  return SharedDir() + "/conformance/openspiel_hearts_games.txt";
}

std::string Trim(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  const size_t end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

// Reads "key=[a, b, c, d]" into `out`.
bool ParseFour(const std::string& field, const std::string& key, std::array<int, 4>* out) {
  const std::string prefix = key + "=[";
  if (field.rfind(prefix, 0) != 0 || field.back() != ']') return false;
  std::string inner = field.substr(prefix.size(), field.size() - prefix.size() - 1);
  for (char& c : inner) {
    if (c == ',') c = ' ';
  }
  std::istringstream in(inner);
  for (int& value : *out) {
    if (!(in >> value)) return false;
  }
  std::string rest;
  return !(in >> rest);
}

RecordedGame ParseLine(const std::string& text, int line) {
  RecordedGame game;
  game.line = line;
  std::vector<std::string> fields;
  size_t start = 0;
  while (true) {
    const size_t bar = text.find('|', start);
    fields.push_back(Trim(text.substr(start, bar == std::string::npos ? bar : bar - start)));
    if (bar == std::string::npos) break;
    start = bar + 1;
  }
  auto fail = [&](const std::string& why) {
    game.parse_error = "line " + std::to_string(line) + ": " + why;
    return game;
  };
  if (fields.size() != 5) return fail("expected 5 '|'-separated fields");
  game.name = fields[0];
  if (!ParseFour(fields[1], "points", &game.points)) return fail("bad points field");
  if (!ParseFour(fields[2], "returns", &game.returns)) return fail("bad returns field");
  if (fields[3] == "moon=True") {
    game.moon = true;
  } else if (fields[3] != "moon=False") {
    return fail("bad moon field");
  }
  if (fields[4].rfind("actions=", 0) != 0) return fail("bad actions field");
  std::istringstream in(fields[4].substr(8));
  int action = 0;
  while (in >> action) game.actions.push_back(action);
  if (!in.eof()) return fail("non-numeric action");
  return game;
}

struct LoadedFile {
  bool present = false;
  std::vector<RecordedGame> games;
};

const LoadedFile& Loaded() {
  static const LoadedFile loaded = [] {
    LoadedFile file;
    std::ifstream in(GamesPath());
    if (!in) return file;
    file.present = true;
    std::string text;
    int line = 0;
    while (std::getline(in, text)) {
      ++line;
      const std::string trimmed = Trim(text);
      if (trimmed.empty() || trimmed[0] == '#') continue;
      file.games.push_back(ParseLine(trimmed, line));
    }
    return file;
  }();
  return loaded;
}

std::string TestName(const RecordedGame& game) {
  std::string name;
  for (char c : game.name) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (name.empty()) name = "game";
  // Line numbers keep names unique even if the file repeated a name.
  for (const RecordedGame& other : Loaded().games) {
    if (&other != &game && other.name == game.name)
      return name + "_line" + std::to_string(game.line);
  }
  return name;
}

PassPlan PlanFor(int direction) {
  if (direction == 0) return PassPlan{PassKind::kHold, 0, 0};
  return PassPlan{PassKind::kOffset, static_cast<uint8_t>(direction), 3};
}

// Test names and CTest listings show the game by name.
void PrintTo(const RecordedGame* game, std::ostream* os) {
  *os << game->name;
}

class OpenSpielConformanceTest : public ::testing::TestWithParam<const RecordedGame*> {};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(OpenSpielConformanceTest);

TEST_P(OpenSpielConformanceTest, ReplaysLegallyWithIdenticalPoints) {
  const RecordedGame& rec = *GetParam();
  SCOPED_TRACE(rec.name + " (line " + std::to_string(rec.line) + " of " + GamesPath() + ")");
  ASSERT_TRUE(rec.parse_error.empty()) << rec.parse_error;
  const std::vector<int>& a = rec.actions;
  ASSERT_FALSE(a.empty());
  const int direction = a[0];
  ASSERT_TRUE(direction >= 0 && direction <= 3) << "pass direction action " << direction;
  const size_t num_passes = direction == 0 ? 0 : 12;
  ASSERT_EQ(a.size(), 1 + 52 + num_passes + 52);
  for (int x : std::span(a).subspan(1)) ASSERT_TRUE(x >= 0 && x < 52) << "card action " << x;
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(rec.returns[s], 26 - rec.points[s]) << "the file's returns are 26 - points";
  }

  const std::optional<Rules> rules = preset_rules("openspiel");
  ASSERT_TRUE(rules.has_value()) << "no openspiel preset";
  ASSERT_EQ(rules->num_players, 4);
  std::string error;
  std::optional<Game> created = Game::create(*rules, 1, &error);
  ASSERT_TRUE(created.has_value()) << error;
  Game& game = *created;

  // The deal (the engine's first chance step; OpenSpiel draws the pass direction first).
  ASSERT_EQ(game.phase(), Phase::kDeal);
  std::array<CardSet, 4> hands{};
  CardSet dealt;
  for (int k = 0; k < 52; ++k) {
    const Card card = Card::from_openspiel(a[1 + k]);
    ASSERT_FALSE(dealt.contains(card)) << "dealt twice: " << to_string(card);
    dealt.insert(card);
    hands[k % 4].insert(card);
  }
  ASSERT_EQ(dealt, CardSet::full_deck());
  const Status deal_status = game.deal_hands(hands);
  ASSERT_TRUE(deal_status.ok()) << deal_status.message();
  for (int s = 0; s < 4; ++s) ASSERT_EQ(game.hand(s), hands[s]) << "seat " << s;

  // The pass direction.
  ASSERT_EQ(game.phase(), Phase::kPassDirection);
  ASSERT_EQ(game.dealer(), 3);
  ASSERT_EQ(game.eldest(), 0);
  const Status plan_status = game.set_pass_plan(PlanFor(direction));
  ASSERT_TRUE(plan_status.ok()) << plan_status.message();
  EXPECT_EQ(game.pass_plan(), PlanFor(direction));

  // The passes: seats 0..3 in order, which is eldest first on deal 0.
  size_t next = 53;
  if (direction != 0) {
    for (int seat = 0; seat < 4; ++seat) {
      ASSERT_EQ(game.phase(), Phase::kPass);
      ASSERT_EQ(game.to_act(), seat) << "pass " << seat;
      std::array<Card, 3> cards{};
      for (int k = 0; k < 3; ++k) {
        cards[k] = Card::from_openspiel(a[next++]);
        ASSERT_TRUE(game.passable(seat).contains(cards[k]))
            << "seat " << seat << " cannot pass " << to_string(cards[k]) << " from "
            << to_string(game.hand(seat));
      }
      const Status pass_status = game.pass_cards(cards);
      ASSERT_TRUE(pass_status.ok())
          << "seat " << seat << " passing " << to_string(cards[0]) << " " << to_string(cards[1])
          << " " << to_string(cards[2]) << ": " << pass_status.message();
    }
    for (int seat = 0; seat < 4; ++seat) {
      CardSet passed;
      for (Card card : game.passed_by(seat)) passed.insert(card);
      EXPECT_EQ(game.received_by((seat + direction) % 4), passed) << "seat " << seat;
    }
  }

  // The 52 plays.
  for (int i = 0; i < 52; ++i) {
    const Card card = Card::from_openspiel(a[next++]);
    ASSERT_EQ(game.phase(), Phase::kPlay) << "play " << i;
    int holder = -1;
    for (int s = 0; s < 4; ++s) {
      if (game.hand(s).contains(card)) holder = s;
    }
    ASSERT_GE(holder, 0) << "play " << i << ": nobody holds " << to_string(card);
    ASSERT_EQ(game.to_act(), holder) << "play " << i << " (" << to_string(card) << ")";
    const CardSet legal = game.legal_plays();
    ASSERT_TRUE(legal.contains(card))
        << "play " << i << ": seat " << holder << " plays " << to_string(card)
        << " but legal_plays() = " << to_string(legal) << " (hand " << to_string(game.hand(holder))
        << ", trick " << game.tricks_completed() << ")";
    const Status play_status = game.play(card);
    ASSERT_TRUE(play_status.ok()) << "play " << i << ": " << play_status.message();
  }
  ASSERT_EQ(next, a.size());

  // The result.
  ASSERT_EQ(game.deals_completed(), 1);
  EXPECT_TRUE(game.is_over());
  const DealResult& result = game.last_deal();
  const std::vector<int> got(result.deal_score.begin(), result.deal_score.begin() + 4);
  const std::vector<int> want(rec.points.begin(), rec.points.end());
  EXPECT_EQ(got, want) << "deal_score differs from OpenSpiel's points";
  EXPECT_EQ(result.moon_shooter >= 0, rec.moon) << "moon_shooter " << result.moon_shooter;
  int taken = 0;
  for (int s = 0; s < 4; ++s) taken += result.points_taken[s];
  EXPECT_EQ(taken, 26);
}

std::vector<const RecordedGame*> GamePointers() {
  std::vector<const RecordedGame*> pointers;
  for (const RecordedGame& game : Loaded().games) pointers.push_back(&game);
  return pointers;
}

INSTANTIATE_TEST_SUITE_P(Games, OpenSpielConformanceTest, ::testing::ValuesIn(GamePointers()),
                         [](const ::testing::TestParamInfo<const RecordedGame*>& info) {
                           return TestName(*info.param);
                         });

TEST(OpenSpielConformance, FileHasAllGames) {
  if (!Loaded().present) {
    GTEST_SKIP() << "OpenSpiel conformance file absent: " << GamesPath()
                 << " (set HEARTS_SHARED_DIR to the shared folder to run these tests)";
  }
  EXPECT_EQ(Loaded().games.size(), static_cast<size_t>(kExpectedGames));
  int moons = 0;
  for (const RecordedGame& game : Loaded().games) {
    EXPECT_TRUE(game.parse_error.empty()) << game.parse_error;
    moons += game.moon;
  }
  EXPECT_GE(moons, 1) << "the shoot-the-moon game is missing";
}

}  // namespace
}  // namespace hearts
