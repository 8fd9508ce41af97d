"""The games this installation's sandbox hosts: importing this module imports, and so registers, each plug-in.

The registry (``games/__init__.py``) imports this module the first time a game is looked up; hosting a game
is one import line here (and its engine in engine/installed.py).
"""

from . import altered, vanguard, weiss  # noqa: F401  (each registers itself)
