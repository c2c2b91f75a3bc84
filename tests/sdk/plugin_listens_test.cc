// Which notifications HEARTS_EXPORT_BOT says a bot handles (hearts_bot_listens): exactly those
// whose handler the bot declares, and every one whose handler's name cannot be looked up plainly.
// The host sends no other, so a handler missed here would be a bot silently never notified.
#include <gtest/gtest.h>

#include "hearts/plugin.h"

namespace {

using hearts::DealResult;
using hearts::notification_bit;
using hearts::Observation;
using hearts::plugin_detail::listens;

constexpr uint32_t kDealEnd = notification_bit(hearts::kNotifyDealEnd);
constexpr uint32_t kGameEnd = notification_bit(hearts::kNotifyGameEnd);

struct Plays : hearts::Bot {
  hearts::PassSelection choose_pass(const Observation&) override { return {}; }
  hearts::Card choose_play(const Observation& obs) override { return obs.legal.lowest(); }
};
struct HearsDealEnds : Plays {
  void on_deal_end(const Observation&, const DealResult&) override {}
};
struct HearsGameEnds : Plays {
  void on_game_end(const Observation&, const DealResult&) override {}
};
struct HearsBoth : Plays {
  void on_deal_end(const Observation&, const DealResult&) override {}
  void on_game_end(const Observation&, const DealResult&) override {}
};
// Inherits its base's handler: still handled.
struct DerivedFromAListener : HearsDealEnds {};
// A handler kept private, or overloaded: not looked up plainly, so counted as handled.
class HearsPrivately : public Plays {
  void on_deal_end(const Observation&, const DealResult&) override {}
};
struct HearsOverloaded : Plays {
  void on_game_end(const Observation&, const DealResult&) override {}
  void on_game_end(int) {}
};
// A function of the same name and another signature hides Bot's: counted as handled.
struct HidesTheHandler : Plays {
  void on_deal_end(int) {}
};

TEST(PluginListens, ABotWithBotsOwnHandlersHandlesNoNotification) {
  static_assert(listens<Plays>() == 0);
  EXPECT_EQ(listens<Plays>(), 0u);
}

TEST(PluginListens, EachHandlerABotDeclaresIsHandled) {
  EXPECT_EQ(listens<HearsDealEnds>(), kDealEnd);
  EXPECT_EQ(listens<HearsGameEnds>(), kGameEnd);
  EXPECT_EQ(listens<HearsBoth>(), kDealEnd | kGameEnd);
  EXPECT_EQ(listens<DerivedFromAListener>(), kDealEnd);
}

TEST(PluginListens, AHandlerThatCannotBeLookedUpPlainlyCountsAsHandled) {
  EXPECT_EQ(listens<HearsPrivately>(), kDealEnd);
  EXPECT_EQ(listens<HearsOverloaded>(), kGameEnd);
  EXPECT_EQ(listens<HidesTheHandler>(), kDealEnd);
}

TEST(PluginListens, EveryNotificationIsEachKindsBit) {
  EXPECT_EQ(hearts::kEveryNotification, kDealEnd | kGameEnd);
  EXPECT_NE(kDealEnd, kGameEnd);
}

}  // namespace
