// `arena serve` as a child process of a test, and gRPC stubs that reach it over their own
// connection each.
#pragma once

#include <grpcpp/grpcpp.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "bot_service.grpc.pb.h"

namespace arena_test {

inline int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

struct ServeOptions {
  std::vector<std::string> args;                         // after "arena serve"
  std::vector<std::pair<std::string, std::string>> env;  // set in the child
  int open_files_limit = 0;                              // RLIMIT_NOFILE of the child (0: as is)
};

// `ARENA_BINARY serve ARGS --listen 127.0.0.1:0`, its stdout on a pipe; the first line says
// "listening on 127.0.0.1:PORT (...)".
class ServeProcess {
 public:
  explicit ServeProcess(const ServeOptions& options) {
    int fds[2];
    if (::pipe(fds) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) exec_child(options, fds);
    ::close(fds[1]);
    out_fd_ = fds[0];
    read_first_line();
    const std::string prefix = "listening on 127.0.0.1:";
    if (first_line_.rfind(prefix, 0) == 0) port_ = std::atoi(first_line_.c_str() + prefix.size());
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;
  ~ServeProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (out_fd_ >= 0) ::close(out_fd_);
  }

  int port() const { return port_; }
  const std::string& first_line() const { return first_line_; }
  std::string target() const { return "127.0.0.1:" + std::to_string(port_); }

  // True while the child has not exited.
  bool alive() {
    if (pid_ <= 0) return false;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == 0) return true;
    exit_status_ = status;
    pid_ = -1;
    return false;
  }
  int exit_status() const { return exit_status_; }

  // SIGTERM, then the exit code (-1 if it did not exit by itself within 10 s).
  int stop() {
    if (pid_ <= 0) return -1;
    ::kill(pid_, SIGTERM);
    for (int k = 0; k < 1000; ++k) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return -1;
  }

 private:
  [[noreturn]] static void exec_child(const ServeOptions& options, int fds[2]) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the test
    ::dup2(fds[1], STDOUT_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    for (const auto& [name, value] : options.env) ::setenv(name.c_str(), value.c_str(), 1);
    if (options.open_files_limit > 0) {
      const rlimit limit{static_cast<rlim_t>(options.open_files_limit),
                         static_cast<rlim_t>(options.open_files_limit)};
      ::setrlimit(RLIMIT_NOFILE, &limit);
    }
    std::vector<std::string> all = {ARENA_BINARY, "serve"};
    all.insert(all.end(), options.args.begin(), options.args.end());
    all.insert(all.end(), {"--listen", "127.0.0.1:0"});
    std::vector<char*> argv;
    for (std::string& arg : all) argv.push_back(arg.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }

  // Reads the first line, waiting at most 20 s (a sanitizer build starts slowly).
  void read_first_line() {
    const int64_t until = steady_ms() + 20'000;
    while (first_line_.find('\n') == std::string::npos && steady_ms() < until) {
      pollfd p{out_fd_, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      char c[256];
      const ssize_t n = ::read(out_fd_, c, sizeof c);
      if (n <= 0) break;
      first_line_.append(c, static_cast<size_t>(n));
    }
  }

  pid_t pid_ = -1;
  int out_fd_ = -1;
  int port_ = 0;
  int exit_status_ = 0;
  std::string first_line_;
};

// A stub on a channel of its own: a local subchannel pool, so it opens its own connection
// rather than sharing one with other channels to the same address.
inline std::unique_ptr<hearts::proto::Bot::Stub> own_stub(const std::string& target) {
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  args.SetMaxReceiveMessageSize(4 * 1024 * 1024);
  args.SetMaxSendMessageSize(8 * 1024 * 1024);
  return hearts::proto::Bot::NewStub(
      grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args));
}

// A context with a deadline `ms` from now; with `wait`, the call waits for a connection.
inline void set_deadline(grpc::ClientContext* context, int64_t ms, bool wait = false) {
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(ms));
  context->set_wait_for_ready(wait);
}

}  // namespace arena_test
