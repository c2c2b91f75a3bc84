#include "players/isolated.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <functional>
#include <mutex>
#include <thread>

#include "players/frame_channel.h"
#include "players/isolated_pool.h"
#include "players/isolated_wire.h"
#include "players/remote_player.h"
#include "players/sandbox.h"
#include "players/shm_channel.h"

namespace arena {
namespace {

namespace fs = std::filesystem;

constexpr int kChildControlFd = 3;  // where the child finds its control socket

std::string describe_exit(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = sigabbrev_np(sig);
    return "was killed by signal " + std::to_string(sig) +
           (name ? " (SIG" + std::string(name) + ")" : "");
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == kBlockedCallExit) {
    return "was stopped by its sandbox (a blocked system call)";
  }
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "was stopped";
}

// Forks on one thread that lives as long as the process. PR_SET_PDEATHSIG fires when the
// *thread* that forked the child exits, not the process: a child restarted from a tournament
// worker would otherwise be killed as soon as that worker finished its share of games.
// `in_child` runs in the child (async-signal-safe calls only) and must not return.
pid_t fork_on_spawner_thread(const std::function<void()>& in_child) {
  struct Spawner {
    std::mutex mutex;
    std::condition_variable cv;
    const std::function<void()>* request = nullptr;
    pid_t result = 0;
    int result_errno = 0;
    bool done = false;
  };
  // Never destroyed: the thread may still wait on it while the process exits. A process forked
  // from this one (a test's stand-in arena) has no spawner thread: it starts its own.
  static std::mutex one_at_a_time;
  std::lock_guard serial(one_at_a_time);
  static pid_t spawner_owner = -1;
  static Spawner* spawner = nullptr;
  if (spawner_owner != ::getpid()) {
    spawner_owner = ::getpid();
    auto* state = new Spawner;
    std::thread([state] {
      std::unique_lock lock(state->mutex);
      while (true) {
        state->cv.wait(lock, [state] { return state->request != nullptr && !state->done; });
        const pid_t pid = ::fork();
        if (pid == 0) {
          (*state->request)();
          ::_exit(127);
        }
        state->result = pid;
        state->result_errno = errno;
        state->done = true;
        state->cv.notify_all();
      }
    }).detach();
    spawner = state;
  }
  std::unique_lock lock(spawner->mutex);
  spawner->request = &in_child;
  spawner->done = false;
  spawner->cv.notify_all();
  spawner->cv.wait(lock, [&] { return spawner->done; });
  spawner->request = nullptr;
  errno = spawner->result_errno;
  return spawner->result;
}

std::string executable_path() {
  std::error_code ec;
  return fs::read_symlink("/proc/self/exe", ec).string();
}

// The command line of a child serving `plugin_path` on the control socket.
std::vector<std::string> serve_command(const std::string& plugin_path, bool sandbox) {
  const std::string exe = executable_path();
  const std::string channel_fd = std::to_string(kChildControlFd);
  return {exe,         "--log-level",  "warn",     "serve",     "--bot",
          plugin_path, "--channel-fd", channel_fd, "--sandbox", sandbox ? "on" : "off"};
}

// What the child gets before exec: rlimits, descriptors and a working folder.
struct ChildLimits {
  int memory_limit_mb = 0;
  int64_t cpu_seconds = 0;
  int64_t file_size_bytes = 0;    // 0 = none
  const char* workdir = nullptr;  // null: the arena's own
  int null_fd = -1;               // becomes stdin
};

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

// Sets one rlimit, soft and hard (async-signal-safe).
void limit(int resource, rlim_t value) {
  const rlimit both{value, value};
  ::setrlimit(resource, &both);
}

void apply_child_limits(const ChildLimits& limits) {
  // AddressSanitizer reserves terabytes of shadow address space: an address-space limit would
  // stop the child before main(), so sanitizer builds go without it.
  if (limits.memory_limit_mb > 0 && !kAddressSanitizer) {
    limit(RLIMIT_AS, static_cast<rlim_t>(limits.memory_limit_mb) * 1024 * 1024);
  }
  limit(RLIMIT_CORE, 0);
  if (limits.cpu_seconds > 0) {
    // Soft below hard: the child dies of SIGXCPU, which names the cause, not of a bare SIGKILL.
    const rlim_t seconds = static_cast<rlim_t>(limits.cpu_seconds);
    const rlimit cpu{seconds, seconds + 1};
    ::setrlimit(RLIMIT_CPU, &cpu);
  }
  if (limits.file_size_bytes > 0) {
    limit(RLIMIT_FSIZE, static_cast<rlim_t>(limits.file_size_bytes));
    ::signal(SIGXFSZ, SIG_IGN);  // a full log makes writes fail, not the child die
  }
}

std::vector<std::string> child_environment(bool memory_limited) {
  // RLIMIT_AS counts reserved address space, and glibc may reserve 64 MiB of malloc arena for
  // each thread: with a channel thread per player, a limit of a few hundred MiB would starve the
  // child itself. Two arenas cap that reservation.
  std::vector<std::string> env_strings;
  bool arena_max_set = false;
  for (char** e = environ; *e != nullptr; ++e) {
    env_strings.emplace_back(*e);
    arena_max_set = arena_max_set || env_strings.back().starts_with("MALLOC_ARENA_MAX=");
  }
  if (memory_limited && !arena_max_set) env_strings.emplace_back("MALLOC_ARENA_MAX=2");
  return env_strings;
}

// A null-terminated array of pointers into `strings` (which must outlive it), as exec wants.
std::vector<char*> c_string_array(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Forks the child: its output goes to `log_fd`, `control_fd` becomes kChildControlFd, every
// other descriptor is closed, then it execs argv with envp. Returns the pid, or -1 with errno.
pid_t fork_child(const std::vector<char*>& argv, const std::vector<char*>& envp, int log_fd,
                 int control_fd, const ChildLimits& limits) {
  const pid_t parent = ::getpid();
  return fork_on_spawner_thread([&] {
    // Child: only async-signal-safe calls until exec.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the arena
    if (::getppid() != parent) ::_exit(1);
    apply_child_limits(limits);
    if (limits.workdir != nullptr && ::chdir(limits.workdir) != 0) ::_exit(1);
    if (limits.null_fd >= 0) ::dup2(limits.null_fd, STDIN_FILENO);
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    // The control socket at a fixed number, open across exec (dup2 clears close-on-exec).
    if (control_fd == kChildControlFd) {
      ::fcntl(kChildControlFd, F_SETFD, 0);
    } else {
      ::dup2(control_fd, kChildControlFd);
    }
    ::close_range(kChildControlFd + 1, ~0U, 0);
    ::execve(argv[0], argv.data(), envp.data());
  });
}

// How long the arena sleeps on a reply word before it looks whether the child died.
constexpr int64_t kDeathCheckUs = 2'000;

// What an exchange that did not yield a reply ran into.
enum class Lost { kTimeout, kDied, kMalformed, kNoChannel };

// One seat's bot instance in the child, reached through a shared page of its own.
class IsolatedPlayer final : public Player {
 public:
  IsolatedPlayer(std::shared_ptr<const IsolatedSource> source, std::shared_ptr<IsolatedChild> child,
                 const hearts::BotConfig& config)
      : source_(std::move(source)), child_(std::move(child)), config_(config) {}
  ~IsolatedPlayer() override { release_channel(); }

  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    const int64_t wait_us = std::max<int64_t>(obs.time_left_us, 0) + child_->margin_us();
    ShmReply reply;
    std::string text;
    CallResult call = exchange(FrameType::kDecide, obs, 0, nullptr, wait_us, &reply, &text);
    if (call.status != CallStatus::kOk) {
      if (call.status == CallStatus::kTimeout) {
        call.detail = "no answer within " + std::to_string(obs.time_left_us / 1000) +
                      " ms; the bot's process was killed and restarted";
      }
      return call;
    }
    if (reply.status != ReplyStatus::kOk) return failed(reply.status, text);
    // An answer that is no card or no pass goes to the referee as it is, with what is wrong with
    // it, so it is the same violation (ILLEGAL_PLAY, BAD_PASS, BAD_CHOICE) as in process.
    *out = reply.decision;
    const std::string bad = check_decision(obs.phase, reply.decision, obs.rules);
    return {CallStatus::kOk, bad.empty() ? "" : "the bot's process answered " + bad, ""};
  }

  CallResult notify(int32_t kind, const hearts::Observation& obs,
                    const hearts::DealResult& result) override {
    const int64_t wait_us =
        std::max<int64_t>(obs.time_left_us, 0) + child_->margin_us() + 1'000'000;
    ShmReply reply;
    std::string text;
    CallResult call = exchange(FrameType::kNotify, obs, kind, &result, wait_us, &reply, &text);
    if (call.status != CallStatus::kOk) return call;
    if (reply.status != ReplyStatus::kOk) return failed(reply.status, text);
    return {};
  }

  const BotIdentity& identity() const override { return source_->identity(); }

  // A crash already restarted the child; if that restart failed, it is tried again, with pauses.
  bool await_available(int64_t timeout_us) override {
    using std::chrono::steady_clock;
    const auto deadline =
        steady_clock::now() + std::chrono::microseconds(std::max<int64_t>(timeout_us, 0));
    steady_clock::duration pause = std::chrono::milliseconds(50);
    while (!child_->running()) {
      const auto now = steady_clock::now();
      if (now >= deadline) return false;
      std::this_thread::sleep_for(std::min(pause, deadline - now));
      pause = std::min<steady_clock::duration>(2 * pause, std::chrono::seconds(1));
      child_->restart(child_->generation());
    }
    return true;
  }

 private:
  static CallResult failed(ReplyStatus status, const std::string& text) {
    if (status == ReplyStatus::kBotFailed) return {CallStatus::kError, text, ""};
    return {CallStatus::kError, "the bot's process rejected the request: " + text, ""};
  }

  ShmChannelPage& page() const { return *static_cast<ShmChannelPage*>(page_->data()); }

  // Rings the child's doorbell if its serving thread sleeps.
  static void ring(const std::shared_ptr<SharedPage>& doorbell) {
    auto& bell = *static_cast<ShmDoorbellPage*>(doorbell->data());
    if (load_word(bell.child_sleeping) != 0) {
      add_word(bell.bell, 1);
      futex_wake(bell.bell, 1);
    }
  }

  // After a failed exchange: tells the child the channel is gone (it drops the bot and unmaps
  // the page) and unmaps it here.
  void close_channel() {
    if (!page_) return;
    store_word(page().state, kShmChannelGone);
    ring(doorbell_);
    page_.reset();
    doorbell_.reset();
  }

  // When the player goes, its last exchange complete: the child drops the bot, and the page
  // waits for the next player of the process.
  void release_channel() {
    if (!page_) return;
    store_word(page().state, kShmChannelIdle);
    ring(doorbell_);
    child_->return_channel(std::move(page_), generation_, seq_);
    doorbell_.reset();
  }

  // A page of the current process (fresh, or left by an earlier player): the sequence goes on
  // from its words.
  bool open_channel(std::string* detail) {
    close_channel();
    page_ = child_->take_channel(&generation_, &doorbell_, &seq_, detail);
    if (!page_) {
      doorbell_.reset();
      return false;
    }
    created_ = false;
    sent_rules_ = nullptr;
    rules_sent_ = false;
    return true;
  }

  // Puts the rules into the page, unless the child already has these rules on this channel.
  uint32_t add_rules(const hearts::CompiledRules* rules) {
    if (rules == sent_rules_) return 0;
    sent_rules_ = rules;
    // Derived tables are a function of the options: equal options, equal rules.
    if (rules_sent_ && sent_copy_.rules == rules->rules) return 0;
    sent_copy_ = *rules;
    rules_sent_ = true;
    page().rules = *rules;
    return kShmNewRules;
  }

  // Writes one request into the page (opening the channel and creating the bot first if needed),
  // publishes it and waits for its reply by the deadline. Any failure closes the channel;
  // timeouts and deaths restart the child.
  CallResult exchange(FrameType type, const hearts::Observation& obs, int32_t kind,
                      const hearts::DealResult* result, int64_t wait_us, ShmReply* reply,
                      std::string* text) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::microseconds(wait_us);
    std::string detail;
    if (!page_ || generation_ != child_->generation()) {
      if (!open_channel(&detail)) return lost(Lost::kNoChannel, detail);
    }
    ++seq_;
    ShmRequest& request = page().request;
    request.seq = seq_;
    request.type = static_cast<uint32_t>(type);
    // The bot is created with the rules of its first request (the referee's, as in config_).
    request.flags = add_rules(obs.rules);
    if (!created_) {
      request.flags |= kShmCreate;
      request.config = config_;
      request.config.rules = nullptr;
    }
    if (type == FrameType::kNotify) {
      request.kind = kind;
      request.result = *result;
    }
    fill_observation_slot(obs, &request.observation);
    store_word(page().request_word, static_cast<uint32_t>(seq_));
    ring(doorbell_);
    return await_reply(deadline, reply, text);
  }

  // Spins, then sleeps in slices, until the reply word says seq_; between slices it looks
  // whether the child died and whether the deadline passed.
  CallResult await_reply(std::chrono::steady_clock::time_point deadline, ShmReply* reply,
                         std::string* text) {
    ShmChannelPage& shared = page();
    const auto asked = static_cast<uint32_t>(seq_);
    const auto previous = static_cast<uint32_t>(seq_ - 1);  // what the word says until then
    spin_while([&] { return load_word(shared.reply_word) == previous; }, kArenaSpinUs);
    while (true) {
      const uint32_t word = load_word(shared.reply_word);
      if (word == asked) break;
      if (word != previous) {
        return lost(Lost::kMalformed, "an answer to request " + std::to_string(word) + " (asked " +
                                          std::to_string(asked) + ")");
      }
      const auto left = std::chrono::duration_cast<std::chrono::microseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      if (left <= 0) return lost(Lost::kTimeout, "");
      store_word(shared.arena_waiting, 1);
      futex_wait(shared.reply_word, previous, std::min(left, kDeathCheckUs));
      store_word(shared.arena_waiting, 0);
      if (load_word(shared.reply_word) == previous && child_->exiting(0)) {
        return lost(Lost::kDied, "");
      }
    }
    // Copied out once (all but the text); the copy is what is checked and used.
    std::memcpy(static_cast<void*>(reply), &shared.reply, offsetof(ShmReply, detail));
    std::string error;
    if (!read_reply(*reply, seq_, shared.reply.detail, text, &error)) {
      return lost(Lost::kMalformed, error);
    }
    created_ = true;
    return {};
  }

  // What a broken exchange means: a hung child is killed, a dead one reaped; both restart.
  CallResult lost(Lost what, const std::string& detail) {
    close_channel();
    const uint64_t generation = generation_;
    if (what == Lost::kTimeout) {
      child_->restart(generation);
      return {CallStatus::kTimeout, "no answer; the bot's process was killed and restarted", ""};
    }
    if (what == Lost::kMalformed) {
      return {CallStatus::kMalformed, "the bot's process sent " + detail, ""};
    }
    // The child is dying, or could not take a channel.
    if (child_->exiting(100'000)) {
      const std::string death = child_->reap_if_dead(1'000'000);
      const bool up = child_->restart(generation);
      return {CallStatus::kCrash,
              "the bot's process " + (death.empty() ? "closed its control socket" : death) +
                  (up ? "; restarted" : "; it could not be restarted") +
                  " (log: " + child_->log_path() + ")",
              ""};
    }
    return {CallStatus::kUnavailable,
            "the bot's process did not take a channel" + (detail.empty() ? "" : ": " + detail), ""};
  }

  std::shared_ptr<const IsolatedSource> source_;  // for the identity
  std::shared_ptr<IsolatedChild> child_;
  hearts::BotConfig config_;
  std::unique_ptr<SharedPage> page_;      // this player's channel, while open
  std::shared_ptr<SharedPage> doorbell_;  // the doorbell of the process serving page_
  uint64_t generation_ = 0;               // the child the channel belongs to
  uint64_t seq_ = 0;
  bool created_ = false;  // the child has been asked to create the bot on this channel
  const hearts::CompiledRules* sent_rules_ = nullptr;
  bool rules_sent_ = false;
  hearts::CompiledRules sent_copy_;  // the rules the child has on this channel
};

std::atomic<int> child_counter{0};

}  // namespace

// The path is made absolute: a sandboxed child runs in a working folder of its own.
IsolatedChild::IsolatedChild(std::string plugin_path, const SpecOptions& options)
    : plugin_path_(fs::absolute(plugin_path).string()), options_(options) {
  const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(child_counter++);
  std::error_code ec;
  fs::create_directories(options_.log_dir, ec);
  log_path_ = (fs::path(options_.log_dir) /
               ("bot-" + fs::path(plugin_path_).stem().string() + "-" + tag + ".log"))
                  .string();
}

IsolatedChild::~IsolatedChild() {
  kill_process();
}

bool IsolatedChild::start(BotIdentity* hello, std::string* error) {
  std::lock_guard lock(mutex_);
  return spawn(hello, error);
}

bool IsolatedChild::spawn(BotIdentity* hello, std::string* error) {
  const int log_fd = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log_fd < 0) {
    *error = "cannot open its log file " + log_path_ + ": " + std::strerror(errno);
    return false;
  }
  int control[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, control) != 0) {
    ::close(log_fd);
    *error = std::string("socketpair failed: ") + std::strerror(errno);
    return false;
  }
  const bool sandbox = options_.sandbox.enabled;
  if (sandbox && !make_workdir(error)) {
    ::close(log_fd);
    ::close(control[0]);
    ::close(control[1]);
    return false;
  }
  std::vector<std::string> args = serve_command(plugin_path_, sandbox);
  const std::vector<char*> argv = c_string_array(args);
  std::vector<std::string> env_strings = child_environment(options_.memory_limit_mb > 0);
  const std::vector<char*> envp = c_string_array(env_strings);
  ChildLimits limits;
  limits.memory_limit_mb = static_cast<int>(options_.memory_limit_mb);
  if (sandbox) {
    limits.cpu_seconds = options_.sandbox.cpu_seconds;
    limits.file_size_bytes = options_.sandbox.log_limit_mb * 1024 * 1024;
    limits.workdir = workdir_.c_str();
    limits.null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  }
  const pid_t pid = fork_child(argv, envp, log_fd, control[1], limits);
  const int fork_errno = errno;
  if (limits.null_fd >= 0) ::close(limits.null_fd);
  ::close(log_fd);
  ::close(control[1]);
  if (pid < 0) {
    ::close(control[0]);
    remove_workdir();
    *error = std::string("fork failed: ") + std::strerror(fork_errno);
    return false;
  }
  pid_ = pid;
  control_fd_ = control[0];
  violation_.clear();
  spdlog::debug("isolated bot {}: child {}, log {}", plugin_path_, pid, log_path_);
  return await_hello(hello, error);
}

bool IsolatedChild::make_workdir(std::string* error) {
  remove_workdir();
  std::error_code ec;
  std::string pattern = (fs::temp_directory_path(ec) / "arena-bot-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    *error = "cannot make its working folder " + pattern + ": " + std::strerror(errno);
    return false;
  }
  workdir_ = pattern;
  return true;
}

void IsolatedChild::remove_workdir() {
  if (workdir_.empty()) return;
  std::error_code ec;
  fs::remove_all(workdir_, ec);
  workdir_.clear();
}

void IsolatedChild::read_violation() {
  // The sandbox's one kViolation frame, if the child sent it before it exited.
  if (control_fd_ < 0 || !violation_.empty()) return;
  pollfd p{control_fd_, POLLIN, 0};
  if (::poll(&p, 1, 0) <= 0) return;
  FrameReader reader(control_fd_);
  Frame frame;
  std::string detail;
  const auto soon = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
  if (reader.read(soon, &frame, &detail) == ReadStatus::kOk &&
      frame.header.type == static_cast<uint32_t>(FrameType::kViolation)) {
    violation_ = printable_bot_text({frame.payload.data(), frame.payload.size()}, 120);
  }
}

bool IsolatedChild::await_hello(BotIdentity* hello, std::string* error) {
  // The child is ready once it has loaded the plugin and said hello.
  FrameReader reader(control_fd_);
  Frame frame;
  std::string detail;
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::microseconds(options_.remote.connect_timeout_us);
  ReadStatus status = reader.read(deadline, &frame, &detail);
  if (status == ReadStatus::kOk &&
      frame.header.type == static_cast<uint32_t>(FrameType::kSandboxNotes)) {
    // Said once per arena run: every child on this machine lacks the same things.
    static std::once_flag once;
    const std::string notes = printable_bot_text({frame.payload.data(), frame.payload.size()}, 300);
    std::call_once(once, [&] { spdlog::warn("sandbox for isolated bots: {}", notes); });
    status = reader.read(deadline, &frame, &detail);
  }
  if (status == ReadStatus::kOk && frame.header.type == static_cast<uint32_t>(FrameType::kHello)) {
    if (read_hello(frame.payload, hello, &detail) && send_doorbell(&detail)) return true;
  } else if (status == ReadStatus::kTimeout) {
    detail = "no hello within " + std::to_string(options_.remote.connect_timeout_us / 1000) + " ms";
  } else if (status == ReadStatus::kOk &&
             frame.header.type == static_cast<uint32_t>(FrameType::kStartError)) {
    // The child's own one-line reason (no such file, not a bot plugin, ABI) is the whole story.
    *error = printable_bot_text({frame.payload.data(), frame.payload.size()}, 400);
    kill_process();
    return false;
  } else if (status == ReadStatus::kOk &&
             frame.header.type == static_cast<uint32_t>(FrameType::kViolation)) {
    violation_ = printable_bot_text({frame.payload.data(), frame.payload.size()}, 120);
    reap_locked(1'000'000);
    detail = "it was stopped by its sandbox: " + violation_;
  } else if (status == ReadStatus::kClosed || status == ReadStatus::kTorn) {
    const std::string death = reap_locked(1'000'000);
    detail = "it " + (death.empty() ? "closed its control socket" : death);
  } else if (detail.empty()) {
    detail = "its first frame is not a hello";
  }
  kill_process();
  *error = "the child process did not come up (" + detail + "; see " + log_path_ + ")";
  return false;
}

bool IsolatedChild::send_doorbell(std::string* error) {
  std::shared_ptr<SharedPage> page = SharedPage::create("arena-doorbell", error);
  if (!page) return false;
  static_cast<ShmDoorbellPage*>(page->data())->magic = kShmDoorbellMagic;
  if (!send_fd(control_fd_, page->fd(), error)) return false;
  page->close_fd();  // the mapping stays
  doorbell_ = std::move(page);
  return true;
}

void IsolatedChild::kill_process() {
  if (control_fd_ >= 0) ::close(control_fd_);
  control_fd_ = -1;
  doorbell_.reset();
  spare_channels_.clear();  // the process they were mapped in is going
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  remove_workdir();
}

std::unique_ptr<SharedPage> IsolatedChild::take_channel(uint64_t* generation,
                                                        std::shared_ptr<SharedPage>* doorbell,
                                                        uint64_t* seq, std::string* error) {
  std::lock_guard lock(mutex_);
  *generation = generation_;
  if (control_fd_ < 0 || !doorbell_) {
    *error = "the bot's process is not running";
    return nullptr;
  }
  *doorbell = doorbell_;
  if (!spare_channels_.empty()) {
    SpareChannel spare = std::move(spare_channels_.back());
    spare_channels_.pop_back();
    store_word(static_cast<ShmChannelPage*>(spare.page->data())->state, kShmChannelInUse);
    *seq = spare.seq;
    return std::move(spare.page);
  }
  *seq = 0;
  std::unique_ptr<SharedPage> page = SharedPage::create("arena-channel", error);
  if (!page) return nullptr;
  static_cast<ShmChannelPage*>(page->data())->magic = kShmChannelMagic;
  if (!send_fd(control_fd_, page->fd(), error)) return nullptr;
  page->close_fd();  // the child has its own copy now
  // After the descriptor is on its way: the child receives as many as this count says.
  add_word(static_cast<ShmDoorbellPage*>(doorbell_->data())->channels, 1);
  return page;
}

void IsolatedChild::return_channel(std::unique_ptr<SharedPage> page, uint64_t generation,
                                   uint64_t seq) {
  // More than a few tables' worth of seats at once is not a pattern worth keeping pages for.
  constexpr size_t kMaxSpareChannels = 16;
  std::lock_guard lock(mutex_);
  if (generation == generation_ && control_fd_ >= 0 && spare_channels_.size() < kMaxSpareChannels) {
    spare_channels_.push_back({std::move(page), seq});
    return;
  }
  store_word(static_cast<ShmChannelPage*>(page->data())->state, kShmChannelGone);
}

bool IsolatedChild::exiting(int64_t wait_us) {
  std::lock_guard lock(mutex_);
  if (control_fd_ < 0) return true;
  // The child never writes after its hello: the control socket becomes readable only at EOF,
  // which the kernel signals while the process exits.
  pollfd p{control_fd_, POLLIN, 0};
  return ::poll(&p, 1, static_cast<int>(wait_us / 1000)) > 0;
}

std::string IsolatedChild::reap_if_dead(int64_t wait_us) {
  std::lock_guard lock(mutex_);
  return reap_locked(wait_us);
}

std::string IsolatedChild::reap_locked(int64_t wait_us) {
  if (pid_ <= 0) return "";
  read_violation();
  // The sockets close while the process exits: give the kernel a moment to finish it.
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(wait_us);
  while (true) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      pid_ = -1;
      if (!violation_.empty()) return "was stopped by its sandbox: " + violation_;
      return describe_exit(status);
    }
    if (std::chrono::steady_clock::now() >= until) return "";
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

bool IsolatedChild::restart(uint64_t generation) {
  std::lock_guard lock(mutex_);
  if (generation != generation_) return control_fd_ >= 0;  // another seat already restarted it
  ++generation_;
  ++restarts_;
  kill_process();
  BotIdentity hello;
  std::string error;
  if (!spawn(&hello, &error)) {
    spdlog::error("isolated bot {}: cannot restart: {}", plugin_path_, error);
    return false;
  }
  spdlog::info("isolated bot {}: restarted (restart {})", plugin_path_, restarts_);
  return true;
}

uint64_t IsolatedChild::generation() const {
  return generation_.load();  // checked before every request: no lock
}

bool IsolatedChild::running() const {
  std::lock_guard lock(mutex_);
  return control_fd_ >= 0;
}

int IsolatedChild::restarts() const {
  std::lock_guard lock(mutex_);
  return restarts_;
}

std::shared_ptr<IsolatedSource> IsolatedSource::start(const std::string& spec,
                                                      const std::string& plugin_path,
                                                      const std::string& file_sha256,
                                                      const SpecOptions& options,
                                                      std::string* error) {
  std::shared_ptr<IsolatedSource> source(new IsolatedSource());
  source->pool_ = IsolatedChildPool::acquire(plugin_path, file_sha256, options, error);
  if (!source->pool_) {
    *error = "isolated bot " + spec + ": " + *error;
    return nullptr;
  }
  source->identity_ = source->pool_->hello();
  source->identity_.spec = spec;
  source->identity_.transport = "isolated";
  source->identity_.runs_as = options.sandbox.enabled ? "sandboxed" : "isolated";
  source->identity_.path = plugin_path;
  source->identity_.file_sha256 = file_sha256;
  return source;
}

IsolatedChild& IsolatedSource::first_child() const {
  return pool_->first_child();
}

int IsolatedSource::lanes() const {
  return pool_->lanes();
}

int IsolatedSource::restarts() const {
  return pool_->restarts();
}

std::unique_ptr<Player> IsolatedSource::create(const hearts::BotConfig& config,
                                               std::string* error) {
  std::shared_ptr<IsolatedChild> child = pool_->for_this_thread(error);
  if (!child) {
    *error = "isolated bot " + identity_.spec + ": " + *error;
    return nullptr;
  }
  // The bot instance is created in the child with the first request, so that a child that died
  // in between costs a violation, not the run.
  return std::make_unique<IsolatedPlayer>(shared_from_this(), std::move(child), config);
}

}  // namespace arena
