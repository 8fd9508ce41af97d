"""What the sandbox's pages draw, prepared for their templates: a board's card tiles (each game's presenter,
``card_tile``, and its tile template), the decision's menus, and the fragments a page renders once and keeps
(the event log of a saved point, the judge tools' card list).  The markup is in templates/sandbox/."""
from __future__ import annotations

from collections import Counter

from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext

from . import games
from .wording import seat_words

DEFAULT_MAT = "sandbox/_mat.html"  # a player's half of the mat, unless the game lays out its own
DEFAULT_CARD = "sandbox/_card.html"  # a card tile, unless the game draws its own


def board_page(board: dict) -> dict:
    """Attach what a page draws to a board view: each card's tile (``tile``, from its game's presenter), the
    heading (``position_text``, in the game's words), the templates of a player's half of the mat and of a
    tile, and the icons' sprite."""
    game = games.get(board.get("game"))
    board["position_text"] = game.position_words(board)
    board["mat_template"] = getattr(game, "MAT_TEMPLATE", DEFAULT_MAT)
    board["card_template"] = getattr(game, "CARD_TEMPLATE", DEFAULT_CARD)
    board["icon_sprite"] = static("judgeapp/sandbox-icons.svg")  # once, not once per icon
    tile = game.card_tile
    for pl in board["players"]:
        for ci in pl["circle_list"]:
            for c in ci["cards"] + ci.get("markers", []):  # a place's own cards, and those under it
                c["tile"] = tile(c)
        for z in pl["zones"].values():
            for c in z["cards"]:
                c["tile"] = tile(c)
    return board


def log_html(events: list[dict]) -> str:
    """The log's items (templates/sandbox/_log.html): rendered once per saved point by the views, which keep it.
    Each event names its player by seat (``seat``, "first player"), not by index."""
    return render_to_string("sandbox/_log.html", {"events": events, "assumptions_url": reverse("sandbox-assumptions")})


def card_options_html(cards, first_player=0) -> str:
    """The judge tools' card list (templates/sandbox/_card_options.html), rendered once for the page's forms: each
    card by its name and its player's seat, copies of one name numbered (a judge reads no card ids)."""
    copies = Counter((name, owner) for _, name, owner in cards)
    seen: Counter = Counter()
    rows = []
    for cid, name, owner in cards:
        seen[(name, owner)] += 1
        rows.append({"id": cid, "name": name, "nth": seen[(name, owner)] if copies[(name, owner)] > 1 else None,
                     "seat": seat_words(owner, first_player)})
    return render_to_string("sandbox/_card_options.html", {"cards": rows})


def decision_html(general: list[dict], groups: list[dict]) -> str:
    """The decision's general answers and one menu per card (templates/sandbox/_decision_options.html)."""
    return render_to_string("sandbox/_decision_options.html", {"general": general, "groups": groups})


def decision_menus(state, decision: dict) -> tuple[list[dict], list[dict]]:
    """The decision's answers that concern no card (pass, yes/no, swap a column...), and one menu per card:
    its legal answers and the refused ones, in board order (the page opens a card's menu when it is tapped)."""
    general, menus = [], {}
    for key in ("options", "refused"):
        for o in decision[key]:
            if not o["card"]:
                if key == "options":
                    general.append(o)
                continue
            if o["card"] not in menus:
                owner, zone = state.loc[o["card"]]
                place = games.for_state(state).PLACE_NAMES[zone]
                seat = seat_words(owner, getattr(state, "first_player", 0)).lower()
                menus[o["card"]] = {"card": o["card"], "name": state.cards[o["card"]].name,
                                    "where": gettext("%(seat)s: %(place)s") % {"seat": seat, "place": place},
                                    "options": [], "refused": []}
            menus[o["card"]][key].append(o)
    return general, list(menus.values())
