"""The vocabulary of Weiss Schwarz abilities as data, and the parsers of their parts (conditions, costs, effects).

Kept apart from ``abilities.py`` (the Ability record and its keyword forms) so
each stays readable; the vocabulary itself is documented there.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..core import schema
from ..core.abilities import Part as CorePart
from ..core.errors import DefinitionError
from ..core.text import say

PHASE_NAMES = ("stand", "draw", "clock", "main", "climax", "attack", "encore", "end")
PHASE_TIMINGS = tuple(f"begin_{p}" for p in PHASE_NAMES)
STEP_NAMES = ("declaration", "trigger", "counter", "damage", "battle")
STEP_TIMINGS = tuple(f"begin_{s}" for s in STEP_NAMES)
AUTO_TIMINGS = ("on_play", "on_attack", "on_reverse", "on_reverse_opponent", "on_climax", "on_cancel") + PHASE_TIMINGS \
    + STEP_TIMINGS
# bond (10.4): the keyword AUTO "when this card is played and placed on the stage, you may pay the cost: a card
# named <name> from your waiting room into your hand"
AUTO_TIMINGS += ("bond",)
# shift (10.11): at the beginning of your main phase, from your clock, at level ``level`` or more, you may swap this
# card with a card of its colour from your hand
AUTO_TIMINGS += ("shift",)
# 10.8.4: "when this card is placed on the stage ... by a Change effect"; 6.8.1.1: "alla fine del turno"
AUTO_TIMINGS += ("on_change", "turn_end")
# 8.7.4: an area-change trigger, "when this card goes from the stage to the waiting room" (its conditions read the
# card as it was on the stage, 8.7.4.1.2); 8.7.6: a situation trigger, its conditions are the situation
AUTO_TIMINGS += ("on_stage_to_waiting_room", "situation")
# 8.7.4: "when this card leaves the stage", for whatever area (the hand, the memory, the deck, the waiting room...)
AUTO_TIMINGS += ("on_leave_stage",)
# 8.7.4, 8.7.4.1.1, 8.7.4.1.3: "when this card is put from <area> into <area>", between areas other than the stage;
# "when another of your characters is played and placed on the stage" (an on_play of each other character's);
# "when this card is front attacked" (7.2.1.5.1: it becomes the attacked character of a front attack)
AUTO_TIMINGS += ("on_area_change", "on_other_play", "on_front_attacked")
# "when this card is attacked": it becomes the attacked character of a front or side attack (7.2.1.5.2)
AUTO_TIMINGS += ("on_attacked",)
# "when another of your characters attacks" (7.2.1.5: it becomes the attacking character)
AUTO_TIMINGS += ("on_other_attack",)
# 10.7.4: "when you use Brainstorm", that is when an event or ACT ability of yours with Brainstorm resolves
AUTO_TIMINGS += ("on_brainstorm",)
# 10.12.3: "when you use Accelerate", that is when an AUTO ability of yours with Accelerate (a cost putting a card
# into your clock, 10.12.1-10.12.2) resolves
AUTO_TIMINGS += ("on_accelerate",)
#: the (from, to) an area-change ability may name, those of the moves that trigger it: the clock phase (6.4.1.2), a level
#: up (9.3.2), the hand limit (6.8.1.2), a cost's discard or stock (8.4.3), a heal (W31; the stage has its own timings)
AREA_CHANGES = (("hand", "clock"), ("clock", "level"), ("clock", "waiting_room"), ("hand", "waiting_room"),
                ("stock", "waiting_room"), ("waiting_room", "hand"), ("resolution", "clock"), ("resolution", "stock"),
                # from the top of the deck: into the clock (the refresh point 9.9.1, an effect, Accelerate's cost
                # 10.12.1) or into the stock (Bag 7.3.1.2.4, Treasure 7.3.1.2.8, an effect's stock charge)
                ("deck", "clock"), ("deck", "stock"),
                # into the waiting room: from the top of the deck (the cards looked at and not taken, 4.8), from the
                # resolution area (a cancelled damage's cards 4.9.1.2, a Brainstorm's 10.7.3)
                ("deck", "waiting_room"), ("resolution", "waiting_room"),
                # out of the climax area into the waiting room (the end phase 6.8.1.3, a climax under another 9.7.1,
                # climaxes put together 9.7.2); a Treasure icon's trigger card into the hand (7.3.1.2.8.1)
                ("climax", "waiting_room"), ("resolution", "hand"))
# bodyguard / great performance (10.6): a keyword CONT with nothing more to say; replace (8.2.1.3.1, 8.10): "if this
# card would go from the stage to the waiting room, instead put it into <area>"
TIMINGS = ("act", "cont", "backup", "encore", "event", "bodyguard", "replace") + AUTO_TIMINGS
#: what a replacement effect replaces, and the areas it can put the card in instead
REPLACED_EVENTS = ("leave_stage",)
INSTEAD_AREAS = ("memory", "hand", "deck_bottom", "clock", "stock")
#: what else one replaces (W40): a move of this character from the stage by an effect, into the area it names
#: instead (or the waiting room); its player's draw or the damage dealt to its player, by the ability's effects
REPLACED_MOVES = ("stage_to_hand", "stage_to_clock", "stage_to_stock", "stage_to_deck_bottom")
REPLACED_ACTIONS = ("draw", "damage")
# alarm (10.1): this card is the top card of your clock; memory (10.9): this card is in your memory area;
# experience (10.10): the total level of the cards in your level area is ``min`` or more (assumption W16)
CONDITION_KINDS = ("level", "position", "climax", "count", "trait", "alarm", "memory", "experience", "markers",
                   "level_area", "power", "in_battle", "battle_opponent", "own_turn", "opponent_turn",
                   "other", "top_of_deck", "did", "milled", "cancelled", "not_cancelled")
COST_KINDS = ("stock", "discard", "rest_self", "rest_other", "clock_top")
STAT_EFFECTS = ("power", "soul", "level")
# mill: "put the top N cards of your deck into your waiting room" (one at a time, 3.2.3)
COUNT_EFFECTS = ("draw", "stock_charge", "salvage", "search", "heal", "clock", "damage", "brainstorm", "mill")
TARGET_EFFECTS = ("bounce", "rest", "stand", "reverse", "to_waiting_room", "to_clock", "to_stock", "to_deck_bottom")
# change (10.8): this card goes to the waiting room and a card named ``name`` from ``source`` (hand / waiting room)
# takes its former stage position
# marker (3.7): cards from ``source`` put face down under this card; to_memory (3.12.1): a card into its owner's memory
# delayed (8.7.5): creates an AUTO ability that goes on stand-by once, at the ``at`` timing, and does ``effects``
# trait (CONT only): the target gets a trait; an effect reading traits applies after it (8.9.1.4)
# power_becomes: "its power becomes N" (8.9.1.5's example), a numeric change applied in time order with the others
# encore (CONT only): the target gets "AUTO Encore [cost]" (10.2.2; 8.9.1.4's example gives it to characters with a
# trait another CONT effect gives)
EFFECT_KINDS = STAT_EFFECTS + COUNT_EFFECTS + TARGET_EFFECTS + ("change", "marker", "to_memory", "delayed", "trait",
                                                                "power_becomes", "encore", "look", "lose", "win",
                                                                "cannot", "put_on_stage", "move", "put_climax",
                                                                "discard", "reveal", "give_ability")
#: what a CONT ``cannot`` forbids its target character (1.3.3), or a ``player`` (self / opponent): backup (10.5), events;
#: "cannot be (front / side) attacked" (7.2.1.3 speaks of characters that cannot be attacked), "does not stand during
#: your stand phase" (6.2.1.2), "cannot play its ACT abilities" (8.1.1.1), "cannot use Encore" (10.2: its encores
#: go on stand-by and cannot be played, 8.7.3.2), "cannot use AUTO abilities" (likewise, its encores among them, 10.2.1)
CANNOT_ACTIONS = ("attack", "front_attack", "side_attack", "direct_attack", "move", "be_chosen", "be_attacked",
                  "be_front_attacked", "be_side_attacked", "stand_phase", "act", "encore", "auto")
#: the part of the stage a ``move`` effect puts its character in: an open position of its player's center stage,
#: back stage, or either (3.6.3)
MOVE_TO = ("center", "back", "stage")
#: what a player may be forbidden to play ("your opponent cannot play backup", "you cannot play climaxes from your
#: hand", "your opponent cannot play characters", "your opponent cannot play ACT abilities"): the name of the card
#: type, backup, or act (also a character's own, with ``target``)
CANNOT_PLAYS = ("backup", "event", "character", "climax", "act")
#: where the cards looked at and not taken go (4.8 describes only the looking; the card says the rest)
LOOK_REST = ("waiting_room", "deck_top", "deck_bottom")
DELAYED_AT = ("turn_end",) + PHASE_TIMINGS + STEP_TIMINGS
#: what an optional replacement effect (8.2.1.3.2) may ask to do: "you may put N stock into the waiting room",
#: "you may discard N cards from your hand"
REPLACE_COSTS = ("stock", "discard")
MARKER_SOURCES = ("deck", "hand", "waiting_room")
# groups: "all your characters", "all your other characters" (not the card whose effect it is), "all your opponent's
# characters"
GROUP_TARGETS = ("all_own_characters", "other_own_characters", "all_opponent_characters")
TARGETS = ("self", "choose_own_character", "choose_opponent_character", "opposite", "battle_opponent", "attacked",
           "front") + GROUP_TARGETS
CONT_TARGETS = ("self", "front", "opposite") + GROUP_TARGETS
DURATIONS = ("end_of_turn", "end_of_next_turn", "game")
#: markers: the markers under this card (3.7.4: "for each marker under this card"), counted for its player only
COUNT_ZONES = ("hand", "deck", "waiting_room", "clock", "level", "stock", "memory", "stage", "markers")
FILTER_KEYS = ("type", "trait", "max_level", "min_level", "name", "colour", "max_power", "min_power", "name_contains",
               "status", "position")
#: a filter's ``status`` (1.3.2: standing, rested, reversed) and ``position`` (3.6.2, 3.6.3: the center or back stage)
#: read a character on the stage; no card elsewhere matches them
FILTER_STATUS, FILTER_POSITION = ("stand", "rest", "reverse"), ("center", "back")
PER_CLIMAX = ("draw", "stock_charge", "salvage", "search", "damage")
#: where a card chosen in the waiting room goes: the hand (a salvage), or the top or bottom of the deck, the stock, the
#: clock (not damage, 4.9.2)
SALVAGE_TO = ("hand", "deck_top", "deck_bottom", "stock", "clock")


class Part(CorePart):
    """A Weiss Schwarz part: a card filter parameter is an object."""

    __slots__ = ()
    OBJECT_PARAMS = frozenset({"filter"})

    def to_json(self) -> dict:
        out = CorePart.to_json(self)
        if self.kind == "delayed":  # its effects are kept as canonical JSON text (a Part's params are immutable)
            out["effects"] = json.loads(out["effects"])
        if self.kind == "give_ability":  # likewise the ability it gives (W49)
            out["ability"] = json.loads(out["ability"])
        if self.kind == "encore":  # likewise the cost of an encore a CONT effect gives
            out["cost"] = json.loads(out["cost"])
        for key in ("if", "per", "equal_to"):  # the conditions of a part active under a condition (8.3.3), what a
            # count counts, what a number equals
            if key in out:
                out[key] = json.loads(out[key])
        return out


PART_PARSERS: dict[str, Callable[..., Any]] = {}
"""The parsers of effect parts that the module resolving them registers when imported: "equal_to" (counted.py, W48)
and "give_ability" (giving.py, W49). A given ability is a whole ability, read by this format in turn, so the format
asks this table rather than importing those modules back (the package imports them all before reading any card)."""


def _freeze(d: dict) -> tuple:
    return tuple(sorted((k, _freeze(v) if isinstance(v, dict) else v) for k, v in d.items()))


def parse_filter(data: Any, path: str) -> tuple:
    schema.obj(data, path, (), FILTER_KEYS)
    if "type" in data:
        schema.string(data["type"], schema.join(path, "type"), ("character", "event", "climax"))
    for key in ("max_level", "min_level"):  # "level N or lower" / "level N or higher": the printed level
        if key in data:
            schema.integer(data[key], schema.join(path, key), 0, 3)
    for key in ("max_power", "min_power"):  # "with N power or less" (8.9.1.3's example) / "or more"
        if key in data:
            schema.integer(data[key], schema.join(path, key), 0, 100000)
    for key in ("trait", "name", "colour", "name_contains"):  # name_contains: "with «X» in its card name"
        if key in data:
            schema.string(data[key], schema.join(path, key))
    if "status" in data:
        schema.string(data["status"], schema.join(path, "status"), FILTER_STATUS)
    if "position" in data:
        schema.string(data["position"], schema.join(path, "position"), FILTER_POSITION)
    return _freeze(data)


def _per(data: Any, path: str) -> str:
    """What an amount is counted by: ``player``'s cards in ``zone`` (the stage: characters), of ``filter``, this card
    not counted with ``other``; kept as canonical JSON text (a Part's params are immutable)."""
    schema.obj(data, path, ("player", "zone"), ("filter", "other"))
    schema.string(data["player"], schema.join(path, "player"), ("self", "opponent"))
    schema.string(data["zone"], schema.join(path, "zone"), COUNT_ZONES)
    schema.boolean(data.get("other", False), schema.join(path, "other"))
    if data["zone"] == "markers" and data["player"] != "self":
        raise DefinitionError(schema.join(path, "player"), say("the markers counted are those under this card"))
    if "filter" in data and {"max_power", "min_power"} & set(dict(parse_filter(data["filter"], schema.join(path, "filter")))):
        raise DefinitionError(schema.join(path, "filter"), say("a count here does not read the power of the cards"))
    return json.dumps(data, sort_keys=True)


def _condition(data: Any, path: str) -> Part:
    kind = _kind(data, path, CONDITION_KINDS)
    fields = {"level": (("min",), ()), "position": (("position",), ()), "climax": ((), ("name",)),
              "count": (("player", "zone"), ("min", "max", "filter", "other")), "trait": (("trait",), ()),
              "alarm": ((), ()), "memory": ((), ()), "experience": (("min",), ()), "markers": (("min",), ()),
              "level_area": ((), ()), "power": (("min",), ()), "in_battle": ((), ()),
              "battle_opponent": ((), ("max_level",)), "own_turn": ((), ()), "opponent_turn": ((), ()),
              "other": (("filter",), ()), "top_of_deck": (("filter",), ()), "did": ((), ()),
              "milled": (("filter",), ()), "cancelled": ((), ()), "not_cancelled": ((), ())}[kind]
    schema.obj(data, path, ("kind",) + fields[0], fields[1])
    j = lambda k: schema.join(path, k)  # noqa: E731
    if kind == "level":
        schema.integer(data["min"], j("min"), 0, 3)
    elif kind in ("experience", "markers"):
        schema.integer(data["min"], j("min"), 0, 100)
    elif kind == "power":
        schema.integer(data["min"], j("min"), 0, 100000)
    elif kind == "battle_opponent" and "max_level" in data:
        schema.integer(data["max_level"], j("max_level"), 0, 10)
    elif kind == "position":
        schema.string(data["position"], j("position"), ("center", "back"))
    elif kind in ("other", "top_of_deck", "milled"):  # "when another of your «X» characters is played / attacks":
        # that other character; "if that card (the top card of your deck, revealed) is a level 1 or higher character"
        # (W45); "if that card (put from the top of your deck into your waiting room) is a climax"
        return Part(kind, (("filter", parse_filter(data["filter"], j("filter"))),))
    elif kind == "count":
        schema.string(data["player"], j("player"), ("self", "opponent"))
        schema.string(data["zone"], j("zone"), COUNT_ZONES)
        if data["zone"] == "markers" and data["player"] != "self":
            raise DefinitionError(j("player"), say("the markers counted are those under this card"))
        for k in ("min", "max"):
            if k in data:
                schema.integer(data[k], j(k), 0)
        if "other" in data:  # "if you have 2 or more other «X» characters": this card not counted
            schema.boolean(data["other"], j("other"))
        if "filter" in data:  # those of the filter only; not by power, which a CONT effect it enables would change
            flt = parse_filter(data["filter"], j("filter"))
            if {"max_power", "min_power"} & set(dict(flt)):
                raise DefinitionError(j("filter"), say("a count here does not read the power of the cards"))
            return Part(kind, tuple(sorted(_freeze({k: v for k, v in data.items() if k not in ("kind", "filter")})
                                           + (("filter", flt),))))
    else:
        for k in ("name", "trait"):
            if k in data:
                schema.string(data[k], j(k))
    return Part(kind, _freeze({k: v for k, v in data.items() if k != "kind"}))


def _cost(data: Any, path: str) -> Part:
    kind = _kind(data, path, COST_KINDS)
    counted = kind in ("stock", "discard", "rest_other", "clock_top")
    schema.obj(data, path, ("kind",) + (("count",) if counted else ()), ("filter",) if kind == "discard" else ())
    params = {}
    if counted:
        params["count"] = schema.integer(data["count"], schema.join(path, "count"), 1, 20)
    if "filter" in data:
        params["filter"] = parse_filter(data["filter"], schema.join(path, "filter"))
    return Part(kind, tuple(sorted(params.items())))


def _effect(data: Any, path: str, timing: str) -> Part:
    if isinstance(data, dict) and "if" in data:  # "if <condition>, <effect>": a part active under a condition (8.3.3)
        conds = schema.array(data["if"], schema.join(path, "if"))
        if not conds:
            raise DefinitionError(schema.join(path, "if"), say("a part of an effect active under a condition needs that condition (8.3.3)"))
        for i, c in enumerate(conds):
            _condition(c, schema.join(schema.join(path, "if"), i))
        if timing == "cont":
            raise DefinitionError(schema.join(path, "if"), say("a CONT ability's conditions belong to the whole ability, not to a part of it"))
        inner = _effect({k: v for k, v in data.items() if k != "if"}, path, timing)
        return Part(inner.kind, tuple(sorted(inner.params + (("if", json.dumps(conds, sort_keys=True)),))))
    kind = _kind(data, path, EFFECT_KINDS)
    j = lambda k: schema.join(path, k)  # noqa: E731
    params: dict = {}
    if kind in ("trait", "encore") and isinstance(data.get("filter"), dict) and "max_power" in data["filter"]:
        # a power is read after the changes of no number that give traits and abilities (8.9.1.2-8.9.1.3)
        raise DefinitionError(schema.join(j("filter"), "max_power"), say("a trait or an Encore is not given to characters chosen by their power"))
    if kind == "trait":  # 8.9.1.2: a CONT effect that gives a trait, a change of no number
        schema.obj(data, path, ("kind", "trait", "target"), ("filter",))
        params["trait"] = schema.string(data["trait"], j("trait"))
        params["target"] = schema.string(data["target"], j("target"), CONT_TARGETS)
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if timing != "cont":
            raise DefinitionError(j("kind"), say("a trait is given here only by a CONT ability (8.2.1.2)"))
    elif kind == "encore":  # 10.2.2 given by a CONT effect: "... get 'AUTO Encore [cost]'"
        schema.obj(data, path, ("kind", "cost", "target"), ("filter",))
        costs = schema.array(data["cost"], j("cost"))
        if not costs:
            raise DefinitionError(j("cost"), say("an Encore has a cost (10.2.2)"))
        for i, c in enumerate(costs):
            _cost(c, schema.join(j("cost"), i))
        params["cost"] = json.dumps(costs, sort_keys=True)
        params["target"] = schema.string(data["target"], j("target"), CONT_TARGETS)
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if timing != "cont":
            raise DefinitionError(j("kind"), say("an Encore is given here only by a CONT ability (8.2.1.2)"))
    elif kind == "cannot":  # "this card cannot side attack" (CONT only): it wins over the rules allowing it, 1.3.3
        action = schema.string(data.get("action"), j("action"), CANNOT_ACTIONS + CANNOT_PLAYS)
        if action in CANNOT_PLAYS and (action not in CANNOT_ACTIONS or "player" in data):  # "... cannot play backup"
            schema.obj(data, path, ("kind", "action", "player"), ())
            params["player"] = schema.string(data["player"], j("player"), ("self", "opponent"))
        else:
            schema.obj(data, path, ("kind", "action", "target"), ("filter",))
            params["target"] = schema.string(data["target"], j("target"), CONT_TARGETS)
        params["action"] = action
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if timing != "cont":
            raise DefinitionError(j("kind"), say("a 'cannot' is given here only by a CONT ability (8.2.1.2)"))
    elif kind in ("lose", "win"):  # 1.2.5: "(player) loses / wins the game"
        schema.obj(data, path, ("kind", "player"), ())
        params["player"] = schema.string(data["player"], j("player"), ("self", "opponent"))
        if timing == "cont":
            raise DefinitionError(j("kind"), say("a player wins or loses during the resolution of an effect (1.2.5): not by a CONT ability"))
    elif kind == "look":  # 4.8: "look at (up to) N cards from the top of your deck, choose up to K of them ..."
        schema.obj(data, path, ("kind", "count"), ("up_to", "take", "filter", "rest", "any_order", "player"))
        params["count"] = schema.integer(data["count"], j("count"), 1, 20)
        if "up_to" in data:
            params["up_to"] = schema.boolean(data["up_to"], j("up_to"))
        # "look at the top card of your opponent's deck": their cards go back to their own areas, never to your hand
        if schema.string(data.get("player", "self"), j("player"), ("self", "opponent")) == "opponent":
            params["player"] = "opponent"
            if data.get("take", 0) or data.get("any_order"):
                raise DefinitionError(j("take" if data.get("take", 0) else "any_order"),
                                      say("the cards of your opponent's deck you look at go back where the text "
                                          "says, not into your hand nor in an order you choose"))
        params["take"] = schema.integer(data.get("take", 0 if params.get("player") else 1), j("take"), 0, 20)
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if isinstance(data.get("rest"), (list, tuple)):  # "put it on the top of your deck or into your waiting room" (W43)
            areas = tuple(schema.string(r, schema.join(j("rest"), i), LOOK_REST) for i, r in enumerate(data["rest"]))
            if len(set(areas)) < 2 or "any_order" in data:
                raise DefinitionError(j("rest"), say("a choice of where the cards go names two or three different "
                                                     "places, and puts them back in no chosen order"))
            params["rest"] = areas
        else:
            params["rest"] = schema.string(data.get("rest", "waiting_room"), j("rest"), LOOK_REST)
        if "any_order" in data:  # "put them back on top (at the bottom) of your deck in any order" (3.1.5)
            params["any_order"] = schema.boolean(data["any_order"], j("any_order"))
            if params["rest"] == "waiting_room":
                raise DefinitionError(j("any_order"), say("only the cards put back into the deck are put in any order"))
    elif kind in STAT_EFFECTS:
        cont = timing == "cont"
        schema.obj(data, path, ("kind", "amount", "target") + (() if cont else ("duration",)),
                   ("filter", "per") + (() if cont else ("count", "up_to", "chooser")))
        params["amount"] = schema.integer(data["amount"], j("amount"), -100000, 100000)
        if "per" in data:  # "+500 power for each of your other characters": the amount times a count (W41)
            params["per"] = _per(data["per"], j("per"))
        params["target"] = schema.string(data["target"], j("target"), CONT_TARGETS if cont else TARGETS)
        params.update(_how_many(data, path, params["target"]))
        if not cont:
            params["duration"] = schema.string(data["duration"], j("duration"), DURATIONS)
        if "filter" in data:  # "... your characters with the trait X ...", "choose 1 of your level 1 or lower ..."
            if not cont and not params["target"].startswith("choose_") and params["target"] not in GROUP_TARGETS:
                raise DefinitionError(j("filter"), say("only a target that is chosen has conditions on the card"))
            params["filter"] = parse_filter(data["filter"], j("filter"))
    elif kind == "power_becomes":
        schema.obj(data, path, ("kind", "value", "target", "duration"), ("filter",))
        params["value"] = schema.integer(data["value"], j("value"), -100000, 100000)
        params["target"] = schema.string(data["target"], j("target"), TARGETS)
        params["duration"] = schema.string(data["duration"], j("duration"), DURATIONS)
        if "filter" in data:
            if not params["target"].startswith("choose_") and params["target"] not in GROUP_TARGETS:
                raise DefinitionError(j("filter"), say("only a target that is chosen has conditions on the card"))
            params["filter"] = parse_filter(data["filter"], j("filter"))
    elif kind in COUNT_EFFECTS:
        optional = {"draw": ("up_to", "per"), "salvage": ("filter", "up_to", "to"), "search": ("filter",),
                    "damage": ("player", "per", "equal_to"), "brainstorm": ("per_climax",), "stock_charge": ("per",),
                    "mill": ("player",)}.get(kind, ())
        if "equal_to" in data and kind == "damage":  # "deal X damage, X is that card's level": X read as it resolves
            schema.obj(data, path, ("kind", "equal_to"), ("player",))
            params["equal_to"] = PART_PARSERS["equal_to"](data["equal_to"], j("equal_to"))  # X: no count of its own
        else:
            schema.obj(data, path, ("kind", "count"), optional)
            params["count"] = schema.integer(data["count"], j("count"), 1, 20)
        if "up_to" in data:
            params["up_to"] = schema.boolean(data["up_to"], j("up_to"))
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if "player" in data:
            params["player"] = schema.string(data["player"], j("player"), ("opponent", "self", "each") if kind == "damage"
                                             else ("opponent", "self"))
        if "per_climax" in data:
            params["per_climax"] = schema.string(data["per_climax"], j("per_climax"), PER_CLIMAX)
        if "to" in data:  # "choose 1 character in your waiting room, put it on the top of your deck" (not the hand)
            params["to"] = schema.string(data["to"], j("to"), SALVAGE_TO)
        if "per" in data:  # "deal 1 damage for each ...": the number times a count, counted as it resolves (W41)
            if data.get("up_to"):
                raise DefinitionError(j("per"), say("a number counted is not an 'up to' number here"))
            params["per"] = _per(data["per"], j("per"))
    elif kind == "discard":  # "put N cards from your hand into your waiting room", "your opponent puts ..." (W44)
        schema.obj(data, path, ("kind", "count"), ("up_to", "filter", "player"))
        params["count"] = schema.integer(data["count"], j("count"), 1, 20)
        if "up_to" in data:
            params["up_to"] = schema.boolean(data["up_to"], j("up_to"))
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        params["player"] = schema.string(data.get("player", "self"), j("player"), ("self", "opponent"))
    elif kind == "change":
        schema.obj(data, path, ("kind", "name", "source"), ("exchange",))
        params["name"] = schema.string(data["name"], j("name"))
        params["source"] = schema.string(data["source"], j("source"), ("hand", "waiting_room"))
        if "exchange" in data:  # 10.8.1's second form: this character and the named one change places
            params["exchange"] = schema.boolean(data["exchange"], j("exchange"))
    elif kind == "delayed":
        schema.obj(data, path, ("kind", "at", "effects"), ())
        params["at"] = schema.string(data["at"], j("at"), DELAYED_AT)
        inner = schema.array(data["effects"], j("effects"))
        if not inner:
            raise DefinitionError(j("effects"), say("a delayed ability needs at least one effect"))
        for i, e in enumerate(inner):
            ep = schema.join(j("effects"), i)
            if _effect(e, ep, "act").kind in ("delayed", "change"):
                raise DefinitionError(schema.join(ep, "kind"), say("a delayed ability here cannot create another delayed ability or a change"))
        params["effects"] = json.dumps(inner, sort_keys=True)
        if timing in ("cont", "bond"):
            raise DefinitionError(j("kind"), say("a delayed ability is created by an ability that resolves (8.7.5): not by a CONT ability or a Bond"))
    elif kind in ("put_on_stage", "put_climax"):
        # "put (up to) N characters from your <source> onto any positions of your stage", "put (up to) N climaxes
        # from your <source> into your climax area": all put there at the same time (9.6.2, 9.7.2)
        schema.obj(data, path, ("kind", "source"), ("filter", "up_to", "count") if kind == "put_on_stage"
                   else ("up_to", "count"))
        params.update(source=schema.string(data["source"], j("source"), ("hand", "waiting_room")),
                      up_to=schema.boolean(data.get("up_to", False), j("up_to")),
                      count=schema.integer(data.get("count", 1), j("count"), 1, 5))
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
    elif kind == "move":  # "move <it> to an open position of <its player's> center / back stage" (3.1.4: same card)
        schema.obj(data, path, ("kind", "target", "to"), ("filter",))
        params["target"] = schema.string(data["target"], j("target"), ("self", "opposite", "choose_own_character",
                                                                       "choose_opponent_character", "battle_opponent"))
        params["to"] = schema.string(data["to"], j("to"), MOVE_TO)
        if "filter" in data:
            if not params["target"].startswith("choose_"):
                raise DefinitionError(j("filter"), say("only a target that is chosen has conditions on the card"))
            params["filter"] = parse_filter(data["filter"], j("filter"))
    elif kind == "give_ability":  # "until the end of the turn it gets 'AUTO ...'" (W49; giving.py parses it)
        params.update(PART_PARSERS["give_ability"](data, path, timing))
    elif kind == "reveal":  # the top card of your deck, shown and left there (W45)
        schema.obj(data, path, ("kind",), ())
    elif kind == "marker":
        schema.obj(data, path, ("kind", "count", "source"), ("filter",))
        params["count"] = schema.integer(data["count"], j("count"), 1, 20)
        params["source"] = schema.string(data["source"], j("source"), MARKER_SOURCES)
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if timing in ("event", "cont"):
            raise DefinitionError(j("kind"), say("a marker goes under the character whose ability puts it there (3.7.1): only a character's ability puts one"))
        if timing in ("event", "cont", "bond"):
            raise DefinitionError(j("kind"), say("a Change is the effect of a character's AUTO or ACT ability (10.8.2)"))
    else:
        schema.obj(data, path, ("kind", "target"), ("filter", "count", "up_to", "chooser"))
        params["target"] = schema.string(data["target"], j("target"), TARGETS)
        params.update(_how_many(data, path, params["target"]))
        if "filter" in data:  # "choose 1 of your opponent's level 1 or lower characters" (printed level), "all your
            # opponent's reversed characters"
            if not params["target"].startswith("choose_") and params["target"] not in GROUP_TARGETS:
                raise DefinitionError(j("filter"), say("only a target that is chosen has conditions on the card"))
            params["filter"] = parse_filter(data["filter"], j("filter"))
    if timing == "cont" and kind not in STAT_EFFECTS + ("trait", "encore", "cannot"):
        raise DefinitionError(j("kind"), say("a CONT ability here can only change power, soul or level, give a trait "
                                  "or an Encore, or forbid something (8.2.1.2)"))
    if timing == "cont" and "min_power" in dict(params.get("filter") or ()):
        # the power the effect reads would be the one it gives: 8.9.1.3's example reads "N or less" only (W30)
        raise DefinitionError(schema.join(j("filter"), "min_power"), say("a CONT effect does not choose its characters "
                                                                          "by a power of N or more"))
    if params.get("target") in GROUP_TARGETS + ("front",) and kind not in STAT_EFFECTS + TARGET_EFFECTS + (
            "trait", "power_becomes", "encore", "cannot", "give_ability") or params.get("target") == "front" and kind in TARGET_EFFECTS:
        raise DefinitionError(j("target"), say("this effect needs one target, not a group of characters"))
    return Part(kind, tuple(sorted(params.items())))


def _how_many(data: dict, path: str, target: str) -> dict:
    """"Choose 2 of ...", "choose up to 2 of ..." (8.6.3.1, 8.6.3.1.1): only a chosen target has a number."""
    out = {}
    if "count" in data:
        out["count"] = schema.integer(data["count"], schema.join(path, "count"), 1, 5)
    if "up_to" in data:
        out["up_to"] = schema.boolean(data["up_to"], schema.join(path, "up_to"))
    if "chooser" in data:  # "your opponent chooses 1 of their characters": the other player makes the choice (W35)
        out["chooser"] = schema.string(data["chooser"], schema.join(path, "chooser"), ("self", "opponent"))
    if out and not target.startswith("choose_"):
        raise DefinitionError(schema.join(path, next(k for k in ("count", "up_to", "chooser") if k in data)),
                              say("only a target that is chosen has a number of choices or a player who chooses (8.6.3.1)"))
    return out


def _kind(data: Any, path: str, kinds: tuple[str, ...]) -> str:
    if not isinstance(data, dict):
        raise DefinitionError(path, f"expected an object, got {schema.describe(data)}")
    return schema.string(data.get("kind"), schema.join(path, "kind"), kinds)
