// `arena bots`: the plugins found in the search path, with name, version, author, ABI and file.
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "players/bot_specs.h"
#include "players/plugin_loader.h"

namespace arena {
namespace {

struct BotsFlags {
  std::vector<std::string> plugin_dirs;
  bool json = false;
};

Json listing_json(const std::vector<std::string>& search_path,
                  const std::vector<PluginListing>& plugins,
                  const std::vector<std::string>& ambiguous) {
  Json out = Json::object();
  Json& dirs = out["search_path"] = Json::array();
  for (const std::string& dir : search_path) dirs.emplace_back(dir);
  Json& list = out["bots"] = Json::array();
  for (const PluginListing& plugin : plugins) {
    Json& entry = list.emplace_back(Json::object());
    entry["file"] = plugin.path;
    if (plugin.identity.name.empty()) {
      entry["error"] = plugin.error;
      continue;
    }
    const BotIdentity& id = plugin.identity;
    entry["name"] = id.name;
    entry["version"] = id.version;
    entry["author"] = id.author;
    entry["abi"] = static_cast<int>(hearts::kAbiVersion);  // a plugin of another ABI is refused
    entry["sha256"] = id.file_sha256;
    entry["runs_as"] = plugin.sandboxed ? "sandboxed" : "trusted";
  }
  Json& lines = out["ambiguous"] = Json::array();
  for (const std::string& line : ambiguous) lines.emplace_back(line);
  return out;
}

int list_bots(const BotsFlags& flags) {
  const auto search_path = plugin_search_path(flags.plugin_dirs);
  SpecOptions options;
  options.trust.isolate_untrusted = true;  // listing a folder runs none of its plugins here
  const auto plugins = list_plugins(search_path, options);
  std::vector<std::pair<std::string, std::string>> names;
  for (const PluginListing& plugin : plugins) {
    if (!plugin.identity.name.empty()) names.emplace_back(plugin.path, plugin.identity.name);
  }
  const std::vector<std::string> ambiguous = ambiguous_names(names);
  if (flags.json) {
    print_json(listing_json(search_path, plugins, ambiguous));
    return 0;
  }
  std::cout << "search path:";
  for (const std::string& dir : search_path) std::cout << ' ' << dir;
  std::cout << (search_path.empty() ? " (empty)\n" : "\n");
  std::cout << std::left << std::setw(16) << "name" << std::setw(10) << "version" << std::setw(22)
            << "author" << std::setw(5) << "abi" << std::setw(10) << "runs as"
            << "file\n";
  for (const PluginListing& plugin : plugins) {
    if (plugin.identity.name.empty()) continue;
    const BotIdentity& id = plugin.identity;
    std::cout << std::setw(15) << id.name << ' ' << std::setw(9) << id.version << ' '
              << std::setw(21) << id.author << ' ' << std::setw(4) << hearts::kAbiVersion << ' '
              << std::setw(9) << (plugin.sandboxed ? "sandboxed" : "trusted") << ' ' << plugin.path
              << '\n';
  }
  for (const PluginListing& plugin : plugins) {
    if (plugin.identity.name.empty()) std::cout << "skipped: " << plugin.error << '\n';
  }
  for (const std::string& line : ambiguous) std::cout << line << '\n';
  return 0;
}

}  // namespace

void add_bots_command(CLI::App& app, int* exit_code) {
  auto flags = std::make_shared<BotsFlags>();
  auto* bots = app.add_subcommand("bots", "list the bot plugins found in the search path");
  bots->add_option("--plugin-dir", flags->plugin_dirs, "look for plugins here first (repeatable)");
  bots->add_flag("--json", flags->json, "machine-readable output");
  bots->callback([flags, exit_code] { *exit_code = list_bots(*flags); });
}

}  // namespace arena
