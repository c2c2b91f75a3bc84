// Helpers shared by the report tests: reading the data scripts a report writes.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

namespace report_test {

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The JSON argument of a data script "BLA.loader(...);" or "BLA.game(N, ...);" (the last one).
inline nlohmann::ordered_json script_data(const std::filesystem::path& path) {
  const std::string text = read_text(path);
  const size_t open = text.find('(');
  size_t start = open + 1;
  if (text.compare(0, 9, "BLA.game(") == 0) start = text.find(',', open) + 1;
  const size_t close = text.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < start) return {};
  return nlohmann::ordered_json::parse(text.substr(start, close - start), nullptr, false);
}

inline nlohmann::ordered_json read_json(const std::filesystem::path& path) {
  return nlohmann::ordered_json::parse(read_text(path), nullptr, false);
}

}  // namespace report_test
