#include "players/sandbox.h"

#include <fcntl.h>
#include <linux/capability.h>
#include <linux/landlock.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "players/frame_channel.h"
#include "players/plugin_loader.h"

namespace arena {
namespace {

namespace fs = std::filesystem;

// ---- The refused-call report (runs in a signal handler: async-signal-safe code only) ----

constexpr int kMaxSyscallNumber = 512;
std::array<const char*, kMaxSyscallNumber> syscall_names{};  // resolved before the filter is on
int report_fd = -1;

size_t append_text(char* out, size_t at, size_t cap, const char* text) {
  while (*text != '\0' && at < cap) out[at++] = *text++;
  return at;
}

void on_refused_call(int, siginfo_t* info, void*) {
  char text[128];
  size_t n = append_text(text, 0, sizeof text, "blocked system call ");
  const int number = info->si_syscall;
  if (number >= 0 && number < kMaxSyscallNumber && syscall_names[number] != nullptr) {
    n = append_text(text, n, sizeof text, syscall_names[number]);
  } else {
    n = append_text(text, n, sizeof text, "number ");
    char digits[12];
    int d = 0;
    unsigned value = static_cast<unsigned>(number);
    do {
      digits[d++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value != 0 && d < 11);
    while (d > 0 && n < sizeof text) text[n++] = digits[--d];
  }
  n = append_text(text, n, sizeof text, " (seccomp)");
  if (report_fd >= 0) {
    char frame[sizeof(FrameHeader) + sizeof text];
    FrameHeader header;
    header.type = static_cast<uint32_t>(FrameType::kViolation);
    header.length = static_cast<uint32_t>(n);
    std::memcpy(frame, &header, sizeof header);
    std::memcpy(frame + sizeof header, text, n);
    [[maybe_unused]] const ssize_t sent = ::write(report_fd, frame, sizeof header + n);
  }
  // And in the bot's own log, where its author looks first.
  if (n < sizeof text) text[n++] = '\n';
  [[maybe_unused]] const ssize_t logged = ::write(STDERR_FILENO, text, n);
  ::syscall(SYS_exit_group, kBlockedCallExit);
}

// ---- Namespaces, capabilities, Landlock ----

constexpr rlim_t kMaxThreads = 512;  // RLIMIT_NPROC in the child's user namespace

void enter_network_namespace(SandboxState* state) {
  // A user namespace makes the network namespace possible without privileges; the new network
  // namespace has only a loopback interface, and it is down.
  if (::unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0) {
    state->network_namespace = true;
    // Inside its own user namespace the process count is the child's own (Linux 5.14 and
    // later), so a limit caps its threads without counting the user's other processes.
    const rlimit threads{kMaxThreads, kMaxThreads};
    ::setrlimit(RLIMIT_NPROC, &threads);
    return;
  }
  state->notes += std::string("no network namespace (unshare: ") + std::strerror(errno) +
                  "); seccomp alone refuses sockets. ";
}

bool drop_capabilities(std::string* error) {
  for (int cap = 0; cap <= CAP_LAST_CAP; ++cap) ::prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[2] = {};
  if (::syscall(SYS_capset, &header, data) != 0) {
    *error = std::string("cannot drop capabilities: ") + std::strerror(errno);
    return false;
  }
  return true;
}

uint64_t landlock_fs_rights(int abi) {
  uint64_t rights =
      LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE |
      LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
      LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
      LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
      LANDLOCK_ACCESS_FS_MAKE_SYM;
  if (abi >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;
#ifdef LANDLOCK_ACCESS_FS_TRUNCATE
  if (abi >= 3) rights |= LANDLOCK_ACCESS_FS_TRUNCATE;
#endif
  return rights;
}

// Read-only access beneath each readable path, nothing else anywhere; where the kernel has no
// Landlock, *state notes it.
void restrict_files(const std::vector<std::string>& readable, SandboxState* state) {
  const long abi =
      ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi < 1) {
    state->notes += "no Landlock on this kernel; seccomp alone refuses opening files for writing. ";
    return;
  }
  landlock_ruleset_attr attr{};
  attr.handled_access_fs = landlock_fs_rights(static_cast<int>(abi));
  const int ruleset =
      static_cast<int>(::syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0));
  if (ruleset < 0) {
    state->notes += std::string("Landlock refused a ruleset (") + std::strerror(errno) + "). ";
    return;
  }
  const uint64_t read_only =
      LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
  for (const std::string& path : readable) {
    const int fd = ::open(path.c_str(), O_PATH | O_CLOEXEC);
    if (fd < 0) continue;  // a folder this system does not have
    landlock_path_beneath_attr rule{};
    rule.parent_fd = fd;
    // A file takes only file rights; a folder all three.
    rule.allowed_access =
        fs::is_directory(path) ? read_only : read_only & ~LANDLOCK_ACCESS_FS_READ_DIR;
    ::syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
    ::close(fd);
  }
  state->landlock = ::syscall(SYS_landlock_restrict_self, ruleset, 0) == 0;
  if (!state->landlock) {
    state->notes += std::string("Landlock not applied (") + std::strerror(errno) + "). ";
  }
  ::close(ruleset);
}

// ---- seccomp ----

// Calls allowed whatever their arguments.
// clang-format off
constexpr const char* kAllowed[] = {
    // memory
    "brk", "mmap", "munmap", "mremap", "mprotect", "madvise", "mincore", "mlock", "munlock",
    "membarrier", "get_mempolicy", "memfd_create",
    // threads and synchronisation
    "futex", "futex_waitv", "set_robust_list", "get_robust_list", "rseq", "set_tid_address",
    "sched_yield", "sched_getaffinity", "sched_setaffinity", "sched_getparam",
    "sched_getscheduler", "sched_get_priority_max", "sched_get_priority_min", "getcpu",
    "arch_prctl", "prctl", "exit", "exit_group",
    // clocks and timers
    "clock_gettime", "clock_getres", "clock_nanosleep", "gettimeofday", "nanosleep", "time",
    "timer_create", "timer_settime", "timer_gettime", "timer_delete", "timer_getoverrun",
    "timerfd_create", "timerfd_settime", "timerfd_gettime", "getitimer", "setitimer", "alarm",
    // signals (to itself: kill and tgkill are checked below)
    "rt_sigprocmask", "rt_sigreturn", "rt_sigpending", "rt_sigtimedwait", "rt_sigsuspend",
    "sigaltstack", "restart_syscall", "pause",
    // I/O on descriptors it has: the channel, the log, files it opened read-only
    "read", "write", "readv", "writev", "pread64", "pwrite64", "preadv", "pwritev", "close",
    "close_range", "lseek", "fstat", "newfstatat", "statx", "stat", "lstat", "fstatfs",
    "statfs", "fcntl", "dup", "dup2", "dup3", "ioctl", "fsync", "fdatasync", "fadvise64",
    "getdents64", "readlink", "readlinkat", "access", "faccessat", "faccessat2", "getcwd",
    "recvmsg", "sendmsg", "recvfrom", "sendto", "shutdown", "getsockopt", "getsockname",
    "poll", "ppoll", "select", "pselect6", "epoll_create1", "epoll_ctl", "epoll_wait",
    "epoll_pwait", "eventfd2", "pipe", "pipe2",
    // who am I
    "getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid", "getgroups",
    "getresuid", "getresgid", "getpgrp", "getpgid", "getsid", "uname", "sysinfo", "getrusage",
    "times", "getrandom", "getpriority",
};
// clang-format on

struct Rule {
  uint32_t action;
  const char* name;
  std::vector<scmp_arg_cmp> args;
};

// Calls allowed only with some arguments: reading files, threads but not processes, signals
// to itself, limits read but never raised.
std::vector<Rule> conditional_rules(pid_t self) {
  const scmp_datum_t write_flags = O_ACCMODE | O_CREAT | O_TRUNC | O_APPEND | 020000000;
  const auto pid = static_cast<scmp_datum_t>(self);
  return {
      {SCMP_ACT_ALLOW, "openat", {SCMP_A2(SCMP_CMP_MASKED_EQ, write_flags, 0)}},
      {SCMP_ACT_ALLOW, "open", {SCMP_A1(SCMP_CMP_MASKED_EQ, write_flags, 0)}},
      {SCMP_ACT_ALLOW, "clone", {SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD)}},
      {SCMP_ACT_ALLOW, "kill", {SCMP_A0(SCMP_CMP_EQ, pid)}},
      {SCMP_ACT_ALLOW, "kill", {SCMP_A0(SCMP_CMP_EQ, 0)}},
      {SCMP_ACT_ALLOW, "tgkill", {SCMP_A0(SCMP_CMP_EQ, pid)}},
      {SCMP_ACT_ALLOW, "prlimit64", {SCMP_A2(SCMP_CMP_EQ, 0)}},
      {SCMP_ACT_ALLOW, "getrlimit", {}},
      // The refused-call handler stays: re-routing SIGSYS is refused like any other call.
      {SCMP_ACT_ALLOW, "rt_sigaction", {SCMP_A0(SCMP_CMP_NE, SIGSYS)}},
      // Answered "not implemented", so the C library falls back to calls the filter can check.
      {SCMP_ACT_ERRNO(ENOSYS), "clone3", {}},
      {SCMP_ACT_ERRNO(ENOSYS), "openat2", {}},
  };
}

bool add_rule(scmp_filter_ctx filter, uint32_t action, const char* name,
              const std::vector<scmp_arg_cmp>& args, std::string* error) {
  const int number = seccomp_syscall_resolve_name(name);
  if (number == __NR_SCMP_ERROR) return true;  // not a call on this architecture
  const int rc = seccomp_rule_add_array(filter, action, number, static_cast<unsigned>(args.size()),
                                        args.empty() ? nullptr : args.data());
  if (rc != 0) {
    *error = std::string("seccomp: cannot add a rule for ") + name + ": " + std::strerror(-rc);
    return false;
  }
  return true;
}

void resolve_syscall_names() {
  for (int number = 0; number < kMaxSyscallNumber; ++number) {
    // Allocated once and kept: the handler may need any of them.
    syscall_names[number] = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, number);
  }
}

bool install_filter(std::string* error) {
  scmp_filter_ctx filter = seccomp_init(SCMP_ACT_TRAP);
  if (filter == nullptr) {
    *error = "seccomp: cannot create a filter";
    return false;
  }
  bool ok = true;
  for (const char* name : kAllowed) ok = ok && add_rule(filter, SCMP_ACT_ALLOW, name, {}, error);
  for (const Rule& rule : conditional_rules(::getpid())) {
    ok = ok && add_rule(filter, rule.action, rule.name, rule.args, error);
  }
  if (ok) {
    const int rc = seccomp_load(filter);
    if (rc != 0) {
      *error = std::string("seccomp: cannot load the filter: ") + std::strerror(-rc);
      ok = false;
    }
  }
  seccomp_release(filter);
  return ok;
}

}  // namespace

bool enter_sandbox(const SandboxPlan& plan, SandboxState* state, std::string* error) {
  enter_network_namespace(state);
  // Before Landlock: without it, an unprivileged process may not restrict itself.
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    *error = std::string("cannot set no_new_privs: ") + std::strerror(errno);
    return false;
  }
  restrict_files(plan.readable, state);
  if (!drop_capabilities(error)) return false;
  ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);  // other processes of this user cannot read its memory
  resolve_syscall_names();
  report_fd = plan.report_fd;
  struct sigaction action {};
  action.sa_sigaction = on_refused_call;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  if (::sigaction(SIGSYS, &action, nullptr) != 0) {
    *error = std::string("cannot install the SIGSYS handler: ") + std::strerror(errno);
    return false;
  }
  return install_filter(error);
}

std::vector<std::string> sandbox_readable_paths(const std::string& plugin_path) {
  std::vector<std::string> paths = {"/usr",      "/lib",      "/lib64",       "/etc/ld.so.cache",
                                    "/dev/null", "/dev/zero", "/dev/urandom", "/proc/self/"};
  std::error_code ec;
  const fs::path plugin = fs::weakly_canonical(plugin_path, ec);
  if (!ec) paths.push_back(plugin.parent_path().string());
  if (const char* library_path = std::getenv("LD_LIBRARY_PATH")) {
    for (const std::string& dir : split_path_list(library_path)) paths.push_back(dir);
  }
  return paths;
}

}  // namespace arena
