"""A kit for games played in turns, one turn player at a time, by two players.

The frame (engine/core) assumes no turns; a game whose rules do (Vanguard,
Weiss Schwarz) takes from here what such games share instead of writing it
again: the order in which the two players act in a turn, the named points
a turn-based game can be run to, the turn fields of its scenarios, and
starting a game (shuffling the decks, deciding the first player).
"""

from __future__ import annotations

from .core.text import say
from dataclasses import dataclass, field

from .core import schema
from .core.board import shuffle
from .core.events import Emit
from .core.rng import next_u64
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
        # from inside a bout, its end is when none runs any more; from outside, when a further one has ended
        ended = start[running] or start[count] != now[count]
        return ended and not now[running] or _phase_changed(start, now)

    return (
        StopPoint("step", "the end of this step", _step_changed),
        StopPoint("phase", "the end of this phase", _phase_changed),
        StopPoint(bout, f"the end of this {bout}", bout_ended, lambda here: here["phase"] in bout_phases),
        StopPoint("turn", "the end of this turn", _turn_changed),
    )


# ---------------------------------------------------------------- the scenario format of a game played in turns
#: the top-level fields saying where a scenario starts
TURN_FIELDS = ("turn", "turn_player", "first_player", "phase")
#: the ``phase`` expectation: the phase (and step, turn, turn player) the game stands in
PHASE_EXPECTATION = (("phase",), ("step", "turn", "turn_player"))


@dataclass(frozen=True)
class Turn:
    """Where a scenario starts: the turn, its player, the first player and the phase."""

    turn: int
    turn_player: int
    first_player: int
    phase: str

    def set_on(self, state) -> None:
        state.turn, state.turn_player, state.first_player = self.turn, self.turn_player, self.first_player


def read_turn(data: dict, phases: tuple[str, ...], default_turn: int) -> Turn:
    """The turn fields of a scenario (checked; the phase one of ``phases``, "main" when not given)."""
    return Turn(schema.integer(data.get("turn", default_turn), "turn", 1),
                schema.integer(data.get("turn_player", 0), "turn_player", 0, 1),
                schema.integer(data.get("first_player", 0), "first_player", 0, 1),
                schema.string(data.get("phase", "main"), "phase", phases))


def phase_holds(e: dict, state, where: tuple[str, str | None] | None = None) -> tuple[bool, str]:
    """(passed, detail) of a ``phase`` expectation; ``where``: the (phase, step) of the stop point the script
    stands at, which the expectation reads there instead of the step that just ended."""
    phase, step = where or (state.phase, state.step)
    ok = phase == e["phase"] and ("step" not in e or step == e["step"])
    ok = ok and ("turn" not in e or state.turn == e["turn"]) and (
        "turn_player" not in e or state.turn_player == e["turn_player"])
    return ok, f"turn {state.turn}, player {state.turn_player}, {phase}/{step}"


# ---------------------------------------------------------------- stop points of a turn (``stop_at`` in scenarios)
#: the stop fields of a game played in turns: any combination, all given must hold
STOP_FIELDS = ("turn", "turn_player", "phase", "step")


@dataclass(frozen=True)
class TurnStops:
    """A game's named points of a turn: the task that opens each phase and step (reached just before it runs).

    ``phases``: the phases a point may name; ``phase_openers``: task -> phase; ``step_openers``: task ->
    (phase, step); ``turn_opener``: the task that starts a turn; ``first_steps``: phase -> the step its opening
    task also opens (a phase whose beginning is its first step's), else a phase opens with no step.
    """

    phases: tuple[str, ...]
    phase_openers: dict
    step_openers: dict
    turn_opener: str = "turn_start"
    first_steps: dict = field(default_factory=dict)

    def steps(self, phase: str | None = None) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s for ph, s in self.step_openers.values() if phase is None or ph == phase))

    def check(self, spec: dict, path: str) -> None:
        """Check a stop point: turn, turn_player, phase, step (the step's phase may be left out)."""
        if "turn" in spec:
            schema.integer(spec["turn"], schema.join(path, "turn"), 1)
        if "turn_player" in spec:
            schema.integer(spec["turn_player"], schema.join(path, "turn_player"), 0, 1)
        if "phase" in spec:
            schema.string(spec["phase"], schema.join(path, "phase"), self.phases)
        if "step" in spec:
            schema.string(spec["step"], schema.join(path, "step"), self.steps(spec.get("phase")))

    def position(self, state) -> tuple[str, str | None]:
        """(phase, step) as of the next task: a phase or step is reached just before the task that opens it runs."""
        top = state.agenda[-1]["t"] if state.agenda else None
        if top in self.phase_openers:
            return self.phase_openers[top], self.first_steps.get(self.phase_openers[top])
        if top in self.step_openers:
            return self.step_openers[top]
        if top == self.turn_opener:
            # the start of a turn, before its first phase: the phase about to open is the turn's first
            first = self.phases[0]
            return first, self.first_steps.get(first)
        return state.phase, state.step

    def reached(self, spec: dict, state) -> bool:
        """Whether the procedure stands at the point ``spec`` names ("start of turn N" alone: before its first phase)."""
        if "turn" in spec and state.turn != spec["turn"]:
            return False
        if "turn_player" in spec and state.turn_player != spec["turn_player"]:
            return False
        top = state.agenda[-1]["t"] if state.agenda else None
        if "phase" not in spec and "step" not in spec:
            return top == self.turn_opener or state.phase != "setup"
        phase, step = self.position(state)
        if top == self.turn_opener or phase == "setup":
            return False
        return ("phase" not in spec or phase == spec["phase"]) and ("step" not in spec or step == spec["step"])


def phase_at_stop(stop_position):
    """A game's ``at_stop``: a ``phase`` expectation reads the point ``stop_position(state)`` names."""

    def at_stop(e: dict, state):
        return phase_holds(e, state, stop_position(state)) if e["expect"] == "phase" else None

    return at_stop


# ---------------------------------------------------------------- starting a game of two players
# These emit with the game's own clause keys SETUP_SHUFFLE, SHUFFLE and SETUP_FIRST_PLAYER.
def shuffle_decks(state, events: list, emit: Emit) -> None:
    """Both decks are shuffled with the state's seeded PRNG."""
    for player in (0, 1):
        shuffle(state, player)
    emit(events, "shuffle", say("both decks are shuffled with the stored seed"), ("SETUP_SHUFFLE", "SHUFFLE"))


def decide_first_player(state, events: list, emit: Emit, given: int | None) -> int:
    """The first player (``given``, or drawn from the PRNG) takes the first turn."""
    if given is None:
        state.rng, r = next_u64(state.rng)
        given = r % 2
    state.first_player = state.turn_player = given
    emit(events, "first_player", say("player %(player)s goes first", player=given), ("SETUP_FIRST_PLAYER",), given)
    return given
