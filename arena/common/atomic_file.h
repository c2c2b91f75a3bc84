// Writing a whole file so that readers see either the old contents or the new, never a mix.
//
// The arena rewrites some files while other programs may read them (results.json during a long
// tournament, a records file cut back to its last whole game on resume): a crash or a full disk
// mid-write must not leave them half-written.
#pragma once

#include <string>
#include <string_view>

namespace arena {

// Writes `content` to a temporary file beside `path`, flushes it to disk and renames it over
// `path`. On failure returns false with *error one line naming `path` and the cause; `path` is
// then unchanged and no temporary file is left. Safe from any thread for distinct paths.
bool write_file_atomically(const std::string& path, std::string_view content, std::string* error);

}  // namespace arena
