"""A number of an ability's effect counted as it resolves: "deal 1 damage to your opponent for each of your other
characters", "draw a card for each climax in your memory" (``per``, assumption W41); "deal X damage to your opponent,
X is equal to that character's level" (``equal_to``, assumption W48).

The number is counted once, as the effect resolves (8.8.1), and that many is done; counted zero, nothing is done
(1.3.2.2). The resolvers wrap effects.py's and register themselves in its ``RESOLVERS`` table when this module is
imported (rules.py imports it).
"""

from __future__ import annotations

import json
from typing import Any

from ..core import schema
from ..core.errors import DefinitionError
from ..core.text import say
from .ability_parts import PART_PARSERS, Part, parse_filter
from .characteristics import amount_of, stat
from .effects import RESOLVERS, _targets
from .primitives import emit, name

#: what X may equal: a character's value (this card, its battle opponent, the character opposite, one chosen as the
#: part resolves), the card the part before put from the top of the deck into the waiting room ("that card"), the
#: top card of the deck (after a reveal), or a player's level
EQUAL_OF = ("self", "battle_opponent", "opposite", "choose_own_character", "choose_opponent_character", "milled",
            "top_of_deck", "player")
EQUAL_STATS = ("level", "cost", "soul")


def parse_equal_to(data: Any, path: str) -> str:
    """``{"of": ..., "stat": level / cost / soul, "plus": N, "filter": {...} (a chosen character), "player": self /
    opponent (a player's level)}``, kept as canonical JSON text (a Part's params are immutable)."""
    schema.obj(data, path, ("of",), ("stat", "plus", "filter", "player"))
    j = lambda k: schema.join(path, k)  # noqa: E731
    of = schema.string(data["of"], j("of"), EQUAL_OF)
    schema.string(data.get("stat", "level"), j("stat"), ("level",) if of == "player" else EQUAL_STATS)
    schema.integer(data.get("plus", 0), j("plus"), -5, 5)
    if "filter" in data:
        if not of.startswith("choose_"):
            raise DefinitionError(j("filter"), say("only a target that is chosen has conditions on the card"))
        parse_filter(data["filter"], j("filter"))
    if "player" in data:
        if of != "player":
            raise DefinitionError(j("player"), say("only a player's level names the player"))
        schema.string(data["player"], j("player"), ("self", "opponent"))
    return json.dumps(data, sort_keys=True)



PART_PARSERS["equal_to"] = parse_equal_to

def _counted_each(plain):
    def resolve(state, task, answer, part, events):
        if part.get("equal_to"):
            return _equal(plain, state, task, answer, part, events)
        if not part.get("per"):
            return plain(state, task, answer, part, events)
        n = amount_of(state, task["card"], part, "count")
        if n <= 0:  # 1.3.2.2: done zero times, nothing is done
            return None
        counted = Part(part.kind, tuple((k, n if k == "count" else v) for k, v in part.params if k != "per"))
        return plain(state, task, answer, counted, events)
    return resolve


def _equal(plain, state, task, answer, part, events):
    """X read now, as the part resolves (W48): the card's value where it is (on the stage with the changes it has
    there; elsewhere as printed, a climax's level 0), plus ``plus``; no card, or X 0 or less: nothing is done
    (1.3.2, 1.3.2.2)."""
    spec = json.loads(part.get("equal_to"))
    of, which, p = spec["of"], spec.get("stat", "level"), task["p"]
    card = None
    if of == "player":
        player = p if spec.get("player", "self") == "self" else 1 - p
        n = state.level(player) + spec.get("plus", 0)
    else:
        card, decision = _card(state, task, answer, spec)
        if decision is not None:
            return decision
        if card is None:
            emit(events, "counted", say("%(card)s: there is no card to read X from: X is 0 and nothing is done",
                                        card=name(state, task["card"])), ("IMPOSSIBLE_NOT_DONE",), p,
                 assumptions=("W48",), count=0)
            return None
        on_stage = state.on_stage(card)
        n = (stat(state, card, which) if on_stage and which != "cost" else getattr(state.cards[card], which)) \
            + spec.get("plus", 0)
    words = {"card": name(state, card) if card else "", "n": n}
    if of == "player":
        text = say("X is player %(player)s's level: %(n)s", player=player, n=n)
    elif which == "cost":
        text = say("X is the cost of %(card)s: %(n)s", **words)
    elif which == "soul":
        text = say("X is the soul of %(card)s: %(n)s", **words)
    else:
        text = say("X is the level of %(card)s: %(n)s", **words)
    # 1.3.2.2: done zero times, nothing is done (no damage process, nothing revealed or cancelled)
    emit(events, "counted", text, ("ABILITY_RESOLVES",) if n > 0 else ("ZERO_TIMES",), p, assumptions=("W48",),
         count=n, **({"card": card} if card else {}))
    if n <= 0:
        return None
    params = tuple((k, v) for k, v in part.params if k != "equal_to") + (("count", n),)
    return plain(state, task, None, Part(part.kind, tuple(sorted(params))), events)


def _card(state, task, answer, spec):
    """The card X reads: (card or None, a decision to ask first or None)."""
    of = spec["of"]
    if of == "self":  # this card's value, wherever it is now
        return task["card"], None
    if of == "milled":  # "that card": the first the part before put into the waiting room
        return next(iter(task.get("milled") or ()), None), None
    if of == "top_of_deck":
        deck = state.zones[task["p"]]["deck"]
        return (deck[0] if deck else None), None
    flt = (("filter", parse_filter(spec["filter"], "filter")),) if "filter" in spec else ()
    cards, decision = _targets(state, task, answer, Part("damage", (("target", of),) + flt))
    if decision is not None:
        return None, decision
    return (cards[0] if cards else None), None


for _kind in ("damage", "draw", "stock_charge"):
    RESOLVERS[_kind] = _counted_each(RESOLVERS[_kind])
