// The documented pseudo-random generator that makes every deal a pure function of a seed.
//
// Rng is xoshiro256** (Blackman & Vigna 2018) whose 256-bit state is filled by four successive
// outputs of SplitMix64 started at the 64-bit seed. uniform(n) draws in [0, n) by Lemire's
// multiply-and-reject method, so it is unbiased. shuffle() is the Fisher-Yates shuffle that runs
// i from the last index down to 1 and swaps element i with element uniform(i + 1).
// docs/rules.md gives the exact deal procedure built on these; other languages can reproduce it.
//
// Thread safety: an Rng is a plain value; one instance must not be used by two threads at once.
#pragma once

#include <cstdint>
#include <span>
#include <utility>

namespace hearts {

// One step of SplitMix64: advances `state` and returns the next output.
constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Derives an independent seed for sub-stream `index` of `seed` (e.g. deal k of a game).
constexpr uint64_t derive_seed(uint64_t seed, uint64_t index) {
  uint64_t state = seed ^ (index * 0xD1B54A32D192ED03ull);
  splitmix64(state);
  return splitmix64(state);
}

class Rng {
 public:
  constexpr explicit Rng(uint64_t seed) {
    uint64_t sm = seed;
    for (auto& word : state_) word = splitmix64(sm);
  }

  constexpr uint64_t next() {
    const uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound). Precondition: bound > 0.
  constexpr uint32_t uniform(uint32_t bound) {
    uint64_t product = (next() >> 32) * bound;
    auto low = static_cast<uint32_t>(product);
    if (low < bound) {
      const uint32_t threshold = static_cast<uint32_t>(-bound) % bound;
      while (low < threshold) {
        product = (next() >> 32) * bound;
        low = static_cast<uint32_t>(product);
      }
    }
    return static_cast<uint32_t>(product >> 32);
  }

  template <typename T>
  constexpr void shuffle(std::span<T> items) {
    for (size_t i = items.size(); i > 1; --i) {
      const size_t j = uniform(static_cast<uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

 private:
  static constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t state_[4] = {};
};

}  // namespace hearts
