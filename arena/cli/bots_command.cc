// `arena bots`: the plugins found in the search path, with name, version, author, ABI and file.
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "players/plugin_loader.h"

namespace arena {
namespace {

struct BotsFlags {
  std::vector<std::string> plugin_dirs;
  bool json = false;
};

int list_bots(const BotsFlags& flags) {
  const auto search_path = plugin_search_path(flags.plugin_dirs);
  const auto plugins = discover_plugins(search_path);
  if (flags.json) {
    Json out = Json::object();
    Json& dirs = out["search_path"] = Json::array();
    for (const std::string& dir : search_path) dirs.emplace_back(dir);
    Json& list = out["bots"] = Json::array();
    for (const DiscoveredPlugin& plugin : plugins) {
      Json& entry = list.emplace_back(Json::object());
      entry["file"] = plugin.path;
      if (!plugin.library) {
        entry["error"] = plugin.error;
        continue;
      }
      const BotIdentity& id = plugin.library->identity();
      entry["name"] = id.name;
      entry["version"] = id.version;
      entry["author"] = id.author;
      entry["abi"] = static_cast<int>(plugin.library->abi_version());
      entry["sha256"] = id.file_sha256;
    }
    Json& ambiguous = out["ambiguous"] = Json::array();
    for (const std::string& line : ambiguous_plugins(plugins)) ambiguous.emplace_back(line);
    print_json(out);
    return 0;
  }
  std::cout << "search path:";
  for (const std::string& dir : search_path) std::cout << ' ' << dir;
  std::cout << (search_path.empty() ? " (empty)\n" : "\n");
  std::cout << std::left << std::setw(16) << "name" << std::setw(10) << "version" << std::setw(22)
            << "author" << std::setw(5) << "abi"
            << "file\n";
  for (const DiscoveredPlugin& plugin : plugins) {
    if (!plugin.library) continue;
    const BotIdentity& id = plugin.library->identity();
    std::cout << std::setw(15) << id.name << ' ' << std::setw(9) << id.version << ' '
              << std::setw(21) << id.author << ' ' << std::setw(4) << plugin.library->abi_version()
              << ' ' << plugin.path << '\n';
  }
  for (const DiscoveredPlugin& plugin : plugins) {
    if (!plugin.library) std::cout << "skipped: " << plugin.error << '\n';
  }
  for (const std::string& line : ambiguous_plugins(plugins)) std::cout << line << '\n';
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
