#include "players/bot_server.h"

#include <grpcpp/grpcpp.h>
#include <grpcpp/server_posix.h>
#include <signal.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <list>
#include <map>
#include <mutex>
#include <thread>

#include "bot_service.grpc.pb.h"
#include "players/connection_listener.h"
#include "players/observation_check.h"
#include "players/observation_proto.h"
#include "players/shared_token.h"
#include "players/tls_credentials.h"

namespace arena {
namespace {

namespace pb = hearts::proto;
using Clock = std::chrono::steady_clock;

grpc::Status invalid(const std::string& message) {
  return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, message);
}

class BotService final : public pb::Bot::Service {
 public:
  BotService(std::shared_ptr<PlayerSource> source, const ServeOptions& options)
      : source_(std::move(source)),
        token_(options.token),
        max_open_games_(std::max(1, options.max_open_games)),
        game_timeout_(std::chrono::milliseconds(options.game_timeout_ms)) {}

  grpc::Status GetInfo(grpc::ServerContext* context, const pb::InfoRequest*,
                       pb::BotInfoReply* reply) override {
    if (grpc::Status refused = check_token(token_, *context); !refused.ok()) return refused;
    const BotIdentity& id = source_->identity();
    reply->set_name(id.name);
    reply->set_protocol_version(1);
    reply->set_version(id.version);
    reply->set_author(id.author);
    // The game end is always wanted: it frees the game's state here (NotifyGameEnd).
    reply->set_skips_deal_end(!handles_notification(id, hearts::kNotifyDealEnd));
    return grpc::Status::OK;
  }

  grpc::Status ChoosePass(grpc::ServerContext* context, const pb::DecisionRequest* request,
                          pb::PassReply* reply) override {
    if (grpc::Status refused = check_token(token_, *context); !refused.ok()) return refused;
    hearts::Decision decision{};
    grpc::Status status = decide(*request, hearts::Phase::kPass, &decision);
    if (!status.ok()) return status;
    for (int k = 0; k < decision.count && k < hearts::kMaxPassCards; ++k) {
      reply->add_cards(decision.cards[k].id());
    }
    // A bot that answers with too many cards keeps its mistake visible to the referee.
    for (int k = hearts::kMaxPassCards; k < decision.count; ++k) reply->add_cards(-1);
    return grpc::Status::OK;
  }

  grpc::Status ChoosePlay(grpc::ServerContext* context, const pb::DecisionRequest* request,
                          pb::PlayReply* reply) override {
    if (grpc::Status refused = check_token(token_, *context); !refused.ok()) return refused;
    hearts::Decision decision{};
    grpc::Status status = decide(*request, hearts::Phase::kPlay, &decision);
    if (status.ok()) reply->set_card(decision.card.id());
    return status;
  }

  grpc::Status ChooseMoon(grpc::ServerContext* context, const pb::DecisionRequest* request,
                          pb::MoonReply* reply) override {
    if (grpc::Status refused = check_token(token_, *context); !refused.ok()) return refused;
    hearts::Decision decision{};
    grpc::Status status = decide(*request, hearts::Phase::kMoonChoice, &decision);
    if (status.ok()) reply->set_new_moon(decision.new_moon == 1);
    return status;
  }

  grpc::Status ChooseSlamBid(grpc::ServerContext* context, const pb::DecisionRequest* request,
                             pb::SlamBidReply* reply) override {
    if (grpc::Status refused = check_token(token_, *context); !refused.ok()) return refused;
    hearts::Decision decision{};
    grpc::Status status = decide(*request, hearts::Phase::kSlamBid, &decision);
    if (!status.ok()) return status;
    // The wire carries a bool: anything but a bid or a decline is the served bot's error.
    if (decision.slam_bid != 0 && decision.slam_bid != 1) {
      return grpc::Status(
          grpc::StatusCode::INTERNAL,
          "the bot answered slam bid " + std::to_string(decision.slam_bid) + ", not 0 or 1");
    }
    reply->set_bid(decision.slam_bid == 1);
    return status;
  }

  grpc::Status ChoosePassPlan(grpc::ServerContext* context, const pb::DecisionRequest* request,
                              pb::PassPlanReply* reply) override {
    if (grpc::Status refused = check_token(token_, *context); !refused.ok()) return refused;
    hearts::Decision decision{};
    grpc::Status status = decide(*request, hearts::Phase::kDealerChoice, &decision);
    if (status.ok()) *reply->mutable_plan() = to_proto(decision.plan);
    return status;
  }

  grpc::Status NotifyDealEnd(grpc::ServerContext* context, const pb::DealEndRequest* request,
                             pb::NotifyReply*) override {
    if (grpc::Status refused = check_token(token_, *context); !refused.ok()) return refused;
    return notify(*request, hearts::kNotifyDealEnd);
  }

  grpc::Status NotifyGameEnd(grpc::ServerContext* context, const pb::DealEndRequest* request,
                             pb::NotifyReply*) override {
    if (grpc::Status refused = check_token(token_, *context); !refused.ok()) return refused;
    grpc::Status status = notify(*request, hearts::kNotifyGameEnd);
    if (status.error_code() == grpc::StatusCode::INVALID_ARGUMENT) return status;
    std::lock_guard lock(mutex_);
    if (auto it = games_.find({request->game_id(), request->seat()}); it != games_.end()) {
      order_.erase(it->second.position);
      games_.erase(it);
    }
    return status;
  }

 private:
  using Key = std::pair<std::string, int>;

  // One bot instance: its calls run one at a time, and it keeps the rules it was made with
  // alive (a bot may keep the pointer its BotConfig gave it).
  struct Instance {
    std::mutex mutex;
    std::unique_ptr<Player> player;
    std::shared_ptr<const hearts::CompiledRules> rules;
  };
  struct OpenGame {
    std::shared_ptr<Instance> instance;
    std::list<Key>::iterator position;  // in order_
    Clock::time_point last_call;
  };

  // The bot of this (game, seat), created on first use, and now the most recently used.
  grpc::Status instance_for(const Key& key, std::shared_ptr<const hearts::CompiledRules> rules,
                            uint64_t seed, std::shared_ptr<Instance>* out) {
    const Clock::time_point now = Clock::now();
    std::lock_guard lock(mutex_);
    close_idle_games(now);
    if (auto it = games_.find(key); it != games_.end()) {
      OpenGame& game = it->second;
      if (!(game.instance->rules->rules == rules->rules)) {
        return invalid("observation.rules: not the rules this game began with");
      }
      order_.splice(order_.end(), order_, game.position);
      game.last_call = now;
      *out = game.instance;
      return grpc::Status::OK;
    }
    auto instance = std::make_shared<Instance>();
    instance->rules = std::move(rules);
    hearts::BotConfig config;
    config.seat = key.second;
    config.num_players = instance->rules->rules.num_players;
    config.seed = seed;
    config.rules = instance->rules.get();
    std::string error;
    instance->player = source_->create(config, &error);
    if (!instance->player) return grpc::Status(grpc::StatusCode::INTERNAL, error);
    order_.push_back(key);
    games_.emplace(key, OpenGame{instance, std::prev(order_.end()), now});
    while (static_cast<int>(games_.size()) > max_open_games_) close_game(order_.front());
    *out = std::move(instance);
    return grpc::Status::OK;
  }

  // Closes the games whose last call is older than the game timeout (order_ is by last call).
  void close_idle_games(Clock::time_point now) {
    if (game_timeout_.count() <= 0) return;
    while (!order_.empty() && now - games_.at(order_.front()).last_call >= game_timeout_) {
      close_game(order_.front());
    }
  }

  void close_game(const Key& key) {
    auto it = games_.find(key);
    spdlog::debug("serve: closing game '{}' seat {} (idle or past --max-open-games)", key.first,
                  key.second);
    order_.erase(it->second.position);
    games_.erase(it);
  }

  // Checks the request and rebuilds its observation; then finds or makes its bot.
  grpc::Status prepare(const pb::Observation& in, const std::string& game_id, int seat,
                       hearts::Phase asked, OwnedObservation* obs,
                       std::shared_ptr<Instance>* instance) {
    if (game_id.size() > kMaxGameIdBytes) {
      return invalid("game_id: " + std::to_string(game_id.size()) + " bytes; at most " +
                     std::to_string(kMaxGameIdBytes));
    }
    if (seat != in.seat()) {
      return invalid("seat: " + std::to_string(seat) + " differs from observation.seat " +
                     std::to_string(in.seat()));
    }
    std::string error;
    std::shared_ptr<const hearts::CompiledRules> rules = rules_.get(in.rules(), &error);
    if (!rules) return invalid("observation.rules: " + error);
    if (!from_proto(in, rules.get(), asked, obs, &error)) return invalid(error);
    return instance_for({game_id, seat}, std::move(rules), in.random_seed(), instance);
  }

  grpc::Status decide(const pb::DecisionRequest& request, hearts::Phase phase,
                      hearts::Decision* decision) {
    OwnedObservation obs;
    std::shared_ptr<Instance> instance;
    grpc::Status status =
        prepare(request.observation(), request.game_id(), request.seat(), phase, &obs, &instance);
    if (!status.ok()) return status;
    // The observation points at the rules the request named; the instance keeps them alive.
    obs.obs.rules = instance->rules.get();
    std::lock_guard lock(instance->mutex);
    const CallResult result = instance->player->decide(obs.obs, decision);
    if (result.status != CallStatus::kOk) {
      return grpc::Status(grpc::StatusCode::UNKNOWN, result.detail);
    }
    return grpc::Status::OK;
  }

  grpc::Status notify(const pb::DealEndRequest& request, int32_t kind) {
    const hearts::Phase asked =
        kind == hearts::kNotifyGameEnd ? hearts::Phase::kGameOver : hearts::Phase::kDeal;
    if (std::string problem =
            check_deal_result(request.result(), request.observation().num_players());
        !problem.empty()) {
      return invalid(problem);
    }
    OwnedObservation obs;
    std::shared_ptr<Instance> instance;
    grpc::Status status =
        prepare(request.observation(), request.game_id(), request.seat(), asked, &obs, &instance);
    if (!status.ok()) return status;
    obs.obs.rules = instance->rules.get();
    std::lock_guard lock(instance->mutex);
    // The served bot gets only what it handles (BotIdentity::notifications).
    if (!handles_notification(instance->player->identity(), kind)) return grpc::Status::OK;
    const CallResult result = instance->player->notify(kind, obs.obs, from_proto(request.result()));
    if (result.status != CallStatus::kOk) {
      return grpc::Status(grpc::StatusCode::UNKNOWN, result.detail);
    }
    return grpc::Status::OK;
  }

  std::shared_ptr<PlayerSource> source_;
  const std::string token_;  // empty: no token asked
  const int max_open_games_;
  const std::chrono::milliseconds game_timeout_;
  RulesCache rules_;
  std::mutex mutex_;
  std::map<Key, OpenGame> games_;
  std::list<Key> order_;  // open games, least recently called first
};

// The connection bound: as asked, but within what the open-files limit allows.
int connection_bound(int asked) {
  const int ceiling = connection_ceiling();
  const int bound = std::clamp(asked, 1, ceiling);
  if (bound != asked) {
    spdlog::info(
        "serve: --max-connections {} lowered to {} (the open-files limit less {} kept "
        "for the bot and gRPC)",
        asked, bound, kReservedDescriptors);
  }
  return bound;
}

// The server, and with TLS the acceptor that takes the listener's connections into it.
struct Server {
  std::unique_ptr<grpc::Server> grpc;
  std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor> tls_acceptor;

  // Gives gRPC one accepted connection; it owns the descriptor from then on.
  void hand_over(int fd) {
    if (!tls_acceptor) {
      grpc::AddInsecureChannelFromFd(grpc.get(), fd);
      return;
    }
    grpc::experimental::ExternalConnectionAcceptor::NewConnectionParameters connection;
    connection.fd = fd;
    tls_acceptor->HandleNewConnection(&connection);
  }
};

Server build_server(BotService* service, const ServeOptions& options,
                    std::shared_ptr<grpc::ServerCredentials> tls) {
  grpc::ServerBuilder builder;
  builder.SetMaxReceiveMessageSize(4 * 1024 * 1024);
  builder.SetMaxSendMessageSize(4 * 1024 * 1024);
  if (options.idle_timeout_ms > 0) {
    builder.AddChannelArgument(
        GRPC_ARG_MAX_CONNECTION_IDLE_MS,
        static_cast<int>(std::min<int64_t>(options.idle_timeout_ms, INT_MAX)));
  }
  builder.RegisterService(service);
  // No listening port: the ConnectionListener accepts and hands each connection over.
  Server server;
  if (tls) {
    server.tls_acceptor = builder.experimental().AddExternalConnectionAcceptor(
        grpc::ServerBuilder::experimental_type::ExternalConnectionType::FROM_FD, std::move(tls));
  }
  server.grpc = builder.BuildAndStart();
  return server;
}

// The TLS credentials the options ask for: none without --tls-cert, null on an error (printed).
bool tls_credentials(const ServeOptions& options, std::shared_ptr<grpc::ServerCredentials>* tls) {
  if (options.tls_cert_file.empty() && options.tls_key_file.empty()) return true;
  std::string error = "--tls-cert and --tls-key go together: give both";
  if (!options.tls_cert_file.empty() && !options.tls_key_file.empty()) {
    *tls = server_tls_credentials(options.tls_cert_file, options.tls_key_file, &error);
  }
  if (!*tls) std::fprintf(stderr, "arena: serve: %s\n", error.c_str());
  return *tls != nullptr;
}

}  // namespace

std::string listen_address(const std::string& listen) {
  if (!listen.empty() && listen.find_first_not_of("0123456789") == std::string::npos) {
    return "127.0.0.1:" + listen;
  }
  return listen;
}

int serve_bot(std::shared_ptr<PlayerSource> source, const ServeOptions& options) {
  // Block the signals in every thread (gRPC's included) and wait for them in one place.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  std::shared_ptr<grpc::ServerCredentials> tls;
  if (!tls_credentials(options, &tls)) return 2;
  const std::string address = listen_address(options.listen);
  std::string error;
  std::unique_ptr<ConnectionListener> listener = ConnectionListener::open(address, &error);
  if (!listener) {
    std::fprintf(stderr, "arena: serve: cannot listen on %s (%s)\n", address.c_str(),
                 error.c_str());
    return 2;
  }
  const int max_connections = connection_bound(options.max_connections);
  BotService service(source, options);
  Server server = build_server(&service, options, tls);
  if (!server.grpc) {
    std::fprintf(stderr, "arena: serve: cannot start the gRPC server\n");
    return 2;
  }
  std::thread acceptor(
      [&] { listener->run(max_connections, [&server](int fd) { server.hand_over(fd); }); });
  std::string shown = address;
  if (!address.starts_with("unix:"))
    shown = address.substr(0, address.rfind(':') + 1) + std::to_string(listener->port());
  const std::string security = std::string(tls ? "; TLS" : "") +
                               (options.token.empty() ? "" : "; calls need the shared token");
  std::printf("listening on %s (bot %s %s%s)\n", shown.c_str(), source->identity().name.c_str(),
              source->identity().version.c_str(), security.c_str());
  std::fflush(stdout);

  int received = 0;
  sigwait(&signals, &received);
  spdlog::info("serve: signal {}, shutting down", received);
  listener->stop();
  acceptor.join();
  server.grpc->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
  server.grpc->Wait();
  return 0;
}

}  // namespace arena
