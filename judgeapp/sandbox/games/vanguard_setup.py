"""Setting up a Vanguard board in the sandbox: the definition's card entries (circles and zones), the blank
board, the checks the engine's loader leaves to the caller, a card's characteristics, and the board back as a
definition (docs/scenarios.md).  Moved here from the shared services: they are Vanguard's pieces."""
from __future__ import annotations

from django.utils.translation import gettext

from engine.core.errors import DefinitionError
from engine.core.scenario import FORMAT as SCENARIO_FORMAT
from engine.vanguard.actions import CIRCLES, ZONES
from engine.vanguard.cards import Card
from engine.vanguard.state import GameState

from ..drafts import card_count, next_card_id
from ..validation import MAX_CARDS, SandboxError, engine_error, json_text_check
from . import boards
from .boards import definition_of, insert_entry, remove_from_zones, zone_lists

PLACES = ZONES + CIRCLES
CARD_ENTRY_FIELDS = ("id", "name", "grade", "power", "shield", "critical", "trigger", "clan", "nation", "race",
                     "type", "keywords", "abilities", "rested", "face_down")


def definition_blank() -> dict:
    """An empty board at the start of player 0's battle phase (player 0 is the judge view's lower half: a judge
    sets up "my attack" without changing whose turn it is)."""
    return {"format": SCENARIO_FORMAT, "seed": 0, "turn": 2, "turn_player": 0, "first_player": 1,
            "phase": "battle", "players": [{"field": {}}, {"field": {}}]}


def definition_entries(definition: dict):
    """Yield (player, place, index, entry) for every card entry of a definition."""
    return boards.definition_entries(definition, ZONES, _field_entries)


def _field_entries(pdata: dict):
    """(circle, index, entry) of the cards on a player's circles: the guardians a list, one card elsewhere."""
    fld = pdata.get("field", {})
    for circle in CIRCLES + ("legion_mate", "heart"):
        value = fld.get(circle) if isinstance(fld, dict) else None
        if value is None:
            continue
        for i, entry in enumerate(value if isinstance(value, list) else [value]):
            yield circle, i, entry


def board_checks(state: GameState, field: str) -> None:
    """What the engine's loader leaves to the caller: a board that cannot be played on is explained, not fixed."""
    for p in (0, 1):
        damage = len(state.zones[p]["damage"])
        if damage >= 6:
            raise SandboxError(f"{field}.players[{p}].damage",
                               gettext("%(damage)s cards in the damage zone: the player has already lost at the "
                                       "first check "
                                       "timing (9.2.2); remove damage to play on") % {"damage": damage})
        if state.zones[p]["guardian"]:
            raise SandboxError(f"{field}.players[{p}].field.guardian",
                               gettext("a scenario starts at the beginning of a phase, where no unit can be on the "
                                       "guardian circle (9.4.1); call guardians during the guard step instead"))
        if len(state.zones[p]["trigger"]) > 1:
            raise SandboxError(f"{field}.players[{p}].trigger", gettext("the trigger zone holds at most one card "
                                                                        "(4.10)"))


def definition_from_state(state: GameState, settings: dict) -> dict:
    """A definition with one explicit card object per card (templates and counts expanded)."""
    players = []
    for p in (0, 1):
        pdata = zone_lists(state, p, ZONES, _entry_of)
        fld: dict = {}
        for circle in CIRCLES:
            ids = state.zones[p][circle]
            if ids:
                fld[circle] = [_entry_of(state, c) for c in ids] if circle == "guardian" else _entry_of(state, ids[-1])
                mate = getattr(state, "legion", {}).get(ids[-1]) if circle == "vanguard" else None
                if mate:  # a legion (10.27): the Legion Mate beside its leader
                    fld["legion_mate"] = _entry_of(state, mate)
                heart = next((c for c in ids if c in getattr(state, "hearts", ())), None) if circle == "vanguard" \
                    else None
                if heart and heart != ids[-1]:  # a stridden vanguard (10.29): the heart under the G unit
                    fld["heart"] = _entry_of(state, heart)
        pdata["field"] = fld
        players.append(pdata)
    return definition_of({"format": SCENARIO_FORMAT}, settings, players)


def _entry_of(state: GameState, cid: str) -> dict:
    entry = state.cards[cid].to_json()
    entry.pop("owner", None)
    if cid in state.rested:
        entry["rested"] = True
    zone = state.loc[cid][1] if cid in state.loc else None
    locked, deleted = cid in getattr(state, "locked", ()), cid in getattr(state, "deleted", ())
    if locked:
        entry["locked"] = True  # implies face down (10.24)
    elif deleted:
        entry["deleted"] = True  # implies face down (10.26)
    elif zone == "gzone":
        entry["face_down"] = cid in state.face_down  # the G zone is face down unless said otherwise (4.11.4)
    elif cid in state.face_down:
        entry["face_down"] = True
    return entry


def card_clean(data: dict, field: str = "card") -> dict:
    """Validate one card's characteristics with the engine (owner comes from the board)."""
    allowed = set(CARD_ENTRY_FIELDS)
    json_text_check(data, field)
    for key in data:
        if key not in allowed:
            raise SandboxError(f"{field}.{key}", gettext("unknown field"))
    flags = {k: data[k] for k in ("rested", "face_down") if data.get(k)}
    for key, value in flags.items():
        if not isinstance(value, bool):
            raise SandboxError(f"{field}.{key}", gettext("expected true or false"))
    card_data = {k: v for k, v in data.items() if k not in ("rested", "face_down")}
    card_data.setdefault("id", "x")
    name = card_data.get("name")
    if isinstance(name, str) and len(name) > 100:
        raise SandboxError(f"{field}.name", gettext("longer than 100 characters"))
    try:
        card = Card.from_json(card_data, field, owner=0)
    except DefinitionError as exc:
        raise engine_error(exc) from None
    out = card.to_json()
    out.pop("owner")
    out.update(flags)
    return out


def card_add(definition: dict, player: int, place: str, card: dict, count: int, position: int | None) -> list[str]:
    """Put ``count`` copies of ``card`` in a player's zone or circle of ``definition`` (changed); their ids."""
    if place not in PLACES:
        raise SandboxError("zone", gettext("unknown zone “%(place)s” (known: %(names)s)") % {
            "place": str(place)[:40], "names": ', '.join(PLACES)})
    entry = card_clean(card)
    if card_count(definition_entries(definition)) + count > MAX_CARDS:
        raise SandboxError("count", gettext("a scenario holds at most %(max_cards)s cards") % {"max_cards": MAX_CARDS})
    pdata = definition["players"][player]
    ids = []
    for _ in range(count):
        e = dict(entry)
        e["id"] = next_card_id(definition_entries(definition), player)
        ids.append(e["id"])
        if place in CIRCLES and place != "guardian":
            fld = pdata.setdefault("field", {})
            if fld.get(place):
                raise SandboxError("zone", gettext("the %(place)s circle already holds %(card)s: one card per circle "
                                                   "(4.6.9); remove it first") % {
                                                       "place": place, "card": fld[place]["name"]})
            fld[place] = e
        elif place == "guardian":
            pdata.setdefault("field", {}).setdefault("guardian", []).append(e)
        else:
            insert_entry(pdata, place, e, position)
    return ids


def definition_remove(definition: dict, card_id: str) -> dict:
    """``definition`` without the card ``card_id`` (unchanged when there is none)."""
    for pdata in definition["players"]:
        remove_from_zones(pdata, ZONES, card_id)
        fld = pdata.get("field", {})
        for circle in list(fld):
            value = fld[circle]
            if isinstance(value, list):
                fld[circle] = [e for e in value if e.get("id") != card_id]
                if not fld[circle]:
                    del fld[circle]
            elif value.get("id") == card_id:
                del fld[circle]
    return definition


def duplicate_zone(place: str) -> str:
    """Where a copy of a card goes: beside it in its zone, or the owner's hand when it is on a circle."""
    return place if place in ZONES else "hand"
