// The child side of an isolated plugin: `arena serve --bot PLUGIN --channel-fd N`, started by
// IsolatedSource (isolated.h) with a control socket as fd N.
//
// It sends a kHello frame on the control socket, then receives over it a doorbell page and one
// shared-memory page per arena player (shm_channel.h). One thread serves every page: the
// player's bot instance is created by the first request that asks for it, and every kDecide /
// kNotify request gets a reply with the same sequence number. Each arena thread has a child of
// its own, so one request is outstanding at a time and one serving thread loses nothing. When
// the arena closes the control socket (or dies), the child exits.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "players/player.h"
#include "players/shm_channel.h"

namespace arena {

// Serves until the control socket closes; returns the exit code.
int serve_isolated_child(std::shared_ptr<PlayerSource> source, int control_fd);

// One channel page as the child's serving loop keeps it.
struct ChildChannel {
  std::unique_ptr<SharedPage> page;
  uint32_t served = 0;  // the request word answered last
  const hearts::CompiledRules* rules = nullptr;
  std::unique_ptr<Player> player;
  std::string create_error = "no bot was created on this channel";
  ShmChannelPage& shared() const { return *static_cast<ShmChannelPage*>(page->data()); }
};

// Answers one request, already copied out of the page, by calling post_reply (or not).
using RequestHandler = std::function<void(ChildChannel& channel, const ShmRequest& request)>;

// The serving loop after the hello: receives the doorbell page and then channel pages on
// `control_fd`, and calls `handle` for each new request, one at a time. Returns when the control
// socket closes. Exposed so that tests can run a child that misbehaves on the page.
void serve_channel_pages(int control_fd, const RequestHandler& handle);

// Writes a reply into the channel's page and publishes it (waking the arena if it sleeps).
// `text` beyond kShmDetailMax bytes is cut.
void post_reply(ChildChannel& channel, uint64_t seq, ReplyStatus status,
                const hearts::Decision& decision, std::string_view text);

}  // namespace arena
