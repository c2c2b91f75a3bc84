// SplitMix64 run backwards, for the tests that show what a bot can (and cannot) recover from the
// seeds it is given: the hostile seedthief plugin and the referee's seed tests.
//
// Pure functions; safe from any thread.
#pragma once

#include <cstdint>

namespace test_bots {

// The golden-ratio increment SplitMix64 adds to its state at every step (hearts/rng.h).
inline constexpr uint64_t kSplitMixGamma = 0x9E3779B97F4A7C15ull;

// The inverse of SplitMix64's output mix (each xor-shift and odd multiply undone in turn): the
// state after the step that gave `output`.
inline uint64_t unmix(uint64_t output) {
  uint64_t z = output;
  z ^= z >> 31 ^ z >> 62;
  z *= 0x319642B2D24D8EC3ull;  // inverse of 0x94D049BB133111EB mod 2^64
  z ^= z >> 27 ^ z >> 54;
  z *= 0x96DE1B173F119089ull;  // inverse of 0xBF58476D1CE4E5B9 mod 2^64
  z ^= z >> 30 ^ z >> 60;
  return z;
}

}  // namespace test_bots
