// Reading and rewriting records files in tests (the forged-records suites edit real records
// through the protobuf API and write them back).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "records/records_io.h"

namespace arena_test {

// The whole file; a failure to read it is a test failure.
inline arena::RecordsFile read_or_die(const std::string& path) {
  arena::RecordsFile file;
  std::string error;
  EXPECT_TRUE(arena::read_records(path, &file, &error)) << error;
  return file;
}

// Writes `file` (header and games) to `path`, replacing it.
inline void write_or_die(const std::string& path, const arena::RecordsFile& file) {
  std::string error;
  auto writer = arena::RecordsWriter::create(path, file.header, &error);
  ASSERT_TRUE(writer) << error;
  for (const auto& game : file.games) ASSERT_TRUE(writer->append(game, &error)) << error;
}

}  // namespace arena_test
