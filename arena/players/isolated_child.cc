#include "players/isolated_child.h"

#include <poll.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <list>
#include <mutex>
#include <vector>

#include "players/frame_channel.h"
#include "players/isolated_wire.h"

namespace arena {
namespace {

// How long the serving thread sleeps before it looks whether the arena is still there.
constexpr int64_t kIdleCheckUs = 100'000;

// Rules received from the arena, kept for the life of the process: bot instances point at them.
class RulesStore {
 public:
  const hearts::CompiledRules* intern(const hearts::CompiledRules& received) {
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

// Takes the request's rules and bot config into the channel; empty, or what is wrong.
std::string take_setup(PlayerSource& source, RulesStore& store, ChildChannel& channel,
                       const ShmRequest& request) {
  if (request.flags & kShmNewRules) {
    hearts::CompiledRules rules;  // copied out of the page once, then checked
    std::memcpy(static_cast<void*>(&rules), &channel.shared().rules, sizeof rules);
    if (rules.rules.num_players < 1 || rules.rules.num_players > hearts::kMaxPlayers) {
      return "rules for " + std::to_string(rules.rules.num_players) + " players";
    }
    channel.rules = store.intern(rules);
  }
  if (request.flags & kShmCreate) {
    // A reused page: the previous player's bot goes first, as it would have when its player left.
    channel.player.reset();
    if (channel.rules == nullptr) return "a bot to create before any rules";
    hearts::BotConfig config = request.config;
    config.rules = channel.rules;
    channel.create_error = "no bot was created on this channel";
    channel.player = source.create(config, &channel.create_error);
  }
  return "";
}

// Answers one request of the real child: the bot's decision or notification.
void answer(PlayerSource& source, RulesStore& store, OwnedObservation& copy, ChildChannel& channel,
            const ShmRequest& request) {
  hearts::Decision decision{};
  std::string text = take_setup(source, store, channel, request);
  const bool decide = request.type == static_cast<uint32_t>(FrameType::kDecide);
  if (text.empty() && !decide && request.type != static_cast<uint32_t>(FrameType::kNotify)) {
    text = "a request of type " + std::to_string(request.type);
  }
  if (text.empty()) take_observation_slot(request.observation, channel.rules, &copy, &text);
  if (!text.empty()) {
    post_reply(channel, request.seq, ReplyStatus::kBadRequest, decision, text);
    return;
  }
  if (!channel.player) {
    post_reply(channel, request.seq, ReplyStatus::kBotFailed, decision,
               "the bot could not be created: " + channel.create_error);
    return;
  }
  const CallResult call = decide ? channel.player->decide(copy.obs, &decision)
                                 : channel.player->notify(request.kind, copy.obs, request.result);
  if (call.status != CallStatus::kOk) {
    post_reply(channel, request.seq, ReplyStatus::kBotFailed, decision, call.detail);
    return;
  }
  post_reply(channel, request.seq, ReplyStatus::kOk, decision, "");
}

// The serving loop's state: the doorbell, the channels, and where to put a copied request.
class PageServer {
 public:
  PageServer(int control_fd, const RequestHandler& handle)
      : control_fd_(control_fd), handle_(handle), request_(std::make_unique<ShmRequest>()) {}

  void run() {
    const int fd = receive_fd(control_fd_);
    if (fd < 0) return;
    doorbell_page_ = SharedPage::adopt(fd);
    if (!doorbell_page_) return;
    // Whether the arena is gone is a system call (poll): asked before each sleep and once every
    // 1024 rounds of serving, not after every answer (the arena's next request would wait).
    uint64_t rounds = 0;
    while (take_new_channels()) {
      if (serve_pending()) {
        if (++rounds % 1024 == 0 && arena_gone()) return;
        continue;
      }
      if (spin_while([this] { return !work_pending(); }, kChildSpinUs)) continue;
      if (arena_gone()) return;
      sleep_until_rung();
    }
  }

 private:
  ShmDoorbellPage& bell() const { return *static_cast<ShmDoorbellPage*>(doorbell_page_->data()); }

  // Maps the pages the arena has handed over since last time; false if the socket closed.
  bool take_new_channels() {
    while (received_ != load_word(bell().channels)) {
      const int fd = receive_fd(control_fd_);
      if (fd < 0) return false;
      ++received_;
      auto channel = std::make_unique<ChildChannel>();
      channel->page = SharedPage::adopt(fd);
      if (!channel->page) continue;  // the arena will time out on it
      channel->served = load_word(channel->shared().reply_word);
      channels_.push_back(std::move(channel));
    }
    return true;
  }

  bool work_pending() const {
    if (received_ != load_word(bell().channels)) return true;
    for (const auto& channel : channels_) {
      const ShmChannelPage& page = channel->shared();
      const uint32_t state = load_word(page.state);
      if (state == kShmChannelIdle ? channel->player != nullptr : state != kShmChannelInUse) {
        return true;
      }
      if (load_word(page.request_word) != channel->served) return true;
    }
    return false;
  }

  // Serves every channel with a new request, drops the bots of idle ones and the gone ones;
  // true if any was.
  bool serve_pending() {
    bool any = false;
    for (size_t k = 0; k < channels_.size();) {
      ChildChannel& channel = *channels_[k];
      ShmChannelPage& page = channel.shared();
      const uint32_t state = load_word(page.state);
      if (state != kShmChannelInUse && state != kShmChannelIdle) {
        channels_.erase(channels_.begin() + static_cast<std::ptrdiff_t>(k));
        any = true;
        continue;
      }
      if (state == kShmChannelIdle && channel.player) {
        channel.player.reset();  // its player has gone; the page waits for the next one
        any = true;
      }
      const uint32_t word = load_word(page.request_word);
      if (word != channel.served) {
        // Copied out once; the copy is what is checked and used.
        std::memcpy(static_cast<void*>(request_.get()), &page.request, sizeof(ShmRequest));
        channel.served = word;
        if (static_cast<uint32_t>(request_->seq) == word) handle_(channel, *request_);
        any = true;
      }
      ++k;
    }
    return any;
  }

  void sleep_until_rung() {
    store_word(bell().child_sleeping, 1);
    const uint32_t ring = load_word(bell().bell);
    if (!work_pending()) futex_wait(bell().bell, ring, kIdleCheckUs);
    store_word(bell().child_sleeping, 0);
  }

  // The arena closes the control socket only when it is done with this process.
  bool arena_gone() const {
    pollfd p{control_fd_, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLERR)) != 0;
  }

  const int control_fd_;
  const RequestHandler& handle_;
  std::unique_ptr<SharedPage> doorbell_page_;
  uint32_t received_ = 0;
  std::vector<std::unique_ptr<ChildChannel>> channels_;
  std::unique_ptr<ShmRequest> request_;
};

}  // namespace

void post_reply(ChildChannel& channel, uint64_t seq, ReplyStatus status,
                const hearts::Decision& decision, std::string_view text) {
  ShmChannelPage& page = channel.shared();
  ShmReply& reply = page.reply;
  reply.seq = seq;
  reply.status = status;
  reply.decision = decision;
  const size_t size = std::min<size_t>(text.size(), kShmDetailMax);
  std::memcpy(reply.detail, text.data(), size);
  reply.detail_size = static_cast<uint32_t>(size);
  store_word(page.reply_word, static_cast<uint32_t>(seq));
  if (load_word(page.arena_waiting) != 0) futex_wake(page.reply_word, 1);
}

void serve_channel_pages(int control_fd, const RequestHandler& handle) {
  PageServer server(control_fd, handle);
  server.run();
}

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
  RulesStore store;
  auto copy = std::make_unique<OwnedObservation>();
  serve_channel_pages(control_fd, [&](ChildChannel& channel, const ShmRequest& request) {
    answer(*source, store, *copy, channel, request);
  });
  // The arena is gone. A bot may have threads still running: exit without static destructors.
  std::fflush(nullptr);
  ::_exit(0);
}

}  // namespace arena
