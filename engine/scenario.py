"""Scenarios: a JSON position, a script of answers, and expectations (docs/scenarios.md).

``load_scenario`` validates strictly (unknown fields are refused, errors name
the field path); ``run_scenario`` plays the script and checks expectations.
Run from a shell without Django: ``python -m engine.scenario FILE... [--json]``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import schema
from .actions import ALL_ZONES, CIRCLES, REAR_GUARD_CIRCLES, ZONES, Action
from .cards import CARD_FIELDS, Card
from .errors import DefinitionError, IllegalActionError
from .events import Event
from .game import position_at
from .rules import advance, apply, power, stat
from .state import GameState

FORMAT = "judgeapp-scenario/1"
TOP_FIELDS = ("format", "metadata", "seed", "turn", "turn_player", "first_player", "phase", "templates", "players",
              "script", "expect", "branches")
METADATA_FIELDS = ("title", "description", "playbook", "question", "tags", "clauses")
FIELD_KEYS = CIRCLES + ("legion_mate",)
PLAYER_FIELDS = ZONES + ("field",)
ENTRY_EXTRA = ("template", "count", "rested", "face_down", "locked", "deleted")
SCENARIO_PHASES = ("setup", "stand", "draw", "ride", "main", "battle", "end")

# expectation kind -> (required fields, optional fields)
EXPECTATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "zone_count": (("player", "zone", "count"), ()),
    "card_in": (("card", "zone"), ("player",)),
    "power": (("card", "equals"), ()),
    "critical": (("card", "equals"), ()),
    "damage": (("player", "count"), ()),
    "hit": (("equals",), ("battle",)),
    "winner": (("equals",), ("reason",)),
    "event": ((), ("kind", "citation", "count", "absent")),
    "decision": (("kind",), ("player", "includes", "excludes")),
    "phase": (("phase",), ("step", "turn", "turn_player")),
    "rested": (("card", "equals"), ()),
    "face_down": (("card", "equals"), ()),
    "legion": (("card", "equals"), ("mate",)),
}


@dataclass
class Scenario:
    """A validated scenario: the initial state plus the script and expectations (as data)."""

    name: str
    metadata: dict
    state: GameState
    script: list[dict]
    expect: list[dict]
    source: dict


@dataclass
class Check:
    label: str
    passed: bool
    detail: str = ""


@dataclass
class ScenarioResult:
    name: str
    checks: list[Check] = field(default_factory=list)
    state: GameState | None = None
    events: list[Event] = field(default_factory=list)
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.error is None and all(c.passed for c in self.checks)

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "passed": self.passed,
            "error": self.error,
            "checks": [{"label": c.label, "passed": c.passed, "detail": c.detail} for c in self.checks],
            "state": self.state.to_dict() if self.state else None,
            "events": [e.to_json() for e in self.events],
        }


# ---------------------------------------------------------------- loading
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
    schema.obj(data, "", ("format", "players"), TOP_FIELDS)
    if data["format"] != FORMAT:
        raise DefinitionError("format", f"expected {FORMAT!r}, got {schema.describe(data['format'])}")
    metadata = schema.obj(data.get("metadata", {}), "metadata", (), METADATA_FIELDS)
    for key in ("title", "description", "playbook", "question"):
        if key in metadata:
            schema.string(metadata[key], f"metadata.{key}")
    for key in ("tags", "clauses"):
        for i, v in enumerate(schema.array(metadata.get(key, []), f"metadata.{key}")):
            schema.string(v, f"metadata.{key}[{i}]")
    seed = schema.integer(data.get("seed", 0), "seed", 0)
    turn = schema.integer(data.get("turn", 1), "turn", 1)
    turn_player = schema.integer(data.get("turn_player", 0), "turn_player", 0, 1)
    first_player = schema.integer(data.get("first_player", 0), "first_player", 0, 1)
    phase = schema.string(data.get("phase", "main"), "phase", SCENARIO_PHASES)
    templates = data.get("templates", {})
    if not isinstance(templates, dict):
        raise DefinitionError("templates", f"expected an object, got {schema.describe(templates)}")
    for tname, tmpl in templates.items():
        _check_template(tname, tmpl)
    players = schema.array(data["players"], "players")
    if len(players) != 2:
        raise DefinitionError("players", f"expected exactly 2 players, got {len(players)}")

    cards: dict[str, Card] = {}
    zones: list[dict[str, list[str]]] = [{z: [] for z in ALL_ZONES} for _ in range(2)]
    rested: set[str] = set()
    face_down: set[str] = set()
    locked: set[str] = set()
    deleted: set[str] = set()
    legion: dict[str, str] = {}
    for p, pdata in enumerate(players):
        ppath = f"players[{p}]"
        schema.obj(pdata, ppath, (), PLAYER_FIELDS)
        for zone in ZONES:
            for i, entry in enumerate(schema.array(pdata.get(zone, []), f"{ppath}.{zone}")):
                for cid in _entry_cards(entry, f"{ppath}.{zone}[{i}]", p, zone, i, templates, cards, rested, face_down):
                    zones[p][zone].append(cid)
        fld = schema.obj(pdata.get("field", {}), f"{ppath}.field", (), FIELD_KEYS)
        for circle in CIRCLES:
            if circle not in fld:
                continue
            value = fld[circle]
            entries = value if (circle == "guardian" and isinstance(value, list)) else [value]
            for i, entry in enumerate(entries):
                path = f"{ppath}.field.{circle}" + (f"[{i}]" if circle == "guardian" else "")
                ids = _entry_cards(entry, path, p, circle, i, templates, cards, rested, face_down, locked, deleted)
                if len(ids) != 1:
                    raise DefinitionError(path, "a circle holds exactly one card here (no count)")
                zones[p][circle].extend(ids)
        if "legion_mate" in fld:
            path = f"{ppath}.field.legion_mate"
            if not zones[p]["vanguard"]:
                raise DefinitionError(path, "a Legion Mate needs a vanguard (its Legion Leader) (10.27.1)")
            ids = _entry_cards(fld["legion_mate"], path, p, "vanguard", 1, templates, cards, rested, face_down, locked,
                               deleted)
            if len(ids) != 1:
                raise DefinitionError(path, "a circle holds exactly one card here (no count)")
            leader, mate = zones[p]["vanguard"][0], ids[0]
            if (leader in rested) != (mate in rested):
                raise DefinitionError(schema.join(path, "rested"),
                                      "a Legion Mate has the orientation of its Legion Leader (10.27.1, 10.27.10)")
            zones[p]["vanguard"].insert(0, mate)  # 10.27.1: put to the left of the vanguard
            legion[leader] = mate
    state = GameState.empty(cards, seed)
    state.zones = zones
    try:
        state.rebuild_locations()
    except DefinitionError:
        raise
    state.rested = rested
    state.face_down = face_down
    state.locked = locked
    state.deleted = deleted
    state.legion = legion
    for p in (0, 1):
        for circle in CIRCLES:
            for cid in zones[p][circle]:
                state.placed_at[cid] = state.tick()
    state.turn, state.turn_player, state.first_player = turn, turn_player, first_player
    if phase == "setup":
        vgs = []
        for p in (0, 1):
            if any(zones[p][z] for z in ALL_ZONES if z != "deck"):
                raise DefinitionError(f"players[{p}]", "a 'setup' scenario lists only decks (5.4)")
            vg = next((c for c in zones[p]["deck"] if cards[c].grade == 0), None)
            if vg is None:
                raise DefinitionError(f"players[{p}].deck", "no grade 0 card for the first vanguard (5.4.3)")
            vgs.append(vg)
        state.agenda = [{"t": "setup", "vanguards": vgs, "first_player": first_player}]
    else:
        for p in (0, 1):
            if not zones[p]["vanguard"]:
                raise DefinitionError(f"players[{p}].field.vanguard", "a vanguard is required")
        position_at(state, phase)

    script = []
    for i, item in enumerate(schema.array(data.get("script", []), "script")):
        script.append(_script_item(item, f"script[{i}]", cards))
    # Other lines of play from the same position (a sandbox's other branches): checked, not run.
    for b, branch in enumerate(schema.array(data.get("branches", []), "branches")):
        schema.obj(branch, f"branches[{b}]", ("script",), ("script", "note"))
        for i, item in enumerate(schema.array(branch["script"], f"branches[{b}].script")):
            _script_item(item, f"branches[{b}].script[{i}]", cards)
    expect = [_expectation(e, f"expect[{i}]", cards) for i, e in enumerate(schema.array(data.get("expect", []), "expect"))]
    return Scenario(name or "scenario", metadata, state, script, expect, data)


def _check_template(tname: str, tmpl: Any) -> None:
    """Validate a template's fields eagerly (an unused template with a wrong field is still an error)."""
    path = f"templates.{tname}"
    schema.obj(tmpl, path, (), CARD_FIELDS)
    if "id" in tmpl:
        raise DefinitionError(schema.join(path, "id"), "a template has no id (give it on the card entry)")
    probe = {"id": "template", "name": "template", "grade": 0, "power": 0}
    probe.update(tmpl)
    Card.from_json(probe, path, owner=0)


def _entry_cards(entry: Any, path: str, p: int, zone: str, index: int, templates: dict, cards: dict,
                 rested: set, face_down: set, locked: set | None = None, deleted: set | None = None) -> list[str]:
    if isinstance(entry, str):
        entry = {"template": entry}
    if not isinstance(entry, dict):
        raise DefinitionError(path, f"expected a template name or a card object, got {schema.describe(entry)}")
    for key in entry:
        if key not in ENTRY_EXTRA and key not in ("id", "name", "grade", "power", "shield", "critical", "trigger",
                                                   "clan", "nation", "race", "type", "keywords", "abilities"):
            raise DefinitionError(schema.join(path, key), "unknown field")
    data: dict = {}
    if "template" in entry:
        tname = schema.string(entry["template"], schema.join(path, "template"))
        if tname not in templates:
            raise DefinitionError(schema.join(path, "template"), f"unknown template {tname!r}")
        tmpl = templates[tname]
        if not isinstance(tmpl, dict):
            raise DefinitionError(f"templates.{tname}", f"expected an object, got {schema.describe(tmpl)}")
        data.update(tmpl)
    data.update({k: v for k, v in entry.items() if k not in ENTRY_EXTRA})
    count = schema.integer(entry.get("count", 1), schema.join(path, "count"), 1, 60)
    base_id = data.get("id") or f"p{p}-{zone}-{index}"
    ids = []
    for n in range(count):
        d = dict(data)
        d["id"] = base_id if count == 1 else f"{base_id}-{n}"
        card = Card.from_json(d, path, owner=p)
        if card.id in cards:
            raise DefinitionError(schema.join(path, "id"), f"duplicate card id {card.id!r}")
        cards[card.id] = card
        if schema.boolean(entry.get("rested", False), schema.join(path, "rested")):
            rested.add(card.id)
        # 4.11.4: the G zone is face down unless said otherwise.
        if schema.boolean(entry.get("face_down", zone == "gzone"), schema.join(path, "face_down")):
            face_down.add(card.id)
        if schema.boolean(entry.get("locked", False), schema.join(path, "locked")):
            if zone not in REAR_GUARD_CIRCLES or locked is None:
                raise DefinitionError(schema.join(path, "locked"), "only a card on a rear-guard circle can be locked (10.24)")
            locked.add(card.id)
            face_down.add(card.id)
        if schema.boolean(entry.get("deleted", False), schema.join(path, "deleted")):
            if zone not in CIRCLES or zone == "guardian" or locked is None:
                raise DefinitionError(schema.join(path, "deleted"), "only a vanguard or rear-guard can be deleted (10.26)")
            deleted.add(card.id)
            face_down.add(card.id)
        ids.append(card.id)
    return ids


def _check_card(value: Any, path: str, cards: dict) -> str:
    cid = schema.string(value, path)
    if cid not in cards:
        raise DefinitionError(path, f"unknown card {cid!r}")
    return cid


def _script_item(item: Any, path: str, cards: dict) -> dict:
    schema.obj(item, path, (), ("do", "refuse", "clause", "expect", "note"))
    keys = [k for k in ("do", "refuse", "expect") if k in item]
    if len(keys) != 1:
        raise DefinitionError(path, "a script item has exactly one of do, refuse, expect")
    out: dict = {"note": schema.string(item.get("note", ""), schema.join(path, "note"))}
    if "clause" in item and "refuse" not in item:
        raise DefinitionError(schema.join(path, "clause"), "clause is only valid with refuse")
    if "do" in item or "refuse" in item:
        key = keys[0]
        action = Action.from_json(item[key], schema.join(path, key))
        if action.card is not None:
            _check_card(action.card, schema.join(schema.join(path, key), "card"), cards)
        out[key] = action
        if "clause" in item:
            out["clause"] = schema.string(item["clause"], schema.join(path, "clause"))
    else:
        out["expect"] = [_expectation(e, f"{path}.expect[{i}]", cards)
                         for i, e in enumerate(schema.array(item["expect"], schema.join(path, "expect")))]
    return out


def _expectation(e: Any, path: str, cards: dict) -> dict:
    if not isinstance(e, dict) or "expect" not in e:
        raise DefinitionError(path, "expected an object with an 'expect' kind")
    kind = schema.string(e["expect"], schema.join(path, "expect"), tuple(EXPECTATIONS))
    req, opt = EXPECTATIONS[kind]
    schema.obj(e, path, ("expect",) + req, opt + ("note",))
    j = lambda k: schema.join(path, k)  # noqa: E731
    for key in ("card", "mate"):
        if key in e:
            _check_card(e[key], j(key), cards)
    if "player" in e:
        schema.integer(e["player"], j("player"), 0, 1)
    if "zone" in e:
        schema.string(e["zone"], j("zone"), ALL_ZONES)
    if "count" in e:
        schema.integer(e["count"], j("count"), 0)
    if kind in ("power", "critical"):
        schema.integer(e["equals"], j("equals"), -1000000)
    if kind in ("hit", "rested", "face_down", "legion"):
        schema.boolean(e["equals"], j("equals"))
    if kind == "winner" and e["equals"] is not None:
        schema.integer(e["equals"], j("equals"), 0, 1)
    if kind == "event" and not ({"kind", "citation"} & set(e)):
        raise DefinitionError(path, "an event expectation needs kind and/or citation")
    for key in ("includes", "excludes"):
        if key in e:
            Action.from_json(e[key], j(key))
    return dict(e)


# ---------------------------------------------------------------- running
def _describe(e: dict) -> str:
    parts = [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in e.items() if k not in ("expect", "note")]
    return f"{e['expect']}({', '.join(parts)})"


def evaluate(e: dict, state: GameState, events: list[Event]) -> Check:
    """Check one expectation against a state and the events so far."""
    kind = e["expect"]
    label = _describe(e)
    try:
        if kind == "zone_count":
            actual = len(state.zones[e["player"]][e["zone"]])
            return Check(label, actual == e["count"], f"actual {actual}")
        if kind == "card_in":
            p, zone = state.loc[e["card"]]
            ok = zone == e["zone"] and ("player" not in e or p == e["player"])
            return Check(label, ok, f"actually in player {p}'s {zone}")
        if kind == "power":
            actual = power(state, e["card"])
            return Check(label, actual == e["equals"], f"actual {actual}")
        if kind == "critical":
            actual = stat(state, e["card"], "critical")
            return Check(label, actual == e["equals"], f"actual {actual}")
        if kind == "damage":
            actual = len(state.zones[e["player"]]["damage"])
            return Check(label, actual == e["count"], f"actual {actual}")
        if kind == "hit":
            hits = [ev for ev in events if ev.kind in ("hit", "no_hit") and "hit" in ev.data
                    and ("battle" not in e or ev.data.get("battle") == e["battle"])]
            hits += [ev for ev in events if ev.kind == "no_hit" and "hit" not in ev.data and "battle" not in e]
            if not hits:
                return Check(label, False, "no battle was resolved")
            last = hits[-1]
            actual = last.kind == "hit"
            return Check(label, actual == e["equals"], last.text)
        if kind == "winner":
            out = state.outcome
            actual = None if out is None else out.get("winner")
            ok = actual == e["equals"] and ("reason" not in e or (out or {}).get("reason") == e["reason"])
            return Check(label, ok, f"outcome {out}")
        if kind == "event":
            found = [ev for ev in events if ("kind" not in e or ev.kind == e["kind"])
                     and ("citation" not in e or ev.cites(e["citation"]))]
            if e.get("absent"):
                return Check(label, not found, f"{len(found)} matching event(s)")
            need = e.get("count", 1)
            return Check(label, len(found) >= need, f"{len(found)} matching event(s)")
        if kind == "decision":
            dec = state.pending
            if dec is None:
                return Check(label, False, "no decision is pending")
            ok = dec.kind == e["kind"] and ("player" not in e or dec.player == e["player"])
            if "includes" in e:
                ok = ok and Action.from_json(e["includes"]) in dec.options
            if "excludes" in e:
                ok = ok and Action.from_json(e["excludes"]) not in dec.options
            return Check(label, ok, f"pending {dec.kind} for player {dec.player} ({len(dec.options)} options)")
        if kind == "phase":
            ok = state.phase == e["phase"] and ("step" not in e or state.step == e["step"])
            ok = ok and ("turn" not in e or state.turn == e["turn"]) and (
                "turn_player" not in e or state.turn_player == e["turn_player"])
            return Check(label, ok, f"turn {state.turn}, player {state.turn_player}, {state.phase}/{state.step}")
        if kind == "rested":
            actual = e["card"] in state.rested
            return Check(label, actual == e["equals"], f"actual {actual}")
        if kind == "face_down":
            actual = e["card"] in state.face_down
            return Check(label, actual == e["equals"], f"actual {actual}")
        if kind == "legion":
            mate = state.legion.get(e["card"])
            actual = mate is not None and ("mate" not in e or mate == e["mate"])
            return Check(label, actual == e["equals"], f"Legion Mate {mate}")
    except (KeyError, IndexError) as exc:
        return Check(label, False, f"cannot evaluate: {exc}")
    return Check(label, False, "unknown expectation")


def run_scenario(scenario: Scenario | str | Path | dict) -> ScenarioResult:
    """Play a scenario's script and check its expectations."""
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    result = ScenarioResult(scenario.name)
    state, events = advance(scenario.state)
    log = list(events)
    for i, item in enumerate(scenario.script):
        note = f" ({item['note']})" if item.get("note") else ""
        if "expect" in item:
            for e in item["expect"]:
                c = evaluate(e, state, log)
                c.label = f"script[{i}] {c.label}{note}"
                result.checks.append(c)
            continue
        if "refuse" in item:
            action = item["refuse"]
            label = f"script[{i}] refused {action}{note}"
            try:
                apply(state, action)
            except IllegalActionError as exc:
                ok = "clause" not in item or (exc.citation is not None and exc.citation.number == item["clause"])
                got = exc.citation.number if exc.citation else None
                result.checks.append(Check(label, ok, f"{exc.reason} [{got}]"))
                continue
            result.checks.append(Check(label, False, "the action was accepted"))
            continue
        action = item["do"]
        try:
            state, ev = apply(state, action)
        except IllegalActionError as exc:
            result.error = f"script[{i}] {action} was refused: {exc}"
            break
        log.extend(ev)
        state, ev = advance(state)
        log.extend(ev)
    if result.error is None:
        for e in scenario.expect:
            result.checks.append(evaluate(e, state, log))
    result.state = state
    result.events = log
    return result


def format_result(result: ScenarioResult) -> str:
    lines = [f"{'PASS' if result.passed else 'FAIL'} {result.name}"]
    if result.error:
        lines.append(f"  ERROR {result.error}")
    for c in result.checks:
        lines.append(f"  {'pass' if c.passed else 'FAIL'} {c.label}" + (f" -- {c.detail}" if not c.passed else ""))
    return "\n".join(lines)


def main(argv: list[str] | None = None, out=sys.stdout) -> int:
    """CLI: run scenario files; print each expectation; non-zero exit if any fails."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m engine.scenario", description=__doc__)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--json", action="store_true", help="print results, final states and event logs as JSON")
    args = parser.parse_args(argv)
    return run_files(args.files, args.json, out)


def run_files(files: list[str], as_json: bool, out) -> int:
    failed = 0
    results = []
    for f in files:
        try:
            result = run_scenario(load_scenario(Path(f)))
        except DefinitionError as exc:
            result = ScenarioResult(Path(f).name, error=f"invalid scenario: {exc}")
        failed += not result.passed
        results.append(result)
        if not as_json:
            print(format_result(result), file=out)
    if as_json:
        print(json.dumps([r.to_json() for r in results], ensure_ascii=False, indent=1), file=out)
    else:
        print(f"{len(results) - failed}/{len(results)} scenario(s) passed", file=out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
