#include "hearts/bit_dispatch.h"

#include <cstdlib>
#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace hearts::detail {

bool detect_fast_pdep() {
  // HEARTS_BIT_PATH=portable: the portable path whatever the processor, to measure one against
  // the other on the same machine (`arena bench` prints the path taken).
  if (const char* path = std::getenv("HEARTS_BIT_PATH");
      path && std::strcmp(path, "portable") == 0) {
    return false;
  }
#if defined(__x86_64__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) || !(ebx & (1u << 8))) return false;  // BMI2
  __get_cpuid(0, &eax, &ebx, &ecx, &edx);
  const bool amd = ebx == 0x68747541;  // "Auth"enticAMD
  if (!amd) return true;
  __get_cpuid(1, &eax, &ebx, &ecx, &edx);
  const unsigned family = ((eax >> 8) & 0xF) + (((eax >> 8) & 0xF) == 0xF ? (eax >> 20) & 0xFF : 0);
  return family >= 0x19;  // Zen 3 and later
#else
  return false;
#endif
}

}  // namespace hearts::detail
