"""The Vanguard rules' driving API: legal actions, applying an answer or a judge action, advancing.

The procedure itself lives in the modules that follow the comprehensive
rules (setup.py, phases.py, battle.py, triggers.py, check_timing.py,
resolution.py); each registers its task handlers on ``AGENDA``
(primitives.py), which the shared runner (engine/core/agenda.py) drives.
"""

from __future__ import annotations

from ..core.agenda import legal_actions
from ..core.citations import Citation
from ..core.events import Event
from . import battle, check_timing, phases, resolution, setup, triggers  # noqa: F401  (they register their handlers)
from .actions import Action
from .characteristics import drive_of, power, stat
from .citations import cite
from .judge import apply_judge
from .primitives import AGENDA, move
from .refusals import explain
from .state import GameState

HANDLERS = AGENDA.handlers


def step(state: GameState) -> tuple[GameState, list[Event]]:
    """Run the procedure until the next event (or a decision).

    Usually exactly one event is returned; a single rules action whose
    consequences are simultaneous (a drive check revealing a trigger that
    puts an ability on stand-by) returns its events together.
    """
    return AGENDA.step(state)


def advance(state: GameState) -> tuple[GameState, list[Event]]:
    """Run the procedure up to the next decision (or the end of the game)."""
    return AGENDA.advance(state)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply a player's answer to the pending decision, or a judge action.

    Returns the new state and the events; does not advance further (see
    :func:`play`).  Raises :class:`IllegalActionError` with the reason and the
    clause that forbids an illegal answer.
    """
    if action.is_judge:
        return apply_judge(state, action)
    return AGENDA.answer(state, action, _why_illegal)


def _why_illegal(state: GameState, action: Action) -> tuple[str, Citation, tuple[Citation, ...]]:
    """(reason, the governing clause, the further clauses the refusal rests on)."""
    reason, keys = explain(state, action)
    keys = (keys,) if isinstance(keys, str) else tuple(keys)
    return reason, cite(keys[0]), tuple(cite(k) for k in keys[1:])


def play(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """apply() then advance(): answer and run on to the next decision."""
    return AGENDA.answer_and_advance(apply, state, action)


__all__ = ["legal_actions", "apply", "advance", "step", "play", "power", "stat", "drive_of", "explain", "move",
           "HANDLERS"]
