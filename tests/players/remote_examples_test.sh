#!/usr/bin/env bash
# The remote bot examples end to end: start each example server (examples/remote_bot_cpp, then
# examples/remote_bot_python) on a free port, play two games against it with
# `arena play --bots grpc://127.0.0.1:PORT,random,random,random --json`, check that the remote
# seat is reported under the bot's own name with no violations, then stop the server with SIGTERM
# and check that it exits with status 0.
#
#   remote_examples_test.sh ARENA_BINARY REMOTE_BOT_CPP_BINARY SOURCE_DIR PYTHON_KIT_DIR
#
# The Python example runs with /usr/bin/python3 (Debian's, with python3-grpcio), or with
# $HEARTS_TEST_PYTHON, and the Python bot kit from PYTHON_KIT_DIR (build/python, assembled by the
# python_kit target) on PYTHONPATH.
set -euo pipefail

if [[ $# -ne 4 ]]; then
  echo "usage: $0 ARENA_BINARY REMOTE_BOT_CPP_BINARY SOURCE_DIR PYTHON_KIT_DIR" >&2
  exit 2
fi
arena=$1
cpp_bot=$2
source_dir=$3
kit_dir=$4
python=${HEARTS_TEST_PYTHON:-/usr/bin/python3}

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [[ -n $server_pid ]] && kill -TERM "$server_pid" 2>/dev/null; then
    for _ in $(seq 20); do
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# start_server NAME COMMAND...: starts COMMAND in the background (output in $work/NAME.log), waits
# up to 60 s for its "listening on HOST:PORT" line and sets server_pid and port.
start_server() {
  local name=$1
  shift
  local log="$work/$name.log"
  : >"$log"  # exists before the server opens it: the loop below may read it first
  "$@" >"$log" 2>&1 &
  server_pid=$!
  port=""
  for _ in $(seq 600); do
    port=$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' "$log" | head -n 1)
    [[ -n $port ]] && break
    if ! kill -0 "$server_pid" 2>/dev/null; then
      cat "$log" >&2
      fail "$name exited before listening"
    fi
    sleep 0.1
  done
  if [[ -z $port || $port == 0 ]]; then
    cat "$log" >&2
    fail "$name printed no 'listening on 127.0.0.1:PORT' line within 60 s"
  fi
  echo "$name listening on 127.0.0.1:$port"
}

# play_against NAME EXPECTED_BOT_NAME: two games with the server in seat 0; checks the summary.
play_against() {
  local name=$1 expected=$2
  local out="$work/$name.json" err="$work/$name.err"
  local status=0
  timeout 120 "$arena" play --bots "grpc://127.0.0.1:$port,random,random,random" --games 2 \
    --json >"$out" 2>"$err" || status=$?
  if [[ $status -ne 0 ]]; then
    cat "$err" "$out" >&2
    echo "--- $name log:" >&2
    cat "$work/$name.log" >&2
    fail "arena play against $name exited with status $status"
  fi
  "$python" - "$out" "$expected" <<'EOF' || fail "the summary of the games against $name is wrong"
import json, sys
path, expected = sys.argv[1], sys.argv[2]
with open(path) as f:
    summary = json.load(f)
seat = summary["seats"][0]
problems = []
if seat.get("bot") != expected:
    problems.append(f"seat 0 bot is {seat.get('bot')!r}, expected {expected!r}")
if seat.get("violations") != 0:
    problems.append(f"seat 0 has {seat.get('violations')} violations")
if seat.get("forfeits", 0) != 0:
    problems.append(f"seat 0 has {seat.get('forfeits')} forfeits")
if len(summary.get("games", [])) != 2:
    problems.append(f"{len(summary.get('games', []))} games played, expected 2")
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    print(json.dumps(seat, indent=2), file=sys.stderr)
    sys.exit(1)
EOF
  echo "$name: 2 games as '$expected', 0 violations"
}

# stop_server NAME: SIGTERM, then expects exit status 0 within 30 s.
stop_server() {
  local name=$1
  kill -0 "$server_pid" 2>/dev/null || fail "$name died during the games"
  kill -TERM "$server_pid"
  for _ in $(seq 300); do
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$server_pid" 2>/dev/null; then
    cat "$work/$name.log" >&2
    fail "$name still running 30 s after SIGTERM"
  fi
  local status=0
  wait "$server_pid" || status=$?
  server_pid=""
  if [[ $status -ne 0 ]]; then
    cat "$work/$name.log" >&2
    fail "$name exited with status $status after SIGTERM (expected 0)"
  fi
  echo "$name stopped cleanly"
}

# --- C++: examples/remote_bot_cpp ---
[[ -x $cpp_bot ]] || fail "no executable $cpp_bot (build the remote_bot_cpp target)"
start_server remote_bot_cpp "$cpp_bot" --listen 127.0.0.1:0
play_against remote_bot_cpp cppduck
stop_server remote_bot_cpp

# --- Python: examples/remote_bot_python ---
if ! "$python" -c 'import grpc' 2>/dev/null; then
  fail "$python cannot import grpc: install Debian's python3-grpcio (scripts/setup does), or set" \
    "HEARTS_TEST_PYTHON to a Python that has grpcio"
fi
python_dir="$source_dir/examples/remote_bot_python"
[[ -f $kit_dir/blacklady_arena/_proto/bot_service_pb2.py ]] ||
  fail "no Python bot kit in $kit_dir (build the python_kit target)"
start_server remote_bot_python env PYTHONPATH="$kit_dir" PYTHONDONTWRITEBYTECODE=1 \
  "$python" -u "$python_dir/bot.py" --listen 127.0.0.1:0
play_against remote_bot_python pyduck
stop_server remote_bot_python

echo "PASS"
