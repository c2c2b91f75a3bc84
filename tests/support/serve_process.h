// `arena serve` as a child process of a test, and gRPC stubs that reach it over their own
// connection each.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bot_service.grpc.pb.h"
#include "listening_child.h"

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
class ServeProcess : public ListeningChild {
 public:
  explicit ServeProcess(const ServeOptions& options) : ListeningChild(command(options)) {}

 private:
  static ChildCommand command(const ServeOptions& options) {
    ChildCommand c;
    c.argv = {ARENA_BINARY, "serve"};
    c.argv.insert(c.argv.end(), options.args.begin(), options.args.end());
    c.argv.insert(c.argv.end(), {"--listen", "127.0.0.1:0"});
    c.env = options.env;
    c.open_files_limit = options.open_files_limit;
    return c;
  }
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
