"""The games this installation plays: importing this module imports, and so registers, each of them.

The core looks a game up by its slug (engine.core.games) and imports this
module the first time a slug is not yet registered; adding a game is one
import line here.
"""

from . import altered, vanguard, weiss  # noqa: F401  (each registers itself)

__all__ = ["altered", "vanguard", "weiss"]
