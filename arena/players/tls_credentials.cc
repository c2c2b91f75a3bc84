#include "players/tls_credentials.h"

#include <grpcpp/grpcpp.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include "common/read_file.h"

namespace arena {
namespace {

// The file's contents; false with *error naming the option and the file.
bool read_pem(const std::string& option, const std::string& path, std::string* pem,
              std::string* error) {
  std::string why;
  if (!read_whole_file(path, pem, &why)) {
    *error = option + " " + path + ": cannot be read (" + why + ")";
    return false;
  }
  return true;
}

using Bio = std::unique_ptr<BIO, decltype(&BIO_free)>;
Bio memory_bio(const std::string& pem) {
  return Bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())), &BIO_free);
}

// The first certificate in `pem`, or null.
std::unique_ptr<X509, decltype(&X509_free)> first_certificate(const std::string& pem) {
  Bio bio = memory_bio(pem);
  X509* certificate = bio ? PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr) : nullptr;
  ERR_clear_error();
  return {certificate, &X509_free};
}

// Empty if the key parses and belongs to the certificate, else what is wrong.
std::string key_problem(const std::string& cert_pem, const std::string& key_pem) {
  Bio bio = memory_bio(key_pem);
  EVP_PKEY* key = bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr) : nullptr;
  std::string problem;
  if (!key) {
    problem = "not a PEM private key (or one protected by a passphrase)";
  } else if (X509_check_private_key(first_certificate(cert_pem).get(), key) != 1) {
    problem = "not the private key of the certificate in --tls-cert";
  }
  EVP_PKEY_free(key);
  ERR_clear_error();
  return problem;
}

}  // namespace

std::shared_ptr<grpc::ServerCredentials> server_tls_credentials(const std::string& cert_file,
                                                                const std::string& key_file,
                                                                std::string* error) {
  std::string cert_pem, key_pem;
  if (!read_pem("--tls-cert", cert_file, &cert_pem, error) ||
      !read_pem("--tls-key", key_file, &key_pem, error)) {
    return nullptr;
  }
  if (!first_certificate(cert_pem)) {
    *error = "--tls-cert " + cert_file + ": not a PEM certificate";
    return nullptr;
  }
  if (const std::string problem = key_problem(cert_pem, key_pem); !problem.empty()) {
    *error = "--tls-key " + key_file + ": " + problem;
    return nullptr;
  }
  grpc::SslServerCredentialsOptions options;
  options.pem_key_cert_pairs.push_back({key_pem, cert_pem});
  return grpc::SslServerCredentials(options);
}

std::shared_ptr<grpc::ChannelCredentials> client_tls_credentials(const std::string& ca_file,
                                                                 std::string* error) {
  grpc::SslCredentialsOptions options;
  if (!ca_file.empty()) {
    if (!read_pem("--tls-ca", ca_file, &options.pem_root_certs, error)) return nullptr;
    if (!first_certificate(options.pem_root_certs)) {
      *error = "--tls-ca " + ca_file + ": not a PEM certificate";
      return nullptr;
    }
  }
  return grpc::SslCredentials(options);
}

}  // namespace arena
