// Partnership Hearts' slam bid (preset partnership-slam, docs/rules.md section 8.4) end to end
// through the real `arena` binary: random bots (which bid one time in eight) in process, in
// sandboxed children and as a gRPC bot served on loopback; every records file verifies and
// replays with its bids. Forged records (a bid flipped, a bid by the wrong seat, a combined
// score or a silent partner changed) fail `arena verify`; a bot that answers a bid with neither
// 0 nor 1 gets a BAD_CHOICE violation, declines, and the game goes on to a record that verifies.
#include <gtest/gtest.h>

#include <unistd.h>

#include <string>

#include "records/records_io.h"
#include "support/play_verify.h"
#include "support/records_files.h"
#include "support/run_arena.h"
#include "support/serve_process.h"
#include "support/test_temp.h"

namespace {

using arena_test::read_or_die;
using arena_test::RunResult;
using arena_test::write_or_die;
using hearts::proto::GameRecord;
using hearts::proto::Violation;

const std::string kPlugins = std::string("--plugin-dir ") + HEARTS_TEST_PLUGIN_DIR;

std::string temp(const std::string& name) {
  return arena_test::test_temp_path("slam_bid_e2e", name);
}

// Plays `games` partnership-slam games into `out`, then verifies and replays the file.
void play_and_verify(const std::string& args, const std::string& out, int games) {
  arena_test::play_verify_replay("partnership-slam", args, out, games, "slam bid  seat ");
}

// The deals with a bid, and checks that every deal recorded its bidding.
int deals_with_a_bid(const arena::RecordsFile& file) {
  int bids = 0;
  for (const GameRecord& game : file.games) {
    for (const auto& deal : game.deals()) {
      EXPECT_GT(deal.slam_bids_size(), 0);
      EXPECT_TRUE(deal.has_slam_bidder());
      bids += deal.slam_bidder() >= 0;
    }
  }
  return bids;
}

TEST(SlamBidE2e, InProcessGamesRecordBidsThatVerify) {
  const std::string out = temp("random.rec");
  play_and_verify("--bots random,random,lowest,random", out, 4);
  EXPECT_GT(deals_with_a_bid(read_or_die(out)), 0);
}

TEST(SlamBidE2e, SandboxedChildrenBid) {
  const std::string out = temp("isolated.rec");
  play_and_verify("--isolate --bots random,random,random,ducker", out, 2);
  const arena::RecordsFile file = read_or_die(out);
  EXPECT_GT(deals_with_a_bid(file), 0);
  for (const auto& bot : file.header.bots()) EXPECT_EQ(bot.runs_as(), "sandboxed") << bot.name();
}

TEST(SlamBidE2e, AGrpcBotOnLoopbackBids) {
  arena_test::ServeOptions options;
  options.args = {"--bot", "random"};
  arena_test::ServeProcess serve(options);
  ASSERT_GT(serve.port(), 0) << serve.first_line();
  const std::string out = temp("grpc.rec");
  const std::string remote = "grpc://" + serve.target();
  play_and_verify("--bots " + remote + "," + remote + ",lowest," + remote, out, 2);
  EXPECT_GT(deals_with_a_bid(read_or_die(out)), 0);
  EXPECT_TRUE(serve.alive());
}

// Writes `file` and expects `arena verify` to refuse it, naming `reason`.
void expect_refused(const arena::RecordsFile& file, const std::string& name,
                    const std::string& reason) {
  const std::string path = temp(name + ".rec");
  ASSERT_NO_FATAL_FAILURE(write_or_die(path, file));
  const RunResult r = arena_test::run_arena("verify " + path);
  EXPECT_EQ(r.exit_code, 1) << name << ": " << r.out;
  EXPECT_NE(r.out.find(reason), std::string::npos) << name << ": " << r.out;
}

TEST(SlamBidE2e, ForgedBidsAndTeamScoresFailVerify) {
  const std::string out = temp("honest.rec");
  play_and_verify("--bots random,random,random,random", out, 4);
  const arena::RecordsFile honest = read_or_die(out);
  // The first deal with a bid whose bidder has a silent partner.
  int g = -1;
  int d = -1;
  for (int gi = 0; gi < static_cast<int>(honest.games.size()) && g < 0; ++gi) {
    for (int di = 0; di < honest.games[gi].deals_size(); ++di) {
      const auto& deal = honest.games[gi].deals(di);
      if (deal.slam_bidder() >= 0 && deal.slam_partner() >= 0 && deal.deal_scores_size() > 0) {
        g = gi;
        d = di;
        break;
      }
    }
  }
  ASSERT_GE(g, 0) << "no deal with a bid and a silent partner in four random games";
  const auto deal_of = [&](arena::RecordsFile& file) { return file.games[g].mutable_deals(d); };

  arena::RecordsFile flipped = honest;  // the bid becomes a decline
  auto* bids = deal_of(flipped)->mutable_slam_bids();
  bids->Mutable(bids->size() - 1)->set_bid(false);
  expect_refused(flipped, "flipped", "deal " + std::to_string(d + 1));

  arena::RecordsFile wrong_seat = honest;  // the first answer claimed by another seat
  auto* first = deal_of(wrong_seat)->mutable_slam_bids(0);
  first->set_seat((first->seat() + 1) % 4);
  expect_refused(wrong_seat, "wrong_seat", "seat to bid");

  arena::RecordsFile late = honest;  // a bid after the bidding ended
  auto* extra = deal_of(late)->add_slam_bids();
  extra->set_seat(0);
  extra->set_bid(true);
  expect_refused(late, "late", "no bid is due");

  arena::RecordsFile partner = honest;  // another silent partner
  const int bidder = deal_of(partner)->slam_bidder();
  const int silent = deal_of(partner)->slam_partner();
  int other = 0;
  while (other == bidder || other == silent) ++other;
  deal_of(partner)->set_slam_partner(other);
  expect_refused(partner, "partner", "slam bid: expected");

  arena::RecordsFile score = honest;  // the silent partner's combined score changed
  auto* scores = deal_of(score)->mutable_deal_scores();
  scores->Set(silent, scores->Get(silent) + 1);
  expect_refused(score, "score", "deal_scores");
}

TEST(SlamBidE2e, AnInvalidBidIsAViolationAndTheGameGoesOn) {
  const std::string out = temp("badbid.rec");
  play_and_verify(kPlugins + " --bots badbid,random,random,random", out, 2);
  const arena::RecordsFile file = read_or_die(out);
  int bad = 0;
  for (const GameRecord& game : file.games) {
    EXPECT_EQ(game.forfeited_size(), 0);
    for (const Violation& v : game.violations()) {
      EXPECT_EQ(v.seat(), 0) << v.detail();
      EXPECT_EQ(v.kind(), Violation::BAD_CHOICE) << v.detail();
      EXPECT_NE(v.detail().find("slam bid 7"), std::string::npos) << v.detail();
      ++bad;
    }
    // The fallback declines: seat 0 never bids.
    for (const auto& deal : game.deals()) EXPECT_NE(deal.slam_bidder(), 0);
  }
  EXPECT_GT(bad, 0);
}

TEST(SlamBidE2e, AnInvalidBidFromASandboxedChildIsTheSameViolation) {
  const std::string out = temp("badbid_isolated.rec");
  play_and_verify("--isolate " + kPlugins + " --bots badbid,random,random,random", out, 1);
  const arena::RecordsFile file = read_or_die(out);
  ASSERT_FALSE(file.games.empty());
  ASSERT_GT(file.games[0].violations_size(), 0);
  const Violation& v = file.games[0].violations(0);
  EXPECT_EQ(v.kind(), Violation::BAD_CHOICE);
  EXPECT_NE(v.detail().find("slam bid 7"), std::string::npos) << v.detail();
}

}  // namespace

namespace {

// A bot forfeiting at its second invalid bid ends the game in the bidding: the record stops
// there (bids, no plays) and verifies, the forfeit rule re-played over the bids.
TEST(SlamBidE2e, AForfeitDuringTheBiddingVerifies) {
  const std::string out = temp("forfeit.rec");
  play_and_verify(kPlugins + " --forfeit-after 2 --bots random,badbid,random,random", out, 1);
  const arena::RecordsFile file = read_or_die(out);
  ASSERT_EQ(file.games.size(), 1u);
  const GameRecord& game = file.games[0];
  ASSERT_EQ(game.forfeited_size(), 1);
  EXPECT_EQ(game.forfeited(0), 1);
  const auto& last = game.deals(game.deals_size() - 1);
  EXPECT_GT(last.slam_bids_size(), 0);
  EXPECT_EQ(last.plays_size(), 0);
  EXPECT_EQ(last.slam_bids(last.slam_bids_size() - 1).seat(), 1);
}

}  // namespace
