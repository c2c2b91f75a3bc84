"""Installs the blacklady_arena kit: `pip install ./python` from the repository's root.

The gRPC stubs are not in git: build_py generates them from ../proto (or $HEARTS_PROTO_DIR) with
protoc and grpc_python_plugin (Debian: protobuf-compiler, protobuf-compiler-grpc) into the
package being built, through generate_stubs.py, the generator the CMake target python_kit uses.

There is deliberately no pyproject.toml: with one, pip builds in an isolated environment and
downloads setuptools first, so an offline install fails. Without it, pip uses the setuptools
already installed (Debian's python3-setuptools, or a venv's own) and never goes online. grpcio
and protobuf are not declared as requirements for the same reason: Debian provides them
(python3-grpcio, python3-protobuf), and the kit says clearly which one is missing on import.
"""

import os
import sys

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from generate_stubs import generate  # noqa: E402


class BuildPyWithStubs(build_py):
    def run(self):
        super().run()
        proto_dir = os.environ.get("HEARTS_PROTO_DIR") or os.path.join(HERE, "..", "proto")
        generate(os.path.abspath(proto_dir),
                 os.path.join(self.build_lib, "blacklady_arena", "_proto"))


setup(
    name="blacklady_arena",
    version="1.0",
    description="Write Black Lady Arena (Hearts) bots in Python: typed observations, a Bot "
                "base class and a gRPC server",
    packages=["blacklady_arena"],
    python_requires=">=3.9",
    cmdclass={"build_py": BuildPyWithStubs},
)
