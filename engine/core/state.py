"""What every game's state has alike: canonical JSON, equality, the card index and the procedure.

Each game's ``GameState`` is a dataclass (declared with ``eq=False``, so that
equality stays the comparison of canonical JSON defined here) that subclasses
:class:`GameStateBase` and names its format, card and action classes, its
zones and its board (the circles or stage positions, shown under ``BOARD_KEY``).
The dataclass fields this base relies on: ``cards``, ``zones``, ``loc``,
``modifiers``, ``clock``, the fields saying where the game is (the game
names them in ``POSITION``, in its own words), ``standby``, ``agenda`` and
``pending``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from .board import locations
from .decisions import Decision
from .errors import DefinitionError


@dataclass(eq=False, kw_only=True)
class GameStateBase:
    """The game-agnostic half of a game state (see module docstring).

    Its fields, keyword-only, follow the game's own: the card index, the
    modifiers, the time-stamp clock and the procedure (stand-by abilities,
    agenda, pending decision, seed, PRNG state, outcome).
    """

    loc: dict[str, tuple[int, str]] = field(default_factory=dict)
    modifiers: list = field(default_factory=list)
    clock: int = 0
    standby: list[dict] = field(default_factory=list)
    agenda: list[dict] = field(default_factory=list)
    pending: Decision | None = None
    seed: int = 0
    rng: int = 0
    outcome: dict | None = None

    FORMAT: ClassVar[str] = ""
    CARD: ClassVar[type]
    MODIFIER: ClassVar[type]
    ACTION: ClassVar[type]
    ZONES: ClassVar[tuple[str, ...]] = ()  # the zones kept as piles
    BOARD: ClassVar[tuple[str, ...]] = ()  # the places cards are put into play
    BOARD_KEY: ClassVar[str] = ""  # the JSON key the board is kept under
    POSITION: ClassVar[tuple[str, ...]] = ()  # the fields saying where the game is (its turn, round, phase...)
    STATUS: ClassVar[tuple[str, ...]] = ()  # card statuses, each a set of card ids, kept under "status"
    PLAYER_COUNTS: ClassVar[tuple[str, ...]] = ()  # per-player numbers, each kept with that player's zones
    PLAYERS: ClassVar[int] = 2

    @classmethod
    def empty(cls, cards: dict[str, Any], seed: int = 0) -> Any:
        """A state with ``cards`` and every zone empty (the PRNG seeded with ``seed``)."""
        zones = [{z: [] for z in cls.ZONES + cls.BOARD} for _ in range(cls.PLAYERS)]
        return cls(cards=cards, zones=zones, seed=seed, rng=seed)

    def tick(self) -> int:
        """Advance and return the time-stamp clock (what came later has a greater time stamp)."""
        self.clock += 1
        return self.clock

    def zone(self, player: int, name: str) -> list[str]:
        return self.zones[player][name]

    def rebuild_locations(self) -> None:
        """Recompute the card -> (player, zone) index; every card must be in exactly one zone."""
        self.loc = locations(self.zones, self.cards)

    # -- canonical JSON -----------------------------------------------
    def player_zones_json(self, player: int) -> dict:
        """One player's zones and board, as kept in the JSON form."""
        z = self.zones[player]
        return {**{name: list(z[name]) for name in self.ZONES},
                self.BOARD_KEY: {place: list(z[place]) for place in self.BOARD}}

    def read_player_zones(self, player: int, data: dict) -> None:
        """The inverse of :meth:`player_zones_json`."""
        for name in self.ZONES:
            self.zones[player][name] = list(data[name])
        for place in self.BOARD:
            self.zones[player][place] = list(data[self.BOARD_KEY][place])

    def cards_json(self) -> dict:
        """The head of the JSON form: its format and the cards."""
        return {"format": self.FORMAT, "cards": [self.cards[k].to_json() for k in sorted(self.cards)]}

    def position_json(self) -> dict:
        """The modifiers, the clock and where the game is (the ``POSITION`` fields), as kept in the JSON form."""
        return {"modifiers": [m.to_json() for m in self.modifiers], "clock": self.clock,
                **{key: getattr(self, key) for key in self.POSITION}}

    def procedure_json(self) -> dict:
        """The tail of the JSON form: stand-by abilities, agenda, pending decision, seed, PRNG state, outcome."""
        return {"standby": list(self.standby), "agenda": list(self.agenda),
                "pending": self.pending.to_json() if self.pending else None,
                "seed": self.seed, "rng": self.rng, "outcome": self.outcome}

    def to_dict(self) -> dict:
        """The JSON form as a dict: cards, players, statuses, position, the game's own fields, procedure."""
        players = [{**self.player_zones_json(p), **{key: getattr(self, key)[p] for key in self.PLAYER_COUNTS}}
                   for p in range(len(self.zones))]
        return {**self.cards_json(), "players": players,
                "status": {key: sorted(getattr(self, key)) for key in self.STATUS},
                **self.position_json(), **self.game_json(), **self.procedure_json()}

    def game_json(self) -> dict:
        """The game's own fields of the JSON form (a game's state says)."""
        return {}

    def read_game(self, data: dict) -> None:
        """The inverse of :meth:`game_json`."""

    @classmethod
    def from_json(cls, data: str | dict) -> Any:
        """Rebuild a state from :meth:`to_json` output (text or parsed dict)."""
        data = cls.parsed_json(data)
        st = cls.empty(cls.parse_cards(data["cards"]), data["seed"])
        for p, player_data in enumerate(data["players"]):
            st.read_player_zones(p, player_data)
            for key in cls.PLAYER_COUNTS:
                getattr(st, key)[p] = player_data[key]
        st.rebuild_locations()
        for key in cls.STATUS:
            setattr(st, key, set(data["status"].get(key, [])))
        st.read_position(data)
        st.read_game(data)
        st.read_procedure(data)
        return st

    def to_json(self) -> str:
        """The canonical JSON text (sorted keys, compact); stable across runs."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def parsed_json(cls, data: str | dict) -> dict:
        """The parsed state JSON, once its format is checked."""
        if isinstance(data, str):
            data = json.loads(data)
        if not isinstance(data, dict) or data.get("format") != cls.FORMAT:
            raise DefinitionError("format", f"expected {cls.FORMAT!r}")
        return data

    @classmethod
    def parse_cards(cls, entries: list) -> dict[str, Any]:
        """Card id -> card of the state's ``cards`` list; identical printed cards are validated once."""
        cards: dict[str, Any] = {}
        parsed: dict[str, Any] = {}
        for i, c in enumerate(entries):
            if not isinstance(c, dict) or not isinstance(c.get("id"), str) or not c["id"]:
                raise DefinitionError(f"cards[{i}].id", "expected a non-empty string")
            key = repr(sorted((k, repr(v)) for k, v in c.items() if k != "id"))
            if key not in parsed:
                parsed[key] = cls.CARD.from_json(c, f"cards[{i}]")
            cards[c["id"]] = replace(parsed[key], id=c["id"])
        return cards

    def read_position(self, data: dict) -> None:
        """The inverse of :meth:`position_json`."""
        self.modifiers = [self.MODIFIER.from_json(m) for m in data["modifiers"]]
        for key in ("clock",) + self.POSITION:
            setattr(self, key, data[key])

    def read_procedure(self, data: dict) -> None:
        """The inverse of :meth:`procedure_json` (the seed is given when the state is made)."""
        self.rng, self.outcome = data["rng"], data["outcome"]
        self.standby = [dict(s) for s in data["standby"]]
        self.agenda = [dict(t) for t in data["agenda"]]
        self.pending = Decision.from_json(data["pending"], self.ACTION) if data["pending"] else None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def summary(self) -> dict[str, Any]:
        """A compact human-oriented view (counts per zone, what is on the board) for CLIs."""
        out: dict[str, Any] = {**{key: getattr(self, key) for key in self.POSITION}, "outcome": self.outcome}
        for p in range(len(self.zones)):
            z = self.zones[p]
            out[f"player{p}"] = {**{name: len(z[name]) for name in self.ZONES},
                                 self.BOARD_KEY: {place: z[place] for place in self.BOARD if z[place]}}
        return out
