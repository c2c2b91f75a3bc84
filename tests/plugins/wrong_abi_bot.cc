// wrongabi: a test plugin that exports the six required aliases of HEARTS_EXPORT_BOT, but whose
// hearts_abi_version returns kAbiVersion + 1000; the host must refuse it before calling anything
// else. The aliases are written out by hand, mirroring the macro in hearts/plugin.h.
#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace wrong_abi_bot {
inline uint32_t abi_version() {
  return ::hearts::kAbiVersion + 1000;
}
inline ::hearts::BotInfoC info() {
  return {"wrongabi", "1.0", "Black Lady Arena tests"};
}
inline void* create(const ::hearts::BotConfig* config, ::hearts::ErrorText* error) {
  return ::hearts::plugin_detail::create<test_bots::LowestBot>(config, error);
}
}  // namespace wrong_abi_bot

BOOST_DLL_ALIAS(wrong_abi_bot::abi_version, hearts_abi_version)
BOOST_DLL_ALIAS(wrong_abi_bot::info, hearts_bot_info)
BOOST_DLL_ALIAS(wrong_abi_bot::create, hearts_bot_create)
BOOST_DLL_ALIAS(::hearts::plugin_detail::destroy, hearts_bot_destroy)
BOOST_DLL_ALIAS(::hearts::plugin_detail::decide, hearts_bot_decide)
BOOST_DLL_ALIAS(::hearts::plugin_detail::notify, hearts_bot_notify)
