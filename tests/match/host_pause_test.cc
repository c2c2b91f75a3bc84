// Host pauses: the arithmetic that decides what the referee may excuse, and the kernel's account
// of a real thread (run time, voluntary switches) that the arithmetic is fed.
#include "match/host_pause.h"

#include <gtest/gtest.h>

#include <time.h>

#include <chrono>
#include <thread>

namespace arena {
namespace {

ThreadAccount account(int64_t run_ns, int64_t wait_ns, int64_t switches) {
  return ThreadAccount{true, run_ns, wait_ns, switches};
}

TEST(HostPause, ExcusesWhatAThreadThatNeverSleptNeitherRanNorWaitedFor) {
  // 14 ms of wall time: 3 ms on a core, 1 ms waiting for one, no sleep: the host took 10 ms.
  EXPECT_EQ(host_pause_us(account(5'000'000, 700'000, 9), account(8'000'000, 1'700'000, 9), 14'000),
            10'000);
}

TEST(HostPause, ExcusesNothingForAThreadThatSleptOrBlocked) {
  // The same figures with one voluntary switch: the missing time may be the bot's own sleep.
  EXPECT_EQ(host_pause_us(account(0, 0, 9), account(3'000'000, 0, 10), 14'000), 0);
}

TEST(HostPause, ExcusesNothingWithoutBothReadings) {
  ThreadAccount missing;
  EXPECT_EQ(host_pause_us(missing, account(3'000'000, 0, 0), 14'000), 0);
  EXPECT_EQ(host_pause_us(account(0, 0, 0), missing, 14'000), 0);
}

TEST(HostPause, NeverExcusesMoreThanTheKernelLeftOut) {
  // Run time covering the wall time leaves nothing; partial microseconds count as run time.
  EXPECT_EQ(host_pause_us(account(0, 0, 0), account(20'000'000, 0, 0), 14'000), 0);
  EXPECT_EQ(host_pause_us(account(0, 0, 0), account(2'000'001, 0, 0), 2'001), 0);
  EXPECT_EQ(host_pause_us(account(0, 0, 0), account(2'000'001, 0, 0), 2'003), 2);
}

int64_t thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1'000'000'000LL + t.tv_nsec;
}

// Busy for `ns` of this thread's CPU time, however long the machine takes to give it that.
void burn_cpu_ns(int64_t ns) {
  const int64_t until = thread_cpu_ns() + ns;
  volatile uint64_t sink = 0;
  while (thread_cpu_ns() < until) sink = sink + 1;
}

TEST(KernelThreadAccounting, CountsThisThreadsRunTime) {
  const KernelThreadAccounting& kernel = KernelThreadAccounting::instance();
  const ThreadAccount before = kernel.read();
  if (!before.valid) GTEST_SKIP() << "this kernel shows no /proc/thread-self/schedstat";
  burn_cpu_ns(3'000'000);
  const ThreadAccount after = kernel.read();
  ASSERT_TRUE(after.valid);
  EXPECT_GE(after.run_ns - before.run_ns, 3'000'000);
  EXPECT_LT(after.run_ns - before.run_ns, 2'000'000'000) << "nanoseconds, not another unit";
}

TEST(KernelThreadAccounting, ASleepIsAVoluntarySwitchAndIsNeverExcused) {
  // A bot that sleeps past its limit: much wall time, little run time, and the switch that
  // shows the time was its own.
  const KernelThreadAccounting& kernel = KernelThreadAccounting::instance();
  const ThreadAccount before = kernel.read();
  if (!before.valid) GTEST_SKIP() << "this kernel shows no /proc/thread-self/schedstat";
  const auto start = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const int64_t wall_us = std::chrono::duration_cast<std::chrono::microseconds>(
                              std::chrono::steady_clock::now() - start)
                              .count();
  const ThreadAccount after = kernel.read();
  EXPECT_GT(after.voluntary_switches, before.voluntary_switches);
  EXPECT_EQ(host_pause_us(before, after, wall_us), 0);
}

// The kernel's schedstat run time of a running thread is brought up to date only at its clock
// ticks (every 4 ms at HZ=250), so a bot that watches only the wall clock reads as having run up
// to a tick less than it did. Were that lag excused, a bot could run a tick past its limit. Each
// trial starts right after a tick-free refresh of the count (clock_gettime on the thread's CPU
// clock brings it up to date), spins 6 ms on the wall clock and asks what the host took: the lag
// alone would excuse 0.5 ms or more in most trials; only a real host stop may.
TEST(KernelThreadAccounting, AThreadSpinningOnTheWallClockIsExcusedNoneOfItsOwnRunTime) {
  const KernelThreadAccounting& kernel = KernelThreadAccounting::instance();
  if (!kernel.read().valid) GTEST_SKIP() << "this kernel shows no /proc/thread-self/schedstat";
  constexpr int kTrials = 20;
  int excused_trials = 0;
  int64_t excused_us = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    thread_cpu_ns();
    const ThreadAccount before = kernel.read();
    const auto start = std::chrono::steady_clock::now();
    const auto until = start + std::chrono::milliseconds(6);
    while (std::chrono::steady_clock::now() < until) {
    }
    const int64_t wall_us = std::chrono::duration_cast<std::chrono::microseconds>(
                                std::chrono::steady_clock::now() - start)
                                .count();
    const ThreadAccount after = kernel.read();
    const int64_t excused = host_pause_us(before, after, wall_us);
    excused_us += excused;
    if (excused >= 500) ++excused_trials;
  }
  // A host stop lands in 120 ms of spinning now and then (a few a minute on the CI's VMs).
  EXPECT_LE(excused_trials, 2) << excused_us << " us excused in " << kTrials << " trials";
}

TEST(KernelThreadAccounting, EachThreadReadsItsOwnAccount) {
  // While another thread burns 30 ms of CPU, this one waits in join(): had the two shared one
  // schedstat file, this thread would see the other's run time.
  const KernelThreadAccounting& kernel = KernelThreadAccounting::instance();
  const ThreadAccount before = kernel.read();
  if (!before.valid) GTEST_SKIP() << "this kernel shows no /proc/thread-self/schedstat";
  int64_t worker_run_ns = 0;
  std::thread worker([&] {
    const ThreadAccount start = kernel.read();
    burn_cpu_ns(30'000'000);
    worker_run_ns = kernel.read().run_ns - start.run_ns;
  });
  worker.join();
  const ThreadAccount after = kernel.read();
  EXPECT_GE(worker_run_ns, 30'000'000);
  EXPECT_LT(after.run_ns - before.run_ns, 10'000'000);
}

}  // namespace
}  // namespace arena
