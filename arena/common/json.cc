#include "common/json.h"

#include <cmath>
#include <cstdio>

namespace arena {
namespace {

void write_string(std::string& out, const std::string& text) {
  out += '"';
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

// Whole numbers print without a fraction; others with six significant digits, which is as many
// as any figure the arena reports carries.
void write_float(std::string& out, double value) {
  if (!std::isfinite(value)) {
    out += "null";
    return;
  }
  char buffer[32];
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    std::snprintf(buffer, sizeof buffer, "%.0f", value);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
  }
  out += buffer;
}

void newline(std::string& out, int indent, int depth) {
  if (indent < 0) return;
  out += '\n';
  out.append(static_cast<size_t>(indent * depth), ' ');
}

void write(const Json& value, std::string& out, int indent, int depth);

void write_array(const Json& array, std::string& out, int indent, int depth) {
  bool scalars = true;
  for (const Json& item : array) scalars &= !item.is_structured();
  out += '[';
  bool first = true;
  for (const Json& item : array) {
    if (!first) out += scalars || indent < 0 ? ", " : ",";
    first = false;
    if (!scalars) newline(out, indent, depth + 1);
    write(item, out, indent, depth + 1);
  }
  if (!scalars && !array.empty()) newline(out, indent, depth);
  out += ']';
}

void write_object(const Json& object, std::string& out, int indent, int depth) {
  out += '{';
  bool first = true;
  for (const auto& [key, item] : object.items()) {
    if (!first) out += ',';
    first = false;
    newline(out, indent, depth + 1);
    write_string(out, key);
    out += indent < 0 ? ":" : ": ";
    write(item, out, indent, depth + 1);
  }
  if (!object.empty()) newline(out, indent, depth);
  out += '}';
}

void write(const Json& value, std::string& out, int indent, int depth) {
  switch (value.type()) {
    case Json::value_t::null:
    case Json::value_t::discarded:
      out += "null";
      break;
    case Json::value_t::boolean:
      out += value.get<bool>() ? "true" : "false";
      break;
    case Json::value_t::number_integer:
      out += std::to_string(value.get<long long>());
      break;
    case Json::value_t::number_unsigned:
      out += std::to_string(value.get<unsigned long long>());
      break;
    case Json::value_t::number_float:
      write_float(out, value.get<double>());
      break;
    case Json::value_t::string:
      write_string(out, value.get_ref<const std::string&>());
      break;
    case Json::value_t::array:
      write_array(value, out, indent, depth);
      break;
    case Json::value_t::object:
      write_object(value, out, indent, depth);
      break;
    case Json::value_t::binary:
      out += "null";  // the arena never stores binary values
      break;
  }
}

}  // namespace

std::string dump_json(const Json& value, int indent) {
  std::string out;
  write(value, out, indent, 0);
  if (indent >= 0) out += '\n';
  return out;
}

}  // namespace arena
