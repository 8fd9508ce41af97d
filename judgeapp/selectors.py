"""Reads for the scenario sandbox: scenarios, boards as each viewer may see them, logs, branches, examples."""
from __future__ import annotations

import json
import uuid
from functools import lru_cache
from pathlib import Path

from django.db.models import QuerySet

import engine
from engine.actions import CIRCLES, ZONES

from .models import Scenario, ScenarioSnapshot

EXAMPLES_DIR = Path(__file__).resolve().parent / "examples"
VIEWS = ("judge", "p0", "p1")
RULES_PREFIX = "/rules/"
ZONE_LABELS = {
    "deck": "Deck", "hand": "Hand", "drop": "Drop", "damage": "Damage", "soul": "Soul", "trigger": "Trigger zone",
    "bind": "Bind", "gzone": "G zone", "removal": "Removal", "vanguard": "Vanguard", "front_left": "Front left",
    "back_left": "Back left", "back_centre": "Back centre", "back_right": "Back right", "front_right": "Front right",
    "guardian": "Guardian circle",
}
PHASE_LABELS = {"setup": "set-up", "stand": "stand phase", "draw": "draw phase", "ride": "ride phase",
                "main": "main phase", "battle": "battle phase", "end": "end phase"}


class ScenarioNotFound(LookupError):
    pass


def scenario_get(*, scenario_id) -> Scenario:
    try:
        key = uuid.UUID(str(scenario_id))
    except ValueError:
        raise ScenarioNotFound(f"no scenario {str(scenario_id)[:40]!r}") from None
    try:
        return Scenario.objects.get(pk=key)
    except Scenario.DoesNotExist:
        raise ScenarioNotFound(f"no scenario {key}") from None


def scenario_get_shared(*, token: str) -> Scenario:
    if not token or len(token) > 64:
        raise ScenarioNotFound("no such share link")
    try:
        return Scenario.objects.get(share_token=token)
    except Scenario.DoesNotExist:
        raise ScenarioNotFound("no such share link") from None


def scenario_list_by_ids(*, ids) -> QuerySet[Scenario]:
    return Scenario.objects.filter(pk__in=list(ids)).only("id", "title", "status", "updated", "question")


def state_get(*, scenario: Scenario, node: int | None = None) -> engine.GameState | None:
    if not scenario.tree:
        return None
    node = scenario.tree["current"] if node is None else node
    cached = getattr(scenario, "current_state", None)
    if cached is not None and cached[0] == node:
        return cached[1]
    text = ScenarioSnapshot.objects.filter(scenario=scenario, node=node).values_list("state", flat=True).first()
    return engine.GameState.from_json(text) if text else None


# ---------------------------------------------------------------- boards
def citation_view(c: dict) -> dict:
    # A long log cites the same few dozen clauses thousands of times: build each view once.
    # The views are shared, so callers must not mutate them.
    return _citation_view(c["document"], c["number"], c.get("en_number"))


@lru_cache(maxsize=4096)
def _citation_view(document: str, number: str, en_number: str | None) -> dict:
    base = f"{RULES_PREFIX}{document}/{number}/"
    return {"number": number, "en_number": en_number, "document": document, "href": base,
            "preview": base + "preview/"}


def _card_view(card: dict, *, rested: bool, face_down: bool, hidden: bool, power: int | None = None,
               critical: int | None = None) -> dict:
    if hidden:
        return {"hidden": True, "face_down": face_down, "rested": rested}
    abilities = card.get("abilities", [])
    return {
        "hidden": False, "id": card["id"], "name": card["name"], "grade": card["grade"],
        "power": card["power"] if power is None else power, "base_power": card["power"],
        "critical": card.get("critical", 1) if critical is None else critical, "shield": card.get("shield", 0),
        "trigger": card.get("trigger", "none"), "keywords": card.get("keywords", []), "rested": rested,
        "face_down": face_down, "abilities": [a.get("text") or _ability_summary(a) for a in abilities],
        "clan": card.get("clan"),
    }


def _ability_summary(ability: dict) -> str:
    parts = [ability["timing"].upper()]
    if ability.get("conditions"):
        parts.append("if " + ", ".join(_part(c) for c in ability["conditions"]))
    if ability.get("cost"):
        parts.append("[" + ", ".join(_part(c) for c in ability["cost"]) + "]")
    parts.append(", ".join(_part(e) for e in ability["effects"]))
    return " ".join(parts)


def _part(part: dict) -> str:
    rest = " ".join(f"{k}={v}" for k, v in part.items() if k != "kind")
    return f"{part['kind']} {rest}".strip()


def _visible(view: str, owner: int, zone: str, face_down: bool) -> bool:
    if view == "judge":
        return True
    viewer = int(view[1])
    if face_down or zone == "deck":
        return False
    if zone == "hand":
        return owner == viewer
    return True


def _player_view(p: int, circles: dict, zones: dict) -> dict:
    return {"index": p, "circles": circles, "zones": zones,
            "circle_list": [{"name": c, "label": ZONE_LABELS[c], "cards": circles[c]} for c in CIRCLES],
            "pile_list": [dict(zones[z], name=z) for z in ZONES if z != "hand"],
            "face_up_damage": sum(1 for c in zones["damage"]["cards"] if not c["face_down"])}


def board_view(*, state: engine.GameState, view: str = "judge") -> dict:
    """Both players' zones and circles as ``view`` (judge, p0, p1) may see them; current power/critical on units."""
    cards = {cid: c.to_json() for cid, c in state.cards.items()}
    players = []
    for p in (0, 1):
        circles = {}
        for circle in CIRCLES:
            ids = state.zones[p][circle]
            circles[circle] = [
                _card_view(cards[c], rested=c in state.rested, face_down=c in state.face_down,
                           hidden=not _visible(view, p, circle, c in state.face_down),
                           power=engine.power(state, c), critical=engine.stat(state, c, "critical"))
                for c in ids]
        zones = {}
        for zone in ZONES:
            ids = state.zones[p][zone]
            zones[zone] = {
                "label": ZONE_LABELS[zone], "count": len(ids),
                "cards": [_card_view(cards[c], rested=False, face_down=c in state.face_down,
                                     hidden=not _visible(view, p, zone, c in state.face_down)) for c in ids],
            }
        players.append(_player_view(p, circles, zones))
    viewer = 0 if view in ("judge", "p0") else 1
    return {
        "players": players, "bottom": players[viewer], "top": players[1 - viewer],
        "turn": state.turn, "turn_player": state.turn_player, "phase": state.phase,
        "phase_label": PHASE_LABELS.get(state.phase, state.phase), "step": state.step,
        "battle": state.battle, "outcome": state.outcome, "modifiers": [m.to_json() for m in state.modifiers],
        "standby": list(state.standby), "seed": state.seed,
    }


def action_label(state: engine.GameState, action: dict) -> str:
    """A short human label for an action (decision buttons, branch lists)."""
    kind = action["kind"]
    words = {"pass": "Pass", "accept": "Keep", "concede": "Concede"}.get(kind, kind.replace("_", " ").capitalize())
    bits = [words]
    card = action.get("card")
    if card:
        c = state.cards.get(card)
        bits.append(c.name if c else card)
        if c:
            bits.append(f"({card})")
    if action.get("cards"):
        bits.append(", ".join(state.cards[c].name if c in state.cards else c for c in action["cards"]) or "none")
    for key in ("circle", "column", "zone", "stat", "amount", "count", "player", "standby", "ability"):
        if key in action:
            bits.append(f"{key} {action[key]}")
    return " ".join(str(b) for b in bits)


def decision_view(*, state: engine.GameState, view: str = "judge") -> dict | None:
    """The pending decision with one labelled option per legal action; options only for its player or the judge."""
    dec = state.pending
    if dec is None or state.outcome:
        return None
    mine = view == "judge" or view == f"p{dec.player}"
    options = [{"label": action_label(state, a.to_json()), "json": json.dumps(a.to_json(), sort_keys=True)}
               for a in engine.legal_actions(state)] if mine else []
    return {"kind": dec.kind, "player": dec.player, "prompt": dec.prompt, "options": options, "mine": mine,
            "citation": citation_view(dec.citation.to_json()) if dec.citation else None}


def _nodes_path(tree: dict, node: int) -> list[dict]:
    out = []
    nid = node
    while nid is not None:
        out.append(tree["nodes"][nid])
        nid = tree["nodes"][nid]["parent"]
    return out[::-1]


def log_view(*, tree: dict | None, node: int | None = None) -> list[dict]:
    """Every event from the start to ``node`` (default: current), each with its citations as reader links."""
    if not tree:
        return []
    out = []
    for n in _nodes_path(tree, tree["current"] if node is None else node):
        for e in n["events"]:
            out.append({"node": n["id"], "text": e["text"], "kind": e["kind"], "judge": e.get("judge", False),
                        "player": e.get("player"), "assumptions": e.get("assumptions", []),
                        "citations": [citation_view(c) for c in e.get("citations", [])]})
    return out


def history_view(*, tree: dict | None) -> list[dict]:
    """The points on the current path (for 'go back to'), newest last."""
    if not tree:
        return []
    return [{"id": n["id"], "action": n["action"], "mode": n.get("mode"), "events": len(n["events"]),
             "current": n["id"] == tree["current"]} for n in _nodes_path(tree, tree["current"])]


def branch_list(*, tree: dict | None) -> list[dict]:
    """One entry per leaf of the history tree: where the branch leaves the main line, its last choice, size."""
    if not tree:
        return []
    nodes = tree["nodes"]
    current_path = {n["id"] for n in _nodes_path(tree, tree["current"])}
    out = []
    for n in nodes:
        if n["children"]:
            continue
        path = _nodes_path(tree, n["id"])
        split = next((p for p in path if len(p["children"]) > 1), None)
        choices = [p["action"] for p in path if p["action"] is not None]
        out.append({"leaf": n["id"], "depth": len(path) - 1, "events": sum(len(p["events"]) for p in path),
                    "last_action": choices[-1] if choices else None, "split": split["id"] if split else None,
                    "current": n["id"] in current_path, "number": len(out) + 1})
    return out


# ---------------------------------------------------------------- examples
@lru_cache(maxsize=1)
def _examples() -> dict[str, dict]:
    out = {}
    for path in sorted(EXAMPLES_DIR.glob("*.json")):
        out[path.stem] = json.loads(path.read_text(encoding="utf-8"))
    return out


def example_list() -> list[dict]:
    return [{"slug": slug, "title": d.get("metadata", {}).get("title", slug),
             "description": d.get("metadata", {}).get("description", ""),
             "playbook": d.get("metadata", {}).get("playbook", "")} for slug, d in _examples().items()]


def example_get(*, slug: str) -> dict:
    data = _examples().get(slug)
    if data is None:
        raise ScenarioNotFound(f"no example {slug[:80]!r}")
    return json.loads(json.dumps(data))


def draft_board_view(*, definition: dict) -> dict:
    """The board of a draft, straight from its entries (it may not be playable yet: no engine state)."""
    templates = definition.get("templates") if isinstance(definition.get("templates"), dict) else {}

    def entry_view(entry) -> list[dict]:
        if isinstance(entry, str):
            entry = {"template": entry}
        if not isinstance(entry, dict):
            return []
        data = dict(templates.get(entry.get("template"), {}) if isinstance(entry.get("template"), str) else {})
        data.update(entry)
        count = data.get("count", 1)
        count = count if isinstance(count, int) and 0 < count <= 60 else 1
        card = {"id": str(data.get("id", "")), "name": str(data.get("name", "?")), "grade": data.get("grade"),
                "power": data.get("power"), "critical": data.get("critical", 1), "shield": data.get("shield", 0),
                "trigger": data.get("trigger", "none"), "keywords": data.get("keywords", []),
                "abilities": data.get("abilities", []), "clan": data.get("clan")}
        return [_card_view(card, rested=bool(data.get("rested")), face_down=bool(data.get("face_down")),
                           hidden=False) for _ in range(count)]

    players = []
    for p in (0, 1):
        raw = definition.get("players", [{}, {}])
        pdata = raw[p] if isinstance(raw, list) and len(raw) > p and isinstance(raw[p], dict) else {}
        fld = pdata.get("field", {}) if isinstance(pdata.get("field"), dict) else {}
        circles = {}
        for circle in CIRCLES:
            value = fld.get(circle)
            entries = value if isinstance(value, list) else ([] if value is None else [value])
            circles[circle] = [v for e in entries for v in entry_view(e)]
        zones = {}
        for zone in ZONES:
            entries = pdata.get(zone, []) if isinstance(pdata.get(zone), list) else []
            cards = [v for e in entries for v in entry_view(e)]
            zones[zone] = {"label": ZONE_LABELS[zone], "count": len(cards), "cards": cards}
        players.append(_player_view(p, circles, zones))
    return {"players": players, "bottom": players[0], "top": players[1], "turn": definition.get("turn"),
            "turn_player": definition.get("turn_player"), "phase": definition.get("phase"),
            "phase_label": PHASE_LABELS.get(definition.get("phase"), definition.get("phase")), "step": None,
            "battle": None, "outcome": None, "modifiers": [], "standby": [], "seed": definition.get("seed")}
