"""Vanguard's questions and answers (judgeapp/sandbox/answers.py): the common questions a floor judge gets,
the point the engine runs to for each, and the answer in one line read from the events."""
from __future__ import annotations

from django.utils.translation import gettext as _, gettext_lazy, gettext_noop, ngettext

from ..wording import player_words

# key, the question as a player asks it, the run mode it stops at (vanguard.STEP_POINTS or "decision")
QUESTIONS = (
    {"key": "hit", "text": gettext_lazy("Does the attack hit, and how much damage does it deal?"), "mode": "battle"},
    {"key": "guard", "text": gettext_lazy("Is this guard enough to stop the attack?"), "mode": "battle"},
    {"key": "win", "text": gettext_lazy("Does this attack win the game?"), "mode": "battle"},
    {"key": "ride", "text": gettext_lazy("Can I ride this card?"), "mode": "step"},
    {"key": "call", "text": gettext_lazy("Can I call this card there?"), "mode": "step"},
    {"key": "trigger", "text": gettext_lazy("What does this trigger do?"), "mode": "battle"},
)
QUESTION_POINT = "battle"  # a free-text question: the battle under way is the point it is about

LOSS_WORDS = {"LOSS_DAMAGE": gettext_lazy("six damage"), "LOSS_DECK": gettext_lazy("no cards left in the deck"),
              "LOSS_NO_VANGUARD": gettext_lazy("no vanguard and no card in the soul")}
# a hit rear-guard that its own replacement effect puts elsewhere: not retired (8.2.1.3.1), by where it goes
INSTEAD_ANSWERS = {"soul": gettext_noop("Hit: the attacked rear-guard is not retired, it goes into the soul instead"),
                   "hand": gettext_noop("Hit: the attacked rear-guard is not retired, it returns to the hand instead"),
                   "deck_bottom": gettext_noop(
                       "Hit: the attacked rear-guard is not retired, it goes to the bottom of the deck instead")}
# The events that close a question (what the answer reads back to), newest first; one that opens a new
# battle or turn before any of them means the point has not been reached yet.
OPENERS = ("attack", "next_turn")


def _cite(e: dict) -> dict | None:
    return e["citations"][0] if e.get("citations") else None


def answer_line(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """The answer at this point: the game's end, else the last battle's result (hit and damage, or no hit)."""
    first = getattr(state, "first_player", 0)
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        kind = e["kind"]
        if kind == "loss":
            loser = e.get("player")
            reason = (e.get("data") or {}).get("reason", "")
            text = _("%(winner)s wins: %(reason)s") % {
                "winner": player_words(1 - loser, first).capitalize() if loser in (0, 1) else _("Nobody"),
                "reason": LOSS_WORDS.get(reason, reason.lower())}
            return text, _cite(e)
        if kind == "draw_game":
            if (_cite(e) or {}).get("number") == "12.1.1.1":  # the draw of a loop nobody can stop
                return _("A draw: a loop nobody can stop"), _cite(e)
            return _("A draw: both players lose at once"), _cite(e)
        if kind in ("hit", "no_hit") and (e.get("data") or {}).get("target"):  # several attacked units (7.3.1.4.6)
            return _several(events, i)
        if kind == "no_hit":
            return _("No hit: 0 damage"), _cite(e)
        if kind == "hit":
            dealt = next((x for x in events[i + 1:] if x["kind"] in ("damage_dealt", "retire", "replaced")), None)
            if dealt is not None and dealt["kind"] == "damage_dealt":
                n = (dealt.get("data") or {}).get("amount", 1)
                return ngettext("Hit: %(n)d damage", "Hit: %(n)d damage", n) % {"n": n}, _cite(dealt)
            if dealt is not None and dealt["kind"] == "replaced":  # "if it would be retired, instead" (8.2.1.3.1)
                zone = (dealt.get("data") or {}).get("zone")
                return _(INSTEAD_ANSWERS.get(zone, INSTEAD_ANSWERS["soul"])), _cite(dealt)
            if dealt is not None:
                return _("Hit: the attacked rear-guard is retired"), _cite(dealt)
            return _("Hit"), _cite(e)
        if kind in OPENERS:
            return None
    return None


def _several(events: list[dict], last: int) -> tuple[str, dict | None]:
    """An attack on several units: how many it hit, and the damage dealt to the vanguard among them."""
    battle = (events[last].get("data") or {}).get("battle")
    results = [e for e in events[:last + 1] if e["kind"] in ("hit", "no_hit")
               and (e.get("data") or {}).get("target") and (e.get("data") or {}).get("battle") == battle]
    hits = [e for e in results if e["kind"] == "hit"]
    dealt = next((x for x in events[last + 1:] if x["kind"] == "damage_dealt"), None)
    n = (dealt.get("data") or {}).get("amount", 1) if dealt else 0
    text = _("The attack hits %(hits)s of its %(units)s attacked units: %(n)s damage") % {
        "hits": len(hits), "units": len(results), "n": n}
    return text, _cite(dealt or (hits or results)[0])
