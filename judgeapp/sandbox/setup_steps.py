"""A draft's set-up as one browser works on it: the boards before each change (set-up undo), the place cards
were last added to (the builder keeps the judge's player and zone), the list of cards a judge may remove or
copy, and the sentences that confirm a change.

The undo stack lives in the session, not the scenario: it is this judge's working memory of the set-up, never
part of the board a scenario exports, and it costs no migration.  It is bounded in boards and in bytes.
"""
from __future__ import annotations

import json

from django.utils.translation import gettext as _

from . import games, services, wording

UNDO_KEY = "sb_setup_undo"
PLACE_KEY = "sb_setup_place"
MAX_UNDO = 20  # boards kept per scenario
MAX_UNDO_BYTES = 300_000  # per scenario, as JSON: the oldest boards go first
MAX_SCENARIOS = 4  # scenarios whose set-up this browser can undo


def undo_push(request, scenario, before: dict) -> None:
    """Remember ``before``, the board a change has just replaced."""
    stacks = dict(request.session.get(UNDO_KEY, {}))
    key = str(scenario.pk)
    stack = list(stacks.pop(key, [])) + [before]
    while len(stack) > 1 and (len(stack) > MAX_UNDO or len(json.dumps(stack)) > MAX_UNDO_BYTES):
        stack.pop(0)
    stacks[key] = stack
    for old in list(stacks)[:-MAX_SCENARIOS]:  # dicts keep insertion order: the least recently changed first
        stacks.pop(old)
    request.session[UNDO_KEY] = stacks


def undo_pop(request, scenario) -> dict | None:
    stacks = dict(request.session.get(UNDO_KEY, {}))
    stack = list(stacks.get(str(scenario.pk), []))
    if not stack:
        return None
    before = stack.pop()
    stacks[str(scenario.pk)] = stack
    request.session[UNDO_KEY] = stacks
    return before


def undo_count(request, scenario) -> int:
    return len(request.session.get(UNDO_KEY, {}).get(str(scenario.pk), []))


def place_remember(request, player, zone) -> None:
    request.session[PLACE_KEY] = [str(player), str(zone)]


def place_words(definition: dict, place: str) -> str:
    """A zone or circle of a board's game as its builder names it ("Damage zone", "Center stage left")."""
    plugin = games.for_definition(definition)
    labels = dict(plugin.FORM_CHOICES.get("all_zones", ()))
    return str(labels.get(place) or plugin.PLACE_NAMES.get(place, place))


def card_words(card: dict, count: int) -> str:
    name = card.get("name") or _("a card")
    return name if count == 1 else _("%(count)d × %(name)s") % {"count": count, "name": name}


def seat_of(definition: dict, player) -> str:
    """A player of a draft as the rules name them ("First player"), never an index."""
    return wording.seat_words(player, definition.get("first_player", 0))


def added_text(definition: dict, player, place: str, cards: list[tuple[dict, int]]) -> str:
    return _("%(seat)s, %(place)s: added %(cards)s.") % {
        "seat": seat_of(definition, player), "place": place_words(definition, place).lower(),
        "cards": ", ".join(card_words(c, n) for c, n in cards)}


def replaced_text(definition: dict, player, place: str, old: dict, new: dict) -> str:
    return _("%(seat)s, %(place)s: %(new)s replaces %(old)s.") % {
        "old": old.get("name") or _("a card"), "new": new.get("name") or _("a card"),
        "seat": seat_of(definition, player), "place": place_words(definition, place).lower()}


def removed_text(definition: dict, player, place: str, card: dict) -> str:
    return _("%(seat)s, %(place)s: %(name)s removed.") % {
        "name": card.get("name") or _("a card"), "seat": seat_of(definition, player),
        "place": place_words(definition, place).lower()}


def setup_context(request, scenario, *, cards: bool = True) -> dict:
    """What a draft's builder shows beyond the board: the undo button, the last place, the cards to edit (only
    when ``cards``: the judge's view, which sees every card)."""
    definition = scenario.definition
    cards = [] if not cards else [{"id": e["id"], "player": p, "label": _("%(seat)s · %(place)s · %(name)s") % {
        "seat": seat_of(definition, p), "place": place_words(definition, place), "name": e.get("name") or e["id"]}}
        for p, place, _i, e in services.definition_entries(definition) if isinstance(e, dict) and e.get("id")]
    last = request.session.get(PLACE_KEY) or ["0", ""]
    return {"setup_undo": undo_count(request, scenario), "draft_cards": cards,
            "last_player": last[0], "last_zone": last[1]}
