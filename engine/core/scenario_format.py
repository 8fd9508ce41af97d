"""The scenario format's shared part: the envelope, the script, the shared expectations, loading and checking.

``load_scenario`` validates strictly (unknown fields are refused, errors name
the field path).  The envelope (``format``, ``game``, ``metadata``,
``script``, ``expect``), the script items, the expectations about events
(their order and exact counts), decisions and the winner, and ``stop_at``
on the next decision are every game's; the game named by ``"game"`` (a file
naming none is read by the game registered to read such files) supplies,
through its :class:`ScenarioRules`, its own top-level fields (the position),
its other expectation kinds and stop points, and how to check them.  The
runner is engine/core/scenario.py (docs/scenarios.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from . import games, schema
from .errors import DefinitionError

FORMAT = "judgeapp-scenario/2"
# Every version this runner reads: /1 files (before stop_at, decline and the new expectations) load unchanged.
FORMATS = ("judgeapp-scenario/1", FORMAT)
ENVELOPE_FIELDS = ("format", "game", "metadata")
SCRIPT_FIELDS = ("script", "expect", "branches", "history")
# The words a judge reads (title, question, description) are English; "<field>_it" is the same in Italian.
TRANSLATED_METADATA = ("title", "description", "question")
METADATA_LANGUAGES = ("it",)
METADATA_FIELDS = ("title", "description", "playbook", "question", "tags", "clauses", "rules_examples",
                   *(f"{key}_{language}" for key in TRANSLATED_METADATA for language in METADATA_LANGUAGES))

# expectation kind -> (required fields, optional fields), for the kinds every game shares
SHARED_EXPECTATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "winner": (("equals",), ("reason",)),
    # the game is over (or not); a drawn game (both players lose at once) has no winner
    "game_over": (("equals",), ("reason",)),
    "draw": (("equals",), ()),
    "event": ((), ("kind", "citation", "count", "exactly", "absent", "player", "card", "data")),
    "event_order": (("events",), ()),
    "decision": (("kind",), ("player", "includes", "excludes")),
    # every game keeps its players' cards in zones (the zone names, and their check, are the game's);
    # ``type`` counts only the cards of that card type (the game's types: a trigger unit, a climax...)
    "zone_count": (("player", "zone", "count"), ("type",)),
    "card_in": (("card", "zone"), ("player", "position")),
    "card_not_in": (("card", "zone"), ("player",)),
    "zone_order": (("player", "zone"), ("top", "bottom", "equals")),
}
EVENT_MATCH_FIELDS = ("kind", "citation", "player", "card", "data")
SCRIPT_ITEM_KINDS = ("do", "refuse", "decline", "stop_at", "expect")
# Stop points every game understands: the next decision (of a player, of a kind), and ``run_to`` a point the
# game's driver names (engine/core/driver.py): "decision" (wherever the engine next waits: a decision or the
# end of the game), "event", or the end of this step / phase / battle or attack / turn.
SHARED_STOP_FIELDS = ("decision", "run_to")


@dataclass(frozen=True)
class ScenarioRules:
    """A game's part of the scenario format (each game's ``scenario.py``).

    ``top_fields``: the game's top-level fields, in order (``required_fields``
    those a scenario must give); ``expectations``: every expectation kind the
    game accepts (shared ones included) -> (required, optional) fields;
    ``load_position(data)``: the validated initial state, ready to advance;
    ``check_expectation(e, path)``: check the game-specific fields of one
    expectation (DefinitionError naming the field); ``evaluate(e, state,
    events)``: (passed, detail) for one of the game's own kinds.

    Optional (a game without them still plays every other part of the format):
    ``stop_fields`` the game's own ``stop_at`` keys, checked by
    ``check_stop(spec, path)`` and reached when ``stop_reached(spec, state)``;
    ``run_task(state)`` runs exactly one task of the procedure (default: the
    game's ``step``, one event at a time), so a stop point between two tasks
    can be met; ``at_stop(e, state)`` (passed, detail) of an expectation the
    game reads its own way at a stop point where nobody decides (None: as
    anywhere else); ``decline_action`` the answer that declines an optional
    choice; ``initial_events(state)`` events describing the position itself
    (e.g. effects already in force when it starts); ``settled_passes``
    decision kind -> the event kinds that say the rules settled that decision
    as a pass without asking it (nothing to guard with, no unit to boost), so
    a ``decline`` of it written where the rules answered is met.
    """

    top_fields: tuple[str, ...]
    required_fields: tuple[str, ...]
    expectations: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]
    load_position: Callable[[dict], Any]
    check_expectation: Callable[[dict, str], None]
    evaluate: Callable[[dict, Any, list], tuple[bool, str]]
    stop_fields: tuple[str, ...] = ()
    check_stop: Callable[[dict, str], None] | None = None
    stop_reached: Callable[[dict, Any], bool] | None = None
    at_stop: Callable[[dict, Any], tuple[bool, str] | None] | None = None
    run_task: Callable[[Any], tuple[Any, list]] | None = None
    decline_action: Any = None
    initial_events: Callable[[Any], list] | None = None
    settled_passes: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass
class Scenario:
    """A validated scenario: the initial state plus the script and expectations (as data)."""

    name: str
    metadata: dict
    state: Any  # the game's state class
    script: list[dict]
    expect: list[dict]
    source: dict
    game: str | None = None  # the game's slug (None: the game reading files that name no game)


def load_scenario(source: str | Path | dict, name: str | None = None) -> Scenario:
    """Load and validate a scenario from a path, JSON text or parsed dict."""
    if isinstance(source, dict):
        data = source
        md = data.get("metadata")
        title = md.get("title") if isinstance(md, dict) else None
        name = name or (title if isinstance(title, str) else "scenario")
    elif not isinstance(source, (str, Path)):
        raise DefinitionError("", f"expected a scenario object, JSON text or a path, got {schema.describe(source)}")
    else:
        text = source
        if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith(("{", "["))):
            path = Path(source)
            name = name or path.name
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as exc:
                raise DefinitionError("", f"cannot read {path}: {exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DefinitionError("", f"invalid JSON: {exc}") from None
    if not isinstance(data, dict):
        schema.obj(data, "")
    game = games.get(data.get("game"))
    rules = game.scenarios
    schema.obj(data, "", ("format",) + rules.required_fields, ENVELOPE_FIELDS + rules.top_fields + SCRIPT_FIELDS)
    if data["format"] not in FORMATS:
        raise DefinitionError("format", f"expected one of {', '.join(map(repr, FORMATS))}, "
                                        f"got {schema.describe(data['format'])}")
    metadata = schema.obj(data.get("metadata", {}), "metadata", (), METADATA_FIELDS)
    for key in ("playbook", *(k for k in METADATA_FIELDS if k.startswith(TRANSLATED_METADATA))):
        if key in metadata:
            schema.string(metadata[key], f"metadata.{key}")
    for key in ("tags", "clauses"):
        for i, v in enumerate(schema.array(metadata.get(key, []), f"metadata.{key}")):
            schema.string(v, f"metadata.{key}[{i}]")
    # The rules' worked examples the scenario sets up: the clause each follows and its opening words.
    for i, v in enumerate(schema.array(metadata.get("rules_examples", []), "metadata.rules_examples")):
        path = f"metadata.rules_examples[{i}]"
        schema.obj(v, path, ("clause", "opening"))
        schema.string(v["clause"], f"{path}.clause")
        schema.string(v["opening"], f"{path}.opening")
    state = rules.load_position(data)

    script = []
    for i, item in enumerate(schema.array(data.get("script", []), "script")):
        if isinstance(item, dict) and "repeat" in item:
            script.extend(_repeat(item, f"script[{i}]", state.cards, game))
        else:
            script.append(_script_item(item, f"script[{i}]", state.cards, game))
    # Other lines of play from the same position (a sandbox's other branches): checked, not run.
    for b, branch in enumerate(schema.array(data.get("branches", []), "branches")):
        schema.obj(branch, f"branches[{b}]", ("script",), ("script", "note"))
        for i, item in enumerate(schema.array(branch["script"], f"branches[{b}].script")):
            _script_item(item, f"branches[{b}].script[{i}]", state.cards, game)
    if "history" in data:
        _history(data["history"], state.cards, game)
    expect = [_expectation(e, f"expect[{i}]", state.cards, game)
              for i, e in enumerate(schema.array(data.get("expect", []), "expect"))]
    return Scenario(name or "scenario", metadata, state, script, expect, data, game.slug)


#: the most rounds a ``repeat`` item may stand for, and the most items it may hold
REPEAT_MAX_TIMES, REPEAT_MAX_ITEMS = 200, 50


def _repeat(item: dict, path: str, cards: dict, game: games.Game) -> list[dict]:
    """``{"repeat": {"times": N, "script": [...]}}``: the same items N times over, as if written out - a loop's rounds
    played the number of times a player chose to repeat it (12.1.1.2-12.1.1.4). Not nested; only in the main script."""
    schema.obj(item, path, ("repeat",), ("repeat", "note"))
    if "note" in item:
        schema.string(item["note"], schema.join(path, "note"))
    spec = item["repeat"]
    where = schema.join(path, "repeat")
    schema.obj(spec, where, ("times", "script"))
    times = schema.integer(spec["times"], schema.join(where, "times"), 1, REPEAT_MAX_TIMES)
    items = schema.array(spec["script"], schema.join(where, "script"))
    if not items or len(items) > REPEAT_MAX_ITEMS:
        raise DefinitionError(schema.join(where, "script"), f"a repeat holds 1 to {REPEAT_MAX_ITEMS} items")
    one = [_script_item(x, f"{schema.join(where, 'script')}[{j}]", cards, game) for j, x in enumerate(items)]
    return [dict(x) for _ in range(times) for x in one]


def _history(data: Any, cards: dict, game: games.Game) -> None:
    """Every point of a sandbox's history in order (engine.Timeline.points_json): checked, not run."""
    schema.obj(data, "history", ("points",), ("points", "current"))
    points = schema.array(data["points"], "history.points")
    for i, point in enumerate(points):
        path = f"history.points[{i}]"
        schema.obj(point, path, ("parent",), ("parent", "do", "run"))
        schema.integer(point["parent"], schema.join(path, "parent"), 0, i)
        run = point.get("run")
        if run is not None:
            schema.string(run, schema.join(path, "run"))
        if "do" in point:
            _script_item({"do": point["do"]}, path, cards, game)
        elif run is None:
            raise DefinitionError(schema.join(path, "run"), "a point without an action runs the engine to a point")
    if "current" in data:
        schema.integer(data["current"], "history.current", 0, len(points))


def _check_card(value: Any, path: str, cards: dict) -> str:
    cid = schema.string(value, path)
    if cid not in cards:
        raise DefinitionError(path, f"unknown card {cid!r}")
    return cid


def _script_item(item: Any, path: str, cards: dict, game: games.Game) -> dict:
    schema.obj(item, path, (), SCRIPT_ITEM_KINDS + ("clause", "note"))
    keys = [k for k in SCRIPT_ITEM_KINDS if k in item]
    if len(keys) != 1 and keys != ["stop_at", "expect"]:
        raise DefinitionError(path, "a script item has exactly one of do, refuse, decline, stop_at, expect "
                                    "(stop_at may carry expect: the checks made at that point)")
    out: dict = {"note": schema.string(item.get("note", ""), schema.join(path, "note"))}
    if "clause" in item and "refuse" not in item:
        raise DefinitionError(schema.join(path, "clause"), "clause is only valid with refuse")
    if "do" in item or "refuse" in item:
        key = keys[0]
        action = game.action_class.from_json(item[key], schema.join(path, key))
        for arg in ("card", "target", "boost"):
            if isinstance(action.get(arg), str):
                _check_card(action.get(arg), schema.join(schema.join(path, key), arg), cards)
        out[key] = action
        if "clause" in item:
            # one clause, or the set of clauses any of which may govern the refusal
            cpath = schema.join(path, "clause")
            if isinstance(item["clause"], list):
                if not item["clause"]:
                    raise DefinitionError(cpath, "name at least one clause")
                out["clause"] = [schema.string(c, schema.join(cpath, i)) for i, c in enumerate(item["clause"])]
            else:
                out["clause"] = schema.string(item["clause"], cpath)
    if "decline" in item:
        if game.scenarios.decline_action is None:
            raise DefinitionError(schema.join(path, "decline"), "this game has no optional choices to decline")
        out["decline"] = schema.string(item["decline"], schema.join(path, "decline"))
    if "stop_at" in item:
        out["stop_at"] = _stop_point(item["stop_at"], schema.join(path, "stop_at"), game)
    if "expect" in item:
        out["expect"] = [_expectation(e, f"{path}.expect[{i}]", cards, game)
                         for i, e in enumerate(schema.array(item["expect"], schema.join(path, "expect")))]
    return out


def _stop_point(spec: Any, path: str, game: games.Game) -> dict:
    """A named point of the procedure: {"decision": {...}} or the game's own fields (phase, step, turn...)."""
    rules = game.scenarios
    spec = dict(schema.obj(spec, path, (), SHARED_STOP_FIELDS + rules.stop_fields))  # the game may rewrite its copy
    if not spec:
        raise DefinitionError(path, "name the point to stop at (" + ", ".join(SHARED_STOP_FIELDS + rules.stop_fields)
                              + ")")
    if "run_to" in spec:
        if set(spec) != {"run_to"}:
            raise DefinitionError(path, "run_to is a stop point of its own: give no other field with it")
        names = ("decision", "event") + tuple(p.name for p in game.points)
        schema.string(spec["run_to"], schema.join(path, "run_to"), names)
    elif "decision" in spec:
        if set(spec) != {"decision"}:
            raise DefinitionError(path, "decision is a stop point of its own: give no other field with it")
        decision = schema.obj(spec["decision"], schema.join(path, "decision"), (), ("player", "kind"))
        if "player" in decision:
            schema.integer(decision["player"], schema.join(schema.join(path, "decision"), "player"), 0)
        if "kind" in decision:
            schema.string(decision["kind"], schema.join(schema.join(path, "decision"), "kind"))
    elif rules.check_stop is not None:
        rules.check_stop(spec, path)
    return dict(spec)


def describe_stop(spec: dict) -> str:
    if "run_to" in spec:
        return "the next decision or the end of the game" if spec["run_to"] == "decision" else (
            "the next event" if spec["run_to"] == "event" else f"the end of this {spec['run_to']}")
    if "decision" in spec:
        d = spec["decision"]
        who = f" of player {d['player']}" if "player" in d else ""
        return f"the next {d.get('kind', '')} decision{who}".replace("next  decision", "next decision")
    return ", ".join(f"{k} {v}" for k, v in spec.items())


def _expectation(e: Any, path: str, cards: dict, game: games.Game) -> dict:
    if not isinstance(e, dict) or "expect" not in e:
        raise DefinitionError(path, "expected an object with an 'expect' kind")
    expectations = game.scenarios.expectations
    kind = schema.string(e["expect"], schema.join(path, "expect"), tuple(expectations))
    req, opt = expectations[kind]
    schema.obj(e, path, ("expect",) + req, opt + ("note",))
    j = lambda k: schema.join(path, k)  # noqa: E731
    for key in ("card", "mate"):
        if key in e:
            _check_card(e[key], j(key), cards)
    game.scenarios.check_expectation(e, path)
    if kind == "winner" and e["equals"] is not None:
        schema.integer(e["equals"], j("equals"), 0, 1)
    if kind in ("game_over", "draw"):
        schema.boolean(e["equals"], j("equals"))
    if kind == "zone_order":
        check_zone_order(e, path)
    if "type" in e:
        schema.string(e["type"], j("type"))
    if "position" in e:
        schema.integer(e["position"], j("position"), 0)
    if "data" in e:
        _event_data(e["data"], j("data"))
    if kind == "event" and not ({"kind", "citation"} & set(e)):
        raise DefinitionError(path, "an event expectation needs kind and/or citation")
    if kind == "event":
        for key in ("count", "exactly"):
            if key in e:
                schema.integer(e[key], j(key), 0)
        if len({"count", "exactly", "absent"} & set(e)) > 1:
            raise DefinitionError(path, "give at most one of count (at least), exactly, absent")
    if kind == "event_order":
        matchers = schema.array(e["events"], j("events"))
        if len(matchers) < 2:
            raise DefinitionError(j("events"), "an order needs at least two events")
        for i, m in enumerate(matchers):
            mpath = schema.join(j("events"), i)
            schema.obj(m, mpath, (), EVENT_MATCH_FIELDS)
            if not ({"kind", "citation"} & set(m)):
                raise DefinitionError(mpath, "an event in an order needs kind and/or citation")
            for key in ("kind", "citation"):
                if key in m:
                    schema.string(m[key], schema.join(mpath, key))
            if "player" in m:
                schema.integer(m["player"], schema.join(mpath, "player"), 0)
            if "card" in m:
                _check_card(m["card"], schema.join(mpath, "card"), cards)
            if "data" in m:
                _event_data(m["data"], schema.join(mpath, "data"))
    for key in ("includes", "excludes"):
        if key in e:
            game.action_class.from_json(e[key], j(key))
    return dict(e)


def _event_data(data: Any, path: str) -> None:
    """An event's fields to match (docs/scenarios.md lists each kind's): names to JSON values."""
    if not isinstance(data, dict):
        raise DefinitionError(path, f"expected an object, got {schema.describe(data)}")
    if not data:
        raise DefinitionError(path, "name at least one field of the event")


def clauses_of(item: dict) -> tuple[str, ...]:
    """The clauses a ``refuse`` item accepts as the governing one (one clause, or a list of them)."""
    clause = item.get("clause")
    return () if clause is None else (clause,) if isinstance(clause, str) else tuple(clause)


def check_template(name: str, template: Any, card_fields: tuple[str, ...], card_class: type, probe: dict) -> None:
    """Validate a template's fields eagerly (an unused template with a wrong field is still an error).

    ``probe`` is the least card of the game (its required fields) the template is laid over.
    """
    path = f"templates.{name}"
    schema.obj(template, path, (), card_fields)
    if "id" in template:
        raise DefinitionError(schema.join(path, "id"), "a template has no id (give it on the card entry)")
    card_class.from_json({**probe, **template}, path, owner=0)


def read_board(data: dict, state_class: Any, template_check: Callable[[str, Any], None],
               read_player: Callable[[Any, int, Any, dict], None], players: int = 2) -> Any:
    """The fields every game's position has: seed, templates and its players' cards, in a new state.

    The state's card locations are built; where the game stands (its turn, phase...) is the game's to read.
    """
    seed = schema.integer(data.get("seed", 0), "seed", 0)
    templates = data.get("templates", {})
    if not isinstance(templates, dict):
        raise DefinitionError("templates", f"expected an object, got {schema.describe(templates)}")
    for template_name, template in templates.items():
        template_check(template_name, template)
    entries = schema.array(data["players"], "players")
    if len(entries) != players:
        raise DefinitionError("players", f"expected exactly {players} players, got {len(entries)}")
    state = state_class.empty({}, seed)
    for player, player_data in enumerate(entries):
        read_player(state, player, player_data, templates)
    state.rebuild_locations()
    return state


def check_place_fields(e: dict, path: str, zones: tuple[str, ...]) -> None:
    """Check the player and zone an expectation names, when it names them."""
    if "player" in e:
        schema.integer(e["player"], schema.join(path, "player"), 0, 1)
    if "zone" in e:
        schema.string(e["zone"], schema.join(path, "zone"), zones)


def zone_count_holds(e: dict, state: Any) -> tuple[bool, str]:
    """(passed, detail) of a ``zone_count`` expectation (of one card type when ``type`` is given)."""
    cards = state.zones[e["player"]][e["zone"]]
    if "type" in e:
        cards = [c for c in cards if state.cards[c].type == e["type"]]
    actual = len(cards)
    return actual == e["count"], f"actual {actual}"


def check_zone_order(e: dict, path: str) -> None:
    """A ``zone_order`` names exactly one of top, bottom, equals (lists of card ids)."""
    given = [k for k in ("top", "bottom", "equals") if k in e]
    if len(given) != 1:
        raise DefinitionError(path, "give exactly one of top, bottom, equals (lists of card ids)")
    for i, v in enumerate(schema.array(e[given[0]], schema.join(path, given[0]))):
        schema.string(v, schema.join(schema.join(path, given[0]), i))


def place_holds(e: dict, state: Any) -> tuple[bool, str]:
    """(passed, detail) of ``card_in`` (at a ``position``, first = 0, when given), ``card_not_in``, ``zone_order``."""
    kind = e["expect"]
    if kind == "zone_order":
        cards = state.zones[e["player"]][e["zone"]]
        if "top" in e:
            ok = cards[:len(e["top"])] == e["top"]
        elif "bottom" in e:
            ok = len(cards) >= len(e["bottom"]) and cards[len(cards) - len(e["bottom"]):] == e["bottom"]
        else:
            ok = cards == e["equals"]
        return ok, f"actual {cards} (first = top)"
    there, p, zone = card_place(e, state)
    if kind == "card_not_in":
        return not there, f"in player {p}'s {zone}"
    at = state.zones[p][zone].index(e["card"])
    if "position" in e:
        there = there and at == e["position"]
    return there, f"actually in player {p}'s {zone} at {at}"


def card_place(e: dict, state: Any) -> tuple[bool, int, str]:
    """Whether the expectation's card is in its zone (of its player, when one is named), and where the card is."""
    p, zone = state.loc[e["card"]]
    return zone == e["zone"] and ("player" not in e or p == e["player"]), p, zone
