"""The Vanguard rules' driving API: the core driver over Vanguard's agenda, judge actions and refusals.

The procedure itself lives in the modules that follow the comprehensive
rules (setup.py, phases.py, battle.py, damage_step.py, triggers.py, check_timing.py,
resolution.py); each registers its task handlers on ``AGENDA``
(primitives.py), which the core driver (engine/core/driver.py) runs.
"""

from __future__ import annotations

from ..core.driver import Driver
from . import battle, check_timing, damage_step, guard_step, phases, resolution, setup, time_leap, triggers  # noqa: F401
from .characteristics import drive_of, power, stat
from .citations import cite
from .judge import apply_judge
from .loops import note_decision
from .primitives import AGENDA, move
from .refusals import explain

HANDLERS = AGENDA.handlers
AGENDA.on_decision = note_decision  # a choice that could stop a loop starts the loop watch again (12.1, loops.py)
DRIVER = Driver(AGENDA, apply_judge, explain, cite)
legal_actions, step, advance, apply, play = DRIVER.legal_actions, DRIVER.step, DRIVER.advance, DRIVER.apply, DRIVER.play

__all__ = ["legal_actions", "apply", "advance", "step", "play", "power", "stat", "drive_of", "explain", "move",
           "HANDLERS"]
