// cppduck: a remote Hearts bot for Black Lady Arena, written in C++ with gRPC.
//
// The bot is a gRPC server implementing the Bot service of proto/bot_service.proto; the arena
// dials it (bot spec grpc://HOST:PORT) and makes one unary call per decision. Every request
// carries the seat's full observation, so this bot keeps no state between calls.
//
// Strategy (the same as examples/remote_bot_python):
//   play: the highest legal card that does not win the current trick (a lower card of the suit
//         led, or any card of another suit); when every legal card would win, or when leading,
//         the lowest legal card. "Highest" and "lowest" are by rank (card % 16); between equal
//         ranks the card worth more points counts as higher.
//   pass: the highest-ranked legal cards, exactly observation.pass_plan.count of them.
//   moon: old moon. Dealer's choice: pass to the left, the rules' pass count.
//   notifications: ignored.
//
// Usage: remote_bot_cpp [--listen ADDR]   (default 127.0.0.1:50052; port 0 picks a free port,
// unix:PATH listens on a Unix socket). Prints "listening on ADDR" once ready and stops cleanly on
// SIGINT or SIGTERM.
#include <grpcpp/grpcpp.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "bot_service.grpc.pb.h"

namespace {

namespace pb = hearts::proto;

constexpr char kName[] = "cppduck";
constexpr char kVersion[] = "1.0";
constexpr char kAuthor[] = "Black Lady Arena examples";

int suit(int card) {
  return card / 16;
}
int rank(int card) {
  return card % 16;
}
int points(const pb::Observation& obs, int card) {
  return card >= 0 && card < obs.card_points_size() ? obs.card_points(card) : 0;
}

// Orders cards from low to high: by rank, then points, then id.
auto high_key(const pb::Observation& obs, int card) {
  return std::make_tuple(rank(card), points(obs, card), card);
}

// The plays of the trick in progress: from trick_start on (tricks vary in length under a stock
// or booster nines); an older arena without it plays one card per seat per trick.
std::vector<pb::Play> current_trick(const pb::Observation& obs) {
  const int start = obs.has_trick_start() ? obs.trick_start()
                                          : obs.plays_size() - obs.plays_size() % obs.num_players();
  return {obs.plays().begin() + start, obs.plays().end()};
}

int choose_play(const pb::Observation& obs) {
  const std::vector<int> legal(obs.legal().begin(), obs.legal().end());
  const auto lower = [&](int a, int b) { return high_key(obs, a) < high_key(obs, b); };
  const std::vector<pb::Play> trick = current_trick(obs);
  if (!trick.empty()) {
    const int led = suit(trick.front().card());
    int winning = -1;
    for (const pb::Play& play : trick) {
      if (suit(play.card()) == led) winning = std::max(winning, rank(play.card()));
    }
    std::vector<int> losing;
    for (int card : legal) {
      if (suit(card) != led || rank(card) < winning) losing.push_back(card);
    }
    if (!losing.empty()) return *std::max_element(losing.begin(), losing.end(), lower);
  }
  return *std::min_element(legal.begin(), legal.end(), [](int a, int b) {
    return std::make_pair(rank(a), a) < std::make_pair(rank(b), b);
  });
}

std::vector<int> choose_pass(const pb::Observation& obs) {
  std::vector<int> ranked(obs.legal().begin(), obs.legal().end());
  std::sort(ranked.begin(), ranked.end(),
            [&](int a, int b) { return high_key(obs, a) > high_key(obs, b); });
  ranked.resize(std::min<size_t>(ranked.size(), static_cast<size_t>(obs.pass_plan().count())));
  return ranked;
}

// The rules' pass count, resolved by the arena (the option's 0 means automatic).
int pass_count(const pb::Observation& obs) {
  return obs.pass_count();
}

class CppDuck final : public pb::Bot::Service {
 public:
  grpc::Status GetInfo(grpc::ServerContext*, const pb::InfoRequest*,
                       pb::BotInfoReply* reply) override {
    reply->set_name(kName);
    reply->set_protocol_version(1);
    reply->set_version(kVersion);
    reply->set_author(kAuthor);
    // It keeps no state, so the arena need not tell it when a deal or game ends.
    reply->set_skips_deal_end(true);
    reply->set_skips_game_end(true);
    return grpc::Status::OK;
  }

  grpc::Status ChoosePass(grpc::ServerContext*, const pb::DecisionRequest* request,
                          pb::PassReply* reply) override {
    const pb::Observation& obs = request->observation();
    if (obs.pass_plan().count() > obs.legal_size()) {
      return {grpc::StatusCode::INVALID_ARGUMENT,
              "asked to pass " + std::to_string(obs.pass_plan().count()) + " of " +
                  std::to_string(obs.legal_size()) + " passable cards"};
    }
    for (int card : choose_pass(obs)) reply->add_cards(card);
    return grpc::Status::OK;
  }

  grpc::Status ChoosePlay(grpc::ServerContext*, const pb::DecisionRequest* request,
                          pb::PlayReply* reply) override {
    const pb::Observation& obs = request->observation();
    if (obs.num_players() <= 0 || obs.legal_size() == 0) {
      return {grpc::StatusCode::INVALID_ARGUMENT, "no legal card or no players"};
    }
    reply->set_card(choose_play(obs));
    return grpc::Status::OK;
  }

  grpc::Status ChooseMoon(grpc::ServerContext*, const pb::DecisionRequest*,
                          pb::MoonReply* reply) override {
    reply->set_new_moon(false);
    return grpc::Status::OK;
  }

  grpc::Status ChoosePassPlan(grpc::ServerContext*, const pb::DecisionRequest* request,
                              pb::PassPlanReply* reply) override {
    pb::PassPlan* plan = reply->mutable_plan();
    plan->set_kind(pb::PASS_OFFSET);
    plan->set_offset(1);
    plan->set_count(pass_count(request->observation()));
    return grpc::Status::OK;
  }

  grpc::Status NotifyDealEnd(grpc::ServerContext*, const pb::DealEndRequest*,
                             pb::NotifyReply*) override {
    return grpc::Status::OK;
  }
  grpc::Status NotifyGameEnd(grpc::ServerContext*, const pb::DealEndRequest*,
                             pb::NotifyReply*) override {
    return grpc::Status::OK;
  }
};

int usage(const char* argv0, int status) {
  (status == 0 ? std::cout : std::cerr)
      << "usage: " << argv0 << " [--listen ADDR]\n"
      << "  --listen ADDR  HOST:PORT (port 0: any free port) or unix:PATH; default "
         "127.0.0.1:50052\n";
  return status;
}

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string listen = "127.0.0.1:50052";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--listen" && i + 1 < argc) {
      listen = argv[++i];
    } else if (arg.rfind("--listen=", 0) == 0) {
      listen = arg.substr(9);
    } else if (arg == "--help" || arg == "-h") {
      return usage(argv[0], 0);
    } else {
      std::cerr << argv[0] << ": unknown argument '" << arg << "'\n";
      return usage(argv[0], 2);
    }
  }

  // Block SIGINT and SIGTERM before any thread starts, so every gRPC thread inherits the mask
  // and the signals wait for sigwait() below: no code runs in a signal handler.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  CppDuck service;
  int selected_port = 0;
  grpc::ServerBuilder builder;
  // No SO_REUSEPORT: a second bot on a busy port must fail, not share the port.
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  builder.AddListeningPort(listen, grpc::InsecureServerCredentials(), &selected_port);
  builder.RegisterService(&service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || selected_port == 0) {
    std::cerr << argv[0] << ": cannot listen on " << listen << "\n";
    return 1;
  }
  std::string address = listen;
  if (address.rfind("unix:", 0) != 0 && ends_with(address, ":0")) {
    address = address.substr(0, address.size() - 1) + std::to_string(selected_port);
  }
  std::cout << "listening on " << address << std::endl;  // endl flushes: scripts wait for it

  int signal_number = 0;
  sigwait(&stop_signals, &signal_number);
  // Refuse new calls; cancel calls still running after a second.
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(1));
  server->Wait();
  std::cout << "stopped (" << (signal_number == SIGINT ? "SIGINT" : "SIGTERM") << ")" << std::endl;
  return 0;
}
