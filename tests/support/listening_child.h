// A child process of a test that listens on a port it picks and names in its first line of
// stdout ("listening on 127.0.0.1:PORT ..."): `arena serve` (serve_process.h) or a Python bot.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace arena_test {

struct ChildCommand {
  std::vector<std::string> argv;                         // argv[0] is the executable's path
  std::vector<std::pair<std::string, std::string>> env;  // set in the child
  int open_files_limit = 0;                              // RLIMIT_NOFILE of the child (0: as is)
  int first_line_ms = 20'000;  // how long the first line may take (sanitizers start slowly)
};

// Starts the command with its stdout on a pipe and reads its first line; port() is 0 unless
// that line is "listening on 127.0.0.1:PORT...". The child dies with the test (PDEATHSIG) and is
// killed when this goes.
class ListeningChild {
 public:
  explicit ListeningChild(const ChildCommand& command) {
    int fds[2];
    if (::pipe(fds) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) exec_child(command, fds);
    ::close(fds[1]);
    out_fd_ = fds[0];
    read_first_line(command.first_line_ms);
    const std::string prefix = "listening on 127.0.0.1:";
    if (first_line_.rfind(prefix, 0) == 0) port_ = std::atoi(first_line_.c_str() + prefix.size());
  }
  ListeningChild(const ListeningChild&) = delete;
  ListeningChild& operator=(const ListeningChild&) = delete;
  ~ListeningChild() {
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
  [[noreturn]] static void exec_child(const ChildCommand& command, int fds[2]) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the test
    ::dup2(fds[1], STDOUT_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    for (const auto& [name, value] : command.env) ::setenv(name.c_str(), value.c_str(), 1);
    if (command.open_files_limit > 0) {
      const rlimit limit{static_cast<rlim_t>(command.open_files_limit),
                         static_cast<rlim_t>(command.open_files_limit)};
      ::setrlimit(RLIMIT_NOFILE, &limit);
    }
    std::vector<std::string> all = command.argv;
    std::vector<char*> argv;
    for (std::string& arg : all) argv.push_back(arg.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }

  void read_first_line(int within_ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(within_ms);
    while (first_line_.find('\n') == std::string::npos &&
           std::chrono::steady_clock::now() < until) {
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

}  // namespace arena_test
