"""Weiss Schwarz's questions and answers (judgeapp/sandbox/answers.py): the common questions at a table, the
point the engine runs to for each, and the answer in one line read from the events."""
from __future__ import annotations

from django.utils.translation import gettext as _, gettext_lazy, ngettext, pgettext

from ..wording import player_words

QUESTIONS = (
    {"key": "damage", "text": gettext_lazy("How much damage does this attack deal, or is it cancelled?"),
     "mode": "battle"},
    {"key": "reverse", "text": gettext_lazy("Which character is reversed in this front attack?"), "mode": "battle"},
    # the encore step ends the attack phase (7.7): the "phase" point is past it
    {"key": "encore", "text": gettext_lazy("Can this character Encore?"), "mode": "phase"},
    {"key": "level", "text": gettext_lazy("Does the player level up, or lose at level 4?"), "mode": "battle"},
    {"key": "win", "text": gettext_lazy("Who wins?"), "mode": "battle"},
    {"key": "refresh", "text": gettext_lazy("What happens when the deck runs out?"), "mode": "step"},
    {"key": "play", "text": gettext_lazy("Can I play this card?"), "mode": "step"},
    {"key": "trigger", "text": gettext_lazy("Which automatic abilities trigger here?"), "mode": "step"},
    {"key": "attack", "text": gettext_lazy("Which characters can attack, and how?"), "mode": "step"},
    # "deal X damage, X is that character's level" (W48): the X read, and what the damage then did
    {"key": "counted", "text": gettext_lazy("What does the ability's X come to, and how much damage does it deal?"),
     "mode": "decision"},
    # Brainstorm (10.7.3): what it revealed, and what its "for each climax" reward then did (W50)
    {"key": "brainstorm", "text": gettext_lazy("What does this Brainstorm reveal, and what does it give?"),
     "mode": "decision"},
)
QUESTION_POINT = "battle"  # a free-text question: the attack under way
ANSWER_BY_QUESTION = True  # the encore and refresh questions read their own events; the others the attack's

LOSS_WORDS = {"LOSS_LEVEL_FOUR": gettext_lazy("level 4"),
              "REFRESH_LOSS": gettext_lazy("no cards left in the deck or the waiting room")}
# An attack opens a new point; a new turn does not: a board opened past the end of the turn (an example run to its
# end, the "+1 soul until the end of the turn" gone) still answers its last attack, the encores after it included
OPENERS = ("attack",)


def _cite(e: dict, index: int = 0) -> dict | None:
    """The event's clause that decides the answer: its first, or the ``index``-th where the first is the general
    one (a level-up's first is the interruption of play, 9.1.2.1; the level-up itself is 9.3.2)."""
    cites = e.get("citations") or []
    return cites[index] if len(cites) > index else (cites[0] if cites else None)


def _card(state, e: dict) -> str:
    card = state.cards.get((e.get("data") or {}).get("card") or "")
    return card.name if card is not None else _("the character")


def _encore_line(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """What the last encores did (10.2): each character put back rested, declined, or unable to pay. The encore
    step ends the turn's attacks, so the search goes back past the next turn's start, never past an attack."""
    lines: list[tuple[str, dict | None]] = []
    for e in reversed(events):
        kind, cites = e["kind"], [c.get("number") for c in e.get("citations") or []]
        if kind == "attack":
            break
        if not any(n and n.startswith("10.2.") for n in cites):
            continue
        card = _card(state, e)
        if kind == "encore":
            lines.append((_("%(card)s: Encore, back on the stage in its position, rested") % {"card": card}, _cite(e)))
        elif kind == "standby_declined":
            lines.append((_("%(card)s: no Encore, its player does not pay") % {"card": card}, _cite(e)))
        elif kind == "standby_cancelled" and cites[0] == "8.7.3.2.1":
            lines.append((_("%(card)s: no Encore, the cost cannot be paid") % {"card": card}, _cite(e)))
        elif kind == "standby_cancelled":
            lines.append((_("%(card)s: no Encore, an effect says it cannot use Encore") % {"card": card}, _cite(e)))
        elif kind == "standby_fails":
            lines.append((_("%(card)s: no Encore, it has left the waiting room") % {"card": card}, _cite(e)))
    if not lines:
        return None
    lines.reverse()
    return "; ".join(text for text, _c in lines), lines[0][1]


def _refresh_line(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """The last refresh (9.2) and its refresh point (9.9.1), back to the last attack."""
    for e in reversed(events):
        if e["kind"] == "refresh_point":
            return _("Refresh: the waiting room becomes the new deck; the refresh point puts its top card into "
                     "the clock (not damage)"), _cite(e, 1)
        if e["kind"] == "refresh":
            return _("Refresh: the waiting room becomes the new deck"), _cite(e, 1)
        if e["kind"] == "attack":
            return None
    return None


def _play_line(state) -> tuple[str, dict | None] | None:
    """The hand cards the engine refuses to play at the pending decision, wherever they would go, with the reason
    and the clause that forbids it (8.6.2.1): the refusals a judge would meet trying each (engine/weiss/why_not.py)."""
    from engine.weiss.why_not import candidate_options, refused_options

    from ..selectors import reason_view  # the sandbox's reading of an engine sentence, in the page's language

    tried: dict[str, int] = {}
    for a in candidate_options(state):
        if a.kind == "play":
            tried[a.card] = tried.get(a.card, 0) + 1
    refused: dict[str, list] = {}
    for action, reason, citation in refused_options(state):
        if action.kind == "play":
            refused.setdefault(action.card, []).append((reason, citation))
    lines = []
    for card, why in refused.items():
        if len(why) == tried.get(card):  # refused in every stage position, not only in one
            reason, citation = why[0]
            # the card's name may be a type ("Level 1 character", "Event"): the Italian sentence speaks of "la carta"
            # so that its participle agrees whatever the name's gender
            lines.append((pgettext("a card by its name", "%(card)s cannot be played: %(reason)s") % {
                "card": state.cards[card].name, "reason": reason_view(reason, state)[0]},
                citation.to_json() if citation else None))
    if not lines:
        return None
    return "; ".join(text for text, _c in lines), lines[0][1]


#: the events that open what a trigger answers: the action or the moment whose abilities go on stand-by after it
TRIGGER_OPENERS = ("attack", "play", "play_event", "climax", "phase_start", "step", "turn_start", "encore_step")


def _trigger_line(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """The automatic abilities that went on stand-by (8.7.2) since the last action or moment that opened them (an
    attack, a card played, a phase or step begun), each as the log says it in the page's language; a moment begun
    last, when the run stopped on it, is skipped. None when none did."""
    from ..selectors import reason_view  # the sandbox's reading of an engine sentence, in the page's language

    said: list[dict] = []
    for i, e in enumerate(reversed(events)):
        if e["kind"] == "standby":
            said.append(e)
        elif e["kind"] in TRIGGER_OPENERS and (said or i > 0):
            break
    if not said:
        return None
    said.reverse()
    return "; ".join(reason_view(e["text"], state)[0] for e in said), _cite(said[0])


#: the attack types (7.2.1.4), as the rules name them
ATTACK_WORDS = {"front": gettext_lazy("a front attack"), "side": gettext_lazy("a side attack"),
                "direct": gettext_lazy("a direct attack")}


def _attack_choice_line(state) -> tuple[str, dict | None] | None:
    """At the attack declaration (7.2.1.3-7.2.1.4): each character on the center stage with the attacks it may make,
    or the reason it may make none and the clause that forbids it (engine/weiss/why_not.py)."""
    from engine.weiss.why_not import candidate_options, refused_options

    from ..selectors import reason_view

    dec = state.pending
    if dec is None or dec.kind != "attack":
        return None
    legal: dict[str, list[str]] = {}
    for a in dec.options:
        if a.kind == "attack":
            legal.setdefault(a.card, []).append(a.get("type"))
    refused: dict[str, tuple] = {}
    for action, reason, citation in refused_options(state):
        refused.setdefault(action.card, (reason, citation))
    lines: list[tuple[str, dict | None]] = []
    for card in dict.fromkeys(a.card for a in candidate_options(state)):
        name = state.cards[card].name
        if legal.get(card):
            attacks = _(" or ").join(str(ATTACK_WORDS[t]) for t in legal[card])
            lines.append((_("%(card)s may make %(attacks)s") % {"card": name, "attacks": attacks},
                          dec.citation.to_json() if dec.citation else None))
        elif card in refused:
            reason, citation = refused[card]
            lines.append((_("%(card)s cannot attack: %(reason)s") % {"card": name, "reason": reason_view(reason, state)[0]},
                          citation.to_json() if citation else None))
    if not lines:
        return None
    cited = next((c for text, c in lines if c is not None), None)
    return "; ".join(text for text, _c in lines), cited


def answer_line(state, events: list[dict], key: str = "") -> tuple[str, dict | None] | None:
    """The answer at this point to common question ``key`` (a free-text question: ""): the game's end, a
    level-up, else the last attack's damage (and its battle, a front attack's: the damage step comes before the
    battle step, 7.5 and 7.6); the encores of the last encore step, the last refresh."""
    if key == "encore":
        return _encore_line(state, events)
    if key == "refresh":
        return _refresh_line(state, events)
    if key == "play":
        return _play_line(state)
    if key == "trigger":
        return _trigger_line(state, events)
    if key == "attack":
        return _attack_choice_line(state)
    if key == "counted":
        return _counted_line(state, events)
    if key == "brainstorm":
        return _brainstorm_line(state, events)
    line = _attack_line(state, events)
    if key:
        return line
    # a free-text question: the attack, then the encores after it (decided last, so their clause is the answer's)
    encores = _encore_line(state, events)
    if line is not None and encores is not None:
        return f"{line[0]}; {encores[0]}", encores[1]
    return line or encores or _refresh_line(state, events) or _play_line(state)


def _counted_line(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """The last number an effect read as it resolved ("X is the level of Veteran: 2", W48) with the clause that
    decides it, and what its damage then did: clocked, cancelled, or nothing at all for an X of 0 (1.3.2.2)."""
    from ..selectors import reason_view  # the sandbox's reading of an engine sentence, in the page's language

    found = next((i for i in range(len(events) - 1, -1, -1) if events[i]["kind"] == "counted"), None)
    if found is None:
        return None
    e = events[found]
    parts = [reason_view(e["text"], state)[0]]
    if (e.get("data") or {}).get("count", 0) <= 0:
        parts.append(_("nothing is done: an action done 0 times is not done"))
    for later in events[found + 1:]:
        if later["kind"] == "damage_taken":
            n = len((later.get("data") or {}).get("cards") or ())
            parts.append(ngettext("Damage taken: %(n)d card into the clock",
                                  "Damage taken: %(n)d cards into the clock", n) % {"n": n})
            break
        if later["kind"] == "damage_cancelled":
            parts.append(_("Cancelled: 0 damage (a climax was revealed)"))
            break
    return "; ".join(parts), _cite(e)


#: what a Brainstorm's reward does, as its events say it (W50); a damage is said by its outcome
REWARD_KINDS = ("draw", "stock_charge", "salvage", "search")


def _brainstorm_line(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """The last Brainstorm: the cards it revealed and the climaxes among them (10.7.3), then what its reward did,
    each damage by its outcome (cancelled or taken), until the next action or moment."""
    from ..selectors import reason_view  # the sandbox's reading of an engine sentence, in the page's language

    found = next((i for i in range(len(events) - 1, -1, -1) if events[i]["kind"] == "brainstorm"), None)
    if found is None:
        return None
    e = events[found]
    cards = (e.get("data") or {}).get("cards") or ()
    climaxes = sum(1 for c in cards if c in state.cards and state.cards[c].type == "climax")
    parts = [ngettext("Brainstorm: %(n)d card revealed", "Brainstorm: %(n)d cards revealed", len(cards))
             % {"n": len(cards)} + ", " + ngettext("%(n)d climax among them", "%(n)d climaxes among them", climaxes)
             % {"n": climaxes}]
    for later in events[found + 1:]:
        kind = later["kind"]
        if kind in TRIGGER_OPENERS or kind == "brainstorm":
            break
        if kind in REWARD_KINDS:
            parts.append(reason_view(later["text"], state)[0])
        elif kind == "damage_cancelled":
            parts.append(_("Cancelled: 0 damage (a climax was revealed)"))
        elif kind == "damage_taken":
            n = len((later.get("data") or {}).get("cards") or ())
            parts.append(ngettext("Damage taken: %(n)d card into the clock",
                                  "Damage taken: %(n)d cards into the clock", n) % {"n": n})
    return "; ".join(parts), _cite(e)


def _attack_line(state, events: list[dict]) -> tuple[str, dict | None] | None:
    first = getattr(state, "first_player", 0)
    damage = battle = damage_kind = None
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
            damage_kind = kind
            if kind == "damage_cancelled":
                damage = (_("Cancelled: 0 damage (a climax was revealed)"), _cite(e))
            elif kind == "no_damage":
                damage = (_("No damage"), _cite(e))
            else:
                n = len(data.get("cards") or ())
                damage = (ngettext("Damage taken: %(n)d card into the clock",
                                   "Damage taken: %(n)d cards into the clock", n) % {"n": n}, _cite(e))
        elif kind == "attack" and damage is not None and damage_kind == "damage_taken" \
                and (e.get("data") or {}).get("type") == "direct":  # 7.2.1.4.1: why one soul more than printed
            damage = (_("%(damage)s (direct attack: +1 soul)") % {"damage": damage[0]}, damage[1])
            break
        elif kind in OPENERS:
            break
    if damage and battle:
        return f"{damage[0]}; {battle[0]}", damage[1]
    return damage or battle
