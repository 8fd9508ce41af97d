"""Altered's actions as a judge says them (the decision's buttons, the history, the why-not list), where each one
puts its card (the board lights that zone up), and the judge tools' form read into a judge action."""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from engine.altered.abilities import DURATIONS, STAT_NAMES, STATUSES
from engine.altered.actions import ALL_ZONES
from engine.altered.state import GameState

from ..validation import SandboxError, int_clean
from . import boards
from .altered_words import DURATION_LABELS, STAT_LABELS, STATUS_LABELS, said, zone_name

JUDGE_KINDS = ("judge_move", "judge_status", "judge_boost", "judge_modifier", "judge_remove_modifier",
               "judge_expedition", "judge_first_player")
FROM_WORDS = {"hand": gettext_noop("from the hand"), "reserve": gettext_noop("from the Reserve")}  # 5.2.1
EXPEDITION_WORDS = {"hero": gettext_noop("hero expedition"), "companion": gettext_noop("companion expedition")}


def card_visible(view: str, owner: int, zone: str, face_down: bool = False) -> bool:
    """Whether ``view`` sees a card: as in every game (no deck, only its own hand); the Mana zone's cards are face
    down (3.2.9.b) and only their owner may look at them (3.2.9.d): the opponent sees how many and which are
    exhausted."""
    if zone == "mana" and view != "judge":
        return view == f"p{owner}"
    return boards.card_visible(view, owner, zone, face_down)


def seen(view: str, state: GameState, cid) -> bool:
    """Whether ``view`` sees the object ``cid`` where it is now."""
    if view == "judge" or cid not in state.cards:
        return True
    return cid in state.loc and card_visible(view, *state.loc[cid])


def _pass_label(decision: str | None) -> str:
    return {"turn": _("Pass: no more turns this Day"), "expand": _("Put no card into Mana"),
            "optional": _("No"), "choose": _("Choose none"), "sacrifice": _("Sacrifice none")}.get(
        decision or "", _("Pass"))


def action_label(state: GameState, action: dict, view: str = "judge", decision: str | None = None) -> str:
    """An action as a judge says it ("Play Kitsune from the hand into the hero expedition (cost 1)")."""
    def name(cid) -> str:
        card = state.cards.get(cid) or state.gone.get(cid)  # a token that ceased while its reaction waits
        if card is None:
            return str(cid)
        return card.name if seen(view, state, cid) else _("a card")

    kind, card = action["kind"], action.get("card")
    if kind == "pass":
        return _pass_label(decision)
    if kind == "accept":
        return _("Yes")
    if kind == "resolve":  # which reaction in Limbo first (4.4.b): named by its object
        entry = next((s for s in state.standby if s.get("id") == action.get("standby")), None)
        if entry is not None and (entry.get("card") in state.cards or entry.get("card") in state.gone):
            return _("Play the reaction of %(card)s") % {"card": name(entry["card"])}
        return _("Play reaction %(number)s") % {"number": action.get("standby")}
    if kind == "concede":
        return _("Player %(player)s concedes") % {"player": action.get("player")}
    if kind == "swap_mana":  # 3.2.9.e, at any time
        return _("Player %(player)s exhausts a Mana Orb to ready another") % {"player": action.get("player")}
    if kind == "choose_cards":
        chosen = ", ".join(name(c) for c in action.get("cards", []))
        if decision == "setup_mana":
            return _("Put into Mana: %(cards)s") % {"cards": chosen}
        if decision == "cleanup":
            return _("Keep: %(cards)s") % {"cards": chosen} if chosen else _("Keep none")
        return _("Choose %(cards)s") % {"cards": chosen} if chosen else _("Choose none")
    if kind == "play":
        where = state.loc.get(card, (None, ""))[1]
        printed = state.cards.get(card)
        cost = (printed.reserve_cost if where == "reserve" else printed.hand_cost) if printed else 0
        values = {"card": name(card), "from": _(FROM_WORDS.get(where, FROM_WORDS["hand"])), "cost": cost,
                  "expedition": _(EXPEDITION_WORDS.get(action.get("expedition"), ""))}
        if action.get("expedition"):
            return _("Play %(card)s %(from)s into the %(expedition)s (cost %(cost)s)") % values
        return _("Play %(card)s %(from)s (cost %(cost)s)") % values
    if kind == "quick":
        where = state.loc.get(card, (None, ""))[1]
        if where == "reserve":
            return _("Support ability of %(card)s") % {"card": name(card)}
        return _("Quick action of %(card)s") % {"card": name(card)}
    if kind == "expand":
        return _("Put %(card)s into Mana") % {"card": name(card)}
    if kind == "choose":
        return _("Choose %(card)s") % {"card": name(card)}
    if kind == "deck_order":  # the cards looked at, put back in this order (3.2.2.b)
        return _("Put back in this order: %(cards)s") % {"cards": ", ".join(name(c) for c in action.get("order", []))}
    if kind == "instead":  # 6.2.f: which replacement modifier applies first
        if action.get("first") == "fleeting":
            return _("Apply Fleeting first")
        return _("Apply the ability of %(card)s first") % {"card": name(action.get("first"))}
    if kind == "die":  # 7.3.13.c: the result kept of the dice rolled
        return _("Keep a result of %(result)s") % {"result": action.get("result")}
    return _judge_label(action, name)


def _judge_label(action: dict, name) -> str:
    kind = action["kind"]
    card = name(action.get("card")) if action.get("card") else ""
    if kind == "judge_move":
        return _("Judge: move %(card)s to the %(zone)s") % {"card": card, "zone": zone_name(action.get("zone", ""))}
    if kind == "judge_status":
        words = _("Judge: %(card)s loses %(status)s") if action.get("remove") else _("Judge: %(card)s becomes "
                                                                                   "%(status)s")
        return words % {"card": card, "status": said(STATUS_LABELS, action.get("status"))}
    if kind == "judge_boost":
        return ngettext("Judge: %(card)s gets %(count)s boost counter", "Judge: %(card)s gets %(count)s boost counters",
                        action.get("count", 0)) % {"card": card, "count": action.get("count")}
    if kind == "judge_modifier":
        return _("Judge: %(card)s gets %(amount)s %(stat)s %(until)s") % {
            "card": card, "amount": f"{action.get('amount', 0):+}", "stat": said(STAT_LABELS, action.get("stat")),
            "until": said(DURATION_LABELS, action.get("duration"))}
    if kind == "judge_remove_modifier":
        return _("Judge: remove modifier %(number)s") % {"number": action.get("modifier")}
    if kind == "judge_expedition":
        return _("Judge: player %(player)s's %(expedition)s to region %(region)s") % {
            "player": action.get("player"), "expedition": _(EXPEDITION_WORDS.get(action.get("expedition"), "")),
            "region": action.get("region")}
    if kind == "judge_first_player":
        return _("Judge: player %(player)s becomes the first player") % {"player": action.get("player")}
    return _("Judge action")


def place_of(state: GameState, action: dict) -> str | None:
    """Where an option puts its card, as "<player>:<zone>" (the board lights that zone up)."""
    kind, card = action["kind"], action.get("card")
    if card not in state.loc:
        return None
    owner = state.loc[card][0]
    if kind == "play" and action.get("expedition"):
        return f"{owner}:{action['expedition']}_expedition"
    if kind == "play":
        return f"{owner}:landmarks" if state.cards[card].type == "permanent" else f"{owner}:limbo"
    if kind == "expand":
        return f"{owner}:mana"
    return None


# ---------------------------------------------------------------- the judge tools' form
def judge_action_build(data) -> dict:
    """A judge action object from the judge's form fields (strings from HTML converted, each checked)."""
    kind = data.get("kind")
    if kind not in JUDGE_KINDS:
        raise SandboxError("kind", _("choose a judge action"))
    out: dict = {"kind": kind}
    for key in ("card", "zone", "status", "stat", "duration", "expedition"):
        if data.get(key):
            out[key] = str(data.get(key))[:80]
    bounds = {"player": (0, 1), "position": (0, 200), "count": (0, 99), "amount": (-99, 99), "modifier": (0, 10**6),
              "region": (0, 7)}
    for key, (lo, hi) in bounds.items():
        if data.get(key) not in (None, ""):
            out[key] = int_clean(data.get(key), key, lo, hi)
    if data.get("remove") in ("on", "true", "1"):
        out["remove"] = True
    checks = (("zone", ALL_ZONES, _("choose a zone of the board")), ("status", STATUSES, _("choose a status")),
              ("stat", STAT_NAMES, _("choose a statistic")), ("duration", DURATIONS, _("choose a duration")),
              ("expedition", ("hero", "companion"), _("choose an expedition")))
    for key, allowed, message in checks:
        if key in out and out[key] not in allowed:
            raise SandboxError(key, message)
    return out
