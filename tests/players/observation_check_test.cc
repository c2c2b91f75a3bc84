// The check `arena serve` runs on every request (arena/players/observation_check.h): every
// request of real games under every rule variant passes, and each kind of inconsistency is
// refused with one line naming its field.
#include "players/observation_check.h"

#include <gtest/gtest.h>

#include <climits>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "hearts/observation.h"
#include "hearts/random_player.h"
#include "players/observation_proto.h"
#include "players/remote_player.h"
#include "support/played_requests.h"

namespace {

namespace pb = hearts::proto;
using arena::check_observation;
using arena_test::PlayedRequest;
using hearts::Phase;

std::string phase_name(Phase asked) {
  return asked == Phase::kDeal       ? "deal-end notification"
         : asked == Phase::kGameOver ? "game-end notification"
                                     : std::string(hearts::name(asked));
}

hearts::CompiledRules compiled(const hearts::Rules& rules) {
  return *hearts::compile(rules);
}

TEST(ObservationCheck, EveryRequestOfRealGamesPasses) {
  int checked = 0;
  std::map<Phase, int> asked;
  for (const auto& [name, rules] : arena_test::rule_variants()) {
    const hearts::CompiledRules c = compiled(rules);
    const std::vector<PlayedRequest> requests = arena_test::played_requests(rules, 7, 2, true);
    for (const PlayedRequest& r : requests) {
      ASSERT_EQ(check_observation(r.observation, c, r.asked), "")
          << name << ", " << phase_name(r.asked) << ":\n"
          << r.observation.DebugString();
      if (r.asked == Phase::kDeal || r.asked == Phase::kGameOver) {
        ASSERT_EQ(arena::check_deal_result(r.result, rules.num_players), "") << name;
      }
      ++checked;
      ++asked[r.asked];
    }
  }
  EXPECT_GT(checked, 10'000);
  for (Phase phase : {Phase::kDealerChoice, Phase::kPass, Phase::kPlay, Phase::kDeal,
                      Phase::kGameOver, Phase::kSlamBid}) {
    EXPECT_GT(asked[phase], 0) << phase_name(phase);
  }
}

// The slam bid's fields (partnership_slam_bid): a real bidding request passes; the fields under
// other rules, a silent partner without a bidder, a partner that is not the bid's, and a bid
// asked once the bidding is over are each refused naming the field.
TEST(ObservationCheck, SlamBidFieldsAreChecked) {
  const hearts::Rules rules = *hearts::preset_rules("partnership-slam");
  const hearts::CompiledRules c = compiled(rules);
  hearts::Game game(c, 5);
  hearts::Rng rng(9);
  while (game.phase() != Phase::kSlamBid) ASSERT_TRUE(hearts::play_random_decision(game, rng).ok());
  const int seat = game.to_act();
  const pb::Observation asked =
      arena_test::message_of(game, seat, arena::compact_rules_spec(rules), 1);
  EXPECT_EQ(check_observation(asked, c, Phase::kSlamBid), "");
  EXPECT_EQ(check_observation(asked, compiled(*hearts::preset_rules("omnibus")), Phase::kSlamBid)
                .rfind("observation.slam_bidder:", 0),
            0u);
  pb::Observation orphan = asked;
  orphan.set_slam_partner((seat + 1) % 4);
  EXPECT_EQ(check_observation(orphan, c, Phase::kSlamBid).rfind("observation.slam_partner:", 0),
            0u);
  pb::Observation over = asked;
  over.set_slam_bidder((seat + 1) % 4);
  EXPECT_EQ(check_observation(over, c, Phase::kSlamBid).rfind("observation.slam_bidder:", 0), 0u);
  pb::Observation partner = asked;
  partner.set_partner((seat + 2) % 4);
  EXPECT_EQ(check_observation(partner, c, Phase::kSlamBid).rfind("observation.partner:", 0), 0u);
}

// Seat 0 holds the top three cards of every suit and the JS and plays its highest card: it takes
// every trick, so the shooter's-choice rule asks it old or new moon.
TEST(ObservationCheck, MoonChoiceOfARealShootPasses) {
  hearts::Rules rules = *hearts::preset_rules("standard");
  rules.pass_schedule = hearts::PassSchedule::kNone;
  rules.moon = hearts::MoonRule::kShooterChoice;
  const hearts::CompiledRules c = compiled(rules);
  hearts::Game game(c, 1);
  std::vector<hearts::CardSet> hands(4);
  for (int id = 0; id < 64; ++id) {
    const hearts::Card card = hearts::Card::from_id(id);
    if (!card.is_valid()) continue;
    const int rank = static_cast<int>(card.rank());
    // Every queen, king and ace and the jack of spades to seat 0; the rest round the others.
    const int seat = rank >= 10 || card == hearts::kJackOfSpades ? 0 : 1 + (id % 3);
    hands[seat].insert(card);
  }
  // Even out the three small hands (13 cards each): move cards from the largest to the smallest.
  for (bool moved = true; moved;) {
    moved = false;
    for (int from = 1; from < 4; ++from) {
      for (int to = 1; to < 4; ++to) {
        if (hands[from].size() > 13 && hands[to].size() < 13) {
          const hearts::Card card = hands[from].highest();
          hands[from].erase(card);
          hands[to].insert(card);
          moved = true;
        }
      }
    }
  }
  ASSERT_TRUE(game.deal_hands(hands).ok());
  hearts::Rng rng(3);
  while (game.phase() == Phase::kPlay) {
    const hearts::CardSet legal = game.legal_plays();
    ASSERT_TRUE(game.play(game.to_act() == 0 ? legal.highest()
                                             : legal.nth(static_cast<int>(rng.uniform(
                                                   static_cast<uint32_t>(legal.size())))))
                    .ok());
  }
  ASSERT_EQ(game.phase(), Phase::kMoonChoice);
  ASSERT_EQ(game.to_act(), 0);
  const pb::Observation message =
      arena_test::message_of(game, 0, arena::compact_rules_spec(rules), 1);
  EXPECT_EQ(check_observation(message, c, Phase::kMoonChoice), "");
  // Another seat asked the same is no shooter.
  const pb::Observation other =
      arena_test::message_of(game, 1, arena::compact_rules_spec(rules), 1);
  EXPECT_EQ(check_observation(other, c, Phase::kMoonChoice).rfind("observation.trick_winners:", 0),
            0u);
}

// A standard-rules play request in the middle of a trick, after the first trick and the pass.
PlayedRequest mid_trick_request() {
  const hearts::Rules rules = *hearts::preset_rules("standard");
  for (const PlayedRequest& r : arena_test::played_requests(rules, 11, 1, false)) {
    const pb::Observation& o = r.observation;
    if (r.asked == Phase::kPlay && o.trick_winners_size() >= 2 && o.plays_size() % 4 == 2 &&
        o.passed_size() == 3 && o.legal_size() >= 2) {
      return r;
    }
  }
  ADD_FAILURE() << "no such request";
  return {};
}

// The lowest card in play that was not dealt to this seat and that it did not receive.
int card_not_dealt(const pb::Observation& o) {
  hearts::CardSet mine;
  for (int id : o.dealt_hand()) mine.insert(hearts::Card::from_id(id));
  for (const auto& r : o.received()) mine.insert(hearts::Card::from_id(r.card()));
  for (int id : o.cards_in_play()) {
    if (!mine.contains(hearts::Card::from_id(id))) return id;
  }
  return -1;
}

struct Breach {
  const char* what;
  std::function<void(pb::DecisionRequest&)> apply;
  const char* field;  // the message starts "observation.FIELD:" (or "FIELD:" for the request)
};

std::vector<Breach> breaches() {
  using R = pb::DecisionRequest;
  return {
      {"the crash of issue 15: a winner without plays",
       [](R& r) {
         r.mutable_observation()->clear_plays();
         r.mutable_observation()->clear_trick_winners();
         r.mutable_observation()->add_trick_winners(2);
       },
       "observation.trick_winners"},
      {"more winners than tricks", [](R& r) { r.mutable_observation()->add_trick_winners(1); },
       "observation.trick_winners"},
      {"a trick given to the wrong seat",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->set_trick_winners(0, (o->trick_winners(0) + 1) % 4);
       },
       "observation.trick_winners"},
      {"a play out of turn",
       [](R& r) {
         auto* p = r.mutable_observation()->mutable_plays(1);
         p->set_seat((p->seat() + 1) % 4);
       },
       "observation.plays"},
      {"a play by seat 9", [](R& r) { r.mutable_observation()->mutable_plays(0)->set_seat(9); },
       "observation.plays"},
      {"a card played twice",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->mutable_plays(5)->set_card(o->plays(4).card());
       },
       "observation.plays"},
      {"a played card also in the hand",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->add_hand(o->plays(0).card());
       },
       "observation.hand"},
      {"card id 13 in the hand", [](R& r) { r.mutable_observation()->set_hand(0, 13); },
       "observation.hand"},
      {"card id -1 in legal", [](R& r) { r.mutable_observation()->set_legal(0, -1); },
       "observation.legal"},
      {"a card twice in the hand",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->add_hand(o->hand(0));
       },
       "observation.hand"},
      {"a hand card missing", [](R& r) { r.mutable_observation()->mutable_hand()->RemoveLast(); },
       "observation.hand"},
      {"a legal card not held",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->add_legal(o->plays(0).card());
       },
       "observation.legal"},
      {"no legal card", [](R& r) { r.mutable_observation()->clear_legal(); }, "observation.legal"},
      {"four players in a five-player request",
       [](R& r) { r.mutable_observation()->set_num_players(5); }, "observation.num_players"},
      {"seat 7",
       [](R& r) {
         r.mutable_observation()->set_seat(7);
         r.set_seat(7);
       },
       "observation.seat"},
      {"the wrong dealer",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->set_dealer((o->dealer() + 1) % 4);
       },
       "observation.dealer"},
      {"three scores", [](R& r) { r.mutable_observation()->mutable_scores()->RemoveLast(); },
       "observation.scores"},
      {"a score near INT_MAX", [](R& r) { r.mutable_observation()->set_scores(1, 2'147'483'000); },
       "observation.scores"},
      {"a trick too many won",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->set_tricks_won(0, o->tricks_won(0) + 1);
       },
       "observation.tricks_won"},
      {"points never taken",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->set_points_taken(3, o->points_taken(3) + 5);
       },
       "observation.points_taken"},
      {"points taken INT32_MIN",
       [](R& r) { r.mutable_observation()->set_points_taken(0, INT32_MIN); },
       "observation.points_taken"},
      {"hearts broken for nothing",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->set_hearts_broken(!o->hearts_broken());
       },
       "observation.hearts_broken"},
      {"a passed card not dealt",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->set_passed(0, card_not_dealt(*o));
       },
       "observation.passed"},
      {"a received card from the wrong seat",
       [](R& r) { r.mutable_observation()->mutable_received(0)->set_from_seat(-1); },
       "observation.received"},
      {"a pass kind 9",
       [](R& r) {
         r.mutable_observation()->mutable_pass_plan()->set_kind(static_cast<pb::PassKind>(9));
       },
       "observation.pass_plan"},
      {"the kitty shown without a kitty",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->add_kitty(o->plays(0).card());
       },
       "observation.kitty"},
      {"a dealt hand of 14",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->add_dealt_hand(card_not_dealt(*o));
       },
       "observation.dealt_hand"},
      {"the wrong trick leader",
       [](R& r) {
         auto* o = r.mutable_observation();
         o->set_trick_leader((o->trick_leader() + 1) % 4);
       },
       "observation.trick_leader"},
      {"a card worth 5", [](R& r) { r.mutable_observation()->set_card_points(0, 5); },
       "observation.card_points"},
      {"an unknown rule option",
       [](R& r) {
         (*r.mutable_observation()->mutable_rules()->mutable_options())["moon"] = "full-moon";
       },
       "observation.rules"},
      {"the pass phase on a play call",
       [](R& r) { r.mutable_observation()->set_phase(pb::PHASE_PASS); }, "observation.phase"},
  };
}

TEST(ObservationCheck, EachInconsistencyIsRefusedNamingItsField) {
  const PlayedRequest base = mid_trick_request();
  const hearts::Rules rules = *hearts::preset_rules("standard");
  const hearts::CompiledRules c = compiled(rules);
  ASSERT_EQ(check_observation(base.observation, c, Phase::kPlay), "");
  arena::RulesCache cache;
  for (const Breach& breach : breaches()) {
    pb::DecisionRequest request;
    request.set_game_id("g");
    request.set_seat(base.observation.seat());
    *request.mutable_observation() = base.observation;
    breach.apply(request);
    std::string error;
    auto request_rules = cache.get(request.observation().rules(), &error);
    if (request_rules) {
      arena::OwnedObservation obs;
      EXPECT_FALSE(
          arena::from_proto(request.observation(), request_rules.get(), Phase::kPlay, &obs, &error))
          << breach.what;
    } else {
      error = "observation.rules: " + error;
    }
    EXPECT_EQ(error.rfind(std::string(breach.field) + ":", 0), 0u) << breach.what << ": " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << breach.what << ": " << error;
  }
}

TEST(ObservationCheck, ADecisionMustFitTheDeal) {
  const hearts::Rules rules = *hearts::preset_rules("standard");
  const hearts::CompiledRules c = compiled(rules);
  const PlayedRequest play = mid_trick_request();
  EXPECT_EQ(check_observation(play.observation, c, Phase::kPass).rfind("observation.phase:", 0),
            0u);
  pb::Observation unset_phase = play.observation;
  unset_phase.set_phase(pb::PHASE_UNSPECIFIED);
  EXPECT_EQ(check_observation(unset_phase, c, Phase::kPlay), "") << "phase 0 is unset";
  EXPECT_EQ(check_observation(unset_phase, c, Phase::kPass).rfind("observation.legal:", 0), 0u);
  EXPECT_EQ(check_observation(unset_phase, c, Phase::kMoonChoice).rfind("observation.legal:", 0),
            0u);
  // The next seat to play is one; the others are not.
  pb::Observation other_seat = unset_phase;
  other_seat.set_seat((other_seat.seat() + 1) % 4);
  EXPECT_NE(check_observation(other_seat, c, Phase::kPlay), "");
}

// Two-deck requests are checked copy by copy: a third copy, a second copy not held, a wrong
// winner of a trick and second copies under one deck are each refused, naming the field.
TEST(ObservationCheck, TwoDeckRequestsAreCheckedCopyByCopy) {
  const hearts::Rules rules = *hearts::preset_rules("cancellation");
  const hearts::CompiledRules c = compiled(rules);
  const pb::Observation* late = nullptr;
  const std::vector<PlayedRequest> requests = arena_test::played_requests(rules, 3, 1, false);
  for (const PlayedRequest& r : requests) {
    ASSERT_EQ(check_observation(r.observation, c, r.asked), "") << r.observation.DebugString();
    if (r.asked == Phase::kPlay && r.observation.hand_twice_size() > 0 &&
        r.observation.trick_winners_size() >= 2) {
      late = &r.observation;
    }
  }
  ASSERT_NE(late, nullptr);
  auto refused = [&](const std::function<void(pb::Observation&)>& spoil) {
    pb::Observation o = *late;
    spoil(o);
    return check_observation(o, c, Phase::kPlay);
  };
  EXPECT_EQ(refused([](pb::Observation& o) {
              o.add_hand_twice(o.hand_twice(0));
            }).rfind("observation.hand:", 0),
            0u);
  EXPECT_EQ(refused([](pb::Observation& o) {
              for (int id = 0; id < 64; ++id) {
                bool held = false;
                for (int h : o.hand()) held |= h == id;
                if (!held && hearts::Card::from_id(id).is_valid()) {
                  o.add_hand_twice(id);
                  return;
                }
              }
            }).rfind("observation.hand:", 0),
            0u);
  EXPECT_EQ(refused([](pb::Observation& o) {
              o.set_trick_winners(0, o.trick_winners(0) < 0 ? 0 : -1);
            }).rfind("observation.trick_winners:", 0),
            0u);
  const PlayedRequest one_deck = mid_trick_request();
  pb::Observation spoiled = one_deck.observation;
  spoiled.add_hand_twice(spoiled.hand(0));
  EXPECT_EQ(check_observation(spoiled, compiled(*hearts::preset_rules("standard")), Phase::kPlay),
            "observation.hand_twice: second copies, but the rules play one deck");
}

// A stock game's per-seat tricks are summed: a forged count near INT_MAX is refused by its own
// bound, not summed into a signed overflow (UBSan found the sum in the fuzz test).
TEST(ObservationCheck, AStockGamesTrickCountsAreBoundedBeforeTheyAreSummed) {
  const hearts::Rules rules = *hearts::preset_rules("domino");
  const hearts::CompiledRules c = compiled(rules);
  const pb::Observation* late = nullptr;
  const std::vector<PlayedRequest> requests = arena_test::played_requests(rules, 5, 1, false);
  for (const PlayedRequest& r : requests) {
    if (r.asked == Phase::kPlay && r.observation.trick_winners_size() >= 1) late = &r.observation;
    if (late) break;
  }
  ASSERT_NE(late, nullptr);
  ASSERT_EQ(check_observation(*late, c, Phase::kPlay), "");
  pb::Observation forged = *late;
  forged.set_tricks_won(0, INT_MAX);
  forged.set_tricks_won(1, INT_MAX);
  EXPECT_EQ(check_observation(forged, c, Phase::kPlay).rfind("observation.tricks_won:", 0), 0u);
}

TEST(ObservationCheck, DealResultsAreBounded) {
  pb::DealResult result;
  for (int s = 0; s < 4; ++s) {
    result.add_points_taken(0);
    result.add_deal_scores(0);
  }
  result.set_moon_shooter(-1);
  result.set_sun_shooter(-1);
  EXPECT_EQ(arena::check_deal_result(result, 4), "");
  pb::DealResult bad = result;
  bad.set_moon_shooter(4);
  EXPECT_EQ(arena::check_deal_result(bad, 4).rfind("result.moon_shooter:", 0), 0u);
  bad = result;
  bad.add_deal_scores(1);
  EXPECT_EQ(arena::check_deal_result(bad, 4).rfind("result.deal_scores:", 0), 0u);
  bad = result;
  bad.set_sun_shooter(-2);
  EXPECT_EQ(arena::check_deal_result(bad, 4).rfind("result.sun_shooter:", 0), 0u);
}

TEST(PrintableBotText, ControlsAndBadUtf8AreReplacedAndLongTextIsCut) {
  using arena::printable_bot_text;
  EXPECT_EQ(printable_bot_text("\x1b[31mevil\nname", 64), "?[31mevil?name");
  EXPECT_EQ(printable_bot_text("tab\there\x7f", 64), "tab?here?");
  EXPECT_EQ(printable_bot_text("caf\xc3\xa9 \xe2\x99\xa0", 64), "caf\xc3\xa9 \xe2\x99\xa0")
      << "valid UTF-8 stays";
  EXPECT_EQ(printable_bot_text("a\xff"
                               "b\xc3",
                               64),
            "a?b?")
      << "invalid bytes";
  EXPECT_EQ(printable_bot_text("\xc0\xaf", 64), "??") << "an overlong form";
  EXPECT_EQ(printable_bot_text("\xed\xa0\x80", 64), "???") << "a surrogate";
  EXPECT_EQ(printable_bot_text("x\xe2\x80\xaey", 64), "x?y") << "a right-to-left override";
  EXPECT_EQ(printable_bot_text("\xc2\x9b"
                               "2J",
                               64),
            "?2J")
      << "C1 control (CSI)";
  const std::string cut = printable_bot_text(std::string(10'000, 'x'), 64);
  EXPECT_EQ(cut, std::string(61, 'x') + "...");
  EXPECT_EQ(printable_bot_text(std::string(64, 'x'), 64), std::string(64, 'x'));
  // Characters, not bytes: 64 spades (3 bytes each) fit.
  std::string spades;
  for (int k = 0; k < 64; ++k) spades += "\xe2\x99\xa0";
  EXPECT_EQ(printable_bot_text(spades, 64), spades);
}

}  // namespace
