// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed pseudo-random function with a 128-bit key
// and a 64-bit output. Without the key its outputs reveal nothing about the key or about inputs
// that are not already known, which is what the arena needs for the seeds it hands to bots.
//
// Pure functions; safe from any thread. Tested against the reference implementation's vectors.
#pragma once

#include <cstddef>
#include <cstdint>

namespace arena {

struct SipKey {
  uint64_t k0 = 0;  // key bytes 0-7, little-endian
  uint64_t k1 = 0;  // key bytes 8-15, little-endian
};

// SipHash-2-4 of `size` bytes at `data`.
uint64_t siphash24(SipKey key, const void* data, size_t size);

// SipHash-2-4 of the 16 bytes that are `a` then `b`, each little-endian: the same value as
// siphash24() of those bytes, without a buffer (it runs once per decision in the referee).
uint64_t siphash24(SipKey key, uint64_t a, uint64_t b);

}  // namespace arena
