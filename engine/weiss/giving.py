"""The effect that gives characters an AUTO ability for a while: "choose 1 of your characters, until the end of the
turn it gets 'AUTO When this card attacks, ...'", "all your characters get 'AUTO Encore [...]' until the end of the
turn" (``give_ability``, assumption W49; granting.py keeps and takes back the gift).

The resolver has the shape of those in effects.py and registers itself in its ``RESOLVERS`` table when this module is
imported (rules.py imports it); the parser is called by ability_parts.py.
"""

from __future__ import annotations

import json
from typing import Any

from ..core import schema
from ..core.errors import DefinitionError
from ..core.text import say
from .ability_parts import AUTO_TIMINGS, GROUP_TARGETS, PART_PARSERS, _how_many, parse_filter
from .effects import RESOLVERS, _nothing_to_apply, _targets
from .granting import give
from .primitives import emit, name

#: what may be given: any AUTO ability and Encore (10.2.2). One that answers the card's being played or placed does
#: nothing on a character already there (and a new card it becomes has none of the gift, 3.1.4); one that answers its
#: leaving the stage triggers as it leaves, read on the stage (8.7.4.1.2); a situation's is read at each check timing
#: (8.7.6). Not Bond nor Shift, keywords printed on the card for its being played or its clock (10.4, 10.11)
GIVABLE = tuple(t for t in AUTO_TIMINGS if t not in ("bond", "shift")) + ("encore",)
GIVE_TARGETS = ("self", "choose_own_character", "choose_opponent_character", "opposite", "battle_opponent",
                "attacked") + GROUP_TARGETS
GIVE_DURATIONS = ("end_of_turn", "end_of_next_turn")


def parse_give(data: Any, path: str, timing: str) -> dict:
    """``{"kind": "give_ability", "target": ..., "ability": {an AUTO ability}, "duration": ...}`` (optional ``filter``,
    and ``count`` / ``up_to`` / ``chooser`` for a chosen target): its params, the ability as canonical JSON text."""
    from .abilities import Ability

    schema.obj(data, path, ("kind", "target", "ability", "duration"), ("filter", "count", "up_to", "chooser"))
    j = lambda k: schema.join(path, k)  # noqa: E731
    if timing == "cont":
        raise DefinitionError(j("kind"), say("an ability is given here by an ability that resolves, for a while: a "
                                             "CONT ability gives an Encore with its own effect"))
    ability = Ability.from_json(data["ability"], j("ability"))
    if ability.timing not in GIVABLE:
        raise DefinitionError(schema.join(j("ability"), "timing"),
                              say("the ability given is an automatic ability or an Encore, not Bond nor Shift"))
    params = {"ability": json.dumps(ability.to_json(), sort_keys=True),
              "target": schema.string(data["target"], j("target"), GIVE_TARGETS),
              "duration": schema.string(data["duration"], j("duration"), GIVE_DURATIONS)}
    params.update(_how_many(data, path, params["target"]))
    if "filter" in data:
        if not params["target"].startswith("choose_") and params["target"] not in GROUP_TARGETS:
            raise DefinitionError(j("filter"), say("only a target that is chosen has conditions on the card"))
        params["filter"] = parse_filter(data["filter"], j("filter"))
    return params



PART_PARSERS["give_ability"] = parse_give

def _give(state, task, answer, part, events):
    """Each target gains the ability (8.2.1.2: an effect with a duration), read on the stage as it resolves (8.9.2);
    it is played as the character's own."""
    from .abilities import Ability

    cards, decision = _targets(state, task, answer, part)
    if decision:
        return decision
    ability = Ability.from_json(json.loads(part.get("ability")), "ability")
    next_turn = part.get("duration") == "end_of_next_turn"
    for c in cards:
        index = give(state, c, ability, state.turn + (1 if next_turn else 0))
        words = {"card": name(state, c), "timing": ability.timing}
        emit(events, "ability_given", say("%(card)s gets an ability (%(timing)s) until the end of the next turn",
                                          **words)
             if next_turn else say("%(card)s gets an ability (%(timing)s) until the end of the turn", **words),
             ("ABILITY_RESOLVES", "CONTINUOUS_EFFECT"), task["p"], assumptions=("W49",), card=c, ability=index)
    if not cards:
        _nothing_to_apply(state, task, part, events)
    return None


RESOLVERS["give_ability"] = _give
