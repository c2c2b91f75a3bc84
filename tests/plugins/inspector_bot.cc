// inspector: a fairness probe. At every decision it appends one line to the file named by the
// environment variable HEARTS_INSPECTOR_LOG (nothing is written when it is unset or empty):
//
//   <game> <deal> <seat> <phase> <num_plays> hand=0x.. dealt_hand=0x.. legal=0x.. kitty=0x..
//       passed=0x.. received=0x.. plays=0x.. [time_left_us=0x.. bank_left_us=0x..]
//
// (all on one line) where game = obs.game_index, deal = obs.deal_index, phase is
// hearts::name(obs.phase) ("pass", "play", "dealer-choice", "moon-choice"), and each token is
// the CardSet bits (bit id = suit * 16 + rank) in lowercase hex, no padding: passed is the union
// of obs.passed[], received the union of obs.received[].card and plays the union of the cards of
// every play in obs.plays. A test compares these with what that seat may know. The last two,
// written only when HEARTS_INSPECTOR_TIMES is set (they are not card sets), are the time the
// referee gave (obs.time_left_us, obs.bank_left_us as 64-bit two's complement, so "no bank" is
// 0xffffffffffffffff), for the time-odds tests.
//
// Plays its lowest legal card (lowest id) and passes its lowest passable cards; dealer's choice
// and the moon choice keep the Bot defaults (and are logged too).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string_view>

#include "hearts/plugin.h"
#include "test_bot_util.h"

namespace {

using hearts::CardSet;
using hearts::Observation;

void log_observation(const Observation& obs) {
  const char* path = std::getenv("HEARTS_INSPECTOR_LOG");
  if (path == nullptr || *path == '\0') return;
  CardSet passed;
  for (int k = 0; k < obs.passed_count && k < hearts::kMaxPassCards; ++k) {
    passed.insert(obs.passed[k]);
  }
  CardSet received;
  for (int k = 0; k < obs.received_count && k < hearts::kMaxPassCards; ++k) {
    received.insert(obs.received[k].card);
  }
  CardSet plays;
  for (int k = 0; obs.plays != nullptr && k < obs.num_plays; ++k) plays.insert(obs.plays[k].card);
  const std::string_view phase = hearts::name(obs.phase);
  char line[512];
  const int length = std::snprintf(
      line, sizeof(line),
      "%u %d %d %.*s %d hand=0x%" PRIx64 " dealt_hand=0x%" PRIx64 " legal=0x%" PRIx64
      " kitty=0x%" PRIx64 " passed=0x%" PRIx64 " received=0x%" PRIx64 " plays=0x%" PRIx64,
      obs.game_index, obs.deal_index, obs.seat, static_cast<int>(phase.size()), phase.data(),
      obs.num_plays, obs.hand.bits(), obs.dealt_hand.bits(), obs.legal.bits(), obs.kitty.bits(),
      passed.bits(), received.bits(), plays.bits());
  if (length <= 0) return;
  const char* times = std::getenv("HEARTS_INSPECTOR_TIMES");
  const int more =
      times != nullptr && *times != '\0'
          ? std::snprintf(line + length, sizeof(line) - static_cast<size_t>(length),
                          " time_left_us=0x%" PRIx64 " bank_left_us=0x%" PRIx64 "\n",
                          static_cast<uint64_t>(obs.time_left_us),
                          static_cast<uint64_t>(obs.bank_left_us))
          : std::snprintf(line + length, sizeof(line) - static_cast<size_t>(length), "\n");
  if (more <= 0) return;
  // Bots of this plugin may run on several threads at once: one line per locked append.
  static std::mutex mutex;
  const std::lock_guard<std::mutex> lock(mutex);
  std::FILE* file = std::fopen(path, "a");
  if (file == nullptr) return;
  std::fwrite(line, 1, static_cast<size_t>(length + more), file);
  std::fclose(file);
}

class InspectorBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const Observation& obs) override {
    log_observation(obs);
    return obs.legal.lowest();
  }

  hearts::PassSelection choose_pass(const Observation& obs) override {
    log_observation(obs);
    return test_bots::lowest_pass(obs);
  }

  bool choose_new_moon(const Observation& obs) override {
    log_observation(obs);
    return Bot::choose_new_moon(obs);
  }

  hearts::PassPlan choose_pass_plan(const Observation& obs) override {
    log_observation(obs);
    return Bot::choose_pass_plan(obs);
  }
};

}  // namespace

HEARTS_EXPORT_BOT(InspectorBot, "inspector", "1.0", "Black Lady Arena tests")
