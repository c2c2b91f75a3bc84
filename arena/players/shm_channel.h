// The shared-memory decision path between the arena and an isolated child (isolated.h).
//
// Each arena player gets a page of its own (one at a time; a page is reused by the next player
// of the same child once its player has gone, see ShmChannelState): a memfd the arena creates
// (sealed at its size, so the child cannot shrink it under the arena's feet), maps MAP_SHARED and
// hands to the child over the control socket. The page holds a fixed-size request slot (the
// observation with its arrays copied into fixed arrays, a notification, the bot's config) and a
// fixed-size reply slot, plus two futex words: the arena publishes a request by storing its
// sequence number in `request_word`, the child answers by storing it in `reply_word`. Each side
// spins briefly on the word it waits for, then sleeps in FUTEX_WAIT (shared futexes: the page is
// mapped in two processes), and the other side calls FUTEX_WAKE only if the waiter said it sleeps.
//
// The child serves all its channels from one thread (one request is outstanding per child at a
// time: each arena thread has a child of its own), so it sleeps on one more futex, the bell in a
// per-child doorbell page, which the arena rings when the child sleeps.
//
// Neither side trusts the other's memory: the page may change at any time. A reader copies a
// slot out once and validates the copy (counts, lengths, card ids, sequence numbers).
// Thread safety: a page belongs to one thread on each side.
#pragma once

#include <sched.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "hearts/observation.h"
#include "hearts/plugin.h"
#include "players/isolated_wire.h"
#include "players/owned_observation.h"

namespace arena {

inline constexpr uint32_t kShmChannelMagic = 0x31434853;   // "SHC1" in memory order
inline constexpr uint32_t kShmDoorbellMagic = 0x31424853;  // "SHB1"
inline constexpr size_t kShmPageSize = 4096;
inline constexpr uint32_t kShmDetailMax = 1024;  // bytes of error text a reply can carry

// An observation with its arrays in place: what the request slot carries.
struct ObservationSlot {
  hearts::Observation obs;  // its pointers are the sender's and never followed
  hearts::PlayRecord plays[hearts::kMaxDealCards];
  uint8_t trick_winners[hearts::kMaxTricks];
  hearts::Card passed[hearts::kMaxPassCards];
  hearts::ReceivedCard received[hearts::kMaxPassCards];
  hearts::SeatCounts points_taken, tricks_won, scores, counters;
};

enum ShmRequestFlags : uint32_t {
  kShmNewRules = 1,  // the page's rules slot holds rules this request uses (copy them)
  kShmCreate = 2,    // create the channel's bot from `config` (dropping the page's previous
                     // player's, if the child still has it) before answering
};

// Values of ShmChannelPage::state. A page outlives its player: the arena keeps a page whose last
// exchange completed for the process's next player (no new memfd, descriptor or mapping per
// game), and hands it back with kShmCreate on its first request.
enum ShmChannelState : uint32_t {
  kShmChannelInUse = 0,  // an arena player uses the page
  kShmChannelIdle = 1,   // its player has gone: the child drops the bot and keeps the page
  kShmChannelGone = 2,   // the page has gone too: the child unmaps it
};

struct ShmRequest {
  uint64_t seq = 0;
  uint32_t type = 0;  // FrameType::kDecide or kNotify
  uint32_t flags = 0;
  int32_t kind = 0;  // kNotify: the notification kind
  hearts::DealResult result{};
  hearts::BotConfig config{};
  ObservationSlot observation;
};

struct ShmReply {
  uint64_t seq = 0;  // repeats the request's
  ReplyStatus status = ReplyStatus::kOk;
  uint32_t detail_size = 0;
  hearts::Decision decision{};
  char detail[kShmDetailMax];
};

// One player's page. Words written by one side and waited on by the other sit on cache lines
// of their own.
struct ShmChannelPage {
  uint32_t magic;
  uint32_t reserved;
  alignas(64) uint32_t request_word;  // futex: low 32 bits of the newest request's seq (arena)
  uint32_t state;                     // ShmChannelState (arena)
  alignas(64) uint32_t reply_word;    // futex: low 32 bits of the seq answered last (child)
  uint32_t arena_waiting;             // 1 while the arena sleeps on reply_word (arena)
  alignas(64) ShmRequest request;
  alignas(64) hearts::CompiledRules rules;
  alignas(64) ShmReply reply;
};
static_assert(sizeof(ShmChannelPage) <= kShmPageSize);

// One per child process: where its serving thread sleeps when no channel has work.
struct ShmDoorbellPage {
  uint32_t magic;
  uint32_t reserved;
  alignas(64) uint32_t bell;      // futex: the arena adds one to wake the child
  uint32_t child_sleeping;        // 1 while the child sleeps on `bell` (child)
  alignas(64) uint32_t channels;  // channel pages the arena has handed over (arena)
};
static_assert(sizeof(ShmDoorbellPage) <= kShmPageSize);

// A memfd page mapped in this process; unmapped (and its fd closed) when destroyed.
class SharedPage {
 public:
  // Arena side: a new sealed memfd of kShmPageSize bytes, zeroed, mapped. Null with *error.
  static std::unique_ptr<SharedPage> create(const char* name, std::string* error);
  // Child side: maps the page behind `fd` and closes the fd. Null if it cannot be mapped.
  static std::unique_ptr<SharedPage> adopt(int fd);
  ~SharedPage();
  SharedPage(const SharedPage&) = delete;
  SharedPage& operator=(const SharedPage&) = delete;

  void* data() const { return data_; }
  int fd() const { return fd_; }  // -1 once closed
  void close_fd();

 private:
  SharedPage(void* data, int fd) : data_(data), fd_(fd) {}
  void* data_;
  int fd_;
};

// Atomic access to a word of a shared page (seq_cst: both sides use store-then-load handshakes).
uint32_t load_word(const uint32_t& word);
void store_word(uint32_t& word, uint32_t value);
uint32_t add_word(uint32_t& word, uint32_t delta);

// FUTEX_WAIT while *word == expected, at most timeout_us; returns early on a wake, a signal or
// a changed value. FUTEX_WAKE of up to `count` waiters.
void futex_wait(uint32_t& word, uint32_t expected, int64_t timeout_us);
void futex_wake(uint32_t& word, int count);

// One pause instruction: tells the core that this is a spin loop.
inline void cpu_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Spins (a pause instruction per round) while `still_waiting()` holds, for at most `spin_us`.
// True if it stopped because the condition ended.
template <typename Predicate>
bool spin_while(Predicate still_waiting, int64_t spin_us) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(spin_us);
  while (true) {
    for (int k = 0; k < 64; ++k) {  // the clock is read once per 64 rounds
      if (!still_waiting()) return true;
      cpu_pause();
    }
    if (std::chrono::steady_clock::now() >= until) return !still_waiting();
    sched_yield();  // on a busy machine the other side may need this core to answer
  }
}

// How long each side spins (pausing, and yielding the core every 64 rounds) before it sleeps.
inline constexpr int64_t kArenaSpinUs = 30;
inline constexpr int64_t kChildSpinUs = 20;

// Arena side: copies `obs` and the arrays it points to into `slot`.
void fill_observation_slot(const hearts::Observation& obs, ObservationSlot* slot);
// Child side: takes an observation out of a slot *already copied out of the page*, checking
// every count against the bounds of its arrays and the rules; `rules` becomes its rules.
bool take_observation_slot(const ObservationSlot& slot, const hearts::CompiledRules* rules,
                           OwnedObservation* out, std::string* error);

// Arena side: what a reply *copied out of the page* says, checked. `detail_source` is the page's
// detail text, read only within the copied, checked length. False with *error (why the reply is
// malformed); else *text holds the detail made one printable line.
bool read_reply(const ShmReply& copy, uint64_t expected_seq, const char* detail_source,
                std::string* text, std::string* error);

}  // namespace arena
