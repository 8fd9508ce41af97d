"""Ready boards a judge starts from (issue 27): a game's usual position, from which only what matters changes.

A plug-in may offer ``PRESETS``: a tuple of :class:`Preset`, the first being the board most questions start
from.  Each preset is written as the one-line cards a judge would type (the game's own grammar), so a preset
reads like the set-up it saves and is checked by the same code as a typed line.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Preset:
    slug: str  # part of the button's element id and of the form value: letters and hyphens
    label: str  # what the button says (translatable)
    hint: str  # one line under it: what is on the board
    settings: dict  # turn, turn player, first player, phase
    cards: tuple  # (player, place, one-line card) in the order they are added


def preset_definition(blank: Callable[[], dict], line: Callable, add: Callable, preset: Preset) -> dict:
    """The board of ``preset``: the game's blank board (``blank``) with its settings and its lines read by the
    game's grammar (``line``) and put in place by the game's own ``add`` (so every rule of set-up applies)."""
    definition = blank()
    definition.update(preset.settings)
    for player, place, text in preset.cards:
        for card, count in line(text):
            add(definition, player, place, card, count, None)
    return definition
