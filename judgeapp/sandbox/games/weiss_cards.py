"""Weiss Schwarz cards in the sandbox: from a one-line description as a judge says it, and as a tile on the mat.

"L1 C1 5000 Knight", "L3 c2 10000 s2 red", "climax yellow soul", "counter event L1", "20 fillers",
"L0 2000 rested": level, cost, power, soul, colour, type, trigger icons, counter icon, status and a count in
any order; whatever is not one of those is the name.  What is not said takes the usual value for the level
(a vanilla yellow character).
"""
from __future__ import annotations

import re

from django.utils.translation import gettext
from django.utils.translation import gettext as _

from engine.core.scenario import FORMAT as SCENARIO_FORMAT
from engine.weiss.actions import SLOTS, ZONES
from engine.weiss.cards import COLOURS, TRIGGER_ICONS
from engine.weiss.state import MARKER_OF, GameState

from .. import wording
from ..validation import SandboxError
from .boards import definition_of, zone_lists
from .weiss_words import CARD_TYPES, ICONS, SENTENCE_WORDS, STATUS_WORDS

POWER = {0: 2000, 1: 5000, 2: 7500, 3: 10000}
COST = {0: 0, 1: 0, 2: 1, 3: 2}
TYPES = {"climax": "climax", "cx": "climax", "event": "event", "character": "character", "chara": "character"}
STATUS = {"rest": "rest", "rested": "rest", "reverse": "reverse", "reversed": "reverse"}
FILLER = ("filler", "fillers")
NUMBER = re.compile(r"^(\d+)(k?)$")
SKIP = {"card", "cards", "copy", "copies", "level", "cost", "power", "trigger", "icon"}


def _amount(token: str) -> int | None:
    match = NUMBER.match(token)
    if not match:
        return None
    return int(match.group(1)) * (1000 if match.group(2) else 1)


def _read(tokens: list[str]) -> dict:
    """The attributes said in a line's tokens (see the module docstring)."""
    said: dict = {"name": [], "triggers": []}

    def put(key: str, what: str, value, raw: str) -> None:
        """Say ``key``, unless the line already said it otherwise: then the line is refused naming both."""
        if key in said and said[key] != value:
            raise SandboxError("line", _("“%(raw)s”: the card already has a %(what)s (%(old)s); write one card at "
                                         "a time, or separate cards with “·” or “;”")
                               % {"raw": raw, "what": what, "old": said[key]})
        said[key] = value

    i = 0
    while i < len(tokens):
        raw, tok = tokens[i], tokens[i].lower()
        nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if not re.search(r"\w", tok):
            raise SandboxError("line", _("“%(raw)s” is not understood: write the card's level (L1), cost (C1), power "
                                         "(5000), soul (s2), colour, type, trigger icons and a count (20 fillers); "
                                         "other words are its name") % {"raw": raw})
        if re.fullmatch(r"(?:l|lv|lvl)([0-3])", tok):
            put("level", _("level"), int(tok[-1]), raw)
        elif re.fullmatch(r"(?:l|lv|lvl)\d+", tok):
            raise SandboxError("line", _("“%(raw)s”: a level is 0 to 3") % {"raw": raw})
        elif re.fullmatch(r"c(\d{1,2})", tok):
            put("cost", _("cost"), int(tok[1:]), raw)
        elif re.fullmatch(r"s(\d)", tok):
            put("soul", _("soul"), int(tok[1:]), raw)
        elif tok == "soul" and re.fullmatch(r"\d", nxt):
            put("soul", _("soul"), int(nxt), raw)
            i += 1
        elif re.fullmatch(r"[x×]\d+|\d+[x×]", tok):
            put("count", _("number of copies"), int(tok.strip("x×")), raw)
        elif _amount(tok) is not None:
            value = _amount(tok)
            if value < 100 and "power" not in said:
                put("count", _("number of copies"), value, raw)
            else:
                put("power", _("power"), value, raw)
        elif tok in TYPES:
            put("type", _("type"), TYPES[tok], raw)
        elif tok in COLOURS:
            put("colour", _("colour"), tok, raw)
        elif tok in TRIGGER_ICONS:
            said["triggers"].append(tok)
        elif tok == "counter":
            said["counter"] = True
        elif tok in STATUS:
            said["status"] = STATUS[tok]
        elif tok in ("facedown", "face-down"):
            said["face_down"] = True
        elif tok in FILLER:
            said["filler"] = True
        elif tok not in SKIP:
            said["name"].append(raw)
        i += 1
    return said


def card_from_line(line: str) -> tuple[dict, int]:
    """(card object of the scenario format without id, number of copies) from a one-line description."""
    text = (line or "").strip()
    if not text:
        raise SandboxError("line", gettext("describe the card, e.g. “L1 C1 5000 Knight”, “climax yellow soul” or "
                                   "“20 fillers”"))
    if len(text) > 200:
        raise SandboxError("line", gettext("a card description is at most 200 characters"))
    said = _read(re.findall(r"[^\s,;]+", text))
    count = said.get("count", 1)
    if not 1 <= count <= 60:
        raise SandboxError("line", gettext("between 1 and 60 copies"))
    if len(said["triggers"]) > 2:
        raise SandboxError("line", gettext("a card has at most two trigger icons"))
    ctype = said.get("type", "character")
    level = said.get("level", 0)
    card: dict = {"name": " ".join(said["name"])[:100], "type": ctype, "colour": said.get("colour", "yellow")}
    if ctype == "climax":
        if "level" in said or "cost" in said or "power" in said:
            raise SandboxError("line", gettext("a climax has no level, cost or power (2.6.1, 2.7.1)"))
    else:
        card.update(level=level, cost=said.get("cost", COST[level]))
    if ctype == "character":
        card.update(power=said.get("power", POWER[level]), soul=said.get("soul", 2 if level == 3 else 1))
    elif "power" in said or "soul" in said:
        raise SandboxError("line", gettext("only a character has power and soul (2.9.1, 2.10.1)"))
    if said["triggers"]:
        card["triggers"] = said["triggers"]
    if said.get("counter"):
        if ctype == "climax":
            raise SandboxError("line", gettext("a climax has no counter icon (2.8.2)"))
        card["counter"] = True
    if not card["name"]:  # named in the judge's language as the board is made (it is the board's data from then on)
        card["name"] = (gettext("Filler") if said.get("filler") else "Climax" if ctype == "climax"
                        else gettext("Counter event") if ctype == "event" and said.get("counter") else
                        gettext("Event") if ctype == "event" else gettext("Level %(level)s character") % {"level": level})
    if said.get("status"):
        card["status"] = said["status"]
    if said.get("face_down"):
        card["face_down"] = True
    return card, count


def card_tile(c: dict) -> dict:
    """What a card's tile shows (templates/sandbox/_card.html): its name on one line, its stats on two (level,
    cost, power, soul; colour, type, icons, status), its abilities."""
    if c["hidden"]:
        return {"hidden": True, "classes": "sb-card sb-back" + (" sb-rested" if c["rested"] else ""),
                "back": gettext("face down") if c["face_down"] else gettext("hidden")}
    classes = f"sb-card sb-ws sb-ws-{c['colour']}" + (" sb-rested" if c["status"] == "rest" else "") + (
        " sb-reversed" if c["status"] == "reverse" else "") + (" sb-facedown" if c["face_down"] else "")
    base, after = "", ""  # a changed power's printed value (small) and what follows it
    # the card's colour, kind, icons and status in the page's words (the rules' where they name them), never the
    # identifiers of the scenario file ("yellow", "character", "soul", "rest")
    colour = wording.in_language(SENTENCE_WORDS["colour"].get(c["colour"], c["colour"]))
    kind = wording.in_language(CARD_TYPES.get(c["type"], c["type"]))
    if c["type"] == "climax":
        stats = kind
    elif c["type"] == "character":
        stats = f"L{c['level']} · C{c['cost']} · {c['power']}"
        soul = " · " + gettext("soul %(soul)s") % {"soul": c["soul"]}
        if c["power"] != c["base_power"]:
            base, after = f" ({c['base_power']})", soul
        else:
            stats += soul
    else:
        stats = f"L{c['level']} · C{c['cost']} · " + kind
    meta = [colour] + [gettext("%(icon)s icon") % {"icon": wording.in_language(ICONS.get(t, t))} for t in c["triggers"]]
    if c["counter"]:
        meta.append(gettext("counter"))
    if c["status"] != "stand":
        meta.append(wording.in_language(STATUS_WORDS.get(c["status"], c["status"])))
    if c["face_down"]:
        meta.append(gettext("face down"))
    title = (f"{c['name']}: {kind}, {colour}" + ("" if c["type"] == "climax" else
             ", " + gettext("level %(level)s, cost %(cost)s") % {"level": c["level"], "cost": c["cost"]}) + (
                 ", " + gettext("power %(power)s, soul %(soul)s") % {"power": c["power"], "soul": c["soul"]}
                 if c["type"] == "character" else "")
             + "".join(f"; {a}" for a in c["abilities"]))
    return {"hidden": False, "classes": classes, "title": title, "name": c["name"], "stats": stats, "base": base,
            "after": after, "meta": [{"text": m} for m in meta], "abilities": [wording.judge_text(a) for a in c["abilities"]]}


# ---------------------------------------------------------------- a board as a definition
def definition_from_state(state: GameState, settings: dict, slug: str) -> dict:
    """A definition with one explicit card object per card (templates and counts expanded), the markers under the
    characters (3.7) among them."""
    players = []
    for p in (0, 1):
        pdata = zone_lists(state, p, ZONES, _entry_of)
        stage = {slot: _entry_of(state, state.zones[p][slot][-1]) for slot in SLOTS if state.zones[p][slot]}
        if stage:
            pdata["stage"] = stage
        markers = {slot: [_entry_of(state, c) for c in state.zones[p][zone]]
                   for slot, zone in MARKER_OF.items() if state.zones[p][zone]}
        if markers:
            pdata["markers"] = markers
        if state.refresh_points[p]:
            pdata["refresh_points"] = state.refresh_points[p]
        players.append(pdata)
    return definition_of({"format": SCENARIO_FORMAT, "game": slug}, settings, players)


def _entry_of(state: GameState, cid: str) -> dict:
    entry = state.cards[cid].to_json()
    entry.pop("owner", None)
    status = state.status(cid)
    if status != "stand":
        entry["status"] = status
    zone = state.loc[cid][1]
    face_down = cid in state.face_down
    if face_down != (zone == "stock"):  # the format's default: the stock face down, everything else face up
        entry["face_down"] = face_down
    return entry
