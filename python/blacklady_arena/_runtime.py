"""The modules the kit needs at run time, imported with one clear error each when missing.

Debian's python3-grpcio and python3-protobuf live in /usr/lib/python3/dist-packages, which only
Debian's /usr/bin/python3 (or a venv made from it with --system-site-packages) sees: a python3
from pyenv or conda first on PATH is the usual reason for an ImportError here.
"""

import importlib
import sys


def require(module: str, debian_package: str):
    """Imports `module`, or raises ImportError saying which module is missing and how to get it."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(
            f"blacklady_arena needs the Python module '{module}', which {sys.executable} cannot "
            f"import ({error}). Install Debian's {debian_package} (sudo apt-get install "
            f"{debian_package}; the repository's scripts/setup does) and run the bot with "
            "/usr/bin/python3, or a venv made with --system-site-packages; a python3 from pyenv "
            "or conda does not see Debian's modules.") from error


grpc = require("grpc", "python3-grpcio")
require("google.protobuf", "python3-protobuf")

try:
    from ._proto import bot_service_pb2 as pb  # noqa: E402
    from ._proto import bot_service_pb2_grpc as pb_grpc  # noqa: E402
except ImportError as error:
    raise ImportError(
        f"blacklady_arena's generated gRPC stubs are missing ({error}): install the kit with "
        "`pip install ./python` (which generates them), or build the CMake target python_kit "
        "and put build/python on PYTHONPATH") from error
