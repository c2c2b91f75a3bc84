// observe(): every field is the engine's state as this seat may see it, the pointers lead into
// the engine (a view, no copies), and the in-place form overwrites every field of a reused
// Observation. Played over whole games of every preset, with random legal decisions.
#include "hearts/observation.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <span>
#include <string>

#include "hearts/rng.h"

namespace hearts {
namespace {

// Every field compared by value (pointers by target), so padding never matters.
void expect_same(const Observation& a, const Observation& b, const std::string& where) {
  SCOPED_TRACE(where);
  EXPECT_EQ(a.phase, b.phase);
  EXPECT_EQ(a.legal, b.legal);
  EXPECT_EQ(a.rules, b.rules);
  EXPECT_EQ(a.seat, b.seat);
  EXPECT_EQ(a.num_players, b.num_players);
  EXPECT_EQ(a.dealer, b.dealer);
  EXPECT_EQ(a.deal_index, b.deal_index);
  EXPECT_EQ(a.game_index, b.game_index);
  EXPECT_EQ(a.pass.kind, b.pass.kind);
  EXPECT_EQ(a.pass.offset, b.pass.offset);
  EXPECT_EQ(a.pass.count, b.pass.count);
  EXPECT_EQ(a.hand, b.hand);
  EXPECT_EQ(a.dealt_hand, b.dealt_hand);
  EXPECT_EQ(a.passed, b.passed);
  EXPECT_EQ(a.passed_count, b.passed_count);
  EXPECT_EQ(a.received, b.received);
  EXPECT_EQ(a.received_count, b.received_count);
  EXPECT_EQ(a.kitty, b.kitty);
  EXPECT_EQ(a.plays, b.plays);
  EXPECT_EQ(a.num_plays, b.num_plays);
  EXPECT_EQ(a.trick_winners, b.trick_winners);
  EXPECT_EQ(a.tricks_completed, b.tricks_completed);
  EXPECT_EQ(a.trick_leader, b.trick_leader);
  EXPECT_EQ(a.hearts_broken, b.hearts_broken);
  EXPECT_EQ(a.points_taken, b.points_taken);
  EXPECT_EQ(a.tricks_won, b.tricks_won);
  EXPECT_EQ(a.scores, b.scores);
  EXPECT_EQ(a.counters, b.counters);
  EXPECT_EQ(a.deals_completed, b.deals_completed);
  EXPECT_EQ(a.time_left_us, b.time_left_us);
  EXPECT_EQ(a.bank_left_us, b.bank_left_us);
  EXPECT_EQ(a.random_seed, b.random_seed);
}

// What `seat` may know, read straight from the engine.
void expect_matches_game(const Observation& obs, const Game& game, int seat) {
  const int n = game.num_players();
  EXPECT_EQ(obs.phase, game.phase());
  EXPECT_EQ(obs.seat, seat);
  EXPECT_EQ(obs.num_players, n);
  EXPECT_EQ(obs.hand, game.hand(seat));
  EXPECT_EQ(obs.dealt_hand, game.dealt_hand(seat));
  // Only the seat to act is told its choices; nobody else learns another hand from them.
  CardSet legal;
  if (game.to_act() == seat && game.phase() == Phase::kPlay) legal = game.legal_plays();
  if (game.to_act() == seat && game.phase() == Phase::kPass) legal = game.passable(seat);
  EXPECT_EQ(obs.legal, legal);
  ASSERT_EQ(obs.passed_count, static_cast<int>(game.passed_by(seat).size()));
  for (int k = 0; k < obs.passed_count; ++k) EXPECT_EQ(obs.passed[k], game.passed_by(seat)[k]);
  CardSet received;
  for (const ReceivedCard& card : obs.received_cards()) received.insert(card.card);
  EXPECT_EQ(received, game.received_by(seat));
  ASSERT_EQ(obs.num_plays, static_cast<int>(game.plays().size()));
  EXPECT_EQ(obs.plays, game.plays().data());  // a view: the engine's own array
  EXPECT_EQ(obs.tricks_completed, game.tricks_completed());
  EXPECT_EQ(obs.current_trick().size(), game.current_trick().size());
  for (int s = 0; s < kMaxPlayers; ++s) {
    const int expected_points = s < n ? game.points_taken(s) : 0;
    EXPECT_EQ(obs.points_taken[s], expected_points) << "seat " << s;
    EXPECT_EQ(obs.tricks_won[s], s < n ? game.tricks_won(s) : 0) << "seat " << s;
    EXPECT_EQ(obs.scores[s], s < n ? game.score(s) : 0) << "seat " << s;
    EXPECT_EQ(obs.counters[s], s < n ? game.counters(s) : 0) << "seat " << s;
  }
  const bool may_see_kitty = game.rules().rules.kitty_seen_by_winner &&
                             game.tricks_completed() > 0 && game.trick_winner(0) == seat;
  EXPECT_EQ(obs.kitty, may_see_kitty ? game.kitty() : CardSet());
}

TEST(Observe, IsTheEnginesStateForEverySeatAndOverwritesEveryField) {
  int checked = 0;
  for (const Preset& preset : presets()) {
    SCOPED_TRACE(std::string(preset.name));
    std::string error;
    const auto rules = compile(preset.rules, &error);
    ASSERT_TRUE(rules) << error;
    Game game(*rules, 99);
    Rng rng(5);
    Observation reused;
    int decisions = 0;
    while (!game.is_over() && decisions < 400) {
      const int to_act = game.to_act();
      if (to_act >= 0) {
        for (int seat = 0; seat < game.num_players(); ++seat) {
          // Garbage first: the in-place form must leave nothing of it.
          std::memset(static_cast<void*>(&reused), 0xA5, sizeof reused);
          observe(game, seat, &reused);
          const Observation fresh = observe(game, seat);
          expect_same(reused, fresh, "decision " + std::to_string(decisions));
          expect_matches_game(fresh, game, seat);
          ++checked;
        }
        ++decisions;
      }
      switch (game.phase()) {
        case Phase::kDeal:
        case Phase::kPassDirection:
          game.resolve_chance();
          break;
        case Phase::kDealerChoice:
          ASSERT_TRUE(game.set_pass_plan(PassPlan{PassKind::kOffset, 1,
                                                  static_cast<uint8_t>(rules->pass_count)})
                          .ok());
          break;
        case Phase::kPass: {
          std::array<Card, kMaxPassCards> cards{};
          int k = 0;
          for (Card card : game.passable(to_act)) {
            if (k == game.pass_plan().count) break;
            cards[k++] = card;
          }
          ASSERT_TRUE(game.pass_cards(std::span<const Card>(cards.data(), k)).ok());
          break;
        }
        case Phase::kPlay: {
          const CardSet legal = game.legal_plays();
          game.play_checked(legal.nth(static_cast<int>(rng.uniform(legal.size()))));
          break;
        }
        case Phase::kMoonChoice:
          ASSERT_TRUE(game.choose_moon(true).ok());
          break;
        case Phase::kSlamBid:
          ASSERT_TRUE(game.bid_slam(rng.uniform(4) == 0).ok());
          break;
        case Phase::kGameOver:
          break;
      }
    }
  }
  EXPECT_GT(checked, 10'000);
}

TEST(Observe, DefaultObservationsPointersAreSafeToRead) {
  const Observation empty;
  for (int s = 0; s < kMaxPlayers; ++s) {
    EXPECT_EQ(empty.scores[s], 0);
    EXPECT_EQ(empty.counters[s], 0);
    EXPECT_EQ(empty.points_taken[s], 0);
    EXPECT_EQ(empty.tricks_won[s], 0);
  }
  EXPECT_TRUE(empty.passed_cards().empty());
  EXPECT_TRUE(empty.received_cards().empty());
  EXPECT_TRUE(empty.all_plays().empty());
}

}  // namespace
}  // namespace hearts
