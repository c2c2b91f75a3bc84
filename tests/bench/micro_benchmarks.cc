// Google Benchmark micro-benchmarks of the engine's hot paths: legal-move generation, trick
// resolution, shuffling and observation building. Run them with
//   cmake --build build --target run_micro_benchmarks
// They measure, they do not assert: speed targets are never unit tests on shared machines.
#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <span>

#include "hearts/bit_dispatch.h"
#include "hearts/game.h"
#include "hearts/observation.h"
#include "hearts/rng.h"
#include "match/seat_view.h"

namespace {

const hearts::CompiledRules& standard_rules() {
  static const hearts::CompiledRules rules = *hearts::compile(*hearts::preset_rules("standard"));
  return rules;
}

// Plays the chance and pass steps, then `plays` cards, each the lowest legal one.
hearts::Game game_after(int plays, uint64_t seed = 1) {
  hearts::Game game(standard_rules(), seed);
  while (game.phase() != hearts::Phase::kPlay) {
    switch (game.phase()) {
      case hearts::Phase::kDeal:
        game.deal_from_seed();
        break;
      case hearts::Phase::kPassDirection:
        game.resolve_chance();
        break;
      case hearts::Phase::kPass: {
        const int seat = game.to_act();
        std::array<hearts::Card, hearts::kMaxPassCards> cards{};
        int k = 0;
        for (hearts::Card card : game.passable(seat)) {
          if (k == game.pass_plan().count) break;
          cards[k++] = card;
        }
        (void)game.pass_cards(std::span<const hearts::Card>(cards.data(), k));
        break;
      }
      default:
        return game;
    }
  }
  for (int p = 0; p < plays; ++p) (void)game.play(game.legal_plays().lowest());
  return game;
}

void BM_LegalPlays(benchmark::State& state) {
  // Six plays in: the second trick, following suit.
  const hearts::Game game = game_after(6);
  for (auto _ : state) benchmark::DoNotOptimize(game.legal_plays());
}
BENCHMARK(BM_LegalPlays);

void BM_TrickResolution(benchmark::State& state) {
  // One whole trick (four legal plays and the winner's scoring) from a fixed position.
  const hearts::Game start = game_after(4);
  for (auto _ : state) {
    hearts::Game game = start;
    for (int p = 0; p < 4; ++p) (void)game.play(game.legal_plays().lowest());
    benchmark::DoNotOptimize(game.trick_winner(1));
  }
}
BENCHMARK(BM_TrickResolution);

void BM_Shuffle(benchmark::State& state) {
  std::array<hearts::Card, hearts::kDeckSize> deck{};
  for (int id = 0, k = 0; k < hearts::kDeckSize; ++id) {
    if (hearts::Card::from_id(id).is_valid()) deck[k++] = hearts::Card::from_id(id);
  }
  hearts::Rng rng(42);
  for (auto _ : state) {
    rng.shuffle(std::span<hearts::Card>(deck));
    benchmark::DoNotOptimize(deck.data());
  }
}
BENCHMARK(BM_Shuffle);

void BM_DealFromSeed(benchmark::State& state) {
  uint64_t seed = 0;
  for (auto _ : state) {
    hearts::Game game(standard_rules(), ++seed);
    game.deal_from_seed();
    benchmark::DoNotOptimize(game.hand(0));
  }
}
BENCHMARK(BM_DealFromSeed);

void BM_ObservationBuilding(benchmark::State& state) {
  // Mid-deal, after the pass: every field, the received cards included, is filled.
  const hearts::Game game = game_after(static_cast<int>(state.range(0)));
  const int seat = game.to_act();
  hearts::Observation obs;  // reused, as the referee does
  for (auto _ : state) {
    hearts::observe(game, seat, &obs);
    benchmark::DoNotOptimize(obs);
  }
}
BENCHMARK(BM_ObservationBuilding)->Arg(0)->Arg(25)->Arg(50);

void BM_SeatViewObserve(benchmark::State& state) {
  // The referee's per-seat copy (arena/match/seat_view.h) of the same position: the view filled
  // and every array pointed at the seat's own buffer. Nothing new to copy from one call to the
  // next (as for a seat whose last call was at this position), so this is the floor of a
  // decision's observation; each new play adds one copied entry per seat.
  const hearts::Game game = game_after(static_cast<int>(state.range(0)));
  const int seat = game.to_act();
  arena::SeatView view;
  view.reset(game.rules());
  for (auto _ : state) {
    benchmark::DoNotOptimize(view.observe(game, seat, 0));
  }
}
BENCHMARK(BM_SeatViewObserve)->Arg(0)->Arg(25)->Arg(50);

void BM_RandomDealEngineOnly(benchmark::State& state) {
  // A whole deal with no players at all: the engine's own ceiling for deals per second.
  uint64_t seed = 0;
  for (auto _ : state) {
    hearts::Game game = game_after(0, ++seed);
    hearts::Rng rng(seed);
    while (game.phase() == hearts::Phase::kPlay) {
      const hearts::CardSet legal = game.legal_plays();
      game.play_checked(legal.nth(static_cast<int>(rng.uniform(legal.size()))));
    }
    benchmark::DoNotOptimize(game.score(0));
  }
}
BENCHMARK(BM_RandomDealEngineOnly);

// The random card choice's n-th set bit, both ways (issue 18: keep the faster path for each
// CPU). Hands of 1 to 13 random cards and a random index, the same sequence for both; compare
// the two in one run: CardSet::nth takes PDEP only where hearts/bit_dispatch.h finds it fast.
struct NthInputs {
  std::array<uint64_t, 1024> bits{};
  std::array<int, 1024> index{};
  NthInputs() {
    hearts::Rng rng(7);
    for (size_t i = 0; i < bits.size(); ++i) {
      uint64_t set = 0;
      const int size = 1 + static_cast<int>(rng.uniform(13));
      while (std::popcount(set) < size) {
        const uint32_t id = rng.uniform(64);
        if ((id & 15) < 13) set |= uint64_t{1} << id;
      }
      bits[i] = set;
      index[i] = static_cast<int>(rng.uniform(static_cast<uint32_t>(size)));
    }
  }
};

void BM_NthSetBitPortable(benchmark::State& state) {
  static const NthInputs in;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(hearts::CardSet(in.bits[i]).nth_portable(in.index[i]));
    i = (i + 1) & 1023;
  }
}
BENCHMARK(BM_NthSetBitPortable);

#if defined(__x86_64__)
void BM_NthSetBitPdep(benchmark::State& state) {
  if (!__builtin_cpu_supports("bmi2")) {
    state.SkipWithError("no BMI2 on this processor");
    return;
  }
  static const NthInputs in;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(hearts::detail::nth_set_bit_pdep(in.bits[i], in.index[i]));
    i = (i + 1) & 1023;
  }
}
BENCHMARK(BM_NthSetBitPdep);
#endif

}  // namespace

BENCHMARK_MAIN();
