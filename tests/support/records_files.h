// Reading and rewriting records files in tests (the forged-records suites edit real records
// through the protobuf API and write them back).
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "records/records_io.h"
#include "run_arena.h"
#include "test_temp.h"

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

// `name` in a folder of this test process's own under the test temp dir, named after `suite`
// and the process id (so parallel test processes never share files); the folder is created, and
// removed when the process ends with every test passed (test_temp.h).
inline std::string temp_path(const std::string& suite, const std::string& name) {
  return test_temp_path(suite, name);
}

// Plays a series with `arena play --quiet ARGS --out PATH`; it must succeed.
inline void play_into(const std::string& args, const std::string& path) {
  const RunResult r = run_arena("play --quiet " + args + " --out " + path);
  ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.out;
}

}  // namespace arena_test
