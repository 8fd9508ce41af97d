"""Reads and writes around a started board's history: its export in the scenario format (the current line and
the other branches), the expectations checked, the runs of the expectations, the engine's Timeline of it."""
from __future__ import annotations

import json
import logging
from copy import deepcopy
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

import engine
from engine.core.scenario import FORMAT as SCENARIO_FORMAT

from engine.core.events import Event

from . import games, history
from .history_writes import SCENARIO_FIELDS, _require_started, scenario_write, state_load
from .models import Scenario
from .validation import MAX_EXPECTATIONS, SandboxError, json_text_check

# the services' logger: an engine failure in a run is logged with the other writes' messages
logger = logging.getLogger("judgeapp.sandbox.services")

def _normal_action(data: Any, action_class) -> Any:
    try:
        return action_class.from_json(data).to_json()
    except engine.DefinitionError:
        return data


def scenario_state(*, scenario: Scenario) -> Any:
    """The state at the cursor of a started scenario."""
    return state_load(scenario=scenario, node=_require_started(scenario)["current"])


def _played_as_written(original: list, done: list, action_class) -> bool:
    """Whether the board's actions are the script's: its ``do`` actions in order, and the ``decline`` items the
    import played as a pass (those the rules settled without asking played nothing)."""
    dos = [_normal_action(item["do"], action_class) for item in original if "do" in item]
    passed = _normal_action({"kind": "pass"}, action_class)
    j = k = 0  # j: the next played action; k: the script's do actions already matched
    for item in original:
        if "do" in item:
            if j >= len(done) or done[j] != dos[k]:
                return False
            j, k = j + 1, k + 1
        elif "decline" in item and j < len(done) and done[j] == passed and len(done) - j > len(dos) - k:
            j += 1  # more actions played than do items left: this decline was asked and passed
    return j == len(done)


def scenario_export(*, scenario: Scenario, node: int | None = None) -> dict:
    """The scenario in the engine's documented format: position, script to ``node`` (default: current), expectations."""
    definition = scenario.definition
    metadata: dict = {}
    if scenario.title:
        metadata["title"] = scenario.title
    if scenario.question:
        metadata["question"] = scenario.question
    if scenario.description:
        metadata["description"] = scenario.description
    playbook = definition.get("metadata", {}).get("playbook")
    if playbook:
        metadata["playbook"] = playbook
    if scenario.tags:
        metadata["tags"] = list(scenario.tags)
    if scenario.clauses:
        metadata["clauses"] = list(scenario.clauses)
    out: dict = {"format": SCENARIO_FORMAT}
    if metadata:
        out["metadata"] = metadata
    # the game, then its position's own top-level fields as the board's engine names them (day, track...)
    position = engine.core.games.get(games.slug_of(definition)).scenarios.top_fields
    for key in ("game", *(k for k in position if k != "players")):
        if key in definition:
            out[key] = deepcopy(definition[key])
    out["players"] = deepcopy(definition["players"])
    original = definition.get("script") or []
    timeline = history.timeline_of(scenario) if scenario.tree else None
    if timeline is not None:
        done = [a.to_json() for a in timeline.actions(node)]
        action_class = games.action_class(definition)
        if _played_as_written(original, done, action_class):
            script = deepcopy(original)
        else:
            script = [{"do": a} for a in done]
    else:
        script = deepcopy(original)
    if script:
        out["script"] = script
    branches = timeline.other_lines(node) if timeline is not None else []
    if branches:
        out["branches"] = [{"script": [{"do": a.to_json()} for a in line]} for line in branches]
    if timeline is not None and len(timeline.nodes) > 1:
        # every point in order, so an import numbers the points and branches as here (docs/scenarios.md)
        out["history"] = timeline.points_json()
        if node is not None:
            out["history"]["current"] = node
    if scenario.expectations:
        out["expect"] = deepcopy(scenario.expectations)
    return out


def expectations_clean(definition: dict, expectations: Any, field: str = "expect") -> list:
    """Validate expectations against the board with the engine's loader."""
    if not isinstance(expectations, list):
        raise SandboxError(field, gettext("expected a list"))
    json_text_check(expectations, field)
    if len(expectations) > MAX_EXPECTATIONS:
        raise SandboxError(field, gettext("at most %(max_expectations)s expectations") % {
            "max_expectations": MAX_EXPECTATIONS})
    if not expectations:
        return []
    probe = {k: v for k, v in definition.items() if k not in ("script", "metadata")}
    probe["expect"] = expectations
    try:
        engine.load_scenario(probe)
    except engine.DefinitionError as exc:
        if exc.path.startswith("expect"):
            raise SandboxError(field + exc.path[len("expect"):], exc.message) from None
        # The board itself is not valid yet (a draft): check each expectation's shape only.
        EXPECTATIONS = engine.core.games.get(games.slug_of(definition)).scenarios.expectations

        for i, e in enumerate(expectations):
            if not isinstance(e, dict) or e.get("expect") not in EXPECTATIONS:
                raise SandboxError(f"{field}[{i}].expect", gettext("expected one of %(names)s") % {
                    "names": ', '.join(EXPECTATIONS)}) from None
    return expectations


# The runner reports an engine failure with the exception's text (for a developer running scenario files);
# a judge reads that the check could not be made, and the log keeps why.
ENGINE_FAULTS = ("engine error: ", "cannot evaluate: ")
ENGINE_FAULT_SHOWN = gettext_noop("the engine failed at this point (the error has been "
                                  "logged)")  # translated where shown


def _check_detail(detail: str, scenario: Scenario) -> str:
    if isinstance(detail, str) and detail.startswith(ENGINE_FAULTS):
        logger.error("scenario %s: run check failed in the engine: %s", scenario.pk, detail)
        return gettext(ENGINE_FAULT_SHOWN)
    return detail


def scenario_run(*, scenario: Scenario) -> dict:
    """Re-run the exported scenario with the engine and keep the pass/fail result.

    The run (the whole script replayed) happens without the write lock, on a fresh read; the result is
    saved only if the scenario has not changed since (its revision), else run again on the new one."""
    for _ in range(3):
        scenario.refresh_from_db(fields=SCENARIO_FIELDS)
        seen = scenario.revision
        out = _run_result(scenario)
        updated = timezone.now()
        if Scenario.objects.filter(pk=scenario.pk, revision=seen).update(last_run=out, updated=updated,
                                                                         revision=seen + 1):
            scenario.last_run, scenario.updated, scenario.revision = out, updated, seen + 1
            return out
    return _scenario_run_locked(scenario=scenario)  # kept changing under three runs: run holding the lock


@scenario_write
def _scenario_run_locked(*, scenario: Scenario) -> dict:
    out = _run_result(scenario)
    scenario.last_run = out
    scenario.save(update_fields=["last_run", "updated"])
    return out


def _run_result(scenario: Scenario) -> dict:
    data = scenario_export(scenario=scenario)
    try:
        result = engine.run_scenario(data)
        out = {"passed": result.passed, "error": result.error,
               "checks": [{"label": c.label, "passed": c.passed, "detail": _check_detail(c.detail, scenario)}
                          for c in result.checks]}
    except engine.DefinitionError as exc:
        out = {"passed": False, "error": gettext("invalid scenario: %(error)s") % {"error": exc}, "checks": []}
    if not out["checks"] and not out["error"]:
        out["passed"] = False
        out["error"] = gettext("no expectations: add at least one to make this a regression test")
    return out


def timeline_export(*, scenario: Scenario) -> engine.Timeline:
    """The whole history as an engine Timeline with every state and event loaded (for export and tests, not pages)."""
    timeline = history.timeline_of(scenario)
    game = timeline.game
    for node, state, events in scenario.snapshots.values_list("node", "state__text", "events__text"):
        n = timeline.nodes[node]
        n.state = game.state_class.from_json(json.loads(state))
        n.events = [Event.from_json(e) for e in json.loads(events)] if events else []
    return timeline
