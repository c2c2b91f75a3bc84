// unterminated: a test plugin whose decide entry fails every play with an error text that fills
// all 256 bytes of its ErrorText with 'x' and no terminator, as a careless or hostile plugin
// could; passes and notifications go through the SDK as usual. The host must quote exactly those
// 256 bytes and read nothing beyond them (under AddressSanitizer an overread is a failure).
#include <cstring>

#include "test_bot_util.h"

namespace unterminated_bot {
inline int32_t decide(void* bot, const ::hearts::Observation* obs, ::hearts::Decision* out,
                      ::hearts::ErrorText* error) {
  if (obs->phase != ::hearts::Phase::kPlay) {
    return ::hearts::plugin_detail::decide(bot, obs, out, error);
  }
  std::memset(error->text, 'x', sizeof(error->text));
  return 1;
}
}  // namespace unterminated_bot

TEST_EXPORT_BOT_WITH_DECIDE(test_bots::LowestBot, "unterminated", unterminated_bot::decide)
