// The option table: every Rules field is reachable by name, prints and parses back, and bad
// settings are refused with a message naming the option.
#include <gtest/gtest.h>

#include "hearts/rule_options.h"

namespace hearts {
namespace {

TEST(RuleOptions, EveryPresetRoundTripsThroughText) {
  for (const Preset& preset : presets()) {
    Rules rebuilt;  // defaults, then every option copied across as text
    for (const RuleOption& option : rule_options()) {
      const std::string text = option.get(preset.rules);
      ASSERT_TRUE(option.set(rebuilt, text).ok())
          << preset.name << " " << option.name << "=" << text;
    }
    EXPECT_EQ(rebuilt, preset.rules) << preset.name;
  }
}

TEST(RuleOptions, NamesAreUnique) {
  const auto& options = rule_options();
  for (size_t i = 0; i < options.size(); ++i) {
    for (size_t j = i + 1; j < options.size(); ++j) EXPECT_NE(options[i].name, options[j].name);
  }
  EXPECT_EQ(options.size(), 65u) << "a Rules field was added or removed: update the table";
}

TEST(RuleOptions, EachSettingChangesItsField) {
  Rules rules;
  ASSERT_TRUE(apply_rule_setting(rules, "moon=new-moon").ok());
  EXPECT_EQ(rules.moon, MoonRule::kNewMoon);
  ASSERT_TRUE(apply_rule_setting(rules, "num_players=5").ok());
  EXPECT_EQ(rules.num_players, 5);
  ASSERT_TRUE(apply_rule_setting(rules, "queen_forced=true").ok());
  EXPECT_TRUE(rules.queen_forced);
  ASSERT_TRUE(apply_rule_setting(rules, "forbidden_passes=QS,AS").ok());
  EXPECT_EQ(rules.forbidden_passes, (CardSet{kQueenOfSpades, kAceOfSpades}));
  ASSERT_TRUE(apply_rule_setting(rules, "jack_of_diamonds_points=-10").ok());
  EXPECT_EQ(rules.jack_of_diamonds_points, -10);
}

TEST(RuleOptions, BadSettingsNameTheOptionAndTheValue) {
  Rules rules;
  const Rules before = rules;
  Status status = apply_rule_setting(rules, "moon=blue-moon");
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("moon"), std::string::npos);
  EXPECT_NE(status.message().find("blue-moon"), std::string::npos);
  EXPECT_NE(status.message().find("old-moon"), std::string::npos) << "lists accepted values";

  status = apply_rule_setting(rules, "num_players=four");
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("num_players"), std::string::npos);

  status = apply_rule_setting(rules, "no_such_option=1");
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("no_such_option"), std::string::npos);

  EXPECT_FALSE(apply_rule_setting(rules, "moon").ok());
  EXPECT_FALSE(apply_rule_setting(rules, "queen_forced=maybe").ok());
  EXPECT_FALSE(apply_rule_setting(rules, "forbidden_passes=QX").ok());
  EXPECT_EQ(rules, before) << "a failed setting changes nothing";
}

TEST(RuleOptions, PresetPlusSettingsIsValidated) {
  Rules rules;
  ASSERT_TRUE(rules_from_preset("black-maria", {"num_players=3"}, &rules).ok());
  EXPECT_EQ(rules.num_players, 3);
  EXPECT_EQ(rules.king_of_spades_points, 10);

  Status status = rules_from_preset("standard", {"num_players=5"}, &rules);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("pass_schedule"), std::string::npos) << status.message();

  status = rules_from_preset("nonsense", {}, &rules);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("nonsense"), std::string::npos);
  EXPECT_NE(status.message().find("standard"), std::string::npos) << "lists the presets";
}

TEST(RuleOptions, StarPassCountIsHeldToHalfTheHand) {
  // docs/rules.md section 6: a star pass still checks pass_count against half the hand.
  Rules rules;
  Status status = rules_from_preset(
      "morehead2001", {"num_players=5", "pass_schedule=star", "pass_count=6"}, &rules);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("passing 6 of a 10-card hand"), std::string::npos)
      << status.message();
  EXPECT_TRUE(
      rules_from_preset("morehead2001", {"num_players=5", "pass_schedule=star"}, &rules).ok());
}

TEST(RuleOptions, BlackJackSummaryGivesFostersEarlyRuleAsMay) {
  // The seed: "In early rules, the black jack may be discarded ... In later rules, ... must".
  for (const Preset& preset : presets()) {
    if (preset.name != "black-jack") continue;
    EXPECT_EQ(preset.summary.find("Foster's black jack"), std::string_view::npos);
    EXPECT_NE(preset.summary.find("Seymour"), std::string_view::npos) << preset.summary;
    EXPECT_NE(preset.summary.find("may"), std::string_view::npos) << preset.summary;
  }
}

TEST(RuleOptions, EveryPresetIsValid) {
  ASSERT_EQ(presets().size(), 27u);
  for (const Preset& preset : presets()) {
    EXPECT_TRUE(validate(preset.rules).ok())
        << preset.name << ": " << validate(preset.rules).message();
  }
}

}  // namespace
}  // namespace hearts
