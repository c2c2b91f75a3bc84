// TLS for remote bots: the server side of `arena serve --tls-cert/--tls-key`, and the client side
// of a grpcs://HOST:PORT bot, which trusts the CA of --tls-ca or, without it, gRPC's default
// roots (the system's). The files are read and checked here, so that a wrong file is one line
// naming it rather than a handshake that fails later.
// Thread safety: the functions may be called from any thread; the credentials they return are
// shared, immutable gRPC objects.
#pragma once

#include <memory>
#include <string>

namespace grpc {
class ChannelCredentials;
class ServerCredentials;
}  // namespace grpc

namespace arena {

// Credentials serving the PEM certificate chain in `cert_file` with the PEM private key in
// `key_file`; null with *error (one line naming the file) if either cannot be read or parsed,
// or the key is not the certificate's.
std::shared_ptr<grpc::ServerCredentials> server_tls_credentials(const std::string& cert_file,
                                                                const std::string& key_file,
                                                                std::string* error);

// Credentials that verify a bot's certificate against the PEM certificates in `ca_file`, or
// against gRPC's default roots if `ca_file` is empty; null with *error if the file cannot be
// read or holds no certificate.
std::shared_ptr<grpc::ChannelCredentials> client_tls_credentials(const std::string& ca_file,
                                                                 std::string* error);

}  // namespace arena
