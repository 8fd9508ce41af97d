"""The worked examples' made-up card names ("Filler Knight", "Rookie") in the page's language.

Every example file names its cards in English.  A real card's name (Medusa di Luna, Blaster Blade Seeker, Kitsune) is
that card's own and stays as printed; the names the project made up for a plain card are ordinary words, and an
Italian page showed them in English on every board opened from an example (site-walk3).  They are translated as the
example is shown or opened, so the board keeps them in the language it was opened in, as it keeps its title.
"""
from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

MADE_UP = frozenset((
    # the Playbook questions' units
    gettext_noop("Filler Knight"), gettext_noop("Starter Squire"), gettext_noop("Stand Squire"),
    gettext_noop("King of Knights"), gettext_noop("Kagero Filler"), gettext_noop("Kagero Critical"),
    gettext_noop("Intercepting Knight"), gettext_noop("Heal Maiden"), gettext_noop("Draw Squire"),
    gettext_noop("Critical Squire"), gettext_noop("Boosting Knight"),
    # the plain characters of the scenarios copied from an engine's tests
    gettext_noop("Filler"), gettext_noop("Rookie"), gettext_noop("Red Rookie"), gettext_noop("Knight"),
    gettext_noop("Captain"), gettext_noop("Hero"),
    # the plain characters beside the real cards of the rules' worked examples
    gettext_noop("Wanderer"), gettext_noop("Tower"), gettext_noop("Spark"), gettext_noop("Scout"),
    gettext_noop("Brute"), gettext_noop("Extra"), gettext_noop("Volunteer"), gettext_noop("Swimmer"),
    gettext_noop("Stored Tower"), gettext_noop("Stashed"), gettext_noop("Scout of the woods"), gettext_noop("Runner"),
    gettext_noop("Rival"), gettext_noop("Offering"), gettext_noop("Guard"), gettext_noop("Big"),
))


def _card_objects(data: dict):
    """Every card object of an example: its templates, and the cards written out in a player's zones."""
    yield from (t for t in (data.get("templates") or {}).values() if isinstance(t, dict))
    for player in data.get("players") or ():
        for cards in (player.values() if isinstance(player, dict) else ()):
            yield from (c for c in (cards if isinstance(cards, list) else ()) if isinstance(c, dict))


def example_names(data: dict) -> dict:
    """``data`` (a copy of an example's file, changed in place) with its made-up card names in the page's language."""
    for card in _card_objects(data):
        if card.get("name") in MADE_UP:
            card["name"] = gettext(card["name"])
    return data
