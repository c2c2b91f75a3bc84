#!/bin/sh
# Generates the Python gRPC stubs for the Bot service (bot_service_pb2.py, bot_service_pb2_grpc.py,
# rules_pb2.py) from ../../proto into OUT_DIR (default: gen/ next to this script).
#   ./generate_stubs.sh [OUT_DIR]
# Needs protoc (Debian: protobuf-compiler) and grpc_python_plugin (protobuf-compiler-grpc).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/gen"}
plugin=${GRPC_PYTHON_PLUGIN:-/usr/bin/grpc_python_plugin}
if [ ! -x "$plugin" ]; then
  echo "generate_stubs.sh: $plugin not found (install protobuf-compiler-grpc)" >&2
  exit 1
fi
mkdir -p "$out"
cd "$here"
protoc -I ../../proto --python_out="$out" --grpc_python_out="$out" \
  --plugin=protoc-gen-grpc_python="$plugin" bot_service.proto rules.proto
echo "stubs written to $out"
