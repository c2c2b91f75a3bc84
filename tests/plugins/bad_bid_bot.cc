// badbid: a test plugin whose slam bids are invalid: it answers every kSlamBid with 7, which is
// neither a bid (1) nor a decline (0). Passes and plays its lowest legal cards.
#include "test_bot_util.h"

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
}  // namespace bad_bid

TEST_EXPORT_BOT_WITH_DECIDE(test_bots::LowestBot, "badbid", bad_bid::decide)
