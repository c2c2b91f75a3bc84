// The plugin boundary: HEARTS_EXPORT_BOT turns a Bot class into a shared-library plugin.
//
//   class MyBot : public hearts::Bot { ... };
//   HEARTS_EXPORT_BOT(MyBot, "mybot", "1.0", "Ada Lovelace")
//
// The macro exports, through Boost.DLL aliases, C-linkage functions that take and return plain
// data only (see the Boost.DLL "Missuses" page): the ABI version, the bot's name/version/author,
// a factory, a destroyer, a decision call, a notification call and which notifications it handles.
// No exception, std::string, container or smart pointer crosses the boundary: every call catches
// all exceptions and reports them as text in a fixed buffer. The host keeps the library loaded
// while any bot created from it lives, and destroys each bot with the plugin's own destroyer.
//
// A bot class needs a constructor taking `const hearts::BotConfig&`, or a default constructor.
#pragma once

#include <boost/dll/alias.hpp>
#include <cstdint>
#include <cstring>
#include <exception>
#include <type_traits>

#include "hearts/bot.h"

namespace hearts {

// Bumped whenever Observation, BotConfig, Decision or the exported signatures change. The host
// refuses plugins built against another version.
// 2: Observation became a view (pointers, no arrays). 3: Rules and CompiledRules (which
// Observation::rules points at) gained the rule-book options of issue 17.
// 4: the rest of issue 17's rule book: Rules gained the decks, identical-cards, Heartsette,
// Greek, chip, stakes, Complex Hearts, partnership, Likha, anticlockwise, stock, booster-nine,
// joker, card_values and taker-effect options (kMaxPlayers is 11); Observation gained
// scores_imag, partner, trick_start, trick_length, lead_suit, hand_counts, drawn_counts,
// stock_size, drawn, hand_twice and dealt_hand_twice; DealResult deal_score_imag, moon_team,
// last_holder and left_over.
// 5: the slam bid: Phase::kSlamBid, Decision::slam_bid, Bot::choose_slam_bid, Observation
// slam_bidder and slam_partner, DealResult slam_bidder, slam_partner and slam_made.
inline constexpr uint32_t kAbiVersion = 5;

extern "C" {

struct BotInfoC {
  const char* name;  // static strings inside the plugin; the host copies them at load time
  const char* version;
  const char* author;
};

// Room for one line of error text from the plugin.
struct ErrorText {
  char text[256];
};

// The answer to one decision. Which fields count depends on the Observation's phase.
struct Decision {
  Card cards[kMaxPassCards];  // kPass: the cards, in order
  int32_t count;              // kPass: how many of `cards` are set
  Card card;                  // kPlay
  PassPlan plan;              // kDealerChoice
  int32_t new_moon;           // kMoonChoice: 1 = new moon
  int32_t slam_bid;           // kSlamBid: 1 = bid to take every trick, 0 = decline
};

// Notification kinds for hearts_bot_notify.
enum NotificationKind : int32_t { kNotifyDealEnd = 1, kNotifyGameEnd = 2 };

// The exported signatures (alias names in quotes):
//   "hearts_abi_version"  uint32_t()
//   "hearts_bot_info"     BotInfoC()
//   "hearts_bot_create"   void*(const BotConfig*, ErrorText*)           null on failure
//   "hearts_bot_destroy"  void(void*)
//   "hearts_bot_decide"   int32_t(void*, const Observation*, Decision*, ErrorText*)  0 = ok
//   "hearts_bot_notify"   int32_t(void*, int32_t kind, const Observation*, const DealResult*,
//                                 ErrorText*)                           0 = ok
// and one optional export (a plugin without it is sent every notification; no ABI bump, since
// hosts that predate it ignore it):
//   "hearts_bot_listens"  uint32_t()   the notifications the bot handles, as notification_bit()s
using AbiVersionFn = uint32_t();
using BotInfoFn = BotInfoC();
using BotCreateFn = void*(const BotConfig*, ErrorText*);
using BotDestroyFn = void(void*);
using BotDecideFn = int32_t(void*, const Observation*, Decision*, ErrorText*);
using BotNotifyFn = int32_t(void*, int32_t, const Observation*, const DealResult*, ErrorText*);
using BotListensFn = uint32_t();

}  // extern "C"

// The bit of notification `kind` in a "hearts_bot_listens" mask.
constexpr uint32_t notification_bit(int32_t kind) {
  return 1u << static_cast<uint32_t>(kind);
}
// Every notification kind: what a host sends a plugin that does not say which it handles.
inline constexpr uint32_t kEveryNotification =
    notification_bit(kNotifyDealEnd) | notification_bit(kNotifyGameEnd);

namespace plugin_detail {

inline void set_error(ErrorText* error, const char* message) {
  if (error == nullptr) return;
  std::strncpy(error->text, message, sizeof(error->text) - 1);
  error->text[sizeof(error->text) - 1] = '\0';
}

// Inline: decide() runs it for every decision, and a frame of its own was a fifth of a random
// bot's play.
template <typename Body>
[[gnu::always_inline]] inline int32_t guarded(ErrorText* error, Body&& body) noexcept {
  try {
    body();
    return 0;
  } catch (const std::exception& e) {
    set_error(error, e.what());
  } catch (...) {
    set_error(error, "unknown exception");
  }
  return 1;
}

template <typename B>
void* create(const BotConfig* config, ErrorText* error) noexcept {
  static_assert(std::is_base_of_v<Bot, B>,
                "HEARTS_EXPORT_BOT needs a class derived from hearts::Bot");
  Bot* bot = nullptr;
  guarded(error, [&] {
    if constexpr (std::is_constructible_v<B, const BotConfig&>) {
      bot = new B(*config);
    } else {
      bot = new B();
    }
  });
  return bot;
}

inline void destroy(void* bot) noexcept {
  delete static_cast<Bot*>(bot);
}

inline int32_t decide(void* handle, const Observation* obs, Decision* out,
                      ErrorText* error) noexcept {
  return guarded(error, [&] {
    Bot& bot = *static_cast<Bot*>(handle);
    switch (obs->phase) {
      case Phase::kPass: {
        const PassSelection selection = bot.choose_pass(*obs);
        out->count = selection.size();
        int k = 0;
        for (Card card : selection.cards()) out->cards[k++] = card;
        break;
      }
      case Phase::kPlay:
        out->card = bot.choose_play(*obs);
        break;
      case Phase::kMoonChoice:
        out->new_moon = bot.choose_new_moon(*obs) ? 1 : 0;
        break;
      case Phase::kDealerChoice:
        out->plan = bot.choose_pass_plan(*obs);
        break;
      case Phase::kSlamBid:
        out->slam_bid = bot.choose_slam_bid(*obs) ? 1 : 0;
        break;
      default:
        break;
    }
  });
}

inline int32_t notify(void* handle, int32_t kind, const Observation* obs, const DealResult* result,
                      ErrorText* error) noexcept {
  return guarded(error, [&] {
    Bot& bot = *static_cast<Bot*>(handle);
    if (kind == kNotifyDealEnd) bot.on_deal_end(*obs, *result);
    if (kind == kNotifyGameEnd) bot.on_game_end(*obs, *result);
  });
}

// The notifications B handles: a kind whose handler B (or a base between it and Bot) declares,
// and every kind whose handler's name cannot be looked up plainly (overloaded, not public). A bot
// that keeps Bot's empty on_deal_end and on_game_end is sent neither, which spares the host a
// call (and, for an isolated or remote bot, a round trip) per seat per deal.
template <typename B>
constexpr uint32_t listens() noexcept {
  using BotsHandler = void (Bot::*)(const Observation&, const DealResult&);  // both kinds' type
  uint32_t kinds = 0;
  if constexpr (!requires { requires std::is_same_v<decltype(&B::on_deal_end), BotsHandler>; })
    kinds |= notification_bit(kNotifyDealEnd);
  if constexpr (!requires { requires std::is_same_v<decltype(&B::on_game_end), BotsHandler>; })
    kinds |= notification_bit(kNotifyGameEnd);
  return kinds;
}

}  // namespace plugin_detail
}  // namespace hearts

// Exports BotClass as this library's bot. Use once, at global scope, in one source file.
#define HEARTS_EXPORT_BOT(BotClass, NAME, VERSION, AUTHOR) \
  HEARTS_DETAIL_EXPORT_BOT(BotClass, NAME, VERSION, AUTHOR, ::hearts::plugin_detail::decide)

// HEARTS_EXPORT_BOT with DECIDE (a function of hearts_bot_decide's signature) as the decide entry.
// Not for bots: the arena's test plugins use it to answer what the SDK's own entry never would.
#define HEARTS_DETAIL_EXPORT_BOT(BotClass, NAME, VERSION, AUTHOR, DECIDE)              \
  namespace hearts_exported_bot {                                                      \
  inline uint32_t abi_version() {                                                      \
    return ::hearts::kAbiVersion;                                                      \
  }                                                                                    \
  inline ::hearts::BotInfoC info() {                                                   \
    return {NAME, VERSION, AUTHOR};                                                    \
  }                                                                                    \
  inline void* create(const ::hearts::BotConfig* config, ::hearts::ErrorText* error) { \
    return ::hearts::plugin_detail::create<BotClass>(config, error);                   \
  }                                                                                    \
  inline uint32_t listens() {                                                          \
    return ::hearts::plugin_detail::listens<BotClass>();                               \
  }                                                                                    \
  }                                                                                    \
  BOOST_DLL_ALIAS(hearts_exported_bot::abi_version, hearts_abi_version)                \
  BOOST_DLL_ALIAS(hearts_exported_bot::info, hearts_bot_info)                          \
  BOOST_DLL_ALIAS(hearts_exported_bot::create, hearts_bot_create)                      \
  BOOST_DLL_ALIAS(::hearts::plugin_detail::destroy, hearts_bot_destroy)                \
  BOOST_DLL_ALIAS(DECIDE, hearts_bot_decide)                                           \
  BOOST_DLL_ALIAS(::hearts::plugin_detail::notify, hearts_bot_notify)                  \
  BOOST_DLL_ALIAS(hearts_exported_bot::listens, hearts_bot_listens)
