// Loading real plugins with Boost.DLL: every way a plugin can be broken gets one line naming the
// file and the problem, and a library stays loaded exactly as long as a bot from it lives.
#include <gtest/gtest.h>
#include <link.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "hearts/game.h"
#include "players/bot_specs.h"
#include "players/plugin_loader.h"

namespace arena {
namespace {

namespace fs = std::filesystem;

const std::string kBundled = HEARTS_BUNDLED_PLUGIN_DIR;
const std::string kTestPlugins = HEARTS_TEST_PLUGIN_DIR;

// A fresh directory per test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("hearts_plugin_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++));
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  std::string str() const { return path_.string(); }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

std::string open_error(const std::string& path) {
  std::string error;
  auto library = PluginLibrary::open(path, &error);
  EXPECT_EQ(library, nullptr) << path;
  EXPECT_EQ(error.find('\n'), std::string::npos) << "one line: " << error;
  EXPECT_NE(error.find(path), std::string::npos) << "names the file: " << error;
  return error;
}

bool is_mapped(const std::string& path) {
  struct Search {
    std::string wanted;
    bool found = false;
  } search{fs::canonical(path).string()};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        auto* s = static_cast<Search*>(data);
        if (info->dlpi_name != nullptr && s->wanted == info->dlpi_name) s->found = true;
        return 0;
      },
      &search);
  return search.found;
}

TEST(PluginLoader, LoadsABundledBotWithItsIdentity) {
  std::string error;
  auto library = PluginLibrary::open(kBundled + "/librandom.so", &error);
  ASSERT_NE(library, nullptr) << error;
  EXPECT_EQ(library->identity().name, "random");
  EXPECT_EQ(library->identity().version, "1.0");
  EXPECT_EQ(library->identity().transport, "plugin");
  EXPECT_EQ(library->abi_version(), hearts::kAbiVersion);
  EXPECT_EQ(library->identity().file_sha256.size(), 64u);
}

// What a plugin says it handles is what the referee sends it (hearts_bot_listens); one built
// without the export gets every notification.
TEST(PluginLoader, ReadsWhichNotificationsABotHandles) {
  const uint32_t deal_end = hearts::notification_bit(hearts::kNotifyDealEnd);
  const std::pair<std::string, uint32_t> cases[] = {
      {kBundled + "/librandom.so", 0},  // keeps Bot's empty handlers
      {kTestPlugins + "/libthrowing_bot.so", hearts::kEveryNotification},
      {kTestPlugins + "/libnotice_bot.so", deal_end},
      {kTestPlugins + "/libnotice_old_bot.so", hearts::kEveryNotification}};
  for (const auto& [path, handled] : cases) {
    std::string error;
    auto library = PluginLibrary::open(path, &error, false);
    ASSERT_NE(library, nullptr) << error;
    EXPECT_EQ(library->identity().notifications, handled) << path;
  }
}

TEST(PluginLoader, MissingFile) {
  const std::string error = open_error("/no/such/dir/libnothing.so");
  EXPECT_NE(error.find("no such file"), std::string::npos) << error;
}

TEST(PluginLoader, NotASharedLibrary) {
  TempDir dir;
  const std::string path = dir.file("libtext.so");
  std::ofstream(path) << "this is not an ELF file\n";
  const std::string error = open_error(path);
  EXPECT_NE(error.find("not a loadable shared library"), std::string::npos) << error;
}

TEST(PluginLoader, SharedLibraryThatIsNoBot) {
  const std::string error = open_error(kTestPlugins + "/libnot_a_bot.so");
  EXPECT_NE(error.find("not a bot plugin"), std::string::npos) << error;
  EXPECT_NE(error.find("hearts_bot_create"), std::string::npos) << "lists what is missing";
}

TEST(PluginLoader, MissingFactory) {
  const std::string error = open_error(kTestPlugins + "/libmissing_factory_bot.so");
  EXPECT_NE(error.find("missing hearts_bot_create"), std::string::npos) << error;
  EXPECT_EQ(error.find("hearts_bot_decide"), std::string::npos) << "only what is missing";
}

TEST(PluginLoader, WrongAbiVersionNamesBothVersions) {
  const std::string error = open_error(kTestPlugins + "/libwrong_abi_bot.so");
  EXPECT_NE(error.find(std::to_string(hearts::kAbiVersion + 1000)), std::string::npos) << error;
  EXPECT_NE(error.find("speaks version " + std::to_string(hearts::kAbiVersion)), std::string::npos)
      << error;
}

TEST(PluginLoader, ResolvesNamesInSearchOrder) {
  std::string error;
  auto source = resolve_bot_spec("ducker", {kTestPlugins, kBundled}, &error);
  ASSERT_NE(source, nullptr) << error;
  EXPECT_EQ(source->identity().name, "ducker");
  EXPECT_EQ(source->identity().spec, "ducker");
  EXPECT_EQ(fs::path(source->identity().path).filename(), "libducker.so");

  // An earlier directory wins over the bundled one.
  TempDir dir;
  fs::copy_file(kBundled + "/liblowest.so", dir.file("libmy_lowest.so"));
  source = resolve_bot_spec("lowest", {dir.str(), kBundled}, &error);
  ASSERT_NE(source, nullptr) << error;
  EXPECT_EQ(fs::path(source->identity().path).filename(), "libmy_lowest.so");
}

TEST(PluginLoader, UnknownNameListsWhatWasFound) {
  std::string error;
  EXPECT_EQ(resolve_bot_spec("nosuchbot", {kBundled}, &error), nullptr);
  EXPECT_NE(error.find("'nosuchbot'"), std::string::npos) << error;
  EXPECT_NE(error.find("random"), std::string::npos) << "lists the bots found: " << error;
  EXPECT_EQ(error.find('\n'), std::string::npos);
}

TEST(PluginLoader, TwoPluginsWithTheSameNameInOneDirectory) {
  TempDir dir;
  fs::copy_file(kBundled + "/librandom.so", dir.file("librandom.so"));
  fs::copy_file(kBundled + "/librandom.so", dir.file("librandom_copy.so"));
  std::string error;
  EXPECT_EQ(resolve_bot_spec("random", {dir.str()}, &error), nullptr);
  EXPECT_NE(error.find("two plugins"), std::string::npos) << error;
  EXPECT_NE(error.find("librandom.so"), std::string::npos) << error;
  EXPECT_NE(error.find("librandom_copy.so"), std::string::npos) << error;

  // `arena bots` says so before anyone names it; one copy elsewhere in the path is not ambiguous.
  TempDir other;
  fs::copy_file(kBundled + "/librandom.so", other.file("librandom.so"));
  const auto lines = ambiguous_plugins(discover_plugins({dir.str(), other.str(), kBundled}));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "ambiguous: plugins named 'random' in " + dir.str() + ": " +
                          dir.file("librandom.so") + ", " + dir.file("librandom_copy.so") +
                          "; give a file path instead of the name");
}

TEST(PluginLoader, DiscoveryReportsBrokenFilesAndKeepsGoodOnes) {
  const auto found = discover_plugins({kTestPlugins});
  int good = 0;
  int broken = 0;
  for (const DiscoveredPlugin& plugin : found) {
    if (plugin.library) {
      ++good;
    } else {
      ++broken;
      EXPECT_FALSE(plugin.error.empty()) << plugin.path;
    }
  }
  EXPECT_EQ(broken, 3) << "not_a_bot, missing_factory, wrong_abi";
  EXPECT_GE(good, 6);
}

// The library is unloaded only after the last bot created from it is destroyed.
TEST(PluginLoader, LibraryOutlivesItsBotsAndNoLonger) {
  TempDir dir;  // a private copy, so no other test keeps it mapped
  const std::string path = dir.file("libprivate_random.so");
  fs::copy_file(kBundled + "/librandom.so", path);
  std::string error;
  auto library = PluginLibrary::open(path, &error);
  ASSERT_NE(library, nullptr) << error;
  auto compiled = *hearts::compile(hearts::Rules{});
  hearts::BotConfig config;
  config.rules = &compiled;
  auto bot = library->create(config, "private", &error);
  ASSERT_NE(bot, nullptr) << error;
  library.reset();
  EXPECT_TRUE(is_mapped(path)) << "a live bot keeps its library loaded";

  hearts::Game game(compiled, 7);
  game.deal_from_seed();
  while (game.phase() != hearts::Phase::kPlay) {
    hearts::Observation obs = hearts::observe(game, game.to_act());
    hearts::Decision decision{};
    ASSERT_EQ(bot->decide(obs, &decision).status, CallStatus::kOk);
    ASSERT_TRUE(game.pass_cards({decision.cards, static_cast<size_t>(decision.count)}).ok());
  }
  hearts::Observation obs = hearts::observe(game, game.to_act());
  hearts::Decision decision{};
  ASSERT_EQ(bot->decide(obs, &decision).status, CallStatus::kOk);
  EXPECT_TRUE(obs.legal.contains(decision.card));

  bot.reset();
  EXPECT_FALSE(is_mapped(path)) << "the last bot's destruction unloads the library";
}

}  // namespace
}  // namespace arena
