"""Scenarios: a JSON position, a script of answers, and expectations (docs/scenarios.md).

``load_scenario`` validates strictly (unknown fields are refused, errors name
the field path); ``run_scenario`` plays the script and checks expectations.
Run from a shell without Django: ``python -m engine.scenario FILE... [--json]``.

This module is the part every game shares: the file format's envelope
(``format``, ``game``, ``metadata``, ``script``, ``expect``), the script, the
expectations about events, decisions and the winner, and the runner.  The
game named by ``"game"`` (default ``"vanguard"``) supplies, through its
:class:`ScenarioRules`, its own top-level fields (the position), its other
expectation kinds and how to check them.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from . import games, schema
from .errors import DefinitionError, IllegalActionError
from .events import Event

FORMAT = "judgeapp-scenario/1"
ENVELOPE_FIELDS = ("format", "game", "metadata")
SCRIPT_FIELDS = ("script", "expect")
METADATA_FIELDS = ("title", "description", "playbook", "question", "tags", "clauses")

# expectation kind -> (required fields, optional fields), for the kinds every game shares
SHARED_EXPECTATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "winner": (("equals",), ("reason",)),
    "event": ((), ("kind", "citation", "count", "absent")),
    "decision": (("kind",), ("player", "includes", "excludes")),
}


@dataclass(frozen=True)
class ScenarioRules:
    """A game's part of the scenario format (engine/vanguard/scenario.py for Vanguard).

    ``top_fields``: the game's top-level fields, in order (``required_fields``
    those a scenario must give); ``expectations``: every expectation kind the
    game accepts (shared ones included) -> (required, optional) fields;
    ``load_position(data)``: the validated initial state, ready to advance;
    ``check_expectation(e, path)``: check the game-specific fields of one
    expectation (DefinitionError naming the field); ``evaluate(e, state,
    events)``: (passed, detail) for one of the game's own kinds.
    """

    top_fields: tuple[str, ...]
    required_fields: tuple[str, ...]
    expectations: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]
    load_position: Callable[[dict], Any]
    check_expectation: Callable[[dict, str], None]
    evaluate: Callable[[dict, Any, list], tuple[bool, str]]


@dataclass
class Scenario:
    """A validated scenario: the initial state plus the script and expectations (as data)."""

    name: str
    metadata: dict
    state: Any  # the game's state class
    script: list[dict]
    expect: list[dict]
    source: dict
    game: str = games.DEFAULT_GAME


@dataclass
class Check:
    label: str
    passed: bool
    detail: str = ""


@dataclass
class ScenarioResult:
    name: str
    checks: list[Check] = field(default_factory=list)
    state: Any = None
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
    if not isinstance(data, dict):
        schema.obj(data, "")
    game = games.get(data.get("game"))
    rules = game.scenarios
    schema.obj(data, "", ("format",) + rules.required_fields, ENVELOPE_FIELDS + rules.top_fields + SCRIPT_FIELDS)
    if data["format"] != FORMAT:
        raise DefinitionError("format", f"expected {FORMAT!r}, got {schema.describe(data['format'])}")
    metadata = schema.obj(data.get("metadata", {}), "metadata", (), METADATA_FIELDS)
    for key in ("title", "description", "playbook", "question"):
        if key in metadata:
            schema.string(metadata[key], f"metadata.{key}")
    for key in ("tags", "clauses"):
        for i, v in enumerate(schema.array(metadata.get(key, []), f"metadata.{key}")):
            schema.string(v, f"metadata.{key}[{i}]")
    state = rules.load_position(data)

    script = []
    for i, item in enumerate(schema.array(data.get("script", []), "script")):
        script.append(_script_item(item, f"script[{i}]", state.cards, game))
    expect = [_expectation(e, f"expect[{i}]", state.cards, game)
              for i, e in enumerate(schema.array(data.get("expect", []), "expect"))]
    return Scenario(name or "scenario", metadata, state, script, expect, data, game.slug)


def _check_card(value: Any, path: str, cards: dict) -> str:
    cid = schema.string(value, path)
    if cid not in cards:
        raise DefinitionError(path, f"unknown card {cid!r}")
    return cid


def _script_item(item: Any, path: str, cards: dict, game: games.Game) -> dict:
    schema.obj(item, path, (), ("do", "refuse", "clause", "expect", "note"))
    keys = [k for k in ("do", "refuse", "expect") if k in item]
    if len(keys) != 1:
        raise DefinitionError(path, "a script item has exactly one of do, refuse, expect")
    out: dict = {"note": schema.string(item.get("note", ""), schema.join(path, "note"))}
    if "clause" in item and "refuse" not in item:
        raise DefinitionError(schema.join(path, "clause"), "clause is only valid with refuse")
    if "do" in item or "refuse" in item:
        key = keys[0]
        action = game.action_class.from_json(item[key], schema.join(path, key))
        if action.card is not None:
            _check_card(action.card, schema.join(schema.join(path, key), "card"), cards)
        out[key] = action
        if "clause" in item:
            out["clause"] = schema.string(item["clause"], schema.join(path, "clause"))
    else:
        out["expect"] = [_expectation(e, f"{path}.expect[{i}]", cards, game)
                         for i, e in enumerate(schema.array(item["expect"], schema.join(path, "expect")))]
    return out


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
    if kind == "event" and not ({"kind", "citation"} & set(e)):
        raise DefinitionError(path, "an event expectation needs kind and/or citation")
    for key in ("includes", "excludes"):
        if key in e:
            game.action_class.from_json(e[key], j(key))
    return dict(e)


# ---------------------------------------------------------------- running
def _describe(e: dict) -> str:
    parts = [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in e.items() if k not in ("expect", "note")]
    return f"{e['expect']}({', '.join(parts)})"


def evaluate(e: dict, state: Any, events: list[Event], game: games.Game | None = None) -> Check:
    """Check one expectation against a state and the events so far."""
    game = game or games.for_state(state)
    kind = e["expect"]
    label = _describe(e)
    try:
        if kind in SHARED_EXPECTATIONS:
            passed, detail = _evaluate_shared(e, state, events, game)
        else:
            passed, detail = game.scenarios.evaluate(e, state, events)
    except (KeyError, IndexError) as exc:
        return Check(label, False, f"cannot evaluate: {exc}")
    return Check(label, passed, detail)


def _evaluate_shared(e: dict, state: Any, events: list[Event], game: games.Game) -> tuple[bool, str]:
    kind = e["expect"]
    if kind == "winner":
        out = state.outcome
        actual = None if out is None else out.get("winner")
        ok = actual == e["equals"] and ("reason" not in e or (out or {}).get("reason") == e["reason"])
        return ok, f"outcome {out}"
    if kind == "event":
        found = [ev for ev in events if ("kind" not in e or ev.kind == e["kind"])
                 and ("citation" not in e or ev.cites(e["citation"]))]
        if e.get("absent"):
            return not found, f"{len(found)} matching event(s)"
        need = e.get("count", 1)
        return len(found) >= need, f"{len(found)} matching event(s)"
    decision = state.pending
    if decision is None:
        return False, "no decision is pending"
    ok = decision.kind == e["kind"] and ("player" not in e or decision.player == e["player"])
    if "includes" in e:
        ok = ok and game.action_class.from_json(e["includes"]) in decision.options
    if "excludes" in e:
        ok = ok and game.action_class.from_json(e["excludes"]) not in decision.options
    return ok, f"pending {decision.kind} for player {decision.player} ({len(decision.options)} options)"


def run_scenario(scenario: Scenario | str | Path | dict) -> ScenarioResult:
    """Play a scenario's script and check its expectations."""
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    game = games.get(scenario.game)
    result = ScenarioResult(scenario.name)
    state, events = game.advance(scenario.state)
    log = list(events)
    for i, item in enumerate(scenario.script):
        note = f" ({item['note']})" if item.get("note") else ""
        if "expect" in item:
            for e in item["expect"]:
                c = evaluate(e, state, log, game)
                c.label = f"script[{i}] {c.label}{note}"
                result.checks.append(c)
            continue
        if "refuse" in item:
            action = item["refuse"]
            label = f"script[{i}] refused {action}{note}"
            try:
                game.apply(state, action)
            except IllegalActionError as exc:
                ok = "clause" not in item or (exc.citation is not None and exc.citation.number == item["clause"])
                got = exc.citation.number if exc.citation else None
                result.checks.append(Check(label, ok, f"{exc.reason} [{got}]"))
                continue
            result.checks.append(Check(label, False, "the action was accepted"))
            continue
        action = item["do"]
        try:
            state, ev = game.apply(state, action)
        except IllegalActionError as exc:
            result.error = f"script[{i}] {action} was refused: {exc}"
            break
        log.extend(ev)
        state, ev = game.advance(state)
        log.extend(ev)
    if result.error is None:
        for e in scenario.expect:
            result.checks.append(evaluate(e, state, log, game))
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
