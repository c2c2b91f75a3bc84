// Remote bots over TLS and with a shared token, through the real `arena serve` and `arena play`
// / `arena tournament` on 127.0.0.1. The certificates are made at test time with the openssl
// command in a temporary folder (no private key is kept in the repository): a test CA, a server
// certificate it signed for localhost and 127.0.0.1, and the same key signed by an unrelated CA.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "players/shared_token.h"
#include "support/run_arena.h"
#include "support/serve_process.h"

namespace {

namespace fs = std::filesystem;
namespace pb = hearts::proto;
using arena_test::run_arena;
using arena_test::run_shell;
using arena_test::ServeOptions;
using arena_test::ServeProcess;
using arena_test::set_deadline;

constexpr char kToken[] = "test-token-7f3a9c";

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A temporary folder with the certificates, keys and token files, made once for the suite.
class TlsFiles : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("remote_tls_test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    const std::string d = dir_.string();
    const std::string script =
        "set -e; cd '" + d + "'\n" +
        "openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 "
        "-subj '/CN=Arena Test CA'\n"
        "openssl req -x509 -newkey rsa:2048 -nodes -keyout other-ca.key -out other-ca.pem "
        "-days 2 -subj '/CN=Unrelated CA'\n"
        "openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr "
        "-subj '/CN=localhost'\n"
        "printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\n' > san.ext\n"
        "openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial "
        "-out server.pem -days 2 -extfile san.ext\n"
        "openssl x509 -req -in server.csr -CA other-ca.pem -CAkey other-ca.key "
        "-CAcreateserial -out wrong-server.pem -days 2 -extfile san.ext\n";
    write_file(dir_ / "make-certificates.sh", script);
    std::string out;
    made_ = run_shell("sh '" + d + "/make-certificates.sh' 2>&1", &out) == 0;
    if (!made_) made_error_ = out;
    write_file(dir_ / "token", std::string(kToken) + "\n");  // the newline is trimmed
    write_file(dir_ / "wrong-token", "not-the-token\n");
    write_file(dir_ / "empty-token", "");
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  void SetUp() override { ASSERT_TRUE(made_) << "openssl failed: " << made_error_; }

  static std::string file(const std::string& name) { return (dir_ / name).string(); }

  // `arena serve --bot random` with these flags (file names are in the temporary folder).
  static ServeOptions serve(const std::vector<std::string>& flags) {
    ServeOptions options;
    options.args = {"--bot", "random", "--plugin-dir", HEARTS_BUNDLED_PLUGIN_DIR};
    options.args.insert(options.args.end(), flags.begin(), flags.end());
    return options;
  }
  static std::vector<std::string> tls_flags(const std::string& cert = "server.pem") {
    return {"--tls-cert", file(cert), "--tls-key", file("server.key")};
  }

  static inline fs::path dir_;
  static inline bool made_ = false;
  static inline std::string made_error_;
};

std::unique_ptr<pb::Bot::Stub> stub(const std::string& target,
                                    std::shared_ptr<grpc::ChannelCredentials> credentials) {
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  return pb::Bot::NewStub(grpc::CreateCustomChannel(target, std::move(credentials), args));
}

grpc::Status get_info(pb::Bot::Stub& bot, const std::string& token) {
  grpc::ClientContext context;
  set_deadline(&context, 10'000, true);
  arena::add_token(token, &context);
  pb::InfoRequest request;
  request.set_protocol_version(1);
  pb::BotInfoReply reply;
  return bot.GetInfo(&context, request, &reply);
}

grpc::Status choose_play(pb::Bot::Stub& bot, const std::string& token) {
  grpc::ClientContext context;
  set_deadline(&context, 10'000, true);
  arena::add_token(token, &context);
  pb::DecisionRequest request;  // empty: refused as invalid if it gets past the token check
  pb::PlayReply reply;
  return bot.ChoosePlay(&context, request, &reply);
}

// The output is one line, and neither token appears in it.
void expect_one_secret_free_line(const std::string& out) {
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << out;
  EXPECT_EQ(out.find(kToken), std::string::npos) << out;
  EXPECT_EQ(out.find("not-the-token"), std::string::npos) << out;
}

TEST_F(TlsFiles, ATokenServedBotRefusesEveryCallWithoutTheRightToken) {
  ServeProcess served(serve({"--token-file", file("token")}));
  ASSERT_GT(served.port(), 0) << served.first_line();
  EXPECT_NE(served.first_line().find("calls need the shared token"), std::string::npos);
  EXPECT_EQ(served.first_line().find(kToken), std::string::npos) << "the token is never shown";
  auto bot = stub(served.target(), grpc::InsecureChannelCredentials());

  const grpc::Status none = get_info(*bot, "");
  EXPECT_EQ(none.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_NE(none.error_message().find("carried none"), std::string::npos) << none.error_message();
  const grpc::Status wrong = get_info(*bot, "not-the-token");
  EXPECT_EQ(wrong.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_NE(wrong.error_message().find("wrong token"), std::string::npos);
  EXPECT_EQ(wrong.error_message().find(kToken), std::string::npos) << wrong.error_message();
  // A longer token that starts with the right one is wrong too.
  EXPECT_EQ(get_info(*bot, std::string(kToken) + "x").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_TRUE(get_info(*bot, kToken).ok()) << "the file's trailing newline is not the token's";

  // Decisions too: without the token the request never reaches the check of its contents.
  EXPECT_EQ(choose_play(*bot, "").error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(choose_play(*bot, "not-the-token").error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(choose_play(*bot, kToken).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(TlsFiles, TheArenaWithoutTheTokenStopsWithOneLine) {
  ServeProcess served(serve({"--token-file", file("token")}));
  ASSERT_GT(served.port(), 0) << served.first_line();
  const std::string bots = "--bots grpc://" + served.target() + ",random,random,random";
  for (const std::string& token : {std::string(), " --token-file " + file("wrong-token")}) {
    const auto r = run_arena("play " + bots + token + " --games 1 --quiet");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("bot grpc://" + served.target() +
                         ": refused the arena's call "
                         "(UNAUTHENTICATED"),
              std::string::npos)
        << r.out;
    expect_one_secret_free_line(r.out);
  }
  const auto right = run_arena("play " + bots + " --token-file " + file("token") + " --games 1");
  EXPECT_EQ(right.exit_code, 0) << right.out;
  EXPECT_EQ(right.out.find(kToken), std::string::npos) << right.out;
}

TEST_F(TlsFiles, GrpcsWithTheTestCaPlaysAndTheRecordsVerify) {
  std::vector<std::string> flags = tls_flags();
  flags.insert(flags.end(), {"--token-file", file("token")});
  ServeProcess served(serve(flags));
  ASSERT_GT(served.port(), 0) << served.first_line();
  EXPECT_NE(served.first_line().find("TLS"), std::string::npos) << served.first_line();
  // Dialled by IP address and by name: the certificate names both.
  const std::string port = std::to_string(served.port());
  const std::string spec = "grpcs://127.0.0.1:" + port;
  const std::string records = file("play.records");
  const auto r = run_arena("play --bots " + spec + ",random,grpcs://localhost:" + port +
                           ",random --tls-ca " + file("ca.pem") + " --token-file " + file("token") +
                           " --games 2 --quiet --out " + records);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto verified = run_arena("verify " + records);
  EXPECT_EQ(verified.exit_code, 0) << verified.out;
  EXPECT_NE(verified.out.find("verified 2 games"), std::string::npos) << verified.out;
  // Recorded as a remote (gRPC) bot under the spec as given; the token is nowhere.
  const auto replay = run_arena("replay " + records);
  EXPECT_NE(replay.out.find("(remote: " + spec + ")"), std::string::npos) << replay.out;
  EXPECT_EQ(read_file(records).find(kToken), std::string::npos);
}

TEST_F(TlsFiles, ATournamentConfigGivesTheCaAndTheToken) {
  std::vector<std::string> flags = tls_flags();
  flags.insert(flags.end(), {"--token-file", file("token")});
  ServeProcess served(serve(flags));
  ASSERT_GT(served.port(), 0) << served.first_line();
  const std::string out = file("tournament");
  write_file(file("tournament.json"),
             "{\"bots\": [\"grpcs://" + served.target() +
                 "\", \"random\", \"lowest\", \"ducker\"], \"games\": 1, \"seed\": 5, "
                 "\"set\": [\"end_score=0\", \"fixed_deals=2\"], \"out\": \"" +
                 out + "\", \"tls_ca\": \"" + file("ca.pem") + "\", \"token_file\": \"" +
                 file("token") + "\"}");
  const auto r = run_arena("tournament --config " + file("tournament.json") + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto verified = run_arena("verify " + out + "/records.rec");
  EXPECT_EQ(verified.exit_code, 0) << verified.out;
  EXPECT_NE(verified.out.find("verified 4 games"), std::string::npos) << verified.out;
}

TEST_F(TlsFiles, ACertificateFromAnotherCaFailsWithOneLineNamingTheBot) {
  ServeProcess served(serve(tls_flags("wrong-server.pem")));
  ASSERT_GT(served.port(), 0) << served.first_line();
  const std::string spec = "grpcs://" + served.target();
  const auto r = run_arena("play --bots " + spec + ",random,random,random --tls-ca " +
                           file("ca.pem") + " --connect-ms 1000 --games 1");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("arena: bot " + spec +
                       ": TLS handshake failed: the bot's certificate is not signed by a CA "
                       "the arena trusts"),
            std::string::npos)
      << r.out;
  expect_one_secret_free_line(r.out);
}

TEST_F(TlsFiles, PlaintextToATlsBotAndTlsToAPlaintextBotFailWithOneLine) {
  ServeProcess tls(serve(tls_flags()));
  ServeProcess plain(serve({}));
  ASSERT_GT(tls.port(), 0) << tls.first_line();
  ASSERT_GT(plain.port(), 0) << plain.first_line();
  const auto to_tls = run_arena("play --bots grpc://" + tls.target() +
                                ",random,random,random --connect-ms 1000 --games 1");
  EXPECT_EQ(to_tls.exit_code, 2) << to_tls.out;
  EXPECT_NE(to_tls.out.find("arena: bot grpc://" + tls.target() +
                            ": the bot closed the plaintext connection"),
            std::string::npos)
      << to_tls.out;
  EXPECT_NE(to_tls.out.find("dial it as grpcs://"), std::string::npos) << to_tls.out;
  expect_one_secret_free_line(to_tls.out);

  const auto to_plain =
      run_arena("play --bots grpcs://" + plain.target() + ",random,random,random --tls-ca " +
                file("ca.pem") + " --connect-ms 1000 --games 1");
  EXPECT_EQ(to_plain.exit_code, 2) << to_plain.out;
  EXPECT_NE(to_plain.out.find("TLS handshake failed: the bot does not speak TLS"),
            std::string::npos)
      << to_plain.out;
  expect_one_secret_free_line(to_plain.out);
}

TEST_F(TlsFiles, UnusableFilesAreOneLineNamingTheFile) {
  struct Case {
    std::string args;
    std::string line;
  };
  const std::vector<Case> cases = {
      {"serve --bot random --listen 127.0.0.1:0 --token-file " + file("empty-token"),
       "arena: serve: token file " + file("empty-token") + ": empty"},
      {"serve --bot random --listen 127.0.0.1:0 --token-file " + file("missing"),
       "arena: serve: token file " + file("missing") + ": cannot be read"},
      {"serve --bot random --listen 127.0.0.1:0 --tls-cert " + file("server.pem"),
       "arena: serve: --tls-cert and --tls-key go together"},
      {"serve --bot random --listen 127.0.0.1:0 --tls-cert " + file("server.pem") + " --tls-key " +
           file("ca.key"),
       "arena: serve: --tls-key " + file("ca.key") + ": not the private key of the certificate"},
      {"serve --bot random --listen 127.0.0.1:0 --tls-cert " + file("token") + " --tls-key " +
           file("server.key"),
       "arena: serve: --tls-cert " + file("token") + ": not a PEM certificate"},
      {"play --bots grpc://127.0.0.1:1,random,random,random --token-file " + file("empty-token"),
       "arena: token file " + file("empty-token") + ": empty"},
      {"play --bots grpcs://127.0.0.1:1,random,random,random --tls-ca " + file("token"),
       "arena: bot grpcs://127.0.0.1:1: --tls-ca " + file("token") + ": not a PEM certificate"},
  };
  for (const Case& c : cases) {
    const auto r = run_arena(c.args + " --plugin-dir " + HEARTS_BUNDLED_PLUGIN_DIR);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.out;
    EXPECT_EQ(r.out.rfind(c.line, 0), 0u) << c.args << "\n" << r.out;
    expect_one_secret_free_line(r.out);
  }
}

TEST(SharedToken, ComparesWholeTokens) {
  EXPECT_TRUE(arena::tokens_equal("abc", "abc"));
  EXPECT_FALSE(arena::tokens_equal("abc", "abd"));
  EXPECT_FALSE(arena::tokens_equal("abc", "ab"));
  EXPECT_FALSE(arena::tokens_equal("abc", "abcd"));
  EXPECT_FALSE(arena::tokens_equal("abc", ""));
}

TEST(SharedToken, TheFileLosesOneTrailingNewlineAndNothingElse) {
  const fs::path path =
      fs::temp_directory_path() / ("remote_tls_token-" + std::to_string(::getpid()));
  std::string token, error;
  write_file(path, "abc\r\n");
  ASSERT_TRUE(arena::read_token_file(path.string(), &token, &error)) << error;
  EXPECT_EQ(token, "abc");
  write_file(path, "abc");
  ASSERT_TRUE(arena::read_token_file(path.string(), &token, &error)) << error;
  EXPECT_EQ(token, "abc");
  write_file(path, "a c\n");
  EXPECT_FALSE(arena::read_token_file(path.string(), &token, &error));
  EXPECT_NE(error.find("printable ASCII without spaces"), std::string::npos) << error;
  write_file(path, "\n");
  EXPECT_FALSE(arena::read_token_file(path.string(), &token, &error));
  EXPECT_EQ(error, "token file " + path.string() +
                       ": empty (write the shared token into it, on "
                       "one line)");
  fs::remove(path);
}

}  // namespace
