// The optional shared token between an arena and the bots it dials (`--token-file`): the arena
// sends it as gRPC metadata on every call, and `arena serve --token-file` refuses any call that
// does not carry it. The token is a secret: nothing here prints, logs or records it.
// Thread safety: the functions are pure and may be called from any thread.
#pragma once

#include <string>
#include <string_view>

namespace grpc {
class ClientContext;
class ServerContext;
class Status;
}  // namespace grpc

namespace arena {

// The metadata key, and the prefix of its value ("Bearer TOKEN", as for HTTP).
inline constexpr char kTokenMetadataKey[] = "authorization";
inline constexpr char kTokenPrefix[] = "Bearer ";
// Longest token accepted, in bytes.
inline constexpr size_t kMaxTokenBytes = 4096;

// Reads the token from `path`, one trailing newline ("\n" or "\r\n") removed. False with *error,
// one line naming the file, if it cannot be read, is empty, or holds anything but printable
// ASCII without spaces (gRPC metadata allows no more).
bool read_token_file(const std::string& path, std::string* token, std::string* error);

// Adds the token to a call's metadata; an empty token adds nothing.
void add_token(const std::string& token, grpc::ClientContext* context);

// OK if `expected` is empty or the call carries it; otherwise UNAUTHENTICATED with a one-line
// message that never contains either token. The comparison takes the same time wherever the
// tokens differ (both are hashed first, so not even their lengths show).
grpc::Status check_token(const std::string& expected, const grpc::ServerContext& context);

// True if the two tokens are equal, compared in constant time.
bool tokens_equal(std::string_view expected, std::string_view given);

}  // namespace arena
