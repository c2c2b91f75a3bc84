// badbid: a test plugin whose slam bids are invalid: it answers every kSlamBid with 7, which is
// neither a bid (1) nor a decline (0). Passes and plays its lowest legal cards.
#include "hearts/plugin.h"

namespace {

class BadBidBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override { return obs.legal.lowest(); }

  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    hearts::PassSelection selection;
    for (hearts::Card card : obs.legal) {
      if (selection.size() == obs.pass.count) break;
      selection.push_back(card);
    }
    return selection;
  }
};

}  // namespace

// Bot::choose_slam_bid returns a bool, which the standard wrapper writes as 0 or 1: the invalid
// answer needs a decide() of its own, exported in place of HEARTS_EXPORT_BOT's.
namespace bad_bid {
inline int32_t decide(void* handle, const hearts::Observation* obs, hearts::Decision* out,
                      hearts::ErrorText* error) noexcept {
  if (obs->phase == hearts::Phase::kSlamBid) {
    out->slam_bid = 7;
    return 0;
  }
  return hearts::plugin_detail::decide(handle, obs, out, error);
}
inline uint32_t abi_version() {
  return hearts::kAbiVersion;
}
inline hearts::BotInfoC info() {
  return {"badbid", "1.0", "Black Lady Arena tests"};
}
inline void* create(const hearts::BotConfig* config, hearts::ErrorText* error) {
  return hearts::plugin_detail::create<BadBidBot>(config, error);
}
}  // namespace bad_bid

BOOST_DLL_ALIAS(bad_bid::abi_version, hearts_abi_version)
BOOST_DLL_ALIAS(bad_bid::info, hearts_bot_info)
BOOST_DLL_ALIAS(bad_bid::create, hearts_bot_create)
BOOST_DLL_ALIAS(::hearts::plugin_detail::destroy, hearts_bot_destroy)
BOOST_DLL_ALIAS(bad_bid::decide, hearts_bot_decide)
BOOST_DLL_ALIAS(::hearts::plugin_detail::notify, hearts_bot_notify)
