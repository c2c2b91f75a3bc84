#include "players/plugin_loader.h"

#include <spdlog/spdlog.h>

#include <boost/dll/shared_library.hpp>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include "common/sha256.h"

namespace arena {
namespace fs = std::filesystem;

namespace {

constexpr const char* kRequiredAliases[] = {"hearts_abi_version", "hearts_bot_info",
                                            "hearts_bot_create",  "hearts_bot_destroy",
                                            "hearts_bot_decide",  "hearts_bot_notify"};

std::string copy_text(const char* text) {
  return text ? std::string(text) : std::string();
}

// A plugin's error text, read no further than its buffer: a plugin that wrote it without a
// terminator gets its 256 bytes quoted, not the caller's stack beyond them.
std::string error_text(const hearts::ErrorText& error) {
  return std::string(error.text, strnlen(error.text, sizeof(error.text)));
}

}  // namespace

// A bot living inside a plugin. Declared here: only PluginLibrary creates it.
class PluginPlayer final : public Player {
 public:
  PluginPlayer(std::shared_ptr<PluginLibrary> library, void* handle, BotIdentity identity)
      : library_(std::move(library)), handle_(handle), identity_(std::move(identity)) {}
  // The plugin's own destroyer runs while library_ still holds the library loaded.
  ~PluginPlayer() override { library_->destroy_(handle_); }

  CallResult decide(const hearts::Observation& obs, hearts::Decision* out) override {
    hearts::ErrorText error;  // 256 bytes: set only the terminator, per call
    error.text[0] = '\0';
    if (library_->decide_(handle_, &obs, out, &error) != 0) return plugin_decide_failure(error);
    return {};
  }
  DirectDecide direct_decide() override { return {library_->decide_, handle_}; }

  CallResult notify(int32_t kind, const hearts::Observation& obs,
                    const hearts::DealResult& result) override {
    hearts::ErrorText error;  // 256 bytes: set only the terminator, per call
    error.text[0] = '\0';
    if (library_->notify_(handle_, kind, &obs, &result, &error) != 0) {
      return {CallStatus::kError, "exception in notification: " + error_text(error), ""};
    }
    return {};
  }

  const BotIdentity& identity() const override { return identity_; }
  bool runs_on_calling_thread() const override { return true; }

 private:
  std::shared_ptr<PluginLibrary> library_;
  void* handle_;
  BotIdentity identity_;
};

PluginLibrary::~PluginLibrary() = default;

CallResult plugin_decide_failure(const hearts::ErrorText& error) {
  return {CallStatus::kError, "exception: " + error_text(error), ""};
}

std::shared_ptr<PluginLibrary> PluginLibrary::open(const std::string& path, std::string* error,
                                                   bool compute_hash) {
  const std::string who = "plugin " + path + ": ";
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    *error = who + "no such file";
    return nullptr;
  }
  if (!fs::is_regular_file(path, ec)) {
    *error = who + "not a regular file";
    return nullptr;
  }
  std::shared_ptr<PluginLibrary> plugin(new PluginLibrary());
  try {
    // rtld_now: a plugin with unresolved symbols fails here, with the loader's message, rather
    // than crashing in the middle of a game.
    plugin->library_ = std::make_unique<boost::dll::shared_library>(
        path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  } catch (const std::exception& e) {
    *error = who + "not a loadable shared library (" + e.what() + ")";
    return nullptr;
  }
  std::string missing;
  for (const char* alias : kRequiredAliases) {
    if (!plugin->library_->has(alias))
      missing += (missing.empty() ? "" : ", ") + std::string(alias);
  }
  if (!missing.empty()) {
    *error = who + "not a bot plugin (missing " + missing + ")";
    return nullptr;
  }
  auto& lib = *plugin->library_;
  plugin->abi_version_ = lib.get_alias<hearts::AbiVersionFn>("hearts_abi_version")();
  if (plugin->abi_version_ != hearts::kAbiVersion) {
    *error = who + "built for SDK ABI version " + std::to_string(plugin->abi_version_) +
             ", but this arena speaks version " + std::to_string(hearts::kAbiVersion) +
             " (rebuild the plugin against this SDK)";
    return nullptr;
  }
  const hearts::BotInfoC info = lib.get_alias<hearts::BotInfoFn>("hearts_bot_info")();
  plugin->create_ = &lib.get_alias<hearts::BotCreateFn>("hearts_bot_create");
  plugin->destroy_ = &lib.get_alias<hearts::BotDestroyFn>("hearts_bot_destroy");
  plugin->decide_ = &lib.get_alias<hearts::BotDecideFn>("hearts_bot_decide");
  plugin->notify_ = &lib.get_alias<hearts::BotNotifyFn>("hearts_bot_notify");
  BotIdentity& id = plugin->identity_;
  // Optional: a plugin built before the SDK exported it is sent every notification.
  if (lib.has("hearts_bot_listens")) {
    id.notifications =
        lib.get_alias<hearts::BotListensFn>("hearts_bot_listens")() & hearts::kEveryNotification;
  }
  id.name = copy_text(info.name);
  id.version = copy_text(info.version);
  id.author = copy_text(info.author);
  id.transport = "plugin";
  id.path = fs::absolute(path, ec).string();
  if (id.name.empty()) {
    *error = who + "the plugin reports an empty bot name";
    return nullptr;
  }
  if (compute_hash) plugin->hash_file();
  return plugin;
}

void PluginLibrary::hash_file() {
  if (identity_.file_sha256.empty())
    identity_.file_sha256 = sha256_file(identity_.path).value_or("");
}

std::unique_ptr<Player> PluginLibrary::create(const hearts::BotConfig& config,
                                              const std::string& spec, std::string* error) {
  hearts::ErrorText failure{};
  void* handle = create_(&config, &failure);
  if (handle == nullptr) {
    *error = "plugin " + identity_.path + ": bot '" + identity_.name +
             "' could not be created: " + error_text(failure);
    return nullptr;
  }
  BotIdentity identity = identity_;
  identity.spec = spec;
  return std::make_unique<PluginPlayer>(shared_from_this(), handle, std::move(identity));
}

std::vector<std::string> bundled_plugin_dirs() {
  std::vector<std::string> dirs;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return dirs;
  // Build tree: build/arena/arena beside build/plugins. Install: bin/ beside lib/.
  for (const fs::path& candidate :
       {exe.parent_path().parent_path() / "plugins",
        exe.parent_path().parent_path() / "lib" / "black-lady-arena" / "plugins"}) {
    if (fs::is_directory(candidate, ec)) dirs.push_back(candidate.lexically_normal().string());
  }
  return dirs;
}

bool in_bundled_dir(const std::string& path) {
  std::error_code ec;
  const fs::path target = fs::weakly_canonical(path, ec);
  if (ec) return false;
  for (const std::string& dir : bundled_plugin_dirs()) {
    const fs::path bundled = fs::weakly_canonical(dir, ec);
    if (ec) continue;
    const fs::path folder = fs::is_directory(target, ec) ? target : target.parent_path();
    if (folder == bundled) return true;
  }
  return false;
}

std::vector<std::string> split_path_list(const std::string& list) {
  std::vector<std::string> dirs;
  size_t start = 0;
  while (start <= list.size()) {
    const size_t end = list.find(':', start);
    const std::string dir = list.substr(start, end == std::string::npos ? end : end - start);
    if (!dir.empty()) dirs.push_back(dir);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return dirs;
}

std::vector<std::string> plugin_search_path(const std::vector<std::string>& plugin_dirs) {
  std::vector<std::string> path = plugin_dirs;
  if (const char* env = std::getenv("HEARTS_PLUGIN_PATH")) {
    for (const std::string& dir : split_path_list(env)) path.push_back(dir);
  }
  for (const std::string& dir : bundled_plugin_dirs()) path.push_back(dir);
  // The same folder named twice (a flag and the bundled folder) is searched once.
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (const std::string& dir : path) {
    std::error_code canonical_ec;
    const std::string key = fs::weakly_canonical(dir, canonical_ec).string();
    if (seen.insert(canonical_ec ? dir : key).second) unique.push_back(dir);
  }
  return unique;
}

std::vector<fs::path> plugin_files(const std::string& dir) {
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".so") files.push_back(entry.path());
  }
  if (ec) spdlog::warn("plugin directory {}: {}", dir, ec.message());
  std::sort(files.begin(), files.end());  // directory order is arbitrary; results are not
  return files;
}

std::vector<DiscoveredPlugin> discover_plugins(const std::vector<std::string>& search_path,
                                               bool hash_files) {
  std::vector<DiscoveredPlugin> found;
  std::set<std::string> seen_files;
  for (const std::string& dir : search_path) {
    std::error_code ec;
    for (const fs::path& file : plugin_files(dir)) {
      const std::string canonical = fs::weakly_canonical(file, ec).string();
      if (!seen_files.insert(canonical).second) continue;
      DiscoveredPlugin plugin;
      plugin.path = file.string();
      plugin.library = PluginLibrary::open(plugin.path, &plugin.error, hash_files);
      found.push_back(std::move(plugin));
    }
  }
  return found;
}

std::vector<std::string> ambiguous_plugins(const std::vector<DiscoveredPlugin>& plugins) {
  std::vector<std::pair<std::string, std::string>> file_names;
  for (const DiscoveredPlugin& plugin : plugins) {
    if (plugin.library) file_names.emplace_back(plugin.path, plugin.library->identity().name);
  }
  return ambiguous_names(file_names);
}

std::vector<std::string> ambiguous_names(
    const std::vector<std::pair<std::string, std::string>>& file_names) {
  // (directory, name) -> files, in discovery order.
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> files;
  for (const auto& [file, name] : file_names) {
    files[{fs::path(file).parent_path().string(), name}].push_back(file);
  }
  std::vector<std::string> lines;
  for (const auto& [key, paths] : files) {
    if (paths.size() < 2) continue;
    std::string line = "ambiguous: plugins named '" + key.second + "' in " + key.first + ":";
    for (size_t k = 0; k < paths.size(); ++k) line += (k ? ", " : " ") + paths[k];
    lines.push_back(line + "; give a file path instead of the name");
  }
  return lines;
}

}  // namespace arena
