// Records files: a header and games written with RecordsWriter read back identical; a file cut
// at any byte inside its last record keeps exactly the complete games and says it is torn;
// unreadable files are errors naming the file.
#include "records/records_io.h"

#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace arena {
namespace {

using google::protobuf::util::MessageDifferencer;

class RecordsIoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) /
           ("records_io_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::filesystem::path dir_;
};

hearts::proto::RecordsHeader make_header() {
  hearts::proto::RecordsHeader header;
  header.set_arena_version("test");
  header.set_command("arena play --games 3");
  header.mutable_rules()->set_preset("standard");
  (*header.mutable_rules()->mutable_options())["moon"] = "new-moon";
  for (const char* name : {"random", "lowest", "ducker", "random"}) {
    auto* bot = header.add_bots();
    bot->set_name(name);
    bot->set_version("1.0");
    bot->set_spec(name);
    bot->set_transport("plugin");
  }
  header.set_series_seed(7);
  header.set_move_time_limit_us(1'000'000);
  return header;
}

// Games of different sizes, with fields of every kind set.
hearts::proto::GameRecord make_game(int g) {
  hearts::proto::GameRecord game;
  game.set_game_index(static_cast<uint32_t>(g));
  game.set_seed(0xFFFF'FFFF'0000'0000ull + static_cast<uint64_t>(g));
  for (int s = 0; s < 4; ++s) game.add_seat_bots(s);
  for (int d = 0; d <= g; ++d) {
    auto* deal = game.add_deals();
    deal->set_deal_index(d);
    deal->set_dealer((3 + d) % 4);
    for (int s = 0; s < 4; ++s) deal->add_hands(0x1FFFull << (16 * s));
    deal->mutable_pass_plan()->set_kind(hearts::proto::PassPlanRecord::OFFSET);
    deal->mutable_pass_plan()->set_offset(1);
    deal->mutable_pass_plan()->set_count(3);
    auto* pass = deal->add_passes();
    pass->set_seat(0);
    for (int card : {58, 44, 0}) pass->add_cards(card);
    pass->set_think_us(123);
    for (int i = 0; i < 52; ++i) {
      auto* play = deal->add_plays();
      play->set_seat(i % 4);
      play->set_card(i);
      play->set_think_us(i * 1000);
    }
    for (int t = 0; t < 13; ++t) deal->add_trick_winners(t % 4);
    for (int s = 0; s < 4; ++s) {
      deal->add_points_taken(s * 5 - 1);
      deal->add_deal_scores(-s);
      deal->add_scores_after(s * 100);
      deal->add_counters_after(0);
    }
    deal->set_moon_shooter(-1);
    deal->set_sun_shooter(-1);
  }
  auto* violation = game.add_violations();
  violation->set_kind(hearts::proto::Violation::TIMEOUT);
  violation->set_seat(2);
  violation->set_detail("answered after 1.5 s");
  for (int s = 0; s < 4; ++s) {
    game.add_final_scores(s * 10);
    game.add_final_counters(0);
    game.add_ranks(s + 1);
  }
  game.set_think_us_total(987654321);
  return game;
}

std::string read_bytes(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_bytes(const std::string& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

TEST_F(RecordsIoTest, WritesAndReadsBackIdentical) {
  std::string error;
  const hearts::proto::RecordsHeader header = make_header();
  auto writer = RecordsWriter::create(path("a.rec"), header, &error);
  ASSERT_TRUE(writer) << error;
  for (int g = 0; g < 3; ++g) ASSERT_TRUE(writer->append(make_game(g), &error)) << error;
  writer.reset();

  RecordsFile file;
  ASSERT_TRUE(read_records(path("a.rec"), &file, &error)) << error;
  EXPECT_TRUE(file.torn.empty()) << file.torn;
  hearts::proto::RecordsHeader expected = header;
  expected.set_format(kRecordsFormat);
  expected.set_format_version(kRecordsFormatVersion);
  EXPECT_TRUE(MessageDifferencer::Equals(file.header, expected))
      << file.header.DebugString() << "\nvs\n"
      << expected.DebugString();
  ASSERT_EQ(file.games.size(), 3u);
  for (int g = 0; g < 3; ++g) {
    EXPECT_TRUE(MessageDifferencer::Equals(file.games[g], make_game(g))) << "game " << g;
  }
}

TEST_F(RecordsIoTest, TornAtEveryByteOfTheLastRecordKeepsTheCompleteGames) {
  std::string error;
  auto writer = RecordsWriter::create(path("full.rec"), make_header(), &error);
  ASSERT_TRUE(writer) << error;
  for (int g = 0; g < 2; ++g) ASSERT_TRUE(writer->append(make_game(g), &error)) << error;
  const size_t complete_size = read_bytes(path("full.rec")).size();
  ASSERT_TRUE(writer->append(make_game(2), &error)) << error;
  writer.reset();
  const std::string bytes = read_bytes(path("full.rec"));
  ASSERT_GT(bytes.size(), complete_size + 2);

  // Cut exactly after the second game: a clean file of two games.
  write_bytes(path("cut.rec"), bytes.substr(0, complete_size));
  RecordsFile file;
  ASSERT_TRUE(read_records(path("cut.rec"), &file, &error)) << error;
  EXPECT_EQ(file.games.size(), 2u);
  EXPECT_TRUE(file.torn.empty()) << file.torn;

  // Cut anywhere inside the third record: two games and a torn tail.
  for (size_t size = complete_size + 1; size < bytes.size(); ++size) {
    write_bytes(path("cut.rec"), bytes.substr(0, size));
    RecordsFile torn;
    ASSERT_TRUE(read_records(path("cut.rec"), &torn, &error)) << "size " << size << ": " << error;
    ASSERT_EQ(torn.games.size(), 2u) << "size " << size;
    EXPECT_TRUE(MessageDifferencer::Equals(torn.games[1], make_game(1))) << "size " << size;
    EXPECT_FALSE(torn.torn.empty()) << "size " << size;
    EXPECT_FALSE(torn.damaged) << "cut short is not damaged: " << torn.torn;
    EXPECT_NE(torn.torn.find(path("cut.rec")), std::string::npos) << torn.torn;
  }
}

TEST_F(RecordsIoTest, UnreadableRecordWithMoreAfterItIsDamageNotATornTail) {
  std::string error;
  auto writer = RecordsWriter::create(path("full.rec"), make_header(), &error);
  ASSERT_TRUE(writer) << error;
  std::vector<size_t> starts;  // where each game's record begins
  for (int g = 0; g < 3; ++g) {
    starts.push_back(read_bytes(path("full.rec")).size());
    ASSERT_TRUE(writer->append(make_game(g), &error)) << error;
  }
  writer.reset();
  const std::string bytes = read_bytes(path("full.rec"));
  // Game g's first tag becomes field 0, wire type 7, which no parser accepts.
  auto spoil = [&](int g) {
    std::string spoiled = bytes;
    size_t body = starts[g];
    while (static_cast<uint8_t>(spoiled[body]) & 0x80) ++body;  // skip the length varint
    spoiled[body + 1] = 0x07;
    return spoiled;
  };
  write_bytes(path("damaged.rec"), spoil(1));
  RecordsFile file;
  ASSERT_TRUE(read_records(path("damaged.rec"), &file, &error)) << error;
  EXPECT_EQ(file.games.size(), 1u);
  EXPECT_TRUE(file.damaged);
  EXPECT_NE(
      file.torn.find(path("damaged.rec") + ": an unreadable record at byte " +
                     std::to_string(starts[1]) + " (" + std::to_string(bytes.size() - starts[2]) +
                     " more bytes follow it: the file is damaged, not cut short) after 1 "
                     "complete game; only the games before it can be read"),
      std::string::npos)
      << file.torn;
  // The same in the last record, with nothing after it, is a torn tail: a killed run's.
  write_bytes(path("last.rec"), spoil(2));
  RecordsFile last;
  ASSERT_TRUE(read_records(path("last.rec"), &last, &error)) << error;
  EXPECT_EQ(last.games.size(), 2u);
  EXPECT_FALSE(last.damaged) << last.torn;
  EXPECT_NE(last.torn.find("the complete games are kept"), std::string::npos) << last.torn;
}

TEST_F(RecordsIoTest, GarbageFileIsAnErrorNamingIt) {
  write_bytes(path("garbage.rec"), "this is not a records file at all\n");
  RecordsFile file;
  std::string error;
  EXPECT_FALSE(read_records(path("garbage.rec"), &file, &error));
  EXPECT_NE(error.find(path("garbage.rec")), std::string::npos) << error;
}

TEST_F(RecordsIoTest, EmptyFileIsAnErrorNamingIt) {
  write_bytes(path("empty.rec"), "");
  RecordsFile file;
  std::string error;
  EXPECT_FALSE(read_records(path("empty.rec"), &file, &error));
  EXPECT_NE(error.find(path("empty.rec") + ": empty"), std::string::npos) << error;
}

TEST_F(RecordsIoTest, MissingFileIsAnErrorNamingIt) {
  RecordsFile file;
  std::string error;
  EXPECT_FALSE(read_records(path("missing.rec"), &file, &error));
  EXPECT_NE(error.find(path("missing.rec")), std::string::npos) << error;
  EXPECT_NE(error.find("No such file"), std::string::npos) << error;
}

TEST_F(RecordsIoTest, DirectoryIsAnErrorSayingSo) {
  std::filesystem::create_directories(path("dir.rec"));
  RecordsFile file;
  std::string error;
  EXPECT_FALSE(read_records(path("dir.rec"), &file, &error));
  EXPECT_NE(error.find(path("dir.rec") + ": cannot be read (is a directory)"), std::string::npos)
      << error;
}

TEST_F(RecordsIoTest, TornHeaderIsAnError) {
  std::string error;
  ASSERT_TRUE(RecordsWriter::create(path("h.rec"), make_header(), &error)) << error;
  const std::string bytes = read_bytes(path("h.rec"));
  // Cut anywhere after the format name, the file is recognised as ours and its header as cut.
  const size_t after_name = bytes.find(kRecordsFormat) + std::strlen(kRecordsFormat);
  const size_t prefix = bytes[1] & 0x80 ? 3 : 2;  // the header's length varint (> 127 bytes)
  for (size_t cut = after_name; cut < bytes.size(); ++cut) {
    write_bytes(path("h.rec"), bytes.substr(0, cut));
    RecordsFile file;
    EXPECT_FALSE(read_records(path("h.rec"), &file, &error));
    EXPECT_NE(
        error.find(path("h.rec") + ": its header is cut short (" + std::to_string(cut - prefix) +
                   " of " + std::to_string(bytes.size() - prefix) + " bytes): it holds no games"),
        std::string::npos)
        << error;
  }
  // Cut before it, nothing says the file is a records file.
  write_bytes(path("h.rec"), bytes.substr(0, 1));
  RecordsFile file;
  EXPECT_FALSE(read_records(path("h.rec"), &file, &error));
  EXPECT_NE(error.find(path("h.rec") + ": not a Black Lady Arena records file"), std::string::npos)
      << error;
}

TEST_F(RecordsIoTest, HeaderOnlyFileHasNoGames) {
  std::string error;
  ASSERT_TRUE(RecordsWriter::create(path("h.rec"), make_header(), &error)) << error;
  RecordsFile file;
  ASSERT_TRUE(read_records(path("h.rec"), &file, &error)) << error;
  EXPECT_EQ(file.games.size(), 0u);
  EXPECT_TRUE(file.torn.empty()) << file.torn;
  EXPECT_EQ(file.header.format(), kRecordsFormat);
  EXPECT_EQ(file.header.bots_size(), 4);
}

TEST_F(RecordsIoTest, UncreatableFileIsAnErrorNamingIt) {
  std::string error;
  const std::string bad = path("no/such/dir/x.rec");
  EXPECT_FALSE(RecordsWriter::create(bad, make_header(), &error));
  EXPECT_NE(error.find(bad), std::string::npos) << error;
}

}  // namespace
}  // namespace arena
