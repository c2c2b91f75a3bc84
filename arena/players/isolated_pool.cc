#include "players/isolated_pool.h"

#include <compare>
#include <filesystem>
#include <map>

namespace arena {
namespace {

namespace fs = std::filesystem;

// What makes two children differ: the file they load and every option the child runs under.
struct PoolKey {
  std::string canonical_path;
  std::string file_sha256;
  std::string log_dir;  // absolute
  int64_t memory_limit_mb = 0;
  bool sandbox = true;
  int64_t cpu_seconds = 0;
  int64_t log_limit_mb = 0;
  int64_t connect_timeout_us = 0;
  int64_t network_margin_us = 0;

  auto operator<=>(const PoolKey&) const = default;
};

PoolKey key_of(const std::string& plugin_path, const std::string& file_sha256,
               const SpecOptions& options) {
  std::error_code ec;
  PoolKey key;
  key.canonical_path = fs::weakly_canonical(plugin_path, ec).string();
  if (ec) key.canonical_path = fs::absolute(plugin_path, ec).lexically_normal().string();
  key.file_sha256 = file_sha256;
  key.log_dir = fs::absolute(options.log_dir, ec).lexically_normal().string();
  key.memory_limit_mb = options.memory_limit_mb;
  key.sandbox = options.sandbox.enabled;
  key.cpu_seconds = options.sandbox.cpu_seconds;
  key.log_limit_mb = options.sandbox.log_limit_mb;
  key.connect_timeout_us = options.remote.connect_timeout_us;
  key.network_margin_us = options.remote.network_margin_us;
  return key;
}

// The live pools, by weak reference: a pool (and its children) goes with its last user. Expired
// entries are swept on the next lookup, never from a pool's destructor, which may run while a
// lookup holds the mutex.
struct Registry {
  std::mutex mutex;
  std::map<PoolKey, std::weak_ptr<IsolatedChildPool>> pools;
};

Registry& registry() {
  static auto* instance = new Registry;  // never destroyed: pools may outlive static destruction
  return *instance;
}

}  // namespace

std::shared_ptr<IsolatedChildPool> IsolatedChildPool::acquire(const std::string& plugin_path,
                                                              const std::string& file_sha256,
                                                              const SpecOptions& options,
                                                              std::string* error) {
  const bool shareable = !file_sha256.empty();
  const PoolKey key = key_of(plugin_path, file_sha256, options);
  Registry& reg = registry();
  // Held while the first child starts (milliseconds), so that two entrants of one file resolved
  // at once end up in one pool.
  std::lock_guard lock(reg.mutex);
  std::erase_if(reg.pools, [](const auto& entry) { return entry.second.expired(); });
  if (shareable) {
    if (auto it = reg.pools.find(key); it != reg.pools.end()) {
      if (auto pool = it->second.lock()) return pool;
    }
  }
  std::shared_ptr<IsolatedChildPool> pool(new IsolatedChildPool(plugin_path, options));
  auto child = std::make_shared<IsolatedChild>(plugin_path, options);
  if (!child->start(&pool->hello_, error)) return nullptr;
  pool->lanes_.push_back({std::thread::id(), std::move(child)});
  if (shareable) reg.pools[key] = pool;
  return pool;
}

std::shared_ptr<IsolatedChild> IsolatedChildPool::for_this_thread(std::string* error) {
  const std::thread::id me = std::this_thread::get_id();
  {
    std::lock_guard lock(mutex_);
    for (const Lane& lane : lanes_) {
      if (lane.owner == me) return lane.child;
    }
    if (lanes_.front().owner == std::thread::id()) {
      lanes_.front().owner = me;  // the first child goes to the first thread that asks
      return lanes_.front().child;
    }
  }
  // This thread's first table: a child of its own, started outside the lock (it takes ms). Only
  // this thread adds a lane for itself, so no other can race it to one.
  auto fresh = std::make_shared<IsolatedChild>(plugin_path_, options_);
  BotIdentity hello;
  if (!fresh->start(&hello, error)) return nullptr;
  std::lock_guard lock(mutex_);
  lanes_.push_back({me, fresh});
  return fresh;
}

IsolatedChild& IsolatedChildPool::first_child() const {
  // Under the lock: another thread's first table may be adding a lane (moving the vector).
  std::lock_guard lock(mutex_);
  return *lanes_.front().child;
}

int IsolatedChildPool::lanes() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(lanes_.size());
}

int IsolatedChildPool::restarts() const {
  std::lock_guard lock(mutex_);
  int total = 0;
  for (const Lane& lane : lanes_) total += lane.child->restarts();
  return total;
}

}  // namespace arena
