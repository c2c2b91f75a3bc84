#include "players/shared_token.h"

#include <grpcpp/grpcpp.h>

#include <cstdint>

#include "common/read_file.h"
#include "common/sha256.h"

namespace arena {

bool read_token_file(const std::string& path, std::string* token, std::string* error) {
  std::string text, why;
  if (!read_whole_file(path, &text, &why)) {
    *error = "token file " + path + ": cannot be read (" + why + ")";
    return false;
  }
  if (text.ends_with('\n')) text.pop_back();
  if (text.ends_with('\r')) text.pop_back();
  if (text.empty()) {
    *error = "token file " + path + ": empty (write the shared token into it, on one line)";
    return false;
  }
  if (text.size() > kMaxTokenBytes) {
    *error = "token file " + path + ": longer than " + std::to_string(kMaxTokenBytes) + " bytes";
    return false;
  }
  for (const char c : text) {
    if (c < 0x21 || c > 0x7E) {
      *error = "token file " + path +
               ": the token must be one line of printable ASCII without spaces (as gRPC "
               "metadata requires)";
      return false;
    }
  }
  *token = std::move(text);
  return true;
}

void add_token(const std::string& token, grpc::ClientContext* context) {
  if (!token.empty()) context->AddMetadata(kTokenMetadataKey, kTokenPrefix + token);
}

bool tokens_equal(std::string_view expected, std::string_view given) {
  // Digests of equal length, compared without an early exit: neither where the tokens first
  // differ nor their lengths change the time taken.
  const auto a = hmac_sha256("arena-token", expected);
  const auto b = hmac_sha256("arena-token", given);
  volatile uint8_t difference = 0;
  for (size_t k = 0; k < a.size(); ++k) difference = difference | (a[k] ^ b[k]);
  return difference == 0;
}

grpc::Status check_token(const std::string& expected, const grpc::ServerContext& context) {
  if (expected.empty()) return grpc::Status::OK;
  const auto& metadata = context.client_metadata();
  const auto found = metadata.find(kTokenMetadataKey);
  if (found == metadata.end()) {
    return grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                        "this bot is served with a token: the call carried none (give the arena "
                        "the same --token-file)");
  }
  const std::string_view value(found->second.data(), found->second.size());
  const std::string_view prefix = kTokenPrefix;
  const std::string_view given = value.starts_with(prefix) ? value.substr(prefix.size()) : "";
  if (!tokens_equal(expected, given)) {
    return grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                        "wrong token (the arena's --token-file differs from the bot's)");
  }
  return grpc::Status::OK;
}

}  // namespace arena
