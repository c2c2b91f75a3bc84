// Observations and decisions as protobuf messages (proto/bot_service.proto), both ways: the
// arena sends a seat's hearts::Observation to a remote bot; `arena serve` turns the message back
// into a hearts::Observation for the plugin it hosts.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "bot_service.pb.h"
#include "hearts/observation.h"
#include "hearts/plugin.h"
#include "players/owned_observation.h"

namespace arena {

// The rules as a remote bot receives them: the preset closest to `rules` plus only the options
// that differ from it (usually none), so every request can carry its rules in a few bytes.
hearts::proto::RulesSpec compact_rules_spec(const hearts::Rules& rules);

// Fills `out` from `obs`. `rules_spec` is the RulesSpec of obs.rules (built once per player).
void to_proto(const hearts::Observation& obs, const hearts::proto::RulesSpec& rules_spec,
              hearts::proto::Observation* out);

// Compiles and caches the rules of incoming observations. Keyed by the spec's serialized bytes,
// which a client sends identically on every call; specs that spell the same rules differently
// share one compiled entry. Bounded: past kMaxRules distinct rules (or kMaxKeys spellings) it
// starts afresh, so a holder keeps the shared_ptr for as long as it uses the pointer.
// Thread-safe.
class RulesCache {
 public:
  // The compiled rules for `spec`, or null with *error naming the bad option.
  std::shared_ptr<const hearts::CompiledRules> get(const hearts::proto::RulesSpec& spec,
                                                   std::string* error);

 private:
  static constexpr size_t kMaxKeys = 1024;
  static constexpr size_t kMaxRules = 256;
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const hearts::CompiledRules>> by_bytes_;
  std::vector<std::shared_ptr<const hearts::CompiledRules>> compiled_;
};

// Rebuilds an Observation for the request that carries it: `asked` is the decision asked, or
// kDeal / kGameOver for a notification (see check_observation, which runs first). False with
// *error, one line naming the field, if the message is inconsistent; *out is then unspecified.
bool from_proto(const hearts::proto::Observation& in, const hearts::CompiledRules* rules,
                hearts::Phase asked, OwnedObservation* out, std::string* error);

hearts::proto::PassPlan to_proto(const hearts::PassPlan& plan);
hearts::PassPlan from_proto(const hearts::proto::PassPlan& plan);
void to_proto(const hearts::DealResult& result, int num_players, hearts::proto::DealResult* out);
hearts::DealResult from_proto(const hearts::proto::DealResult& in);

}  // namespace arena
