#include "match/unavailable.h"

namespace arena {

bool parse_unavailable_policy(const std::string& text, UnavailablePolicy* policy) {
  if (text == "stop") {
    *policy = UnavailablePolicy::kStop;
    return true;
  }
  if (text == "forfeit") {
    *policy = UnavailablePolicy::kForfeit;
    return true;
  }
  return false;
}

const char* unavailable_policy_name(UnavailablePolicy policy) {
  return policy == UnavailablePolicy::kForfeit ? "forfeit" : "stop";
}

void UnavailableBots::mark(const std::string& spec) {
  std::lock_guard lock(mutex_);
  specs_.insert(spec);
  any_.store(true, std::memory_order_release);
}

bool UnavailableBots::contains(const std::string& spec) const {
  if (empty()) return false;
  std::lock_guard lock(mutex_);
  return specs_.count(spec) > 0;
}

}  // namespace arena
