// nofactory: a test plugin that exports every alias of HEARTS_EXPORT_BOT except
// hearts_bot_create, so the host cannot make a bot from it and must report the missing symbol.
#include "hearts/plugin.h"

namespace missing_factory_bot {
inline uint32_t abi_version() {
  return ::hearts::kAbiVersion;
}
inline ::hearts::BotInfoC info() {
  return {"nofactory", "1.0", "Black Lady Arena tests"};
}
}  // namespace missing_factory_bot

BOOST_DLL_ALIAS(missing_factory_bot::abi_version, hearts_abi_version)
BOOST_DLL_ALIAS(missing_factory_bot::info, hearts_bot_info)
BOOST_DLL_ALIAS(::hearts::plugin_detail::destroy, hearts_bot_destroy)
BOOST_DLL_ALIAS(::hearts::plugin_detail::decide, hearts_bot_decide)
BOOST_DLL_ALIAS(::hearts::plugin_detail::notify, hearts_bot_notify)
