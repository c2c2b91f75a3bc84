// The sandbox an isolated child enters (Linux) before it loads an untrusted plugin, so the
// plugin's own code, its static constructors included, never runs outside it:
//   - a new user and network namespace (no interfaces), where the kernel allows one;
//   - Landlock, where the kernel has it: files open read-only, and only beneath the allow list
//     (system libraries, the plugin's folder, /dev/null and /dev/urandom, the child's /proc);
//   - every capability dropped, PR_SET_NO_NEW_PRIVS, and the process made non-dumpable;
//   - a seccomp-bpf filter (libseccomp) allowing memory, threads, futexes, clocks, signals to
//     itself and I/O on descriptors it already has, and refusing the rest: sockets, processes,
//     ptrace and process_vm_*, signals to other processes, opening a file for writing.
// A refused call ends the child: its handler sends one kViolation frame naming the call on the
// report descriptor (the control socket) and exits with kBlockedCallExit.
// The limits set before exec (rlimits, descriptors, working folder) live in isolated.cc.
#pragma once

#include <string>
#include <vector>

namespace arena {

// Exit status of a child whose sandbox refused a system call.
inline constexpr int kBlockedCallExit = 159;

struct SandboxPlan {
  std::vector<std::string> readable;  // read-only allow list (folders or files)
  int report_fd = -1;                 // where a refused call is reported; -1: nowhere
};

// What the sandbox could use on this kernel; `notes` says what it had to do without.
struct SandboxState {
  bool network_namespace = false;
  bool landlock = false;
  std::string notes;
};

// Enters the sandbox for good. Must be called while the process has one thread. False with
// *error if seccomp or the privilege drop failed (the child must then not load the plugin);
// namespaces and Landlock are used where available and reported in *state otherwise.
bool enter_sandbox(const SandboxPlan& plan, SandboxState* state, std::string* error);

// The read-only allow list for a child serving `plugin_path`: system library folders, the
// plugin's folder, LD_LIBRARY_PATH's folders and a few devices.
std::vector<std::string> sandbox_readable_paths(const std::string& plugin_path);

}  // namespace arena
