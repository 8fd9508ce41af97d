"""Weiss Schwarz's words: the names of its own phases and attack steps (its stand, draw, main and end phases
and its damage step share Vanguard's names), card statuses, and its expectations as sentences."""
from __future__ import annotations

from ..wording import words

PHASE_NAMES = {"clock": "clock phase", "climax": "climax phase", "attack": "attack phase", "encore": "encore step"}
STEP_NAMES = {"declaration": "attack declaration step", "trigger": "trigger step", "counter": "counter step",
              "battle": "battle step", "encore": "encore step"}
STATUS_WORDS = {"stand": "standing", "rest": "rested", "reverse": "reversed"}
WORDS_TABLES = {"PHASE_NAMES": PHASE_NAMES, "STEP_NAMES": STEP_NAMES, "STATUS_WORDS": STATUS_WORDS}


def expectation_text(e: dict, card) -> str | None:
    """One of Weiss Schwarz's own expectations as a sentence (None for a kind it does not have)."""
    kind = e.get("expect")
    if kind in ("soul", "card_level"):
        return f"{card()} has {e.get('equals')} {'level' if kind == 'card_level' else 'soul'}"
    if kind == "level":
        return f"player {e.get('player')} is level {e.get('equals')}"
    if kind == "status" and "equals" in e:  # (another game's "status" names its status otherwise)
        return f"{card()} is {STATUS_WORDS.get(e.get('equals'), words(e.get('equals')))}"
    if kind == "refresh_points":
        return f"player {e.get('player')} has {e.get('equals')} refresh points"
    return None
