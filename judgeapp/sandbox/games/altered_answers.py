"""Altered's questions and answers (judgeapp/sandbox/answers.py): the common questions at a table, the point the
engine runs to for each, and the answer in one line read from the events.  The site walk of site-walk2 found an
Altered board with no question to pick and a ruling page with no answer, where the two other games had both."""
from __future__ import annotations

from django.utils.translation import gettext as _, gettext_lazy, ngettext

from .. import engine_words
from ..wording import player_words
from engine.altered.actions import EXPEDITIONS
from engine.altered.cards import STATS
from engine.altered.citations import cite as clause

from .altered_words import EXPEDITION_WORDS, OUTCOME_WORDS, SENTENCE_WORDS, STAT_LABELS, ZONE_LABELS, said

QUESTIONS = (
    {"key": "progress", "text": gettext_lazy("Which expeditions move forward at Dusk?"), "mode": "phase"},
    {"key": "winner", "text": gettext_lazy("Who wins at Night, and why?"), "mode": "phase"},
    # the questions asked of a card at the table (the other games' "Can I play this card?"): the judge tries it on the
    # board, a refusal answers "no" with its clause (answers.py), else the line below reads what happened
    {"key": "play", "text": gettext_lazy("Can I play this card now?"), "mode": "decision"},
    {"key": "quick", "text": gettext_lazy("Can I use this quick action or support ability now?"), "mode": "decision"},
    {"key": "reaction", "text": gettext_lazy("Does this reaction trigger?"), "mode": "decision"},
    {"key": "where", "text": gettext_lazy("Where does this card go?"), "mode": "decision"},
    {"key": "stat", "text": gettext_lazy("What do this character's statistics come to?"), "mode": "decision"},
    # the Reserve and landmark limits at Night (4.2.5.c-d), and Resistente's extra cost (7.4.5.c): asked at every table
    {"key": "cleanup", "text": gettext_lazy("What does Clean-up discard at Night?"), "mode": "phase"},
    {"key": "tough", "text": gettext_lazy("Does targeting this character cost more (Tough)?"), "mode": "decision"},
)
ANSWER_BY_QUESTION = True  # answer_line reads the events as the common question asked wants them read
QUESTION_POINT = "decision"  # a free-text question: the next choice of a player
MOVES = ("expedition_moves", "no_progress", "no_move")  # Dusk's Progress (4.2.4) as it happens, expedition by expedition
# a phase beginning before any move (but Night, which follows Dusk's Progress): the point the question is about has not
# been reached, or is a day behind
OPENERS = ("phase",)
ENDINGS = ("win", "concede")  # the game's end, with the outcome's reason


def _cite(e: dict) -> dict | None:
    return e["citations"][0] if e.get("citations") else None


def _expedition(e: dict, first) -> str:
    data = e.get("data") or {}
    return _("%(expedition)s of %(player)s") % {"expedition": said(EXPEDITION_WORDS, data.get("expedition"),
                                                                   _("an expedition")),
                                                 "player": player_words(e.get("player"), first)}


def answer_line(state, events: list[dict], question: str = "") -> tuple[str, dict | None] | None:
    """The answer at this point: the game's end and its reason; for a question about a card (``question``: the key
    of the common question asked), what happened to it; else the expeditions the last Progress moved forward (or
    that none did)."""
    if question in CARD_READINGS:
        return _card_answer(state, events, CARD_READINGS[question])
    if question == "stat":
        return _stat_answer(state, events)
    if question in ("cleanup", "tough"):
        return (_cleanup_answer if question == "cleanup" else _tough_answer)(state, events)
    first = getattr(state, "first_player", 0)
    moved, stayed, cite = [], 0, None
    for e in reversed(events):
        kind = e["kind"]
        if kind in ENDINGS and state.outcome and not moved and not stayed:
            outcome = state.outcome or {}
            winner = player_words(outcome.get("winner", e.get("player")), first)
            reason = said(OUTCOME_WORDS, outcome.get("reason", ""))
            text = _("%(winner)s wins: %(reason)s") % {"winner": winner, "reason": reason} if reason else \
                _("%(winner)s wins") % {"winner": winner}
            return text[:1].upper() + text[1:], _cite(e)
        if kind == "progress":  # the expedition won a statistic: 4.2.4.b decides it (the move's own clause is 7.3.11)
            cite = _cite(e)
        if kind in MOVES:
            # an expedition held back by an effect (an ongoing emblem's "cannot move forward") is cited by that
            # effect's clause, before the plain "fails to move forward" of the others (4.2.4.g)
            special = kind != "expedition_moves" and len(e.get("citations") or ()) > 1
            cite = cite if kind == "expedition_moves" else (_cite(e) if special else cite or _cite(e))
            if kind == "expedition_moves" and "forward" in e.get("text", "forward"):
                moved.append(_expedition(e, first))
            else:
                stayed += 1
        elif kind in OPENERS and (moved or stayed or (e.get("data") or {}).get("phase") != "night"):
            # asked by its common question, the answer is the newest Dusk's, a worked example played on to the next
            # Morning included; the free question about the step under way has no answer once a new day begins
            if question == "progress" and not (moved or stayed):
                continue
            break
    if moved:
        return ngettext("%(n)d expedition moves forward: %(which)s", "%(n)d expeditions move forward: %(which)s",
                        len(moved)) % {"n": len(moved), "which": ", ".join(reversed(moved))}, cite
    if stayed:
        return _("No expedition moves forward"), cite
    return None


# ---------------------------------------------------------------- the questions about a card
#: the events each question about a card reads, the newest first (the run to the next decision may have gone on
#: through later phases: no phase closes these questions)
CARD_READINGS = {"play": ("play",), "quick": ("quick",), "reaction": ("reaction", "trigger_stopped"),
                 "where": ("send", "spell_resolved", "put", "discard", "joins", "token_ceases", "stays", "resupply",
                           "expand", "step_replaced")}


def _card_name(state, e: dict) -> str:
    """The name of the event's card; a token that has ceased to exist is named as the event's sentence names it."""
    card_id = (e.get("data") or {}).get("card")
    card = (getattr(state, "cards", {}) or {}).get(card_id) or (getattr(state, "gone", {}) or {}).get(card_id)
    if card is not None:
        return card.name
    said_again = engine_words.parse(e.get("text", ""))
    return str(said_again[1].get("card")) if said_again and said_again[1].get("card") else _("the card")


def _card_answer(state, events: list[dict], kinds: tuple[str, ...]) -> tuple[str, dict | None] | None:
    """What happened to the card the question is about: the newest event of ``kinds`` (None before any).  Asked
    where a card goes, every card the last card played moved is answered (the character a spell sacrificed before
    the spell's own way to the Reserve: the card a judge asks about is more often the one an effect moved), each
    once, where it is now; the clause is the first one named's."""
    moved: dict = {}
    for e in reversed(events):
        if e["kind"] in ENDINGS and state.outcome:
            return answer_line(state, [e]) if not moved else None
        if e["kind"] == "play" and moved:
            break
        if e["kind"] in kinds:
            if kinds != CARD_READINGS["where"]:
                return _card_line(state, e), _cite(e)
            if e["kind"] == "step_replaced":  # an object whose move became a discard that was replaced (AL35)
                if (e.get("data") or {}).get("object"):
                    moved.setdefault(e["data"]["object"], e)
                continue
            moved.setdefault((e.get("data") or {}).get("card"), e)
    if not moved:
        return None
    played = next((e for e in reversed(events) if e["kind"] == "play"), {})
    own = (played.get("data") or {}).get("card")
    order = [e for c, e in moved.items() if c != own] + [e for c, e in moved.items() if c == own]
    order.sort(key=lambda e: e["kind"] != "step_replaced")  # the card that did not move is the one asked about
    return "; ".join(_card_line(state, e) for e in order[:3]), _cite(order[0])


def _card_line(state, e: dict) -> str:
    kind, data, card = e["kind"], e.get("data") or {}, _card_name(state, e)
    if kind == "play":
        source = said(SENTENCE_WORDS["source"], data.get("source"), "")
        return _("Yes: %(card)s is played %(source)s, for %(cost)s mana") % {
            "card": card, "source": source, "cost": data.get("cost", 0)}
    if kind == "quick":
        return _("Yes: %(card)s's ability is used") % {"card": card}
    if kind == "reaction":
        return _("Yes: %(card)s's reaction triggers") % {"card": card}
    if kind == "trigger_stopped":
        return _("No: %(card)s's reaction cannot trigger") % {"card": card}
    if kind == "token_ceases":
        return _("%(card)s ceases to exist") % {"card": card}
    if kind == "stays":
        return _("%(card)s stays in its expedition") % {"card": card}
    if kind == "step_replaced":  # its move made a discard, and that discard replaced (6.2.g, AL35)
        return _("%(card)s does not move: %(source)s replaces its discard") % {
            "card": _card_name(state, {"data": {"card": data.get("object")}}), "source": card}
    where = (getattr(state, "loc", {}) or {}).get(data.get("card"))
    if where is None:
        return _("%(card)s ceases to exist") % {"card": card}
    return _("%(card)s goes to: %(zone)s of %(player)s") % {
        "card": card, "zone": said(ZONE_LABELS, where[1], where[1]),
        "player": player_words(where[0], getattr(state, "first_player", 0))}


# ---------------------------------------------------------------- what a character's statistics come to
def _stat_answer(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """The statistics of the character the newest event is about, as they are now (printed, boosts, effects in
    force: 2.5.1.b), with the clause of what last changed them; None before any event names a character in an
    expedition."""
    loc = getattr(state, "loc", {}) or {}
    for e in reversed(events):
        if e["kind"] in ENDINGS and state.outcome:
            return answer_line(state, [e])
        card_id = (e.get("data") or {}).get("card")
        if card_id in getattr(state, "cards", {}) and loc.get(card_id, (0, ""))[1] in EXPEDITIONS:
            values = ", ".join(f"{_(str(STAT_LABELS[s]))} {state.stat(card_id, s)}" for s in STATS)
            boosts = state.boosts(card_id)
            text = _("%(card)s: %(values)s") % {"card": state.cards[card_id].name, "values": values}
            if boosts:
                text = ngettext("%(text)s (%(n)d boost)", "%(text)s (%(n)d boosts)", boosts) % {
                    "text": text, "n": boosts}
            return text, _cite(e)
    return None


# ---------------------------------------------------------------- Clean-up, and Resistente's extra cost
def _cleanup_answer(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """The objects the newest Night's Clean-up discarded, each with its player (4.2.5.c; the limits 4.2.5.d), or that
    it discarded none, every zone being within its limit; a run on to the next Morning included.  None before Night."""
    first, discarded = getattr(state, "first_player", 0), []
    for e in reversed(events):
        if e["kind"] in ENDINGS and state.outcome:
            return answer_line(state, [e])
        if e["kind"] == "discard":
            discarded.append(e)
        elif e["kind"] == "phase":
            phase = (e.get("data") or {}).get("phase")
            if phase == "morning" and not discarded:
                continue  # the Night before this Morning is the one asked about
            if phase != "night":
                return None
            if not discarded:
                return (_("Clean-up discards nothing: every Reserve and landmark zone is within its limit"),
                        clause("CLEANUP").to_json())
            which = ", ".join(_("%(card)s of %(player)s") % {"card": _card_name(state, d),
                                                            "player": player_words(d.get("player"), first)}
                              for d in reversed(discarded))
            return ngettext("Clean-up discards %(n)d card: %(which)s", "Clean-up discards %(n)d cards: %(which)s",
                            len(discarded)) % {"n": len(discarded), "which": which}, _cite(discarded[-1])
    return None


#: decisions of the step choosing its target or paying for it: asked before the extra cost is known
CHOOSING = ("choose", "reaction_cost", "mode", "optional")


def _tough_answer(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """Whether the newest card, quick action or reaction played paid more for an opposing Resistente target (7.4.5.c),
    how much and by whom; that a reaction played without paying it has no effect (5.5.d, 6.4.g); or that nothing more
    was paid.  None while its target is still being chosen, or before anything is played."""
    pending = getattr(state, "pending", None)
    if pending is not None and getattr(pending, "kind", "") in CHOOSING:
        return None
    first = getattr(state, "first_player", 0)
    for e in reversed(events):
        if e["kind"] in ENDINGS and state.outcome:
            return answer_line(state, [e])
        numbers = [c.get("number") for c in e.get("citations") or ()]
        if e["kind"] == "pay_tough":
            count, reduced = (e.get("data") or {}).get("count"), (e.get("data") or {}).get("reduced")
            if reduced:  # a cost reduction the card's own cost left unused (AL36)
                return _("Yes, %(reduced)s less (a cost reduction left over): %(player)s pays %(count)s more mana to "
                         "target %(card)s") % {
                    "player": player_words(e.get("player"), first), "count": count, "reduced": reduced,
                    "card": _card_name(state, e)}, _cite(e)
            return _("Yes: %(player)s pays %(count)s more mana to target %(card)s") % {
                "player": player_words(e.get("player"), first), "count": count, "card": _card_name(state, e)}, _cite(e)
        if e["kind"] == "skip_step" and "7.4.5.c" in numbers:
            return _("The reaction is played without paying for Tough: it has no effect"), _cite(e)
        if e["kind"] in ("play", "quick", "play_reaction"):
            return _("No: nothing more to pay for Tough"), None
    return None
