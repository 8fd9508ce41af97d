"""Card value types: the printed characteristics of one physical card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import schema
from ..core.abilities import set_fields
from ..core.cards import card_identity
from ..core.errors import DefinitionError
from ..core.text import say
from .abilities import Ability

TRIGGERS = ("none", "critical", "draw", "stand", "heal")
CARD_TYPES = ("normal", "trigger", "g_unit")
KEYWORDS = (
    "boost",
    "intercept",
    "twin_drive",
    "triple_drive",
    "sentinel",
    "restraint",
    "resist",
    "forerunner",
    "lord",
)
#: 2.2.5: Cray Elemental cards belong to every clan and nation.
UNIVERSAL_CLAN = "Cray Elemental"
#: the clan as either text prints it (IT 2.2.5 «Elementale di Cray», EN 2.2.5 <<Cray Elemental>>): a judge writes
#: the name of the rules he reads
UNIVERSAL_CLANS = (UNIVERSAL_CLAN, "Elementale di Cray")

CARD_FIELDS = (
    "id", "name", "grade", "power", "shield", "critical", "trigger", "clan", "nation",
    "race", "type", "keywords", "abilities",
)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: who owns it and what is printed on it (section 2).

    Status (standing/resting, face up/down, locked) and modifiers live in the
    game state, not here: a Card never changes during a game.
    """

    id: str
    owner: int
    name: str
    grade: int
    power: int
    shield: int = 0
    critical: int = 1
    trigger: str = "none"
    clan: str | None = None
    nation: str | None = None
    race: str | None = None
    type: str = "normal"
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def g_guardian(self) -> "Ability | None":
        """The G guardian ability (11.13.1), if the card has one."""
        return next((a for a in self.abilities if a.timing == "g_guardian"), None)

    def to_json(self) -> dict:
        out: dict = {
            "id": self.id, "owner": self.owner, "name": self.name, "grade": self.grade,
            "power": self.power, "shield": self.shield, "critical": self.critical,
            "trigger": self.trigger, "type": self.type,
        }
        for key in ("clan", "nation", "race"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return set_fields(out, self, ("keywords", "abilities"))

    @classmethod
    def from_json(cls, data: Any, path: str = "card", owner: int | None = None) -> "Card":
        """Parse a card; ``owner`` comes from context (scenario) or the data."""
        owner, card_id = card_identity(data, path, owner, CARD_FIELDS, ("id", "name", "grade", "power"))
        j = lambda k: schema.join(path, k)  # noqa: E731
        trigger = schema.string(data.get("trigger", "none"), j("trigger"), TRIGGERS)
        default_type = "normal" if trigger == "none" else "trigger"
        ctype = schema.string(data.get("type", default_type), j("type"), CARD_TYPES)
        if (trigger != "none") != (ctype == "trigger"):
            raise DefinitionError(j("type"), say("a trigger unit has a trigger icon, and only a trigger unit has "
                                                  "one (2.9.2)"))
        keywords = schema.array(data.get("keywords", []), j("keywords"))
        kws = []
        for i, kw in enumerate(keywords):
            kws.append(schema.string(kw, schema.join(j("keywords"), i), KEYWORDS))
        abilities = tuple(
            Ability.from_json(a, schema.join(j("abilities"), i))
            for i, a in enumerate(schema.array(data.get("abilities", []), j("abilities")))
        )
        for i, ab in enumerate(abilities):
            if ab.timing == "g_guardian" and ctype != "g_unit":
                raise DefinitionError(schema.join(schema.join(j("abilities"), i), "timing"),
                                      say("only a G unit can have a G guardian ability (11.13.1)"))
        opt = lambda k: None if data.get(k) is None else schema.string(data[k], j(k))  # noqa: E731
        return cls(
            id=card_id,
            owner=owner,
            name=schema.string(data["name"], j("name")),
            grade=schema.integer(data["grade"], j("grade"), 0, 4),
            power=schema.integer(data["power"], j("power"), 0, 100000),
            shield=schema.integer(data.get("shield", 0) if data.get("shield") is not None else 0, j("shield"), 0, 100000),
            critical=schema.integer(data.get("critical", 1), j("critical"), 0, 10),
            trigger=trigger,
            clan=opt("clan"),
            nation=opt("nation"),
            race=opt("race"),
            type=ctype,
            keywords=tuple(sorted(set(kws))),
            abilities=abilities,
        )


def same_clan(a: Card, b: Card) -> bool:
    """Clan match for trigger checks (7.5.1.2.4, 9.6.5); see assumption A7."""
    if a.clan in UNIVERSAL_CLANS or b.clan in UNIVERSAL_CLANS:
        return True
    if a.clan is not None and b.clan is not None:
        return a.clan == b.clan
    # Cards without a clan fall back to the nation (2.17.4): assumption A7.
    return a.nation is not None and a.nation == b.nation and (a.clan is None or b.clan is None)
