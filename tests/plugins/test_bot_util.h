// Shared by the test plugins: the simplest legal pass.
#pragma once

#include "hearts/plugin.h"

namespace test_bots {

// The first obs.pass.count passable cards in card order.
inline hearts::PassSelection lowest_pass(const hearts::Observation& obs) {
  hearts::PassSelection selection;
  for (hearts::Card card : obs.legal) {
    if (selection.size() == obs.pass.count) break;
    selection.push_back(card);
  }
  return selection;
}

}  // namespace test_bots

// Exports BotClass as HEARTS_EXPORT_BOT does, but with DECIDE (a function of hearts_bot_decide's
// signature) as the decide entry: for test plugins whose answers the SDK's wrapper cannot give.
// Use once, at global scope.
#define TEST_EXPORT_BOT_WITH_DECIDE(BotClass, NAME, DECIDE)                            \
  namespace test_exported_bot {                                                        \
  inline uint32_t abi_version() {                                                      \
    return ::hearts::kAbiVersion;                                                      \
  }                                                                                    \
  inline ::hearts::BotInfoC info() {                                                   \
    return {NAME, "1.0", "Black Lady Arena tests"};                                    \
  }                                                                                    \
  inline void* create(const ::hearts::BotConfig* config, ::hearts::ErrorText* error) { \
    return ::hearts::plugin_detail::create<BotClass>(config, error);                   \
  }                                                                                    \
  }                                                                                    \
  BOOST_DLL_ALIAS(test_exported_bot::abi_version, hearts_abi_version)                  \
  BOOST_DLL_ALIAS(test_exported_bot::info, hearts_bot_info)                            \
  BOOST_DLL_ALIAS(test_exported_bot::create, hearts_bot_create)                        \
  BOOST_DLL_ALIAS(::hearts::plugin_detail::destroy, hearts_bot_destroy)                \
  BOOST_DLL_ALIAS(DECIDE, hearts_bot_decide)                                           \
  BOOST_DLL_ALIAS(::hearts::plugin_detail::notify, hearts_bot_notify)
