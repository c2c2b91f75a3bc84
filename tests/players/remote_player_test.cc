// Remote bots over real gRPC on loopback: an in-process Bot server with scripted behaviour plays
// full games through the referee (one remote seat, bundled plugins in the others), a server
// killed and restarted mid-game, connection failures, and the real `arena serve` end to end.
// The only timed assertions are generous upper bounds (a late remote decision costs at most
// limit + margin + 200 ms).
#include <arpa/inet.h>
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "bot_service.grpc.pb.h"
#include "common/rules_spec.h"
#include "match/referee.h"
#include "players/bot_specs.h"
#include "players/grpc_log.h"
#include "players/observation_proto.h"
#include "players/remote_player.h"
#include "support/run_arena.h"

namespace arena {
namespace {

namespace pb = hearts::proto;
namespace fs = std::filesystem;
using hearts::proto::GameRecord;
using hearts::proto::Violation;

const std::vector<std::string> kSearchPath = {HEARTS_BUNDLED_PLUGIN_DIR};

hearts::CompiledRules fixed_deals(int deals) {
  hearts::Rules rules = *hearts::preset_rules("standard");
  rules.end_score = 0;
  rules.fixed_deals = deals;
  std::string error;
  auto compiled = hearts::compile(rules, &error);
  EXPECT_TRUE(compiled.has_value()) << error;
  return *compiled;
}

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// ---------------------------------------------------------------------------------------------
// A scripted Bot server.

enum class Behaviour {
  kCorrect,     // lowest legal card; lowest passable cards
  kSlow,        // kCorrect after sleeping `sleep_ms`
  kIllegal,     // a card that is not in obs.legal
  kNoCard,      // PlayReply without a card
  kNinePass,    // PassReply with 9 cards
  kBadCardId,   // card id 99
  kNoSuchRank,  // card id 13: in 0..63, but rank 13 does not exist
  kError,       // grpc::Status(UNKNOWN, "boom")
};

class ScriptedBot final : public pb::Bot::Service {
 public:
  std::atomic<Behaviour> play{Behaviour::kCorrect};
  std::atomic<Behaviour> pass{Behaviour::kCorrect};
  std::atomic<int> sleep_ms{60};
  std::atomic<int> info_calls{0};
  std::atomic<int> play_calls{0};
  std::atomic<int> pass_calls{0};
  // With `notices` on it answers the notifications (and counts them) and says in GetInfo which it
  // skips; off, they stay UNIMPLEMENTED.
  std::atomic<bool> notices{false};
  std::atomic<bool> skips_deal_end{false};
  std::atomic<bool> skips_game_end{false};
  std::atomic<int> deal_end_calls{0};
  std::atomic<int> game_end_calls{0};

  std::vector<pb::DecisionRequest> requests() {
    std::lock_guard lock(mutex_);
    return requests_;
  }

  grpc::Status GetInfo(grpc::ServerContext*, const pb::InfoRequest*,
                       pb::BotInfoReply* reply) override {
    ++info_calls;
    reply->set_name("scripted");
    reply->set_version("1.2");
    reply->set_author("remote_player_test");
    reply->set_skips_deal_end(skips_deal_end);
    reply->set_skips_game_end(skips_game_end);
    return grpc::Status::OK;
  }

  grpc::Status NotifyDealEnd(grpc::ServerContext*, const pb::DealEndRequest*,
                             pb::NotifyReply*) override {
    if (!notices) return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "");
    ++deal_end_calls;
    return grpc::Status::OK;
  }
  grpc::Status NotifyGameEnd(grpc::ServerContext*, const pb::DealEndRequest*,
                             pb::NotifyReply*) override {
    if (!notices) return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "");
    ++game_end_calls;
    return grpc::Status::OK;
  }

  grpc::Status ChoosePass(grpc::ServerContext*, const pb::DecisionRequest* request,
                          pb::PassReply* reply) override {
    ++pass_calls;
    keep(*request);
    const auto& obs = request->observation();
    std::vector<int> legal(obs.legal().begin(), obs.legal().end());
    std::sort(legal.begin(), legal.end());
    switch (pass.load()) {
      case Behaviour::kError:
        return grpc::Status(grpc::StatusCode::UNKNOWN, "boom");
      case Behaviour::kNinePass:
        for (int k = 0; k < 9; ++k) reply->add_cards(legal[k]);
        return grpc::Status::OK;
      case Behaviour::kBadCardId:
      case Behaviour::kNoSuchRank:
        for (int k = 0; k + 1 < obs.pass_plan().count(); ++k) reply->add_cards(legal[k]);
        reply->add_cards(pass == Behaviour::kBadCardId ? 99 : 13);
        return grpc::Status::OK;
      case Behaviour::kSlow:
        std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms.load()));
        [[fallthrough]];
      default:
        for (int k = 0; k < obs.pass_plan().count(); ++k) reply->add_cards(legal[k]);
        return grpc::Status::OK;
    }
  }

  grpc::Status ChoosePlay(grpc::ServerContext*, const pb::DecisionRequest* request,
                          pb::PlayReply* reply) override {
    ++play_calls;
    keep(*request);
    const auto& obs = request->observation();
    const std::set<int> legal(obs.legal().begin(), obs.legal().end());
    switch (play.load()) {
      case Behaviour::kError:
        return grpc::Status(grpc::StatusCode::UNKNOWN, "boom");
      case Behaviour::kNoCard:
        return grpc::Status::OK;
      case Behaviour::kBadCardId:
        reply->set_card(99);
        return grpc::Status::OK;
      case Behaviour::kNoSuchRank:
        reply->set_card(13);
        return grpc::Status::OK;
      case Behaviour::kIllegal:
        for (int suit = 0; suit < 4; ++suit) {
          for (int rank = 0; rank < 13; ++rank) {
            if (!legal.contains(suit * 16 + rank)) {
              reply->set_card(suit * 16 + rank);
              return grpc::Status::OK;
            }
          }
        }
        return grpc::Status::OK;
      case Behaviour::kSlow:
        std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms.load()));
        [[fallthrough]];
      default:
        reply->set_card(*legal.begin());
        return grpc::Status::OK;
    }
  }
  // ChooseMoon and ChoosePassPlan are left UNIMPLEMENTED on purpose: the standard rules never
  // ask them. The notifications are optional: UNIMPLEMENTED unless `notices` is on.

 private:
  void keep(const pb::DecisionRequest& request) {
    std::lock_guard lock(mutex_);
    requests_.push_back(request);
  }
  std::mutex mutex_;
  std::vector<pb::DecisionRequest> requests_;
};

// One gRPC server on 127.0.0.1 with its own ScriptedBot; port 0 picks a free port.
struct TestServer {
  std::unique_ptr<ScriptedBot> bot = std::make_unique<ScriptedBot>();
  std::unique_ptr<grpc::Server> server;
  int port = 0;

  explicit TestServer(int wanted_port = 0) {
    grpc::ServerBuilder builder;
    builder.AddListeningPort("127.0.0.1:" + std::to_string(wanted_port),
                             grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(bot.get());
    server = builder.BuildAndStart();
    EXPECT_NE(server, nullptr);
    EXPECT_GT(port, 0);
  }
  ~TestServer() { shutdown(); }
  void shutdown() {
    if (!server) return;
    server->Shutdown(std::chrono::system_clock::now());  // cancel whatever is still running
    server->Wait();
    server.reset();
  }
  std::string spec() const { return "grpc://127.0.0.1:" + std::to_string(port); }
};

std::shared_ptr<RemoteSource> connect_to(const std::string& spec, const RemoteOptions& options) {
  std::string error;
  auto source = RemoteSource::connect(spec, options, &error);
  EXPECT_NE(source, nullptr) << error;
  return source;
}

// One game: `seat0` in seat 0, the bundled random plugin in seats 1-3.
struct RemoteTable {
  std::vector<std::shared_ptr<PlayerSource>> sources;
  std::vector<std::unique_ptr<Player>> players;
  std::vector<Player*> seats;

  RemoteTable(std::shared_ptr<PlayerSource> seat0, const hearts::CompiledRules& rules) {
    sources.push_back(std::move(seat0));
    for (int s = 1; s < 4; ++s) {
      std::string error;
      sources.push_back(resolve_bot_spec("random", kSearchPath, &error));
      EXPECT_NE(sources.back(), nullptr) << error;
    }
    for (int s = 0; s < 4; ++s) {
      hearts::BotConfig config;
      config.seat = s;
      config.num_players = 4;
      config.seed = 1234 + s;
      config.rules = &rules;
      std::string error;
      players.push_back(sources[s]->create(config, &error));
      EXPECT_NE(players.back(), nullptr) << error;
      seats.push_back(players.back().get());
    }
  }
};

GameRecord play_game(const hearts::CompiledRules& rules, std::span<Player* const> seats,
                     int64_t move_time_us = 1'000'000, uint64_t seed = 99) {
  SteadyClock clock;
  RefereeOptions options;
  options.move_time_us = move_time_us;
  Referee referee(rules, options, clock);
  GameRecord record;
  referee.play_game(seed, 0, seats, &record);
  return record;
}

void expect_complete(const GameRecord& record, int deals) {
  EXPECT_EQ(record.deals_size(), deals) << "the game completes";
  EXPECT_EQ(record.ranks_size(), 4);
  EXPECT_EQ(record.forfeited_size(), 0);
  for (const auto& deal : record.deals()) EXPECT_EQ(deal.plays_size(), 52);
}

// Every violation is `kind` for seat 0 with `grpc_status`; returns how many there are.
int count_violations(const GameRecord& record, Violation::Kind kind, const std::string& grpc_status,
                     const std::string& detail_part) {
  int count = 0;
  for (const Violation& v : record.violations()) {
    EXPECT_EQ(Violation::Kind_Name(v.kind()), Violation::Kind_Name(kind)) << v.detail();
    EXPECT_EQ(v.seat(), 0);
    EXPECT_EQ(v.bot(), "scripted");
    EXPECT_EQ(v.grpc_status(), grpc_status) << v.detail();
    EXPECT_NE(v.detail().find(detail_part), std::string::npos) << v.detail();
    EXPECT_EQ(v.detail().find('\n'), std::string::npos) << "one line: " << v.detail();
    ++count;
  }
  return count;
}

// Each deal of two under the standard rules: seat 0 passes once (left, then right) and plays 13.
constexpr int kDeals = 2;
constexpr int kPlays = 13 * kDeals;
constexpr int kPasses = kDeals;

TEST(RemotePlayer, CorrectBotPlaysWholeGameWithoutViolations) {
  TestServer server;
  const auto rules = fixed_deals(kDeals);
  auto source = connect_to(server.spec(), {});
  EXPECT_EQ(source->identity().name, "scripted");
  EXPECT_EQ(source->identity().version, "1.2");
  EXPECT_EQ(source->identity().author, "remote_player_test");
  EXPECT_EQ(source->identity().transport, "grpc");
  EXPECT_EQ(source->identity().path, "127.0.0.1:" + std::to_string(server.port));
  RemoteTable table(source, rules);
  const GameRecord record = play_game(rules, table.seats);
  expect_complete(record, kDeals);
  EXPECT_EQ(record.violations_size(), 0) << record.violations(0).DebugString();
  EXPECT_EQ(server.bot->play_calls, kPlays);
  EXPECT_EQ(server.bot->pass_calls, kPasses);
  EXPECT_EQ(server.bot->info_calls, 1);

  // Statelessness: every call names the game and seat and carries the full observation.
  const auto requests = server.bot->requests();
  ASSERT_EQ(requests.size(), static_cast<size_t>(kPlays + kPasses));
  for (const auto& request : requests) {
    EXPECT_EQ(request.game_id(), requests[0].game_id());
    EXPECT_FALSE(request.game_id().empty());
    EXPECT_EQ(request.seat(), 0);
    EXPECT_EQ(request.observation().seat(), 0);
    EXPECT_EQ(request.observation().num_players(), 4);
    EXPECT_EQ(request.observation().time_left_us(), 1'000'000);
    EXPECT_EQ(request.observation().bank_left_us(), -1);
    EXPECT_EQ(request.observation().card_points_size(), 64);
    EXPECT_GT(request.observation().legal_size(), 0);
  }
  // The rules travel compactly: the closest preset and only the options that differ from it.
  const pb::RulesSpec& spec = requests[0].observation().rules();
  EXPECT_EQ(spec.preset(), "standard");
  EXPECT_EQ(spec.options_size(), 2) << spec.DebugString();
  EXPECT_EQ(spec.options().at("fixed_deals"), "2");
  EXPECT_EQ(spec.options().at("end_score"), "0");
  EXPECT_LT(requests[0].ByteSizeLong(), 400u) << "the rules no longer dominate a request";
  EXPECT_EQ(requests[0].observation().phase(), pb::PHASE_PASS);
  EXPECT_EQ(requests[0].observation().hand_size(), 13);
  EXPECT_EQ(requests[1].observation().phase(), pb::PHASE_PLAY);
  // Seat 0's plays are the lowest legal card each time: the record matches the bot's answers.
  int k = 0;
  for (const auto& deal : record.deals()) {
    for (const auto& p : deal.plays()) {
      if (p.seat() != 0) continue;
      while (requests[k].observation().phase() != pb::PHASE_PLAY) ++k;
      const auto& legal = requests[k++].observation().legal();
      EXPECT_EQ(p.card(), *std::min_element(legal.begin(), legal.end()));
    }
  }
}

// A remote bot gets the notifications it does not skip (GetInfo), and no other.
TEST(RemotePlayer, NotificationsTheBotSkipsAreNotSent) {
  const auto rules = fixed_deals(kDeals);
  const uint32_t deal_end = hearts::notification_bit(hearts::kNotifyDealEnd);
  const uint32_t game_end = hearts::notification_bit(hearts::kNotifyGameEnd);
  struct Case {
    bool skips_deal_end, skips_game_end;
    uint32_t handled;
  };
  for (const Case& c : {Case{false, false, deal_end | game_end}, Case{true, false, game_end},
                        Case{false, true, deal_end}, Case{true, true, 0}}) {
    TestServer server;
    server.bot->notices = true;
    server.bot->skips_deal_end = c.skips_deal_end;
    server.bot->skips_game_end = c.skips_game_end;
    auto source = connect_to(server.spec(), {});
    EXPECT_EQ(source->identity().notifications, c.handled);
    RemoteTable table(source, rules);
    const GameRecord record = play_game(rules, table.seats);
    expect_complete(record, kDeals);
    EXPECT_EQ(record.violations_size(), 0);
    EXPECT_EQ(server.bot->deal_end_calls, c.skips_deal_end ? 0 : kDeals);
    EXPECT_EQ(server.bot->game_end_calls, c.skips_game_end ? 0 : 1);
  }
}

TEST(RemotePlayer, SlowAnswersAreTimeoutsCutAtTheDeadline) {
  TestServer server;
  server.bot->play = Behaviour::kSlow;
  server.bot->sleep_ms = 60;
  const auto rules = fixed_deals(kDeals);
  RemoteOptions options;
  options.network_margin_us = 10'000;
  auto source = connect_to(server.spec(), options);
  RemoteTable table(source, rules);
  constexpr int64_t kLimitUs = 20'000;
  const int64_t start = now_ms();
  const GameRecord record = play_game(rules, table.seats, kLimitUs);
  const int64_t elapsed_ms = now_ms() - start;
  expect_complete(record, kDeals);
  // The whole game is bounded by its late decisions, each cut at the deadline.
  EXPECT_LT(elapsed_ms, kPlays * (kLimitUs + 10'000 + 200'000) / 1000);
  EXPECT_EQ(count_violations(record, Violation::TIMEOUT, "DEADLINE_EXCEEDED",
                             "ChoosePlay: DEADLINE_EXCEEDED"),
            kPlays);
  for (const Violation& v : record.violations()) EXPECT_GE(v.trick(), 0);
  // Each late play cost at most the limit + the margin + generous slack, never the 60 ms sleep
  // times anything; and it did wait until (about) the limit.
  for (const auto& deal : record.deals()) {
    for (const auto& p : deal.plays()) {
      if (p.seat() != 0) continue;
      EXPECT_LT(p.think_us(), kLimitUs + 10'000 + 200'000);
      EXPECT_GE(p.think_us(), kLimitUs);
    }
  }
  for (const auto& request : server.bot->requests()) {
    EXPECT_EQ(request.observation().time_left_us(), kLimitUs);
  }
}

TEST(RemotePlayer, IllegalCardsAreIllegalPlays) {
  TestServer server;
  server.bot->play = Behaviour::kIllegal;
  const auto rules = fixed_deals(kDeals);
  RemoteTable table(connect_to(server.spec(), {}), rules);
  const GameRecord record = play_game(rules, table.seats);
  expect_complete(record, kDeals);
  EXPECT_EQ(count_violations(record, Violation::ILLEGAL_PLAY, "", "illegal play by seat 0"),
            kPlays);
}

TEST(RemotePlayer, PlayReplyWithoutCardIsMalformed) {
  TestServer server;
  server.bot->play = Behaviour::kNoCard;
  const auto rules = fixed_deals(kDeals);
  RemoteTable table(connect_to(server.spec(), {}), rules);
  const GameRecord record = play_game(rules, table.seats);
  expect_complete(record, kDeals);
  EXPECT_EQ(
      count_violations(record, Violation::MALFORMED, "OK", "ChoosePlay: the reply has no card"),
      kPlays);
}

// A wrong pass or a card id that is no card is the same violation as in process (BAD_PASS,
// ILLEGAL_PLAY), with what was wrong in the detail; MALFORMED is kept for replies that break the
// protocol (no card at all).
TEST(RemotePlayer, PassReplyWithNineCardsIsABadPass) {
  TestServer server;
  server.bot->pass = Behaviour::kNinePass;
  const auto rules = fixed_deals(kDeals);
  RemoteTable table(connect_to(server.spec(), {}), rules);
  const GameRecord record = play_game(rules, table.seats);
  expect_complete(record, kDeals);
  EXPECT_EQ(count_violations(record, Violation::BAD_PASS, "", "pass of 9 cards; the pass is 3"),
            kPasses);
  for (const Violation& v : record.violations()) EXPECT_EQ(v.trick(), -1);
  // The fallback pass was made: three cards.
  for (const auto& deal : record.deals()) {
    for (const auto& pass : deal.passes()) EXPECT_EQ(pass.cards_size(), 3);
  }
}

// Violations of `kind` whose detail holds `detail_part`; every violation must be of `kind` or
// `other`, by seat 0, with no gRPC status (the referee, not the transport, found them).
int count_of_kind(const GameRecord& record, Violation::Kind kind, Violation::Kind other,
                  const std::string& detail_part) {
  int count = 0;
  for (const Violation& v : record.violations()) {
    EXPECT_TRUE(v.kind() == kind || v.kind() == other) << Violation::Kind_Name(v.kind());
    EXPECT_EQ(v.seat(), 0);
    EXPECT_EQ(v.grpc_status(), "");
    count += v.kind() == kind && v.detail().find(detail_part) != std::string::npos;
  }
  return count;
}

TEST(RemotePlayer, CardIdOutOfRangeIsABadPassOrAnIllegalPlay) {
  TestServer server;
  server.bot->play = Behaviour::kBadCardId;
  server.bot->pass = Behaviour::kBadCardId;
  const auto rules = fixed_deals(kDeals);
  RemoteTable table(connect_to(server.spec(), {}), rules);
  const GameRecord record = play_game(rules, table.seats);
  expect_complete(record, kDeals);
  EXPECT_EQ(count_of_kind(record, Violation::BAD_PASS, Violation::ILLEGAL_PLAY,
                          "ChoosePass: 99 is not a card id"),
            kPasses);
  EXPECT_EQ(count_of_kind(record, Violation::ILLEGAL_PLAY, Violation::BAD_PASS,
                          "ChoosePlay: 99 is not a card id"),
            kPlays);
}

TEST(RemotePlayer, IdOfARankThatDoesNotExistIsABadPassOrAnIllegalPlay) {
  TestServer server;
  server.bot->play = Behaviour::kNoSuchRank;
  server.bot->pass = Behaviour::kNoSuchRank;
  const auto rules = fixed_deals(kDeals);
  RemoteTable table(connect_to(server.spec(), {}), rules);
  const GameRecord record = play_game(rules, table.seats);
  expect_complete(record, kDeals);
  EXPECT_EQ(
      count_of_kind(record, Violation::BAD_PASS, Violation::ILLEGAL_PLAY, "13 is not a card id"),
      kPasses);
  EXPECT_EQ(
      count_of_kind(record, Violation::ILLEGAL_PLAY, Violation::BAD_PASS, "13 is not a card id"),
      kPlays);
}

TEST(RemotePlayer, ErrorStatusIsAnExceptionWithTheStatusRecorded) {
  TestServer server;
  server.bot->play = Behaviour::kError;
  server.bot->pass = Behaviour::kError;
  const auto rules = fixed_deals(kDeals);
  RemoteTable table(connect_to(server.spec(), {}), rules);
  const GameRecord record = play_game(rules, table.seats);
  expect_complete(record, kDeals);
  EXPECT_EQ(count_violations(record, Violation::EXCEPTION, "UNKNOWN", ": UNKNOWN: boom"),
            kPlays + kPasses);
  EXPECT_NE(record.violations(0).detail().find("ChoosePass"), std::string::npos);
  EXPECT_NE(record.violations(1).detail().find("ChoosePlay"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// The rules on the wire.

TEST(RemoteRules, CompactSpecIsTheClosestPresetAndOnlyItsDifferences) {
  for (const hearts::Preset& preset : hearts::presets()) {
    const pb::RulesSpec spec = compact_rules_spec(preset.rules);
    EXPECT_EQ(spec.options_size(), 0) << preset.name << ": " << spec.DebugString();
    hearts::Rules back;
    ASSERT_TRUE(from_rules_spec(spec, &back).ok()) << preset.name;
    EXPECT_TRUE(back == preset.rules) << preset.name << " comes back as " << spec.preset();
  }
  hearts::Rules rules = *hearts::preset_rules("standard");
  rules.moon = hearts::MoonRule::kNewMoon;
  const pb::RulesSpec spec = compact_rules_spec(rules);
  EXPECT_EQ(spec.preset(), "standard");
  ASSERT_EQ(spec.options_size(), 1) << spec.DebugString();
  EXPECT_EQ(spec.options().at("moon"), "new-moon");
  hearts::Rules back;
  ASSERT_TRUE(from_rules_spec(spec, &back).ok());
  EXPECT_TRUE(back == rules);
}

TEST(RemoteRules, ServerCacheKeysOnBytesAndSharesEqualRules) {
  RulesCache cache;
  std::string error;
  const pb::RulesSpec compact = compact_rules_spec(*hearts::preset_rules("standard"));
  const auto first = cache.get(compact, &error);
  ASSERT_NE(first, nullptr) << error;
  EXPECT_EQ(cache.get(compact, &error), first) << "the same bytes, the same entry";
  // Every option spelled out (as records keep them): other bytes, the same compiled rules.
  const pb::RulesSpec full = to_rules_spec("standard", *hearts::preset_rules("standard"));
  EXPECT_GT(full.options_size(), 10);
  EXPECT_EQ(cache.get(full, &error), first);
  pb::RulesSpec other = compact;
  (*other.mutable_options())["moon"] = "new-moon";
  const auto second = cache.get(other, &error);
  ASSERT_NE(second, nullptr) << error;
  EXPECT_NE(second, first);
  EXPECT_EQ(second->rules.moon, hearts::MoonRule::kNewMoon);
  pb::RulesSpec bad = compact;
  (*bad.mutable_options())["moon"] = "full-moon";
  EXPECT_EQ(cache.get(bad, &error), nullptr);
  EXPECT_NE(error.find("moon"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

// ---------------------------------------------------------------------------------------------
// A bot that goes away mid-game and comes back on the same port.

// Wraps seat 0's remote player: before its K-th decision (1-based) the server is shut down,
// before its (K+J)-th a new server starts on the same port and the source waits for it.
class KillingPlayer final : public Player {
 public:
  KillingPlayer(std::unique_ptr<Player> inner, std::function<void(int decision)> before)
      : inner_(std::move(inner)), before_(std::move(before)) {}
  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    before_(++decisions_);
    CallResult result = inner_->decide(obs, out);
    results.push_back(result.status);
    return result;
  }
  CallResult notify(int32_t kind, const hearts::Observation& obs,
                    const hearts::DealResult& result) override {
    return inner_->notify(kind, obs, result);
  }
  const BotIdentity& identity() const override { return inner_->identity(); }
  std::vector<CallStatus> results;

 private:
  std::unique_ptr<Player> inner_;
  std::function<void(int)> before_;
  int decisions_ = 0;
};

TEST(RemotePlayer, BotKilledMidGameIsUnavailableThenUsedAgainAfterRestart) {
  constexpr int K = 5;  // decision 1 is the pass, 2..14 the plays of deal 1
  constexpr int J = 3;
  auto first = std::make_unique<TestServer>();
  const int port = first->port;
  std::unique_ptr<TestServer> second;
  const auto rules = fixed_deals(kDeals);
  auto source = connect_to(first->spec(), {});
  RemoteTable table(source, rules);
  bool reconnected = false;
  KillingPlayer killer(std::move(table.players[0]), [&](int decision) {
    if (decision == K) first->shutdown();
    if (decision == K + J) {
      second = std::make_unique<TestServer>(port);
      reconnected = source->wait_connected(5'000'000);
    }
  });
  table.seats[0] = &killer;
  const int64_t start = now_ms();
  const GameRecord record = play_game(rules, table.seats);
  expect_complete(record, kDeals);
  EXPECT_LT(now_ms() - start, 10'000);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->port, port);
  EXPECT_TRUE(reconnected);

  // Exactly the J decisions made while the server was down failed, as UNAVAILABLE.
  EXPECT_EQ(count_violations(record, Violation::UNAVAILABLE, "UNAVAILABLE", "UNAVAILABLE"), J);
  ASSERT_EQ(killer.results.size(), static_cast<size_t>(kPlays + kPasses));
  for (int d = 1; d <= kPlays + kPasses; ++d) {
    const bool down = d >= K && d < K + J;
    EXPECT_EQ(killer.results[d - 1], down ? CallStatus::kUnavailable : CallStatus::kOk)
        << "decision " << d;
  }
  // The bot was used again after it restarted: every later decision reached the new server.
  EXPECT_EQ(first->bot->play_calls + first->bot->pass_calls, K - 1);
  EXPECT_EQ(second->bot->play_calls + second->bot->pass_calls, kPlays + kPasses - (K + J - 1));
}

// ---------------------------------------------------------------------------------------------
// Connection failures.

// A loopback port bound but not listening, held until destroyed: connecting is refused, and no
// other test's server can be given the port meanwhile (as one could after a probe closed it).
struct RefusingPort {
  RefusingPort() {
    fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&address), size) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) == 0) {
      port = ntohs(address.sin_port);
    }
  }
  ~RefusingPort() {
    if (fd >= 0) ::close(fd);
  }
  RefusingPort(const RefusingPort&) = delete;
  RefusingPort& operator=(const RefusingPort&) = delete;
  int fd = -1;
  int port = 0;
};

TEST(RemoteSource, NothingListeningFailsWithinTheConnectTimeout) {
  const RefusingPort refusing;
  ASSERT_NE(refusing.port, 0);
  const int port = refusing.port;
  RemoteOptions options;
  options.connect_timeout_us = 300'000;
  const std::string spec = "grpc://127.0.0.1:" + std::to_string(port);
  std::string error;
  const int64_t start = now_ms();
  auto source = RemoteSource::connect(spec, options, &error);
  const int64_t elapsed = now_ms() - start;
  EXPECT_EQ(source, nullptr);
  EXPECT_LT(elapsed, 300 + 1'500);
  EXPECT_NE(error.find("127.0.0.1:" + std::to_string(port)), std::string::npos) << error;
  EXPECT_TRUE(error.find("DEADLINE_EXCEEDED") != std::string::npos ||
              error.find("UNAVAILABLE") != std::string::npos)
      << error;
  // The cause, not only the timeout: the user learns nothing listens there.
  EXPECT_NE(error.find("Connection refused"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << "one line: " << error;

  // Through the bot spec resolver too, as `arena play --bots grpc://...` does.
  SpecOptions spec_options;
  spec_options.remote = options;
  error.clear();
  EXPECT_EQ(resolve_bot_spec(spec, kSearchPath, &error, spec_options), nullptr);
  EXPECT_NE(error.find(spec), std::string::npos) << error;
}

TEST(RemoteSource, MissingUnixSocketSaysSo) {
  RemoteOptions options;
  options.connect_timeout_us = 200'000;
  const std::string spec = "unix:" + testing::TempDir() + "no-such-bot.sock";
  std::string error;
  EXPECT_EQ(RemoteSource::connect(spec, options, &error), nullptr);
  EXPECT_NE(error.find(spec), std::string::npos) << error;
  EXPECT_NE(error.find("No such file or directory"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

TEST(GrpcErrorCause, PicksTheInnermostKnownCauseOrCutsTheText) {
  EXPECT_EQ(grpc_error_cause("failed to connect to all addresses; last error: UNKNOWN: "
                             "ipv4:127.0.0.1:1: Failed to connect to remote host: Connection "
                             "refused"),
            "Connection refused");
  EXPECT_EQ(grpc_error_cause("DNS resolution failed for x.invalid:5: C-ares status is not "
                             "ARES_SUCCESS qtype=AAAA name=x.invalid: Domain name not found"),
            "Domain name not found");
  EXPECT_EQ(grpc_error_cause("something new"), "something new");
  EXPECT_EQ(grpc_error_cause(""), "");
  const std::string cut = grpc_error_cause(std::string(500, 'x'));
  EXPECT_EQ(cut, std::string(160, 'x') + "...");
}

TEST(RemoteSource, MalformedSpecsAreErrors) {
  for (const std::string spec : {"grpc://", "unix:", "random", ""}) {
    std::string error;
    EXPECT_EQ(RemoteSource::connect(spec, {}, &error), nullptr) << spec;
    EXPECT_NE(error.find("not a remote address"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
  // An address gRPC could only time out on is refused at once, saying what is missing.
  const std::array<std::pair<const char*, const char*>, 6> bad_addresses = {{
      {"grpc://127.0.0.1", "no port (use grpc://HOST:PORT)"},
      {"grpc://[::1]", "no port (use grpc://HOST:PORT)"},
      {"grpc://127.0.0.1:notaport", "'notaport' is not a port number (1 to 65535)"},
      {"grpc://127.0.0.1:0", "'0' is not a port number (1 to 65535)"},
      {"grpc://127.0.0.1:65536", "'65536' is not a port number (1 to 65535)"},
      {"grpc://:5000", "no host (use grpc://HOST:PORT)"},
  }};
  for (const auto& [spec, expected] : bad_addresses) {
    std::string error;
    const int64_t start = now_ms();
    EXPECT_EQ(RemoteSource::connect(spec, {}, &error), nullptr) << spec;
    EXPECT_LT(now_ms() - start, 1'000) << spec << ": no connection attempt";
    EXPECT_EQ(error, "bot '" + std::string(spec) + "': " + expected);
  }
  EXPECT_EQ(grpc_target("grpc://h:1"), "h:1");
  EXPECT_EQ(grpc_target("unix:/tmp/x.sock"), "unix:/tmp/x.sock");
  EXPECT_EQ(grpc_target("random"), "");
  std::string error;
  EXPECT_EQ(resolve_bot_spec("grpc://", kSearchPath, &error), nullptr);
  EXPECT_FALSE(error.empty());
}

// ---------------------------------------------------------------------------------------------
// The real `arena serve`, end to end.

using RunResult = arena_test::SplitRunResult;

RunResult run_arena(const std::string& args) {
  return arena_test::run_arena_split(args);
}

// `arena serve` as a child process; its first stdout line is "listening on ADDRESS (...)".
struct ServeProcess {
  pid_t pid = -1;
  int out_fd = -1;
  std::string first_line;

  explicit ServeProcess(const std::vector<std::string>& args) {
    int fds[2];
    if (::pipe(fds) != 0) return;
    pid = ::fork();
    if (pid == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the test
      ::dup2(fds[1], STDOUT_FILENO);
      ::close(fds[0]);
      ::close(fds[1]);
      std::vector<std::string> all = {ARENA_BINARY};
      all.insert(all.end(), args.begin(), args.end());
      std::vector<char*> argv;
      for (std::string& arg : all) argv.push_back(arg.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(fds[1]);
    out_fd = fds[0];
    // Read the first line, waiting at most 10 s.
    const int64_t until = now_ms() + 10'000;
    while (first_line.find('\n') == std::string::npos && now_ms() < until) {
      pollfd p{out_fd, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      char c[256];
      const ssize_t n = ::read(out_fd, c, sizeof c);
      if (n <= 0) break;
      first_line.append(c, static_cast<size_t>(n));
    }
  }
  // Sends `sig` and returns the exit code (-1 if killed by a signal or still running after 10 s).
  int stop(int sig) {
    if (pid <= 0) return -1;
    ::kill(pid, sig);
    int status = 0;
    for (int k = 0; k < 1000; ++k) {
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        pid = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return -1;
  }
  ~ServeProcess() {
    if (pid > 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
    }
    if (out_fd >= 0) ::close(out_fd);
  }
};

void expect_no_violations_in_json(const std::string& json, int seats) {
  google::protobuf::Struct value;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &value).ok()) << json;
  const auto& list = value.fields().at("seats").list_value();
  ASSERT_EQ(list.values_size(), seats);
  for (const auto& seat : list.values()) {
    EXPECT_EQ(seat.struct_value().fields().at("violations").number_value(), 0) << json;
  }
}

TEST(ArenaServe, ServesOverTcpAndShutsDownCleanlyOnSigterm) {
  ServeProcess serve({"serve", "--bot", "ducker", "--listen", "127.0.0.1:0"});
  ASSERT_EQ(serve.first_line.rfind("listening on 127.0.0.1:", 0), 0u) << serve.first_line;
  EXPECT_NE(serve.first_line.find("ducker"), std::string::npos) << serve.first_line;
  const int port =
      std::stoi(serve.first_line.substr(std::string("listening on 127.0.0.1:").size()));
  ASSERT_GT(port, 0);
  const std::string spec = "grpc://127.0.0.1:" + std::to_string(port);
  const RunResult r = run_arena("play --bots " + spec + ",random,random,random --games 2 --json");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  expect_no_violations_in_json(r.out, 4);
  EXPECT_NE(r.out.find("\"bot\": \"ducker\""), std::string::npos) << r.out;
  EXPECT_EQ(serve.stop(SIGTERM), 0) << "a clean shutdown";
}

// `arena serve` says its plugin skips deal ends when it has no on_deal_end, never skips game ends
// (they free the game's state), and passes on only what its plugin handles: `notice` would log a
// game end if one reached it.
TEST(ArenaServe, TellsWhichNotificationsItsPluginHandlesAndPassesOnOnlyThose) {
  const std::string log =
      (fs::temp_directory_path() / ("remote_player_test-" + std::to_string(::getpid()) + ".log"))
          .string();
  std::remove(log.c_str());
  ::setenv("HEARTS_NOTICE_LOG", log.c_str(), 1);  // inherited by the served bot
  ServeProcess notice({"serve", "--bot", "trusted:notice", "--plugin-dir", HEARTS_TEST_PLUGIN_DIR,
                       "--listen", "127.0.0.1:0"});
  ServeProcess random({"serve", "--bot", "random", "--listen", "127.0.0.1:0"});
  ::unsetenv("HEARTS_NOTICE_LOG");
  const std::string prefix = "listening on 127.0.0.1:";
  ASSERT_EQ(notice.first_line.rfind(prefix, 0), 0u) << notice.first_line;
  ASSERT_EQ(random.first_line.rfind(prefix, 0), 0u) << random.first_line;
  const auto spec = [&](const ServeProcess& serve) {
    return "grpc://127.0.0.1:" + std::to_string(std::stoi(serve.first_line.substr(prefix.size())));
  };
  const uint32_t game_end = hearts::notification_bit(hearts::kNotifyGameEnd);
  EXPECT_EQ(connect_to(spec(notice), {})->identity().notifications, hearts::kEveryNotification);
  EXPECT_EQ(connect_to(spec(random), {})->identity().notifications, game_end);

  const RunResult r = run_arena("play --bots " + spec(notice) + "," + spec(random) +
                                ",random,random --games 1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  expect_no_violations_in_json(r.out, 4);
  std::ifstream in(log);
  int deal_ends = 0;
  for (std::string line; std::getline(in, line);) {
    EXPECT_EQ(line.rfind("notice deal_end ", 0), 0u) << "passed on to the plugin: " << line;
    ++deal_ends;
  }
  EXPECT_GT(deal_ends, 0) << "the deal ends it handles reach it";
  std::remove(log.c_str());
}

TEST(ArenaServe, ServesOnUnixSocketAndStopsOnSigint) {
  const std::string path =
      (fs::temp_directory_path() / ("remote_player_test-" + std::to_string(::getpid()) + ".sock"))
          .string();
  ServeProcess serve({"serve", "--bot", "random", "--listen", "unix:" + path});
  ASSERT_EQ(serve.first_line.rfind("listening on unix:" + path, 0), 0u) << serve.first_line;
  const RunResult r =
      run_arena("play --bots unix:" + path + ",random,random,random --games 1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  expect_no_violations_in_json(r.out, 4);
  EXPECT_EQ(serve.stop(SIGINT), 0) << "a clean shutdown";
  std::error_code ec;
  fs::remove(path, ec);
}

TEST(ArenaServe, BusyPortIsAnErrorNotShared) {
  ServeProcess first({"serve", "--bot", "random", "--listen", "127.0.0.1:0"});
  ASSERT_EQ(first.first_line.rfind("listening on 127.0.0.1:", 0), 0u) << first.first_line;
  const std::string address =
      first.first_line.substr(13, first.first_line.find(' ', 13) - 13);  // after "listening on "
  const RunResult second = run_arena("serve --bot ducker --listen " + address);
  EXPECT_EQ(second.exit_code, 2) << second.out << second.err;
  EXPECT_EQ(second.out, "");
  // One line with the cause; gRPC's own multi-line log stays out of it.
  EXPECT_EQ(second.err,
            "arena: serve: cannot listen on " + address + " (Address already in use)\n");
  EXPECT_EQ(first.stop(SIGTERM), 0);
}

TEST(ArenaServe, UnknownBotFailsWithOneLine) {
  const RunResult r = run_arena("serve --bot nosuchbot --listen 127.0.0.1:0");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("nosuchbot"), std::string::npos) << r.err;
}

// A served bot's time is set by the arena that plays it, so a limit on `serve --bot` is refused
// with one line that says where the limit goes, instead of being dropped without a word.
TEST(ArenaServe, ATimeLimitOnTheServedBotFailsWithOneLine) {
  const RunResult r = run_arena("serve --bot random@10ms --listen 127.0.0.1:0");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "arena: serve: --bot 'random@10ms' names a time limit, which the playing arena sets: "
            "serve --bot random, and play it as grpc://HOST:PORT@10ms\n");
}

// Times a bare GetInfo just before each decision of the player it wraps, so both see the same
// conditions (figures for docs/performance.md).
class PairedTimingPlayer final : public Player {
 public:
  PairedTimingPlayer(std::unique_ptr<Player> inner, pb::Bot::Stub* bare)
      : inner_(std::move(inner)), bare_(bare) {}
  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    pb::InfoRequest request;
    pb::BotInfoReply reply;
    grpc::ClientContext context;
    auto start = std::chrono::steady_clock::now();
    const bool ok = bare_->GetInfo(&context, request, &reply).ok();
    bare_us.push_back(elapsed_us(start));
    start = std::chrono::steady_clock::now();
    CallResult result = inner_->decide(obs, out);
    decision_us.push_back(elapsed_us(start));
    if (!ok) result.status = CallStatus::kError;
    return result;
  }
  CallResult notify(int32_t kind, const hearts::Observation& obs,
                    const hearts::DealResult& result) override {
    return inner_->notify(kind, obs, result);
  }
  const BotIdentity& identity() const override { return inner_->identity(); }
  std::vector<double> bare_us, decision_us;

 private:
  static double elapsed_us(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
        .count();
  }
  std::unique_ptr<Player> inner_;
  pb::Bot::Stub* bare_;
};

double mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

double median(std::vector<double> v) {
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

// A figure for docs/performance.md, not a check on it: run with
// --gtest_also_run_disabled_tests --gtest_filter='*DecisionVersusBareCall*'.
TEST(ArenaServe, DISABLED_DecisionVersusBareCall) {
  ServeProcess serve({"serve", "--bot", "random", "--listen", "127.0.0.1:0"});
  ASSERT_EQ(serve.first_line.rfind("listening on 127.0.0.1:", 0), 0u) << serve.first_line;
  const std::string address =
      serve.first_line.substr(13, serve.first_line.find(' ', 13) - 13);  // after "listening on "
  auto source = connect_to("grpc://" + address, {});
  auto bare_stub =
      pb::Bot::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
  const auto rules = fixed_deals(4);
  for (int run = 0; run < 3; ++run) {
    std::vector<double> bare, decision;
    for (int game = 0; game < 60; ++game) {
      RemoteTable table(source, rules);
      PairedTimingPlayer paired(std::move(table.players[0]), bare_stub.get());
      table.seats[0] = &paired;
      const GameRecord record = play_game(rules, table.seats, 1'000'000, 500 + game);
      ASSERT_EQ(record.violations_size(), 0) << record.violations(0).detail();
      bare.insert(bare.end(), paired.bare_us.begin(), paired.bare_us.end());
      decision.insert(decision.end(), paired.decision_us.begin(), paired.decision_us.end());
    }
    std::printf(
        "run %d: %zu pairs; bare GetInfo mean %.1f us median %.1f us; decision mean %.1f "
        "us median %.1f us; ratio of means %.2f, of medians %.2f\n",
        run, bare.size(), mean(bare), median(bare), mean(decision), median(decision),
        mean(decision) / mean(bare), median(decision) / median(bare));
  }
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

}  // namespace
}  // namespace arena
