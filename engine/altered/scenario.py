"""Altered's part of the scenario format: the position (day, phase, track, players, expeditions) and expectations.

The envelope, script, shared expectations and runner are engine/core/scenario.py;
docs/scenarios.md ("Altered") describes every field.
"""

from __future__ import annotations

from typing import Any

from ..core import schema
from ..core.cards import entry_cards, entry_data
from ..core.errors import DefinitionError
from ..core.events import Event
from ..core.scenario import SHARED_EXPECTATIONS, ScenarioRules, card_place, check_place_fields, check_template, read_board
from ..core.text import say
from .abilities import DURATIONS, STAT_NAMES, STATUSES
from .actions import ALL_ZONES, EXPEDITIONS, ZONES, Action
from .cards import CARD_FIELDS, KEYWORDS, STATS, Card
from .day import agenda_at, limits
from .state import PHASES, GameState, Modifier

TOP_FIELDS = ("seed", "day", "phase", "first_player", "to_act", "passed", "tiebreak", "track", "templates", "players",
              "modifiers", "dice", "random_cards")
REQUIRED_FIELDS = ("players",)
PLAYER_FIELDS = tuple(z for z in ZONES if z != "limbo") + EXPEDITIONS + ("hero_at", "companion_at")
ENTRY_EXTRA = ("template", "count", "status", "boost", "counters", "entered")
STOP_FIELDS = ("phase", "day", "to_act")

EXPECTATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    **SHARED_EXPECTATIONS,
    "card_in": (("card", "zone"), ("player",)),
    "stat": (("card", "stat", "equals"), ()),
    "expedition_stat": (("player", "expedition", "stat", "equals"), ()),
    "region": (("player", "expedition", "equals"), ()),
    "status": (("card", "status"), ("absent",)),
    "boost": (("card", "equals"), ()),
    "counters": (("card", "name", "equals"), ()),
    "ready_mana": (("player", "equals"), ()),
    "position": ((), ("day", "phase", "to_act", "first_player", "tiebreak")),
    "passed": (("player", "equals"), ()),
    "exists": (("card",), ("absent",)),
    "keyword": (("card", "keyword"), ("absent",)),  # "does it have Defender now?": printed or given (2.3.1.j)
    "subtype": (("card", "subtype"), ("absent",)),  # "is it an Elemental now?" (2.3.2.e)
    "region_type": (("player", "expedition", "type"), ("absent",)),  # "is my region a Forest now?" (2.2.2.p)
    "limit": (("player", "zone", "equals"), ()),  # "what is my Reserve limit now?" (2.2.11, 4.2.5.d)
    "tough": (("card", "equals"), ()),  # "what Resistente does it have now?" (7.4.5; 0: none, or not in play)
}


def load_position(data: dict) -> GameState:
    """The initial state of an Altered scenario (top-level fields already checked by name)."""
    phase = schema.string(data.get("phase", "afternoon"), "phase", PHASES)
    state = read_board(data, GameState, _check_template, _read_player)
    state.day = schema.integer(data.get("day", 1 if phase in ("setup", "noon") else 2), "day", 1, 1000)
    state.phase = phase
    state.first_player = schema.integer(data.get("first_player", 0), "first_player", 0, 1)
    state.tiebreak = schema.boolean(data.get("tiebreak", False), "tiebreak")
    # 7.3.13.a: the results of the dice the game will roll, in order (the judge's question says them); the seeded
    # PRNG rolls the ones not given
    state.dice = [schema.integer(r, f"dice[{i}]", 1, 6)
                  for i, r in enumerate(schema.array(data.get("dice", []), "dice"))]
    # 3.2.5.c: the cards the picks at random take, in order, as the judge's ruling names them ("the card taken at
    # random is X"); the seeded PRNG takes the others (step_kinds.at_random)
    state.at_random = [schema.string(c, f"random_cards[{i}]")
                       for i, c in enumerate(schema.array(data.get("random_cards", []), "random_cards"))]
    for i, card_id in enumerate(state.at_random):
        if card_id not in state.cards:
            raise DefinitionError(f"random_cards[{i}]", say("the card taken at random is one of the scenario's "
                                                            "cards, named by its identifier"))
    if "track" in data:
        track = schema.array(data["track"], "track")
        if len(track) != 8:
            raise DefinitionError("track", say("the adventure has eight regions (3.2.1.b)"))
        state.track = []
        for i, region in enumerate(track):
            r = schema.obj(region, f"track[{i}]", ("types",), ("types", "revealed"))
            types = [schema.string(t, f"track[{i}].types", STATS) for t in schema.array(r["types"], f"track[{i}].types")]
            state.track.append({"types": types, "revealed": schema.boolean(r.get("revealed", True),
                                                                             f"track[{i}].revealed")})
    for i, m in enumerate(schema.array(data.get("modifiers", []), "modifiers")):
        path = f"modifiers[{i}]"
        schema.obj(m, path, ("card", "stat", "amount", "duration"))
        if m["card"] not in state.cards or state.loc[m["card"]][1] not in EXPEDITIONS:
            raise DefinitionError(schema.join(path, "card"), say("a statistic changes only on a character in an expedition"))
        state.modifiers.append(Modifier(state.tick(), m["card"], schema.string(m["stat"], schema.join(path, "stat"),
                                                                               STAT_NAMES),
                                        schema.integer(m["amount"], schema.join(path, "amount"), -99, 99),
                                        schema.string(m["duration"], schema.join(path, "duration"), DURATIONS),
                                        "scenario"))
    mid = phase == "afternoon" and ("to_act" in data or "passed" in data)
    if mid:
        state.to_act = schema.integer(data.get("to_act", state.first_player), "to_act", 0, 1)
        passed = schema.array(data.get("passed", [False, False]), "passed")
        if len(passed) != 2:
            raise DefinitionError("passed", say("give one value for each of the two players"))
        state.passed = [schema.boolean(v, f"passed[{i}]") for i, v in enumerate(passed)]
        if state.passed[state.to_act] and not all(state.passed):
            raise DefinitionError("to_act", say("a player who has passed takes no more turns this day (1.3.2.d)"))
    if phase == "setup":
        for p in (0, 1):
            if any(state.zones[p][z] for z in ALL_ZONES if z not in ("deck", "hero")):
                raise DefinitionError(f"players[{p}]", say("a board at set-up holds only each player's deck and hero (4.1)"))
        state.first_player = data.get("first_player")
    state.agenda = agenda_at(state, phase, mid)
    if phase == "setup":
        state.first_player = state.first_player or 0
    return state


def _read_player(state: GameState, player: int, data: Any, templates: dict) -> None:
    path = f"players[{player}]"
    schema.obj(data, path, (), PLAYER_FIELDS)
    for zone in PLAYER_FIELDS[:-2]:
        for i, entry in enumerate(schema.array(data.get(zone, []), f"{path}.{zone}")):
            state.zones[player][zone].extend(_entry_cards(state, entry, f"{path}.{zone}[{i}]", player, zone, i,
                                                          templates))
    if len(state.zones[player]["hero"]) > 1 or any(state.cards[c].type != "hero" for c in state.zones[player]["hero"]):
        raise DefinitionError(f"{path}.hero", say("the Hero zone holds at most one hero (3.2.6.b)"))
    for zone in EXPEDITIONS:
        for c in state.zones[player][zone]:
            if state.cards[c].type not in ("character", "token"):
                raise DefinitionError(f"{path}.{zone}", say("only characters are in an expedition (5.1.2.e)"))
    state.hero_at[player] = schema.integer(data.get("hero_at", 0), f"{path}.hero_at", 0, 7)
    state.companion_at[player] = schema.integer(data.get("companion_at", 7), f"{path}.companion_at", 0, 7)
    for region in (state.hero_at[player], state.companion_at[player]):
        state.track[region] = {**state.track[region], "revealed": True}


def _check_template(name: str, template: Any) -> None:
    check_template(name, template, CARD_FIELDS, Card, {"id": "template", "name": "template", "type": "character"})


def _entry_cards(state: GameState, entry: Any, path: str, p: int, zone: str, index: int, templates: dict) -> list[str]:
    entry, data, count = entry_data(entry, path, templates, CARD_FIELDS, ENTRY_EXTRA)
    statuses = [schema.string(s, schema.join(path, "status"), STATUSES)
                for s in schema.array(entry.get("status", []), schema.join(path, "status"))]
    if statuses and zone in ("deck", "hand"):
        raise DefinitionError(schema.join(path, "status"), say("cards in hidden zones have no status (2.4.1.g)"))
    boost = schema.integer(entry.get("boost", 0), schema.join(path, "boost"), 0, 99)
    named = entry.get("counters", {})
    if not isinstance(named, dict) or "boost" in named:
        raise DefinitionError(schema.join(path, "counters"), say("named counters are written as a name and a number each, boost counters apart"))
    counts = {k: schema.integer(v, schema.join(schema.join(path, "counters"), k), 1, 99) for k, v in named.items()}
    counts.update({"boost": boost} if boost else {})
    # 2.2.14.b-c: when an object in play entered it, as the ruling tells it ("Lithium's landmark came first"): its
    # timestamp, which orders the passive abilities (2.3.1.m); objects without one entered before any numbered one
    entered = None
    if "entered" in entry:
        entered = schema.integer(entry["entered"], schema.join(path, "entered"), 1, 999)
        if zone not in ("hero", "landmarks") + EXPEDITIONS:
            raise DefinitionError(schema.join(path, "entered"), say(
                "only an object in play has a timestamp that orders its passive abilities (2.2.14.b, 3.1.4.a)"))

    def each(card: Card) -> None:
        if entered is not None:
            state.since[card.id] = entered
        for s in statuses:
            getattr(state, s).add(card.id)
        if counts:
            state.counters[card.id] = dict(counts)
        if card.type == "token" and zone not in EXPEDITIONS:
            raise DefinitionError(path, say("a token exists only in the expeditions (2.1.d)"))

    return entry_cards(data, count, path, p, zone, index, Card.from_json, state.cards, each)


def check_expectation(e: dict, path: str) -> None:
    """Check the Altered fields of one expectation."""
    check_place_fields(e, path, ALL_ZONES)
    j = lambda k: schema.join(path, k)  # noqa: E731
    if "stat" in e:
        schema.string(e["stat"], j("stat"), STATS)
    if "expedition" in e:
        schema.string(e["expedition"], j("expedition"), ("hero", "companion"))
    if "status" in e:
        schema.string(e["status"], j("status"), STATUSES)
    if "phase" in e:
        schema.string(e["phase"], j("phase"), PHASES)
    if "keyword" in e:
        schema.string(e["keyword"], j("keyword"), KEYWORDS)
    if "type" in e:
        schema.string(e["type"], j("type"), STATS)
    if e.get("expect") == "limit":  # a hero's limits are of these two zones only (2.2.11, 2.2.12)
        schema.string(e["zone"], j("zone"), ("reserve", "landmarks"))
    if "subtype" in e:
        schema.string(e["subtype"], j("subtype"))
    for key in ("absent",):
        if key in e:
            schema.boolean(e[key], j(key))


def _holds(actual, expected) -> tuple[bool, str]:
    return actual == expected, f"actual {actual}"


def evaluate(e: dict, state: GameState, events: list[Event]) -> tuple[bool, str]:
    """(passed, detail) for one Altered expectation."""
    kind = e["expect"]
    if kind == "card_in":
        if e["card"] not in state.loc:
            return False, "the object no longer exists"
        ok, p, zone = card_place(e, state)
        return ok, f"actually in player {p}'s {zone}"
    if kind == "exists":
        there = e["card"] in state.loc
        return there != bool(e.get("absent")), "it exists" if there else "it does not exist"
    if kind == "stat":
        return _holds(state.stat(e["card"], e["stat"]), e["equals"])
    if kind == "expedition_stat":
        return _holds(state.expedition_stats(e["player"], f"{e['expedition']}_expedition")[e["stat"]], e["equals"])
    if kind == "region":
        at = state.hero_at if e["expedition"] == "hero" else state.companion_at
        return _holds(at[e["player"]], e["equals"])
    if kind == "status":
        has = e["card"] in getattr(state, e["status"])
        return has != bool(e.get("absent")), "it has it" if has else "it does not have it"
    if kind == "boost":
        return _holds(state.boosts(e["card"]), e["equals"])
    if kind == "keyword":
        if e["card"] not in state.loc:
            return False, "the object no longer exists"
        has = state.has(e["card"], e["keyword"])
        return has != bool(e.get("absent")), "it has it" if has else "it does not have it"
    if kind in ("subtype", "region_type"):
        return _has_type(e, state)
    if kind == "tough":
        return _holds(state.tough(e["card"]) if e["card"] in state.loc else 0, e["equals"])
    if kind == "limit":
        return _holds(limits(state, e["player"])[0 if e["zone"] == "reserve" else 1], e["equals"])
    if kind == "counters":
        return _holds(state.counters.get(e["card"], {}).get(e["name"], 0), e["equals"])
    if kind == "ready_mana":
        return _holds(len(state.ready_mana(e["player"])), e["equals"])
    if kind == "passed":
        return _holds(state.passed[e["player"]], e["equals"])
    if kind == "position":
        actual = {k: getattr(state, k) for k in ("day", "phase", "to_act", "first_player", "tiebreak")}
        return all(actual[k] == e[k] for k in actual if k in e), f"actual {actual}"
    return False, "unknown expectation"


def _has_type(e: dict, state: GameState) -> tuple[bool, str]:
    """A card's subtype or the subtype of the region an expedition is on, as passive abilities leave them."""
    if e["expect"] == "region_type":
        at = (state.hero_at if e["expedition"] == "hero" else state.companion_at)[e["player"]]
        types, wanted = state.region_types(at), e["type"]
    else:
        if e["card"] not in state.loc:
            return False, "the object no longer exists"
        view = state.view()
        types = view.subtypes[e["card"]] if view is not None and e["card"] in view.subtypes else \
            state.cards[e["card"]].subtypes
        wanted = e["subtype"]
    has = wanted in types
    return has != bool(e.get("absent")), f"actually {', '.join(sorted(types)) or 'none'}"


def check_stop(spec: dict, path: str) -> None:
    if "phase" in spec:
        schema.string(spec["phase"], schema.join(path, "phase"), PHASES)
    for key in ("day", "to_act"):
        if key in spec:
            schema.integer(spec[key], schema.join(path, key), 0)


def stop_reached(spec: dict, state: GameState) -> bool:
    return all(getattr(state, k) == v for k, v in spec.items())


RULES = ScenarioRules(TOP_FIELDS, REQUIRED_FIELDS, EXPECTATIONS, load_position, check_expectation, evaluate,
                      stop_fields=STOP_FIELDS, check_stop=check_stop, stop_reached=stop_reached,
                      decline_action=Action.make("pass"),
                      # 1.2.5.c: a cost that cannot be paid in full is not asked about; "decline" meets its event
                      settled_passes={"internal": ("cannot_pay",), "reaction_cost": ("cannot_pay",)})
