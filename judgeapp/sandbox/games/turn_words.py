"""The board heading of a game played in turns by two players (Vanguard, Weiss Schwarz): where the game
stands in words ("Turn 3 · the first player's turn · battle phase · attack step · battle 1")."""
from __future__ import annotations

from django.utils.translation import gettext

from .. import wording


def source_link(source: str) -> dict | None:
    """A scenario's source named as written (a game with a Playbook links its questions)."""
    return {"label": source, "href": None} if source else None


def position_words(board: dict) -> str:
    phase = wording.phase_text(board.get("phase"))
    # Whose turn as the rules name the players (one whole phrase each: Italian bends the article, "del primo").
    seat = wording.player_words(board.get("turn_player"), board.get("first_player", 0))
    whose = {gettext("the first player"): gettext("the first player's turn"),
             gettext("the second player"): gettext("the second player's turn")}.get(seat, gettext("a player's turn"))
    out = gettext("Turn %(turn)s · %(whose)s · %(phase)s") % {"turn": board.get("turn"), "whose": whose, "phase": phase}
    if board.get("step"):
        out += " · " + wording.phase_text(None, board["step"]).lstrip(", ")
    battle = board.get("battle")
    if battle:
        number = battle.get("number") if isinstance(battle, dict) else getattr(battle, "number", None)
        out += " · " + gettext("battle %(number)s") % {"number": number or ""}
    return out
