#include "match/host_pause.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>

namespace arena {
namespace {

// This thread's schedstat file, opened on first use: /proc/thread-self names the opening thread,
// so each thread keeps its own descriptor, closed when the thread ends.
class SchedstatFile {
 public:
  SchedstatFile() : fd_(::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)) {}
  ~SchedstatFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  SchedstatFile(const SchedstatFile&) = delete;
  SchedstatFile& operator=(const SchedstatFile&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

// "<run ns> <wait ns> <times run>\n": the first two numbers.
bool parse_schedstat(const char* begin, const char* end, int64_t* run_ns, int64_t* wait_ns) {
  auto [after_run, run_error] = std::from_chars(begin, end, *run_ns);
  if (run_error != std::errc() || after_run == end || *after_run != ' ') return false;
  auto [after_wait, wait_error] = std::from_chars(after_run + 1, end, *wait_ns);
  return wait_error == std::errc();
}

}  // namespace

ThreadAccount KernelThreadAccounting::read() const {
  thread_local const SchedstatFile file;
  ThreadAccount account;
  if (file.fd() < 0) return account;
  // The thread's CPU clock first: reading it brings the kernel's count of a running thread's run
  // time up to date. schedstat's run time is only updated at the thread's ticks and switches, so
  // it lags by up to a tick (4 ms at HZ=250), and a bot that ran past its limit would have the lag
  // excused. Its run-queue wait is exact while the thread runs (counted when it got its core).
  timespec cpu{};
  if (::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu) != 0) return account;
  char text[96];
  int64_t stale_run_ns = 0;
  const ssize_t n = ::pread(file.fd(), text, sizeof text, 0);
  if (n <= 0 || !parse_schedstat(text, text + n, &stale_run_ns, &account.wait_ns)) {
    return account;
  }
  account.run_ns = static_cast<int64_t>(cpu.tv_sec) * 1'000'000'000 + cpu.tv_nsec;
  rusage usage{};
  if (::getrusage(RUSAGE_THREAD, &usage) != 0) return account;
  account.voluntary_switches = usage.ru_nvcsw;
  account.valid = true;
  return account;
}

const KernelThreadAccounting& KernelThreadAccounting::instance() {
  static const KernelThreadAccounting accounting;
  return accounting;
}

int64_t host_pause_us(const ThreadAccount& before, const ThreadAccount& after, int64_t wall_us) {
  if (!before.valid || !after.valid) return 0;
  if (after.voluntary_switches != before.voluntary_switches) return 0;
  const int64_t accounted_ns = (after.run_ns - before.run_ns) + (after.wait_ns - before.wait_ns);
  // Rounded up to whole microseconds, so the excuse never exceeds what the kernel left out.
  const int64_t accounted_us = (std::max<int64_t>(accounted_ns, 0) + 999) / 1000;
  return std::max<int64_t>(wall_us - accounted_us, 0);
}

}  // namespace arena
