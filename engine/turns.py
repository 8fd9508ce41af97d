"""A kit for games played in turns, one turn player at a time, by two players.

The frame (engine/core) assumes no turns; a game whose rules do (Vanguard,
Weiss Schwarz) takes from here what such games share instead of writing it
again: the order in which the two players act in a turn, and the named
points a turn-based game can be run to.
"""

from __future__ import annotations

from .core.driver import StopPoint


def other(player: int) -> int:
    """The other player of a two-player game."""
    return 1 - player


def turn_order(state) -> tuple[int, int]:
    """The turn player, then the other player."""
    return state.turn_player, 1 - state.turn_player


def _step_changed(start: dict, now: dict) -> bool:
    return (start["turn"], start["phase"], start["step"]) != (now["turn"], now["phase"], now["step"])


def _phase_changed(start: dict, now: dict) -> bool:
    return (start["turn"], start["phase"]) != (now["turn"], now["phase"])


def _turn_changed(start: dict, now: dict) -> bool:
    return start["turn"] != now["turn"]


def turn_points(bout: str, count: str, running: str, bout_phases: tuple[str, ...]) -> tuple[StopPoint, ...]:
    """The end of this step, phase, ``bout`` (a battle, an attack) and turn.

    A game's position names its turn, phase and step, the bouts made this turn
    (``count``) and whether one is running (``running``); the bout's end is
    reachable in ``bout_phases`` (the phases up to the one the bouts are in).
    """

    def bout_ended(start: dict, now: dict) -> bool:
        return start[count] != now[count] and not now[running] or _phase_changed(start, now)

    return (
        StopPoint("step", "the end of this step", _step_changed),
        StopPoint("phase", "the end of this phase", _phase_changed),
        StopPoint(bout, f"the end of this {bout}", bout_ended, lambda here: here["phase"] in bout_phases),
        StopPoint("turn", "the end of this turn", _turn_changed),
    )
