// Status: the result of an operation that can fail for an expected reason (bad input, an illegal
// move, an invalid rule combination). Exceptions are kept for programming errors only.
//
// Thread safety: a plain value.
#pragma once

#include <string>
#include <utility>

namespace hearts {

class [[nodiscard]] Status {
 public:
  Status() = default;
  static Status ok_status() { return Status(); }
  static Status error(std::string message) { return Status(std::move(message)); }

  bool ok() const { return message_.empty(); }
  // One line naming the thing and what is wrong; empty when ok().
  const std::string& message() const { return message_; }

 private:
  explicit Status(std::string message) : message_(std::move(message)) {
    if (message_.empty()) message_ = "unknown error";
  }
  std::string message_;
};

}  // namespace hearts
