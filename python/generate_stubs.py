#!/usr/bin/env python3
"""Generates the kit's gRPC stubs from the repository's proto/ files.

    generate_stubs.py --proto-dir PROTO_DIR --out PACKAGE_DIR/_proto

Runs protoc (Debian: protobuf-compiler) with grpc_python_plugin (protobuf-compiler-grpc) on
bot_service.proto and rules.proto, then turns the generated top-level imports
(`import rules_pb2 as rules__pb2`) into package-relative ones (`from . import rules_pb2 ...`), so
the stubs live inside blacklady_arena._proto and never clash with another copy on sys.path.
Used by the CMake target python_kit (into the build tree) and by setup.py (pip install ./python):
one generator, and no generated file in git.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

PROTOS = ("bot_service.proto", "rules.proto")


def find_tool(name, env_var, package):
    """The tool's path: $ENV_VAR, else PATH, else /usr/bin; SystemExit naming the package."""
    path = os.environ.get(env_var) or shutil.which(name) or f"/usr/bin/{name}"
    if not os.access(path, os.X_OK):
        raise SystemExit(f"generate_stubs.py: {name} not found (Debian: apt-get install "
                         f"{package}; or set {env_var})")
    return path


def generate(proto_dir, out_dir):
    """Writes __init__.py, *_pb2.py and *_pb2_grpc.py for PROTOS into out_dir."""
    for proto in PROTOS:
        if not os.path.isfile(os.path.join(proto_dir, proto)):
            raise SystemExit(f"generate_stubs.py: {os.path.join(proto_dir, proto)} not found "
                             "(build from a checkout of the repository, which holds proto/)")
    protoc = find_tool("protoc", "PROTOC", "protobuf-compiler")
    plugin = find_tool("grpc_python_plugin", "GRPC_PYTHON_PLUGIN", "protobuf-compiler-grpc")
    os.makedirs(out_dir, exist_ok=True)
    subprocess.run([protoc, f"-I{proto_dir}", f"--python_out={out_dir}",
                    f"--grpc_python_out={out_dir}",
                    f"--plugin=protoc-gen-grpc_python={plugin}", *PROTOS], check=True)
    for name in os.listdir(out_dir):
        if name.endswith(".py"):
            path = os.path.join(out_dir, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            text = re.sub(r"^import (\w+_pb2) as (\w+)$", r"from . import \1 as \2", text,
                          flags=re.M)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    with open(os.path.join(out_dir, "__init__.py"), "w", encoding="utf-8") as f:
        f.write('"""Generated from proto/ by python/generate_stubs.py; do not edit."""\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--proto-dir", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    generate(args.proto_dir, args.out)


if __name__ == "__main__":
    sys.exit(main())
