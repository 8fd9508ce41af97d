"""Writes for a scenario's expectations from the page's form: add one from form fields, remove one.

(The API replaces the whole list through services.expectations_clean.)"""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from .models import Scenario
from .history_writes import scenario_write
from .services import expectations_clean
from .validation import SandboxError, int_clean, json_parse


NUMBER_EQUALS = ("winner",)  # the other kinds whose ``equals`` is a number or a word are the games' own


def _kinds(attribute: str) -> tuple[str, ...]:
    """The expectation kinds every hosted game lists under ``attribute`` (NUMBER_ or TEXT_EXPECTATIONS)."""
    from . import games

    return tuple(k for game in games.hosted() for k in getattr(game, attribute, ()))


@scenario_write
def expectation_add(*, scenario: Scenario, data: dict) -> Scenario:
    """Add one expectation from form fields (empty fields are dropped, numbers and booleans converted)."""
    from engine.core import games as engine_games

    from .games import slug_of

    EXPECTATIONS = engine_games.get(slug_of(scenario.definition)).scenarios.expectations
    numbers = NUMBER_EQUALS + _kinds("NUMBER_EXPECTATIONS")
    kind = data.get("expect")
    if kind not in EXPECTATIONS:
        raise SandboxError("expect", gettext("expected one of %(names)s") % {"names": ', '.join(EXPECTATIONS)})
    required, optional = EXPECTATIONS[kind]
    e: dict = {"expect": kind}
    for key in required + optional + ("note",):
        value = data.get(key)
        if value is None or value == "":
            continue
        if isinstance(value, str):
            value = value.strip()
            if key in ("player", "count", "battle", "turn", "turn_player") or (key == "equals" and kind in numbers):
                value = None if value in ("none", "null") and key == "equals" else int_clean(value, key, -10**6, 10**6)
            elif key == "equals" and kind in _kinds("TEXT_EXPECTATIONS"):
                pass
            elif key in ("equals", "absent") and kind not in numbers:
                value = value.lower() in ("true", "1", "yes", "on")
            elif key in ("includes", "excludes"):
                value = json_parse(value, key)
        e[key] = value
    if kind == "winner" and "equals" not in e:
        e["equals"] = None
    expectations = expectations_clean(scenario.definition, list(scenario.expectations) + [e])
    scenario.expectations = expectations
    scenario.save(update_fields=["expectations", "updated"])
    return scenario


@scenario_write
def expectation_remove(*, scenario: Scenario, index: Any) -> Scenario:
    index = int_clean(index, "index", 0, max(0, len(scenario.expectations) - 1))
    if not scenario.expectations:
        raise SandboxError("index", gettext("no expectations"))
    scenario.expectations = [e for i, e in enumerate(scenario.expectations) if i != index]
    scenario.save(update_fields=["expectations", "updated"])
    return scenario
