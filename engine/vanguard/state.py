"""The game state as data, and its canonical JSON form.

A :class:`GameState` holds everything needed to continue a game: the cards,
every zone of both players (the field's circles included), card status,
modifiers, turn/phase/step, the current battle, stand-by automatic
abilities, the engine's agenda (the remaining procedure, as plain data), the
pending decision, the PRNG state and the outcome.  ``to_json()`` is canonical
(sorted keys, no whitespace), so two equal states have identical JSON, and
``GameState.from_json(s.to_json()) == s``.

States are treated as immutable values by the public API: :func:`engine.apply`
and friends clone before changing anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.modifiers import Modifier as CoreModifier
from ..core.state import GameStateBase
from .actions import CIRCLES, REAR_GUARD_CIRCLES, ZONES, Action
from .cards import Card

FORMAT = "judgeapp-vanguard-state/1"
PHASES = ("setup", "stand", "draw", "ride", "main", "battle", "end")
STEPS = ("start", "attack", "guard", "drive", "damage", "close")
FRONT_ROW = ("front_left", "vanguard", "front_right")
COLUMNS = {"left": ("front_left", "back_left"), "centre": ("vanguard", "back_centre"), "right": ("front_right", "back_right")}
BACK_ROW = ("back_left", "back_centre", "back_right")
BEHIND = {"front_left": "back_left", "vanguard": "back_centre", "front_right": "back_right"}


# the named points at whose end each duration ends (8.2.1.2); "while" and "game" modifiers end at none
ENDS = {"battle": ("end_of_battle",), "turn": ("end_of_turn", "end_of_battle")}


@dataclass(frozen=True, slots=True)
class Modifier(CoreModifier):
    """A continuous change to one card's characteristic (8.2.1.2).

    ``stat`` is power/critical/shield/drive (``amount`` added) or ``no_hit``;
    ``duration`` is end_of_battle, end_of_turn, while (``condition`` holds,
    checked relative to the target card) or game; ``order`` is the time stamp
    and also the modifier's id.
    """

    condition: tuple = ()

    def to_json(self) -> dict:
        out = CoreModifier.to_json(self)
        if self.condition:
            out["condition"] = dict(self.condition)
        return out

    def ends_at(self, point: str, state) -> bool:
        return self.duration in ENDS.get(point, ())

    @classmethod
    def from_json(cls, d: dict) -> "Modifier":
        return cls(d["order"], d["card"], d["stat"], d["amount"], d["duration"], d["source"],
                   tuple(sorted(d.get("condition", {}).items())))


@dataclass(eq=False)
class GameState(GameStateBase):
    """Everything about one moment of a Vanguard game (see module docstring)."""

    FORMAT, CARD, MODIFIER, ACTION = FORMAT, Card, Modifier, Action
    POSITION = ("turn", "turn_player", "first_player", "phase", "step")
    STATUS, PLAYER_COUNTS = ("rested", "face_down", "locked", "hearts", "deleted"), ("vanguard_damage",)
    ZONES, BOARD, BOARD_KEY = ZONES, CIRCLES, "field"

    cards: dict[str, Card]
    zones: list[dict[str, list[str]]]
    vanguard_damage: list[int] = field(default_factory=lambda: [0, 0])
    rested: set[str] = field(default_factory=set)
    face_down: set[str] = field(default_factory=set)
    locked: set[str] = field(default_factory=set)
    hearts: set[str] = field(default_factory=set)
    deleted: set[str] = field(default_factory=set)
    legion: dict[str, str] = field(default_factory=dict)  # Legion Leader -> Legion Mate (10.27.2)
    placed_at: dict[str, int] = field(default_factory=dict)
    turn: int = 1
    turn_player: int = 0
    first_player: int = 0
    phase: str = "setup"
    step: str | None = None
    rode_this_turn: bool = False
    strode_this_turn: bool = False
    turn_start_grade: int = 0
    used_this_turn: list[str] = field(default_factory=list)
    battle: dict | None = None
    battles_this_turn: int = 0
    #: the players of the turns to come, in order, once an extra turn has been gained (12.4); empty: they alternate
    turn_queue: list[int] = field(default_factory=list)
    #: [player, duration] of each "trigger effects are cancelled" effect in force (12.3)
    trigger_cancels: list[list] = field(default_factory=list)
    #: the positions met at check timings since a player last had a choice that could stop a loop (12.1, loops.py)
    loop_watch: list[str] = field(default_factory=list)
    #: timed triggers waiting for their moment (8.6.6, delayed.py): card, player, at, effects, placed
    delayed: list[dict] = field(default_factory=list)
    #: "card:ability" of the situation triggers that have triggered and not yet seen their situation end (8.6.7.1)
    situations: list[str] = field(default_factory=list)
    #: per player, the units called to rear-guard or guardian circles this turn (Legame, 11.19) and the cards put
    #: into the soul this turn other than by a ride (Oscurità, 11.30)
    calls_this_turn: list[int] = field(default_factory=lambda: [0, 0])
    soul_in_this_turn: list[int] = field(default_factory=lambda: [0, 0])

    # -- construction -------------------------------------------------
    def clone(self) -> "GameState":
        """A copy safe to mutate; Card, Modifier, Decision and task dicts are shared (immutable)."""
        battle = None
        if self.battle is not None:
            battle = dict(self.battle)
            battle["guardians"] = dict(battle["guardians"])
        return GameState(
            cards=self.cards,
            zones=[{z: list(cs) for z, cs in pz.items()} for pz in self.zones],
            loc=dict(self.loc),
            vanguard_damage=list(self.vanguard_damage),
            rested=set(self.rested),
            face_down=set(self.face_down),
            locked=set(self.locked),
            hearts=set(self.hearts),
            deleted=set(self.deleted),
            legion=dict(self.legion),
            placed_at=dict(self.placed_at),
            modifiers=list(self.modifiers),
            clock=self.clock,
            turn=self.turn,
            turn_player=self.turn_player,
            first_player=self.first_player,
            phase=self.phase,
            step=self.step,
            rode_this_turn=self.rode_this_turn,
            strode_this_turn=self.strode_this_turn,
            turn_start_grade=self.turn_start_grade,
            used_this_turn=list(self.used_this_turn),
            battle=battle,
            battles_this_turn=self.battles_this_turn,
            turn_queue=list(self.turn_queue),
            trigger_cancels=[list(c) for c in self.trigger_cancels],
            loop_watch=list(self.loop_watch),
            delayed=list(self.delayed),
            situations=list(self.situations),
            calls_this_turn=list(self.calls_this_turn),
            soul_in_this_turn=list(self.soul_in_this_turn),
            standby=list(self.standby),
            agenda=list(self.agenda),
            pending=self.pending,
            seed=self.seed,
            rng=self.rng,
            outcome=self.outcome,
        )

    # -- queries ------------------------------------------------------
    def where(self, card_id: str) -> tuple[int, str]:
        """(player, zone) of a card; zone is a zone name or a circle name."""
        return self.loc[card_id]

    def unit_at(self, player: int, circle: str) -> str | None:
        """The unit on a circle (the last placed, if overloaded), or None."""
        cs = self.zones[player][circle]
        return cs[-1] if cs else None

    def vanguard(self, player: int) -> str | None:
        """The vanguard; with a legion, the Legion Leader (10.27.9, 7.3.1.4), never the Legion Mate."""
        cs = self.zones[player]["vanguard"]
        if self.legion and cs:
            mates = self.legion.values()
            cs = [c for c in cs if c not in mates]
        return cs[-1] if cs else None

    def legion_mate(self, card_id: str | None) -> str | None:
        """The Legion Mate of a Legion Leader in legion state, else None."""
        return self.legion.get(card_id) if self.legion and card_id else None

    def legion_partner(self, card_id: str) -> str | None:
        """The other card of a legion pair (leader <-> mate), else None."""
        if not self.legion:
            return None
        if card_id in self.legion:
            return self.legion[card_id]
        return next((lead for lead, mate in self.legion.items() if mate == card_id), None)

    def is_legion_mate(self, card_id: str) -> bool:
        return bool(self.legion) and card_id in self.legion.values()

    def units(self, player: int, circles: tuple[str, ...] = CIRCLES) -> list[str]:
        """Units on the given circles; heart cards are not units (10.29.3)."""
        out: list[str] = []
        zones = self.zones[player]
        for c in circles:
            out.extend(zones[c])
        if self.hearts:
            out = [x for x in out if x not in self.hearts]
        return out

    def rear_guards(self, player: int) -> list[str]:
        return self.units(player, REAR_GUARD_CIRCLES)

    def on_field(self, card_id: str) -> bool:
        return self.loc[card_id][1] in CIRCLES

    def is_rested(self, card_id: str) -> bool:
        return card_id in self.rested

    # -- canonical JSON -----------------------------------------------
    def game_json(self) -> dict:
        out = {
            "placed_at": dict(sorted(self.placed_at.items())),
            "rode_this_turn": self.rode_this_turn,
            "strode_this_turn": self.strode_this_turn,
            "turn_start_grade": self.turn_start_grade,
            "used_this_turn": list(self.used_this_turn),
            "battle": self.battle,
            "battles_this_turn": self.battles_this_turn,
        }
        if self.legion:  # only when present, so states without legion keep their exact JSON
            out["legion"] = dict(sorted(self.legion.items()))
        if self.turn_queue:  # likewise only when an extra turn is waiting
            out["turn_queue"] = list(self.turn_queue)
        if self.trigger_cancels:
            out["trigger_cancels"] = [list(c) for c in self.trigger_cancels]
        if any(self.calls_this_turn) or any(self.soul_in_this_turn):  # only once counted, for other states' JSON
            out["turn_counts"] = {"calls": list(self.calls_this_turn), "soul_in": list(self.soul_in_this_turn)}
        if self.situations:  # only while a situation trigger has triggered, so other states keep their exact JSON
            out["situations"] = list(self.situations)
        if self.delayed:  # only while a timed trigger waits, so other states keep their exact JSON
            out["delayed"] = [dict(d) for d in self.delayed]
        if self.loop_watch:  # only while a run of forced play is under way, so other states keep their exact JSON
            out["loop_watch"] = list(self.loop_watch)
        return out

    def read_game(self, data: dict) -> None:
        self.legion = dict(data.get("legion") or {})
        self.turn_queue = list(data.get("turn_queue") or [])
        self.trigger_cancels = [list(c) for c in data.get("trigger_cancels") or []]
        self.loop_watch = list(data.get("loop_watch") or [])
        self.delayed = [dict(d) for d in data.get("delayed") or []]
        self.situations = list(data.get("situations") or [])
        counts = data.get("turn_counts") or {}
        self.calls_this_turn = list(counts.get("calls") or [0, 0])
        self.soul_in_this_turn = list(counts.get("soul_in") or [0, 0])
        self.placed_at = dict(data["placed_at"])
        self.rode_this_turn, self.battles_this_turn = data["rode_this_turn"], data["battles_this_turn"]
        self.strode_this_turn = data.get("strode_this_turn", False)
        self.turn_start_grade = data.get("turn_start_grade", 0)
        self.used_this_turn = list(data["used_this_turn"])
        self.battle = data["battle"]
