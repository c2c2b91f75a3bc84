// notice / noticeold: test plugins that log every notification they get, one line each ("notice
// deal_end 0", "noticeold game_end"), to the file HEARTS_NOTICE_LOG names or else to stderr (an
// isolated child's log). `notice` says it handles deal ends only (hearts_bot_listens), yet its
// notify entry logs whatever arrives: a game-end line from it means the host ignored its word.
// `noticeold` (built with NOTICE_OLD_SDK) exports no hearts_bot_listens, as a plugin built before
// the SDK had it: the host must send it every notification. Both play their lowest legal card.
// The aliases are written out by hand, mirroring the macro in hearts/plugin.h.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "hearts/plugin.h"
#include "hostile_log.h"
#include "test_bot_util.h"

namespace {

#ifdef NOTICE_OLD_SDK
constexpr const char* kName = "noticeold";
#else
constexpr const char* kName = "notice";
#endif

void log_notice(const std::string& what) {
  const std::string line = std::string(kName) + " " + what;
  if (const char* path = std::getenv("HEARTS_NOTICE_LOG"); path != nullptr && *path != '\0') {
    test_bots::append_line("HEARTS_NOTICE_LOG", line);
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
}

}  // namespace

namespace notice_bot {
inline uint32_t abi_version() {
  return ::hearts::kAbiVersion;
}
inline ::hearts::BotInfoC info() {
  return {kName, "1.0", "Black Lady Arena tests"};
}
inline void* create(const ::hearts::BotConfig* config, ::hearts::ErrorText* error) {
  return ::hearts::plugin_detail::create<test_bots::LowestBot>(config, error);
}
inline int32_t notify(void*, int32_t kind, const ::hearts::Observation*,
                      const ::hearts::DealResult* result, ::hearts::ErrorText*) {
  log_notice(kind == ::hearts::kNotifyDealEnd   ? "deal_end " + std::to_string(result->deal_index)
             : kind == ::hearts::kNotifyGameEnd ? std::string("game_end")
                                                : "kind " + std::to_string(kind));
  return 0;
}
#ifndef NOTICE_OLD_SDK
inline uint32_t listens() {
  return ::hearts::notification_bit(::hearts::kNotifyDealEnd);
}
#endif
}  // namespace notice_bot

BOOST_DLL_ALIAS(notice_bot::abi_version, hearts_abi_version)
BOOST_DLL_ALIAS(notice_bot::info, hearts_bot_info)
BOOST_DLL_ALIAS(notice_bot::create, hearts_bot_create)
BOOST_DLL_ALIAS(::hearts::plugin_detail::destroy, hearts_bot_destroy)
BOOST_DLL_ALIAS(::hearts::plugin_detail::decide, hearts_bot_decide)
BOOST_DLL_ALIAS(notice_bot::notify, hearts_bot_notify)
#ifndef NOTICE_OLD_SDK
BOOST_DLL_ALIAS(notice_bot::listens, hearts_bot_listens)
#endif
