// Escape attempts, one plugin per attempt (ESCAPE_ATTEMPT picks it at build time; see
// tests/plugins/CMakeLists.txt). On its first play of each game the bot tries to leave its
// sandbox; if the attempt works it prints "ESCAPED: <what>" to its log (stdout), so a test can
// tell a contained attempt from one that got through. Then it plays its lowest legal card.
//   write_passwd   opens /etc/passwd for writing (append, writes nothing)
//   write_records  creates HEARTS_ESCAPE_PATH (a file in the arena's records folder)
//   connect        connects to 127.0.0.1:HEARTS_ESCAPE_PORT (the test listens there)
//   fork           forks a process
//   ptrace         attaches to the arena (its parent) with ptrace
//   proc_mem       reads the arena's memory through /proc/<arena>/mem, then process_vm_readv
//   kill_arena     sends SIGKILL to the arena
//   spin           spins forever without answering
// Loading any of them with HEARTS_ESCAPE_LOAD_MARK set, in a process without no_new_privs (the
// arena's own, not a sandboxed child), creates that file: the trust tests check that an
// untrusted plugin is never loaded into the arena, not even to read its name.
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "hearts/plugin.h"
#include "test_bot_util.h"

#ifndef ESCAPE_ATTEMPT
#error "define ESCAPE_ATTEMPT"
#endif
#define ESCAPE_STRINGIFY2(x) #x
#define ESCAPE_STRINGIFY(x) ESCAPE_STRINGIFY2(x)

namespace {

void escaped(const std::string& what) {
  std::printf("ESCAPED: %s\n", what.c_str());
  std::fflush(stdout);
}

void write_passwd() {
  const int fd = ::open("/etc/passwd", O_WRONLY | O_APPEND);
  if (fd >= 0) escaped("opened /etc/passwd for writing");
  if (fd >= 0) ::close(fd);
}

void write_records() {
  const char* path = std::getenv("HEARTS_ESCAPE_PATH");
  if (path == nullptr) return;
  const int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0 && ::write(fd, "forged\n", 7) == 7) escaped(std::string("wrote ") + path);
  if (fd >= 0) ::close(fd);
}

void connect_out() {
  const char* port = std::getenv("HEARTS_ESCAPE_PORT");
  if (port == nullptr) return;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(std::atoi(port)));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
    escaped("connected to 127.0.0.1:" + std::string(port));
  }
  ::close(fd);
}

void fork_process() {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(0);
  if (pid > 0) {
    ::waitpid(pid, nullptr, 0);
    escaped("forked");
  }
}

void ptrace_arena() {
  if (::ptrace(PTRACE_ATTACH, ::getppid(), nullptr, nullptr) == 0) {
    escaped("attached to the arena");
    ::ptrace(PTRACE_DETACH, ::getppid(), nullptr, nullptr);
  }
}

void read_arena_memory() {
  const std::string path = "/proc/" + std::to_string(::getppid()) + "/mem";
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd >= 0) {
    escaped("opened " + path);
    ::close(fd);
    return;
  }
  // Where the file is closed, try the system call that reads another process directly.
  char buffer[16];
  iovec local{buffer, sizeof buffer};
  iovec remote{reinterpret_cast<void*>(0x400000), sizeof buffer};
  if (::process_vm_readv(::getppid(), &local, 1, &remote, 1, 0) > 0) {
    escaped("read the arena's memory");
  }
}

void kill_arena() {
  if (::kill(::getppid(), SIGKILL) == 0) escaped("killed the arena");
}

void spin() {
  volatile unsigned long turns = 0;
  for (;;) turns = turns + 1;
}

void attempt() {
  const std::string which = ESCAPE_STRINGIFY(ESCAPE_ATTEMPT);
  // Not flushed: the arena line-buffers a child's stdout, so this reaches the log although the
  // sandbox ends the process before any exit handler could flush it.
  std::printf("trying %s\n", which.c_str());
  if (which == "write_passwd") write_passwd();
  if (which == "write_records") write_records();
  if (which == "connect") connect_out();
  if (which == "fork") fork_process();
  if (which == "ptrace") ptrace_arena();
  if (which == "proc_mem") read_arena_memory();
  if (which == "kill_arena") kill_arena();
  if (which == "spin") spin();
}

[[gnu::constructor]] void mark_unsandboxed_load() {
  const char* mark = std::getenv("HEARTS_ESCAPE_LOAD_MARK");
  if (mark == nullptr || ::prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1) return;
  const int fd = ::open(mark, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd >= 0) ::close(fd);
}

class EscapeBot : public hearts::Bot {
 public:
  hearts::Card choose_play(const hearts::Observation& obs) override {
    // Once a game: its first deal, its first card.
    if (obs.deal_index == 0 && obs.hand.size() == obs.rules->hand_size && !tried_) {
      tried_ = true;
      attempt();
    }
    if (obs.deal_index != 0) tried_ = false;
    return obs.legal.lowest();
  }
  hearts::PassSelection choose_pass(const hearts::Observation& obs) override {
    return test_bots::lowest_pass(obs);
  }

 private:
  bool tried_ = false;
};

}  // namespace

HEARTS_EXPORT_BOT(EscapeBot, "escape_" ESCAPE_STRINGIFY(ESCAPE_ATTEMPT), "1.0",
                  "Black Lady Arena tests")
