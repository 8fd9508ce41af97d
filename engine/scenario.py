"""The command ``python -m engine.scenario FILE... [--json]``: run scenario files (engine/core/scenario.py)."""

import sys

from . import installed  # noqa: F401  (registers every game a file may name)
from .core.scenario import main

if __name__ == "__main__":
    sys.exit(main())
