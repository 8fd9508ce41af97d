"""Writes for a draft's starting board: a blank board of a game, its card entries, adding, removing and copying
cards, the settings, and the check of a whole definition (the engine's loader, then its game's board checks).
What differs between games is asked of the board's plug-in (judgeapp/sandbox/games/)."""
from __future__ import annotations

from copy import deepcopy
from functools import partial
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext as _

import engine

from . import drafts, games
from .card_lines import cards_from_line
from .games.preset_boards import preset_definition
from .history_writes import scenario_write
from .models import Scenario
from .validation import (MAX_CARDS, MAX_EXPECTATIONS, SandboxError, engine_error, int_clean, json_depth_check,
                         json_text_check, script_length_check, state_size_check)

SETTING_FIELDS = {"seed": (0, 2**31), "turn": (1, 99), "turn_player": (0, 1), "first_player": (0, 1)}


def definition_blank(game: str | None = None) -> dict:
    """An empty board of ``game`` (default: the default game's), as its plug-in sets it up."""
    return games.get(game).definition_blank()


def definition_preset(game: str | None, preset: str) -> dict:
    """The ready board ``preset`` of ``game`` (games/preset_boards.py), checked as any board is."""
    plugin = games.get(game)
    for offered in games.presets(game):
        if offered.slug == preset:
            return preset_definition(plugin.definition_blank, partial(cards_from_line, plugin.card_from_line),
                                     plugin.card_add, offered)
    raise SandboxError("preset", _("this game has no such ready board"))


def definition_card_count(definition: dict) -> int:
    return drafts.card_count(definition_entries(definition))


def definition_check(data: Any, field: str = "scenario") -> Any:
    """Validate a scenario definition (engine format); return the engine's Scenario.

    Size first (cards <= MAX_CARDS, nesting), then the engine's strict loader
    (unknown fields and zones are refused with the path), then the board
    checks the loader leaves to the caller (illegal states are explained,
    never fixed).
    """
    if not isinstance(data, dict):
        raise SandboxError(field, gettext("expected an object"))
    json_depth_check(data, field)
    json_text_check(data, field)
    players = data.get("players")
    if isinstance(players, list):
        cards = definition_card_count(data)
        if cards > MAX_CARDS:
            raise SandboxError(f"{field}.players", gettext("%(cards)s cards: a scenario holds at most "
                                                           "%(max_cards)s") % {"cards": cards, "max_cards": MAX_CARDS})
    script_length_check(data, field)
    expect = data.get("expect")
    if isinstance(expect, list) and len(expect) > MAX_EXPECTATIONS:
        raise SandboxError(f"{field}.expect", gettext("at most %(max_expectations)s expectations") % {
            "max_expectations": MAX_EXPECTATIONS})
    try:
        loaded = engine.load_scenario(data)
    except engine.DefinitionError as exc:
        raise engine_error(exc, field) from None
    except (TypeError, AttributeError, KeyError) as exc:  # a shape the loader did not anticipate
        raise SandboxError(field, gettext("malformed scenario (%(name)s)") % {"name": type(exc).__name__}) from None
    state = loaded.state
    state_size_check(state.to_json(), f"{field}.players")
    games.for_state(state).board_checks(state, field)
    return loaded


def definition_entries(definition: dict):
    """Yield (player, place, index, entry) for every card entry of a definition (its game's places)."""
    yield from games.for_definition(definition).definition_entries(definition)


def definition_from_state(state, settings: dict) -> dict:
    """A definition with one explicit card object per card (templates and counts expanded)."""
    return games.for_state(state).definition_from_state(state, settings)


def card_clean(data: dict, field: str = "card", definition: dict | None = None) -> dict:
    """Validate one card's characteristics with the engine of ``definition``'s game (owner comes from the board)."""
    return games.for_definition(definition).card_clean(data, field)





@scenario_write
def card_add(*, scenario: Scenario, player: int, place: str, card: dict, count: int = 1,
             position: int | None = None) -> list[str]:
    """Put ``count`` copies of ``card`` in a player's zone or circle of a draft; return their ids."""
    _require_draft(scenario)
    player = int_clean(player, "player", 0, 1)
    count = int_clean(count, "count", 1, 60)
    definition = deepcopy(scenario.definition)
    ids = games.for_definition(definition).card_add(definition, player, place, card, count, position)
    scenario.definition = definition
    scenario.save(update_fields=["definition", "updated"])
    return ids


@scenario_write
def cards_add(*, scenario: Scenario, player: int, place: str, cards: list[tuple[dict, int]],
              replace: bool = False) -> tuple[list[str], dict | None]:
    """Put every card of one line (``cards``: (card, copies), card_lines.py) in a player's zone or circle of a
    draft, all or none: a card the zone refuses leaves the board as it was.  With ``replace``, one card for a
    place that holds one card and refuses a second (a circle, a stage position) takes that card's place: a
    preset's unit is changed in one line (set-up undo brings it back).  Returns the new cards' ids and the
    card replaced (None when none was)."""
    _require_draft(scenario)
    player = int_clean(player, "player", 0, 1)
    plugin = games.for_definition(scenario.definition)

    def added(definition: dict) -> list[str]:
        ids = []
        for card, count in cards:
            ids += plugin.card_add(definition, player, place, card, int_clean(count, "count", 1, 60), None)
        return ids

    definition, replaced = deepcopy(scenario.definition), None
    try:
        ids = added(definition)
    except SandboxError:
        held = [e for p, where, _i, e in definition_entries(scenario.definition)
                if p == player and where == place and isinstance(e, dict)]
        if not (replace and len(held) == 1 and [n for _c, n in cards] in ([1], ["1"])):
            raise
        replaced = held[0]
        definition = plugin.definition_remove(deepcopy(scenario.definition), replaced.get("id"))
        ids = added(definition)  # refused again (a climax on the stage): the card's own reason
    scenario.definition = definition
    scenario.save(update_fields=["definition", "updated"])
    return ids, replaced


@scenario_write
def definition_restore(*, scenario: Scenario, definition: dict) -> None:
    """Set-up undo: a draft's board back as it was before a change (kept by setup_steps.py for this browser)."""
    _require_draft(scenario)
    if not isinstance(definition, dict) or not isinstance(definition.get("players"), list):
        raise SandboxError("undo", _("nothing to undo"))
    scenario.definition = definition
    scenario.save(update_fields=["definition", "updated"])


def card_entry(definition: dict, card_id: str) -> tuple[int, str, dict] | None:
    """(player, place, entry) of the card ``card_id`` of a definition; None when it has none."""
    for p, place, _i, entry in definition_entries(definition):
        if isinstance(entry, dict) and entry.get("id") == card_id:
            return p, place, entry
    return None


@scenario_write
def card_remove(*, scenario: Scenario, card_id: str) -> None:
    _require_draft(scenario)
    definition = deepcopy(scenario.definition)
    definition = games.for_definition(definition).definition_remove(definition, card_id)
    if definition == scenario.definition:
        raise SandboxError("card", gettext("no card “%(card_id)s” on the board") % {"card_id": str(card_id)[:40]})
    scenario.definition = definition
    scenario.save(update_fields=["definition", "updated"])


@scenario_write
def card_duplicate(*, scenario: Scenario, card_id: str) -> str:
    """One more copy of a card of a draft: beside it in its zone, or in the owner's hand when it is on a circle
    (a circle holds one card); returns the copy's id."""
    _require_draft(scenario)
    definition = deepcopy(scenario.definition)
    for p, place, _i, entry in definition_entries(definition):
        if isinstance(entry, dict) and entry.get("id") == card_id:
            if definition_card_count(definition) + 1 > MAX_CARDS:
                raise SandboxError("card", gettext("a scenario holds at most %(max_cards)s cards") % {
                    "max_cards": MAX_CARDS})
            copy = dict(deepcopy(entry), id=drafts.next_card_id(definition_entries(definition), p))
            copy.pop("count", None)
            pdata = definition["players"][p]
            zone = games.for_definition(definition).duplicate_zone(place)
            pdata.setdefault(zone, []).append(copy)
            scenario.definition = definition
            scenario.save(update_fields=["definition", "updated"])
            return copy["id"]
    raise SandboxError("card", gettext("no card “%(card_id)s” on the board") % {"card_id": str(card_id)[:40]})


def setting_fields(definition: dict) -> dict[str, tuple[int, int]]:
    """The numeric settings of a draft of ``definition``'s game: name -> (lowest, highest)."""
    return getattr(games.for_definition(definition), "SETTING_FIELDS", SETTING_FIELDS)


@scenario_write
def settings_set(*, scenario: Scenario, data: dict) -> None:
    """Set seed, turn, turn player, first player and the phase the scenario starts in (or the settings the
    board's game names instead: ``SETTING_FIELDS`` of its plug-in: a game without turns names a day instead)."""
    _require_draft(scenario)
    definition = deepcopy(scenario.definition)
    for key, (lo, hi) in setting_fields(definition).items():
        if key in data:
            definition[key] = int_clean(data[key], key, lo, hi)
    if "phase" in data:
        phases = games.for_definition(definition).SCENARIO_PHASES
        if data["phase"] not in phases:
            raise SandboxError("phase", gettext("expected one of %(names)s") % {"names": ', '.join(phases)})
        definition["phase"] = data["phase"]
    scenario.definition = definition
    scenario.save(update_fields=["definition", "updated"])


@scenario_write
def game_setup_set(*, scenario: Scenario, data: dict) -> None:
    """Apply the set-up fields a game's builder adds (its plug-in's ``SETUP_FIELDS`` and ``setup_apply``)."""
    _require_draft(scenario)
    plugin = games.for_definition(scenario.definition)
    if not hasattr(plugin, "setup_apply"):
        raise SandboxError("op", gettext("unknown operation"))
    scenario.definition = plugin.setup_apply(scenario.definition, data)
    scenario.save(update_fields=["definition", "updated"])


def _require_draft(scenario: Scenario) -> None:
    if scenario.status != Scenario.Status.DRAFT:
        raise SandboxError("status", gettext("the scenario has started: return to set-up first (the history is "
                                             "discarded)"))
