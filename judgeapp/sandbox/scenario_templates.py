"""Card templates for the sandbox: fast ways to define the cards of a board.

Each template is a card object of the engine's scenario format (without id
and owner), so a placed card is plain data and exports unchanged.
"""
from __future__ import annotations

from copy import deepcopy

from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

PERFECT_GUARD = {
    "timing": "on_call",
    "conditions": [{"kind": "circle", "circle": "guardian"}],
    "cost": [{"kind": "discard", "count": 1}],
    "effects": [{"kind": "cannot_be_hit", "target": "guarded_unit", "duration": "end_of_battle"}],
    # No printed "text": the tile writes the ability from these fields in the page's language, and an English text
    # beside it showed an Italian judge the same ability twice, once in English.
}

#: slug -> (label, in the page's language when shown; card data)
TEMPLATES: dict[str, tuple[str, dict]] = {
    "grade0": (_("Vanilla grade 0 (starter)"), {"name": gettext_noop("Grade 0 unit"), "grade": 0, "power": 6000, "shield": 10000,
                                             "keywords": ["boost", "forerunner"]}),
    "grade1": (_("Vanilla grade 1"), {"name": gettext_noop("Grade 1 unit"), "grade": 1, "power": 8000, "shield": 5000,
                                   "keywords": ["boost"]}),
    "grade2": (_("Vanilla grade 2"), {"name": gettext_noop("Grade 2 unit"), "grade": 2, "power": 10000, "shield": 5000,
                                   "keywords": ["intercept"]}),
    "grade3": (_("Vanilla grade 3 (twin drive)"), {"name": gettext_noop("Grade 3 unit"), "grade": 3, "power": 13000, "shield": 0,
                                                 "keywords": ["twin_drive"]}),
    "critical": (_("Critical trigger"), {"name": gettext_noop("Critical trigger"), "grade": 0, "power": 5000, "shield": 15000,
                                      "trigger": "critical", "keywords": ["boost"]}),
    "draw": (_("Draw trigger"), {"name": gettext_noop("Draw trigger"), "grade": 0, "power": 5000, "shield": 15000,
                              "trigger": "draw", "keywords": ["boost"]}),
    "stand": (_("Stand trigger"), {"name": gettext_noop("Stand trigger"), "grade": 0, "power": 5000, "shield": 15000,
                                "trigger": "stand", "keywords": ["boost"]}),
    "heal": (_("Heal trigger"), {"name": gettext_noop("Heal trigger"), "grade": 0, "power": 5000, "shield": 15000,
                              "trigger": "heal", "keywords": ["boost"]}),
    "sentinel": (_("Sentinel (perfect guard)"), {"name": gettext_noop("Perfect guard"), "grade": 1, "power": 6000, "shield": 0,
                                              "keywords": ["boost", "sentinel"], "abilities": [PERFECT_GUARD]}),
}


def template_card(slug: str, clan: str | None = None) -> dict:
    """A fresh card object for ``slug`` (KeyError if unknown)."""
    card = deepcopy(TEMPLATES[slug][1])
    card["name"] = gettext(card["name"])  # in the judge's language as the card is placed: the board's data from then on
    if clan:
        card["clan"] = clan
    return card


def template_choices() -> list[tuple[str, str]]:
    return [(slug, label) for slug, (label, _) in TEMPLATES.items()]
