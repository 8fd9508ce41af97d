"""Reveal in the sandbox: the plug-in half of the proof that a third game plugs in (the engine is ``engine.py``).

Everything the sandbox draws or checks differently for a game is here; nothing in judgeapp/sandbox/ names
Reveal.  A definition: ``{"format": ..., "game": "reveal", "players": [{"deck": [cards]}, {"deck": [...]}]}``,
each card ``{"id": "p0-1", "name": "Seven", "value": 7}``.
"""
from __future__ import annotations

import re
import sys
from copy import deepcopy
from pathlib import Path


from engine.core.errors import DefinitionError
from engine.core.scenario import FORMAT as SCENARIO_FORMAT
from judgeapp.sandbox import games
from judgeapp.sandbox.drafts import card_count, next_card_id
from judgeapp.sandbox.validation import MAX_CARDS, SandboxError, engine_error

from . import engine as reveal

SLUG = reveal.SLUG
TITLE = "Reveal (test game)"
RULES_DOCUMENT = reveal.DOCUMENT
TEMPLATES = "sandbox/reveal"  # its builder and judge tools, in TEMPLATE_DIR (added to Django's by the tests)
TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"
STYLESHEETS: tuple[str, ...] = ()
NEW_BUTTON = {"label": "New Reveal board", "id": "sb-new-reveal"}
ASSUMPTIONS_TEMPLATE = ""  # no readings of its own: no section on the readings page
STEP_POINTS = {"turn": "round"}  # the sandbox's "to the end of the turn" is the end of Reveal's round
ZONE_LABELS = {"deck": "Deck", "revealed": "Revealed", "won": "Won"}
PLACE_NAMES = {z: label.lower() for z, label in ZONE_LABELS.items()}
SCENARIO_PHASES: tuple[str, ...] = ()
PUBLIC_EVENT_KINDS = frozenset(("reveal", "round_won", "game_over", "concede"))  # revealed cards are public
PUBLIC_MOVE_ZONES = frozenset(("revealed", "won"))
FORM_CHOICES = {"zones": list(ZONE_LABELS.items()), "all_zones": list(ZONE_LABELS.items()), "phases": (),
                "stats": (), "modifier_durations": (), "expectations": ["winner", "event"],
                "step_modes": [("event", "One event"), ("decision", "To the next decision"),
                               ("turn", "To the end of the round")]}
LINE = re.compile(r"^\s*(\d{1,2})\s+(.{1,60}?)\s*$")


# ---------------------------------------------------------------- set-up
def definition_blank() -> dict:
    return {"format": SCENARIO_FORMAT, "game": SLUG, "players": [{}, {}]}


def definition_entries(definition: dict):
    for p, pdata in enumerate(definition.get("players", [])):
        for zone in reveal.ZONES:
            for i, entry in enumerate(pdata.get(zone, []) if isinstance(pdata, dict) else []):
                yield p, zone, i, entry


def card_clean(data: dict, field: str = "card") -> dict:
    try:
        card = reveal.Card.from_json({k: v for k, v in data.items() if k != "id"}, field)
    except DefinitionError as exc:
        raise engine_error(exc) from None
    return {"name": card.name, "value": card.value}


def card_from_line(line: str) -> tuple[dict, int]:
    """"7 Seven" -> a card worth 7 named Seven; "filler" -> a card worth 1."""
    if line.strip().lower() == "filler":
        return {"name": "Filler", "value": 1}, 1
    match = LINE.match(line)
    if not match:
        raise SandboxError("line", "write the card's number, then its name (for example: 7 Seven)")
    return {"name": match.group(2), "value": int(match.group(1))}, 1


def card_from_form(data) -> dict:
    return card_from_line(f"{data.get('value', '')} {data.get('name', '')}")[0]


def card_add(definition: dict, player: int, place: str, card: dict, count: int, position: int | None) -> list[str]:
    if place not in reveal.ZONES:
        raise SandboxError("zone", f"Reveal has no zone {str(place)[:40]!r}")
    entry = card_clean(card)
    if card_count(definition_entries(definition)) + count > MAX_CARDS:
        raise SandboxError("count", f"a scenario holds at most {MAX_CARDS} cards")
    ids = []
    for _ in range(count):
        ids.append(next_card_id(definition_entries(definition), player))
        definition["players"][player].setdefault(place, []).append(dict(entry, id=ids[-1]))
    return ids


def definition_remove(definition: dict, card_id: str) -> dict:
    for pdata in definition["players"]:
        for zone in reveal.ZONES:
            if zone in pdata:
                pdata[zone] = [e for e in pdata[zone] if e.get("id") != card_id]
    return definition


def duplicate_zone(place: str) -> str:
    return place


def board_checks(state, field: str) -> None:
    """A board where a deck is empty cannot be played: say so before the first round."""
    for p in (0, 1):
        if not state.zones[p]["deck"]:
            raise SandboxError(f"{field}.players[{p}].deck", f"player {p}'s deck is empty: give both players cards")


def definition_from_state(state, settings: dict) -> dict:
    players = [{zone: [{"id": c, "name": state.cards[c].name, "value": state.cards[c].value}
                       for c in state.zones[p][zone]] for zone in reveal.ZONES if state.zones[p][zone]}
               for p in (0, 1)]
    return {"format": SCENARIO_FORMAT, "game": SLUG, "seed": settings.get("seed", 0), "players": players}


# ---------------------------------------------------------------- the board as a viewer sees it
def _card(card: dict, hidden: bool) -> dict:
    return {"hidden": True} if hidden else {"hidden": False, "id": card["id"], "name": card["name"],
                                             "value": card["value"], "abilities": []}


def _player(p: int, places: dict, view: str) -> dict:
    zones = {z: {"label": ZONE_LABELS[z], "count": len(places[z]),
                 "cards": [_card(c, z == "deck" and view != "judge") for c in places[z]]} for z in reveal.ZONES}
    return {"index": p, "zones": zones, "circle_list": [], "pile_list": [dict(zones[z], name=z) for z in reveal.ZONES]}


def _board(players: list[dict], view: str, outcome, round_: int) -> dict:
    viewer = 1 if view == "p1" else 0
    return {"game": SLUG, "players": players, "bottom": players[viewer], "top": players[1 - viewer],
            "round": round_, "outcome": outcome, "modifiers": [], "standby": [],
            "outcome_text": "" if not outcome else ("a draw" if outcome.get("winner") is None
                                                    else f"player {outcome['winner']} wins")}


def card_visible(view: str, owner: int, zone: str, face_down: bool) -> bool:
    return view == "judge" or zone != "deck"


def board_view(*, state, view: str = "judge") -> dict:
    places = [{z: [state.cards[c].to_json() for c in state.zones[p][z]] for z in reveal.ZONES} for p in (0, 1)]
    return _board([_player(p, places[p], view) for p in (0, 1)], view, state.outcome, state.round)


def draft_board_view(*, definition: dict, view: str = "judge") -> dict:
    places = [{z: [e for e in (pdata.get(z, []) if isinstance(pdata, dict) else []) if isinstance(e, dict)]
               for z in reveal.ZONES} for pdata in definition.get("players", [{}, {}])]
    return _board([_player(p, places[p], view) for p in (0, 1)], view, None, definition.get("round", 1))


def position_words(board: dict) -> str:
    return f"Round {board['round']}"


CARD_TEMPLATE = "sandbox/reveal/_card.html"  # its own tile: a name and a value


def card_tile(c: dict) -> dict:
    """What a card's tile shows (templates/sandbox/reveal/_card.html)."""
    return {"hidden": c["hidden"], "name": c.get("name"), "value": c.get("value")}


def source_link(source: str) -> dict | None:
    return {"label": source, "href": None} if source else None


def ability_text(ability: dict) -> str:
    return str(ability)


def action_label(state, action: dict, view: str = "judge", decision: str | None = None) -> str:
    if action["kind"] == "reveal":
        card = state.cards.get(action.get("card"))
        return f"Reveal {card.name if card else 'a card'}"
    if action["kind"] == "concede":
        return f"Judge: player {action.get('player')} concedes"
    return action["kind"]


def place_of(state, action: dict) -> str | None:
    return None


def refused_options(state):
    """The refused answers a judge might expect: another card than the top one (2.1), the other player's card
    before their turn (1.2)."""
    if state.pending is None:
        return []
    out = []
    for p in (0, 1):
        for i, card in enumerate(state.zones[p]["deck"]):
            if p == state.pending.player and i == 0:
                continue
            action = reveal.Action.make("reveal", card=card)
            reason, key = reveal.explain(state, action)
            out.append((action, reason, reveal.cite(key)))
    return out


def judge_action_build(data) -> dict:
    if data.get("kind") != "concede":
        raise SandboxError("kind", "Reveal's only judge action is a concession")
    return {"kind": "concede", "player": int(data.get("player", 0))}


def assumption_list() -> tuple[dict, ...]:
    return ()


def register():
    """Host Reveal (its engine first); the tests call :func:`unregister` when done."""
    reveal.register()
    return games.register(sys.modules[__name__])


def unregister():
    games.unregister(SLUG)
    from engine.core import games as engine_games

    engine_games.GAMES.pop(SLUG, None)


def example_definition() -> dict:
    return deepcopy({"format": SCENARIO_FORMAT, "game": SLUG, "players": [
        {"deck": [{"id": "p0-1", "name": "Seven", "value": 7}, {"id": "p0-2", "name": "Two", "value": 2}]},
        {"deck": [{"id": "p1-1", "name": "Five", "value": 5}, {"id": "p1-2", "name": "Nine", "value": 9}]}]})
