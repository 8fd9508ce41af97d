"""AUTO abilities an effect gives a character for a while: "choose 1 of your characters, until the end of the turn it
gets 'AUTO When this card attacks, ...'" (assumption W49).

The ability given is kept with the card (the state's copy of it gains the ability, after its printed ones), so the
procedure finds it where it finds a printed one: it triggers, goes on stand-by and is played as its own. The state
remembers each gift (``granted``: the card, the ability's index, the turn at whose end it stops), and takes it back:

* at the end of the turn it lasts to, with the other effects "until the end of the turn" (6.8.1.4);
* when the character leaves the stage for another area, a new card that no effect of before applies to (3.1.4,
  8.9.2); moving between stage positions keeps it. One of its abilities still waiting then (on stand-by, or its
  effect resolving) is still played (8.7.7): that gift is taken back at the end of the turn instead.

Pure state operations, no procedure: primitives.move() and the end phase call them; giving.py resolves the effect.
"""

from __future__ import annotations

from dataclasses import replace

from .state import GameState


def give(state: GameState, card_id: str, ability, until: int) -> int:
    """``card_id`` gains ``ability`` until the end of turn ``until``; its index among the card's abilities."""
    card = state.cards[card_id]
    state.cards = dict(state.cards)  # the dict is shared with earlier states (clone() copies no card)
    state.cards[card_id] = replace(card, abilities=card.abilities + (ability,))
    index = len(card.abilities)
    state.granted = state.granted + [{"card": card_id, "index": index, "until": until}]
    return index


def lapse(state: GameState, card_id: str, keep: tuple[int, ...] = ()) -> dict[int, int]:
    """The character left the stage: what was given to it is taken back, unless one of those abilities is still
    waiting to be played or resolving (8.7.7), or is one of ``keep`` (its "when this card leaves the stage" gifts,
    read on the stage, 8.7.4.1.2, about to go on stand-by): then at the end of the turn. Those kept belong to the
    card that left, not to the new one it is now (3.1.4): ``add_standby`` puts none of them on stand-by again but
    the departure's own. The renumbering of the abilities that stay (old index -> new)."""
    if not any(g["card"] == card_id for g in state.granted):
        return {}
    waiting = {e["ability"] for e in state.standby if e["card"] == card_id} | {
        t.get("ability") for t in state.agenda if isinstance(t, dict) and t.get("card") == card_id} | set(keep)
    moved = _take_back(state, [g for g in state.granted if g["card"] == card_id and g["index"] not in waiting])
    state.granted = [dict(g, left=True) if g["card"] == card_id else g for g in state.granted]
    return moved.get(card_id, {})


def returned(state: GameState, card_id: str) -> None:
    """The card came back onto the stage, a new card (3.1.4): the gifts the old one kept (``left``) are nothing to
    it, not even for its next departure."""
    if any(g["card"] == card_id and g.get("left") for g in state.granted):
        state.granted = [dict(g, gone=True) if g["card"] == card_id and g.get("left") else g
                         for g in state.granted]


def old_gift(state: GameState, card_id: str, index: int, departing: bool) -> bool:
    """Whether ability ``index`` of ``card_id`` is a gift the card kept after it left the stage (3.1.4): not a
    new card's ability, so it cannot trigger, except as the departure that made it old (``departing``)."""
    return any(g["card"] == card_id and g["index"] == index and (g.get("gone") or g.get("left") and not departing)
               for g in state.granted)


def expire(state: GameState) -> int:
    """6.8.1.4: the gifts lasting until the end of this turn end; how many."""
    ending = [g for g in state.granted if g["until"] <= state.turn]
    _take_back(state, ending)
    return len(ending)


def _take_back(state: GameState, ending: list[dict]) -> dict[str, dict[int, int]]:
    """Remove the abilities of ``ending`` from their cards; the indices of the gifts after them, on the same card,
    move down, and so do the stand-by abilities and tasks that name them."""
    if not ending:
        return {}
    state.cards = dict(state.cards)
    moved: dict[str, dict[int, int]] = {}
    for card_id in dict.fromkeys(g["card"] for g in ending):
        gone = {g["index"] for g in ending if g["card"] == card_id}
        card = state.cards[card_id]
        kept = [i for i in range(len(card.abilities)) if i not in gone]
        state.cards[card_id] = replace(card, abilities=tuple(card.abilities[i] for i in kept))
        moved[card_id] = {old: new for new, old in enumerate(kept) if old != new}
    state.granted = [dict(g, index=moved.get(g["card"], {}).get(g["index"], g["index"])) for g in state.granted
                     if g not in ending]

    def renumber(item):
        if not isinstance(item, dict) or not isinstance(item.get("ability"), int) \
                or item["ability"] not in moved.get(item.get("card"), {}):
            return item
        return {**item, "ability": moved[item["card"]][item["ability"]]}

    state.standby = [renumber(e) for e in state.standby]
    state.agenda = [renumber(t) for t in state.agenda]
    gone_keys = {f"{g['card']}:{g['index']}" for g in ending}
    state.used = {k: v for k, v in state.used.items() if k not in gone_keys}
    for card_id, table in moved.items():  # "up to N times per turn" counts (W42) follow their ability
        for old, new in sorted(table.items()):
            if f"{card_id}:{old}" in state.used:
                state.used = {(f"{card_id}:{new}" if k == f"{card_id}:{old}" else k): v for k, v in state.used.items()}
    return moved
