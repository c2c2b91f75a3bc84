// A bounded fuzz run of `arena serve`: every bundled bot is served by the real binary on
// 127.0.0.1, and gets kRequestsPerBot requests (fixed seed): real requests taken from games
// played through the engine, most of them mutated in one to three fields. The server must stay
// up and answer each either OK, with a legal card or pass, or INVALID_ARGUMENT with one line
// naming a field; real requests must be answered OK. The refusals must name many different
// fields, so the checks are reached deep in the observation, not only at its first field.
#include <gtest/gtest.h>

#include <climits>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "players/observation_proto.h"
#include "support/played_requests.h"
#include "support/serve_process.h"

namespace {

namespace pb = hearts::proto;
using arena_test::PlayedRequest;
using google::protobuf::RepeatedField;
using hearts::Phase;

constexpr int kRequestsPerBot = 2000;
constexpr uint64_t kSeed = 15;

// One request to send: the RPC is chosen by `asked`.
struct Request {
  Phase asked;
  std::string game_id;
  int seat = 0;
  pb::Observation observation;
  pb::DealResult result;
};

// The seeds: real requests of one game under each rule variant.
const std::vector<PlayedRequest>& seeds() {
  static const std::vector<PlayedRequest> all = [] {
    std::vector<PlayedRequest> out;
    uint64_t seed = kSeed;
    for (const auto& [name, rules] : arena_test::rule_variants()) {
      for (PlayedRequest& r : arena_test::played_requests(rules, ++seed, 1, false)) {
        out.push_back(std::move(r));
      }
    }
    return out;
  }();
  return all;
}

int pick(hearts::Rng& rng, int bound) {
  return static_cast<int>(rng.uniform(static_cast<uint32_t>(bound)));
}

// Mostly small surprises around the valid range, sometimes the extremes.
int32_t odd_int(hearts::Rng& rng, int low, int high) {
  switch (pick(rng, 8)) {
    case 0:
      return INT32_MAX;
    case 1:
      return INT32_MIN;
    default:
      return low + pick(rng, high - low + 1);
  }
}

int32_t random_card(hearts::Rng& rng) {
  return pick(rng, 10) == 0 ? odd_int(rng, -3, 70) : pick(rng, 64);
}

RepeatedField<int32_t>* card_list(pb::Observation& o, int which) {
  switch (which) {
    case 0:
      return o.mutable_hand();
    case 1:
      return o.mutable_legal();
    case 2:
      return o.mutable_dealt_hand();
    case 3:
      return o.mutable_passed();
    case 4:
      return o.mutable_kitty();
    case 5:
      return o.mutable_cards_in_play();
    default:
      return o.mutable_forbidden_passes();
  }
}

RepeatedField<int32_t>* count_list(pb::Observation& o, int which) {
  switch (which) {
    case 0:
      return o.mutable_points_taken();
    case 1:
      return o.mutable_tricks_won();
    case 2:
      return o.mutable_scores();
    case 3:
      return o.mutable_counters();
    case 4:
      return o.mutable_trick_winners();
    default:
      return o.mutable_card_points();
  }
}

// Changes, adds or removes one entry of a list of ints.
void poke(RepeatedField<int32_t>* list, hearts::Rng& rng, int32_t value) {
  const int action = pick(rng, 4);
  if (action == 0 || list->empty()) {
    list->Add(value);
  } else if (action == 1) {
    list->RemoveLast();
  } else if (action == 2) {
    list->Set(pick(rng, list->size()), value);
  } else {
    list->Add(list->Get(pick(rng, list->size())));  // a duplicate
  }
}

// Rewinds the deal to an earlier play: the later plays are dropped and this seat's own cards
// among them go back to its hand (a plausible earlier state whose other fields now disagree).
void rewind(pb::Observation& o, hearts::Rng& rng) {
  if (o.plays_size() == 0) return;
  const int keep = pick(rng, o.plays_size());
  for (int i = keep; i < o.plays_size(); ++i) {
    if (o.plays(i).seat() == o.seat()) o.add_hand(o.plays(i).card());
  }
  o.mutable_plays()->DeleteSubrange(keep, o.plays_size() - keep);
  const int n = std::max(1, o.num_players());
  if (o.trick_winners_size() > keep / n) o.mutable_trick_winners()->Truncate(keep / n);
}

// Swaps a card of the hand with a card someone played.
void swap_hand_and_play(pb::Observation& o, hearts::Rng& rng) {
  if (o.hand_size() == 0 || o.plays_size() == 0) return;
  const int h = pick(rng, o.hand_size());
  auto* play = o.mutable_plays(pick(rng, o.plays_size()));
  const int card = o.hand(h);
  o.set_hand(h, play->card());
  play->set_card(card);
}

void mutate_plays(pb::Observation& o, hearts::Rng& rng) {
  switch (pick(rng, 6)) {
    case 0: {
      auto* play = o.add_plays();
      play->set_seat(odd_int(rng, -1, 8));
      play->set_card(o.hand_size() > 0 && pick(rng, 2) == 0 ? o.hand(0) : random_card(rng));
      break;
    }
    case 1:
      if (o.plays_size() > 0) o.mutable_plays()->RemoveLast();
      break;
    case 2:
      if (o.plays_size() > 1) {
        o.mutable_plays()->SwapElements(pick(rng, o.plays_size()), pick(rng, o.plays_size()));
      }
      break;
    case 3:
      if (o.plays_size() > 0)
        o.mutable_plays(pick(rng, o.plays_size()))->set_seat(odd_int(rng, -1, 8));
      break;
    case 4:
      if (o.plays_size() > 0)
        o.mutable_plays(pick(rng, o.plays_size()))->set_card(random_card(rng));
      break;
    default:  // the request that crashed three bots (issue 15)
      o.clear_plays();
      o.clear_trick_winners();
      o.add_trick_winners(2);
  }
}

void mutate_table(pb::Observation& o, hearts::Rng& rng) {
  switch (pick(rng, 8)) {
    case 0:
      o.set_num_players(odd_int(rng, 2, 8));
      break;
    case 1:
      o.set_dealer(odd_int(rng, -1, 8));
      break;
    case 2:
      o.set_deal_index(odd_int(rng, -1, 12));
      break;
    case 3:
      o.set_deals_completed(odd_int(rng, -1, 12));
      break;
    case 4:
      o.set_trick_leader(odd_int(rng, -1, 8));
      break;
    case 5:
      o.set_hearts_broken(!o.hearts_broken());
      break;
    case 6:
      o.set_phase(static_cast<pb::DecisionPhase>(pick(rng, 8)));
      break;
    default:
      o.set_cards_per_hand(odd_int(rng, 0, 20));
  }
}

void mutate_passes(pb::Observation& o, hearts::Rng& rng) {
  auto* plan = o.mutable_pass_plan();
  switch (pick(rng, 5)) {
    case 0:
      plan->set_kind(static_cast<pb::PassKind>(odd_int(rng, -1, 6)));
      break;
    case 1:
      plan->set_offset(odd_int(rng, -1, 8));
      break;
    case 2:
      plan->set_count(odd_int(rng, -1, 8));
      break;
    case 3:
      if (o.received_size() > 0) {
        o.mutable_received(pick(rng, o.received_size()))->set_from_seat(odd_int(rng, -2, 8));
      } else {
        o.add_received()->set_card(random_card(rng));
      }
      break;
    default:
      if (o.received_size() > 0) {
        o.mutable_received(pick(rng, o.received_size()))->set_card(random_card(rng));
      }
  }
}

void mutate_rules(pb::Observation& o, hearts::Rng& rng) {
  static const char* const kPresets[] = {"standard", "omnibus", "black-maria", "spot-hearts",
                                         "nope"};
  static const char* const kOptions[][2] = {{"players", "5"},    {"moon", "new-moon"},
                                            {"pass-count", "6"}, {"deck", "kitty"},
                                            {"end-score", "-4"}, {"players", "99"}};
  if (pick(rng, 2) == 0) {
    o.mutable_rules()->set_preset(kPresets[pick(rng, 5)]);
  } else {
    const auto& option = kOptions[pick(rng, 6)];
    (*o.mutable_rules()->mutable_options())[option[0]] = option[1];
  }
}

// Applies one random mutation to the request.
void mutate(Request& r, hearts::Rng& rng) {
  pb::Observation& o = r.observation;
  switch (pick(rng, 12)) {
    case 0:
    case 1:
      poke(card_list(o, pick(rng, 7)), rng, random_card(rng));
      break;
    case 2:
      poke(count_list(o, pick(rng, 6)), rng, odd_int(rng, -2, 30));
      break;
    case 3:
    case 4:
      mutate_plays(o, rng);
      break;
    case 5:
      mutate_table(o, rng);
      break;
    case 6:
      mutate_passes(o, rng);
      break;
    case 7:
      rewind(o, rng);
      break;
    case 8:
      swap_hand_and_play(o, rng);
      break;
    case 9:
      mutate_rules(o, rng);
      break;
    case 10: {
      const int seat = odd_int(rng, -1, 8);
      o.set_seat(seat);
      if (pick(rng, 2) == 0) r.seat = seat;
      break;
    }
    default:
      switch (pick(rng, 4)) {
        case 0:
          r.game_id = std::string(129 + pick(rng, 1000), 'g');
          break;
        case 1:
          r.result.set_moon_shooter(odd_int(rng, -2, 8));
          break;
        case 2:
          if (r.result.deal_scores_size() > 0) r.result.mutable_deal_scores()->RemoveLast();
          break;
        default:  // another call than the observation is for
          r.asked = static_cast<Phase>(pick(rng, 7));
      }
  }
}

// What the fuzz run saw of one bot.
struct Tally {
  int ok = 0;
  int refused = 0;
  std::map<std::string, int> refused_by_field;
  std::vector<std::string> failures;  // the first few unexpected answers
  void fail(const std::string& what) {
    if (failures.size() < 10) failures.push_back(what);
  }
};

class Fuzzer {
 public:
  // one_deck_only: the bot refuses two-deck rules (heuristic, montecarlo), so it gets no seed
  // of a two-deck game (tests/bots check that refusal).
  Fuzzer(const std::string& target, uint64_t seed, bool one_deck_only)
      : stub_(arena_test::own_stub(target)), rng_(seed), one_deck_only_(one_deck_only) {}

  void run(int count, Tally* tally) {
    const auto& all = seeds();
    // A server that died fails every call at once: stop after a few unexpected answers.
    for (int k = 0; k < count && tally->failures.size() < 10; ++k) {
      const PlayedRequest& seed =
          all[static_cast<size_t>(pick(rng_, static_cast<int>(all.size())))];
      if (one_deck_only_ && seed.observation.cards_in_play_twice_size() > 0) {
        --k;
        continue;
      }
      const bool real = pick(rng_, 5) == 0;
      // A real request gets a game of its own: a mutated one may have opened a game under
      // other rules, and a game's rules may not change.
      Request r{seed.asked,
                real ? "real-" + std::to_string(k) : "fuzz-" + std::to_string(pick(rng_, 50)),
                seed.observation.seat(), seed.observation, seed.result};
      for (int m = real ? 0 : 1 + pick(rng_, 3); m > 0; --m) mutate(r, rng_);
      send(r, real, tally);
    }
  }

 private:
  void send(const Request& r, bool real, Tally* tally) {
    grpc::ClientContext context;
    arena_test::set_deadline(&context, 30'000);
    pb::DecisionRequest decision;
    decision.set_game_id(r.game_id);
    decision.set_seat(r.seat);
    *decision.mutable_observation() = r.observation;
    grpc::Status status;
    std::string answer_problem;
    switch (r.asked) {
      case Phase::kPass: {
        pb::PassReply reply;
        status = stub_->ChoosePass(&context, decision, &reply);
        if (status.ok()) answer_problem = check_pass(r.observation, reply);
        break;
      }
      case Phase::kPlay: {
        pb::PlayReply reply;
        status = stub_->ChoosePlay(&context, decision, &reply);
        if (status.ok()) answer_problem = check_play(r.observation, reply);
        break;
      }
      case Phase::kMoonChoice: {
        pb::MoonReply reply;
        status = stub_->ChooseMoon(&context, decision, &reply);
        break;
      }
      case Phase::kSlamBid: {
        pb::SlamBidReply reply;
        status = stub_->ChooseSlamBid(&context, decision, &reply);
        break;
      }
      case Phase::kDealerChoice: {
        pb::PassPlanReply reply;
        status = stub_->ChoosePassPlan(&context, decision, &reply);
        if (status.ok()) answer_problem = check_plan(r.observation, reply);
        break;
      }
      default: {
        pb::DealEndRequest notice;
        notice.set_game_id(r.game_id);
        notice.set_seat(r.seat);
        *notice.mutable_observation() = r.observation;
        *notice.mutable_result() = r.result;
        pb::NotifyReply reply;
        status = r.asked == Phase::kGameOver ? stub_->NotifyGameEnd(&context, notice, &reply)
                                             : stub_->NotifyDealEnd(&context, notice, &reply);
      }
    }
    tally_answer(r, real, status, answer_problem, tally);
  }

  static void tally_answer(const Request& r, bool real, const grpc::Status& status,
                           const std::string& answer_problem, Tally* tally) {
    const std::string what =
        std::string(hearts::name(r.asked)) + " (" + (real ? "real" : "mutated") + "): ";
    if (status.ok()) {
      ++tally->ok;
      if (!answer_problem.empty())
        tally->fail(what + answer_problem + "\n" + r.observation.DebugString());
      return;
    }
    // heuristic and montecarlo refuse a stock, booster nines and jokers by design, in one line.
    if (status.error_code() == grpc::StatusCode::UNKNOWN &&
        status.error_message().find("plays only the 52-card game") != std::string::npos) {
      ++tally->ok;
      return;
    }
    if (status.error_code() != grpc::StatusCode::INVALID_ARGUMENT) {
      tally->fail(what + "status " + std::to_string(status.error_code()) + ": " +
                  status.error_message());
      return;
    }
    ++tally->refused;
    const std::string& message = status.error_message();
    if (real) tally->fail(what + "refused: " + message + "\n" + r.observation.DebugString());
    if (message.empty() || message.find('\n') != std::string::npos ||
        message.find(": ") == std::string::npos) {
      tally->fail(what + "not one line naming a field: " + message);
    }
    ++tally->refused_by_field[message.substr(0, message.find(": "))];
  }

  static std::string check_play(const pb::Observation& o, const pb::PlayReply& reply) {
    if (!reply.has_card()) return "no card";
    for (int card : o.legal()) {
      if (card == reply.card()) return "";
    }
    return "played " + std::to_string(reply.card()) + ", not a legal card";
  }

  static std::string check_pass(const pb::Observation& o, const pb::PassReply& reply) {
    if (reply.cards_size() != o.pass_plan().count()) {
      return "passed " + std::to_string(reply.cards_size()) + " cards";
    }
    std::set<int> distinct;
    for (int card : reply.cards()) {
      if (std::find(o.legal().begin(), o.legal().end(), card) == o.legal().end()) {
        return "passed " + std::to_string(card) + ", not a passable card";
      }
      distinct.insert(card);
    }
    return static_cast<int>(distinct.size()) == reply.cards_size() ? "" : "passed a card twice";
  }

  std::string check_plan(const pb::Observation& o, const pb::PassPlanReply& reply) {
    std::string error;
    auto rules = rules_.get(o.rules(), &error);
    if (!rules) return "accepted rules that do not compile: " + error;
    const hearts::Status status =
        hearts::validate_pass_plan(*rules, arena::from_proto(reply.plan()));
    return status.ok() ? "" : "chose " + status.message();
  }

  std::unique_ptr<pb::Bot::Stub> stub_;
  hearts::Rng rng_;
  const bool one_deck_only_;
  arena::RulesCache rules_;
};

TEST(ServeFuzz, EveryBundledBotAnswersOrRefusesEveryRequestAndStaysUp) {
  const std::vector<std::string> bots = {"random", "lowest", "ducker", "heuristic", "montecarlo"};
  ASSERT_GT(seeds().size(), 1000u);
  std::vector<std::unique_ptr<arena_test::ServeProcess>> servers;
  for (const std::string& bot : bots) {
    arena_test::ServeOptions options;
    options.args = {"--bot", bot, "--plugin-dir", HEARTS_BUNDLED_PLUGIN_DIR};
    options.env = {{"HEARTS_MC_SAMPLES", "2"}};
    servers.push_back(std::make_unique<arena_test::ServeProcess>(options));
    ASSERT_GT(servers.back()->port(), 0) << bot << ": " << servers.back()->first_line();
  }
  std::vector<Tally> tallies(bots.size());
  std::vector<std::thread> threads;
  for (size_t b = 0; b < bots.size(); ++b) {
    threads.emplace_back([&, b] {
      const bool one_deck_only = bots[b] == "heuristic" || bots[b] == "montecarlo";
      Fuzzer(servers[b]->target(), kSeed * 100 + b, one_deck_only)
          .run(kRequestsPerBot, &tallies[b]);
    });
  }
  for (std::thread& t : threads) t.join();
  std::set<std::string> fields;
  for (size_t b = 0; b < bots.size(); ++b) {
    const Tally& t = tallies[b];
    EXPECT_TRUE(servers[b]->alive())
        << bots[b] << " exited with status " << servers[b]->exit_status();
    EXPECT_EQ(t.ok + t.refused, kRequestsPerBot) << bots[b] << ": every request answered";
    for (const std::string& failure : t.failures) ADD_FAILURE() << bots[b] << ": " << failure;
    EXPECT_GT(t.ok, kRequestsPerBot / 10) << bots[b] << ": the real requests, at least";
    EXPECT_GT(t.refused, kRequestsPerBot / 2) << bots[b];
    for (const auto& [field, count] : t.refused_by_field) fields.insert(field);
    EXPECT_EQ(servers[b]->stop(), 0) << bots[b] << " shuts down cleanly";
  }
  // Refusals name fields all through the observation, not just the first one checked.
  std::string named;
  for (const std::string& field : fields) named += field + " ";
  for (size_t b = 0; b < bots.size(); ++b) {
    std::printf("%s: %d answered, %d refused\n", bots[b].c_str(), tallies[b].ok,
                tallies[b].refused);
  }
  std::printf("refusals named: %s\n", named.c_str());
  EXPECT_GE(fields.size(), 25u) << named;
  for (const char* deep : {"observation.trick_winners", "observation.plays", "observation.hand",
                           "observation.legal", "observation.received", "observation.trick_leader",
                           "observation.hearts_broken", "observation.points_taken"}) {
    EXPECT_EQ(fields.count(deep), 1u) << deep << " never refused; named: " << named;
  }
}

}  // namespace
