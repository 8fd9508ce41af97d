"""Scenarios: a JSON position, a script of answers, and expectations (docs/scenarios.md).

``load_scenario`` validates strictly (unknown fields are refused, errors name
the field path); ``run_scenario`` plays the script and checks expectations,
reporting every problem of the script (a refused answer, a stop point never
reached, an action after the game ended) as a failed check, never raising.
Run from a shell without Django: ``python -m engine.scenario FILE... [--json]``.

This module is the part every game shares: the file format's envelope
(``format``, ``game``, ``metadata``, ``script``, ``expect``), the script, the
expectations about events (their order and exact counts), decisions and the
winner, the ``stop_at`` machinery and the runner.  The
game named by ``"game"`` (a file naming none is read by the game registered to
read such files) supplies, through its
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
from .errors import DefinitionError, GameOverError, IllegalActionError
from .events import Event

FORMAT = "judgeapp-scenario/2"
# Every version this runner reads: /1 files (before stop_at, decline and the new expectations) load unchanged.
FORMATS = ("judgeapp-scenario/1", FORMAT)
ENVELOPE_FIELDS = ("format", "game", "metadata")
SCRIPT_FIELDS = ("script", "expect", "branches")
METADATA_FIELDS = ("title", "description", "playbook", "question", "tags", "clauses")

# expectation kind -> (required fields, optional fields), for the kinds every game shares
SHARED_EXPECTATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "winner": (("equals",), ("reason",)),
    "event": ((), ("kind", "citation", "count", "exactly", "absent", "player", "card")),
    "event_order": (("events",), ()),
    "decision": (("kind",), ("player", "includes", "excludes")),
}
EVENT_MATCH_FIELDS = ("kind", "citation", "player", "card")
SCRIPT_ITEM_KINDS = ("do", "refuse", "decline", "stop_at", "expect")
# Stop points every game understands: the next decision (of a player, of a kind).
SHARED_STOP_FIELDS = ("decision",)
MAX_STOP_TASKS = 100_000


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
    can be met; ``decline_action`` the answer that declines an optional
    choice; ``initial_events(state)`` events describing the position itself
    (e.g. effects already in force when it starts).
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
    run_task: Callable[[Any], tuple[Any, list]] | None = None
    decline_action: Any = None
    initial_events: Callable[[Any], list] | None = None


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
    # every refusal met (action, reason, citation) and every decision asked, for citation coverage and display
    refusals: list[dict] = field(default_factory=list)
    decisions: list[Any] = field(default_factory=list)

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
            "refusals": list(self.refusals),
        }

    def cited_numbers(self) -> set[str]:
        """Every clause number cited by an event, a refusal or a decision of this run."""
        out = {c.number for e in self.events for c in e.citations}
        out |= {r["citation"]["number"] for r in self.refusals if r.get("citation")}
        out |= {c["number"] for r in self.refusals for c in r.get("related", ())}
        out |= {d.citation.number for d in self.decisions if d.citation is not None}
        return out


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
    if data["format"] not in FORMATS:
        raise DefinitionError("format", f"expected one of {', '.join(map(repr, FORMATS))}, "
                                        f"got {schema.describe(data['format'])}")
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
    # Other lines of play from the same position (a sandbox's other branches): checked, not run.
    for b, branch in enumerate(schema.array(data.get("branches", []), "branches")):
        schema.obj(branch, f"branches[{b}]", ("script",), ("script", "note"))
        for i, item in enumerate(schema.array(branch["script"], f"branches[{b}].script")):
            _script_item(item, f"branches[{b}].script[{i}]", state.cards, game)
    expect = [_expectation(e, f"expect[{i}]", state.cards, game)
              for i, e in enumerate(schema.array(data.get("expect", []), "expect"))]
    return Scenario(name or "scenario", metadata, state, script, expect, data, game.slug)


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
            out["clause"] = schema.string(item["clause"], schema.join(path, "clause"))
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
    schema.obj(spec, path, (), SHARED_STOP_FIELDS + rules.stop_fields)
    if not spec:
        raise DefinitionError(path, "name the point to stop at (" + ", ".join(SHARED_STOP_FIELDS + rules.stop_fields)
                              + ")")
    if "decision" in spec:
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
    except Exception as exc:  # a check that cannot be made fails; it never raises out of the runner
        return Check(label, False, f"cannot evaluate: {type(exc).__name__}: {exc}")
    return Check(label, passed, detail)


def _event_matches(ev: Event, m: dict) -> bool:
    return (("kind" not in m or ev.kind == m["kind"]) and ("citation" not in m or ev.cites(m["citation"]))
            and ("player" not in m or ev.player == m["player"]) and ("card" not in m or ev.data.get("card") == m["card"]))


def _evaluate_shared(e: dict, state: Any, events: list[Event], game: games.Game) -> tuple[bool, str]:
    kind = e["expect"]
    if kind == "winner":
        out = state.outcome
        actual = None if out is None else out.get("winner")
        ok = actual == e["equals"] and ("reason" not in e or (out or {}).get("reason") == e["reason"])
        return ok, f"outcome {out}"
    if kind == "event":
        found = [ev for ev in events if _event_matches(ev, e)]
        detail = f"{len(found)} matching event(s)"
        if e.get("absent"):
            return not found, detail
        if "exactly" in e:
            return len(found) == e["exactly"], detail
        return len(found) >= e.get("count", 1), detail
    if kind == "event_order":
        position = 0
        for n, m in enumerate(e["events"]):
            at = next((i for i in range(position, len(events)) if _event_matches(events[i], m)), None)
            if at is None:
                earlier = any(_event_matches(ev, m) for ev in events[:position])
                where = "only before the previous one" if earlier else "nowhere in the log"
                return False, f"events[{n}] {json.dumps(m, ensure_ascii=False)} found {where}"
            position = at + 1
        return True, "in order"
    decision = state.pending
    if decision is None:
        return False, "no decision is pending"
    ok = decision.kind == e["kind"] and ("player" not in e or decision.player == e["player"])
    if "includes" in e:
        ok = ok and game.action_class.from_json(e["includes"]) in decision.options
    if "excludes" in e:
        ok = ok and game.action_class.from_json(e["excludes"]) not in decision.options
    return ok, f"pending {decision.kind} for player {decision.player} ({len(decision.options)} options)"


class _Run:
    """One run of a script: the state, the log, and where the script stands.

    After a ``do`` the game is advanced lazily, just before the next item, so
    that a ``stop_at`` can instead walk the procedure task by task to a point
    where nobody decides.  ``at_stop``: the script stands at a stop point, and
    ``expect``/``refuse`` items are checked there, without advancing.
    """

    def __init__(self, scenario: Scenario, game: games.Game):
        self.game = game
        self.rules = game.scenarios
        self.result = ScenarioResult(scenario.name)
        self.state = scenario.state
        self.log: list[Event] = list(self.rules.initial_events(self.state)) if self.rules.initial_events else []
        self.at_stop = False
        self.advanced = False

    def check(self, label: str, passed: bool, detail: str = "") -> None:
        self.result.checks.append(Check(label, passed, detail))

    def advance(self) -> bool:
        """Advance to the next decision unless the script stands at a stop point; False if the engine failed."""
        if self.at_stop or self.advanced:
            return True
        try:
            self.state, events = self.game.advance(self.state)
        except Exception as exc:  # an engine failure is reported, never raised (docs/scenarios.md)
            self.check("advance to the next decision", False, f"engine error: {type(exc).__name__}: {exc}")
            return False
        self.log.extend(events)
        self._note_decision()
        self.advanced = True
        return True

    def _note_decision(self) -> None:
        pending = getattr(self.state, "pending", None)
        if pending is not None and (not self.result.decisions or self.result.decisions[-1] is not pending):
            self.result.decisions.append(pending)

    def expectations(self, items: list[dict], prefix: str, note: str = "") -> None:
        for e in items:
            c = evaluate(e, self.state, self.log, self.game)
            c.label = f"{prefix}{c.label}{note}"
            self.result.checks.append(c)

    def refuse(self, item: dict, label: str) -> None:
        try:
            self.game.apply(self.state, item["refuse"])
        except IllegalActionError as exc:
            got = exc.citation.number if exc.citation else None
            self.result.refusals.append({"action": item["refuse"].to_json(), **exc.to_json()})
            ok = "clause" not in item or got == item["clause"]
            self.check(label, ok, f"{exc.reason} [{got}]")
            return
        except GameOverError as exc:
            self.check(label, "clause" not in item, f"{exc} [no clause]")
            return
        except Exception as exc:
            self.check(label, False, f"engine error: {type(exc).__name__}: {exc}")
            return
        self.check(label, False, "the action was accepted")

    def do(self, action: Any, label: str) -> bool:
        """Apply an answer or a judge action; False (with a failed check) if it could not be applied."""
        if self.at_stop and not action.is_judge and getattr(self.state, "pending", None) is None:
            self.at_stop = False  # a player answers the next decision: run on to it first
            if not self.advance():
                return False
        try:
            new, events = self.game.apply(self.state, action)
        except IllegalActionError as exc:
            self.check(label, False, f"refused: {exc.reason} [{exc.citation.number if exc.citation else None}]")
            return False
        except GameOverError as exc:
            self.check(label, False, f"{exc}: no action can be taken after the game ended")
            return False
        except Exception as exc:
            self.check(label, False, f"engine error: {type(exc).__name__}: {exc}")
            return False
        self.state = new
        self.log.extend(events)
        self.at_stop = self.advanced = False
        return True

    def stop_at(self, spec: dict) -> tuple[bool, str]:
        """Walk the procedure to the stop point; (reached, detail)."""
        run_task = self.rules.run_task or self.game.step
        for _ in range(MAX_STOP_TASKS):
            if self._reached(spec):
                self._note_decision()
                return True, "reached"
            state = self.state
            if state.outcome:
                return False, f"the game ended first ({state.outcome})"
            if state.pending is not None:
                return False, (f"a {state.pending.kind} decision of player {state.pending.player} comes first: "
                               "answer it before this stop point")
            if not state.agenda:
                return False, "the procedure ended first"
            try:
                self.state, events = run_task(state)
            except Exception as exc:
                return False, f"engine error: {type(exc).__name__}: {exc}"
            self.log.extend(events)
        return False, "not reached (runaway procedure)"

    def _reached(self, spec: dict) -> bool:
        if "decision" in spec:
            d, pending = spec["decision"], self.state.pending
            return pending is not None and all(getattr(pending, k) == v for k, v in d.items())
        return bool(self.rules.stop_reached and self.rules.stop_reached(spec, self.state))


def run_scenario(scenario: Scenario | str | Path | dict) -> ScenarioResult:
    """Play a scenario's script and check its expectations.

    Every problem of the script is a failed check: an answer refused, a stop
    point not reached, an action after the game ended, an engine failure.  The
    script stops at the first such item; the final expectations are then
    reported as not checked.
    """
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    game = games.get(scenario.game)
    run = _Run(scenario, game)
    stopped_at = None
    for i, item in enumerate(scenario.script):
        note = f" ({item['note']})" if item.get("note") else ""
        if "stop_at" in item:
            reached, detail = run.stop_at(item["stop_at"])
            run.check(f"script[{i}] stop at {describe_stop(item['stop_at'])}{note}", reached, detail)
            if not reached:
                stopped_at = i
                break
            run.at_stop, run.advanced = True, True
            run.expectations(item.get("expect", []), f"script[{i}] ", note)
            continue
        if not run.advance():
            stopped_at = i
            break
        if "expect" in item:
            run.expectations(item["expect"], f"script[{i}] ", note)
        elif "refuse" in item:
            run.refuse(item, f"script[{i}] refused {item['refuse']}{note}")
        elif "decline" in item:
            if not _decline(run, item["decline"], f"script[{i}] decline {item['decline']}{note}"):
                stopped_at = i
                break
        elif not run.do(item["do"], f"script[{i}] {item['do']}{note}"):
            stopped_at = i
            break
    if stopped_at is None and run.advance():
        run.expectations(scenario.expect, "")
    elif scenario.expect:
        where = f"script[{stopped_at}]" if stopped_at is not None else "the last item"
        run.check("expect", False, f"not checked: the script could not go on after {where}")
    run.result.state, run.result.events = run.state, run.log
    return run.result


def _decline(run: _Run, kind: str, label: str) -> bool:
    """Decline the pending optional choice of that kind (the game's decline answer)."""
    pending = run.state.pending
    if pending is None or pending.kind != kind:
        actual = f"a {pending.kind} decision" if pending is not None else "no decision"
        run.check(label, False, f"{actual} is pending, not a {kind} decision")
        return False
    return run.do(run.rules.decline_action, label)


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


def check_template(name: str, template: Any, card_fields: tuple[str, ...], card_class: type, probe: dict) -> None:
    """Validate a template's fields eagerly (an unused template with a wrong field is still an error).

    ``probe`` is the least card of the game (its required fields) the template is laid over.
    """
    path = f"templates.{name}"
    schema.obj(template, path, (), card_fields)
    if "id" in template:
        raise DefinitionError(schema.join(path, "id"), "a template has no id (give it on the card entry)")
    card_class.from_json({**probe, **template}, path, owner=0)


@dataclass
class Position:
    """A scenario's initial state with its cards placed, and where in the turn it starts."""

    state: Any
    turn: int
    turn_player: int
    first_player: int
    phase: str


def read_position(data: dict, state_class: Any, phases: tuple[str, ...], default_turn: int,
                  template_check: Callable[[str, Any], None],
                  read_player: Callable[[Any, int, Any, dict], None]) -> Position:
    """The fields every game's position has: seed, turn, players, first player, phase, templates, cards.

    The state's card locations are built; the turn fields are read but not yet set,
    for a game may place cards (and take time stamps) before.
    """
    seed = schema.integer(data.get("seed", 0), "seed", 0)
    turn = schema.integer(data.get("turn", default_turn), "turn", 1)
    turn_player = schema.integer(data.get("turn_player", 0), "turn_player", 0, 1)
    first_player = schema.integer(data.get("first_player", 0), "first_player", 0, 1)
    phase = schema.string(data.get("phase", "main"), "phase", phases)
    templates = data.get("templates", {})
    if not isinstance(templates, dict):
        raise DefinitionError("templates", f"expected an object, got {schema.describe(templates)}")
    for template_name, template in templates.items():
        template_check(template_name, template)
    players = schema.array(data["players"], "players")
    if len(players) != 2:
        raise DefinitionError("players", f"expected exactly 2 players, got {len(players)}")
    state = state_class.empty({}, seed)
    for player, player_data in enumerate(players):
        read_player(state, player, player_data, templates)
    state.rebuild_locations()
    return Position(state, turn, turn_player, first_player, phase)


def check_place_fields(e: dict, path: str, zones: tuple[str, ...]) -> None:
    """Check the player and zone an expectation names, when it names them."""
    if "player" in e:
        schema.integer(e["player"], schema.join(path, "player"), 0, 1)
    if "zone" in e:
        schema.string(e["zone"], schema.join(path, "zone"), zones)


def zone_count_holds(e: dict, state: Any) -> tuple[bool, str]:
    """(passed, detail) of a ``zone_count`` expectation."""
    actual = len(state.zones[e["player"]][e["zone"]])
    return actual == e["count"], f"actual {actual}"


def card_place(e: dict, state: Any) -> tuple[bool, int, str]:
    """Whether the expectation's card is in its zone (of its player, when one is named), and where the card is."""
    p, zone = state.loc[e["card"]]
    return zone == e["zone"] and ("player" not in e or p == e["player"]), p, zone
