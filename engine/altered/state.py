"""The Altered game state as data, and its canonical JSON form.

Each player's zones (1.2.3.d: deck top first, hand, discard pile, Reserve,
Landmarks, Mana orbs face down, hero zone, Limbo for a card being played) and
two expeditions (3.2.4.b); the statuses (2.4: exhausted, fleeting, anchored,
asleep), the timestamps of objects in play and the ongoing emblems (2.2.14, 2.2.2.m), counters (2.5: boost counters and named ones), the adventure track
(3.2.1.b: eight regions, the hero region at 0, the companion region at 7),
each expedition's region, the day, its phase, the first player, the player
to act and who has passed, and the tiebreakers (4.3).  ``to_json()`` is
canonical: ``GameState.from_json(s.to_json()) == s``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.modifiers import Modifier as CoreModifier
from ..core.state import GameStateBase
from .actions import EXPEDITIONS, ZONES, Action
from .cards import STATS, Card
from .passives import derive

FORMAT = "judgeapp-altered-state/1"
PHASES = ("setup", "morning", "noon", "afternoon", "dusk", "night")
HERO_REGION, COMPANION_REGION = 0, 7
ALL_TYPES = ["forest", "mountain", "water"]  # 2.2.2.k: the hero and companion regions, the Arena (4.3.f)


def default_track() -> list[dict]:
    """The adventure of 1.3.1.a: hero region, six Tumult halves face down, companion region."""
    tumult = [["forest"], ["mountain"], ["water"], ["forest", "water"], ["mountain"], ["forest", "mountain"]]
    return ([{"types": list(ALL_TYPES), "revealed": True}]
            + [{"types": t, "revealed": False} for t in tumult]
            + [{"types": list(ALL_TYPES), "revealed": True}])


@dataclass(frozen=True, slots=True)
class Modifier(CoreModifier):
    """A statistic change lasting "this turn", "this afternoon" or "this day" (2.2.13.a)."""

    def ends_at(self, point: str, state) -> bool:
        return (self.duration == point or (point == "afternoon" and self.duration == "turn")
                or point == "day")

    @classmethod
    def from_json(cls, d: dict) -> "Modifier":
        return cls(d["order"], d["card"], d["stat"], d["amount"], d["duration"], d["source"])


@dataclass(eq=False)
class GameState(GameStateBase):
    """Everything about one moment of an Altered game (see module docstring)."""

    FORMAT, CARD, MODIFIER, ACTION = FORMAT, Card, Modifier, Action
    POSITION = ("day", "phase", "first_player", "to_act", "passed", "tiebreak")
    STATUS = ("exhausted", "fleeting", "anchored", "asleep")
    PLAYER_COUNTS = ("hero_at", "companion_at")
    ZONES, BOARD, BOARD_KEY = ZONES, EXPEDITIONS, "expeditions"

    cards: dict[str, Card]
    zones: list[dict[str, list[str]]]
    exhausted: set[str] = field(default_factory=set)
    fleeting: set[str] = field(default_factory=set)
    anchored: set[str] = field(default_factory=set)
    asleep: set[str] = field(default_factory=set)
    hero_at: list[int] = field(default_factory=lambda: [HERO_REGION, HERO_REGION])
    companion_at: list[int] = field(default_factory=lambda: [COMPANION_REGION, COMPANION_REGION])
    counters: dict[str, dict[str, int]] = field(default_factory=dict)
    track: list[dict] = field(default_factory=default_track)
    day: int = 1
    phase: str = "setup"
    first_player: int = 0
    to_act: int | None = None
    passed: list[bool] = field(default_factory=lambda: [False, False])
    tiebreak: bool = False
    uses: dict[str, int] = field(default_factory=dict)
    tokens: int = 0
    since: dict[str, int] = field(default_factory=dict)  # 2.2.14: the timestamp of each object put into play
    emblems: list[dict] = field(default_factory=list)  # ongoing emblems in Limbo (2.2.2.m, 2.2.13.b)
    dice: list[int] = field(default_factory=list)  # the results of the dice still to roll, when a scenario says
    at_random: list[str] = field(default_factory=list)  # the cards the next picks at random take, when a scenario says
    # tokens that ceased to exist (2.1.d) while a reaction they triggered as they left waits or resolves (6.3.e)
    gone: dict[str, Card] = field(default_factory=dict)

    def clone(self) -> "GameState":
        """A copy safe to mutate (cards, modifiers, decisions and tasks are immutable and shared)."""
        return GameState(
            cards=self.cards, zones=[{z: list(cs) for z, cs in pz.items()} for pz in self.zones], loc=dict(self.loc),
            exhausted=set(self.exhausted), fleeting=set(self.fleeting), anchored=set(self.anchored),
            asleep=set(self.asleep), hero_at=list(self.hero_at), companion_at=list(self.companion_at),
            counters={k: dict(v) for k, v in self.counters.items()}, track=[dict(r) for r in self.track],
            day=self.day, phase=self.phase, first_player=self.first_player, to_act=self.to_act,
            passed=list(self.passed), tiebreak=self.tiebreak, uses=dict(self.uses), tokens=self.tokens,
            since=dict(self.since), emblems=list(self.emblems), dice=list(self.dice), at_random=list(self.at_random),
            gone=dict(self.gone),
            modifiers=list(self.modifiers), clock=self.clock, standby=list(self.standby), agenda=list(self.agenda),
            pending=self.pending, seed=self.seed, rng=self.rng, outcome=self.outcome,
        )

    # -- queries ------------------------------------------------------
    def view(self):
        """The characteristics passive abilities give now (passives.py), None when no passive is in force."""
        return derive(self)

    def card(self, card_id: str) -> Card:
        """An object's card, or the card of a token that has ceased to exist while its reaction resolves."""
        return self.cards[card_id] if card_id in self.cards else self.gone[card_id]

    def has(self, card_id: str, keyword: str) -> bool:
        """Whether an object has a keyword: printed, or given by a passive ability (2.3.1.j); an object in play
        that lost its abilities lost its printed keywords too (1.2.4.b: a keyword is an ability)."""
        view = derive(self)
        if view is None or card_id not in view.keywords:
            return keyword in self.cards[card_id].keywords
        return keyword in view.keywords[card_id]

    def tough(self, card_id: str) -> int:
        """Resistente X (7.4.5): an ability, so only while its object is in play (2.2.10.f), not in a Reserve,
        and not once the object has lost its abilities (2.3.2.d)."""
        if self.loc.get(card_id, (0, ""))[1] not in ("hero", "landmarks") + EXPEDITIONS:
            return 0
        view = derive(self)
        return 0 if view is not None and card_id in view.lost else self.cards[card_id].tough

    def region_types(self, region: int) -> tuple[str, ...]:
        """A region's subtypes (2.2.2.k, 2.2.2.l), as passive abilities leave them (2.2.2.p)."""
        view = derive(self)
        return tuple(self.track[region]["types"]) if view is None else view.regions[region]

    def boosts(self, card_id: str) -> int:
        return self.counters.get(card_id, {}).get("boost", 0)

    def in_expeditions(self, player: int) -> list[str]:
        z = self.zones[player]
        return z["hero_expedition"] + z["companion_expedition"]

    def in_play(self, player: int) -> list[str]:
        """3.1.4.a: the hero zone, the expeditions and the landmarks."""
        z = self.zones[player]
        return z["hero"] + self.in_expeditions(player) + z["landmarks"]

    def present_in(self, player: int, expedition: str) -> list[str]:
        """The characters present in one expedition: its own and the player's giants of the other (7.4.3.b)."""
        other = EXPEDITIONS[1 - EXPEDITIONS.index(expedition)]
        view = derive(self)
        giant = (lambda c: self.cards[c].has("giant")) if view is None else (lambda c: "giant" in view.keywords[c])
        return self.zones[player][expedition] + [c for c in self.zones[player][other] if giant(c)]

    def stat(self, card_id: str, name: str) -> int:
        """A character's statistic: printed, plus boost counters (2.5.1.b), plus modifiers."""
        value = self.cards[card_id].stat(name) + self.boosts(card_id)
        view = derive(self)
        value += view.bonus.get((card_id, name), 0) if view is not None else 0
        return value + sum(m.amount for m in self.modifiers if m.card == card_id and m.stat in (name, "all"))

    def expedition_stats(self, player: int, expedition: str) -> dict[str, int]:
        return {s: sum(self.stat(c, s) for c in self.present_in(player, expedition) if c not in self.asleep)
                for s in STATS}

    def ready_mana(self, player: int) -> list[str]:
        return [c for c in self.zones[player]["mana"] if c not in self.exhausted]

    def hero(self, player: int) -> Card | None:
        heroes = self.zones[player]["hero"]
        return self.cards[heroes[0]] if heroes else None

    def initiative(self) -> tuple[int, int]:
        """1.4.5.a: the player taking their turn, or the first player outside the Afternoon, then the other."""
        first = self.to_act if self.phase == "afternoon" and self.to_act is not None else self.first_player
        return first, 1 - first

    # -- canonical JSON -----------------------------------------------
    def game_json(self) -> dict:
        counters = {k: dict(sorted(v.items())) for k, v in sorted(self.counters.items()) if v}
        out = {"counters": counters, "track": [dict(r) for r in self.track], "uses": dict(sorted(self.uses.items())),
               "tokens": self.tokens}
        if self.since or self.emblems:  # only when used, so the states of games without them read as before
            out["since"], out["emblems"] = dict(sorted(self.since.items())), [dict(e) for e in self.emblems]
        if self.dice:  # only when a scenario gave results still to roll (7.3.13.a)
            out["dice"] = list(self.dice)
        if self.at_random:  # only when a scenario named the cards still to be taken at random (3.2.5.c)
            out["at_random"] = list(self.at_random)
        if self.gone:  # only while a ceased token's reaction waits (2.1.d, 6.3.e)
            out["gone"] = [self.gone[k].to_json() for k in sorted(self.gone)]
        return out

    def read_game(self, data: dict) -> None:
        self.counters = {k: dict(v) for k, v in data["counters"].items()}
        self.track = [{"types": list(r["types"]), "revealed": r["revealed"]} for r in data["track"]]
        self.uses, self.tokens = dict(data["uses"]), data["tokens"]
        self.since, self.emblems = dict(data.get("since", {})), [dict(e) for e in data.get("emblems", [])]
        self.dice = list(data.get("dice", []))
        self.at_random = list(data.get("at_random", []))
        self.gone = {c["id"]: Card.from_json(c, "gone") for c in data.get("gone", [])}

    def read_position(self, data: dict) -> None:
        super().read_position(data)
        self.passed = list(self.passed)
