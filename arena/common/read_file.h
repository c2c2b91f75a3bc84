// Reading a whole input file (records, configs, logs) with a reason when it cannot be read.
//
// std::ifstream opens a directory and then throws from inside its buffer when read; this checks
// that the path is a regular file (or a pipe) and says why not, in a few words that callers put
// after the file's name.
#pragma once

#include <string>

namespace arena {

// The whole contents of `path`. False with *why ("is a directory", "No such file or directory",
// ...) when it is not a readable file.
bool read_whole_file(const std::string& path, std::string* contents, std::string* why);

}  // namespace arena
