#!/usr/bin/env bash
# scripts/check-layout must catch each kind of breach: an upward include, an arena header named
# without its folder, an SDK file including the arena, and an over-long function; and it must
# pass a tree without them. Each case is a small tree in a temporary folder.
#   check_layout_test.sh SOURCE_DIR
set -u
check="$1/scripts/check-layout"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# tree NAME: a fresh, clean tree with a lower (match/) and a higher (cli/) folder.
tree() {
  local root="$work/$1"
  mkdir -p "$root/arena/match" "$root/arena/cli" "$root/arena/players" "$root/sdk/src" "$root/plugins"
  printf '#pragma once\n#include "players/player.h"\n#include "hearts/game.h"\n#include "records.pb.h"\n' \
    >"$root/arena/match/referee.h"
  printf '#pragma once\n' >"$root/arena/players/player.h"
  printf '#include "match/referee.h"\nint main() { return 0; }\n' >"$root/arena/cli/main.cc"
  echo "$root"
}

# expect NAME STATUS PATTERN: check-layout on tree NAME exits STATUS and prints PATTERN.
expect() {
  local output status
  output=$("$check" "$work/$1" 2>&1)
  status=$?
  if [ "$status" != "$2" ] || ! grep -q -- "$3" <<<"$output"; then
    echo "FAILED: $1: expected exit $2 and '$3', got exit $status:"
    echo "$output"
    failures=$((failures + 1))
  else
    echo "ok: $1"
  fi
}

tree clean >/dev/null
expect clean 0 "includes run one way"

root=$(tree upward)
printf '#include "cli/commands.h"\n' >>"$root/arena/match/referee.h"
expect upward 1 'arena/match/referee.h:5: match/ may not include "cli/commands.h" (a higher folder'

root=$(tree bare)
printf '#include "player.h"\n' >>"$root/arena/match/referee.h"
expect bare 1 'includes "player.h" without its folder'

root=$(tree sdk)
printf '#include "match/referee.h"\n' >"$root/sdk/src/game.cc"
expect sdk 1 'sdk/src/game.cc:1: sdk/ may not include the arena'

root=$(tree unknown)
mkdir -p "$root/arena/misc" && printf '#pragma once\n' >"$root/arena/misc/x.h"
expect unknown 1 'arena/misc/ is not a known domain folder'

root=$(tree long)
{
  echo "namespace arena {"
  echo "int long_function() {"
  for i in $(seq 1 85); do echo "  int v$i = $i;"; done
  echo "  return 0;"
  echo "}"
  echo "}  // namespace arena"
} >"$root/arena/players/long.cc"
expect long 1 'arena/players/long.cc:2: a function of 88 lines'

if [ "$failures" -ne 0 ]; then
  echo "check_layout_test: $failures case(s) failed"
  exit 1
fi
echo "check_layout_test: every breach was caught"
