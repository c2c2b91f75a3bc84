// Loading bot plugins with Boost.DLL: resolving bot specs, checking each library before any game
// starts, and creating one bot per seat per table.
//
// Ownership: a PluginLibrary is shared by every bot created from it; each bot holds a reference,
// so the library stays loaded while any bot lives, and bots are destroyed through the plugin's
// own destroyer before the library can be unloaded.
// Thread safety: a loaded PluginLibrary may create bots from several threads at once.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hearts/plugin.h"
#include "players/player.h"

namespace boost::dll {
class shared_library;
}

namespace arena {

class PluginLibrary : public std::enable_shared_from_this<PluginLibrary> {
 public:
  // Loads and checks a plugin file. On failure returns null and sets *error to one line naming
  // the file and the problem (no such file, not a shared library, not a bot plugin, ABI).
  // With compute_hash false, identity().file_sha256 stays empty until hash_file() is called:
  // looking a name up loads every plugin in a folder, and hashing them all is most of the cost.
  static std::shared_ptr<PluginLibrary> open(const std::string& path, std::string* error,
                                             bool compute_hash = true);
  // Fills identity().file_sha256 (once). Call before the library is shared between threads.
  void hash_file();
  ~PluginLibrary();

  const BotIdentity& identity() const { return identity_; }
  uint32_t abi_version() const { return abi_version_; }
  // Creates a bot for one seat; null with *error on failure (the plugin's factory failed).
  std::unique_ptr<Player> create(const hearts::BotConfig& config, const std::string& spec,
                                 std::string* error);

 private:
  friend class PluginPlayer;
  PluginLibrary() = default;

  std::unique_ptr<boost::dll::shared_library> library_;
  BotIdentity identity_;
  uint32_t abi_version_ = 0;
  hearts::BotCreateFn* create_ = nullptr;
  hearts::BotDestroyFn* destroy_ = nullptr;
  hearts::BotDecideFn* decide_ = nullptr;
  hearts::BotNotifyFn* notify_ = nullptr;
};

// What PluginPlayer::decide() returns when the plugin's decide entry returned non-zero with
// `error` (its exception's text): for a caller of Player::direct_decide().
CallResult plugin_decide_failure(const hearts::ErrorText& error);

// Where plugins are looked for, in order: --plugin-dir flags, HEARTS_PLUGIN_PATH (colon
// separated), then the bundled plugins folder beside the arena binary (build tree or install).
std::vector<std::string> plugin_search_path(const std::vector<std::string>& plugin_dirs);
// "a:b::c" -> {"a", "b", "c"}: a colon-separated folder list, empty entries dropped.
std::vector<std::string> split_path_list(const std::string& list);

// The bundled plugins folders beside the arena binary (build tree or install) that exist; the
// plugins in them are the arena's own and run in its process.
std::vector<std::string> bundled_plugin_dirs();
// True if `path` (a file or folder) is inside one of bundled_plugin_dirs().
bool in_bundled_dir(const std::string& path);

// The *.so files of one folder, sorted (a folder that cannot be read is a warning and none).
std::vector<std::filesystem::path> plugin_files(const std::string& dir);

struct DiscoveredPlugin {
  std::shared_ptr<PluginLibrary> library;  // null if the file failed to load
  std::string path;
  std::string error;
};
// Every *.so in the search path, loaded and checked (broken files carry their error).
std::vector<DiscoveredPlugin> discover_plugins(const std::vector<std::string>& search_path,
                                               bool hash_files = true);

// One line per name that two or more plugins in one directory report ("ambiguous: plugins named
// 'random' in DIR: A, B; give a file path instead of the name"): naming such a bot is an error.
std::vector<std::string> ambiguous_plugins(const std::vector<DiscoveredPlugin>& plugins);
// The same, from (file, name) pairs of plugins that could be read.
std::vector<std::string> ambiguous_names(
    const std::vector<std::pair<std::string, std::string>>& file_names);

}  // namespace arena
