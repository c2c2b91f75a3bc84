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

bool valid_card(hearts::Card card) {
  return card.is_valid();
}

}  // namespace

void append_hello(const BotIdentity& identity, FrameBuffer* out) {
  HelloHead head;
  head.name_size = static_cast<uint32_t>(identity.name.size());
  head.version_size = static_cast<uint32_t>(identity.version.size());
  head.author_size = static_cast<uint32_t>(identity.author.size());
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
  return true;
}

namespace {

// The per-seat arrays travel whole (kMaxPlayers entries each), after the counted arrays.
constexpr size_t kSeatCountsSize = sizeof(hearts::SeatCounts);

}  // namespace

void append_observation(const hearts::Observation& obs, FrameBuffer* out) {
  out->append_value(obs);
  out->append(obs.plays, sizeof(hearts::PlayRecord) * static_cast<size_t>(obs.num_plays));
  out->append(obs.trick_winners, static_cast<size_t>(obs.tricks_completed));
  out->append(obs.passed, sizeof(hearts::Card) * static_cast<size_t>(obs.passed_count));
  out->append(obs.received, sizeof(hearts::ReceivedCard) * static_cast<size_t>(obs.received_count));
  out->append(obs.points_taken, kSeatCountsSize);
  out->append(obs.tricks_won, kSeatCountsSize);
  out->append(obs.scores, kSeatCountsSize);
  out->append(obs.counters, kSeatCountsSize);
}

bool take_observation(std::span<const char>& payload, const hearts::CompiledRules* rules,
                      OwnedObservation* out, std::string* error) {
  hearts::Observation& obs = out->obs;
  if (!take_value(payload, &obs)) {
    *error = "observation: the frame is shorter than an Observation";
    return false;
  }
  // The pointers held the sender's addresses: never follow them.
  obs.rules = rules;
  out->point_at_own_arrays();
  if (rules == nullptr) {
    *error = "observation: no rules were sent before it";
    return false;
  }
  if (obs.num_players != rules->rules.num_players || obs.seat < 0 || obs.seat >= obs.num_players) {
    *error = "observation: seat " + std::to_string(obs.seat) + " of " +
             std::to_string(obs.num_players) + " players does not fit the rules";
    return false;
  }
  if (obs.num_plays < 0 || obs.num_plays > hearts::kDeckSize || obs.tricks_completed < 0 ||
      obs.tricks_completed > hearts::kMaxTricks || obs.passed_count < 0 ||
      obs.passed_count > hearts::kMaxPassCards || obs.received_count < 0 ||
      obs.received_count > hearts::kMaxPassCards) {
    *error = "observation: more passed, received or played cards than a deal holds";
    return false;
  }
  const std::pair<void*, size_t> arrays[] = {
      {out->plays.data(), sizeof(hearts::PlayRecord) * static_cast<size_t>(obs.num_plays)},
      {out->trick_winners.data(), static_cast<size_t>(obs.tricks_completed)},
      {out->passed.data(), sizeof(hearts::Card) * static_cast<size_t>(obs.passed_count)},
      {out->received.data(),
       sizeof(hearts::ReceivedCard) * static_cast<size_t>(obs.received_count)},
      {out->points_taken.data(), kSeatCountsSize},
      {out->tricks_won.data(), kSeatCountsSize},
      {out->scores.data(), kSeatCountsSize},
      {out->counters.data(), kSeatCountsSize},
  };
  size_t total = 0;
  for (const auto& [target, size] : arrays) total += size;
  if (payload.size() < total) {
    *error = "observation: the frame ends before the arrays it refers to";
    return false;
  }
  for (const auto& [target, size] : arrays) {
    std::memcpy(target, payload.data(), size);
    payload = payload.subspan(size);
  }
  return true;
}

std::string check_decision(hearts::Phase phase, const hearts::Decision& decision) {
  switch (phase) {
    case hearts::Phase::kPass:
      if (decision.count < 0 || decision.count > hearts::kMaxPassCards) {
        return "a pass of " + std::to_string(decision.count) + " cards";
      }
      for (int k = 0; k < decision.count; ++k) {
        if (!valid_card(decision.cards[k])) {
          return std::to_string(decision.cards[k].id()) + " is not a card id";
        }
      }
      return "";
    case hearts::Phase::kPlay:
      if (!valid_card(decision.card))
        return std::to_string(decision.card.id()) + " is not a card id";
      return "";
    case hearts::Phase::kDealerChoice:
      if (static_cast<int>(decision.plan.kind) > static_cast<int>(hearts::PassKind::kShuffle)) {
        return "pass kind " + std::to_string(static_cast<int>(decision.plan.kind)) +
               " does not exist";
      }
      return "";
    default:
      return "";
  }
}

}  // namespace arena
