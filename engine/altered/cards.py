"""Altered cards as data (section 2.2): type, costs, statistics, keywords, hero limits, abilities.

A card is a frozen dataclass parsed once per printed card (engine.core.cards);
its abilities are data (``abilities.py``) and a card whose text the vocabulary
cannot express is refused when it is loaded, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import schema
from ..core.abilities import set_fields
from ..core.cards import card_identity
from ..core.errors import DefinitionError
from ..core.text import say
from .abilities import Ability, parse_ability

TYPES = ("character", "spell", "permanent", "hero", "token")
STATS = ("forest", "mountain", "water")  # 2.2.9.b
#: the passive keywords of section 7.4 the engine plays (Resistente is ``tough``, a number)
KEYWORDS = ("defender", "eternal", "giant", "seasoned", "fleeting")
CARD_FIELDS = ("id", "name", "type", "hand_cost", "reserve_cost", "forest", "mountain", "water", "keywords", "tough",
               "subtypes", "faction", "reserve_limit", "landmark_limit", "abilities")
NO_HERO_LIMIT = 2  # 4.2.5.d


@dataclass(frozen=True, slots=True)
class Card:
    """One object's base characteristics (2.2); ``owner`` is the player whose deck it came from (1.1.3.c)."""

    id: str
    owner: int
    name: str
    type: str
    hand_cost: int = 0
    reserve_cost: int = 0
    forest: int = 0
    mountain: int = 0
    water: int = 0
    keywords: tuple[str, ...] = ()
    tough: int = 0
    subtypes: tuple[str, ...] = ()
    faction: str = ""
    reserve_limit: int = NO_HERO_LIMIT
    landmark_limit: int = NO_HERO_LIMIT
    abilities: tuple[Ability, ...] = ()
    #: whether a passive ability is among them: asked whenever a characteristic is, so known once (passives.py)
    passive: bool = field(default=False, compare=False)

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def stat(self, name: str) -> int:
        return getattr(self, name)

    def to_json(self) -> dict:
        out = {"id": self.id, "owner": self.owner, "name": self.name, "type": self.type}
        for key in ("hand_cost", "reserve_cost", "forest", "mountain", "water", "tough"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.type == "hero":
            out["reserve_limit"], out["landmark_limit"] = self.reserve_limit, self.landmark_limit
        return set_fields(out, self, ("keywords", "subtypes", "faction", "abilities"))

    @classmethod
    def from_json(cls, data: dict, path: str = "card", owner: int | None = None) -> "Card":
        owner, card_id = card_identity(data, path, owner, CARD_FIELDS, ("id", "name", "type"))
        j = lambda k: schema.join(path, k)  # noqa: E731
        kind = schema.string(data["type"], j("type"), TYPES)
        ints = {k: schema.integer(data.get(k, 0), j(k), -99, 99) for k in ("forest", "mountain", "water")}
        for k in ("hand_cost", "reserve_cost", "tough"):
            ints[k] = schema.integer(data.get(k, 0), j(k), 0, 99)
        keywords = tuple(schema.string(k, schema.join(j("keywords"), i), KEYWORDS)
                         for i, k in enumerate(schema.array(data.get("keywords", []), j("keywords"))))
        if kind not in ("character", "token") and set(keywords) - {"fleeting"}:
            raise DefinitionError(j("keywords"), say("only characters have Defender, Eternal, Giant or Seasoned (7.4)"))
        if kind not in ("character", "token") and any(data.get(k) for k in STATS):
            raise DefinitionError(path, say("only characters have statistics (2.2.9.c)"))
        limits = {}
        for k in ("reserve_limit", "landmark_limit"):
            if k in data and kind != "hero":
                raise DefinitionError(j(k), say("only heroes have a Reserve limit or a Landmark limit (2.2.11.b, 2.2.12.b)"))
            limits[k] = schema.integer(data.get(k, NO_HERO_LIMIT), j(k), 0, 20)
        abilities = tuple(parse_ability(a, schema.join(j("abilities"), i), kind)
                          for i, a in enumerate(schema.array(data.get("abilities", []), j("abilities"))))
        return cls(id=card_id, owner=owner, name=schema.string(data["name"], j("name")), type=kind,
                   keywords=keywords, subtypes=tuple(schema.string(s, j("subtypes"))
                                                     for s in schema.array(data.get("subtypes", []), j("subtypes"))),
                   faction=schema.string(data.get("faction", ""), j("faction")), abilities=abilities,
                   passive=any(a.timing == "passive" for a in abilities),
                   **ints, **limits)
