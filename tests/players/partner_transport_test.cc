// Observation::partner through every transport, with the real binary: the partner_probe plugin
// (tests/plugins/partner_probe_bot.cc) plays a card it does not hold whenever the partner it
// sees is not the one the rules give, so a game without violations shows the field arrived,
// in process, through an isolated child's shared-memory slot and over gRPC on loopback.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <string>

#include "support/run_arena.h"
#include "support/serve_process.h"

namespace {

const std::string kProbe = std::string(HEARTS_TEST_PLUGIN_DIR) + "/libpartner_probe_bot.so";

// The violations of the first seat in `arena play --json` output (-1 if unreadable).
double first_seat_violations(const std::string& json) {
  google::protobuf::Struct value;
  if (!google::protobuf::util::JsonStringToMessage(json, &value).ok()) return -1;
  const auto& seats = value.fields().at("seats").list_value();
  if (seats.values_size() == 0) return -1;
  return seats.values(0).struct_value().fields().at("violations").number_value();
}

arena_test::SplitRunResult play(const std::string& probe_spec, const std::string& rules) {
  return arena_test::run_arena_split("play --rules " + rules + " --bots " + probe_spec +
                                     ",random,random,random --games 2 --seed 3 --json");
}

TEST(PartnerTransport, InProcessThePartnerIsTheSeatOpposite) {
  for (const char* rules : {"likha", "partnership-team", "standard"}) {
    const auto r = play("trusted:" + kProbe, rules);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(first_seat_violations(r.out), 0) << rules << ": " << r.out;
  }
}

TEST(PartnerTransport, AnIsolatedChildSeesItsPartner) {
  for (const char* rules : {"likha", "standard"}) {
    const auto r = play("isolated:" + kProbe, rules);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(first_seat_violations(r.out), 0) << rules << ": " << r.out;
  }
}

TEST(PartnerTransport, ARemoteBotOnLoopbackSeesItsPartner) {
  arena_test::ServeOptions options;
  options.args = {"--bot", kProbe};
  arena_test::ServeProcess serve(options);
  ASSERT_GT(serve.port(), 0) << serve.first_line();
  const std::string spec = "grpc://127.0.0.1:" + std::to_string(serve.port());
  for (const char* rules : {"partnership-individual", "standard"}) {
    const auto r = play(spec, rules);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(first_seat_violations(r.out), 0) << rules << ": " << r.out;
  }
}

}  // namespace
