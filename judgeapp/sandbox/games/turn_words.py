"""The board heading of a game played in turns by two players (Vanguard, Weiss Schwarz): where the game
stands in words ("Turn 3 · the first player's turn · battle phase · attack step · battle 1")."""
from __future__ import annotations

from .. import wording


def source_link(source: str) -> dict | None:
    """A scenario's source named as written (a game with a Playbook links its questions)."""
    return {"label": source, "href": None} if source else None


def position_words(board: dict) -> str:
    phase = wording.phase_text(board.get("phase"))
    seat = wording.player_words(board.get("turn_player"), board.get("first_player", 0))
    out = f"Turn {board.get('turn')} · {seat}'s turn · {phase}"
    if board.get("step"):
        out += f" · {board['step']} step"
    battle = board.get("battle")
    if battle:
        number = battle.get("number") if isinstance(battle, dict) else getattr(battle, "number", None)
        out += f" · battle {number or ''}"
    return out
