#include "players/isolated_child.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <list>
#include <mutex>
#include <system_error>
#include <thread>

#include "players/frame_channel.h"
#include "players/isolated_wire.h"

namespace arena {
namespace {

// Rules received from the arena, kept for the life of the process: bot instances point at them.
class RulesStore {
 public:
  const hearts::CompiledRules* intern(std::span<const char> bytes) {
    hearts::CompiledRules received;
    std::memcpy(static_cast<void*>(&received), bytes.data(), sizeof received);
    std::lock_guard lock(mutex_);
    for (const hearts::CompiledRules& known : rules_) {
      if (known.rules == received.rules) return &known;
    }
    return &rules_.emplace_back(received);
  }

 private:
  std::mutex mutex_;
  std::list<hearts::CompiledRules> rules_;  // a list: addresses never move
};

// Answers one kDecide or kNotify frame into *head and *text.
void answer(const Frame& frame, Player* player, const std::string& create_error,
            const hearts::CompiledRules* rules, OwnedObservation* copy, ReplyHead* head,
            std::string* text) {
  std::span<const char> payload = frame.payload;
  const bool decide = frame.header.type == static_cast<uint32_t>(FrameType::kDecide);
  int32_t kind = 0;
  hearts::DealResult result{};
  if (!decide && (!take_value(payload, &kind) || !take_value(payload, &result))) {
    *text = "notification: the frame is too short";
  } else if (take_observation(payload, rules, copy, text) && !payload.empty()) {
    *text = "observation: " + std::to_string(payload.size()) + " bytes too many";
  }
  if (!text->empty()) {
    head->status = ReplyStatus::kBadRequest;
    return;
  }
  if (player == nullptr) {
    head->status = ReplyStatus::kBotFailed;
    *text = "the bot could not be created: " + create_error;
    return;
  }
  const CallResult call =
      decide ? player->decide(copy->obs, &head->decision) : player->notify(kind, copy->obs, result);
  if (call.status != CallStatus::kOk) {
    head->status = ReplyStatus::kBotFailed;
    *text = call.detail;
  }
}

// One arena player's channel: its bot instance lives as long as the channel.
void serve_channel(PlayerSource& source, RulesStore& store, int fd) {
  FrameReader reader(fd);
  FrameBuffer out;
  const hearts::CompiledRules* rules = nullptr;
  std::unique_ptr<Player> player;
  std::string create_error = "no bot was created on this channel";
  auto copy = std::make_unique<OwnedObservation>();
  Frame frame;
  std::string detail;
  while (reader.read(FrameReader::Deadline::max(), &frame, &detail) == ReadStatus::kOk) {
    const auto type = static_cast<FrameType>(frame.header.type);
    if (type == FrameType::kRules) {
      if (frame.payload.size() != sizeof(hearts::CompiledRules)) break;  // not our arena
      rules = store.intern(frame.payload);
      continue;
    }
    if (type == FrameType::kCreate) {
      std::span<const char> payload = frame.payload;
      hearts::BotConfig config;
      if (!take_value(payload, &config) || rules == nullptr) break;
      config.rules = rules;
      player = source.create(config, &create_error);
      continue;
    }
    if (type != FrameType::kDecide && type != FrameType::kNotify) break;
    ReplyHead head;
    std::string text;
    answer(frame, player.get(), create_error, rules, copy.get(), &head, &text);
    head.detail_size = static_cast<uint32_t>(text.size());
    out.clear();
    out.begin(FrameType::kReply, frame.header.seq);
    out.append_value(head);
    out.append(text.data(), text.size());
    out.end();
    if (!send_all(fd, out.bytes(), &detail)) break;
  }
  if (!detail.empty()) spdlog::warn("isolated child: channel closed: {}", detail);
  player.reset();
  ::close(fd);
}

}  // namespace

int serve_isolated_child(std::shared_ptr<PlayerSource> source, int control_fd) {
  FrameBuffer hello;
  hello.begin(FrameType::kHello, 0);
  append_hello(source->identity(), &hello);
  hello.end();
  std::string error;
  if (!send_all(control_fd, hello.bytes(), &error)) {
    std::fprintf(stderr, "arena: serve: channel fd %d: %s\n", control_fd, error.c_str());
    return 2;
  }
  std::printf("serving bot %s %s on channel fd %d\n", source->identity().name.c_str(),
              source->identity().version.c_str(), control_fd);
  std::fflush(stdout);
  auto store = std::make_shared<RulesStore>();
  while (true) {
    const int fd = receive_fd(control_fd);
    if (fd < 0) break;
    try {
      std::thread([source, store, fd] { serve_channel(*source, *store, fd); }).detach();
    } catch (const std::system_error& e) {
      spdlog::error("isolated child: cannot start a thread for a player: {}", e.what());
      ::close(fd);
    }
  }
  // The arena is gone. Threads may still be inside the plugin: exit without static destructors.
  std::fflush(nullptr);
  ::_exit(0);
}

}  // namespace arena
