// `arena serve` against hostile clients, through the real binary on 127.0.0.1: inconsistent
// requests are refused before a bot sees them, game ids are bounded, connections are bounded in
// number and idle time, open games in number and idle time, the server recovers once it ran out
// of file descriptors, and remote bots' names are made printable before anything shows them.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "players/remote_player.h"
#include "support/peer_closed.h"
#include "support/played_requests.h"
#include "support/run_arena.h"
#include "support/serve_process.h"

namespace {

namespace fs = std::filesystem;
namespace pb = hearts::proto;
using arena_test::closed_within;
using arena_test::own_stub;
using arena_test::ServeOptions;
using arena_test::ServeProcess;
using arena_test::set_deadline;
using arena_test::steady_ms;

ServeOptions serve_bot(const std::string& bot, std::vector<std::string> flags = {}) {
  ServeOptions options;
  options.args = {"--bot",        bot,
                  "--plugin-dir", HEARTS_BUNDLED_PLUGIN_DIR,
                  "--plugin-dir", HEARTS_TEST_PLUGIN_DIR};
  options.args.insert(options.args.end(), flags.begin(), flags.end());
  options.env = {{"HEARTS_MC_SAMPLES", "2"}};
  return options;
}

// A standard-rules ChoosePlay of a real game with at least four legal cards.
pb::DecisionRequest play_request(const std::string& game_id) {
  const hearts::Rules rules = *hearts::preset_rules("standard");
  for (const auto& r : arena_test::played_requests(rules, 5, 1, false)) {
    if (r.asked == hearts::Phase::kPlay && r.observation.legal_size() >= 4 &&
        r.observation.trick_winners_size() >= 1) {
      pb::DecisionRequest request;
      request.set_game_id(game_id);
      request.set_seat(r.observation.seat());
      *request.mutable_observation() = r.observation;
      return request;
    }
  }
  ADD_FAILURE() << "no such request";
  return {};
}

grpc::Status choose_play(pb::Bot::Stub& stub, const pb::DecisionRequest& request,
                         pb::PlayReply* reply, int64_t ms = 20'000) {
  grpc::ClientContext context;
  set_deadline(&context, ms, true);
  return stub.ChoosePlay(&context, request, reply);
}

grpc::Status get_info(pb::Bot::Stub& stub, int64_t ms, pb::BotInfoReply* reply = nullptr) {
  pb::BotInfoReply ignored;
  grpc::ClientContext context;
  set_deadline(&context, ms, true);
  return stub.GetInfo(&context, pb::InfoRequest(), reply ? reply : &ignored);
}

// The position of `card` among the request's legal cards (0 = lowest), or -1.
int legal_rank(const pb::DecisionRequest& request, int card) {
  const auto& legal = request.observation().legal();
  const auto it = std::find(legal.begin(), legal.end(), card);
  return it == legal.end() ? -1 : static_cast<int>(it - legal.begin());
}

// ---------------------------------------------------------------------------------------------
// Requests.

TEST(ServeLimits, AWinnerWithoutPlaysIsRefusedAndTheBotsStayUp) {
  for (const char* bot : {"ducker", "heuristic", "montecarlo", "random", "lowest"}) {
    ServeProcess serve(serve_bot(bot));
    ASSERT_GT(serve.port(), 0) << serve.first_line();
    auto stub = own_stub(serve.target());
    pb::DecisionRequest bad = play_request("g1");
    bad.mutable_observation()->clear_plays();
    bad.mutable_observation()->clear_trick_winners();
    bad.mutable_observation()->add_trick_winners(2);
    pb::PlayReply reply;
    const grpc::Status refused = choose_play(*stub, bad, &reply);
    EXPECT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT)
        << bot << ": " << refused.error_message();
    EXPECT_EQ(refused.error_message().rfind("observation.trick_winners: ", 0), 0u)
        << bot << ": " << refused.error_message();
    const pb::DecisionRequest good = play_request("g2");
    const grpc::Status answered = choose_play(*stub, good, &reply);
    ASSERT_TRUE(answered.ok()) << bot << ": " << answered.error_message();
    EXPECT_GE(legal_rank(good, reply.card()), 0) << bot;
    EXPECT_TRUE(serve.alive()) << bot;
  }
}

TEST(ServeLimits, GameIdsLongerThan128BytesAndAStrangeSeatAreRefused) {
  ServeProcess serve(serve_bot("ducker"));
  ASSERT_GT(serve.port(), 0) << serve.first_line();
  auto stub = own_stub(serve.target());
  pb::PlayReply reply;
  EXPECT_TRUE(choose_play(*stub, play_request(std::string(128, 'g')), &reply).ok());
  for (const size_t size : {size_t{129}, size_t{1} << 20}) {
    const grpc::Status status = choose_play(*stub, play_request(std::string(size, 'g')), &reply);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << size;
    EXPECT_EQ(status.error_message(), "game_id: " + std::to_string(size) + " bytes; at most 128");
  }
  pb::DecisionRequest request = play_request("g");
  request.set_seat((request.seat() + 1) % 4);
  const grpc::Status status = choose_play(*stub, request, &reply);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(status.error_message().rfind("seat: ", 0), 0u) << status.error_message();
  EXPECT_TRUE(serve.alive());
}

// ---------------------------------------------------------------------------------------------
// Open games. instance_probe plays its n-th lowest legal card on its n-th play (from 0): a kept
// instance answers higher than a new one.

TEST(ServeLimits, GamesPastTheBoundAreClosedLeastRecentlyCalledFirst) {
  ServeProcess serve(serve_bot("instance_probe", {"--max-open-games", "2"}));
  ASSERT_GT(serve.port(), 0) << serve.first_line();
  auto stub = own_stub(serve.target());
  auto plays = [&](const std::string& game) {
    const pb::DecisionRequest request = play_request(game);
    pb::PlayReply reply;
    const grpc::Status status = choose_play(*stub, request, &reply);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return legal_rank(request, reply.card());
  };
  EXPECT_EQ(plays("A"), 0);
  EXPECT_EQ(plays("B"), 0);
  EXPECT_EQ(plays("A"), 1) << "kept";
  // A third game closes B, called less recently than A though A began first.
  EXPECT_EQ(plays("C"), 0);
  EXPECT_EQ(plays("A"), 2) << "A was kept";
  EXPECT_EQ(plays("B"), 0) << "B was closed, so it starts afresh";
}

TEST(ServeLimits, AGameWithoutCallsIsClosedAfterItsTimeout) {
  ServeProcess serve(serve_bot("instance_probe", {"--game-timeout-ms", "300"}));
  ASSERT_GT(serve.port(), 0) << serve.first_line();
  auto stub = own_stub(serve.target());
  const pb::DecisionRequest request = play_request("A");
  pb::PlayReply reply;
  ASSERT_TRUE(choose_play(*stub, request, &reply).ok());
  EXPECT_EQ(legal_rank(request, reply.card()), 0);
  ASSERT_TRUE(choose_play(*stub, request, &reply).ok());
  EXPECT_EQ(legal_rank(request, reply.card()), 1) << "kept while it is called";
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  ASSERT_TRUE(choose_play(*stub, request, &reply).ok());
  EXPECT_EQ(legal_rank(request, reply.card()), 0) << "closed after 300 ms without a call";
}

// ---------------------------------------------------------------------------------------------
// Connections.

// A plain TCP connection to 127.0.0.1:port (blocking), or -1.
int raw_connect(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

TEST(ServeLimits, AnIdleConnectionIsClosedAfterItsTimeout) {
  ServeProcess serve(serve_bot("random", {"--idle-timeout-ms", "400"}));
  ASSERT_GT(serve.port(), 0) << serve.first_line();
  // A connection that never sends a byte.
  const int fd = raw_connect(serve.port());
  ASSERT_GE(fd, 0);
  const int64_t start = steady_ms();
  EXPECT_TRUE(closed_within(fd, 30'000)) << "a silent connection is closed";
  EXPECT_GE(steady_ms() - start, 350) << "not before its timeout";
  ::close(fd);
  // A gRPC client's connection after its call.
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  auto channel =
      grpc::CreateCustomChannel(serve.target(), grpc::InsecureChannelCredentials(), args);
  auto stub = pb::Bot::NewStub(channel);
  ASSERT_TRUE(get_info(*stub, 20'000).ok());
  ASSERT_EQ(channel->GetState(false), GRPC_CHANNEL_READY);
  EXPECT_TRUE(channel->WaitForStateChange(
      GRPC_CHANNEL_READY, std::chrono::system_clock::now() + std::chrono::seconds(30)))
      << "the server closed the idle connection";
  EXPECT_TRUE(get_info(*stub, 20'000).ok()) << "and the client simply connects again";
}

TEST(ServeLimits, ConnectionsPastTheBoundAreRefusedAtOnce) {
  ServeProcess serve(serve_bot("random", {"--max-connections", "3"}));
  ASSERT_GT(serve.port(), 0) << serve.first_line();
  std::vector<int> held;
  for (int k = 0; k < 3; ++k) held.push_back(raw_connect(serve.port()));
  for (int fd : held) {
    ASSERT_GE(fd, 0);
    EXPECT_FALSE(closed_within(fd, 200)) << "within the bound: kept";
  }
  const int fourth = raw_connect(serve.port());
  ASSERT_GE(fourth, 0);
  EXPECT_TRUE(closed_within(fourth, 20'000)) << "past the bound: closed at once";
  ::close(fourth);
  {
    // (Its channel goes away with it: retrying in the background, it could take the room made
    // below before the next client does.)
    auto stub = own_stub(serve.target());
    grpc::ClientContext context;
    set_deadline(&context, 500);
    pb::BotInfoReply reply;
    EXPECT_FALSE(stub->GetInfo(&context, pb::InfoRequest(), &reply).ok()) << "no room";
  }
  ::close(held.back());
  held.pop_back();
  EXPECT_TRUE(get_info(*own_stub(serve.target()), 30'000).ok()) << "room again";
  for (int fd : held) ::close(fd);
}

// Opens `count` connections at once, waits until the server has closed at least one of them
// (it refuses those it has no room for), then closes them all.
int flood(int port, int count) {
  std::vector<int> fds;
  for (int k = 0; k < count; ++k) {
    const int fd = raw_connect(port);
    if (fd >= 0) fds.push_back(fd);
  }
  int refused = 0;
  const int64_t until = steady_ms() + 10'000;
  while (refused == 0 && steady_ms() < until) {
    for (int fd : fds) refused += closed_within(fd, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (int fd : fds) ::close(fd);
  return refused;
}

TEST(ServeLimits, RecoversOnceTheConnectionsThatUsedUpItsDescriptorsClose) {
  ServeOptions options = serve_bot("ducker");
  options.open_files_limit = 128;
  ServeProcess serve(options);
  ASSERT_GT(serve.port(), 0) << serve.first_line();
  EXPECT_GT(flood(serve.port(), 300), 0) << "connections beyond what 128 descriptors allow";
  auto stub = own_stub(serve.target());
  EXPECT_TRUE(get_info(*stub, 30'000).ok()) << "answers again";
  pb::PlayReply reply;
  const pb::DecisionRequest request = play_request("after");
  ASSERT_TRUE(choose_play(*stub, request, &reply).ok());
  EXPECT_GE(legal_rank(request, reply.card()), 0);
}

// The bot itself opens every descriptor it can (instance_probe with HEARTS_PROBE_HOLD_FDS) and
// holds them until its game ends: meanwhile new connections are refused; afterwards accepted.
TEST(ServeLimits, RecoversOnceTheBotFreesTheDescriptorsItHeld) {
  ServeOptions options = serve_bot("instance_probe");
  options.open_files_limit = 256;
  options.env.emplace_back("HEARTS_PROBE_HOLD_FDS", "1");
  ServeProcess serve(options);
  ASSERT_GT(serve.port(), 0) << serve.first_line();
  auto stub = own_stub(serve.target());
  pb::PlayReply reply;
  const pb::DecisionRequest request = play_request("hog");
  ASSERT_TRUE(choose_play(*stub, request, &reply).ok()) << "the bot now holds every descriptor";
  const int fd = raw_connect(serve.port());
  ASSERT_GE(fd, 0);
  EXPECT_TRUE(closed_within(fd, 20'000)) << "no descriptor to serve it: refused";
  ::close(fd);
  pb::DealEndRequest end;
  end.set_game_id("hog");
  end.set_seat(request.seat());
  *end.mutable_observation() = request.observation();
  end.mutable_observation()->clear_legal();
  for (int s = 0; s < 4; ++s) {
    end.mutable_result()->add_points_taken(0);
    end.mutable_result()->add_deal_scores(0);
  }
  end.mutable_result()->set_moon_shooter(-1);
  end.mutable_result()->set_sun_shooter(-1);
  grpc::ClientContext context;
  set_deadline(&context, 20'000);
  pb::NotifyReply notified;
  const grpc::Status status = stub->NotifyGameEnd(&context, end, &notified);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_TRUE(get_info(*own_stub(serve.target()), 30'000).ok()) << "descriptors freed";
  EXPECT_TRUE(serve.alive());
}

// ---------------------------------------------------------------------------------------------
// Names from remote bots.

// A remote bot with a chosen GetInfo reply that plays its lowest legal card.
class NamedBot final : public pb::Bot::Service {
 public:
  NamedBot(std::string name, std::string version, std::string author)
      : name_(std::move(name)), version_(std::move(version)), author_(std::move(author)) {}
  grpc::Status GetInfo(grpc::ServerContext*, const pb::InfoRequest*,
                       pb::BotInfoReply* reply) override {
    reply->set_name(name_);
    reply->set_version(version_);
    reply->set_author(author_);
    reply->set_protocol_version(1);
    return grpc::Status::OK;
  }
  grpc::Status ChoosePass(grpc::ServerContext*, const pb::DecisionRequest* request,
                          pb::PassReply* reply) override {
    const auto& o = request->observation();
    for (int k = 0; k < o.pass_plan().count() && k < o.legal_size(); ++k) {
      reply->add_cards(o.legal(k));
    }
    return grpc::Status::OK;
  }
  grpc::Status ChoosePlay(grpc::ServerContext*, const pb::DecisionRequest* request,
                          pb::PlayReply* reply) override {
    reply->set_card(request->observation().legal(0));
    return grpc::Status::OK;
  }

 private:
  std::string name_, version_, author_;
};

struct NamedServer {
  NamedBot bot;
  std::unique_ptr<grpc::Server> server;
  int port = 0;
  NamedServer(std::string name, std::string version, std::string author)
      : bot(std::move(name), std::move(version), std::move(author)) {
    grpc::ServerBuilder builder;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(&bot);
    server = builder.BuildAndStart();
  }
  ~NamedServer() {
    server->Shutdown(std::chrono::system_clock::now());
    server->Wait();
  }
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ServeLimits, RemoteBotNamesAreMadePrintableBeforeTheyAreShownOrRecorded) {
  const std::string evil = "\x1b[31mevil\nname";
  const std::string shown = "?[31mevil?name";
  // (Invalid UTF-8 cannot arrive: protobuf refuses to parse a string field holding it.)
  NamedServer server(evil, "1.0\r\x1b[2J", std::string(10'000, 'a'));
  ASSERT_GT(server.port, 0);
  const std::string spec = "grpc://127.0.0.1:" + std::to_string(server.port);
  std::string error;
  auto source = arena::RemoteSource::connect(spec, {}, &error);
  ASSERT_NE(source, nullptr) << error;
  EXPECT_EQ(source->identity().name, shown);
  EXPECT_EQ(source->identity().version, "1.0??[2J");
  EXPECT_EQ(source->identity().author, std::string(61, 'a') + "...");

  const fs::path out =
      fs::temp_directory_path() / ("serve_limits_test-" + std::to_string(::getpid()) + ".records");
  const arena_test::RunResult run = arena_test::run_arena(
      "play --bots " + spec + ",random,random,random --games 1 --seed 3 --out " + out.string());
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find(shown), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find('\x1b'), std::string::npos) << "no escape reaches the terminal";
  const std::string records = read_file(out);
  EXPECT_NE(records.find(shown), std::string::npos);
  // (The file is binary: a 0x1b byte may be a length; the escape sequences must not be there.)
  EXPECT_EQ(records.find(evil), std::string::npos) << "the name's escape is not recorded";
  EXPECT_EQ(records.find("\x1b[2J"), std::string::npos) << "nor the version's";
  EXPECT_EQ(records.find(std::string(62, 'a')), std::string::npos) << "the 10 kB author is cut";
  fs::remove(out);
}

TEST(ServeLimits, TenKilobyteRemoteNamesAreCutTo64Characters) {
  NamedServer server(std::string(10'000, 'n'), "1", "me");
  ASSERT_GT(server.port, 0);
  const std::string spec = "grpc://127.0.0.1:" + std::to_string(server.port);
  const arena_test::RunResult run =
      arena_test::run_arena("play --bots " + spec + ",random,random,random --games 1 --json");
  ASSERT_EQ(run.exit_code, 0) << run.out.substr(0, 2000);
  EXPECT_NE(run.out.find(std::string(61, 'n') + "..."), std::string::npos)
      << run.out.substr(0, 2000);
  EXPECT_EQ(run.out.find(std::string(62, 'n')), std::string::npos) << "never the whole name";
}

}  // namespace
