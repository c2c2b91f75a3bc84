// The plain path (sdk/src/game_plain.cc, the inline calls at the end of hearts/game.h) against
// the general path: the same table and seed played on both, with the same random decisions, must
// show the same state after every decision. The plain path keeps some state per trick rather than
// per card (the trick's winner and points, the played set, broken hearts), so this checks every
// accessor and every seat's observation mid-trick, not only the results.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <span>
#include <string>

#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/random_player.h"
#include "hearts/rng.h"

namespace hearts {

// Declared a friend by Game: runs a table that would take the plain path on the general one.
struct GamePathPeer {
  static bool plain(const Game& game) { return game.plain_; }
  static void force_general(Game& game) { game.plain_ = false; }
};

namespace {

template <typename T>
bool same_span(std::span<const T> a, std::span<const T> b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const T& x, const T& y) { return std::memcmp(&x, &y, sizeof(T)) == 0; });
}

void expect_same_deal_result(const DealResult& a, const DealResult& b) {
  EXPECT_EQ(a.deal_index, b.deal_index);
  EXPECT_EQ(a.dealer, b.dealer);
  EXPECT_EQ(a.pass, b.pass);
  EXPECT_EQ(a.points_taken, b.points_taken);
  EXPECT_EQ(a.deal_score, b.deal_score);
  EXPECT_EQ(a.tricks_won, b.tricks_won);
  EXPECT_EQ(a.counters_delta, b.counters_delta);
  EXPECT_EQ(a.moon_shooter, b.moon_shooter);
  EXPECT_EQ(a.new_moon, b.new_moon);
  EXPECT_EQ(a.sun_shooter, b.sun_shooter);
  EXPECT_EQ(a.slate_cleaned, b.slate_cleaned);
  EXPECT_EQ(a.moon_team, b.moon_team);
  EXPECT_EQ(a.slam_bidder, b.slam_bidder);
  EXPECT_EQ(a.slam_made, b.slam_made);
}

// Per seat: what the engine shows of each player.
void expect_same_seats(const Game& a, const Game& b) {
  for (int s = 0; s < a.num_players(); ++s) {
    SCOPED_TRACE("seat " + std::to_string(s));
    EXPECT_EQ(a.hand(s), b.hand(s));
    EXPECT_EQ(a.dealt_hand(s), b.dealt_hand(s));
    EXPECT_TRUE(same_span(a.passed_by(s), b.passed_by(s)));
    EXPECT_EQ(a.received_by(s), b.received_by(s));
    EXPECT_TRUE(same_span(a.received_list(s), b.received_list(s)));
    EXPECT_EQ(a.taken(s), b.taken(s));
    EXPECT_EQ(a.points_taken(s), b.points_taken(s));
    EXPECT_EQ(a.tricks_won(s), b.tricks_won(s));
    EXPECT_EQ(a.score(s), b.score(s));
    EXPECT_EQ(a.counters(s), b.counters(s));
    // The count each seat's observation reads, and what it must equal: the cards held.
    EXPECT_EQ(a.all_hand_counts()[s], b.all_hand_counts()[s]);
    EXPECT_EQ(a.all_hand_counts()[s], a.hand(s).size());
    if (a.is_over()) {
      EXPECT_EQ(a.rank(s), b.rank(s));
    }
    const Observation oa = observe(a, s);
    const Observation ob = observe(b, s);
    EXPECT_EQ(oa.legal, ob.legal);
    EXPECT_EQ(oa.hearts_broken, ob.hearts_broken);
    EXPECT_EQ(oa.lead_suit, ob.lead_suit);
    EXPECT_EQ(oa.trick_start, ob.trick_start);
    EXPECT_EQ(oa.trick_leader, ob.trick_leader);
    EXPECT_EQ(oa.partner, ob.partner);
    EXPECT_EQ(oa.slam_partner, ob.slam_partner);
    EXPECT_TRUE(std::equal(oa.hand_counts, oa.hand_counts + oa.num_players, ob.hand_counts));
    EXPECT_TRUE(std::equal(oa.points_taken, oa.points_taken + oa.num_players, ob.points_taken));
  }
}

// The whole state the engine shows, after one decision.
void expect_same_state(const Game& a, const Game& b) {
  ASSERT_EQ(a.phase(), b.phase());
  EXPECT_EQ(a.to_act(), b.to_act());
  EXPECT_EQ(a.deal_index(), b.deal_index());
  EXPECT_EQ(a.dealer(), b.dealer());
  EXPECT_EQ(a.pass_plan(), b.pass_plan());
  EXPECT_EQ(a.kitty(), b.kitty());
  EXPECT_EQ(a.passes_exchanged(), b.passes_exchanged());
  EXPECT_TRUE(same_span(a.plays(), b.plays()));
  EXPECT_TRUE(same_span(a.trick_winners(), b.trick_winners()));
  EXPECT_TRUE(same_span(a.current_trick(), b.current_trick()));
  EXPECT_EQ(a.tricks_completed(), b.tricks_completed());
  EXPECT_EQ(a.trick_leader(), b.trick_leader());
  EXPECT_EQ(a.trick_start(), b.trick_start());
  EXPECT_EQ(a.trick_length(), b.trick_length());
  EXPECT_EQ(a.lead_suit(), b.lead_suit());
  EXPECT_EQ(a.played_cards(), b.played_cards());
  EXPECT_EQ(a.hearts_broken(), b.hearts_broken());
  EXPECT_EQ(a.legal_plays(), b.legal_plays());
  EXPECT_EQ(a.deals_completed(), b.deals_completed());
  EXPECT_EQ(a.pool(), b.pool());
  EXPECT_EQ(a.slam_bidder(), b.slam_bidder());
  EXPECT_EQ(a.slam_partner(), b.slam_partner());
  if (a.deals_completed() > 0) expect_same_deal_result(a.last_deal(), b.last_deal());
  expect_same_seats(a, b);
}

// Plays `games` games of `rules` on both paths; returns the decisions compared.
long long compare_paths(const CompiledRules& rules, int games) {
  long long decisions = 0;
  for (int g = 0; g < games && !::testing::Test::HasFailure(); ++g) {
    const uint64_t seed = derive_seed(0x9A1Eull, static_cast<uint64_t>(g));
    Game plain(rules, seed);
    Game general(rules, seed);
    GamePathPeer::force_general(general);
    EXPECT_TRUE(GamePathPeer::plain(plain));
    Rng rng_plain(seed + 1), rng_general(seed + 1);
    while (!plain.is_over() && !::testing::Test::HasFailure()) {
      SCOPED_TRACE("game " + std::to_string(g) + ", play " + std::to_string(plain.plays().size()));
      const bool played = play_random_decision(plain, rng_plain).ok() &&
                          play_random_decision(general, rng_general).ok();
      EXPECT_TRUE(played);
      if (!played) break;
      expect_same_state(plain, general);
      ++decisions;
    }
    EXPECT_TRUE(general.is_over());
  }
  return decisions;
}

TEST(GamePlainPathTest, EveryPlainPresetShowsWhatTheGeneralPathShows) {
  int plain_presets = 0;
  for (const Preset& preset : presets()) {
    SCOPED_TRACE(std::string(preset.name));
    const CompiledRules rules = *compile(preset.rules);
    if (!GamePathPeer::plain(Game(rules, 1))) continue;
    ++plain_presets;
    EXPECT_GT(compare_paths(rules, 6), 6 * 40);  // whole games: at least one deal each
  }
  // The standard table and most presets take the plain path (docs/performance.md).
  EXPECT_GE(plain_presets, 10);
}

TEST(GamePlainPathTest, OtherPlayerCountsAndTheKittyShowWhatTheGeneralPathShows) {
  for (int n = 3; n <= 7; ++n) {
    for (const DeckAdjust adjust : {DeckAdjust::kMorehead2001, DeckAdjust::kKitty}) {
      SCOPED_TRACE("players " + std::to_string(n) + ", adjust " +
                   std::to_string(static_cast<int>(adjust)));
      Rules r = *preset_rules("standard");
      r.num_players = n;
      r.deck_adjust = adjust;
      r.pass_schedule = PassSchedule::kLeftRight;
      const auto rules = compile(r);
      ASSERT_TRUE(rules.has_value());
      EXPECT_GT(compare_paths(*rules, 6), 6 * 30);
    }
  }
}

}  // namespace
}  // namespace hearts
