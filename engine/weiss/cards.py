"""Card value types: the printed attributes of one physical Weiss Schwarz card (section 2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import schema
from ..core.abilities import set_fields
from ..core.cards import card_identity
from ..core.errors import DefinitionError
from ..core.text import say
from .abilities import Ability

CARD_TYPES = ("character", "event", "climax")
COLOURS = ("yellow", "green", "red", "blue", "purple")
#: the trigger icons of 7.3.1.2, by the translation's names (assumption W2 gives the English ones)
TRIGGER_ICONS = ("soul", "wind", "bag", "gate", "book", "flame", "treasure", "pants")
# A non-character's power, soul or traits and a climax's level or cost, each said with its clause (2.9.1-2.7.1)
ONLY_A_CHARACTER = {"power": say("only a character has a power (2.9.1)"), "soul": say("only a character has soul (2.10.1)"),
                    "traits": say("only a character has traits (2.5.1)")}
NOT_A_CLIMAX = {"level": say("a climax has no level (2.6.1)"), "cost": say("a climax has no cost (2.7.1)")}
CARD_FIELDS = ("id", "name", "type", "colour", "level", "cost", "power", "soul", "triggers", "traits", "counter",
               "abilities")


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: its owner and its printed attributes.

    Status (stand/rest/reverse, face down) and modifiers live in the game
    state: a Card never changes during a game, but for the AUTO abilities an effect gives it for a while, which
    the state's copy of it carries after its printed ones (granting.py, W49).
    """

    id: str
    owner: int
    name: str
    type: str
    colour: str
    level: int = 0
    cost: int = 0
    power: int = 0
    soul: int = 0
    triggers: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    counter: bool = False
    abilities: tuple[Ability, ...] = ()

    @property
    def is_character(self) -> bool:
        return self.type == "character"

    def to_json(self) -> dict:
        out: dict = {"id": self.id, "owner": self.owner, "name": self.name, "type": self.type, "colour": self.colour,
                     "level": self.level, "cost": self.cost}
        if self.type == "character":
            out["power"], out["soul"] = self.power, self.soul
        return set_fields(out, self, ("triggers", "traits", "counter", "abilities"))

    @classmethod
    def from_json(cls, data: Any, path: str = "card", owner: int | None = None) -> "Card":
        owner, card_id = card_identity(data, path, owner, CARD_FIELDS, ("id", "name", "type", "colour"))
        j = lambda k: schema.join(path, k)  # noqa: E731
        ctype = schema.string(data["type"], j("type"), CARD_TYPES)
        for key in ONLY_A_CHARACTER:
            if ctype != "character" and key in data:
                raise DefinitionError(j(key), ONLY_A_CHARACTER[key])
        for key in NOT_A_CLIMAX:
            if ctype == "climax" and data.get(key, 0) != 0:
                raise DefinitionError(j(key), NOT_A_CLIMAX[key])
        triggers = tuple(schema.string(t, schema.join(j("triggers"), i), TRIGGER_ICONS)
                         for i, t in enumerate(schema.array(data.get("triggers", []), j("triggers"))))
        if len(triggers) > 2:
            raise DefinitionError(j("triggers"), say("a card has at most two trigger icons"))
        traits = tuple(schema.string(t, schema.join(j("traits"), i))
                       for i, t in enumerate(schema.array(data.get("traits", []), j("traits"))))
        abilities = tuple(Ability.from_json(a, schema.join(j("abilities"), i))
                          for i, a in enumerate(schema.array(data.get("abilities", []), j("abilities"))))
        counter = schema.boolean(data.get("counter", False), j("counter"))
        for i, ab in enumerate(abilities):
            where = schema.join(schema.join(j("abilities"), i), "timing")
            if (ab.timing == "event") != (ctype == "event"):
                raise DefinitionError(where, say("an event card's text is played as an event, and only an event card's is"))
            if ab.timing in ("act", "backup", "encore", "on_attack", "on_reverse", "on_reverse_opponent", "on_play",
                             "bond", "bodyguard", "replace", "on_change", "on_stage_to_waiting_room", "on_leave_stage",
                             "on_other_play", "on_other_attack", "on_front_attacked", "on_attacked") \
                    and ctype != "character":
                raise DefinitionError(where, say("only a character can have this ability (%(timing)s)", timing=ab.timing))
            if ab.timing == "replace" and ab.replaces != "leave_stage" and [
                    b.replaces for b in abilities if b.timing == "replace"].count(ab.replaces) > 1:
                raise DefinitionError(where, say("a card has one replacement effect at most for the same thing here"))
            if ab.timing == "backup" and not counter:
                raise DefinitionError(j("counter"), say("a character with Backup has the counter icon (10.5.1)"))
        if counter and ctype == "climax":
            raise DefinitionError(j("counter"), say("a climax has no counter icon (2.8.2)"))
        return cls(
            id=card_id, owner=owner, name=schema.string(data["name"], j("name")), type=ctype,
            colour=schema.string(data["colour"], j("colour"), COLOURS),
            level=schema.integer(data.get("level", 0), j("level"), 0, 3),
            cost=schema.integer(data.get("cost", 0), j("cost"), 0, 20),
            power=schema.integer(data.get("power", 0), j("power"), 0, 100000),
            soul=schema.integer(data.get("soul", 1 if ctype == "character" else 0), j("soul"), 0, 10),
            triggers=triggers, traits=traits, counter=counter, abilities=abilities,
        )
