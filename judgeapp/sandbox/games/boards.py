"""What every card game plug-in does the same way with a board: who sees a card, and a definition's card lists.

A plug-in passes its own zones and card reader; the places that differ by game (Vanguard's circles,
Weiss Schwarz's stage positions) stay in the plug-in.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from django.utils.translation import gettext, gettext_noop

#: the settings a definition carries beside its players, in the order they are written
SETTING_KEYS = ("seed", "turn", "turn_player", "first_player", "phase")


def card_visible(view: str, owner: int, zone: str, face_down: bool) -> bool:
    """Whether ``view`` ("judge", "p0", "p1") sees a card: a player sees no deck and no face-down card, and of the
    hands only its own; the judge sees everything."""
    if view == "judge":
        return True
    if face_down or zone == "deck":
        return False
    return owner == int(view[1]) if zone == "hand" else True


def seen(view: str, state: Any, cid: str) -> bool:
    """Whether ``view`` sees the card ``cid`` where it is now (a word such as "judge" in its place is always seen)."""
    if view == "judge" or cid not in state.cards:
        return True
    return cid in state.loc and card_visible(view, *state.loc[cid], cid in state.face_down)


def definition_entries(definition: dict, zones: tuple[str, ...],
                       placed: Callable[[dict], Iterator[tuple[str, int, Any]]]) -> Iterator[tuple[int, str, int, Any]]:
    """(player, place, index, entry) for every card entry of a definition: its players' list ``zones``, then the
    places in play ``placed(pdata)`` yields as (place, index, entry) (each game lays its own out)."""
    for p, pdata in enumerate(definition.get("players", [])):
        if not isinstance(pdata, dict):
            continue
        for zone in zones:
            entries = pdata.get(zone, [])
            for i, entry in enumerate(entries if isinstance(entries, list) else []):
                yield p, zone, i, entry
        for place, i, entry in placed(pdata):
            yield p, place, i, entry


def zone_lists(state: Any, player: int, zones: tuple[str, ...], entry_of: Callable[[Any, str], dict]) -> dict:
    """A player's non-empty list zones as a definition writes them: zone -> one card object per card."""
    return {zone: [entry_of(state, cid) for cid in state.zones[player][zone]]
            for zone in zones if state.zones[player][zone]}


def definition_of(head: dict, settings: dict, players: list[dict]) -> dict:
    """A definition: ``head`` (its format, and game), the settings given, then the players."""
    out = dict(head)
    out.update({k: settings[k] for k in SETTING_KEYS if k in settings})
    out["players"] = players
    return out


def insert_entry(pdata: dict, zone: str, entry: dict, position: int | None) -> None:
    """Put ``entry`` into a definition player's list zone: at ``position`` (kept within the list), else last."""
    entries = pdata.setdefault(zone, [])
    entries.insert(len(entries) if position is None else max(0, min(position, len(entries))), entry)


def remove_from_zones(pdata: dict, zones: tuple[str, ...], card_id: str) -> None:
    """Take the card ``card_id`` out of a definition player's list zones; a zone left empty is left out."""
    for zone in zones:
        if zone in pdata:
            pdata[zone] = [e for e in pdata[zone] if e.get("id") != card_id]
            if not pdata[zone]:
                pdata.pop(zone)


def shared_label(action: dict, decision: str | None, pass_labels: dict, accept_labels: dict) -> str | None:
    """The words of an action every game has (pass, accept, play a stand-by ability, concede), passing and
    accepting worded by the decision (``pass_labels``, ``accept_labels``: the game's); None for any other."""
    kind = action["kind"]
    if kind == "pass":
        return gettext(pass_labels.get(decision, gettext_noop("Pass")))
    if kind == "accept":
        return gettext(accept_labels.get(decision, gettext_noop("Yes")))
    if kind == "resolve":
        return gettext("Play stand-by ability %(number)s") % {"number": action.get("standby")}
    if kind == "concede":
        return gettext("Player %(player)s concedes") % {"player": action.get("player")}
    return None
