#include "players/bot_server.h"

#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "bot_service.grpc.pb.h"
#include "players/grpc_log.h"
#include "players/observation_proto.h"

namespace arena {
namespace {

namespace pb = hearts::proto;

class BotService final : public pb::Bot::Service {
 public:
  BotService(std::shared_ptr<PlayerSource> source, int max_open_games)
      : source_(std::move(source)), max_open_games_(max_open_games) {}

  grpc::Status GetInfo(grpc::ServerContext*, const pb::InfoRequest*,
                       pb::BotInfoReply* reply) override {
    const BotIdentity& id = source_->identity();
    reply->set_name(id.name);
    reply->set_protocol_version(1);
    reply->set_version(id.version);
    reply->set_author(id.author);
    return grpc::Status::OK;
  }

  grpc::Status ChoosePass(grpc::ServerContext*, const pb::DecisionRequest* request,
                          pb::PassReply* reply) override {
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

  grpc::Status ChoosePlay(grpc::ServerContext*, const pb::DecisionRequest* request,
                          pb::PlayReply* reply) override {
    hearts::Decision decision{};
    grpc::Status status = decide(*request, hearts::Phase::kPlay, &decision);
    if (status.ok()) reply->set_card(decision.card.id());
    return status;
  }

  grpc::Status ChooseMoon(grpc::ServerContext*, const pb::DecisionRequest* request,
                          pb::MoonReply* reply) override {
    hearts::Decision decision{};
    grpc::Status status = decide(*request, hearts::Phase::kMoonChoice, &decision);
    if (status.ok()) reply->set_new_moon(decision.new_moon == 1);
    return status;
  }

  grpc::Status ChoosePassPlan(grpc::ServerContext*, const pb::DecisionRequest* request,
                              pb::PassPlanReply* reply) override {
    hearts::Decision decision{};
    grpc::Status status = decide(*request, hearts::Phase::kDealerChoice, &decision);
    if (status.ok()) *reply->mutable_plan() = to_proto(decision.plan);
    return status;
  }

  grpc::Status NotifyDealEnd(grpc::ServerContext*, const pb::DealEndRequest* request,
                             pb::NotifyReply*) override {
    return notify(*request, hearts::kNotifyDealEnd);
  }

  grpc::Status NotifyGameEnd(grpc::ServerContext*, const pb::DealEndRequest* request,
                             pb::NotifyReply*) override {
    grpc::Status status = notify(*request, hearts::kNotifyGameEnd);
    std::lock_guard lock(mutex_);
    players_.erase({request->game_id(), request->seat()});
    return status;
  }

 private:
  using Key = std::pair<std::string, int>;

  // The bot of this (game, seat), created on first use. Null with an error status on failure.
  std::shared_ptr<Player> player_for(const Key& key, const hearts::CompiledRules* rules,
                                     uint64_t seed, grpc::Status* status) {
    std::lock_guard lock(mutex_);
    if (auto it = players_.find(key); it != players_.end()) return it->second;
    hearts::BotConfig config;
    config.seat = key.second;
    config.num_players = rules->rules.num_players;
    config.seed = seed;
    config.rules = rules;
    std::string error;
    std::shared_ptr<Player> player = source_->create(config, &error);
    if (!player) {
      *status = grpc::Status(grpc::StatusCode::INTERNAL, error);
      return nullptr;
    }
    players_[key] = player;
    order_.push_back(key);
    while (static_cast<int>(order_.size()) > max_open_games_) {
      players_.erase(order_.front());
      order_.pop_front();
    }
    return player;
  }

  grpc::Status prepare(const pb::Observation& in, const std::string& game_id, int seat,
                       OwnedObservation* obs, std::shared_ptr<Player>* player) {
    std::string error;
    auto rules = rules_.get(in.rules(), &error);
    if (!rules) return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, error);
    if (!from_proto(in, rules.get(), obs, &error)) {
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, error);
    }
    // The cache keeps every compiled rules alive for the server's life, so the raw pointers in
    // observations and bot configs stay valid.
    grpc::Status status;
    *player = player_for({game_id, seat}, rules.get(), in.random_seed(), &status);
    return status;
  }

  grpc::Status decide(const pb::DecisionRequest& request, hearts::Phase phase,
                      hearts::Decision* decision) {
    OwnedObservation obs;
    std::shared_ptr<Player> player;
    grpc::Status status =
        prepare(request.observation(), request.game_id(), request.seat(), &obs, &player);
    if (!status.ok()) return status;
    obs.obs.phase = phase;
    const CallResult result = player->decide(obs.obs, decision);
    if (result.status != CallStatus::kOk) {
      return grpc::Status(grpc::StatusCode::UNKNOWN, result.detail);
    }
    return grpc::Status::OK;
  }

  grpc::Status notify(const pb::DealEndRequest& request, int32_t kind) {
    OwnedObservation obs;
    std::shared_ptr<Player> player;
    grpc::Status status =
        prepare(request.observation(), request.game_id(), request.seat(), &obs, &player);
    if (!status.ok()) return status;
    const CallResult result = player->notify(kind, obs.obs, from_proto(request.result()));
    if (result.status != CallStatus::kOk) {
      return grpc::Status(grpc::StatusCode::UNKNOWN, result.detail);
    }
    return grpc::Status::OK;
  }

  std::shared_ptr<PlayerSource> source_;
  int max_open_games_;
  RulesCache rules_;
  std::mutex mutex_;
  std::map<Key, std::shared_ptr<Player>> players_;
  std::deque<Key> order_;
};

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

  const std::string address = listen_address(options.listen);
  BotService service(source, options.max_open_games);
  grpc::ServerBuilder builder;
  int port = 0;
  // No SO_REUSEPORT (gRPC's default on Linux): a second server on a busy port must fail rather
  // than share the port and get half of the arena's connections.
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  builder.AddListeningPort(address, grpc::InsecureServerCredentials(), &port);
  builder.SetMaxReceiveMessageSize(4 * 1024 * 1024);
  builder.SetMaxSendMessageSize(4 * 1024 * 1024);
  builder.RegisterService(&service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || (port == 0 && !address.starts_with("unix:"))) {
    const std::string cause = last_grpc_error_cause();
    std::fprintf(stderr, "arena: serve: cannot listen on %s%s\n", address.c_str(),
                 cause.empty() ? "" : (" (" + cause + ")").c_str());
    return 2;
  }
  std::string shown = address;
  if (!address.starts_with("unix:"))
    shown = address.substr(0, address.rfind(':') + 1) + std::to_string(port);
  std::printf("listening on %s (bot %s %s)\n", shown.c_str(), source->identity().name.c_str(),
              source->identity().version.c_str());
  std::fflush(stdout);

  int received = 0;
  sigwait(&signals, &received);
  spdlog::info("serve: signal {}, shutting down", received);
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
  server->Wait();
  return 0;
}

}  // namespace arena
