#include "players/remote_player.h"

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>

#include "bot_service.grpc.pb.h"
#include "players/grpc_log.h"
#include "players/observation_proto.h"
#include "players/shared_token.h"
#include "players/tls_credentials.h"

namespace arena {
namespace {

namespace pb = hearts::proto;

constexpr int kMaxMessageBytes = 4 * 1024 * 1024;

std::shared_ptr<grpc::Channel> make_channel(const std::string& target,
                                            std::shared_ptr<grpc::ChannelCredentials> credentials) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(kMaxMessageBytes);
  args.SetMaxSendMessageSize(kMaxMessageBytes);
  args.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, 30'000);
  args.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10'000);
  args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 100);
  args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, 100);
  args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 2'000);
  // One connection per bot source: tables share it and gRPC multiplexes the calls.
  return grpc::CreateCustomChannel(target, std::move(credentials), args);
}

std::string status_name(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK:
      return "OK";
    case grpc::StatusCode::CANCELLED:
      return "CANCELLED";
    case grpc::StatusCode::UNKNOWN:
      return "UNKNOWN";
    case grpc::StatusCode::INVALID_ARGUMENT:
      return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND:
      return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS:
      return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED:
      return "PERMISSION_DENIED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION:
      return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED:
      return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE:
      return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED:
      return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL:
      return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE:
      return "UNAVAILABLE";
    case grpc::StatusCode::DATA_LOSS:
      return "DATA_LOSS";
    case grpc::StatusCode::UNAUTHENTICATED:
      return "UNAUTHENTICATED";
    default:
      return "UNKNOWN";
  }
}

CallResult from_status(const grpc::Status& status, const char* method) {
  CallResult result;
  const std::string name = status_name(status.error_code());
  result.grpc_status = name;
  // The message may come from the bot: it is logged and recorded, so made printable first.
  const std::string message = printable_bot_text(status.error_message(), kMaxBotMessageChars);
  result.detail = std::string(method) + ": " + name + (message.empty() ? "" : ": " + message);
  switch (status.error_code()) {
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      result.status = CallStatus::kTimeout;
      break;
    case grpc::StatusCode::UNAVAILABLE:
      result.status = CallStatus::kUnavailable;
      break;
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
    case grpc::StatusCode::INTERNAL:
    case grpc::StatusCode::UNIMPLEMENTED:
      result.status = CallStatus::kMalformed;
      break;
    default:
      result.status = CallStatus::kError;
      break;
  }
  return result;
}

// suit * 16 + rank with rank 0..12: 13..15, 29..31, 45..47 and 61..63 are no cards either,
// unless the rules deal jokers, which use those ids (docs/rules.md 8.3; the referee then checks
// the card against the legal ones).
bool is_card_id(int id, const hearts::CompiledRules* rules) {
  if (id < 0 || id >= 64) return false;
  const hearts::Card card = hearts::Card::from_id(id);
  if (card.is_valid()) return true;
  return card.is_joker() && rules != nullptr && !(rules->zero_cards | rules->free_jokers).empty();
}

CallResult malformed(const std::string& detail) {
  return {CallStatus::kMalformed, detail, "OK"};
}

// Why the channel is not connecting, as gRPC says it ("... Connection refused", "... Ssl
// handshake failed: ..."): a wait-for-ready call that timed out says only "Deadline Exceeded",
// one call that fails fast says why. Empty if the fast call gives no such reason.
std::string connecting_error(pb::Bot::Stub& stub, const std::string& token) {
  pb::InfoRequest request;
  request.set_protocol_version(1);
  pb::BotInfoReply reply;
  grpc::ClientContext probe;
  add_token(token, &probe);
  probe.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(500));
  const grpc::Status fast = stub.GetInfo(&probe, request, &reply);
  return fast.error_code() == grpc::StatusCode::UNAVAILABLE ? fast.error_message() : "";
}

// What a connecting error says of TLS, in words that tell what to do; empty if nothing.
std::string tls_problem(const std::string& spec, const std::string& connecting) {
  const auto has = [&](std::string_view text) {
    return connecting.find(text) != std::string::npos;
  };
  if (spec.starts_with("grpcs://")) {
    if (has("certificate verify failed") || has("CERTIFICATE_VERIFY_FAILED")) {
      return "TLS handshake failed: the bot's certificate is not signed by a CA the arena trusts "
             "(give the CA that signed it with --tls-ca; without it the system's roots are used)";
    }
    if (has("wrong version number") || has("WRONG_VERSION_NUMBER")) {
      return "TLS handshake failed: the bot does not speak TLS (dial it as grpc://HOST:PORT, or "
             "serve it with --tls-cert and --tls-key)";
    }
    if (has("Peer name")) {
      return "TLS handshake failed: the bot's certificate does not name the host dialled (its "
             "subjectAltName must list it)";
    }
    if (has("andshake failed")) return "TLS handshake failed: " + grpc_error_cause(connecting);
  } else if (spec.starts_with("grpc://") && has("Socket closed")) {
    return "the bot closed the plaintext connection (Socket closed); a bot served with TLS does "
           "that: dial it as grpcs://HOST:PORT";
  }
  return "";
}

}  // namespace

struct RemoteSource::Shared {
  std::mutex mutex;
  std::shared_ptr<grpc::Channel> channel;
  std::shared_ptr<pb::Bot::Stub> stub;
  std::shared_ptr<grpc::ChannelCredentials> credentials;  // fixed at connect()
  std::string token;                                      // fixed at connect(); may be empty

  std::shared_ptr<pb::Bot::Stub> get() {
    std::lock_guard lock(mutex);
    return stub;
  }
};

namespace {

class RemotePlayer final : public Player {
 public:
  RemotePlayer(std::shared_ptr<RemoteSource::Shared> shared, BotIdentity identity,
               pb::RulesSpec rules, std::string game_key, int64_t margin_us)
      : shared_(std::move(shared)),
        identity_(std::move(identity)),
        rules_(std::move(rules)),
        game_key_(std::move(game_key)),
        margin_us_(margin_us) {}

  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    // One request message, refilled per call: its repeated fields keep their capacity.
    pb::DecisionRequest& request = request_;
    request.set_game_id(game_id(obs.game_index));
    request.set_seat(obs.seat);
    pb::Observation* message = request.mutable_observation();
    message->Clear();
    to_proto(obs, rules_, message);
    grpc::ClientContext context;
    add_token(shared_->token, &context);
    context.set_deadline(
        std::chrono::system_clock::now() +
        std::chrono::microseconds(std::max<int64_t>(obs.time_left_us, 0) + margin_us_));
    auto stub = shared_->get();
    switch (obs.phase) {
      case hearts::Phase::kPass: {
        pb::PassReply reply;
        const grpc::Status status = stub->ChoosePass(&context, request, &reply);
        if (!status.ok()) return from_status(status, "ChoosePass");
        // A wrong count or a card id that is no card is a bad pass, as in process: the referee
        // records it, told here what was wrong (an invalid id becomes an invalid Card).
        out->count = reply.cards_size();
        std::string bad;
        for (int k = 0; k < reply.cards_size() && k < hearts::kMaxPassCards; ++k) {
          const int id = reply.cards(k);
          const bool card = is_card_id(id, obs.rules);
          out->cards[k] = card ? hearts::Card::from_id(id) : hearts::Card();
          if (!card && bad.empty()) {
            bad = "ChoosePass: " + std::to_string(id) + " is not a card id";
          }
        }
        return {CallStatus::kOk, bad, "OK"};
      }
      case hearts::Phase::kPlay: {
        pb::PlayReply reply;
        const grpc::Status status = stub->ChoosePlay(&context, request, &reply);
        if (!status.ok()) return from_status(status, "ChoosePlay");
        if (!reply.has_card()) return malformed("ChoosePlay: the reply has no card");
        if (!is_card_id(reply.card(), obs.rules)) {  // an illegal play, as in process
          out->card = hearts::Card();
          return {CallStatus::kOk,
                  "ChoosePlay: " + std::to_string(reply.card()) + " is not a card id", "OK"};
        }
        out->card = hearts::Card::from_id(reply.card());
        return {};
      }
      case hearts::Phase::kMoonChoice: {
        pb::MoonReply reply;
        const grpc::Status status = stub->ChooseMoon(&context, request, &reply);
        if (!status.ok()) return from_status(status, "ChooseMoon");
        out->new_moon = reply.new_moon() ? 1 : 0;
        return {};
      }
      case hearts::Phase::kDealerChoice: {
        pb::PassPlanReply reply;
        const grpc::Status status = stub->ChoosePassPlan(&context, request, &reply);
        if (!status.ok()) return from_status(status, "ChoosePassPlan");
        if (!reply.has_plan()) return malformed("ChoosePassPlan: the reply has no plan");
        out->plan = from_proto(reply.plan());
        return {};
      }
      case hearts::Phase::kSlamBid: {
        pb::SlamBidReply reply;
        const grpc::Status status = stub->ChooseSlamBid(&context, request, &reply);
        // A bot written before the slam bid has no ChooseSlamBid: it declines, as an SDK bot
        // that keeps Bot's default does.
        if (status.error_code() == grpc::StatusCode::UNIMPLEMENTED) {
          out->slam_bid = 0;
          return {};
        }
        if (!status.ok()) return from_status(status, "ChooseSlamBid");
        out->slam_bid = reply.bid() ? 1 : 0;
        return {};
      }
      default:
        return malformed("no decision is asked in this phase");
    }
  }

  CallResult notify(int32_t kind, const hearts::Observation& obs,
                    const hearts::DealResult& result) override {
    pb::DealEndRequest request;
    request.set_game_id(game_id(obs.game_index));
    request.set_seat(obs.seat);
    to_proto(obs, rules_, request.mutable_observation());
    to_proto(result, obs.num_players, request.mutable_result());
    grpc::ClientContext context;
    add_token(shared_->token, &context);
    context.set_deadline(
        std::chrono::system_clock::now() +
        std::chrono::microseconds(std::max<int64_t>(obs.time_left_us, 0) + margin_us_ + 1'000'000));
    pb::NotifyReply reply;
    auto stub = shared_->get();
    const grpc::Status status = kind == hearts::kNotifyGameEnd
                                    ? stub->NotifyGameEnd(&context, request, &reply)
                                    : stub->NotifyDealEnd(&context, request, &reply);
    // A bot that does not implement notifications is fine: they are optional.
    if (status.ok() || status.error_code() == grpc::StatusCode::UNIMPLEMENTED) return {};
    return from_status(status, kind == hearts::kNotifyGameEnd ? "NotifyGameEnd" : "NotifyDealEnd");
  }

  const BotIdentity& identity() const override { return identity_; }

  // Back means GetInfo answers: a channel that connects to a proxy whose bot is gone is not.
  bool await_available(int64_t timeout_us) override {
    using std::chrono::system_clock;
    const auto deadline =
        system_clock::now() + std::chrono::microseconds(std::max<int64_t>(timeout_us, 0));
    system_clock::duration pause = std::chrono::milliseconds(50);
    while (true) {
      pb::InfoRequest request;
      request.set_protocol_version(1);
      pb::BotInfoReply reply;
      grpc::ClientContext context;
      add_token(shared_->token, &context);
      context.set_wait_for_ready(true);  // wait while the channel reconnects, with its backoff
      context.set_deadline(deadline);
      if (shared_->get()->GetInfo(&context, request, &reply).ok()) return true;
      const auto now = system_clock::now();
      if (now >= deadline) return false;
      std::this_thread::sleep_for(std::min(pause, deadline - now));
      pause = std::min<system_clock::duration>(2 * pause, std::chrono::seconds(1));
    }
  }

 private:
  const std::string& game_id(uint32_t game_index) {
    if (game_id_.empty() || game_index != game_index_) {
      game_index_ = game_index;
      game_id_ = game_key_ + std::to_string(game_index);
    }
    return game_id_;
  }

  std::shared_ptr<RemoteSource::Shared> shared_;
  BotIdentity identity_;
  pb::RulesSpec rules_;
  std::string game_key_;
  int64_t margin_us_;
  pb::DecisionRequest request_;
  std::string game_id_;
  uint32_t game_index_ = 0;
};

}  // namespace

namespace {

// The code point of the UTF-8 sequence at text[at] and its length in bytes; length 0 if the
// bytes there are not a valid, shortest-form sequence of a Unicode scalar value.
std::pair<char32_t, size_t> decode_utf8(std::string_view text, size_t at) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[at + k]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return {lead, 1};
  const size_t length = lead >= 0xF0 && lead <= 0xF4   ? 4
                        : lead >= 0xE0 && lead <= 0xEF ? 3
                        : lead >= 0xC2 && lead <= 0xDF ? 2
                                                       : 0;
  if (length == 0 || at + length > text.size()) return {0, 0};
  char32_t code = lead & (0xFF >> (length + 1));
  for (size_t k = 1; k < length; ++k) {
    if ((byte(k) & 0xC0) != 0x80) return {0, 0};
    code = (code << 6) | (byte(k) & 0x3F);
  }
  static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
    return {0, 0};
  }
  return {code, length};
}

// Control characters, and the marks that reorder the text around them on a terminal.
bool unprintable(char32_t code) {
  return code < 0x20 || (code >= 0x7F && code <= 0x9F) || code == 0x061C || code == 0x200E ||
         code == 0x200F || (code >= 0x2028 && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
}

}  // namespace

std::string printable_bot_text(std::string_view text, size_t max_chars) {
  std::string out;
  size_t chars = 0;
  size_t cut_at = 0;  // out's size when max_chars - 3 characters were written
  for (size_t at = 0; at < text.size();) {
    if (chars == max_chars) {
      out.resize(cut_at);
      return out + "...";
    }
    if (chars == max_chars - std::min<size_t>(3, max_chars)) cut_at = out.size();
    const auto [code, length] = decode_utf8(text, at);
    if (length == 0 || unprintable(code)) {
      out += '?';
    } else {
      out.append(text.substr(at, length));
    }
    at += std::max<size_t>(length, 1);
    ++chars;
  }
  return out;
}

std::string grpc_target(const std::string& spec) {
  if (spec.starts_with("grpc://")) return spec.substr(7);
  if (spec.starts_with("grpcs://")) return spec.substr(8);
  if (spec.starts_with("unix:")) return spec;
  return "";
}

namespace {

// Empty if `target` (from `spec`) is a Unix socket or a host with a port from 1 to 65535; else
// the problem. Without a valid port gRPC would only time out, saying nothing.
std::string address_problem(const std::string& spec, const std::string& target) {
  if (target.empty() || target == "unix:") {
    return "bot '" + spec + "': not a remote address (use grpc://HOST:PORT, grpcs://HOST:PORT " +
           "or unix:PATH)";
  }
  if (target.starts_with("unix:")) return "";
  // HOST:PORT, HOST may be [v6].
  const size_t colon = target.rfind(':');
  const bool in_brackets =
      colon != std::string::npos && target.find(']', colon) != std::string::npos;
  const std::string port =
      colon == std::string::npos || in_brackets ? "" : target.substr(colon + 1);
  const bool digits = !port.empty() && port.size() <= 5 &&
                      port.find_first_not_of("0123456789") == std::string::npos;
  if (colon == 0) return "bot '" + spec + "': no host (use grpc://HOST:PORT)";
  if (!digits || std::stoi(port) < 1 || std::stoi(port) > 65535) {
    return "bot '" + spec + "': " +
           (port.empty() ? std::string("no port (use grpc://HOST:PORT)")
                         : "'" + port + "' is not a port number (1 to 65535)");
  }
  return "";
}

// TLS for grpcs://, plaintext otherwise; null with *error (one line naming the bot).
std::shared_ptr<grpc::ChannelCredentials> channel_credentials(const std::string& spec,
                                                              const RemoteOptions& options,
                                                              std::string* error) {
  if (!spec.starts_with("grpcs://")) return grpc::InsecureChannelCredentials();
  std::string why;
  auto credentials = client_tls_credentials(options.tls_ca_file, &why);
  if (!credentials) *error = "bot " + spec + ": " + why;
  return credentials;
}

// One line saying why the first GetInfo failed, with what to check for the usual causes: a
// missing or wrong token, a certificate not trusted, TLS on one side only.
std::string connect_failure(const std::string& spec, const grpc::Status& status,
                            pb::Bot::Stub& stub, const RemoteOptions& options) {
  if (status.error_code() == grpc::StatusCode::UNAUTHENTICATED) {
    return "bot " + spec + ": refused the arena's call (UNAUTHENTICATED: " +
           printable_bot_text(status.error_message(), kMaxBotMessageChars) + ")";
  }
  const std::string connecting = status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED
                                     ? connecting_error(stub, options.token)
                                     : "";
  if (const std::string tls = tls_problem(spec, connecting); !tls.empty()) {
    return "bot " + spec + ": " + tls;
  }
  std::string why = status_name(status.error_code());
  if (!connecting.empty()) {
    why += "; connecting failed: " + grpc_error_cause(connecting);
  } else if (!status.error_message().empty()) {
    why += ": " + status.error_message();
  }
  return "bot " + spec + ": no answer to GetInfo within " +
         std::to_string(options.connect_timeout_us / 1000) + " ms (" + why + ")";
}

}  // namespace

std::shared_ptr<RemoteSource> RemoteSource::connect(const std::string& spec,
                                                    const RemoteOptions& options,
                                                    std::string* error) {
  const std::string target = grpc_target(spec);
  if (std::string problem = address_problem(spec, target); !problem.empty()) {
    *error = std::move(problem);
    return nullptr;
  }
  auto credentials = channel_credentials(spec, options, error);
  if (!credentials) return nullptr;
  std::shared_ptr<RemoteSource> source(new RemoteSource());
  source->options_ = options;
  source->target_ = target;
  source->shared_ = std::make_shared<Shared>();
  source->shared_->credentials = credentials;
  source->shared_->token = options.token;
  source->shared_->channel = make_channel(target, std::move(credentials));
  source->shared_->stub = pb::Bot::NewStub(source->shared_->channel);
  pb::InfoRequest request;
  request.set_protocol_version(1);
  pb::BotInfoReply reply;
  grpc::ClientContext context;
  add_token(options.token, &context);
  context.set_wait_for_ready(true);  // only here: give a starting bot time to listen
  context.set_deadline(std::chrono::system_clock::now() +
                       std::chrono::microseconds(options.connect_timeout_us));
  const grpc::Status status = source->shared_->stub->GetInfo(&context, request, &reply);
  if (!status.ok()) {
    *error = connect_failure(spec, status, *source->shared_->stub, options);
    return nullptr;
  }
  if (reply.protocol_version() > 1) {
    *error = "bot " + spec + ": speaks Bot protocol version " +
             std::to_string(reply.protocol_version()) + "; this arena speaks version 1";
    return nullptr;
  }
  if (reply.name().empty()) {
    *error = "bot " + spec + ": GetInfo returned an empty name";
    return nullptr;
  }
  BotIdentity& id = source->identity_;
  id.name = printable_bot_text(reply.name(), kMaxBotNameChars);
  id.version = printable_bot_text(reply.version(), kMaxBotNameChars);
  id.author = printable_bot_text(reply.author(), kMaxBotNameChars);
  id.spec = spec;
  id.transport = "grpc";
  id.runs_as = "remote";
  id.path = target;
  // A new identity handles every notification: the bot takes out what it skips.
  if (reply.skips_deal_end()) id.notifications &= ~hearts::notification_bit(hearts::kNotifyDealEnd);
  if (reply.skips_game_end()) id.notifications &= ~hearts::notification_bit(hearts::kNotifyGameEnd);
  return source;
}

std::unique_ptr<Player> RemoteSource::create(const hearts::BotConfig& config, std::string*) {
  // Game ids must be unique within a run: the seat's seed is, and the game index is appended.
  char key[32];
  std::snprintf(key, sizeof key, "%016llx-", static_cast<unsigned long long>(config.seed));
  return std::make_unique<RemotePlayer>(shared_, identity_, rules_spec(config.rules->rules), key,
                                        options_.network_margin_us);
}

pb::RulesSpec RemoteSource::rules_spec(const hearts::Rules& rules) {
  // Players are made per seat and game, almost always under the same rules: compact them once.
  std::lock_guard lock(shared_->mutex);
  if (!last_rules_ || !(*last_rules_ == rules)) {
    last_rules_ = rules;
    last_spec_ = compact_rules_spec(rules);
  }
  return last_spec_;
}

void RemoteSource::reconnect() {
  auto channel = make_channel(target_, shared_->credentials);
  auto stub = pb::Bot::NewStub(channel);
  std::lock_guard lock(shared_->mutex);
  shared_->channel = std::move(channel);
  shared_->stub = std::move(stub);
}

bool RemoteSource::wait_connected(int64_t timeout_us) {
  std::shared_ptr<grpc::Channel> channel;
  {
    std::lock_guard lock(shared_->mutex);
    channel = shared_->channel;
  }
  return channel->WaitForConnected(std::chrono::system_clock::now() +
                                   std::chrono::microseconds(timeout_us));
}

}  // namespace arena
