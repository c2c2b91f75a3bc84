// Small arena utilities checked against known answers: SHA-256 test vectors (FIPS 180-4
// examples), JSON text, rule specs that travel in records.
#include <gtest/gtest.h>

#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "common/atomic_file.h"
#include "common/json.h"
#include "common/rules_spec.h"
#include "common/sha256.h"
#include "common/siphash.h"
#include "hearts/rule_options.h"
#include "support/test_temp.h"

namespace arena {
namespace {

TEST(Sha256, StandardTestVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, FileDigestMatchesDataDigest) {
  const std::string path = arena_test::test_temp_path("arena_util_test", "sha_input.bin");
  std::string data;
  for (int i = 0; i < 200000; ++i) data += static_cast<char>(i * 7);
  std::ofstream(path, std::ios::binary) << data;
  EXPECT_EQ(sha256_file(path), sha256_hex(data));
  EXPECT_EQ(sha256_file(path + ".missing"), std::nullopt);
}

TEST(Json, KeepsKeyOrderAndEscapes) {
  Json out = Json::object();
  out["zeta"] = 1;
  out["alpha"] = "a \"quoted\"\nline\\";
  Json& list = out["list"] = Json::array();
  list.emplace_back(1.5);
  list.emplace_back(true);
  list.emplace_back(Json());
  EXPECT_EQ(dump_json(out, -1),
            "{\"zeta\":1,\"alpha\":\"a \\\"quoted\\\"\\nline\\\\\",\"list\":[1.5, true, null]}");
  EXPECT_EQ(dump_json(Json(static_cast<long long>(12345678901)), -1), "12345678901");
  EXPECT_EQ(dump_json(Json(std::string("\x01")), -1), "\"\\u0001\"");
}

TEST(RulesSpec, RoundTripsEveryPresetWithOverrides) {
  for (const hearts::Preset& preset : hearts::presets()) {
    hearts::Rules rules = preset.rules;
    const auto spec = to_rules_spec(std::string(preset.name), rules);
    EXPECT_EQ(spec.options_size(), static_cast<int>(hearts::rule_options().size()));
    hearts::Rules back;
    ASSERT_TRUE(from_rules_spec(spec, &back).ok()) << preset.name;
    EXPECT_EQ(back, rules) << preset.name;
  }
  hearts::Rules rules = *hearts::preset_rules("morehead2001");
  rules.num_players = 5;
  rules.moon = hearts::MoonRule::kNewMoon;
  hearts::Rules back;
  ASSERT_TRUE(from_rules_spec(to_rules_spec("morehead2001", rules), &back).ok());
  EXPECT_EQ(back, rules) << "overrides travel with the preset name";
}

TEST(RulesSpec, ARecordWrittenBeforeLaterOptionsReplaysAsItWasPlayed) {
  // An omnibus record from before bonus_card existed: every original option, the JD at -10.
  hearts::Rules old_omnibus = *hearts::preset_rules("standard");
  old_omnibus.jack_of_diamonds_points = -10;
  old_omnibus.moon = hearts::MoonRule::kOmnibus;
  old_omnibus.sun = hearts::SunRule::kPunishment;
  old_omnibus.punishment_unpassed = hearts::PunishmentUnpassed::kEveryoneDouble;
  hearts::proto::RulesSpec spec = to_rules_spec("omnibus", old_omnibus);
  int dropped = 0;
  for (const hearts::RuleOption& option : hearts::rule_options()) {
    if (option.value_before_added)
      dropped += spec.mutable_options()->erase(std::string(option.name));
  }
  ASSERT_GT(dropped, 0);
  hearts::Rules back;
  ASSERT_TRUE(from_rules_spec(spec, &back).ok());
  EXPECT_EQ(back, old_omnibus) << "not the preset's 10D, and the old punishment reading";

  // Every preset's old records too (the old punishment reading is accepted without the sun).
  for (const hearts::Preset& preset : hearts::presets()) {
    // Presets born with a later option have no records from before it.
    if (preset.name == "greek-phillips1939" || preset.name == "greek-culbertson1950" ||
        preset.name == "greek-parlett2008" || preset.name == "complex" ||
        preset.name == "royal-hearts" || preset.name == "gong-zhu") {
      continue;
    }
    // The partnership presets came with their options: no record of them lacks those.
    if (preset.rules.partnership != hearts::Partnership::kNone) continue;
    if (preset.rules.partnership_slam_bid) continue;  // likewise the slam bid's
    // Presets built on options added later have no records from before those options.
    if (preset.name == "domino" || preset.name == "joker-hearts") continue;
    if (preset.rules.decks != 1) continue;  // two-deck presets came with their options
    hearts::Rules old_rules = preset.rules;
    old_rules.punishment_unpassed = hearts::PunishmentUnpassed::kEveryoneDouble;
    if (preset.name == "omnibus") {
      old_rules.bonus_card = hearts::CardSet{};
      old_rules.jack_of_diamonds_points = -10;
    }
    hearts::proto::RulesSpec old_spec = to_rules_spec(std::string(preset.name), old_rules);
    for (const hearts::RuleOption& option : hearts::rule_options()) {
      if (option.value_before_added) old_spec.mutable_options()->erase(std::string(option.name));
    }
    ASSERT_TRUE(from_rules_spec(old_spec, &back).ok()) << preset.name;
    EXPECT_EQ(back, old_rules) << preset.name;
  }

  // A partial spec (a config naming a few options) still starts from the preset.
  hearts::proto::RulesSpec config;
  config.set_preset("omnibus");
  (*config.mutable_options())["num_players"] = "4";
  ASSERT_TRUE(from_rules_spec(config, &back).ok());
  EXPECT_EQ(back, *hearts::preset_rules("omnibus"));
  EXPECT_FALSE(back.bonus_card.empty());
}

TEST(RulesSpec, OldHearts1887RecordsKeepTheirPointsSettlement) {
  // hearts1887 moved to the 1887 chips; its records from before name points and 100 counters.
  hearts::Rules old_rules = *hearts::preset_rules("hearts1887");
  old_rules.settlement = hearts::Settlement::kPoints;
  old_rules.starting_counters = 100;
  old_rules.punishment_unpassed = hearts::PunishmentUnpassed::kEveryoneDouble;  // as then
  hearts::proto::RulesSpec spec = to_rules_spec("hearts1887", old_rules);
  for (const hearts::RuleOption& option : hearts::rule_options()) {
    if (option.value_before_added) spec.mutable_options()->erase(std::string(option.name));
  }
  hearts::Rules back;
  ASSERT_TRUE(from_rules_spec(spec, &back).ok());
  EXPECT_EQ(back.settlement, hearts::Settlement::kPoints);
  EXPECT_EQ(back.starting_counters, 100);
  EXPECT_EQ(back, old_rules);
  EXPECT_EQ(hearts::preset_rules("hearts1887")->settlement, hearts::Settlement::kChips1887);
}

TEST(RulesSpec, BadOptionsAreNamed) {
  hearts::proto::RulesSpec spec;
  spec.set_preset("standard");
  (*spec.mutable_options())["moon"] = "purple";
  hearts::Rules rules;
  const hearts::Status status = from_rules_spec(spec, &rules);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("moon"), std::string::npos);
  EXPECT_NE(status.message().find("purple"), std::string::npos);
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

// The reference implementation's vectors: key 00 01 .. 0f, message 00 01 .. (n-1).
TEST(SipHash, MatchesTheReferenceVectors) {
  const SipKey key{0x0706050403020100ull, 0x0f0e0d0c0b0a0908ull};
  unsigned char message[16];
  for (int i = 0; i < 16; ++i) message[i] = static_cast<unsigned char>(i);
  EXPECT_EQ(siphash24(key, message, 0), 0x726fdb47dd0e0e31ull);
  EXPECT_EQ(siphash24(key, message, 1), 0x74f839c593dc67fdull);
  EXPECT_EQ(siphash24(key, message, 8), 0x93f5f5799a932462ull);
  EXPECT_EQ(siphash24(key, message, 15), 0xa129ca6149be45e5ull);
  // The two-word form is the same function of the 16 bytes.
  EXPECT_EQ(siphash24(key, 0x0706050403020100ull, 0x0f0e0d0c0b0a0908ull),
            siphash24(key, message, 16));
}

std::string hmac_hex(std::string_view key, std::string_view message) {
  std::string hex;
  for (uint8_t byte : hmac_sha256(key, message)) {
    char two[3];
    std::snprintf(two, sizeof two, "%02x", byte);
    hex += two;
  }
  return hex;
}

// RFC 4231's cases 1, 2 and 6 (a key longer than a block is hashed first); called twice, so the
// digest context each thread reuses carries nothing from one call to the next.
TEST(HmacSha256, MatchesRfc4231TestCases) {
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(hmac_hex(std::string(20, '\x0b'), "Hi There"),
              "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    EXPECT_EQ(hmac_hex("Jefe", "what do ya want for nothing?"),
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    EXPECT_EQ(hmac_hex(std::string(131, '\xaa'),
                       "Test Using Larger Than Block-Size Key - Hash Key First"),
              "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
  }
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

TEST(AtomicFile, ReplacesTheFileWholeAndLeavesNoTemporaryFile) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "atomic_file";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "results.json").string();
  std::string error;
  ASSERT_TRUE(write_file_atomically(path, "old\n", &error)) << error;
  ASSERT_TRUE(write_file_atomically(path, std::string(100000, 'x'), &error)) << error;
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, std::string(100000, 'x'));
  size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) files += entry.exists();
  EXPECT_EQ(files, 1u) << "a temporary file was left beside " << path;
  std::filesystem::remove_all(dir);
}

TEST(AtomicFile, FailureNamesTheFileAndKeepsTheOldContents) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "atomic_fail";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "results.json");  // a folder where the file goes
  std::string error;
  EXPECT_FALSE(write_file_atomically((dir / "results.json").string(), "new", &error));
  EXPECT_EQ(error.rfind((dir / "results.json").string() + ": cannot write it: ", 0), 0u) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << "one line";
  EXPECT_TRUE(std::filesystem::is_directory(dir / "results.json"));
  size_t entries = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) entries += entry.exists();
  EXPECT_EQ(entries, 1u) << "no temporary file is left";
  EXPECT_FALSE(write_file_atomically((dir / "missing" / "x.json").string(), "new", &error));
  EXPECT_NE(error.find("No such file or directory"), std::string::npos) << error;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace arena
