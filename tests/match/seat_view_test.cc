// SeatView against the SDK's observe(): the referee builds each bot's observation in the seat's
// own buffer, copying only what is new since the seat's last call, and it must show exactly what
// hearts::observe() shows of the live game (except the kitty's points, hidden from a seat that
// may not see the kitty). Checked field by field, for every seat after every decision and at
// every deal end, through whole games of every preset and of 3 to 7 players with a kitty.
#include "match/seat_view.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "hearts/observation.h"
#include "hearts/plugin.h"
#include "hearts/random_player.h"
#include "hearts/rng.h"

namespace arena {
namespace {

using hearts::Observation;

template <typename T>
bool same_items(const T* a, const T* b, int32_t count) {
  return count == 0 || std::memcmp(a, b, sizeof(T) * static_cast<size_t>(count)) == 0;
}

bool same_seats(const int32_t* a, const int32_t* b, int n) {
  return std::equal(a, a + n, b);
}

// What a seat is shown of points_taken: the kitty's points stay out of the first trick's
// winner's count until the deal ends, unless this seat may see the kitty.
std::vector<int32_t> points_shown(const hearts::Game& game, const Observation& truth) {
  std::vector<int32_t> points(truth.points_taken, truth.points_taken + truth.num_players);
  if (!game.kitty().empty() && truth.tricks_completed > 0 && truth.kitty.empty()) {
    for (hearts::Card card : game.kitty()) {
      points[game.trick_winner(0)] -= game.rules().card_points[card.id()];
    }
  }
  return points;
}

// The fields the referee refreshes for every decision, whatever the bot wrote over its view
// before: what the seat must decide with now.
void expect_same_decision_fields(const Observation& seen, const Observation& truth) {
  EXPECT_EQ(seen.phase, truth.phase);
  EXPECT_EQ(seen.legal, truth.legal);
  EXPECT_EQ(seen.hand, truth.hand);
  EXPECT_EQ(seen.num_plays, truth.num_plays);
  EXPECT_EQ(seen.tricks_completed, truth.tricks_completed);
  EXPECT_EQ(seen.trick_leader, truth.trick_leader);
  EXPECT_EQ(seen.hearts_broken, truth.hearts_broken);
  EXPECT_EQ(seen.trick_start, truth.trick_start);
  EXPECT_EQ(seen.trick_length, truth.trick_length);
  EXPECT_EQ(seen.lead_suit, truth.lead_suit);
  EXPECT_TRUE(same_seats(seen.hand_counts, truth.hand_counts, truth.num_players));
  EXPECT_TRUE(same_seats(seen.tricks_won, truth.tricks_won, truth.num_players));
}

void expect_same_view(const hearts::Game& game, const Observation& seen, const Observation& truth,
                      bool deal_ended) {
  static_assert(sizeof(Observation) == 296, "a new Observation field: compare it here");
  const int n = truth.num_players;
  expect_same_decision_fields(seen, truth);
  EXPECT_EQ(seen.rules->card_points, truth.rules->card_points);
  EXPECT_EQ(seen.rules->rules.num_players, truth.rules->rules.num_players);
  EXPECT_EQ(seen.seat, truth.seat);
  EXPECT_EQ(seen.num_players, n);
  if (!deal_ended) {  // a deal-end notification names the deal that ended (checked by the caller)
    EXPECT_EQ(seen.dealer, truth.dealer);
    EXPECT_EQ(seen.deal_index, truth.deal_index);
  }
  EXPECT_EQ(seen.pass, truth.pass);
  EXPECT_EQ(seen.dealt_hand, truth.dealt_hand);
  ASSERT_EQ(seen.passed_count, truth.passed_count);
  EXPECT_TRUE(same_items(seen.passed, truth.passed, truth.passed_count));
  ASSERT_EQ(seen.received_count, truth.received_count);
  EXPECT_TRUE(same_items(seen.received, truth.received, truth.received_count));
  EXPECT_EQ(seen.kitty, truth.kitty);
  ASSERT_EQ(seen.num_plays, truth.num_plays);
  EXPECT_TRUE(same_items(seen.plays, truth.plays, truth.num_plays));
  ASSERT_EQ(seen.tricks_completed, truth.tricks_completed);
  EXPECT_TRUE(same_items(seen.trick_winners, truth.trick_winners, truth.tricks_completed));
  const std::vector<int32_t> points =
      deal_ended ? std::vector<int32_t>(truth.points_taken, truth.points_taken + n)
                 : points_shown(game, truth);
  EXPECT_TRUE(same_seats(seen.points_taken, points.data(), n));
  EXPECT_TRUE(same_seats(seen.scores, truth.scores, n));
  EXPECT_TRUE(same_seats(seen.counters, truth.counters, n));
  EXPECT_TRUE(same_seats(seen.scores_imag, truth.scores_imag, n));
  EXPECT_TRUE(same_seats(seen.drawn_counts, truth.drawn_counts, n));
  EXPECT_EQ(seen.deals_completed, truth.deals_completed);
  EXPECT_EQ(seen.partner, truth.partner);
  EXPECT_EQ(seen.stock_size, truth.stock_size);
  EXPECT_EQ(seen.drawn, truth.drawn);
  EXPECT_EQ(seen.hand_twice, truth.hand_twice);
  EXPECT_EQ(seen.dealt_hand_twice, truth.dealt_hand_twice);
  EXPECT_EQ(seen.slam_bidder, truth.slam_bidder);
  EXPECT_EQ(seen.slam_partner, truth.slam_partner);
}

// When the views are observed: every seat after every step (the strictest check of what is
// copied), or as the referee does, the seat to act before it acts and every seat at a deal's end
// (the cadence that SeatView's shortcut for a seat's next play relies on).
enum class Cadence { kEverySeatEveryStep, kSeatToAct };

// What a bot does to the view it was given: nothing, or writes over the per-seat counts it
// decides with and then 0xA5 over every byte of the Observation (its scalars and its pointers),
// as the hostile `scribbler` does through its const.
enum class Bot { kHonest, kScribbler };

// Plays `games` random games of `rules`, observing the views with `cadence`; returns the
// observations compared.
long long compare_views(const hearts::CompiledRules& rules, int games,
                        Cadence cadence = Cadence::kEverySeatEveryStep, Bot bot = Bot::kHonest) {
  const int n = rules.rules.num_players;
  std::vector<std::unique_ptr<SeatView>> views;
  for (int s = 0; s < n; ++s) views.push_back(std::make_unique<SeatView>());
  long long compared = 0;
  const auto check_seat = [&](const hearts::Game& game, int s, uint32_t g, bool deal_ended) {
    SCOPED_TRACE("seat " + std::to_string(s));
    const Observation truth = hearts::observe(game, s);
    if (deal_ended) {
      const hearts::DealResult& result = game.last_deal();
      const Observation& seen =
          views[s]->observe_notification(hearts::kNotifyDealEnd, game, s, g, result);
      EXPECT_EQ(seen.deal_index, result.deal_index);
      EXPECT_EQ(seen.dealer, result.dealer);
      EXPECT_TRUE(views[s]->result() == result) << "the result's copy differs";
      expect_same_view(game, seen, truth, true);
    } else {
      Observation& seen = views[s]->observe(game, s, g);
      EXPECT_EQ(seen.game_index, g);
      if (bot == Bot::kHonest) {
        expect_same_view(game, seen, truth, false);
      } else {
        expect_same_decision_fields(seen, truth);
        EXPECT_TRUE(same_seats(seen.points_taken, points_shown(game, truth).data(), n));
        for (const int32_t* counts : {seen.hand_counts, seen.tricks_won, seen.points_taken}) {
          std::fill_n(const_cast<int32_t*>(counts), n, 0x7F7F7F7F);
        }
        std::memset(static_cast<void*>(&seen), 0xA5, sizeof(Observation));
      }
    }
    ++compared;
  };
  for (int g = 0; g < games && !::testing::Test::HasFailure(); ++g) {
    const uint64_t seed = hearts::derive_seed(0x5EA7ull, static_cast<uint64_t>(g));
    const auto game_index = static_cast<uint32_t>(g);
    hearts::Game game(rules, seed);
    hearts::Rng rng(seed + 1);
    for (auto& view : views) view->reset(rules);
    while (!game.is_over() && !::testing::Test::HasFailure()) {
      SCOPED_TRACE("game " + std::to_string(g) + ", deal " + std::to_string(game.deal_index()) +
                   ", play " + std::to_string(game.plays().size()));
      const int deals = game.deals_completed();
      if (game.phase() == hearts::Phase::kDeal) {
        game.deal_from_seed();
        for (auto& view : views) view->start_deal();
      } else {
        if (cadence == Cadence::kSeatToAct && game.to_act() >= 0) {
          check_seat(game, game.to_act(), game_index, false);
        }
        const bool decided = hearts::play_random_decision(game, rng).ok();
        EXPECT_TRUE(decided);
        if (!decided) break;
      }
      const bool deal_ended = game.deals_completed() != deals;
      if (cadence == Cadence::kSeatToAct && !deal_ended) continue;
      for (int s = 0; s < n; ++s) check_seat(game, s, game_index, deal_ended);
    }
  }
  return compared;
}

// Every preset, two games each.
void compare_presets(Cadence cadence) {
  for (const hearts::Preset& preset : hearts::presets()) {
    SCOPED_TRACE(std::string(preset.name));
    const auto rules = hearts::compile(preset.rules);
    ASSERT_TRUE(rules.has_value());
    EXPECT_GT(compare_views(*rules, 2, cadence), 2 * 40);
  }
}

// The standard table with 3 to 7 players and a kitty, passing left and right, two games each.
void compare_kitty_tables(Cadence cadence) {
  for (int n = 3; n <= 7; ++n) {
    SCOPED_TRACE("players " + std::to_string(n));
    hearts::Rules r = *hearts::preset_rules("standard");
    r.num_players = n;
    r.deck_adjust = hearts::DeckAdjust::kKitty;
    r.pass_schedule = hearts::PassSchedule::kLeftRight;
    const auto rules = hearts::compile(r);
    ASSERT_TRUE(rules.has_value());
    EXPECT_GT(compare_views(*rules, 2, cadence), 2 * 30);
  }
}

TEST(SeatView, EveryPresetShowsWhatObserveShows) {
  compare_presets(Cadence::kEverySeatEveryStep);
}

TEST(SeatView, OtherPlayerCountsAndTheKittyShowWhatObserveShows) {
  compare_kitty_tables(Cadence::kEverySeatEveryStep);
}

// As the referee drives them: a seat's next play in a deal copies only what a play changes. Every
// preset, and every table size with a kitty, must still show what hearts::observe() shows.
TEST(SeatView, TheRefereesCadenceShowsWhatObserveShows) {
  compare_presets(Cadence::kSeatToAct);
  compare_kitty_tables(Cadence::kSeatToAct);
}

// A bot that writes over every byte of its view after every decision (its seat, its player count,
// its pointers) still gets the truth in every field it must decide with, and the referee reads
// none of what it wrote (under AddressSanitizer, a read of a scribbled seat or count would fault).
TEST(SeatView, ABotThatWritesOverItsViewIsShownTheTruthAtItsNextDecision) {
  for (const char* name : {"standard", "omnibus", "spot-hearts", "black-jack", "likha"}) {
    SCOPED_TRACE(name);
    const auto rules = hearts::compile(*hearts::preset_rules(name));
    ASSERT_TRUE(rules.has_value());
    EXPECT_GT(compare_views(*rules, 2, Cadence::kSeatToAct, Bot::kScribbler), 2 * 40);
  }
}

// The deal result a notification shows is a copy of the one given, every field of it (the copy
// is made in blocks: a short last block would lose the fields at the end).
TEST(SeatView, ANotificationShowsACopyOfEveryFieldOfTheResult) {
  const auto rules = hearts::compile(*hearts::preset_rules("standard"));
  ASSERT_TRUE(rules.has_value());
  const hearts::Game game(*rules, 7);
  hearts::DealResult result;
  result.deal_index = 3;
  result.dealer = 2;
  result.pass = hearts::PassPlan{hearts::PassKind::kOffset, 2, 3};
  for (int s = 0; s < hearts::kMaxPlayers; ++s) {
    result.points_taken[s] = 10 + s;
    result.deal_score[s] = 20 + s;
    result.tricks_won[s] = 30 + s;
    result.counters_delta[s] = 40 + s;
    result.deal_score_imag[s] = 50 + s;
  }
  result.moon_shooter = 1;
  result.new_moon = true;
  result.sun_shooter = 2;
  result.slate_cleaned = true;
  result.moon_team = 0;
  result.last_holder = 3;
  result.left_over = hearts::CardSet::full_deck();
  result.slam_bidder = 1;
  result.slam_partner = 3;
  result.slam_made = true;
  SeatView view;
  view.reset(*rules);
  const Observation& seen = view.observe_notification(hearts::kNotifyDealEnd, game, 0, 0, result);
  EXPECT_TRUE(view.result() == result) << "the result's copy differs";
  EXPECT_NE(&view.result(), &result) << "a copy, not the referee's own";
  EXPECT_EQ(seen.deal_index, 3);
  EXPECT_EQ(seen.dealer, 2);
}

}  // namespace
}  // namespace arena
