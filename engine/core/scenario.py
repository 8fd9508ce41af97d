"""Scenarios: a JSON position, a script of answers, and expectations (docs/scenarios.md); the runner.

``run_scenario`` plays the script and checks expectations, reporting every
problem of the script (a refused answer, a stop point never reached, an
action after the game ended) as a failed check, never raising.  Run from a
shell without Django: ``python -m engine.scenario FILE... [--json]``.

The format itself (loading, validation, the helpers a game's part of the
format uses) is engine/core/scenario_format.py; its names are re-exported
here, so ``engine.core.scenario`` is the one module callers import.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import games
from .driver import MAX_STOP_TASKS, stop_point_reached
from .errors import DefinitionError, GameOverError, IllegalActionError
from .events import Event
from .text import say
from .scenario_format import (ENVELOPE_FIELDS, EVENT_MATCH_FIELDS, FORMAT, FORMATS, METADATA_FIELDS,  # noqa: F401
                              SCRIPT_FIELDS, SCRIPT_ITEM_KINDS, SHARED_EXPECTATIONS, SHARED_STOP_FIELDS, Scenario,
                              ScenarioRules, card_place, check_place_fields, check_template, clauses_of, describe_stop,
                              check_zone_order, load_scenario, place_holds, read_board, zone_count_holds)


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


def _describe(e: dict) -> str:
    parts = [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in e.items() if k not in ("expect", "note")]
    return f"{e['expect']}({', '.join(parts)})"


def evaluate(e: dict, state: Any, events: list[Event], game: games.Game | None = None,
             at_stop: bool = False) -> Check:
    """Check one expectation against a state and the events so far.

    ``at_stop``: the script stands at a stop point where nobody decides, which the game may read its own
    way (a ``phase`` expectation there reads the point named: the step about to open, not the one that ended).
    """
    game = game or games.for_state(state)
    kind = e["expect"]
    label = _describe(e)
    try:
        there = game.scenarios.at_stop(e, state) if at_stop and game.scenarios.at_stop is not None else None
        if there is not None:
            passed, detail = there
        elif kind in SHARED_EXPECTATIONS:
            passed, detail = _evaluate_shared(e, state, events, game)
        else:
            passed, detail = game.scenarios.evaluate(e, state, events)
    except Exception as exc:  # a check that cannot be made fails; it never raises out of the runner
        return Check(label, False, f"cannot evaluate: {type(exc).__name__}: {exc}")
    return Check(label, passed, detail)


_MISSING = object()


def _event_matches(ev: Event, m: dict) -> bool:
    return (("kind" not in m or ev.kind == m["kind"]) and ("citation" not in m or ev.cites(m["citation"]))
            and ("player" not in m or ev.player == m["player"]) and ("card" not in m or ev.data.get("card") == m["card"])
            and ("data" not in m or all(_same(ev.data.get(k, _MISSING), v) for k, v in m["data"].items())))


def _same(actual: Any, wanted: Any) -> bool:
    """An event's field equals the value a scenario wrote (tuples read as the JSON lists they print as)."""
    if isinstance(actual, (tuple, list)) and isinstance(wanted, list):
        return len(actual) == len(wanted) and all(_same(a, w) for a, w in zip(actual, wanted))
    if isinstance(actual, dict) and isinstance(wanted, dict):
        return actual.keys() == wanted.keys() and all(_same(actual[k], wanted[k]) for k in wanted)
    # JSON's true is not 1: a flag matches only a flag
    return actual is not _MISSING and isinstance(actual, bool) == isinstance(wanted, bool) and actual == wanted


def _evaluate_shared(e: dict, state: Any, events: list[Event], game: games.Game) -> tuple[bool, str]:
    kind = e["expect"]
    out = state.outcome
    reason_ok = "reason" not in e or (out or {}).get("reason") == e["reason"]
    if kind == "winner":
        # null: no player has won (the game goes on, or it ended in a draw), as the format always read it
        actual = None if out is None else out.get("winner")
        return actual == e["equals"] and reason_ok, f"outcome {out}"
    if kind == "game_over":
        return (out is not None) == e["equals"] and reason_ok, f"outcome {out}"
    if kind == "draw":
        return bool(out and out.get("draw")) == e["equals"], f"outcome {out}"
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
    if kind == "zone_count":
        return zone_count_holds(e, state)
    if kind in ("card_in", "card_not_in", "zone_order"):
        return place_holds(e, state)
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
        self.settled_from = len(self.log)  # where the events a settled decline may point to begin

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
        at_stop = self.at_stop and self.state.pending is None
        for e in items:
            c = evaluate(e, self.state, self.log, self.game, at_stop)
            c.label = f"{prefix}{c.label}{note}"
            self.result.checks.append(c)

    def refuse(self, item: dict, label: str) -> None:
        try:
            self.game.apply(self.state, item["refuse"])
        except IllegalActionError as exc:
            got = exc.citation.number if exc.citation else None
            self.result.refusals.append({"action": item["refuse"].to_json(), **exc.to_json()})
            ok = "clause" not in item or (exc.citation is not None
                                          and any(exc.citation.matches(c) for c in clauses_of(item)))
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
        if not action.is_judge and not self.run_on():
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
        self.settled_from = len(self.log)  # a decline after this answer reads only what follows it
        self.at_stop = self.advanced = False
        return True

    def run_to_decline(self, settled: tuple[str, ...]) -> bool:
        """Run on, task by task, to the next decision, or to the event that says the rules settled the
        declined choice as a pass without asking it, and stand there; False if the engine failed."""
        if self.at_stop and self.state.pending is None:
            self.at_stop = False
        elif self.at_stop or self.advanced:
            return True
        run_task = self.rules.run_task or self.game.step
        for _ in range(MAX_STOP_TASKS):
            if any(e.kind in settled for e in self.log[self.settled_from:]):
                # stand just after it, as after an answered decline: the next item advances from here
                self.at_stop = self.advanced = False
                return True
            if self.state.outcome or self.state.pending is not None or not self.state.agenda:
                break
            try:
                self.state, events = run_task(self.state)
            except Exception as exc:  # an engine failure is reported, never raised (docs/scenarios.md)
                self.check("advance to the next decision", False, f"engine error: {type(exc).__name__}: {exc}")
                return False
            self.log.extend(events)
        self._note_decision()
        self.advanced = True
        return True

    def run_on(self) -> bool:
        """At a stop point where nobody decides, a player's answer answers the next decision: run on to it first."""
        if self.at_stop and getattr(self.state, "pending", None) is None:
            self.at_stop = self.advanced = False
            return self.advance()
        return True

    def stop_at(self, spec: dict) -> tuple[bool, str]:
        """Walk the procedure to the stop point; (reached, detail)."""
        if "run_to" in spec:
            return self._run_to(spec["run_to"])
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

    def _run_to(self, name: str) -> tuple[bool, str]:
        """Run to a point the game's driver names: "decision" (or the end of the game), "event", or an end."""
        if self.state.outcome:
            # "decision" runs to where the engine next waits, a decision or the end of the game: always reached
            return name == "decision", f"the game is over ({self.state.outcome})"
        if name in ("decision", "event"):
            try:
                self.state, events = (self.game.advance if name == "decision" else self.game.step)(self.state)
            except Exception as exc:
                return False, f"engine error: {type(exc).__name__}: {exc}"
            self.log.extend(events)
            self._note_decision()
            return True, "reached"
        if self.state.pending is not None:
            return False, (f"a {self.state.pending.kind} decision of player {self.state.pending.player} comes first: "
                           "answer it before this stop point")
        point = next(p for p in self.game.points if p.name == name)
        start = self.game.position(self.state)
        for _ in range(MAX_STOP_TASKS):
            try:
                self.state, events = self.game.step(self.state)
            except Exception as exc:
                return False, f"engine error: {type(exc).__name__}: {exc}"
            self.log.extend(events)
            if point.reached(start, self.game.position(self.state)):
                self._note_decision()
                return True, "reached"
            if self.state.outcome:
                return False, f"the game ended first ({self.state.outcome})"
            if self.state.pending is not None:
                return False, (f"a {self.state.pending.kind} decision of player {self.state.pending.player} comes "
                               "first: answer it before this stop point")
            if not events and not self.state.agenda:
                return False, "the procedure ended first"
        return False, "not reached (runaway procedure)"

    def _reached(self, spec: dict) -> bool:
        return stop_point_reached(self.game, spec, self.state)


#: modifiers that are a status a card has, not an amount added to a value
STATUS_STATS = frozenset({"no_hit", "no_abilities"})


def effects_in_force(state: Any, emit: Any) -> list[Event]:
    """One event per modifier in force at the start of a position, naming its source (a game's
    ``initial_events``; ``emit`` is the game's, so the citation is the game's own CONTINUOUS_EFFECT)."""
    out: list = []
    for m in state.modifiers:
        source = state.cards[m.source].name if m.source in state.cards else m.source
        card, duration = state.cards[m.card].name, m.duration.replace("_", " ")
        if m.stat in STATUS_STATS:
            # a status ("cannot use its abilities", "cannot be hit"), not a number: the host names it in words
            text = say("%(card)s: %(stat)s (%(duration)s), by an effect of %(source)s", card=card, stat=m.stat,
                       duration=duration, source=source)
        else:
            text = say("%(card)s has %(amount)s %(stat)s (%(duration)s) from %(source)s", card=card,
                       amount=f"{m.amount:+}", stat=m.stat, duration=duration, source=source)
        emit(out, "effect_in_force", text, ("CONTINUOUS_EFFECT",), state.loc[m.card][0],
             card=m.card, stat=m.stat, amount=m.amount, source=m.source)
    return out


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
        if "decline" in item:
            settled = run.rules.settled_passes.get(item["decline"], ())
            if not run.run_to_decline(settled) or not _decline(run, item["decline"],
                                                                f"script[{i}] decline {item['decline']}{note}"):
                stopped_at = i
                break
            continue
        if not run.advance():
            stopped_at = i
            break
        if "expect" in item:
            run.expectations(item["expect"], f"script[{i}] ", note)
        elif "refuse" in item:
            run.refuse(item, f"script[{i}] refused {item['refuse']}{note}")
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
    """Decline the pending optional choice of that kind (the game's decline answer), or find the event
    that says the rules settled it as a pass without asking it."""
    pending = run.state.pending
    if pending is None or pending.kind != kind:
        # The rules may have settled that choice as a pass without asking it (7.4.1.2.1.1: nothing
        # to guard with); the decline then says what happened, and the script goes on.
        settled = run.rules.settled_passes.get(kind, ())
        at = next((i for i in range(run.settled_from, len(run.log)) if run.log[i].kind in settled), None)
        if at is not None:
            passed, run.settled_from = run.log[at], at + 1
            cited = passed.citations[0].number if passed.citations else None
            run.check(label, True, f"settled by the rules without a decision: {passed.text} [{cited}]")
            return True
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
