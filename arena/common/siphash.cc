#include "common/siphash.h"

#include <bit>
#include <cstring>

namespace arena {
namespace {

struct SipState {
  uint64_t v0, v1, v2, v3;

  explicit SipState(SipKey key)
      : v0(key.k0 ^ 0x736f6d6570736575ull),
        v1(key.k1 ^ 0x646f72616e646f6dull),
        v2(key.k0 ^ 0x6c7967656e657261ull),
        v3(key.k1 ^ 0x7465646279746573ull) {}

  void round() {
    v0 += v1;
    v1 = std::rotl(v1, 13);
    v1 ^= v0;
    v0 = std::rotl(v0, 32);
    v2 += v3;
    v3 = std::rotl(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = std::rotl(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = std::rotl(v1, 17);
    v1 ^= v2;
    v2 = std::rotl(v2, 32);
  }

  void absorb(uint64_t word) {  // two compression rounds per 8-byte word
    v3 ^= word;
    round();
    round();
    v0 ^= word;
  }

  uint64_t finish() {  // four finalization rounds
    v2 ^= 0xff;
    round();
    round();
    round();
    round();
    return v0 ^ v1 ^ v2 ^ v3;
  }
};

uint64_t load_le64(const unsigned char* bytes) {
  uint64_t word = 0;
  for (int i = 7; i >= 0; --i) word = (word << 8) | bytes[i];
  return word;
}

}  // namespace

uint64_t siphash24(SipKey key, const void* data, size_t size) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  SipState state(key);
  const size_t whole = size - size % 8;
  for (size_t i = 0; i < whole; i += 8) state.absorb(load_le64(bytes + i));
  // The last word: the remaining bytes, and the length's low byte in the top byte.
  uint64_t last = static_cast<uint64_t>(size & 0xff) << 56;
  for (size_t i = 0; i < size % 8; ++i) last |= static_cast<uint64_t>(bytes[whole + i]) << (8 * i);
  state.absorb(last);
  return state.finish();
}

uint64_t siphash24(SipKey key, uint64_t a, uint64_t b) {
  SipState state(key);
  state.absorb(a);
  state.absorb(b);
  state.absorb(uint64_t{16} << 56);
  return state.finish();
}

}  // namespace arena
