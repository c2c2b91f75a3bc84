#include "players/bot_specs.h"

#include "players/isolated.h"
#include "players/plugin_loader.h"

namespace arena {
namespace {

class PluginSource final : public PlayerSource {
 public:
  PluginSource(std::shared_ptr<PluginLibrary> library, std::string spec)
      : library_(std::move(library)), identity_(library_->identity()) {
    identity_.spec = std::move(spec);
  }
  const BotIdentity& identity() const override { return identity_; }
  std::unique_ptr<Player> create(const hearts::BotConfig& config, std::string* error) override {
    return library_->create(config, identity_.spec, error);
  }

 private:
  std::shared_ptr<PluginLibrary> library_;
  BotIdentity identity_;
};

}  // namespace

std::shared_ptr<PlayerSource> resolve_bot_spec(const std::string& spec,
                                               const std::vector<std::string>& search_path,
                                               std::string* error, const SpecOptions& options) {
  if (spec.empty()) {
    *error = "empty bot spec";
    return nullptr;
  }
  if (spec.starts_with("grpc://") || spec.starts_with("grpcs://") || spec.starts_with("unix:")) {
    return RemoteSource::connect(spec, options.remote, error);
  }
  const bool isolated = spec.starts_with("isolated:") || options.isolate_all;
  const std::string plugin_spec = spec.starts_with("isolated:") ? spec.substr(9) : spec;
  auto library = resolve_plugin(plugin_spec, search_path, error);
  if (!library) return nullptr;
  if (isolated) {
    const std::string full_spec = spec.starts_with("isolated:") ? spec : "isolated:" + spec;
    return IsolatedSource::start(full_spec, library->identity().path,
                                 library->identity().file_sha256, options, error);
  }
  return std::make_shared<PluginSource>(std::move(library), spec);
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
