#include "players/bot_specs.h"

#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

#include "common/sha256.h"
#include "players/bot_time_limit.h"
#include "players/isolated.h"
#include "players/plugin_loader.h"
#include "players/timed_source.h"

namespace arena {
namespace {

namespace fs = std::filesystem;

class PluginSource final : public PlayerSource {
 public:
  PluginSource(std::shared_ptr<PluginLibrary> library, std::string spec)
      : library_(std::move(library)), identity_(library_->identity()) {
    identity_.spec = std::move(spec);
    identity_.runs_as = "trusted";
  }
  const BotIdentity& identity() const override { return identity_; }
  std::unique_ptr<Player> create(const hearts::BotConfig& config, std::string* error) override {
    return library_->create(config, identity_.spec, error);
  }

 private:
  std::shared_ptr<PluginLibrary> library_;
  BotIdentity identity_;
};

bool is_plugin_path(const std::string& spec) {
  return spec.find('/') != std::string::npos || spec.ends_with(".so");
}

std::string canonical(const std::string& path) {
  std::error_code ec;
  const fs::path c = fs::weakly_canonical(path, ec);
  return ec ? path : c.string();
}

// A plugin's name, read without loading it into this process: a sandboxed child loads it and
// says hello. Cached per file, size and modification time, so a folder is probed once a run.
bool probe_identity(const std::string& path, const SpecOptions& options, BotIdentity* identity,
                    std::string* error) {
  static std::mutex mutex;
  static std::map<std::string, std::pair<BotIdentity, std::string>> cache;  // key -> hello, error
  struct stat st {};
  const std::string key = canonical(path) + (::stat(path.c_str(), &st) == 0
                                                 ? "|" + std::to_string(st.st_size) + "|" +
                                                       std::to_string(st.st_mtim.tv_sec) + "." +
                                                       std::to_string(st.st_mtim.tv_nsec)
                                                 : "");
  {
    std::lock_guard lock(mutex);
    if (auto it = cache.find(key); it != cache.end()) {
      *identity = it->second.first;
      *error = it->second.second;
      return !identity->name.empty();
    }
  }
  SpecOptions probe = options;
  std::error_code ec;
  probe.log_dir = (fs::temp_directory_path(ec) / "arena-plugin-probes").string();
  BotIdentity hello;
  std::string failure;
  {
    IsolatedChild child(path, probe);
    if (child.start(&hello, &failure)) *identity = hello;
    fs::remove(child.log_path(), ec);
  }
  if (identity->name.empty()) {
    *error = failure.starts_with("plugin ") ? failure : "plugin " + path + ": " + failure;
  }
  std::lock_guard lock(mutex);
  cache[key] = {*identity, *error};
  return !identity->name.empty();
}

// A plugin file's identity: read by loading it here (`load_here`: bundled, or no trust policy)
// or from a sandboxed child's hello. False with *error if it cannot be used.
bool read_identity(const std::string& path, bool load_here, const SpecOptions& options, bool hash,
                   BotIdentity* identity, std::string* error) {
  if (load_here) {
    auto library = PluginLibrary::open(path, error, hash);
    if (library) *identity = library->identity();
    return library != nullptr;
  }
  if (!probe_identity(path, options, identity, error)) return false;
  if (hash) identity->file_sha256 = sha256_file(path).value_or("");
  return true;
}

// Where a plugin spec leads, found without running untrusted code in this process.
struct PluginMatch {
  std::string path;
  bool bundled = false;
};

// A name looked up folder by folder: bundled folders are read in process (their plugins are the
// arena's own), every other folder's plugins are asked their names in sandboxed children.
bool find_by_name(const std::string& spec, const std::vector<std::string>& search_path,
                  const SpecOptions& options, PluginMatch* match, std::string* error) {
  std::string names;
  std::string broken_namesakes;
  for (const std::string& dir : search_path) {
    const bool bundled = in_bundled_dir(dir);
    // Without the trust policy (a library caller's choice) every folder is read in process.
    const bool load_here = bundled || !options.trust.isolate_untrusted;
    std::string found;
    for (const fs::path& file : plugin_files(dir)) {
      BotIdentity identity;
      std::string failure;
      read_identity(file.string(), load_here, options, /*hash=*/false, &identity, &failure);
      const std::string& name = identity.name;
      if (name.empty()) {
        // A file named for the bot that could not be used says more than "no such name".
        const std::string stem = file.stem().string();
        if (stem == spec || stem == "lib" + spec) broken_namesakes += "; " + failure;
        continue;
      }
      if (names.find(" " + name + ",") == std::string::npos) names += " " + name + ",";
      if (name != spec) continue;
      if (!found.empty()) {
        *error = "bot '" + spec + "': two plugins with that name in " + dir + ": " + found +
                 " and " + file.string();
        return false;
      }
      found = file.string();
    }
    if (!found.empty()) {  // earlier folders in the search path take precedence
      *match = {found, bundled};
      return true;
    }
  }
  if (!names.empty()) names.pop_back();
  std::string dirs;
  for (const std::string& dir : search_path) dirs += (dirs.empty() ? "" : ":") + dir;
  *error = "bot '" + spec + "': no plugin with that name in " +
           (dirs.empty() ? std::string("an empty search path") : dirs) +
           (names.empty() ? std::string(" (none found)") : " (found:" + names + ")") +
           broken_namesakes;
  return false;
}

bool find_plugin(const std::string& spec, const std::vector<std::string>& search_path,
                 const SpecOptions& options, PluginMatch* match, std::string* error) {
  if (!is_plugin_path(spec)) return find_by_name(spec, search_path, options, match, error);
  std::error_code ec;
  if (!fs::exists(spec, ec)) {
    *error = "plugin " + spec + ": no such file";
    return false;
  }
  if (!fs::is_regular_file(spec, ec)) {
    *error = "plugin " + spec + ": not a regular file";
    return false;
  }
  *match = {fs::absolute(spec, ec).string(), in_bundled_dir(spec)};
  return true;
}

// True if --trust (or the config's trust list) names this plugin: by the spec as written, its
// name, or its file.
bool named_trusted(const TrustPolicy& trust, const std::string& plugin_spec,
                   const std::string& path) {
  for (const std::string& entry : trust.trusted) {
    if (entry == plugin_spec || (is_plugin_path(entry) && canonical(entry) == canonical(path))) {
      return true;
    }
  }
  return false;
}

std::shared_ptr<PlayerSource> in_process(const std::string& spec, const std::string& path,
                                         std::string* error) {
  auto library = PluginLibrary::open(path, error);
  if (!library) return nullptr;
  return std::make_shared<PluginSource>(std::move(library), spec);
}

std::shared_ptr<PlayerSource> isolated(const std::string& spec, const std::string& path,
                                       const SpecOptions& options, std::string* error) {
  const std::string hash = sha256_file(path).value_or("");
  return IsolatedSource::start(spec, path, hash, options, error);
}

}  // namespace

std::shared_ptr<PlayerSource> resolve_bot_spec(const std::string& spec,
                                               const std::vector<std::string>& search_path,
                                               std::string* error, const SpecOptions& options) {
  if (spec.empty()) {
    *error = "empty bot spec";
    return nullptr;
  }
  TimedSpec timed;
  if (!parse_timed_spec(spec, &timed, error)) return nullptr;
  if (timed.move_time_us > 0) {
    auto inner = resolve_bot_spec(timed.bot, search_path, error, options);
    if (!inner) return nullptr;
    return with_time_limit(std::move(inner), spec.substr(timed.bot.size()), timed.move_time_us);
  }
  if (spec.starts_with("grpc://") || spec.starts_with("grpcs://") || spec.starts_with("unix:")) {
    return RemoteSource::connect(spec, options.remote, error);
  }
  const bool trusted = spec.starts_with("trusted:");
  const bool isolated_spec = spec.starts_with("isolated:");
  const std::string plugin_spec = trusted || isolated_spec ? spec.substr(spec.find(':') + 1) : spec;
  if (plugin_spec.empty()) {
    *error = "bot spec '" + spec + "': no plugin named after the prefix";
    return nullptr;
  }
  PluginMatch match;
  if (!find_plugin(plugin_spec, search_path, options, &match, error)) return nullptr;
  if (trusted) return in_process(spec, match.path, error);
  if (isolated_spec || options.isolate_all) {
    return isolated(isolated_spec ? spec : "isolated:" + spec, match.path, options, error);
  }
  if (!options.trust.isolate_untrusted || match.bundled ||
      named_trusted(options.trust, plugin_spec, match.path)) {
    return in_process(spec, match.path, error);
  }
  return isolated(spec, match.path, options, error);
}

std::vector<PluginListing> list_plugins(const std::vector<std::string>& search_path,
                                        const SpecOptions& options) {
  std::vector<PluginListing> listed;
  std::set<std::string> seen;
  for (const std::string& dir : search_path) {
    const bool load_here = in_bundled_dir(dir) || !options.trust.isolate_untrusted;
    for (const fs::path& file : plugin_files(dir)) {
      if (!seen.insert(canonical(file.string())).second) continue;
      PluginListing item;
      item.path = file.string();
      item.sandboxed = !load_here;
      read_identity(item.path, load_here, options, /*hash=*/true, &item.identity, &item.error);
      listed.push_back(std::move(item));
    }
  }
  return listed;
}

std::string sandbox_notice(const BotIdentity& identity) {
  if (identity.runs_as == "isolated") {
    return "bot '" + identity.name + "' (" + identity.path +
           ") runs isolated WITHOUT the sandbox (--sandbox off: for debugging, never for a "
           "rated run)";
  }
  if (identity.runs_as != "sandboxed" || identity.spec.starts_with("isolated:")) return "";
  // The file, not the name: a plugin in --plugin-dir may call itself after a bundled bot.
  return "bot '" + identity.name + "' (" + identity.path + ") is not a bundled plugin: it runs " +
         "isolated in the sandbox (--trust " + identity.path + " runs it in this process)";
}

std::vector<std::string> unmatched_trust(const TrustPolicy& trust,
                                         const std::vector<BotIdentity>& bots) {
  std::vector<std::string> unmatched;
  for (const std::string& entry : trust.trusted) {
    bool found = false;
    for (const BotIdentity& bot : bots) {
      TimedSpec timed;  // --trust names the plugin, not "montecarlo@10ms"
      std::string ignored;
      const std::string spec = parse_timed_spec(bot.spec, &timed, &ignored) ? timed.bot : bot.spec;
      const std::string plugin_spec = spec.substr(
          spec.starts_with("trusted:") || spec.starts_with("isolated:") ? spec.find(':') + 1 : 0);
      found =
          found || entry == plugin_spec || entry == bot.name ||
          (is_plugin_path(entry) && !bot.path.empty() && canonical(entry) == canonical(bot.path));
    }
    if (!found) unmatched.push_back(entry);
  }
  return unmatched;
}

std::vector<std::string> trust_notices(const TrustPolicy& trust,
                                       const std::vector<BotIdentity>& bots) {
  std::vector<std::string> lines;
  for (const BotIdentity& bot : bots) {
    if (std::string notice = sandbox_notice(bot); !notice.empty()) {
      // Two entrants of one plugin file: one line is enough.
      if (std::find(lines.begin(), lines.end(), notice) == lines.end()) lines.push_back(notice);
    }
  }
  for (const std::string& entry : unmatched_trust(trust, bots)) {
    lines.push_back("--trust " + entry + " names none of the bots: it trusts nothing");
  }
  return lines;
}

std::vector<std::string> split_bot_list(const std::string& list) {
  std::vector<std::string> specs;
  size_t start = 0;
  while (true) {
    const size_t comma = list.find(',', start);
    specs.push_back(list.substr(start, comma == std::string::npos ? comma : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return specs;
}

}  // namespace arena
