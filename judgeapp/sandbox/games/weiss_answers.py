"""Weiss Schwarz's questions and answers (judgeapp/sandbox/answers.py): the common questions at a table, the
point the engine runs to for each, and the answer in one line read from the events."""
from __future__ import annotations

from django.utils.translation import gettext as _, gettext_lazy, ngettext

from ..wording import player_words

QUESTIONS = (
    {"key": "damage", "text": gettext_lazy("How much damage does this attack deal, or is it cancelled?"),
     "mode": "battle"},
    {"key": "reverse", "text": gettext_lazy("Which character is reversed in this front attack?"), "mode": "battle"},
    {"key": "level", "text": gettext_lazy("Does the player level up, or lose at level 4?"), "mode": "battle"},
    {"key": "play", "text": gettext_lazy("Can I play this card?"), "mode": "step"},
)
QUESTION_POINT = "battle"  # a free-text question: the attack under way

LOSS_WORDS = {"LOSS_LEVEL_FOUR": gettext_lazy("level 4"),
              "REFRESH_LOSS": gettext_lazy("no cards left in the deck or the waiting room")}
OPENERS = ("attack", "next_turn")


def _cite(e: dict, index: int = 0) -> dict | None:
    """The event's clause that decides the answer: its first, or the ``index``-th where the first is the general
    one (a level-up's first is the interruption of play, 9.1.2.1; the level-up itself is 9.3.2)."""
    cites = e.get("citations") or []
    return cites[index] if len(cites) > index else (cites[0] if cites else None)


def answer_line(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """The answer at this point: the game's end, a level-up, else the last attack's damage (and its battle, a
    front attack's: the damage step comes before the battle step, 7.5 and 7.6)."""
    first = getattr(state, "first_player", 0)
    damage = battle = None
    for e in reversed(events):
        kind, data = e["kind"], e.get("data") or {}
        if kind == "game_over" and damage is None and battle is None:
            outcome = state.outcome or {}
            reason = LOSS_WORDS.get(outcome.get("reason", ""), "")
            if outcome.get("reason") == "INFINITE_LOOP_DRAW":  # 11.1.1.1: nobody lost, nobody can stop
                return _("A draw: a repetition nobody can stop"), _cite(e)
            if outcome.get("winner") is None:
                return _("A draw: both players lose at once"), _cite(e)
            winner = player_words(outcome["winner"], first).capitalize()
            return (_("%(winner)s wins: %(reason)s") % {"winner": winner, "reason": reason} if reason
                    else _("%(winner)s wins") % {"winner": winner}), _cite(e)
        if kind == "level_up" and damage is None and battle is None:
            return _("%(player)s levels up to level %(level)s") % {
                "player": player_words(e.get("player"), first).capitalize(), "level": data.get("level")}, _cite(e, 1)
        if kind == "battle" and battle is None and damage is None:
            n = len(data.get("reversed") or ())
            battle = (ngettext("%(n)d character reversed", "%(n)d characters reversed", n) % {"n": n}, _cite(e))
        elif damage is None and kind in ("damage_cancelled", "damage_taken", "no_damage"):
            if kind == "damage_cancelled":
                damage = (_("Cancelled: 0 damage (a climax was revealed)"), _cite(e))
            elif kind == "no_damage":
                damage = (_("No damage"), _cite(e))
            else:
                n = len(data.get("cards") or ())
                damage = (ngettext("Damage taken: %(n)d card into the clock",
                                   "Damage taken: %(n)d cards into the clock", n) % {"n": n}, _cite(e))
        elif kind in OPENERS:
            break
    if damage and battle:
        return f"{damage[0]}; {battle[0]}", damage[1]
    return damage or battle
