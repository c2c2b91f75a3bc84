#include "json.h"

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

void write_number(std::string& out, double value) {
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

}  // namespace

Json& Json::set(std::string key, Json value) {
  auto& object = std::get<Object>(value_);
  object.emplace_back(std::move(key), std::move(value));
  return object.back().second;
}

Json& Json::push(Json value) {
  auto& array = std::get<Array>(value_);
  array.push_back(std::move(value));
  return array.back();
}

std::string Json::dump(int indent) const {
  std::string out;
  write(out, indent, 0);
  if (indent >= 0) out += '\n';
  return out;
}

void Json::write(std::string& out, int indent, int depth) const {
  if (std::holds_alternative<std::monostate>(value_)) {
    out += "null";
  } else if (const bool* flag = std::get_if<bool>(&value_)) {
    out += *flag ? "true" : "false";
  } else if (const double* number = std::get_if<double>(&value_)) {
    write_number(out, *number);
  } else if (const std::string* text = std::get_if<std::string>(&value_)) {
    write_string(out, *text);
  } else if (const Array* array = std::get_if<Array>(&value_)) {
    // Arrays of scalars stay on one line; they are usually per-seat numbers.
    bool scalars = true;
    for (const Json& item : *array) {
      scalars &= !std::holds_alternative<Array>(item.value_) &&
                 !std::holds_alternative<Object>(item.value_);
    }
    out += '[';
    for (size_t i = 0; i < array->size(); ++i) {
      if (i > 0) out += scalars || indent < 0 ? ", " : ",";
      if (!scalars) newline(out, indent, depth + 1);
      (*array)[i].write(out, indent, depth + 1);
    }
    if (!scalars && !array->empty()) newline(out, indent, depth);
    out += ']';
  } else {
    const Object& object = std::get<Object>(value_);
    out += '{';
    for (size_t i = 0; i < object.size(); ++i) {
      if (i > 0) out += ',';
      newline(out, indent, depth + 1);
      write_string(out, object[i].first);
      out += indent < 0 ? ":" : ": ";
      object[i].second.write(out, indent, depth + 1);
    }
    if (!object.empty()) newline(out, indent, depth);
    out += '}';
  }
}

}  // namespace arena
