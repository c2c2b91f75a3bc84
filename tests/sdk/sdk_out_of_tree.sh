#!/usr/bin/env bash
# Proves the SDK works for a bot author: installs the configured build's SDK component into a
# temporary prefix, builds examples/bot_plugin out of tree against it (find_package(HeartsSDK)),
# checks the plugin exports the seven hearts_* aliases, and plays it in the arena.
#
# Usage (tests/CMakeLists.txt passes all of these):
#   sdk_out_of_tree.sh --arena FILE --build-dir DIR --source-dir DIR --cmake FILE
#                      --cxx-compiler FILE --generator NAME [--make-program FILE]
#                      [--cxx-flags FLAGS] [--link-flags FLAGS]
# --cxx-flags / --link-flags: the flags the main build adds to every target (the sanitizer flags
# in a HEARTS_SANITIZE build), so the plugin is built like the arena that loads it.
set -euo pipefail

fail() {
  echo "sdk_out_of_tree: FAILED: $*" >&2
  exit 1
}
usage() {
  sed -n '6,11p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

arena= build_dir= source_dir= cmake= cxx= generator= make_program= cxx_flags= link_flags=
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "sdk_out_of_tree: $1 needs a value" >&2; usage; }
  case "$1" in
    --arena) arena=$2 ;;
    --build-dir) build_dir=$2 ;;
    --source-dir) source_dir=$2 ;;
    --cmake) cmake=$2 ;;
    --cxx-compiler) cxx=$2 ;;
    --generator) generator=$2 ;;
    --make-program) make_program=$2 ;;
    --cxx-flags) cxx_flags=$2 ;;
    --link-flags) link_flags=$2 ;;
    *) echo "sdk_out_of_tree: unknown argument $1" >&2; usage ;;
  esac
  shift 2
done
for required in arena build_dir source_dir cmake cxx generator; do
  [ -n "${!required}" ] || { echo "sdk_out_of_tree: missing --${required//_/-}" >&2; usage; }
done
[ -x "$arena" ] || fail "arena binary $arena does not exist (build first)"
[ -f "$build_dir/CMakeCache.txt" ] || fail "$build_dir is not a configured build directory"
[ -f "$source_dir/examples/bot_plugin/CMakeLists.txt" ] || fail "no examples/bot_plugin in $source_dir"
command -v nm >/dev/null || fail "nm (binutils) is not installed"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hearts-sdk-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/sdk
example_build=$tmp/example-build
log=$tmp/log

# Runs a command quietly; on failure shows its output and stops with `what`.
run() {
  local what=$1
  shift
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    fail "$what (command: $*)"
  fi
}

echo "== installing the SDK from $build_dir into $prefix"
run "cmake --install of the sdk component" "$cmake" --install "$build_dir" --prefix "$prefix" \
  --component sdk
for file in include/hearts/plugin.h include/hearts/bot.h lib/libhearts_sdk.a \
  lib/cmake/HeartsSDK/HeartsSDKConfig.cmake lib/cmake/HeartsSDK/HeartsSDKConfigVersion.cmake \
  lib/cmake/HeartsSDK/HeartsSDKTargets.cmake lib/cmake/HeartsSDK/HeartsPluginFunction.cmake; do
  [ -f "$prefix/$file" ] || fail "the installed SDK lacks $file"
done

echo "== building examples/bot_plugin out of tree ($generator, $cxx${cxx_flags:+, flags: $cxx_flags})"
configure=("$cmake" -S "$source_dir/examples/bot_plugin" -B "$example_build" -G "$generator"
  "-DCMAKE_PREFIX_PATH=$prefix" "-DCMAKE_CXX_COMPILER=$cxx" "-DCMAKE_CXX_FLAGS=$cxx_flags"
  "-DCMAKE_MODULE_LINKER_FLAGS=$link_flags" "-DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON")
if [ -n "$make_program" ]; then configure+=("-DCMAKE_MAKE_PROGRAM=$make_program"); fi
run "configuring examples/bot_plugin against the installed SDK" "${configure[@]}"
found_dir=$(sed -n 's/^HeartsSDK_DIR:PATH=//p' "$example_build/CMakeCache.txt")
[ "$found_dir" = "$prefix/lib/cmake/HeartsSDK" ] ||
  fail "find_package(HeartsSDK) found '$found_dir', not the SDK installed in $prefix"
run "building examples/bot_plugin" "$cmake" --build "$example_build"
plugin=$example_build/libexample.so
[ -f "$plugin" ] || fail "the example build did not produce $plugin"

echo "== checking the exported aliases of $plugin"
exported=$(nm -D --defined-only "$plugin" | awk '{print $NF}')
for alias in hearts_abi_version hearts_bot_info hearts_bot_create hearts_bot_destroy \
  hearts_bot_decide hearts_bot_notify hearts_bot_listens; do
  grep -qx "$alias" <<<"$exported" || fail "$plugin does not export $alias (nm -D)"
done

echo "== playing it: $arena play --bots $plugin,random,random,random --games 3 --json"
out=$tmp/play.json
status=0
"$arena" play --bots "$plugin,random,random,random" --games 3 --json >"$out" 2>"$log" || status=$?
if [ "$status" -ne 0 ]; then
  cat "$out" "$log" >&2
  fail "arena play with the example plugin exited with status $status"
fi
# The summary lists seats in order with a stable key order: seat 0's "bot" and "violations".
seat0=$(awk '/"seat": 0,/ {in_seat = 1} in_seat && /"bot":|"violations":/ {print} in_seat && /"violations":/ {exit}' "$out")
grep -q '"bot": "example"' <<<"$seat0" || { cat "$out" >&2; fail "seat 0 is not the example bot"; }
grep -q '"violations": 0,' <<<"$seat0" || { cat "$out" >&2; fail "the example bot had violations"; }

echo "== listing it: $arena bots --plugin-dir $example_build"
bots=$("$arena" bots --plugin-dir "$example_build" 2>&1) || { echo "$bots" >&2; fail "arena bots failed"; }
grep -qE "^example +1\.0 .*$plugin\$" <<<"$bots" || { echo "$bots" >&2; fail "arena bots does not list example"; }

echo "== playing it by name through --plugin-dir"
if ! "$arena" play --plugin-dir "$example_build" --bots example,random,random,random --games 1 \
  --quiet >"$log" 2>&1; then
  cat "$log" >&2
  fail "arena play --bots example (by name) failed"
fi

echo "sdk_out_of_tree: OK (the installed SDK builds a plugin that plays without violations)"
