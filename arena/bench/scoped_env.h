// An environment variable set for a scope: the bench fixes a bundled bot's work through its
// environment override and puts back what was there afterwards.
//
// Thread safety: setenv is not; use it only while no other thread reads the environment.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>

namespace arena {

class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace arena
