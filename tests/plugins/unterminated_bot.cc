// unterminated: a test plugin whose decide entry fails every play with an error text that fills
// all 256 bytes of its ErrorText with 'x' and no terminator, as a careless or hostile plugin
// could; passes and notifications go through the SDK as usual. The host must quote exactly those
// 256 bytes and read nothing beyond them (under AddressSanitizer an overread is a failure). The
// aliases are written out by hand, mirroring the macro in hearts/plugin.h.
#include <cstring>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

class LowestBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override { return obs.legal.lowest(); }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }
};

}  // namespace

namespace unterminated_bot {
inline uint32_t abi_version() {
  return ::hearts::kAbiVersion;
}
inline ::hearts::BotInfoC info() {
  return {"unterminated", "1.0", "Black Lady Arena tests"};
}
inline void* create(const ::hearts::BotConfig* config, ::hearts::ErrorText* error) {
  return ::hearts::plugin_detail::create<LowestBot>(config, error);
}
inline int32_t decide(void* bot, const ::hearts::Observation* obs, ::hearts::Decision* out,
                      ::hearts::ErrorText* error) {
  if (obs->phase != ::hearts::Phase::kPlay) {
    return ::hearts::plugin_detail::decide(bot, obs, out, error);
  }
  std::memset(error->text, 'x', sizeof(error->text));
  return 1;
}
}  // namespace unterminated_bot

BOOST_DLL_ALIAS(unterminated_bot::abi_version, hearts_abi_version)
BOOST_DLL_ALIAS(unterminated_bot::info, hearts_bot_info)
BOOST_DLL_ALIAS(unterminated_bot::create, hearts_bot_create)
BOOST_DLL_ALIAS(::hearts::plugin_detail::destroy, hearts_bot_destroy)
BOOST_DLL_ALIAS(unterminated_bot::decide, hearts_bot_decide)
BOOST_DLL_ALIAS(::hearts::plugin_detail::notify, hearts_bot_notify)
