#include "players/isolated_wire.h"

namespace arena {
namespace {

static_assert(std::is_trivially_copyable_v<hearts::Observation>);
static_assert(std::is_trivially_copyable_v<hearts::CompiledRules>);
static_assert(std::is_trivially_copyable_v<hearts::BotConfig>);
static_assert(std::is_trivially_copyable_v<hearts::Decision>);
static_assert(std::is_trivially_copyable_v<hearts::DealResult>);
static_assert(std::is_trivially_copyable_v<hearts::PlayRecord>);
static_assert(std::is_trivially_copyable_v<HelloHead> && std::is_trivially_copyable_v<ReplyHead>);

bool take_text(std::span<const char>& bytes, uint32_t size, std::string* out) {
  if (bytes.size() < size) return false;
  out->assign(bytes.data(), size);
  bytes = bytes.subspan(size);
  return true;
}

bool valid_card(hearts::Card card, const hearts::CompiledRules* rules) {
  if (card.is_valid()) return true;
  return card.is_joker() && rules != nullptr && !(rules->zero_cards | rules->free_jokers).empty();
}

}  // namespace

void append_hello(const BotIdentity& identity, FrameBuffer* out) {
  HelloHead head;
  head.name_size = static_cast<uint32_t>(identity.name.size());
  head.version_size = static_cast<uint32_t>(identity.version.size());
  head.author_size = static_cast<uint32_t>(identity.author.size());
  head.notifications = identity.notifications;
  out->append_value(head);
  out->append(identity.name.data(), identity.name.size());
  out->append(identity.version.data(), identity.version.size());
  out->append(identity.author.data(), identity.author.size());
}

bool read_hello(std::span<const char> payload, BotIdentity* identity, std::string* error) {
  HelloHead head;
  const HelloHead expected;
  if (!take_value(payload, &head)) {
    *error = "its hello frame is too short";
    return false;
  }
  if (head.protocol != expected.protocol || head.observation_size != expected.observation_size ||
      head.rules_size != expected.rules_size || head.config_size != expected.config_size ||
      head.decision_size != expected.decision_size ||
      head.deal_result_size != expected.deal_result_size) {
    *error = "it speaks isolated protocol " + std::to_string(head.protocol) + " with a " +
             std::to_string(head.observation_size) + "-byte Observation; this arena speaks " +
             std::to_string(expected.protocol) + " with " +
             std::to_string(expected.observation_size) + " bytes (another arena build?)";
    return false;
  }
  if (!take_text(payload, head.name_size, &identity->name) ||
      !take_text(payload, head.version_size, &identity->version) ||
      !take_text(payload, head.author_size, &identity->author) || !payload.empty()) {
    *error = "its hello frame does not match its own sizes";
    return false;
  }
  // Only the kinds there are: a child that names others cannot make the referee send them.
  identity->notifications = head.notifications & hearts::kEveryNotification;
  return true;
}

std::string check_decision(hearts::Phase phase, const hearts::Decision& decision,
                           const hearts::CompiledRules* rules) {
  switch (phase) {
    case hearts::Phase::kPass:
      if (decision.count < 0 || decision.count > hearts::kMaxPassCards) {
        return "a pass of " + std::to_string(decision.count) + " cards";
      }
      for (int k = 0; k < decision.count; ++k) {
        if (!valid_card(decision.cards[k], rules)) {
          return std::to_string(decision.cards[k].id()) + " is not a card id";
        }
      }
      return "";
    case hearts::Phase::kPlay:
      if (!valid_card(decision.card, rules))
        return std::to_string(decision.card.id()) + " is not a card id";
      return "";
    case hearts::Phase::kDealerChoice:
      if (static_cast<int>(decision.plan.kind) > static_cast<int>(hearts::PassKind::kShuffle)) {
        return "pass kind " + std::to_string(static_cast<int>(decision.plan.kind)) +
               " does not exist";
      }
      return "";
    case hearts::Phase::kSlamBid:
      if (decision.slam_bid != 0 && decision.slam_bid != 1) {
        return "slam bid " + std::to_string(decision.slam_bid) + ", not 0 (decline) or 1 (bid)";
      }
      return "";
    default:
      return "";
  }
}

}  // namespace arena
