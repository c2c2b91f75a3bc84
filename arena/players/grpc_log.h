// gRPC's own log lines (multi-line, in its own format) go into the arena's log at debug level,
// so a failure prints the arena's one-line message; the cause gRPC gave is kept for that line.
//
// Thread-safe: gRPC may log from any of its threads.
#pragma once

#include <string>

namespace arena {

// Installs the routing for this process (idempotent). main() calls it once logging is set up.
void route_grpc_logs();

// The cause of the last error gRPC logged ("Address already in use", ...), shortened to a few
// words where it is a known one; empty if gRPC logged no error.
std::string last_grpc_error_cause();

// The innermost known cause in a gRPC error text, or the text itself cut to a line's length.
std::string grpc_error_cause(std::string message);

}  // namespace arena
