// `arena play` of a preset into a records file, then `arena verify` and `arena replay` of it: the
// round trip the end-to-end tests of a game variant share.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "run_arena.h"

namespace arena_test {

// Plays `games` games of `preset` (plus `args`) into `out`; the run, `arena verify` (every game
// verified) and `arena replay` must succeed, and the replay must contain `replay_shows`.
inline void play_verify_replay(const std::string& preset, const std::string& args,
                               const std::string& out, int games, const std::string& replay_shows) {
  std::remove(out.c_str());
  const RunResult play = run_arena("play --rules " + preset + " --games " + std::to_string(games) +
                                   " --quiet --out " + out + " " + args);
  ASSERT_EQ(play.exit_code, 0) << args << ": " << play.out;
  const RunResult verify = run_arena("verify " + out);
  EXPECT_EQ(verify.exit_code, 0) << verify.out;
  EXPECT_NE(verify.out.find("verified " + std::to_string(games) + " game"), std::string::npos)
      << verify.out;
  const RunResult replay = run_arena("replay " + out);
  EXPECT_EQ(replay.exit_code, 0) << replay.out;
  EXPECT_NE(replay.out.find(replay_shows), std::string::npos) << replay.out;
}

}  // namespace arena_test
