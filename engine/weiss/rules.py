"""The Weiss Schwarz rules' driving API: the core driver over its agenda, judge actions and refusals.

The procedure lives in the modules that follow the rules (phases.py,
attack.py, check_timing.py, effects.py); each registers its task handlers
on ``AGENDA`` (primitives.py), which the core driver runs.
"""

from __future__ import annotations

from ..core.driver import Driver
from . import attack, check_timing, effects, phases  # noqa: F401  (they register their handlers)
from .characteristics import power, soul, stat
from .citations import cite
from .judge import apply_judge
from .primitives import AGENDA
from .refusals import explain

DRIVER = Driver(AGENDA, apply_judge, explain, cite)
legal_actions, step, advance, apply, play = DRIVER.legal_actions, DRIVER.step, DRIVER.advance, DRIVER.apply, DRIVER.play

__all__ = ["legal_actions", "apply", "advance", "step", "play", "power", "soul", "stat", "explain"]
