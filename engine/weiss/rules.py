"""The Weiss Schwarz rules' driving API: legal actions, applying an answer or a judge action, advancing.

The procedure lives in the modules that follow the rules (phases.py,
attack.py, check_timing.py, effects.py); each registers its task handlers
on ``AGENDA`` (primitives.py), which the shared runner drives.
"""

from __future__ import annotations

from ..core.agenda import legal_actions
from ..core.citations import Citation
from ..core.events import Event
from . import attack, check_timing, effects, phases  # noqa: F401  (they register their handlers)
from .actions import Action
from .characteristics import power, soul, stat
from .citations import cite
from .judge import apply_judge
from .primitives import AGENDA
from .refusals import explain
from .state import GameState


def step(state: GameState) -> tuple[GameState, list[Event]]:
    """Run the procedure until the next event (or a decision)."""
    return AGENDA.step(state)


def advance(state: GameState) -> tuple[GameState, list[Event]]:
    """Run the procedure up to the next decision (or the end of the game)."""
    return AGENDA.advance(state)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply an answer to the pending decision, or a judge action (IllegalActionError with reason and clause)."""
    if action.is_judge:
        return apply_judge(state, action)
    return AGENDA.answer(state, action, _why_illegal)


def _why_illegal(state: GameState, action: Action) -> tuple[str, Citation]:
    reason, key = explain(state, action)
    return reason, cite(key)


def play(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """apply() then advance(): answer and run on to the next decision."""
    return AGENDA.answer_and_advance(apply, state, action)


__all__ = ["legal_actions", "apply", "advance", "step", "play", "power", "soul", "stat", "explain"]
