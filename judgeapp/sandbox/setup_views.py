"""The builder's page writes (/sandbox/<id>/build/): a draft's board set up card by card, undone change by change.

Every change is one service call; the board it replaced is kept for this browser's set-up undo
(setup_steps.py), and what was added or removed is confirmed in a message shown where the judge is looking
(the page's toast).  A line of cards is read whole before anything is added (card_lines.py).
"""
from __future__ import annotations

from copy import deepcopy

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from . import board_setup, games, services, setup_steps, validation
from .card_lines import cards_from_line
from .views import _back, _fail, _owned, _view_of, board_form

# the anchor each operation lands on: cards are added from the builder, the start shows the board
LANDING = {"add": "#add-card", "quick": "#add-card", "start": "#board"}


@board_form
def sandbox_build(request: HttpRequest, scenario_id) -> HttpResponse:
    scenario = _owned(request, scenario_id)
    if isinstance(scenario, HttpResponse):
        return scenario
    op = request.POST.get("op")
    plugin = games.for_definition(scenario.definition)
    before = deepcopy(scenario.definition)
    said = ""
    try:
        if op in ("add", "quick"):
            player, zone = request.POST.get("player", "0"), request.POST.get("zone", "")
            if op == "add":
                cards = [(plugin.card_from_form(request.POST), request.POST.get("count") or 1)]
            else:
                cards = cards_from_line(plugin.card_from_line, request.POST.get("line", ""))
            position = request.POST.get("position")
            if op == "add" and position and position.isdigit():
                services.card_add(scenario=scenario, player=player, place=zone, card=cards[0][0],
                                  count=cards[0][1], position=int(position))
                replaced = None
            else:
                _ids, replaced = board_setup.cards_add(scenario=scenario, player=player, place=zone, cards=cards,
                                                       replace=op == "quick")
            setup_steps.place_remember(request, player, zone)
            said = (setup_steps.replaced_text(before, player, zone, replaced, cards[0][0]) if replaced else
                    setup_steps.added_text(before, player, zone, [(c, int(n)) for c, n in cards]))
        elif op == "fill_decks":  # an empty deck loses at the first check timing: one tap fills both
            filler, _count = plugin.card_from_line("filler")
            for player in (0, 1):
                services.card_add(scenario=scenario, player=player, place="deck", card=filler, count=10)
            said = _("Added 10 filler cards to each deck.")
        elif op == "remove":
            found = board_setup.card_entry(before, request.POST.get("card", ""))
            services.card_remove(scenario=scenario, card_id=request.POST.get("card", ""))
            said = setup_steps.removed_text(before, found[0], found[1], found[2]) if found else ""
        elif op == "duplicate":
            services.card_duplicate(scenario=scenario, card_id=request.POST.get("card", ""))
            said = _("Copied.")
        elif op == "settings":
            services.settings_set(scenario=scenario, data={k: request.POST[k] for k in (
                *board_setup.setting_fields(scenario.definition), "phase") if k in request.POST})
        elif op == "game_setup":  # the fields a game's own builder adds (its plug-in names them)
            board_setup.game_setup_set(scenario=scenario, data={k: request.POST[k] for k in getattr(
                plugin, "SETUP_FIELDS", ()) if k in request.POST})
        elif op == "undo_setup":
            previous = setup_steps.undo_pop(request, scenario)
            if previous is None:
                raise validation.SandboxError("undo", _("nothing to undo in this set-up"))
            board_setup.definition_restore(scenario=scenario, definition=previous)
            messages.info(request, _("Undone: the board is back as it was before the last change."))
            return _back(scenario, _view_of(request), "#board")
        elif op == "start":
            services.scenario_start(scenario=scenario)
        elif op == "reset":
            services.scenario_reset(scenario=scenario)
        else:
            raise validation.SandboxError("op", _("unknown operation"))
    except validation.SandboxError as exc:
        return _fail(request, scenario, exc)
    if scenario.definition != before:
        setup_steps.undo_push(request, scenario, before)
    if said:
        messages.success(request, said)
    return _back(scenario, _view_of(request), LANDING.get(op, "#board"))
