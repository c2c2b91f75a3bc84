// `arena serve --bot SPEC --listen ADDR`: hosts a bot as a gRPC server for remote arenas.
// `arena serve --bot SPEC --channel-fd N`: the child side of an isolated plugin (isolated.h).
#include <unistd.h>

#include <cstdio>
#include <limits>
#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "players/bot_server.h"
#include "players/bot_specs.h"
#include "players/bot_time_limit.h"
#include "players/frame_channel.h"
#include "players/isolated_child.h"
#include "players/plugin_loader.h"
#include "players/sandbox.h"
#include "players/shared_token.h"

namespace arena {
namespace {

struct ServeFlags {
  std::string bot;
  ServeOptions serve;
  std::vector<std::string> plugin_dirs;
  int channel_fd = -1;
  std::string sandbox = "off";
  std::string token_file;
};

// One frame of text to the arena on the control socket; best effort (the arena may be gone).
void send_text_frame(int fd, FrameType type, const std::string& text) {
  FrameBuffer frame;
  frame.begin(type, 0);
  frame.append(text.data(), text.size());
  frame.end();
  std::string ignored;
  send_all(fd, frame.bytes(), &ignored);
}

// The isolated child's sandbox, entered before the plugin is loaded: the plugin's constructors
// run inside it too. Notes on what this kernel lacks go to the arena as a kSandboxNotes frame.
bool enter_child_sandbox(const ServeFlags& flags) {
  SandboxPlan plan;
  plan.readable = sandbox_readable_paths(flags.bot);
  plan.report_fd = flags.channel_fd;
  SandboxState state;
  std::string error;
  if (!enter_sandbox(plan, &state, &error)) {
    std::fprintf(stderr, "arena: serve: sandbox: %s\n", error.c_str());
    return false;
  }
  if (!state.notes.empty()) {
    std::fprintf(stderr, "arena: serve: sandbox: %s\n", state.notes.c_str());
    send_text_frame(flags.channel_fd, FrameType::kSandboxNotes, state.notes);
  }
  return true;
}

int run_serve(const ServeFlags& flags) {
  if (flags.bot.starts_with("isolated:") || !grpc_target(flags.bot).empty()) {
    return fail("serve: --bot must be a plugin name or file, not '" + flags.bot + "'");
  }
  // The arena that plays a remote bot sets its time, so a limit here would be silently ignored.
  TimedSpec timed;
  std::string limit_error;
  if (parse_timed_spec(flags.bot, &timed, &limit_error) && timed.move_time_us > 0) {
    return fail("serve: --bot '" + flags.bot +
                "' names a time limit, which the playing arena sets: serve --bot " + timed.bot +
                ", and play it as grpc://HOST:PORT@" + time_limit_text(timed.move_time_us));
  }
  // The child's stdout is its log file: line-buffered, so a bot's last lines survive a kill.
  if (flags.channel_fd >= 0) std::setvbuf(stdout, nullptr, _IOLBF, 0);
  if (flags.channel_fd >= 0 && flags.sandbox == "on" && !enter_child_sandbox(flags)) {
    std::fflush(nullptr);
    ::_exit(2);  // no exit handlers: the sandbox may refuse what they do
  }
  std::string error;
  auto source = resolve_bot_spec(flags.bot, plugin_search_path(flags.plugin_dirs), &error);
  if (!source && flags.channel_fd >= 0) {
    std::fprintf(stderr, "arena: %s\n", error.c_str());
    send_text_frame(flags.channel_fd, FrameType::kStartError, error);
    std::fflush(nullptr);
    ::_exit(2);
  }
  if (!source) return fail(error);
  if (flags.channel_fd >= 0) return serve_isolated_child(source, flags.channel_fd);
  ServeOptions options = flags.serve;
  if (!flags.token_file.empty() && !read_token_file(flags.token_file, &options.token, &error)) {
    return fail("serve: " + error);
  }
  return serve_bot(source, options);
}

}  // namespace

void add_serve_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<ServeFlags>();
  auto* serve = app.add_subcommand(
      "serve", "host a bot plugin as a gRPC Bot server (until SIGINT or SIGTERM)");
  serve->add_option("--bot", flags->bot, "the bot: a plugin name or file")->required();
  serve
      ->add_option("--listen", flags->serve.listen,
                   "HOST:PORT or unix:PATH; binds 127.0.0.1 unless a host is given "
                   "(0.0.0.0:PORT to accept other machines); port 0 picks a free one")
      ->capture_default_str();
  serve
      ->add_option("--max-connections", flags->serve.max_connections,
                   "connections open at once (never more than the open-files limit allows); "
                   "more are closed as soon as accepted")
      ->capture_default_str()
      ->check(CLI::Range(1, std::numeric_limits<int>::max()));
  serve
      ->add_option("--idle-timeout-ms", flags->serve.idle_timeout_ms,
                   "close a connection that has had no call in flight this long (0: never)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{0}, std::numeric_limits<int64_t>::max()));
  serve
      ->add_option("--max-open-games", flags->serve.max_open_games,
                   "bot instances kept at once, one per game id and seat; past it the one "
                   "called least recently is closed")
      ->capture_default_str()
      ->check(CLI::Range(1, std::numeric_limits<int>::max()));
  serve
      ->add_option("--game-timeout-ms", flags->serve.game_timeout_ms,
                   "close a game's bot instance after this long without a call (0: never)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{0}, std::numeric_limits<int64_t>::max()));
  serve->add_option("--tls-cert", flags->serve.tls_cert_file,
                    "serve over TLS with this PEM certificate chain (with --tls-key); arenas "
                    "then dial grpcs://HOST:PORT");
  serve->add_option("--tls-key", flags->serve.tls_key_file, "the PEM private key of --tls-cert");
  serve->add_option("--token-file", flags->token_file,
                    "refuse every call that does not carry the token in this file (one line; "
                    "arenas give the same file with --token-file)");
  serve->add_option("--plugin-dir", flags->plugin_dirs, "look for plugins here first (repeatable)");
  serve
      ->add_option("--channel-fd", flags->channel_fd,
                   "serve an arena's isolated-plugin channel on this inherited socket instead of "
                   "gRPC (the arena starts its isolated children this way)")
      ->check(CLI::Range(0, std::numeric_limits<int>::max()));
  serve
      ->add_option("--sandbox", flags->sandbox,
                   "with --channel-fd: on = enter the isolated child's sandbox before loading "
                   "the plugin (the arena passes it)")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  serve->callback([flags, exit_code] { *exit_code = run_serve(*flags); });
}

}  // namespace arena
