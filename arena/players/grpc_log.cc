#include "players/grpc_log.h"

#include <grpc/support/log.h>
#include <spdlog/spdlog.h>

#include <array>
#include <mutex>
#include <string_view>

namespace arena {
namespace {

std::mutex last_error_mutex;
std::string last_error;  // guarded by last_error_mutex

void log_to_spdlog(gpr_log_func_args* args) {
  const std::string_view message(args->message);
  if (args->severity == GPR_LOG_SEVERITY_ERROR) {
    std::lock_guard lock(last_error_mutex);
    last_error = message;
  }
  spdlog::debug("grpc {}:{}: {}", args->file, args->line, message);
}

}  // namespace

void route_grpc_logs() {
  static std::once_flag once;
  // gRPC's own verbosity (GRPC_VERBOSITY, errors by default) still decides what reaches us.
  std::call_once(once, [] { gpr_set_log_function(log_to_spdlog); });
}

std::string last_grpc_error_cause() {
  std::string message;
  {
    std::lock_guard lock(last_error_mutex);
    message = last_error;
  }
  return grpc_error_cause(message);
}

std::string grpc_error_cause(std::string message) {
  if (message.empty()) return "";
  // gRPC's errors nest their causes in one long text; the innermost known one says most.
  static constexpr std::array<std::string_view, 11> known = {
      "Address already in use",    "Permission denied",        "Cannot assign requested address",
      "Name or service not known", "Failed to parse",          "Address family not supported",
      "Connection refused",        "Domain name not found",    "No route to host",
      "Network is unreachable",    "No such file or directory"};
  for (std::string_view cause : known) {
    if (message.find(cause) != std::string::npos) return std::string(cause);
  }
  constexpr size_t kMaxCause = 160;
  if (message.size() > kMaxCause) message = message.substr(0, kMaxCause) + "...";
  return message;
}

}  // namespace arena
