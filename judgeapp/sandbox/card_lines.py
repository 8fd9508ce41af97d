"""One line of several cards, as a builder's hint shows them: "G3 13000 twin · crit · 10 fillers".

Each game reads one card (its ``card_from_line``); this splits a line into its cards first, so what the hint
shows is what a judge may type, and reads every card before anything is added: a card that is not understood
is reported with its position and its words, and nothing of the line is added.
"""
from __future__ import annotations

import re
from typing import Callable

from django.utils.translation import gettext as _

from .validation import SandboxError

# Between two cards: the hint's middle dot (and the bullet a phone's keyboard offers), a semicolon, a plus, a
# new line.  A comma stays inside one card ("Blaster Blade, G2, 10000").
SEPARATORS = re.compile(r"\s*[·•;+\n]\s*")
MAX_CARDS_IN_LINE = 12


def cards_from_line(read_one: Callable[[str], tuple[dict, int]], line: str) -> list[tuple[dict, int]]:
    """[(card, copies)] of every card of ``line``, read by ``read_one`` (a game's one-card grammar)."""
    text = (line or "").strip()
    if len(text) > 200:
        raise SandboxError("line", _("a line of cards is at most 200 characters"))
    parts = [p for p in SEPARATORS.split(text) if p.strip()] if text else []
    if not parts:
        return [read_one(text)]  # the game's own message for an empty line, with its examples
    if len(parts) > MAX_CARDS_IN_LINE:
        raise SandboxError("line", _("at most %(n)d cards in one line") % {"n": MAX_CARDS_IN_LINE})
    out = []
    for number, part in enumerate(parts, 1):
        try:
            out.append(read_one(part))
        except SandboxError as exc:
            if len(parts) == 1:
                raise
            raise SandboxError("line", _("card %(n)d (“%(part)s”): %(message)s") % {
                "n": number, "part": part, "message": exc.message}) from None
    return out
