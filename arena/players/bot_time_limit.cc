#include "players/bot_time_limit.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace arena {
namespace {

// Each unit in microseconds, largest first (time_limit_text picks the first that divides).
struct Unit {
  const char* suffix;
  int64_t us;
};
constexpr Unit kUnits[] = {{"s", 1'000'000}, {"ms", 1'000}, {"us", 1}};

bool is_limit_text(const std::string& tail) {
  return tail.find_first_of("/:") == std::string::npos && !tail.ends_with(".so");
}

// "100ms" -> 100000; false if it is not digits then a unit, or is 0 or too large.
bool parse_limit(const std::string& text, int64_t* us) {
  int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [rest, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || rest == text.data() || value <= 0) return false;
  const std::string unit(rest, end);
  for (const Unit& u : kUnits) {
    if (unit != u.suffix) continue;
    // An hour is more than any decision needs; the cap keeps 10 x the limit far from overflow.
    if (value > 3'600'000'000 / u.us) return false;
    *us = value * u.us;
    return true;
  }
  return false;
}

}  // namespace

bool parse_timed_spec(const std::string& spec, TimedSpec* out, std::string* error) {
  *out = TimedSpec{spec, 0};
  const size_t at = spec.rfind('@');
  if (at == std::string::npos) return true;
  const std::string tail = spec.substr(at + 1);
  if (!is_limit_text(tail)) return true;
  if (at == 0) {
    *error = "bot spec '" + spec + "': no bot before the time limit '@" + tail + "'";
    return false;
  }
  if (!parse_limit(tail, &out->move_time_us)) {
    *error = "bot spec '" + spec + "': time limit '" + tail +
             "' is not a whole number above 0 followed by us, ms or s (e.g. " + spec.substr(0, at) +
             "@100ms), at most an hour";
    return false;
  }
  out->bot = spec.substr(0, at);
  return true;
}

std::string time_limit_text(int64_t us) {
  for (const Unit& u : kUnits) {
    if (us % u.us == 0) return std::to_string(us / u.us) + u.suffix;
  }
  return std::to_string(us) + "us";
}

std::string name_with_limit(const std::string& name, int64_t own_us) {
  return own_us > 0 ? name + "@" + time_limit_text(own_us) : name;
}

int64_t scaled_bank_us(int64_t run_bank_us, int64_t run_move_us, int64_t own_move_us) {
  if (run_bank_us <= 0 || run_move_us <= 0) return run_bank_us > 0 ? run_bank_us : 0;
  // In long double: a bank of hours times a limit of an hour overflows int64 microseconds.
  const long double scaled = static_cast<long double>(run_bank_us) * own_move_us / run_move_us;
  if (scaled >= static_cast<long double>(std::numeric_limits<int64_t>::max())) {
    return std::numeric_limits<int64_t>::max();
  }
  return std::max<int64_t>(1, static_cast<int64_t>(scaled));
}

}  // namespace arena
