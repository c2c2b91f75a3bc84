// No heap allocation per card played on the in-process path: a counting global operator new
// (which the loaded plugins also resolve to) watches whole refereed games between four real
// `random` plugins, records off.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "hearts/rng.h"
#include "match/clock.h"
#include "match/referee.h"
#include "match/watchdog.h"
#include "players/bot_specs.h"

namespace {
std::atomic<long long> g_allocations{0};
}  // namespace

// The replacement pair is malloc/free by design; GCC cannot see that both halves are ours.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace {

const std::vector<std::string> kSearchPath = {HEARTS_BUNDLED_PLUGIN_DIR};

TEST(Allocation, NoHeapAllocationPerCardOnTheInProcessPath) {
  std::string error;
  auto random = arena::resolve_bot_spec("random", kSearchPath, &error);
  ASSERT_TRUE(random) << error;
  const hearts::CompiledRules rules = *hearts::compile(*hearts::preset_rules("standard"));
  const arena::SteadyClock clock;
  arena::Watchdog watchdog(60'000'000);
  arena::Referee referee(rules, arena::RefereeOptions{}, clock, &watchdog, watchdog.add_slot());

  long long total_plays = 0;
  long long total_allocations = 0;
  for (uint32_t g = 0; g < 20; ++g) {
    const uint64_t seed = hearts::derive_seed(99, g);
    std::vector<std::unique_ptr<arena::Player>> players;
    std::vector<arena::Player*> seats;
    for (int s = 0; s < 4; ++s) {
      hearts::BotConfig config;
      config.seat = s;
      config.num_players = 4;
      config.rules = &rules;
      players.push_back(random->create(config, &error));
      ASSERT_TRUE(players.back()) << error;
      seats.push_back(players.back().get());
    }
    const long long before = g_allocations.load();
    const arena::GameOutcome outcome = referee.play_game(seed, g, seats, nullptr);
    const long long allocations = g_allocations.load() - before;
    total_allocations += allocations;
    long long decisions = 0;
    for (const auto& seat : outcome.seats) decisions += seat.decisions;
    total_plays += decisions;
    // A game allocates its per-seat outcome vector once; nothing grows with the cards played.
    EXPECT_LE(allocations, 2) << "game " << g << ": " << allocations << " allocations for "
                              << decisions << " decisions";
  }
  EXPECT_GT(total_plays, 20 * 500) << "whole games were played";
  EXPECT_LE(total_allocations, 40);
}

TEST(Allocation, TheCounterSeesAllocations) {
  // Guards the test above: if the replacement were not in use, it would pass vacuously.
  const long long before = g_allocations.load();
  auto* p = new std::vector<int>(100);
  delete p;
  EXPECT_GE(g_allocations.load() - before, 2);
}

}  // namespace
