// The report's static files (HTML, CSS, JavaScript), embedded in the arena at build time from
// arena/report/assets/ by embed_assets.cmake, so an installed arena needs nothing beside it.
//
// Thread safety: the assets are constant data; any thread may read them.
#pragma once

#include <span>
#include <string_view>

namespace arena {

struct ReportAsset {
  const char* name;          // the file name in the report folder, e.g. "index.html"
  std::string_view content;  // the file's bytes, static storage
};

// Every asset, in a fixed order.
std::span<const ReportAsset> report_assets();

}  // namespace arena
