"""The Weiss Schwarz game state as data, and its canonical JSON form.

A :class:`GameState` holds everything needed to continue a game: the cards,
every area of both players (section 3: deck and stock top first; clock,
level, waiting room, memory and resolution area in the order the cards were
put there, so the last is the top), the five stage positions, card status
(rest, reverse, face down), modifiers with durations, refresh points,
turn/phase/step, the current attack, stand-by automatic abilities, the
agenda (the remaining procedure as plain data), the pending decision, the
PRNG state and the outcome.  ``to_json()`` is canonical (sorted keys, no
whitespace), so equal states have identical JSON and
``GameState.from_json(s.to_json()) == s``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.modifiers import Modifier as CoreModifier
from ..core.state import GameStateBase
from .actions import CENTER_STAGE, SLOTS, ZONES, Action
from .cards import Card

FORMAT = "judgeapp-weiss-state/1"
PHASES = ("setup", "stand", "draw", "clock", "main", "climax", "attack", "encore", "end")
STEPS = ("declaration", "trigger", "counter", "damage", "battle", "encore")
#: 3.6.4: the center stage positions in front of each back stage position
IN_FRONT = {"back_left": ("center_left", "center_middle"), "back_right": ("center_middle", "center_right")}
#: 3.6.5: my left faces the opponent's right
OPPOSITE = {"center_left": "center_right", "center_middle": "center_middle", "center_right": "center_left"}
#: 3.7: each stage position has its marker area (3.7.1.1), an area of its own, not on the stage (3.7.1.2)
MARKER_OF = {slot: f"marker_{slot}" for slot in SLOTS}
MARKER_ZONES = tuple(MARKER_OF.values())


@dataclass(frozen=True, slots=True)
class Modifier(CoreModifier):
    """A continuous effect on one card's power, soul or level (8.2.1.2).

    ``until`` is the turn at whose end it stops (6.8.1.4), None for the whole
    game; ``duration`` is the label it was created with; ``order`` is its
    time stamp and id.
    """

    until: int | None = None

    def to_json(self) -> dict:
        return {**CoreModifier.to_json(self), "until": self.until}

    def ends_at(self, point: str, state) -> bool:
        return point == "turn" and self.until is not None and self.until <= state.turn

    @classmethod
    def from_json(cls, d: dict) -> "Modifier":
        return cls(d["order"], d["card"], d["stat"], d["amount"], d["duration"], d["source"], d["until"])


@dataclass(eq=False)
class GameState(GameStateBase):
    """Everything about one moment of a Weiss Schwarz game (see module docstring)."""

    FORMAT, CARD, MODIFIER, ACTION = FORMAT, Card, Modifier, Action
    POSITION = ("turn", "turn_player", "first_player", "phase", "step")
    STATUS, PLAYER_COUNTS = ("rested", "reversed", "face_down"), ("refresh_points",)
    ZONES, BOARD, BOARD_KEY = ZONES, SLOTS, "stage"

    cards: dict[str, Card]
    zones: list[dict[str, list[str]]]
    rested: set[str] = field(default_factory=set)
    reversed: set[str] = field(default_factory=set)
    face_down: set[str] = field(default_factory=set)
    refresh_points: list[int] = field(default_factory=lambda: [0, 0])
    turn: int = 1
    turn_player: int = 0
    first_player: int = 0
    phase: str = "setup"
    step: str | None = None
    attack: dict | None = None
    attacks_this_turn: int = 0
    climax_played: bool = False
    shots: list[str] = field(default_factory=list)
    #: 8.7.5: delayed abilities created and not yet triggered: {"player", "card", "at", "effects"}
    delayed: list[dict] = field(default_factory=list)
    #: 8.7.6.1: situation triggers ("card:index") that went on stand-by and wait for their situation to end or for
    #: their ability to resolve before they can trigger again
    situations: list[str] = field(default_factory=list)
    #: 11.1: the positions stand-by abilities were played from since a player last had a choice that could stop a
    #: repetition, each with how many times it came back: {fingerprint: count} (loops.py, assumption W38)
    repeating: dict | None = None
    #: 8.9.1.5.1: when a card still in an area where its CONT abilities work (the stage, the climax area, the clock,
    #: the memory, the level area) entered it, as a time stamp between two ticks (``clock`` + 0.5) so that it never
    #: moves the time stamps modifiers take; a card absent entered before anything happened (0)
    entered: dict[str, float] = field(default_factory=dict)
    #: "activates up to 1 time per turn" (W42): "card:index" -> [the turn it was played in, the card's ``entered`` then]
    used: dict[str, list] = field(default_factory=dict)
    #: AUTO abilities effects gave characters for a while (granting.py, W49): {"card", "index", "until"}
    granted: list[dict] = field(default_factory=list)

    def clone(self) -> "GameState":
        """A copy safe to mutate; Card, Modifier, Decision and task dicts are shared (immutable)."""
        return GameState(
            cards=self.cards, zones=[{z: list(cs) for z, cs in pz.items()} for pz in self.zones], loc=dict(self.loc),
            rested=set(self.rested), reversed=set(self.reversed), face_down=set(self.face_down),
            modifiers=list(self.modifiers), refresh_points=list(self.refresh_points), clock=self.clock,
            turn=self.turn, turn_player=self.turn_player, first_player=self.first_player, phase=self.phase,
            step=self.step, attack=dict(self.attack) if self.attack else None,
            attacks_this_turn=self.attacks_this_turn, climax_played=self.climax_played, shots=list(self.shots),
            delayed=list(self.delayed), situations=list(self.situations), entered=dict(self.entered),
            repeating=self.repeating, used=dict(self.used), granted=list(self.granted),
            standby=list(self.standby), agenda=list(self.agenda), pending=self.pending, seed=self.seed,
            rng=self.rng, outcome=self.outcome,
        )

    @classmethod
    def empty(cls, cards: dict, seed: int = 0) -> "GameState":
        """A state with every zone empty, the marker areas (3.7) among them."""
        st = super().empty(cards, seed)
        for zones in st.zones:
            zones.update({z: [] for z in MARKER_ZONES})
        return st

    def player_zones_json(self, player: int) -> dict:
        """The zones and the stage; the marker areas (3.7) under ``markers`` when one holds a card."""
        out = super().player_zones_json(player)
        markers = {slot: list(self.zones[player][z]) for slot, z in MARKER_OF.items() if self.zones[player][z]}
        if markers:
            out["markers"] = markers
        return out

    def read_player_zones(self, player: int, data: dict) -> None:
        super().read_player_zones(player, data)
        for slot, cs in data.get("markers", {}).items():
            self.zones[player][MARKER_OF[slot]] = list(cs)

    # -- queries ------------------------------------------------------
    def at(self, player: int, slot: str) -> str | None:
        """The character in a stage position (the last placed, 9.6.1), or None."""
        cs = self.zones[player][slot]
        return cs[-1] if cs else None

    def characters(self, player: int, slots: tuple[str, ...] = SLOTS) -> list[str]:
        out: list[str] = []
        for s in slots:
            out.extend(self.zones[player][s])
        return out

    def markers(self, card_id: str) -> list[str]:
        """The markers under a character on the stage (3.7.4: a "character with markers"), bottom first."""
        player, slot = self.loc[card_id]
        return self.zones[player][MARKER_OF[slot]] if slot in MARKER_OF else []

    def on_stage(self, card_id: str) -> bool:
        return self.loc[card_id][1] in SLOTS

    def level(self, player: int) -> int:
        """A player's level: the cards in the level area (8.6.2.1.2)."""
        return len(self.zones[player]["level"])

    def opposite(self, card_id: str) -> str | None:
        """The opponent's character opposite a center stage character (3.6.5)."""
        player, slot = self.loc[card_id]
        if slot not in CENTER_STAGE:
            return None
        return self.at(1 - player, OPPOSITE[slot])

    def status(self, card_id: str) -> str:
        if card_id in self.reversed:
            return "reverse"
        return "rest" if card_id in self.rested else "stand"

    # -- canonical JSON -----------------------------------------------
    def game_json(self) -> dict:
        out = {"attack": self.attack, "attacks_this_turn": self.attacks_this_turn,
               "climax_played": self.climax_played, "shots": list(self.shots)}
        # written only when in use, so the states of games without them keep their JSON
        if self.delayed:
            out["delayed"] = [dict(d) for d in self.delayed]
        if self.situations:
            out["situations"] = list(self.situations)
        if self.entered:
            out["entered"] = dict(sorted(self.entered.items()))
        if self.repeating:
            out["repeating"] = dict(self.repeating)
        if self.used:
            out["used"] = dict(sorted(self.used.items()))
        if self.granted:
            out["granted"] = [dict(g) for g in self.granted]
        return out

    def read_game(self, data: dict) -> None:
        self.attacks_this_turn, self.climax_played = data["attacks_this_turn"], data["climax_played"]
        self.attack = dict(data["attack"]) if data["attack"] else None
        self.shots = list(data["shots"])
        self.delayed = [dict(d) for d in data.get("delayed", [])]
        self.situations = list(data.get("situations", []))
        self.entered = {c: float(t) for c, t in data.get("entered", {}).items()}
        self.repeating = dict(data["repeating"]) if data.get("repeating") else None
        self.used = {k: list(v) for k, v in data.get("used", {}).items()}
        self.granted = [dict(g) for g in data.get("granted", [])]
