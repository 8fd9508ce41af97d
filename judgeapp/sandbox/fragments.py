"""The sandbox's HTML fragments built in Python: card tiles attached to a board, the event log, the decision's
menus, clause references and the card list of the judge tools.

They are built here rather than with template includes because a board holds hundreds of cards and a log
hundreds of events: string building is ~10x faster, which keeps page loads under 50 ms.  Every value is
escaped with :func:`escape`; the views only hand the results to templates.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape as _html_escape

from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext

from . import games

DEFAULT_MAT = "sandbox/_mat.html"  # a player's half of the mat, unless the game lays out its own


# ---------------------------------------------------------------- HTML fragments rendered in Python
def board_html(board: dict, remove: tuple[str, str] | None = None) -> dict:
    """Attach what a page draws to a board view: each card's markup (``html``, its game's card tiles), the
    heading (``position_text``, in the game's words) and the template of a player's half of the mat."""
    game = games.get(board.get("game"))
    board["position_text"] = game.position_words(board)
    board["mat_template"] = getattr(game, "MAT_TEMPLATE", DEFAULT_MAT)
    tile = game.card_html
    for pl in board["players"]:
        for ci in pl["circle_list"]:
            for c in ci["cards"]:
                c["html"] = mark_safe(tile(c, remove))
        for z in pl["zones"].values():
            for c in z["cards"]:
                c["html"] = mark_safe(tile(c, remove))
    return board


def escape(value) -> str:
    """HTML-escape text and attribute values (`&<>"'`). The standard library's
    escape: Django's lazy-aware one costs more than the rest of a 500-event log."""
    return _html_escape(str(value), quote=True)


@lru_cache(maxsize=4096)
def _citation_anchor(document: str, number: str, en_number: str | None, href: str, preview: str) -> str:
    en = f" (EN {en_number})" if en_number else ""
    return (f' <a class="clause-ref" href="{escape(href)}" data-preview="{escape(preview)}" '
            f'title="{escape(document)} {escape(number)}{escape(en)}">{escape(number)}</a>')


def _assumption_anchor(code: str) -> str:
    return _assumption_anchor_in(code, get_language())


@lru_cache(maxsize=256)
def _assumption_anchor_in(code: str, language: str) -> str:
    url = reverse("sandbox-assumptions") + f"#{code}"
    title = gettext("a reading the engine takes where the rules are unclear: what it is, the clauses it concerns, why")
    text = gettext("reading %(code)s") % {"code": code}
    return f' <a class="sb-assume" href="{escape(url)}" title="{escape(title)}">{escape(text)}</a>'


def log_html(events: list[dict]) -> str:
    if not events:
        empty = gettext("No events yet: step the engine.")
        return mark_safe(f'<li class="sb-empty">{escape(empty)}</li>')
    parts, judge = [], escape(gettext("Judge"))
    for e in events:
        html = [f'<li class="sb-event{" sb-judge" if e["judge"] else ""}" data-kind="{escape(e["kind"])}">']
        if e["judge"]:
            html.append(f'<strong class="sb-tag">{judge}</strong> ')
        if e["player"] is not None:
            html.append(f'<span class="sb-p">P{escape(e["player"])}</span> ')
        # The engine's sentence in the page's language; one not translated yet is English, and marked as such.
        html.append(f'<span lang="{e["lang"]}">{escape(e["text"])}</span>' if e.get("lang") else escape(e["text"]))
        for c in e["citations"]:
            html.append(_citation_anchor(c["document"], c["number"], c.get("en_number"), c["href"], c["preview"]))
        for a in e["assumptions"]:
            html.append(_assumption_anchor(a))
        html.append("</li>")
        parts.append("".join(html))
    return mark_safe("".join(parts))


def card_options_html(cards) -> str:
    return mark_safe("".join(f'<option value="{escape(cid)}">P{owner} {escape(name)} ({escape(cid)})</option>'
                             for cid, name, owner in cards))


def _option_html(o: dict, refused: bool = False) -> str:
    place = f' data-place="{escape(o["place"])}"' if o["place"] else ""
    if not refused:
        return f'<button type="submit" name="action" value="{escape(o["json"])}" class="sb-option"{place}>{escape(o["label"])}</button>'
    c = o["citation"]
    cite = " " + clause_html(c["document"], c["number"], c.get("en_number"), c["href"], c["preview"]) if c else ""
    return (f'<li><button type="submit" name="action" value="{escape(o["json"])}" class="sb-option sb-no" '
            f'aria-disabled="true"{place} data-reason="{escape(o["reason"])}">{escape(o["label"])}</button> '
            f'<span class="sb-why">{_in_lang(o["reason"], o.get("reason_lang"))}{cite}</span></li>')


def _in_lang(text: str, lang: str | None) -> str:
    """Escaped text, inside an element naming its language when it is not the page's."""
    return f'<span lang="{lang}">{escape(text)}</span>' if lang else escape(text)


def decision_html(general: list[dict], groups: list[dict]) -> str:
    """The decision's general answers and one menu per card (built here: a main phase with a full hand has
    hundreds of options and refusals, ~10x faster than template loops; every value escaped)."""
    out = ['<div class="sb-general">', *(_option_html(o) for o in general), "</div>"]
    for i, g in enumerate(groups, start=1):
        out.append(f'<div class="sb-menu" data-for="{escape(g["card"])}" id="sb-menu-{i}" role="group" '
                   f'aria-label="{escape(g["name"])}"><h3 class="sb-menu-title">{escape(g["name"])} '
                   f'<small>{escape(g["where"])}</small></h3>')
        out.extend(_option_html(o) for o in g["options"])
        if g["refused"]:
            why = escape(gettext("Why not (%(count)s)") % {"count": len(g["refused"])})
            out.append(f'<details class="sb-whynot"{"" if g["options"] else " open"}><summary>{why}</summary><ul>')
            out.extend(_option_html(o, refused=True) for o in g["refused"])
            out.append("</ul></details>")
        out.append("</div>")
    return mark_safe("".join(out))


def clause_html(document: str, number: str, en_number: str | None, href: str, preview: str) -> str:
    """A clause reference as templates/sandbox/_clause.html writes it (IT number, EN number beside it)."""
    return _clause_html(document, number, en_number, href, preview, get_language())


@lru_cache(maxsize=4096)
def _clause_html(document: str, number: str, en_number: str | None, href: str, preview: str, language: str) -> str:
    """clause_html in one interface language (its title is in words of that language)."""
    en = f' <span class="sb-en">(EN {escape(en_number)})</span>' if en_number else ""
    title = gettext("Italian rules %(number)s") % {"number": number} + (
        ", " + gettext("English rules %(number)s") % {"number": en_number} if en_number else "")
    return (f'<a class="clause-ref" href="{escape(href)}" data-preview="{escape(preview)}" title="{escape(title)}">'
            f'{escape(number)}{en}</a>')


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
                menus[o["card"]] = {"card": o["card"], "name": state.cards[o["card"]].name,
                                    "where": gettext("player %(player)s's %(place)s") % {
                                        "player": owner, "place": place}, "options": [], "refused": []}
            menus[o["card"]][key].append(o)
    return general, list(menus.values())
