#include "isolated.h"

#include <fcntl.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

namespace arena {
namespace {

namespace fs = std::filesystem;

std::string describe_exit(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = sigabbrev_np(sig);
    return "killed by signal " + std::to_string(sig) +
           (name ? " (SIG" + std::string(name) + ")" : "");
  }
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "stopped";
}

std::string executable_path() {
  std::error_code ec;
  return fs::read_symlink("/proc/self/exe", ec).string();
}

class IsolatedPlayer final : public Player {
 public:
  IsolatedPlayer(std::shared_ptr<IsolatedSource> source, std::unique_ptr<Player> remote)
      : source_(std::move(source)), remote_(std::move(remote)) {}

  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    const uint64_t generation = source_->generation();
    CallResult result = remote_->decide(obs, out);
    if (result.status == CallStatus::kTimeout) {
      source_->restart(generation);
      result.detail = "no answer within " + std::to_string(obs.time_left_us / 1000) +
                      " ms; the bot's process was killed and restarted (" + result.detail + ")";
      return result;
    }
    if (result.status == CallStatus::kUnavailable || result.status == CallStatus::kMalformed) {
      const std::string death = source_->reap_if_dead(1'000'000);
      if (!death.empty()) {
        source_->restart(generation);
        return {CallStatus::kCrash,
                "the bot's process " + death + "; restarted (log: " + source_->log_path() + ")",
                result.grpc_status};
      }
    }
    return result;
  }

  CallResult notify(int32_t kind, const hearts::Observation& obs,
                    const hearts::DealResult& result) override {
    const uint64_t generation = source_->generation();
    CallResult call = remote_->notify(kind, obs, result);
    if (call.status != CallStatus::kOk) {
      const std::string death = source_->reap_if_dead(200'000);
      if (!death.empty() || call.status == CallStatus::kTimeout) source_->restart(generation);
      if (!death.empty())
        call = {CallStatus::kCrash, "the bot's process " + death, call.grpc_status};
    }
    return call;
  }

  const BotIdentity& identity() const override { return source_->identity(); }
  int64_t timing_margin_us() const override { return remote_->timing_margin_us(); }

 private:
  std::shared_ptr<IsolatedSource> source_;
  std::unique_ptr<Player> remote_;
};

std::atomic<int> socket_counter{0};

}  // namespace

std::shared_ptr<IsolatedSource> IsolatedSource::start(const std::string& spec,
                                                      const std::string& plugin_path,
                                                      const std::string& file_sha256,
                                                      const SpecOptions& options,
                                                      std::string* error) {
  std::shared_ptr<IsolatedSource> source(new IsolatedSource());
  source->plugin_path_ = plugin_path;
  source->options_ = options;
  const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(socket_counter++);
  source->socket_path_ = (fs::temp_directory_path() / ("hearts-bot-" + tag + ".sock")).string();
  std::error_code ec;
  fs::create_directories(options.log_dir, ec);
  source->log_path_ = (fs::path(options.log_dir) /
                       ("bot-" + fs::path(plugin_path).stem().string() + "-" + tag + ".log"))
                          .string();
  if (!source->spawn(error)) return nullptr;
  RemoteOptions remote = options.remote;
  source->remote_ = RemoteSource::connect("unix:" + source->socket_path_, remote, error);
  if (!source->remote_) {
    *error = "isolated bot " + spec + ": the child process did not come up (" + *error + "; see " +
             source->log_path_ + ")";
    return nullptr;
  }
  source->identity_ = source->remote_->identity();
  source->identity_.spec = spec;
  source->identity_.transport = "isolated";
  source->identity_.path = plugin_path;
  source->identity_.file_sha256 = file_sha256;
  return source;
}

IsolatedSource::~IsolatedSource() {
  kill_child();
  std::error_code ec;
  fs::remove(socket_path_, ec);
}

bool IsolatedSource::spawn(std::string* error) {
  std::error_code ec;
  fs::remove(socket_path_, ec);
  const int log_fd = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log_fd < 0) {
    *error = "isolated bot: cannot open its log file " + log_path_ + ": " + std::strerror(errno);
    return false;
  }
  const std::string exe = executable_path();
  const std::string listen = "unix:" + socket_path_;
  std::vector<std::string> args = {exe,     "--log-level", "warn",     "serve",
                                   "--bot", plugin_path_,  "--listen", listen};
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  // RLIMIT_AS counts reserved address space, and glibc reserves 64 MiB for each thread's malloc
  // arena: an idle `arena serve` reserves over 500 MiB that way, so a limit of a few hundred MiB
  // would starve gRPC's own threads. Two arenas keep the reservation near 150 MiB.
  std::vector<std::string> env_strings;
  bool arena_max_set = false;
  for (char** e = environ; *e != nullptr; ++e) {
    env_strings.emplace_back(*e);
    arena_max_set = arena_max_set || env_strings.back().starts_with("MALLOC_ARENA_MAX=");
  }
  if (options_.memory_limit_mb > 0 && !arena_max_set)
    env_strings.emplace_back("MALLOC_ARENA_MAX=2");
  std::vector<char*> envp;
  for (std::string& var : env_strings) envp.push_back(var.data());
  envp.push_back(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(log_fd);
    *error = std::string("isolated bot: fork failed: ") + std::strerror(errno);
    return false;
  }
  if (pid == 0) {
    // Child: only async-signal-safe calls until exec.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the arena
    if (::getppid() != parent) ::_exit(1);
    if (options_.memory_limit_mb > 0) {
      const rlim_t bytes = static_cast<rlim_t>(options_.memory_limit_mb) * 1024 * 1024;
      const rlimit limit{bytes, bytes};
      ::setrlimit(RLIMIT_AS, &limit);
    }
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(log_fd);
  child_ = pid;
  spdlog::debug("isolated bot {}: child {} on {}, log {}", plugin_path_, pid, socket_path_,
                log_path_);
  return true;
}

void IsolatedSource::kill_child() {
  if (child_ <= 0) return;
  ::kill(child_, SIGKILL);
  int status = 0;
  ::waitpid(child_, &status, 0);
  child_ = -1;
}

std::string IsolatedSource::reap_if_dead(int64_t wait_us) {
  std::lock_guard lock(mutex_);
  if (child_ <= 0) return "";
  // The socket closes while the process exits: give the kernel a moment to finish it.
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(wait_us);
  while (true) {
    int status = 0;
    const pid_t done = ::waitpid(child_, &status, WNOHANG);
    if (done == child_) {
      child_ = -1;
      return describe_exit(status);
    }
    if (std::chrono::steady_clock::now() >= until) return "";
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

void IsolatedSource::restart(uint64_t generation) {
  std::lock_guard lock(mutex_);
  if (generation != generation_) return;  // another seat already restarted it
  ++generation_;
  ++restarts_;
  kill_child();
  std::string error;
  if (!spawn(&error)) {
    spdlog::error("{}", error);
    return;
  }
  remote_->reconnect();
  // Wait until the new child listens, so the next decision does not fail on a cold start.
  if (!remote_->wait_connected(options_.remote.connect_timeout_us)) {
    spdlog::warn("isolated bot {}: restarted child is not answering yet (log: {})", plugin_path_,
                 log_path_);
  }
  spdlog::info("isolated bot {}: restarted (restart {})", plugin_path_, restarts_);
}

uint64_t IsolatedSource::generation() const {
  std::lock_guard lock(mutex_);
  return generation_;
}

int IsolatedSource::restarts() const {
  std::lock_guard lock(mutex_);
  return restarts_;
}

std::unique_ptr<Player> IsolatedSource::create(const hearts::BotConfig& config,
                                               std::string* error) {
  auto remote = remote_->create(config, error);
  if (!remote) return nullptr;
  return std::make_unique<IsolatedPlayer>(shared_from_this(), std::move(remote));
}

}  // namespace arena
