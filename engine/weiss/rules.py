"""The Weiss Schwarz rules' driving API: the core driver over its agenda, judge actions and refusals.

The procedure lives in the modules that follow the rules (phases.py,
attack.py, check_timing.py, effects.py); each registers its task handlers
on ``AGENDA`` (primitives.py), which the core driver runs.
"""

from __future__ import annotations

from ..core.driver import Driver
from . import (attack, check_timing, counted, counter_step, damage_step, discarding, effects, giving, keywords, moves,  # noqa: F401  (they
               phases, placing, revealing, trigger_step)  # register their handlers)
from .characteristics import power, soul, stat
from .citations import cite
from .judge import apply_judge
from .loops import choice_made
from .primitives import AGENDA
from .refusals import explain

AGENDA.on_decision = choice_made  # a choice that could stop a repetition starts the count again (11.1, loops.py)

DRIVER = Driver(AGENDA, apply_judge, explain, cite)
legal_actions, step, advance = DRIVER.legal_actions, DRIVER.step, DRIVER.advance


def apply(state, action):
    """The driver's apply; a backup naming the attacked character it backs up (10.5.2) is that backup."""
    if action.kind == "backup" and action.get("target") is not None and state.attack \
            and action.get("target") == state.attack.get("defender"):
        action = type(action).make("backup", card=action.card)
    return DRIVER.apply(state, action)


def play(state, action):
    """apply() then advance(): answer and run on to the next decision."""
    return AGENDA.answer_and_advance(apply, state, action)

__all__ = ["legal_actions", "apply", "advance", "step", "play", "power", "soul", "stat", "explain"]
