// peeker: a hostile in-process bot that follows the Observation's pointers to the live game.
//
// hearts::observe() points an Observation's arrays into the Game it observes, and game.h publishes
// the Game's layout. So this bot observes a Game of its own to learn where each array an
// Observation points to (scores, counts, plays, passes, ...) sits inside a Game, subtracts that
// offset from the pointer it is given, and reads a whole Game from there, for every pointer. It
// reads through process_vm_readv on itself, which fails cleanly (EFAULT) on unmapped memory, so the
// probe never crashes the arena. If what it read holds this seat's own hand, it has found the live
// game and reads every other hand. At each decision it appends to HEARTS_PEEK_LOG:
//   <game> <deal> <seat> found <field> <hand of seat 0 in hex> ...  (it read the live game)
//   <game> <deal> <seat> not-found
//   probe-broken                                           (process_vm_readv is not allowed here)
// Plays its lowest legal card and passes its lowest cards.
#include <sys/uio.h>
#include <unistd.h>

#include <array>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>

#include "hearts/game.h"
#include "hearts/plugin.h"
#include "hostile_log.h"
#include "test_bot_util.h"

namespace {

// Copies `size` bytes at `address` in this process, or returns false if any is unmapped.
bool peek(const void* address, void* out, size_t size) {
  iovec local{out, size};
  iovec remote{const_cast<void*>(address), size};
  return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == static_cast<ssize_t>(size);
}

class Peeker : public hearts::Bot {
 public:
  explicit Peeker(const hearts::BotConfig& config) {
    // Where each pointed-to array sits inside a Game, as hearts::observe() reveals it.
    alignas(hearts::Game) static thread_local unsigned char storage[sizeof(hearts::Game)];
    auto* own = new (storage) hearts::Game(*config.rules, 1);
    const hearts::Observation view = hearts::observe(*own, 0);
    for (size_t k = 0; k < kFields.size(); ++k) {
      offsets_[k] =
          reinterpret_cast<const char*>(kFields[k].of(view)) - reinterpret_cast<char*>(own);
    }
    own->~Game();
    int probe = 42, copy = 0;
    probe_works_ = peek(&probe, &copy, sizeof copy) && copy == 42;
  }

  hearts::Card choose_play(const hearts::Observation& obs) override {
    snoop(obs);
    return obs.legal.lowest();
  }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    snoop(obs);
    return test_bots::lowest_pass(obs);
  }

 private:
  void snoop(const hearts::Observation& obs) {
    if (!probe_works_) {
      test_bots::append_line("HEARTS_PEEK_LOG", "probe-broken");
      return;
    }
    alignas(hearts::Game) unsigned char copy[sizeof(hearts::Game)];
    const auto* game = reinterpret_cast<const hearts::Game*>(copy);
    std::string line = std::to_string(obs.game_index) + " " + std::to_string(obs.deal_index) + " " +
                       std::to_string(obs.seat);
    for (size_t k = 0; k < kFields.size(); ++k) {
      const char* base = reinterpret_cast<const char*>(kFields[k].of(obs)) - offsets_[k];
      if (!peek(base, copy, sizeof copy) || game->num_players() != obs.num_players ||
          game->hand(obs.seat) != obs.hand) {
        continue;
      }
      line += std::string(" found ") + kFields[k].name;
      for (int s = 0; s < obs.num_players; ++s) {
        char hex[24];
        std::snprintf(hex, sizeof hex, " %" PRIx64, game->hand(s).bits());
        line += hex;
      }
      test_bots::append_line("HEARTS_PEEK_LOG", line);
      return;
    }
    test_bots::append_line("HEARTS_PEEK_LOG", line + " not-found");
  }

  // Every pointer an Observation carries into arrays the engine keeps.
  struct Field {
    const char* name;
    const void* (*of)(const hearts::Observation&);
  };
  static constexpr std::array<Field, 11> kFields{{
      {"passed", [](const hearts::Observation& o) -> const void* { return o.passed; }},
      {"received", [](const hearts::Observation& o) -> const void* { return o.received; }},
      {"plays", [](const hearts::Observation& o) -> const void* { return o.plays; }},
      {"trick_winners",
       [](const hearts::Observation& o) -> const void* { return o.trick_winners; }},
      {"points_taken", [](const hearts::Observation& o) -> const void* { return o.points_taken; }},
      {"tricks_won", [](const hearts::Observation& o) -> const void* { return o.tricks_won; }},
      {"scores", [](const hearts::Observation& o) -> const void* { return o.scores; }},
      {"counters", [](const hearts::Observation& o) -> const void* { return o.counters; }},
      {"scores_imag", [](const hearts::Observation& o) -> const void* { return o.scores_imag; }},
      {"hand_counts", [](const hearts::Observation& o) -> const void* { return o.hand_counts; }},
      {"drawn_counts", [](const hearts::Observation& o) -> const void* { return o.drawn_counts; }},
  }};

  std::array<ptrdiff_t, kFields.size()> offsets_{};
  bool probe_works_ = false;
};

}  // namespace

HEARTS_EXPORT_BOT(Peeker, "peeker", "1.0", "Black Lady Arena tests")
