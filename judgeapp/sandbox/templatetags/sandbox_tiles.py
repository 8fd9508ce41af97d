"""``{% card_tile c %}``: a card's tile on the mat, drawn by its game's tile template (``board.card_template``)
from its presenter's dict (``c.tile``, the game's ``card_tile``).

A judge's board holds up to 200 cards, and a template per tile costs about half a millisecond: 100 ms a
page, twice the page budget.  Between two points of a history nearly every tile is unchanged, so tiles
are kept, rendered, by what they are drawn from (the template, the card's id, name and tile, the icon
sprite, the page's language).
"""
from __future__ import annotations

from functools import lru_cache

import orjson
from django import template
from django.template.loader import get_template
from django.utils.translation import get_language

register = template.Library()


@register.simple_tag(takes_context=True)
def card_tile(context, c: dict) -> str:
    board = context["board"]
    return _tile(board["card_template"], board["icon_sprite"], get_language(),
                 orjson.dumps([c.get("id"), c.get("name"), c["tile"]]))  # a hidden card has neither


@lru_cache(maxsize=4096)  # a tile's HTML is about half a kilobyte: 2 MB at most
def _tile(name: str, sprite: str, language: str | None, card: bytes) -> str:
    cid, card_name, tile = orjson.loads(card)
    return get_template(name).render({"c": {"id": cid, "name": card_name}, "t": tile,
                                      "board": {"icon_sprite": sprite}})
