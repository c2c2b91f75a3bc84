// Partnership Hearts' third version (partnership_slam_bid, docs/rules.md section 8.4): the
// bidding round, a made slam with the silent partner's tricks, a failed slam whose bidder took
// every counter, no bid (plain Omnibus), a bidder holding the AH, what each seat's observation
// shows of the bid, the refused combinations, and a random-play sweep.
//
// Scripted deals are hold deals on the partnership-slam preset with hearts free to lead and
// points allowed on the first trick, played by "lowest legal card" (ascending card id: clubs,
// diamonds, hearts, spades; low rank first), traced in the comments.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "hearts/card.h"
#include "hearts/observation.h"
#include "hearts/random_player.h"
#include "hearts/rng.h"
#include "hearts/rule_options.h"
#include "hearts/rules.h"
#include "scripted_deal.h"

namespace hearts {
namespace {

using testing_deal::Cards;

constexpr Card kAceOfHearts{Suit::kHearts, Rank::kAce};

Rules SlamRules() {
  Rules rules = *preset_rules("partnership-slam");
  rules.pass_schedule = PassSchedule::kNone;
  rules.first_lead = FirstLead::kEldestAny;
  rules.hearts_must_be_broken = false;
  rules.no_points_first_trick = false;
  return rules;
}

Game Dealt(const Rules& rules, const std::vector<CardSet>& hands) {
  std::string error;
  std::optional<Game> game = Game::create(rules, 7, &error);
  EXPECT_TRUE(game.has_value()) << error;
  const Status status = game->deal_hands(hands);
  EXPECT_TRUE(status.ok()) << status.message();
  return *game;
}

// Each seat in turn from eldest: bids[k] is seat k's answer; stops when the bidding ends.
void Bid(Game& game, const std::vector<bool>& bids) {
  for (bool bid : bids) {
    ASSERT_EQ(game.phase(), Phase::kSlamBid);
    ASSERT_TRUE(game.bid_slam(bid).ok());
  }
  ASSERT_EQ(game.phase(), Phase::kPlay);
}

void PlayLowest(Game& game) {
  while (game.phase() == Phase::kPlay) ASSERT_TRUE(game.play(game.legal_plays().lowest()).ok());
}

// Seat 1 wins every trick: seat 0 leads 2C and seat 1 takes it with its only club, the AC; then
// seat 1 leads its hearts 3H..AH, seat 0 following 2H once. Seat 1 (the AH's holder) takes all
// 13 tricks and every counter; seat 0 takes nothing.
std::vector<CardSet> PartnerTakesAllHands() {
  return {Cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H"),
          Cards("AC 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"), CardSet::whole_suit(Suit::kDiamonds),
          CardSet::whole_suit(Suit::kSpades)};
}

// Seat 0 wins tricks 1 to 12 with its clubs 3C..AC (seat 1 discards the AH at once, seat 3 its
// hearts, seat 2 the 10D at trick 9, seat 1 the QS at trick 12) and loses the last, 2D, to seat
// 2's AD with no counter in it: seat 0 took all 15 counters (13 + 13 - 10 = 16) but not every
// trick; seat 1, the AH's holder, took nothing.
std::vector<CardSet> BidderTakesCountersHands() {
  return {Cards("3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D"),
          Cards("AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"),
          Cards("2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
          Cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS")};
}

TEST(SlamBidTest, BiddingGoesFromEldestAndTheFirstBidEndsIt) {
  Game game = Dealt(SlamRules(), PartnerTakesAllHands());
  ASSERT_EQ(game.phase(), Phase::kSlamBid);
  EXPECT_EQ(game.to_act(), 0);  // eldest hand on deal 0
  EXPECT_FALSE(game.play(Cards("2C").lowest()).ok()) << "no play before the bidding ends";
  ASSERT_TRUE(game.bid_slam(false).ok());
  EXPECT_EQ(game.to_act(), 1);
  ASSERT_TRUE(game.bid_slam(false).ok());
  ASSERT_TRUE(game.bid_slam(true).ok());  // seat 2 bids: seat 3 is not asked
  EXPECT_EQ(game.phase(), Phase::kPlay);
  EXPECT_EQ(game.slam_bidder(), 2);
  EXPECT_EQ(game.slam_partner(), 1);  // the AH's holder
  EXPECT_FALSE(game.bid_slam(true).ok()) << "no bid once the bidding is over";
}

TEST(SlamBidTest, MadeSlamCountsThePartnersTricksAndBothScoreTheMoon) {
  Game game = Dealt(SlamRules(), PartnerTakesAllHands());
  Bid(game, {true});  // eldest (seat 0) bids; seat 1 holds the AH
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  EXPECT_EQ(d.tricks_won[0], 0);
  EXPECT_EQ(d.tricks_won[1], 13);
  EXPECT_EQ(d.slam_bidder, 0);
  EXPECT_EQ(d.slam_partner, 1);
  EXPECT_TRUE(d.slam_made);
  EXPECT_EQ(d.moon_shooter, 0);  // the team's moon, scored for the bidder
  // Omnibus' moon for the team (-26), which the two combine; the others 0.
  EXPECT_EQ(d.deal_score[0], -26);
  EXPECT_EQ(d.deal_score[1], -26);
  EXPECT_EQ(d.deal_score[2], 0);
  EXPECT_EQ(d.deal_score[3], 0);
}

// Under old moon (the bid on the standard game) the silent partner is no opponent: the team
// scores 0 and each other seat the moon total, 26.
TEST(SlamBidTest, MadeSlamUnderOldMoonPaysOnlyTheOpponents) {
  Rules rules = SlamRules();
  rules.bonus_card = CardSet();
  rules.moon = MoonRule::kOldMoon;
  Game game = Dealt(rules, PartnerTakesAllHands());
  Bid(game, {true});
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  EXPECT_TRUE(d.slam_made);
  EXPECT_EQ(d.deal_score[0], 0);
  EXPECT_EQ(d.deal_score[1], 0);
  EXPECT_EQ(d.deal_score[2], 26);
  EXPECT_EQ(d.deal_score[3], 26);
}

TEST(SlamBidTest, WithNoBidTheDealIsPlainOmnibus) {
  Game game = Dealt(SlamRules(), PartnerTakesAllHands());
  Bid(game, {false, false, false, false});
  EXPECT_EQ(game.slam_bidder(), -1);
  EXPECT_EQ(game.slam_partner(), -1);
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  EXPECT_EQ(d.slam_bidder, -1);
  EXPECT_FALSE(d.slam_made);
  EXPECT_EQ(d.moon_shooter, 1);  // seat 1's own Omnibus moon
  EXPECT_EQ(d.deal_score[0], 0);
  EXPECT_EQ(d.deal_score[1], -26);
  EXPECT_EQ(d.deal_score[2], 0);
  EXPECT_EQ(d.deal_score[3], 0);
}

TEST(SlamBidTest, FailedSlamIsNoMoonAndThePartnersCombineWhatTheyTook) {
  Game game = Dealt(SlamRules(), BidderTakesCountersHands());
  Bid(game, {true});
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  EXPECT_EQ(d.tricks_won[0], 12);
  EXPECT_EQ(d.tricks_won[2], 1);
  EXPECT_EQ(d.points_taken[0], 16);
  EXPECT_EQ(d.slam_partner, 1);
  EXPECT_FALSE(d.slam_made);
  EXPECT_EQ(d.moon_shooter, -1) << "every counter without every trick is no moon for a bidder";
  EXPECT_EQ(d.deal_score[0], 16);
  EXPECT_EQ(d.deal_score[1], 16) << "the silent partner scores the team's combined points";
  EXPECT_EQ(d.deal_score[2], 0);
  EXPECT_EQ(d.deal_score[3], 0);
  EXPECT_EQ(game.score(0), 16);
  EXPECT_EQ(game.score(1), 16);
}

TEST(SlamBidTest, WithoutTheBidTheSameDealIsTheBiddersMoon) {
  Game game = Dealt(SlamRules(), BidderTakesCountersHands());
  Bid(game, {false, false, false, false});
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  EXPECT_EQ(d.moon_shooter, 0);
  EXPECT_EQ(d.deal_score[0], -26);
  EXPECT_EQ(d.deal_score[1], 0);
}

TEST(SlamBidTest, BidderHoldingTheAceOfHeartsPlaysAlone) {
  Game game = Dealt(SlamRules(), PartnerTakesAllHands());
  Bid(game, {false, true});  // seat 1 bids and holds the AH itself
  EXPECT_EQ(game.slam_partner(), -1);
  PlayLowest(game);
  const DealResult& d = game.last_deal();
  EXPECT_TRUE(d.slam_made);
  EXPECT_EQ(d.slam_partner, -1);
  EXPECT_EQ(d.deal_score[0], 0);
  EXPECT_EQ(d.deal_score[1], -26);
}

TEST(SlamBidTest, ObservationShowsTheBidAndTheSilentPartnerOnlyWhenKnown) {
  Game game = Dealt(SlamRules(), PartnerTakesAllHands());
  EXPECT_EQ(observe(game, 0).phase, Phase::kSlamBid);
  EXPECT_EQ(observe(game, 0).slam_bidder, -1);
  ASSERT_TRUE(game.bid_slam(false).ok());
  ASSERT_TRUE(game.bid_slam(false).ok());
  ASSERT_TRUE(game.bid_slam(true).ok());  // seat 2 bids; seat 1 holds the AH
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(observe(game, seat).slam_bidder, 2) << seat;
  // The silent partner knows (it holds the AH); the bidder and the others do not.
  EXPECT_EQ(observe(game, 1).slam_partner, 1);
  EXPECT_EQ(observe(game, 1).partner, 2);
  for (int seat : {0, 2, 3}) {
    EXPECT_EQ(observe(game, seat).slam_partner, -1) << seat;
    EXPECT_EQ(observe(game, seat).partner, -1) << seat;
  }
  // Once the AH is played every seat knows; the bidder then sees its partner.
  while (!game.played_cards().contains(kAceOfHearts)) {
    ASSERT_TRUE(game.play(game.legal_plays().lowest()).ok());
  }
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(observe(game, seat).slam_partner, 1) << seat;
  EXPECT_EQ(observe(game, 2).partner, 1);
  EXPECT_EQ(observe(game, 0).partner, -1);
}

TEST(SlamBidTest, BiddingFollowsThePasses) {
  Rules rules = *preset_rules("partnership-slam");
  std::optional<Game> game = Game::create(rules, 11);
  ASSERT_TRUE(game.has_value());
  game->deal_from_seed();
  ASSERT_EQ(game->phase(), Phase::kPass);
  Rng rng(3);
  while (game->phase() == Phase::kPass) ASSERT_TRUE(play_random_decision(*game, rng).ok());
  ASSERT_EQ(game->phase(), Phase::kSlamBid);
  EXPECT_TRUE(game->passes_exchanged());
}

TEST(SlamBidTest, RefusesCombinationsWithoutATeamReading) {
  const Rules base = *preset_rules("partnership-slam");
  EXPECT_TRUE(validate(base).ok());
  for (const char* setting : {"partnership=individual-then-team", "sun=sun", "moon=penalty",
                              "moon_cannot_win=true", "booster_nines=true"}) {
    Rules rules = base;
    ASSERT_TRUE(apply_rule_setting(rules, setting).ok()) << setting;
    const Status status = validate(rules);
    EXPECT_FALSE(status.ok()) << setting;
    EXPECT_NE(status.message().find("partnership_slam_bid"), std::string::npos)
        << setting << ": " << status.message();
  }
  Rules plain = *preset_rules("standard");
  ASSERT_TRUE(apply_rule_setting(plain, "partnership_slam_bid=true").ok());
  EXPECT_TRUE(validate(plain).ok()) << "the bid also plays on the standard game";
}

// Whether `seat` held `card` once the passes were exchanged (dealt and kept, or received).
bool HeldAfterPasses(const Game& game, int seat, Card card) {
  if (game.received_by(seat).contains(card)) return true;
  if (!game.dealt_hand(seat).contains(card)) return false;
  for (Card passed : game.passed_by(seat)) {
    if (passed == card) return false;
  }
  return true;
}

// Random play at 3 to 7 players: every deal's scores are what the bid's rules give from the
// engine's own counts (the partners' deal scores equal, the others' as taken or Omnibus' moon).
TEST(SlamBidTest, RandomPlaySweepKeepsTheTeamScoresConsistent) {
  int bids = 0;
  for (int players = 3; players <= 7; ++players) {
    Rules rules = *preset_rules("partnership-slam");
    rules.num_players = players;
    if (players % 2 == 1) rules.pass_schedule = PassSchedule::kRotating;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      std::string error;
      std::optional<Game> game = Game::create(rules, seed, &error);
      ASSERT_TRUE(game.has_value()) << error;
      Rng rng(seed * 31 + static_cast<uint64_t>(players));
      int deals = 0;
      while (!game->is_over()) {
        ASSERT_TRUE(play_random_decision(*game, rng).ok());
        if (game->deals_completed() == deals) continue;
        deals = game->deals_completed();
        const DealResult& d = game->last_deal();
        if (d.slam_bidder < 0) continue;
        ++bids;
        if (d.slam_partner >= 0) {
          EXPECT_EQ(d.deal_score[d.slam_bidder], d.deal_score[d.slam_partner]);
          EXPECT_TRUE(HeldAfterPasses(*game, d.slam_partner, kAceOfHearts));
        }
        if (d.slam_made) {
          EXPECT_EQ(d.moon_shooter, d.slam_bidder);
        }
      }
    }
  }
  EXPECT_GT(bids, 20);  // the random player bids one time in eight
}

}  // namespace
}  // namespace hearts
