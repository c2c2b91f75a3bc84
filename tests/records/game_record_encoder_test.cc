// The records encoder against protobuf's own serialisation: every field of records.proto is one it
// writes; random records with every field set (negative numbers, zeros with presence, long
// strings, many sub-messages) encode to protobuf's bytes; and records files the arena writes for
// real games of many rule sets, with violations, are byte for byte what protobuf would write.
#include "records/game_record_encoder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "records/records_io.h"
#include "support/records_files.h"
#include "support/run_arena.h"

namespace arena {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

// Every message type a GameRecord holds, itself included.
void collect_message_types(const Descriptor* type, std::set<const Descriptor*>* seen) {
  if (!seen->insert(type).second) return;
  for (int f = 0; f < type->field_count(); ++f) {
    const FieldDescriptor* field = type->field(f);
    if (field->type() == FieldDescriptor::TYPE_MESSAGE) {
      collect_message_types(field->message_type(), seen);
    }
  }
}

TEST(GameRecordEncoder, WritesEveryFieldOfEveryMessageAGameRecordHolds) {
  std::set<const Descriptor*> types;
  collect_message_types(hearts::proto::GameRecord::descriptor(), &types);
  EXPECT_EQ(types.size(), 7u);  // GameRecord, DealRecord, PassPlan, Pass, Play, SlamBid, Violation
  for (const Descriptor* type : types) {
    std::vector<int> in_proto;
    for (int f = 0; f < type->field_count(); ++f) in_proto.push_back(type->field(f)->number());
    std::sort(in_proto.begin(), in_proto.end());
    const std::span<const int> written = encoded_field_numbers(type->full_name());
    EXPECT_EQ(std::vector<int>(written.begin(), written.end()), in_proto)
        << type->full_name() << ": a field of records.proto the encoder does not write";
  }
  EXPECT_TRUE(encoded_field_numbers("hearts.proto.RecordsHeader").empty());
}

// Values that exercise every varint length, the sign extension of negative int32s and zero.
class RandomFields {
 public:
  explicit RandomFields(uint64_t seed) : rng_(seed) {}

  void fill(Message* message, int depth) {
    const Descriptor* type = message->GetDescriptor();
    for (int f = 0; f < type->field_count(); ++f) {
      const FieldDescriptor* field = type->field(f);
      if (pick(4) == 0) continue;  // some fields stay unset
      if (field->is_repeated()) {
        const int count = field->type() == FieldDescriptor::TYPE_MESSAGE
                              ? static_cast<int>(pick(depth == 0 ? 14 : 4))
                              : static_cast<int>(pick(40));
        for (int k = 0; k < count; ++k) put(message, field, depth);
      } else {
        put(message, field, depth);
      }
    }
  }

 private:
  uint64_t pick(uint64_t n) { return rng_() % n; }
  int64_t number() {
    static constexpr int64_t kEdges[] = {0,     1,         -1,        127,       128, 16383,
                                         16384, INT32_MAX, INT32_MIN, INT64_MAX, -2,  1LL << 35};
    if (pick(3) == 0) return kEdges[pick(std::size(kEdges))];
    return static_cast<int64_t>(rng_()) >> pick(64);
  }
  std::string text() {
    std::string s(pick(5) == 0 ? pick(400) : pick(12), 'a');
    for (char& c : s) c = static_cast<char>('a' + pick(26));
    return s;
  }

  // Sets a singular field, or adds one element to a repeated one.
  void put(Message* m, const FieldDescriptor* f, int depth) {
    const Reflection* r = m->GetReflection();
    const bool many = f->is_repeated();
    switch (f->cpp_type()) {
      case FieldDescriptor::CPPTYPE_INT32: {
        const auto v = static_cast<int32_t>(number());
        many ? r->AddInt32(m, f, v) : r->SetInt32(m, f, v);
        break;
      }
      case FieldDescriptor::CPPTYPE_INT64: {
        const int64_t v = number();
        many ? r->AddInt64(m, f, v) : r->SetInt64(m, f, v);
        break;
      }
      case FieldDescriptor::CPPTYPE_UINT32: {
        const auto v = static_cast<uint32_t>(number());
        many ? r->AddUInt32(m, f, v) : r->SetUInt32(m, f, v);
        break;
      }
      case FieldDescriptor::CPPTYPE_UINT64: {
        const auto v = static_cast<uint64_t>(number());
        many ? r->AddUInt64(m, f, v) : r->SetUInt64(m, f, v);
        break;
      }
      case FieldDescriptor::CPPTYPE_MESSAGE:
        fill(many ? r->AddMessage(m, f) : r->MutableMessage(m, f), depth + 1);
        break;
      case FieldDescriptor::CPPTYPE_BOOL:
        if (!many) {
          r->SetBool(m, f, pick(2) == 1);
          break;
        }
        [[fallthrough]];
      case FieldDescriptor::CPPTYPE_ENUM:
        if (!many) {
          r->SetEnumValue(m, f, static_cast<int>(pick(12)) - 1);
          break;
        }
        [[fallthrough]];
      case FieldDescriptor::CPPTYPE_STRING:
        if (!many) {
          r->SetString(m, f, text());
          break;
        }
        [[fallthrough]];
      default:
        FAIL() << "a field type the test does not fill: " << f->full_name();
    }
  }

  std::mt19937_64 rng_;
};

TEST(GameRecordEncoder, RandomRecordsEncodeToProtobufsBytes) {
  RandomFields random(20261125);
  size_t longest = 0;
  for (int k = 0; k < 300; ++k) {
    hearts::proto::GameRecord record;
    random.fill(&record, 0);
    std::string ours = "prefix";  // the encoder appends
    encode_game_record(record, &ours);
    ASSERT_EQ(ours, "prefix" + RecordsWriter::encode(record)) << "record " << k << ":\n"
                                                              << record.DebugString();
    longest = std::max(longest, ours.size());
  }
  EXPECT_GT(longest, 20'000u);  // records long enough for three-byte lengths
  hearts::proto::GameRecord empty;
  std::string bytes;
  encode_game_record(empty, &bytes);
  EXPECT_EQ(bytes, std::string(1, '\0'));
}

// Zero with presence is written; zero without it is not.
TEST(GameRecordEncoder, WritesOptionalZerosAndAnEmptyPassPlan) {
  hearts::proto::GameRecord record;
  hearts::proto::DealRecord* deal = record.add_deals();
  deal->set_moon_team(0);
  deal->set_slam_bidder(0);
  deal->mutable_pass_plan();
  deal->set_dealer(0);
  std::string ours;
  encode_game_record(record, &ours);
  EXPECT_EQ(ours, RecordsWriter::encode(record));
  hearts::proto::GameRecord back;
  ASSERT_TRUE(back.ParseFromString(ours.substr(1)));
  EXPECT_TRUE(back.deals(0).has_moon_team());
  EXPECT_TRUE(back.deals(0).has_slam_bidder());
  EXPECT_FALSE(back.deals(0).has_slam_partner());
  EXPECT_TRUE(back.deals(0).has_pass_plan());
}

// The bytes after a records file's header (whose rules map protobuf writes in no fixed order).
std::string games_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  size_t pos = 0;
  uint64_t header_size = 0;
  for (int shift = 0; pos < bytes.size(); shift += 7) {
    const auto byte = static_cast<unsigned char>(bytes[pos++]);
    header_size |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if (byte < 0x80) break;
  }
  return bytes.substr(std::min(bytes.size(), pos + header_size));
}

// The games of a records file the arena wrote must be protobuf's encoding, byte for byte.
// Returns the violations recorded.
int expect_games_are_protobufs_encoding(const std::string& args, const std::string& name) {
  const std::string path = arena_test::temp_path("game_record_encoder_test", name + ".rec");
  arena_test::play_into(args, path);
  const RecordsFile file = arena_test::read_or_die(path);
  EXPECT_TRUE(file.torn.empty()) << file.torn;
  EXPECT_FALSE(file.games.empty()) << args;
  std::string expected;
  int violations = 0;
  for (const auto& game : file.games) {
    expected += RecordsWriter::encode(game);
    violations += game.violations_size();
  }
  EXPECT_EQ(games_bytes(path), expected) << args;
  return violations;
}

TEST(GameRecordEncoder, ArenaRecordsOfRealGamesAreProtobufsBytes) {
  const std::string illegal =
      std::string("trusted:") + HEARTS_TEST_PLUGIN_DIR + "/libillegal_bot.so";
  expect_games_are_protobufs_encoding("--bots random,lowest,ducker," + illegal + " --games 3",
                                      "standard_violations");
  expect_games_are_protobufs_encoding("--rules domino --bots random,lowest,ducker,random --games 2",
                                      "domino");
  expect_games_are_protobufs_encoding("--rules partnership-slam --games 2", "slam");
  expect_games_are_protobufs_encoding("--rules complex --games 2", "complex");
  expect_games_are_protobufs_encoding("--rules cancellation --games 1", "cancellation");
  expect_games_are_protobufs_encoding("--rules heartsette --games 2", "kitty");
}

}  // namespace
}  // namespace arena
