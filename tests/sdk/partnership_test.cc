// Partnership Hearts and Likha (rules.h Partnership, likha_cards, play_anticlockwise,
// MoonRule::kPenalty): scripted deals for the team moon, the individual moon of the second
// version, the talyeekh rule, Likha's moon and the anticlockwise order; random games for the
// team end and ranks of every partnership rule.
//
// Scripted deals are hold deals played by "lowest legal card" (ascending card id: clubs,
// diamonds, hearts, spades; low rank first), traced in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/card.h"
#include "hearts/card_set.h"
#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/rng.h"
#include "hearts/rules.h"

namespace hearts {
namespace {

using Hands = std::vector<CardSet>;

CardSet Cards(std::string_view text) {
  std::string error;
  std::optional<CardSet> cards = parse_cards(text, &error);
  if (!cards) throw std::runtime_error("bad card list '" + std::string(text) + "': " + error);
  return *cards;
}

Rules Preset(std::string_view name) {
  std::optional<Rules> rules = preset_rules(name);
  if (!rules) throw std::runtime_error("unknown preset " + std::string(name));
  return *rules;
}

// A partnership preset on hold deals with eldest (seat 0 on deal 0) leading any card.
Rules Scripted(std::string_view preset) {
  Rules rules = Preset(preset);
  rules.pass_schedule = PassSchedule::kNone;
  rules.first_lead = FirstLead::kEldestAny;
  return rules;
}

Game Dealt(const Rules& rules, const Hands& hands) {
  std::string error;
  std::optional<Game> game = Game::create(rules, 1, &error);
  if (!game) throw std::runtime_error(error);
  const Status status = game->deal_hands(hands);
  if (!status.ok()) throw std::runtime_error(status.message());
  return *game;
}

// Plays the lowest legal card until the deal is scored.
void PlayLowest(Game& game) {
  while (game.phase() == Phase::kPlay) {
    const Status status = game.play(game.legal_plays().lowest());
    if (!status.ok()) throw std::runtime_error(status.message());
  }
}

const CardSet kClubs = CardSet::whole_suit(Suit::kClubs);
const CardSet kDiamonds = CardSet::whole_suit(Suit::kDiamonds);
const CardSet kHearts = CardSet::whole_suit(Suit::kHearts);
const CardSet kSpades = CardSet::whole_suit(Suit::kSpades);

// Seat 0: spades 3..A and the 2H; seat 2: the 2S and hearts 3..A. Trace: seat 0 leads 3S (hearts
// unbroken), seat 2 follows 2S; seat 0 leads 4S, seat 2 discards 3H (hearts broken); seat 0
// leads 2H, seat 2 wins it with 4H and leads its hearts to the end while seat 0 discards spades,
// the QS among them. Seat 0 took the 3H, seat 2 the other 12 hearts and the QS: the partners
// together took every penalty card, neither alone.
Hands SplitMoonHands() {
  const CardSet seat0 = (kSpades - Cards("2S")) | Cards("2H");
  const CardSet seat2 = (kHearts - Cards("2H")) | Cards("2S");
  return {seat0, kClubs, seat2, kDiamonds};
}

// Seat 0 holds every spade and seat 2 every heart: seat 0 leads spades and wins every trick
// while seat 2 discards its hearts into them (an individual moon by seat 0).
Hands OneShooterHands() {
  return {kSpades, kClubs, kHearts, kDiamonds};
}

TEST(PartnershipSeats, PartnersSitOpposite) {
  Rules rules = Preset("partnership-team");
  EXPECT_EQ(partner_of(rules, 0), 2);
  EXPECT_EQ(partner_of(rules, 3), 1);
  EXPECT_EQ(team_of(rules, 2), 0);
  EXPECT_EQ(num_teams(rules), 2);
  rules.num_players = 6;
  rules.pass_schedule = PassSchedule::kLeft;
  EXPECT_EQ(partner_of(rules, 1), 4);
  EXPECT_EQ(partner_of(rules, 5), 2);
  EXPECT_EQ(team_of(rules, 5), 2);
  EXPECT_EQ(num_teams(rules), 3);
  EXPECT_EQ(partner_of(Rules{}, 0), -1);
  EXPECT_EQ(num_teams(Rules{}), 4);
}

TEST(PartnershipSeats, OtherPlayerCountsAreRefusedNamingTheOption) {
  for (const char* preset : {"partnership-team", "partnership-individual", "likha"}) {
    for (int n : {3, 5, 7}) {
      Rules rules = Preset(preset);
      rules.num_players = n;
      rules.pass_schedule = PassSchedule::kLeft;
      const Status status = validate(rules);
      ASSERT_FALSE(status.ok()) << preset << " " << n;
      EXPECT_NE(status.message().find("partnership"), std::string::npos) << status.message();
      EXPECT_NE(status.message().find("4 or 6"), std::string::npos) << status.message();
      EXPECT_EQ(status.message().find('\n'), std::string::npos);
    }
  }
}

TEST(PartnershipSeats, TeamScoreRefusesMoonRulesWithoutATeamReading) {
  Rules rules = Preset("partnership-team");
  rules.moon = MoonRule::kNewMoon;
  EXPECT_FALSE(validate(rules).ok());
  rules.moon = MoonRule::kNoScore;
  EXPECT_TRUE(validate(rules).ok());
  rules.sun = SunRule::kSun;
  EXPECT_FALSE(validate(rules).ok());
}

TEST(PartnershipSeats, ObservationNamesThePartner) {
  Game game(*compile(Preset("partnership-individual")), 3);
  game.deal_from_seed();
  for (int s = 0; s < 4; ++s) EXPECT_EQ(observe(game, s).partner, (s + 2) % 4);
  Game alone(*compile(Rules{}), 3);
  alone.deal_from_seed();
  EXPECT_EQ(observe(alone, 1).partner, -1);
  EXPECT_EQ(Observation{}.partner, -1);
}

TEST(TeamScore, PartnersTakingEveryPenaltyCardGiveEachOpponent26AndTheTeam52) {
  Game game = Dealt(Scripted("partnership-team"), SplitMoonHands());
  PlayLowest(game);
  const DealResult& deal = game.last_deal();
  EXPECT_EQ(deal.points_taken[0], 1);
  EXPECT_EQ(deal.points_taken[2], 25);
  EXPECT_EQ(deal.moon_shooter, -1);  // nobody alone
  EXPECT_EQ(deal.moon_team, 0);
  EXPECT_EQ(deal.deal_score[0], 0);
  EXPECT_EQ(deal.deal_score[2], 0);
  EXPECT_EQ(deal.deal_score[1], 26);
  EXPECT_EQ(deal.deal_score[3], 26);
  // Partners combine their scores: both seats of a team carry its total.
  EXPECT_EQ(game.score(0), 0);
  EXPECT_EQ(game.score(2), 0);
  EXPECT_EQ(game.score(1), 52);
  EXPECT_EQ(game.score(3), 52);
  EXPECT_EQ(game.team_score(1), 52);
}

TEST(TeamScore, WithoutAMoonPartnersAddWhatTheyTook) {
  // The AH moved to seat 3 (an opponent), which must follow hearts with it and so takes a
  // heart: no team moon.
  Hands hands = SplitMoonHands();
  hands[2] = (hands[2] - Cards("AH")) | Cards("AD");
  hands[3] = (hands[3] - Cards("AD")) | Cards("AH");
  Game game = Dealt(Scripted("partnership-team"), hands);
  PlayLowest(game);
  const DealResult& deal = game.last_deal();
  EXPECT_EQ(deal.moon_team, -1);
  const int team0 = deal.deal_score[0] + deal.deal_score[2];
  const int team1 = deal.deal_score[1] + deal.deal_score[3];
  EXPECT_EQ(team0 + team1, 26);
  EXPECT_GT(team1, 0);
  EXPECT_EQ(game.score(0), team0);
  EXPECT_EQ(game.score(2), team0);
  EXPECT_EQ(game.score(1), team1);
  EXPECT_EQ(game.score(3), team1);
}

TEST(IndividualThenTeam, PartnersTogetherDoNotShootTheMoon) {
  // "A player shooting the moon must do this alone."
  Game game = Dealt(Scripted("partnership-individual"), SplitMoonHands());
  PlayLowest(game);
  const DealResult& deal = game.last_deal();
  EXPECT_EQ(deal.moon_shooter, -1);
  EXPECT_EQ(deal.moon_team, -1);
  EXPECT_EQ(game.score(0), 1);
  EXPECT_EQ(game.score(2), 25);
  EXPECT_EQ(game.score(1), 0);
}

TEST(IndividualThenTeam, AMoonAloneGivesTheOpponentsTheTotalAndSparesThePartner) {
  Game game = Dealt(Scripted("partnership-individual"), OneShooterHands());
  PlayLowest(game);
  const DealResult& deal = game.last_deal();
  EXPECT_EQ(deal.moon_shooter, 0);
  EXPECT_EQ(deal.moon_team, -1);
  EXPECT_EQ(game.score(0), 0);
  EXPECT_EQ(game.score(2), 0);  // the partner is no opponent
  EXPECT_EQ(game.score(1), 26);
  EXPECT_EQ(game.score(3), 26);
  // The same deal without partnerships: seat 2 scores 26 as every other opponent does.
  Rules alone = Scripted("partnership-individual");
  alone.partnership = Partnership::kNone;
  Game plain = Dealt(alone, OneShooterHands());
  PlayLowest(plain);
  EXPECT_EQ(plain.score(2), 26);
}

TEST(TeamScore, AMoonByOnePlayerIsTheTeamsMoon) {
  Game game = Dealt(Scripted("partnership-team"), OneShooterHands());
  PlayLowest(game);
  EXPECT_EQ(game.last_deal().moon_team, 0);
  EXPECT_EQ(game.score(0), 0);
  EXPECT_EQ(game.score(1), 52);
}

// Plays whole games with a seeded random legal play.
Game PlayRandomGame(const Rules& rules, uint64_t seed) {
  Game game(*compile(rules), seed);
  Rng rng(seed ^ 0x5EED);
  while (!game.is_over()) {
    if (game.phase() == Phase::kDeal || game.phase() == Phase::kPassDirection) {
      game.resolve_chance();
    } else if (game.phase() == Phase::kPass) {
      std::vector<Card> cards;
      for (Card card : game.passable(game.to_act())) cards.push_back(card);
      rng.shuffle(std::span<Card>(cards));
      cards.resize(game.pass_plan().count);
      if (!game.pass_cards(cards).ok()) throw std::runtime_error("pass refused");
    } else if (game.phase() == Phase::kPlay) {
      std::vector<Card> legal;
      for (Card card : game.legal_plays()) legal.push_back(card);
      game.play_checked(legal[rng.uniform(static_cast<uint32_t>(legal.size()))]);
    } else {
      throw std::runtime_error("unexpected phase " + std::string(name(game.phase())));
    }
  }
  return game;
}

// For every partnership rule and table size: the game ends on the first deal that takes a
// score to the end score, partners share their team's rank, and the ranks follow the rule's
// team score (sum, shared score, or highest member).
TEST(PartnershipGameEnd, TeamsRankByTheirRulesTeamScore) {
  for (const char* preset : {"partnership-team", "partnership-individual", "likha"}) {
    for (int n : {4, 6}) {
      Rules rules = Preset(preset);
      rules.num_players = n;
      for (uint64_t seed = 1; seed <= 12; ++seed) {
        SCOPED_TRACE(std::string(preset) + " n=" + std::to_string(n) + " seed " +
                     std::to_string(seed));
        const Game game = PlayRandomGame(rules, seed);
        int top = 0;
        for (int s = 0; s < n; ++s) top = std::max(top, game.score(s));
        EXPECT_GE(top, rules.end_score);
        for (int s = 0; s < n; ++s) {
          const int mate = partner_of(rules, s);
          EXPECT_EQ(game.rank(s), game.rank(mate));
          const int team = team_of(rules, s);
          int expected = 0;
          switch (rules.partnership) {
            case Partnership::kTeamScore:
              EXPECT_EQ(game.score(s), game.score(mate));
              expected = game.score(s);
              break;
            case Partnership::kIndividualThenTeam:
              expected = game.score(s) + game.score(mate);
              break;
            default:
              expected = std::max(game.score(s), game.score(mate));
          }
          EXPECT_EQ(game.team_score(team), expected);
          int better = 0;
          for (int t = 0; t < num_teams(rules); ++t) better += game.team_score(t) < expected;
          EXPECT_EQ(game.rank(s), 1 + better);
        }
      }
    }
  }
}

TEST(Likha, TheTeamOfThePlayerPast101Loses) {
  // Likha at four: two teams, so the team of the highest scorer (past 101) ranks 2, the other 1,
  // even when that team's total is the lower one.
  const Rules rules = Preset("likha");
  bool lower_total_lost = false;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    const Game game = PlayRandomGame(rules, seed);
    int worst = 0;
    for (int s = 1; s < 4; ++s) {
      if (game.score(s) > game.score(worst)) worst = s;
    }
    ASSERT_GE(game.score(worst), 101);
    const int mate = partner_of(rules, worst);
    const int other = (worst + 1) % 4;
    const int other_mate = partner_of(rules, other);
    if (game.score(worst) == std::max(game.score(other), game.score(other_mate))) continue;
    EXPECT_EQ(game.rank(worst), 2) << "seed " << seed;
    EXPECT_EQ(game.rank(other), 1) << "seed " << seed;
    if (game.score(worst) + game.score(mate) < game.score(other) + game.score(other_mate)) {
      lower_total_lost = true;
    }
  }
  // The rule is not "lower total wins": some game shows the difference.
  EXPECT_TRUE(lower_total_lost);
}

TEST(Likha, CardValuesAndAMoonScore37) {
  const CompiledRules rules = *compile(Preset("likha"));
  EXPECT_EQ(rules.card_points[kQueenOfSpades.id()], 13);
  EXPECT_EQ(rules.card_points[Card(Suit::kDiamonds, Rank::kTen).id()], 10);
  EXPECT_EQ(rules.card_points[Card(Suit::kHearts, Rank::kAce).id()], 1);
  EXPECT_EQ(rules.moon_total, 36);
  // Seat 0 holds the spades and the TD, seat 2 the hearts: seat 0 takes every penalty card.
  Hands hands = {kSpades, kClubs, kHearts, kDiamonds};
  hands[0] = (hands[0] - Cards("2S")) | Cards("TD");
  hands[3] = (hands[3] - Cards("TD")) | Cards("2S");
  Rules scripted = Preset("likha");
  scripted.pass_schedule = PassSchedule::kNone;
  Game game = Dealt(scripted, hands);
  PlayLowest(game);
  EXPECT_EQ(game.last_deal().moon_shooter, 0);
  EXPECT_EQ(game.last_deal().points_taken[0], 36);
  EXPECT_EQ(game.score(0), 37);
  for (int s = 1; s < 4; ++s) EXPECT_EQ(game.score(s), 0);
}

// Seat 0 leads a club; seat 3 (next anticlockwise) is void in clubs.
Hands TalyeekhHands(CardSet seat3_extra) {
  // Seat 3: no clubs; the likha it holds come from `seat3_extra`.
  const CardSet likha = Cards("QS TD");
  CardSet seat3 = seat3_extra | (kHearts - Cards("2H 3H 4H"));
  CardSet rest = CardSet::full_deck() - seat3 - kClubs;
  for (Card card : rest) {
    if (seat3.size() == 13) break;
    if (!likha.contains(card)) seat3.insert(card);
  }
  CardSet others = CardSet::full_deck() - seat3;
  Hands hands(4);
  hands[3] = seat3;
  hands[0] = Cards("2C");
  others.erase(Cards("2C").lowest());
  for (int s : {0, 1, 2}) {
    for (Card card : others) {
      if (hands[s].size() == 13) break;
      hands[s].insert(card);
    }
    others -= hands[s];
  }
  return hands;
}

TEST(Likha, TalyeekhHoldingBothForcesOneOut) {
  Rules rules = Preset("likha");
  rules.pass_schedule = PassSchedule::kNone;
  Game game = Dealt(rules, TalyeekhHands(Cards("QS TD")));
  ASSERT_EQ(game.to_act(), 0);
  ASSERT_TRUE(game.play(Cards("2C").lowest()).ok());
  ASSERT_EQ(game.to_act(), 3);
  EXPECT_EQ(game.legal_plays(), Cards("QS TD"));
}

TEST(Likha, HoldingOneLikhaForcesNothingUnderTheSeedsReading) {
  Rules rules = Preset("likha");
  rules.pass_schedule = PassSchedule::kNone;
  Game game = Dealt(rules, TalyeekhHands(Cards("QS")));
  ASSERT_TRUE(game.play(Cards("2C").lowest()).ok());
  EXPECT_EQ(game.legal_plays(), game.hand(3));  // void in clubs: any card
  // The other reading (likha_when_any_held): the one likha held must go.
  rules.likha_when_any_held = true;
  Game strict = Dealt(rules, TalyeekhHands(Cards("QS")));
  ASSERT_TRUE(strict.play(Cards("2C").lowest()).ok());
  EXPECT_EQ(strict.legal_plays(), Cards("QS"));
}

TEST(Likha, FollowingSuitComesFirst) {
  Rules rules = Preset("likha");
  rules.pass_schedule = PassSchedule::kNone;
  Hands hands = TalyeekhHands(Cards("QS TD"));
  // Seat 3 gets the 3C for its lowest heart: it can follow the club led, so talyeekh is silent.
  const Card heart = (hands[3] & kHearts).lowest();
  hands[3].erase(heart);
  hands[3].insert(Cards("3C").lowest());
  hands[0].erase(Cards("3C").lowest());
  hands[0].insert(heart);
  Game game = Dealt(rules, hands);
  ASSERT_TRUE(game.play(Cards("2C").lowest()).ok());
  EXPECT_EQ(game.legal_plays(), Cards("3C"));
}

TEST(Anticlockwise, PlayDealAndEldestGoToTheRight) {
  Rules rules = Preset("likha");
  rules.pass_schedule = PassSchedule::kNone;
  Game game(*compile(rules), 5);
  EXPECT_EQ(game.dealer(), 1);
  EXPECT_EQ(game.eldest(), 0);  // the dealer's right
  game.deal_from_seed();
  std::vector<int> order;
  for (int k = 0; k < 4; ++k) {
    order.push_back(game.to_act());
    ASSERT_TRUE(game.play(game.legal_plays().lowest()).ok());
  }
  EXPECT_EQ(order, (std::vector<int>{0, 3, 2, 1}));
  PlayLowest(game);
  ASSERT_EQ(game.phase(), Phase::kDeal);
  EXPECT_EQ(game.dealer(), 0);  // the deal passes to the right too
  EXPECT_EQ(game.eldest(), 3);
}

TEST(Anticlockwise, TheSeededDealStartsWithEldestAndGoesRight) {
  // The same seed under both directions: the anticlockwise deal gives seat 3 what the clockwise
  // one gives seat 1 (the first card goes to eldest, seat 0, in both).
  Rules clockwise = Preset("likha");
  clockwise.play_anticlockwise = false;
  Rules anticlockwise = Preset("likha");
  Game a(*compile(clockwise), 9);
  Game b(*compile(anticlockwise), 9);
  a.deal_from_seed();
  b.deal_from_seed();
  EXPECT_EQ(a.dealt_hand(0), b.dealt_hand(0));
  EXPECT_EQ(a.dealt_hand(1), b.dealt_hand(3));
  EXPECT_EQ(a.dealt_hand(2), b.dealt_hand(2));
}

TEST(PartnershipPresets, AreValidAndNamedInTheList) {
  for (const char* name : {"partnership-team", "partnership-individual", "likha"}) {
    const std::optional<Rules> rules = preset_rules(name);
    ASSERT_TRUE(rules) << name;
    EXPECT_TRUE(validate(*rules).ok()) << name;
    EXPECT_NE(rules->partnership, Partnership::kNone) << name;
  }
}

}  // namespace
}  // namespace hearts
