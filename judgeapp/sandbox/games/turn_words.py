"""The board heading of a game played in turns by two players (Vanguard, Weiss Schwarz): where the game
stands in words ("Turn 3 · player 0's turn · battle phase · attack step · battle 1")."""
from __future__ import annotations

from django.utils.translation import gettext

from .. import wording


def source_link(source: str) -> dict | None:
    """A scenario's source named as written (a game with a Playbook links its questions)."""
    return {"label": source, "href": None} if source else None


def position_words(board: dict) -> str:
    phase = wording.phase_text(board.get("phase"))
    out = gettext("Turn %(turn)s · player %(player)s's turn · %(phase)s") % {
        "turn": board.get("turn"), "player": board.get("turn_player"), "phase": phase}
    if board.get("step"):
        out += " · " + wording.phase_text(None, board["step"]).lstrip(", ")
    battle = board.get("battle")
    if battle:
        number = battle.get("number") if isinstance(battle, dict) else getattr(battle, "number", None)
        out += " · " + gettext("battle %(number)s") % {"number": number or ""}
    return out
