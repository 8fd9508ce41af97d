"""Ready boards a judge starts from (issue 27): a game's usual position, from which only what matters changes.

A plug-in may offer ``PRESETS``: a tuple of :class:`Preset`, the first being the board most questions start
from.  Each preset is written as the one-line cards a judge would type (the game's own grammar), so a preset
reads like the set-up it saves and is checked by the same code as a typed line.

The names a preset gives its plain cards ("Scout", "Attacker", "Plan") are made up, ordinary words the judge reads
on the board: they are said in the page's language as the board is made (site-walk5), and the board keeps them from
then on as any name a judge types, so a board made on the Italian page opens on the English one with its Italian
names.  A real card's or hero's name, and a word the rules print in English (Climax, Backup), is not among them.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop

NAMES = frozenset((
    # characters, a Mana Orb and a landmark of the boards with expeditions
    gettext_noop("Scout"), gettext_noop("Climber"), gettext_noop("Swimmer"), gettext_noop("Titan"),
    gettext_noop("Sleeper"), gettext_noop("Runner"), gettext_noop("Keeper"), gettext_noop("Walker"),
    gettext_noop("Elder"), gettext_noop("Tower"), gettext_noop("Orb"),
    # characters and an event of the boards with a stage
    gettext_noop("Attacker"), gettext_noop("Striker"), gettext_noop("Support"), gettext_noop("Defender"),
    gettext_noop("Guard"), gettext_noop("Wall"), gettext_noop("Plan"),
))


@dataclass(frozen=True)
class Preset:
    slug: str  # part of the button's element id and of the form value: letters and hyphens
    label: str  # what the button says (translatable)
    hint: str  # one line under it: what is on the board, its players named for people ("player 1" is the first)
    settings: dict  # turn, turn player, first player, phase
    cards: tuple  # (player, place, one-line card) in the order they are added


def preset_definition(blank: Callable[[], dict], line: Callable, add: Callable, preset: Preset) -> dict:
    """The board of ``preset``: the game's blank board (``blank``) with its settings and its lines read by the
    game's grammar (``line``) and put in place by the game's own ``add`` (so every rule of set-up applies)."""
    definition = blank()
    definition.update(preset.settings)
    for player, place, text in preset.cards:
        for card, count in line(text):
            if card.get("name") in NAMES:
                card = dict(card, name=gettext(card["name"]))
            add(definition, player, place, card, count, None)
    return definition
