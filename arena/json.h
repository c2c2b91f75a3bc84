// A small JSON value with ordered object keys, so that machine-readable output is byte-for-byte
// deterministic (protobuf's Struct prints map keys in an unspecified order).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace arena {

class Json {
 public:
  using Object = std::vector<std::pair<std::string, Json>>;
  using Array = std::vector<Json>;

  Json() = default;  // null
  Json(bool value) : value_(value) {}
  Json(int value) : value_(static_cast<double>(value)) {}
  Json(long long value) : value_(static_cast<double>(value)) {}
  Json(double value) : value_(value) {}
  Json(const char* value) : value_(std::string(value)) {}
  Json(std::string value) : value_(std::move(value)) {}
  Json(std::string_view value) : value_(std::string(value)) {}

  static Json object() { return Json(Object{}); }
  static Json array() { return Json(Array{}); }

  // Appends a key to an object (keys keep insertion order) and returns its value.
  Json& set(std::string key, Json value);
  // Appends to an array.
  Json& push(Json value);

  // Indented JSON text ending in a newline when `indent` >= 0; compact on one line otherwise.
  std::string dump(int indent = 2) const;

 private:
  explicit Json(Object value) : value_(std::move(value)) {}
  explicit Json(Array value) : value_(std::move(value)) {}
  void write(std::string& out, int indent, int depth) const;

  std::variant<std::monostate, bool, double, std::string, Array, Object> value_;
};

}  // namespace arena
