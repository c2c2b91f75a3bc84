// Bit instructions chosen at run time: one binary runs on every x86-64, and uses BMI2's PDEP where
// the processor runs it fast (issue 18).
//
// PDEP deposits the bits of a mask into the set bits of a word, which selects the n-th set bit in
// two instructions where a portable loop takes a dozen steps and branches. Intel has run it in
// one cycle since Haswell, AMD since Zen 3; Zen 1 and 2 (and earlier AMD with BMI2) run it in
// microcode at up to some hundreds of cycles, so there the portable path stays faster.
//
// Thread safety: kFastPdep is set once while the program (or plugin) loads, then only read.
#pragma once

#include <bit>
#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace hearts::detail {

// True where PDEP is present and fast (detected with CPUID; false on other architectures, and
// wherever the environment sets HEARTS_BIT_PATH=portable, for comparing the two paths).
bool detect_fast_pdep();
inline const bool kFastPdep = detect_fast_pdep();

#if defined(__x86_64__)
// The position of the n-th (0-based) set bit of `bits`; n < popcount(bits). Only where kFastPdep.
[[gnu::target("bmi2")]] inline int nth_set_bit_pdep(uint64_t bits, int n) {
  return std::countr_zero(_pdep_u64(uint64_t{1} << n, bits));
}
#endif

}  // namespace hearts::detail
