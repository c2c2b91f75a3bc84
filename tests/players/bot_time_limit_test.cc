// Bot specs with their own time limit ("montecarlo@100ms"): parsing, malformed limits, specs whose
// '@' belongs to a path or address, the names results give them and the banks they get; and
// resolve_bot_spec carrying the limit to the identity with the real bundled plugins.
#include "players/bot_time_limit.h"

#include <gtest/gtest.h>

#include <string>

#include "players/bot_specs.h"
#include "players/forwarding_player.h"
#include "players/timed_source.h"

namespace {

using arena::TimedSpec;

TimedSpec parsed(const std::string& spec) {
  TimedSpec timed;
  std::string error;
  EXPECT_TRUE(arena::parse_timed_spec(spec, &timed, &error)) << spec << ": " << error;
  return timed;
}

std::string refused(const std::string& spec) {
  TimedSpec timed;
  std::string error;
  EXPECT_FALSE(arena::parse_timed_spec(spec, &timed, &error)) << spec;
  return error;
}

TEST(BotTimeLimit, ReadsEachUnit) {
  EXPECT_EQ(parsed("montecarlo@100ms").bot, "montecarlo");
  EXPECT_EQ(parsed("montecarlo@100ms").move_time_us, 100'000);
  EXPECT_EQ(parsed("montecarlo@2s").move_time_us, 2'000'000);
  EXPECT_EQ(parsed("montecarlo@250us").move_time_us, 250);
  EXPECT_EQ(parsed("isolated:ducker@10ms").bot, "isolated:ducker");
  EXPECT_EQ(parsed("./libmybot.so@5ms").bot, "./libmybot.so");
  EXPECT_EQ(parsed("grpc://127.0.0.1:50051@30ms").bot, "grpc://127.0.0.1:50051");
  EXPECT_EQ(parsed("grpc://127.0.0.1:50051@30ms").move_time_us, 30'000);
}

TEST(BotTimeLimit, SpecsWithoutALimitStayWhole) {
  for (const std::string spec : {"montecarlo", "./bots@v2/libx.so", "./lib@2.so",
                                 "unix:/tmp/a@b/sock", "grpc://user@host:50051"}) {
    const TimedSpec timed = parsed(spec);
    EXPECT_EQ(timed.bot, spec);
    EXPECT_EQ(timed.move_time_us, 0) << spec;
  }
  // A path with '@' still takes a limit after it.
  EXPECT_EQ(parsed("./bots@v2/libx.so@1s").bot, "./bots@v2/libx.so");
}

TEST(BotTimeLimit, MalformedLimitsAreOneLineNamingTheSpec) {
  for (const std::string spec :
       {"montecarlo@10", "montecarlo@10xs", "montecarlo@ms", "montecarlo@0ms", "montecarlo@-5ms",
        "montecarlo@1.5ms", "montecarlo@", "montecarlo@fast", "montecarlo@10 ms",
        "montecarlo@99999999999999999999ms", "montecarlo@2h", "montecarlo@3601s"}) {
    const std::string error = refused(spec);
    EXPECT_NE(error.find("bot spec '" + spec + "'"), std::string::npos) << error;
    EXPECT_NE(error.find("us, ms or s"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
  EXPECT_NE(refused("@100ms").find("no bot before the time limit"), std::string::npos);
}

TEST(BotTimeLimit, TextAndNames) {
  EXPECT_EQ(arena::time_limit_text(2'000'000), "2s");
  EXPECT_EQ(arena::time_limit_text(100'000), "100ms");
  EXPECT_EQ(arena::time_limit_text(1'500'000), "1500ms");
  EXPECT_EQ(arena::time_limit_text(250), "250us");
  EXPECT_EQ(arena::name_with_limit("montecarlo", 10'000), "montecarlo@10ms");
  EXPECT_EQ(arena::name_with_limit("montecarlo", 0), "montecarlo");
}

TEST(BotTimeLimit, BankScalesWithTheLimit) {
  EXPECT_EQ(arena::scaled_bank_us(5'000'000, 100'000, 10'000), 500'000);
  EXPECT_EQ(arena::scaled_bank_us(5'000'000, 100'000, 1'000'000), 50'000'000);
  EXPECT_EQ(arena::scaled_bank_us(0, 100'000, 10'000), 0);  // no bank stays no bank
  EXPECT_EQ(arena::scaled_bank_us(10, 1'000'000, 1), 1);    // never scaled to nothing
}

TEST(BotTimeLimit, ResolvedSpecCarriesItsLimit) {
  const std::vector<std::string> path = {HEARTS_BUNDLED_PLUGIN_DIR};
  std::string error;
  auto timed = arena::resolve_bot_spec("random@20ms", path, &error);
  ASSERT_TRUE(timed) << error;
  EXPECT_EQ(timed->identity().name, "random");
  EXPECT_EQ(timed->identity().spec, "random@20ms");
  EXPECT_EQ(timed->identity().move_time_limit_us, 20'000);
  hearts::BotConfig config{};
  auto player = timed->create(config, &error);
  ASSERT_TRUE(player) << error;
  EXPECT_EQ(player->identity().spec, "random@20ms");  // what the referee reads per seat
  EXPECT_EQ(player->identity().move_time_limit_us, 20'000);

  auto plain = arena::resolve_bot_spec("random", path, &error);
  ASSERT_TRUE(plain) << error;
  EXPECT_EQ(plain->identity().move_time_limit_us, 0);
  EXPECT_EQ(arena::largest_move_time_us(1'000, {plain, timed}), 20'000);
  EXPECT_EQ(arena::largest_move_time_us(50'000, {plain, timed}), 50'000);

  EXPECT_FALSE(arena::resolve_bot_spec("random@20xs", path, &error));
  EXPECT_EQ(error.find("bot spec 'random@20xs'"), 0u) << error;
}

// The referee calls an in-process plugin's entry directly (Player::direct_decide()). A relabel
// for a time limit keeps that entry; a wrapper that watches the calls must not pass it on, or the
// referee would bypass it; and the entry decides as decide() does.
TEST(BotTimeLimit, OnlyPluginsAndTheirRelabelsGiveADirectEntry) {
  const std::vector<std::string> path = {HEARTS_BUNDLED_PLUGIN_DIR};
  std::string error;
  hearts::BotConfig config{};
  auto plain = arena::resolve_bot_spec("lowest", path, &error);
  ASSERT_TRUE(plain) << error;
  auto plugin = plain->create(config, &error);
  ASSERT_TRUE(plugin) << error;
  const arena::DirectDecide direct = plugin->direct_decide();
  ASSERT_NE(direct.fn, nullptr);

  auto timed = arena::resolve_bot_spec("lowest@20ms", path, &error);
  ASSERT_TRUE(timed) << error;
  auto relabelled = timed->create(config, &error);
  ASSERT_TRUE(relabelled) << error;
  EXPECT_EQ(relabelled->direct_decide().fn, direct.fn);  // the same library's entry
  EXPECT_NE(relabelled->direct_decide().bot, nullptr);

  arena::ForwardingPlayer watcher(*plugin);
  EXPECT_EQ(watcher.direct_decide().fn, nullptr);

  // The lowest bot leads its lowest legal card, by either call.
  hearts::Observation obs{};
  obs.phase = hearts::Phase::kPlay;
  obs.legal = hearts::CardSet(0b1011000ull);
  hearts::Decision by_entry{};
  hearts::ErrorText text{};
  EXPECT_EQ(direct.fn(direct.bot, &obs, &by_entry, &text), 0);
  hearts::Decision by_call{};
  EXPECT_EQ(plugin->decide(obs, &by_call).status, arena::CallStatus::kOk);
  EXPECT_EQ(by_entry.card, obs.legal.lowest());
  EXPECT_EQ(by_call.card, obs.legal.lowest());
}

}  // namespace
