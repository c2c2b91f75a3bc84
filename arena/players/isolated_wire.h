// The payloads of the isolated-plugin frames on the control socket (frame_channel.h): the child's
// hello, and the reply head and decision check that the shared-memory pages (shm_channel.h)
// carry. The child is the arena's own executable, so plain structs travel as their bytes.
//
// Every length and count read from a frame is checked before use: a bad frame is an error
// naming what is wrong, never a crash of the reader.
#pragma once

#include <array>
#include <span>
#include <string>

#include "hearts/observation.h"
#include "hearts/plugin.h"
#include "players/frame_channel.h"
#include "players/player.h"

namespace arena {

// 2: observations carry their per-seat arrays. 3: the hello says which notifications the bot
// handles.
inline constexpr uint32_t kIsolatedProtocol = 3;

// The child's first frame: the sizes it was built with and the notifications its bot handles
// (BotIdentity::notifications), then name, version and author.
struct HelloHead {
  uint32_t protocol = kIsolatedProtocol;
  uint32_t observation_size = sizeof(hearts::Observation);
  uint32_t rules_size = sizeof(hearts::CompiledRules);
  uint32_t config_size = sizeof(hearts::BotConfig);
  uint32_t decision_size = sizeof(hearts::Decision);
  uint32_t deal_result_size = sizeof(hearts::DealResult);
  uint32_t name_size = 0;
  uint32_t version_size = 0;
  uint32_t author_size = 0;
  uint32_t notifications = hearts::kEveryNotification;
};

void append_hello(const BotIdentity& identity, FrameBuffer* out);
// Reads the identity (name, version, author, notifications); false with *error if the child was
// built with other layouts.
bool read_hello(std::span<const char> payload, BotIdentity* identity, std::string* error);

// The reply to kDecide and kNotify.
enum class ReplyStatus : int32_t { kOk = 0, kBotFailed = 1, kBadRequest = 2 };
struct ReplyHead {
  ReplyStatus status = ReplyStatus::kOk;
  uint32_t detail_size = 0;  // the one-line error text that follows
  hearts::Decision decision{};
};

// What is wrong with a decision read from a frame (card ids or counts out of range for `phase`),
// to say so in the violation the referee records; empty if nothing. Joker ids count as cards
// only when `rules` deal jokers.
std::string check_decision(hearts::Phase phase, const hearts::Decision& decision,
                           const hearts::CompiledRules* rules = nullptr);

}  // namespace arena
