#include "players/shm_channel.h"

#include <fcntl.h>
#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>

namespace arena {

static_assert(std::is_trivially_copyable_v<ShmRequest> && std::is_trivially_copyable_v<ShmReply>);
static_assert(std::atomic_ref<uint32_t>::is_always_lock_free, "futex words must be lock-free");

std::unique_ptr<SharedPage> SharedPage::create(const char* name, std::string* error) {
  const int fd = ::memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) {
    *error = std::string("memfd_create failed: ") + std::strerror(errno);
    return nullptr;
  }
  // Sealed at its size: a child that could shrink the page would make the arena's next read of
  // it a SIGBUS.
  if (::ftruncate(fd, kShmPageSize) != 0 ||
      ::fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0) {
    *error = std::string("cannot size a shared page: ") + std::strerror(errno);
    ::close(fd);
    return nullptr;
  }
  void* data = ::mmap(nullptr, kShmPageSize, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (data == MAP_FAILED) {
    *error = std::string("cannot map a shared page: ") + std::strerror(errno);
    ::close(fd);
    return nullptr;
  }
  return std::unique_ptr<SharedPage>(new SharedPage(data, fd));
}

std::unique_ptr<SharedPage> SharedPage::adopt(int fd) {
  void* data = ::mmap(nullptr, kShmPageSize, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ::close(fd);
  if (data == MAP_FAILED) return nullptr;
  return std::unique_ptr<SharedPage>(new SharedPage(data, -1));
}

SharedPage::~SharedPage() {
  ::munmap(data_, kShmPageSize);
  close_fd();
}

void SharedPage::close_fd() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

uint32_t load_word(const uint32_t& word) {
  return std::atomic_ref<uint32_t>(const_cast<uint32_t&>(word)).load();
}

void store_word(uint32_t& word, uint32_t value) {
  std::atomic_ref<uint32_t>(word).store(value);
}

uint32_t add_word(uint32_t& word, uint32_t delta) {
  return std::atomic_ref<uint32_t>(word).fetch_add(delta) + delta;
}

void futex_wait(uint32_t& word, uint32_t expected, int64_t timeout_us) {
  timeout_us = std::max<int64_t>(timeout_us, 0);
  const timespec timeout{static_cast<time_t>(timeout_us / 1'000'000),
                         static_cast<long>(timeout_us % 1'000'000) * 1000};
  // Not FUTEX_WAIT_PRIVATE: the word is shared with another process.
  ::syscall(SYS_futex, &word, FUTEX_WAIT, expected, &timeout, nullptr, 0);
}

void futex_wake(uint32_t& word, int count) {
  ::syscall(SYS_futex, &word, FUTEX_WAKE, count, nullptr, nullptr, 0);
}

namespace {

constexpr size_t kSeatCountsSize = sizeof(hearts::SeatCounts);

// Copies `count` records from `from` (which may be null when count is 0).
template <typename T>
void copy_array(const T* from, int32_t count, T* to) {
  if (count > 0) std::memcpy(to, from, sizeof(T) * static_cast<size_t>(count));
}

}  // namespace

void fill_observation_slot(const hearts::Observation& obs, ObservationSlot* slot) {
  slot->obs = obs;
  // The referee's counts are within bounds; clamp anyway, so a slot is never overrun.
  copy_array(obs.plays, std::clamp(obs.num_plays, 0, hearts::kMaxPlays), slot->plays);
  copy_array(obs.trick_winners, std::clamp(obs.tricks_completed, 0, hearts::kMaxTricks),
             slot->trick_winners);
  copy_array(obs.passed, std::clamp(obs.passed_count, 0, hearts::kMaxPassCards), slot->passed);
  copy_array(obs.received, std::clamp(obs.received_count, 0, hearts::kMaxPassCards),
             slot->received);
  std::memcpy(slot->points_taken.data(), obs.points_taken, kSeatCountsSize);
  std::memcpy(slot->tricks_won.data(), obs.tricks_won, kSeatCountsSize);
  std::memcpy(slot->scores.data(), obs.scores, kSeatCountsSize);
  std::memcpy(slot->counters.data(), obs.counters, kSeatCountsSize);
  std::memcpy(slot->scores_imag.data(), obs.scores_imag, kSeatCountsSize);
  std::memcpy(slot->hand_counts.data(), obs.hand_counts, kSeatCountsSize);
  std::memcpy(slot->drawn_counts.data(), obs.drawn_counts, kSeatCountsSize);
}

bool take_observation_slot(const ObservationSlot& slot, const hearts::CompiledRules* rules,
                           OwnedObservation* out, std::string* error) {
  hearts::Observation& obs = out->obs;
  obs = slot.obs;
  // The pointers held the sender's addresses: never follow them.
  obs.rules = rules;
  out->point_at_own_arrays();
  if (rules == nullptr) {
    *error = "observation: no rules were sent before it";
    return false;
  }
  if (obs.num_players != rules->rules.num_players || obs.seat < 0 || obs.seat >= obs.num_players) {
    *error = "observation: seat " + std::to_string(obs.seat) + " of " +
             std::to_string(obs.num_players) + " players does not fit the rules";
    return false;
  }
  // A deal plays at most every card dealt: 52 with one deck (and jokers), up to 104 with two.
  if (obs.num_plays < 0 || obs.num_plays > hearts::kMaxPlays || obs.tricks_completed < 0 ||
      obs.tricks_completed > hearts::kMaxTricks || obs.passed_count < 0 ||
      obs.passed_count > hearts::kMaxPassCards || obs.received_count < 0 ||
      obs.received_count > hearts::kMaxPassCards) {
    *error = "observation: more passed, received or played cards than a deal holds";
    return false;
  }
  // current_trick() is plays from trick_start on: it must lie within the plays.
  if (obs.trick_start < 0 || obs.trick_start > obs.num_plays) {
    *error = "observation: trick_start " + std::to_string(obs.trick_start) + " is outside the " +
             std::to_string(obs.num_plays) + " plays";
    return false;
  }
  copy_array(slot.plays, obs.num_plays, out->plays.data());
  copy_array(slot.trick_winners, obs.tricks_completed, out->trick_winners.data());
  copy_array(slot.passed, obs.passed_count, out->passed.data());
  copy_array(slot.received, obs.received_count, out->received.data());
  out->points_taken = slot.points_taken;
  out->tricks_won = slot.tricks_won;
  out->scores = slot.scores;
  out->counters = slot.counters;
  out->scores_imag = slot.scores_imag;
  out->hand_counts = slot.hand_counts;
  out->drawn_counts = slot.drawn_counts;
  return true;
}

bool read_reply(const ShmReply& copy, uint64_t expected_seq, const char* detail_source,
                std::string* text, std::string* error) {
  if (copy.seq != expected_seq) {
    *error = "an answer to request " + std::to_string(copy.seq) + " (asked " +
             std::to_string(expected_seq) + ")";
    return false;
  }
  const auto status = static_cast<int32_t>(copy.status);
  if (status < static_cast<int32_t>(ReplyStatus::kOk) ||
      status > static_cast<int32_t>(ReplyStatus::kBadRequest)) {
    *error = "a reply of status " + std::to_string(status);
    return false;
  }
  if (copy.detail_size > kShmDetailMax) {
    *error = "a reply with " + std::to_string(copy.detail_size) + " bytes of detail (at most " +
             std::to_string(kShmDetailMax) + ")";
    return false;
  }
  // The text may change while it is read: it is only text, made one printable line.
  text->assign(detail_source, copy.detail_size);
  for (char& c : *text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  }
  return true;
}

}  // namespace arena
