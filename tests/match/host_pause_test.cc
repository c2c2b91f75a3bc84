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
