"""Reads for the scenario sandbox: scenarios, boards as each viewer may see them, logs, branches, examples."""
from __future__ import annotations

import json
import re
import uuid
from functools import lru_cache
from pathlib import Path

import orjson

from django.db.models import Q, QuerySet

import engine
from engine import vanguard
from engine.vanguard.actions import CIRCLES, ZONES
from engine.vanguard import why_not
from judgeapp.caches import PARSED_JSON_FACTOR, ByteLRU

from . import games, wording

from .drafts import draft_entry
from .models import GameStateText, Scenario, ScenarioSnapshot
from .registers import register_rows

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


# The large JSON fields a write does not need before it re-reads its scenario under the lock.
HEAVY_FIELDS = ("tree", "definition", "expectations", "last_run")


def scenario_get(*, scenario_id, for_write: bool = False) -> Scenario:
    """The scenario; ``for_write`` leaves the large fields unread (the write re-reads them locked)."""
    try:
        key = uuid.UUID(str(scenario_id))
    except ValueError:
        raise ScenarioNotFound(f"no scenario {str(scenario_id)[:40]!r}") from None
    try:
        return (Scenario.objects.defer(*HEAVY_FIELDS) if for_write else Scenario.objects).get(pk=key)
    except Scenario.DoesNotExist:
        raise ScenarioNotFound(f"no scenario {key}") from None


def scenario_get_shared(*, token: str) -> Scenario:
    if not token or len(token) > 64:
        raise ScenarioNotFound("no such share link")
    try:
        return Scenario.objects.get(share_token=token)
    except Scenario.DoesNotExist:
        raise ScenarioNotFound("no such share link") from None


def scenario_get_for_player(*, token: str) -> tuple[Scenario, str]:
    """The scenario of a player's private link and that player's view (``p0`` or ``p1``)."""
    if not token or len(token) > 64:
        raise ScenarioNotFound("no such player link")
    try:
        scenario = Scenario.objects.get(Q(player0_token=token) | Q(player1_token=token))
    except Scenario.DoesNotExist:
        raise ScenarioNotFound("no such player link") from None
    return scenario, "p0" if scenario.player0_token == token else "p1"


def scenario_list_by_ids(*, ids) -> QuerySet[Scenario]:
    return Scenario.objects.filter(pk__in=list(ids)).only("id", "title", "status", "updated", "question")


def state_get(*, scenario: Scenario, node: int | None = None) -> vanguard.GameState | None:
    if not scenario.tree:
        return None
    node = scenario.tree["current"] if node is None else node
    cached = getattr(scenario, "current_state", None)
    if cached is not None and cached[0] == node:
        return cached[1]
    text = ScenarioSnapshot.objects.state_text(scenario=scenario, node=node)
    return games.state_from_json(text) if text else None


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
        "face_down": face_down, "abilities": [ability_text(a) if isinstance(a, dict) else str(a) for a in abilities],
        "ability_notes": [a.get("text", "") if isinstance(a, dict) else "" for a in abilities],
        "clan": card.get("clan"),
    }


# ---------------------------------------------------------------- abilities as card text
TIMING_TEXT = {
    "on_ride": "[AUTO] When this card rides", "on_call": "[AUTO] When this unit is called",
    "on_place": "[AUTO] When this unit is placed on a circle", "on_attack": "[AUTO] When this unit attacks",
    "on_boost": "[AUTO] When this unit boosts", "on_hit": "[AUTO] When this unit's attack hits",
    "on_drive_check": "[AUTO] When a drive check is performed in this unit's battle",
    "act": "[ACT]", "cont": "[CONT]", "g_guardian": "[G guardian]",
}
# Target text and whether it is plural ("all your rear-guards get").
TARGET_TEXT = {
    "self": ("this unit", False), "own_vanguard": ("your vanguard", False),
    "guarded_unit": ("the guarded unit", False), "all_own_rear_guards": ("all your rear-guards", True),
    "choose_own_unit": ("one of your units", False), "choose_own_rear_guard": ("one of your rear-guards", False),
    "choose_opponent_unit": ("one of your opponent's units", False),
    "choose_opponent_rear_guard": ("one of your opponent's rear-guards", False),
}
CIRCLE_TEXT = {"vanguard": "(VC)", "rear_guard": "(RC)", "guardian": "(GC)"}
SOURCE_TEXT = {"soul": "your soul", "deck_top": "the top of your deck", "drop": "your drop zone", "hand": "your hand"}
COUNTED = {"counter_blast": "Counter Blast", "soul_blast": "Soul Blast", "counter_charge": "Counter Charge",
           "soul_charge": "Soul Charge"}


def _part(part: dict) -> str:
    """A part the text renderer does not know (a kind added to the engine later): its raw fields."""
    rest = " ".join(f"{k}={v}" for k, v in part.items() if k != "kind")
    return f"{part.get('kind')} {rest}".strip()


def _cards(n) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def condition_text(c: dict) -> str:
    kind = c.get("kind")
    if kind == "limit_break":
        return f"Limit Break {c.get('count')}"
    if kind == "generation_break":
        return f"Generation Break {c.get('count')}"
    if kind == "circle":
        return f"this unit is on {CIRCLE_TEXT.get(c.get('circle'), c.get('circle'))}"
    if kind == "attacking":
        return f"this unit is attacking a {str(c.get('target', '')).replace('_', '-')}"
    if kind == "count":
        whose = "your" if c.get("player") == "self" else "your opponent's"
        zone = "rear-guards" if c.get("zone") == "rear_guards" else str(c.get("zone", "")).replace("_", " ")
        bounds = ([f"at least {c['min']}"] if "min" in c else []) + ([f"at most {c['max']}"] if "max" in c else [])
        if zone == "rear-guards":
            return f"{whose} rear-guards number {' and '.join(bounds)}"
        return f"{whose} {zone} holds {' and '.join(bounds)} cards"
    return _part(c)


def cost_text(c: dict) -> str:
    kind = c.get("kind")
    if kind in COUNTED:
        return f"{COUNTED[kind]} {c.get('count')}"
    if kind == "discard":
        return f"discard {_cards(c.get('count'))} from your hand"
    if kind == "rest_self":
        return "rest this unit"
    return _part(c)


def effect_text(e: dict, timing: str = "") -> str:
    kind = e.get("kind")
    target, plural = TARGET_TEXT.get(e.get("target"), (str(e.get("target", "")).replace("_", " "), False))
    until = f" until {e['duration'].replace('_', ' ')}" if e.get("duration") and timing != "cont" else ""
    if kind in ("power", "critical", "shield", "drive"):
        amount = e.get("amount", 0)
        return f"{target} get{'' if plural else 's'} {amount:+} {kind}{until}" if isinstance(amount, int) else _part(e)
    if kind == "cannot_be_hit":
        return f"{target} cannot be hit{until}"
    if kind == "draw":
        return f"draw {_cards(e.get('count'))}"
    if kind == "heal":
        return f"heal {e.get('count')} damage"
    if kind in COUNTED:
        return f"{COUNTED[kind]} {e.get('count')}"
    if kind in ("retire", "stand", "rest", "bind"):
        return f"{kind} {target}"
    if kind == "call":
        return f"call a card from {SOURCE_TEXT.get(e.get('source'), e.get('source'))} to (RC)"
    return _part(e)


def ability_text(ability: dict) -> str:
    """An ability as readable card text: "[AUTO] When this unit attacks, if Limit Break 4:
    [Counter Blast 1] this unit gets +5000 power until end of battle." """
    timing = ability.get("timing", "")
    head = TIMING_TEXT.get(timing, f"[{str(timing).upper()}]")
    conditions = [condition_text(c) for c in ability.get("conditions", [])]
    if conditions:
        head += (", if " if head.startswith("[AUTO]") else " if ") + " and ".join(conditions)
    costs = [cost_text(c) for c in ability.get("cost", [])]
    effects = [effect_text(e, timing) for e in ability.get("effects", [])]
    body = ("you may " if ability.get("optional") else "") + (f"[{', '.join(costs)}] " if costs else "")
    if effects:
        body += ", then ".join(effects) if len(effects) < 3 else ", ".join(effects[:-1]) + ", then " + effects[-1]
    elif timing == "g_guardian":
        body += "call this card from the G zone to (GC)"
    sep = ": " if conditions or timing in TIMING_TEXT and TIMING_TEXT[timing].startswith("[AUTO]") else " "
    text = f"{head}{sep}{body.strip()}." if body.strip() else f"{head}."
    if ability.get("once_per_turn"):
        text += " (once per turn)"
    return text


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


def board_view(*, state: vanguard.GameState, view: str = "judge") -> dict:
    """Both players' zones and circles as ``view`` (judge, p0, p1) may see them; current power/critical on units."""
    if games.for_state(state):
        return games.for_state(state).board_view(state=state, view=view)
    cards = {cid: c.to_json() for cid, c in state.cards.items()}
    players = []
    for p in (0, 1):
        circles = {}
        for circle in CIRCLES:
            ids = state.zones[p][circle]
            circles[circle] = [
                _card_view(cards[c], rested=c in state.rested, face_down=c in state.face_down,
                           hidden=not _visible(view, p, circle, c in state.face_down),
                           power=vanguard.power(state, c), critical=vanguard.stat(state, c, "critical"))
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

    def known(cid) -> bool:
        # A modifier's source is a card id or a word ("judge"); only card ids can be hidden.
        if view == "judge" or cid not in state.cards:
            return True
        return cid in state.loc and _visible(view, *state.loc[cid], cid in state.face_down)

    # Modifiers and stand-by abilities name cards by id: a player view leaves out those on cards it cannot see.
    return {
        "players": players, "bottom": players[viewer], "top": players[1 - viewer],
        "turn": state.turn, "turn_player": state.turn_player, "phase": state.phase,
        "phase_label": PHASE_LABELS.get(state.phase, state.phase), "step": state.step,
        "battle": state.battle, "outcome": state.outcome,
        "modifiers": [dict(m.to_json(), text=_modifier_text(state, m)) for m in state.modifiers
                      if known(m.card) and known(m.source)],
        "standby": [dict(s, text=_standby_text(state, s)) for s in state.standby if known(s.get("card"))],
        "seed": state.seed, "outcome_text": wording.outcome_text(state.outcome),
    }


def _card_name(state: vanguard.GameState, cid) -> str:
    card = state.cards.get(cid)
    return card.name if card else wording.words(cid)


def _modifier_text(state: vanguard.GameState, m) -> str:
    amount = "" if m.stat == "no_hit" else f"{m.amount:+} "
    return (f"{_card_name(state, m.card)}: {amount}{wording.words(m.stat)} until {wording.words(m.duration)} "
            f"(from {_card_name(state, m.source)})")


def _standby_text(state: vanguard.GameState, s: dict) -> str:
    card = state.cards.get(s.get("card"))
    ability = s.get("ability", 0)
    if card is None:
        return "an ability"
    if ability < 0:
        return f"forerunner of {card.name}"
    return f"{ability_text(card.abilities[ability].to_json())} ({card.name})" if ability < len(card.abilities) else (
        card.name)


PASS_LABELS = {"main": "Pass: go to the battle phase", "attack": "Pass: end the battle phase",
               "ride": "Pass: do not ride", "stride": "Pass: do not stride", "use_ability": "Pass: do not use it", "g_assist": "Pass: no G assist",
               "forerunner": "Pass: do not call it"}
ACCEPT_LABELS = {"use_ability": "Use it", "g_assist": "Use G assist"}


def action_label(state: vanguard.GameState, action: dict, view: str = "judge", decision: str | None = None) -> str:
    """An action as a judge says it ("Call Knight to the front left rear-guard circle"), for buttons and lists.

    In a player view a card the viewer cannot see now is "a card" (no name, no id).
    """
    if games.for_state(state):
        return games.for_state(state).action_label(state, action, view, decision)
    def known(cid) -> bool:
        if view == "judge":
            return True
        if cid not in state.loc:
            return False
        owner, zone = state.loc[cid]
        return _visible(view, owner, zone, cid in state.face_down)

    def name(cid) -> str:
        c = state.cards.get(cid)
        return (c.name if c else str(cid)) if known(cid) else HIDDEN_TEXT

    kind, card = action["kind"], action.get("card")
    if kind == "pass":
        return PASS_LABELS.get(decision, "Pass")
    if kind == "accept":
        return ACCEPT_LABELS.get(decision, "Yes")
    if kind in ("mulligan", "choose_cards"):
        chosen = ", ".join(name(c) for c in action.get("cards", []))
        verb = "Return" if kind == "mulligan" else "Choose"
        return f"{verb} {chosen}" if chosen else ("Keep the hand" if kind == "mulligan" else "Choose none")
    where = wording.words(action["circle"]) if "circle" in action else ""
    simple = {"ride": "Ride", "stride": "Stride", "attack": "Attack with", "boost": "Boost with",
              "guard": "Guard with", "intercept": "Intercept with", "g_guard": "G guard with", "choose": "Choose",
              "act": "Play the ACT ability of"}
    if kind in simple:
        return f"{simple[kind]} {name(card)}"
    if kind == "call":
        return f"Call {name(card)} to the {where}"
    if kind == "target":
        place = wording.words(state.loc[card][1]) if card in state.loc else ""
        return f"Target {name(card)}" + (f" on the {place}" if place else "")
    if kind == "move":
        return f"Swap the {action.get('column')} column"
    if kind == "resolve":
        return f"Play stand-by ability {action.get('standby')}"
    if kind == "concede":
        return f"Player {action.get('player')} concedes"
    bits = [kind.replace("_", " ").capitalize()]  # judge actions: "Judge move", "Judge set damage"...
    if card:
        bits.append(name(card))
    if "zone" in action:
        bits.append(f"to {wording.words(action['zone'])}")
    if "stat" in action:
        bits.append(f"{action.get('amount', 0):+} {wording.words(action['stat'])}")
    if "duration" in action:
        bits.append(f"until {wording.words(action['duration'])}")
    if "count" in action:
        bits.append(f"player {action.get('player')} to {action['count']}")
    return " ".join(str(b) for b in bits)


def _place_of(state: vanguard.GameState, action: dict) -> str | None:
    """Where an option puts or aims its card, as "<player>:<circle>" (the board lights that place up)."""
    if games.for_state(state):
        return games.for_state(state).place_of(state, action)
    kind, card = action["kind"], action.get("card")
    owner = state.loc[card][0] if card in state.loc else None
    if kind == "call":
        return f"{owner}:{action['circle']}"
    if kind == "ride":
        return f"{owner}:vanguard"
    if kind in ("guard", "g_guard"):
        return f"{owner}:guardian"
    return None


def _act(state: vanguard.GameState, action: dict, view: str, decision: str) -> dict:
    card = action.get("card")
    return {"label": action_label(state, action, view, decision), "json": json.dumps(action, sort_keys=True),
            "action": action, "card": card if card in state.cards else None, "place": _place_of(state, action)}


def decision_view(*, state: vanguard.GameState, view: str = "judge") -> dict | None:
    """The pending decision with one labelled option per legal action and, beside them, the refused options a
    judge might expect (reason and clause); options only for its player or the judge."""
    dec = state.pending
    if dec is None or state.outcome:
        return None
    mine = view == "judge" or view == f"p{dec.player}"
    legal = games.rules(state).legal_actions(state) if mine else []
    options = [_act(state, a.to_json(), view, dec.kind) for a in legal]
    refused = []
    if mine:
        for action, reason, citation in (games.for_state(state) or why_not).refused_options(state):
            item = _act(state, action.to_json(), view, dec.kind)
            item.update(reason=wording.judge_text(reason),
                        citation=citation_view(citation.to_json()) if citation else None)
            refused.append(item)
    return {"kind": dec.kind, "player": dec.player, "prompt": wording.judge_text(dec.prompt), "options": options,
            "refused": refused, "mine": mine,
            "citation": citation_view(dec.citation.to_json()) if dec.citation else None}


def _nodes_path(tree: dict, node: int) -> list[dict]:
    out = []
    nid = node
    while nid is not None:
        out.append(tree["nodes"][nid])
        nid = tree["nodes"][nid]["parent"]
    return out[::-1]


# Decoded event lists by their text's digest: a stored text never changes, and the lines of one
# history share most of their nodes (and boards set up alike share their events).  Bounded in bytes
# (judgeapp/caches.py): the parsed lists weigh about six times their text.
_EVENT_LISTS = ByteLRU("event_lists", lambda events: 64)


def node_events(*, scenario: Scenario, nodes: list[int]) -> dict[int, list[dict]]:
    """The engine's events of each of ``nodes`` (JSON, as the engine wrote them), by node id.

    Callers must not mutate the lists: they are shared."""
    if not nodes:
        return {}
    digests = dict(ScenarioSnapshot.objects.filter(scenario=scenario, node__in=nodes).values_list("node", "events_id"))
    known = {}
    for digest in set(digests.values()):
        events = _EVENT_LISTS.get(digest) if digest is not None else None
        if events is not None:
            known[digest] = events
    missing = {d for d in digests.values() if d is not None and d not in known}
    if missing:
        for digest, text in GameStateText.objects.filter(digest__in=missing).values_list("digest", "text"):
            known[digest] = orjson.loads(text)
            _EVENT_LISTS.put(digest, known[digest], size=len(text) * PARSED_JSON_FACTOR)
    return {node: known.get(digest, []) if digest else [] for node, digest in digests.items()}


def log_view(*, scenario: Scenario, node: int | None = None, view: str = "judge",
             state: vanguard.GameState | None = None) -> list[dict]:
    """Every event from the start to ``node`` (default: current), each with its citations as reader links.

    For a player view (``p0``/``p1``) the texts are redacted to what that player may know
    (:class:`Redactor`); ``state`` (the current state) is then required.  Given the state, the
    judge view names the card of each draw.
    """
    tree = scenario.tree
    if not tree:
        return []
    redact = Redactor(state, view) if view != "judge" or state is not None else None
    out = []
    path = _nodes_path(tree, tree["current"] if node is None else node)
    events_of = node_events(scenario=scenario, nodes=[n["id"] for n in path if n.get("event_count", 1)])
    for n in path:
        for e in events_of.get(n["id"], ()):
            out.append({"node": n["id"], "text": wording.judge_text(redact.text(e) if redact else e["text"]), "kind": e["kind"],
                        "judge": e.get("judge", False), "player": e.get("player"),
                        "assumptions": e.get("assumptions", []),
                        "citations": [citation_view(c) for c in e.get("citations", [])]})
    return out


# ---------------------------------------------------------------- what a player may know
# Event kinds whose text only names cards that were public when the event happened: revealed
# checks, cards on the field, in the drop zone, the soul, the bind and removal zones, face-up damage.
PUBLIC_KINDS = frozenset((
    "act", "attack", "attack_triggers", "attacker", "ability_declined", "ability_played", "ability_resolved",
    "ability_unpaid", "battle_begins", "battle_end", "bind", "boost", "call", "concede", "cost", "damage_check",
    "damage_dealt", "damage_zone", "draw_game", "draw_impossible", "drive_check", "drive_to_hand", "effect_fizzles",
    "end_of_turn", "first_player", "first_vanguard", "forerunner", "g_assist", "g_unit_returns", "game_over",
    "guard", "guard_pass", "heal", "heart_to_soul", "hit", "illegal_guardian", "intercept", "judge_remove_modifier",
    "judge_set_damage", "loss", "main_end", "modifier", "move", "next_turn", "no_attack", "no_damage", "no_hit",
    "no_ride", "no_vanguard", "overload", "removed", "rest", "retire", "retire_guardians", "ride", "ride_pass",
    "shuffle", "soul_blast", "soul_charge", "counter_blast", "counter_charge", "stand", "stand_phase", "stand_up",
    "standby", "stride", "trigger", "trigger_critical", "trigger_heal", "trigger_power", "trigger_stand",
    "turn_start", "undelete", "unlock",
    "g_guard", "g_guardian_reveal",  # G guardians are turned face up and called: public
    "heart_chosen", "legion_attack", "legion_to_soul",  # cards on the field
))
# Kinds handled one by one in Redactor.text: a draw names no card (the drawer's own view adds it),
# a mulligan only counts, a judge's move names the card only when it lands where the viewer sees it.
PRIVATE_KINDS = frozenset(("draw", "mulligan", "judge_move"))
HIDDEN_TEXT = "a card"


class Redactor:
    """Event texts as player ``view`` may read them, given the current state.

    Kinds the engine may add later (neither public nor handled) are redacted
    conservatively: every name of a card the viewer cannot see now becomes "a card".
    """

    def __init__(self, state: vanguard.GameState | None, view: str):
        if state is None:
            raise ValueError("a player view of the log needs the current state")
        self.state = state
        self.judge = view == "judge"
        self.viewer = None if self.judge else int(view[1])
        self._hidden_re = None

    def visible(self, cid: str | None) -> bool:
        """Whether the viewer can see card ``cid`` where it is now."""
        st = self.state
        if cid is None or cid not in st.loc:
            return False
        owner, zone = st.loc[cid]
        return _visible(f"p{self.viewer}", owner, zone, cid in st.face_down)

    def name(self, cid: str | None) -> str | None:
        card = self.state.cards.get(cid) if cid else None
        return card.name if card else None

    def hidden_names(self):
        """A pattern matching the names of the cards the viewer cannot see (longest first)."""
        if self._hidden_re is None:
            names = {c.name for cid, c in self.state.cards.items() if not self.visible(cid)}
            names.discard("")
            self._hidden_re = (re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))
                               if names else False)
        return self._hidden_re

    def text(self, e: dict) -> str:
        kind, text, data = e["kind"], e["text"], e.get("data") or {}
        if kind in PUBLIC_KINDS:
            return text
        p = e.get("player")
        if kind == "draw":
            card = data.get("card")
            if (self.judge or p == self.viewer) and self.name(card):
                return f"{text}: {self.name(card)}"
            return text
        if self.judge or kind == "mulligan":
            return text
        if kind == "judge_move":
            zone, to = data.get("zone"), p
            hidden = zone in ("deck", "gzone") or (zone == "hand" and to != self.viewer) or zone not in ZONE_LABELS
            return f"judge moves {HIDDEN_TEXT} to player {to}'s {zone}" if hidden else text
        pattern = self.hidden_names()
        return pattern.sub(HIDDEN_TEXT, text) if pattern else text

    def event(self, e: dict) -> dict:
        """An engine event (API form) without its data, its text redacted."""
        out = {k: v for k, v in e.items() if k != "data"}
        out["text"] = self.text(e)
        return out


def events_view(*, events: list[dict], view: str = "judge", state: vanguard.GameState | None = None) -> list[dict]:
    """Engine events as ``view`` may see them: unchanged for the judge, redacted without data for a player."""
    if view == "judge":
        return events
    redact = Redactor(state, view)
    return [redact.event(e) for e in events]


def history_view(*, tree: dict | None) -> list[dict]:
    """The points on the current path (for 'go back to'), newest last."""
    if not tree:
        return []
    return [{"id": n["id"], "action": n["action"], "mode": n.get("mode"), "events": n["event_count"],
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
        out.append({"leaf": n["id"], "depth": len(path) - 1, "events": sum(p["event_count"] for p in path),
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
    return [{"slug": slug, "title": d.get("metadata", {}).get("title", slug), "game": games.slug_of(d),
             "description": d.get("metadata", {}).get("description", ""),
             "playbook": d.get("metadata", {}).get("playbook", "")} for slug, d in _examples().items()]


# The document whose numbers a scenario's metadata.clauses use, by the scenario's game.
RULES_DOCUMENT_OF_GAME = {"vanguard": "vg-cr-it-2.2", "weiss-schwarz": "ws-cr-it"}


def example_tryouts(document, clause) -> list[dict]:
    """The reader's links into the sandbox for a clause (registered in apps.py): a Playbook question's
    replay, and every example that names the clause among its clauses ("try it in the sandbox")."""
    links = []
    if document.kind == "playbook" and clause.kind == "qa":
        slug = f"playbook-{clause.number.lower()}"
        if slug in _examples():
            links.append({"url": f"/sandbox/examples/{slug}/", "label": "Replay this question in the scenario sandbox"})
    elif clause.number:
        for slug, data in _examples().items():
            metadata = data.get("metadata", {})
            rules = RULES_DOCUMENT_OF_GAME.get(data.get("game", "vanguard"))
            if rules == document.slug and clause.number in metadata.get("clauses", ()):
                links.append({"url": f"/sandbox/examples/{slug}/",
                              "label": f"Try it in the sandbox: {metadata.get('title') or slug}"})
    return links


def example_get(*, slug: str) -> dict:
    data = _examples().get(slug)
    if data is None:
        raise ScenarioNotFound(f"no example {slug[:80]!r}")
    return json.loads(json.dumps(data))


def draft_board_view(*, definition: dict, view: str = "judge") -> dict:
    """The board of a draft, straight from its entries (it may not be playable yet: no engine state),
    as ``view`` may see it: the same hidden zones as :func:`board_view` (the opponent's hand, every
    deck, face-down cards)."""
    if games.for_definition(definition):
        return games.for_definition(definition).draft_board_view(definition=definition, view=view)
    templates = definition.get("templates") if isinstance(definition.get("templates"), dict) else {}

    def entry_view(entry, player: int, place: str) -> list[dict]:
        data, count = draft_entry(entry, templates)
        if data is None:
            return []
        card = {"id": str(data.get("id", "")), "name": str(data.get("name", "?")), "grade": data.get("grade"),
                "power": data.get("power"), "critical": data.get("critical", 1), "shield": data.get("shield", 0),
                "trigger": data.get("trigger", "none"), "keywords": data.get("keywords", []),
                "abilities": data.get("abilities", []), "clan": data.get("clan")}
        face_down = bool(data.get("face_down"))
        hidden = not _visible(view, player, place, face_down)
        return [_card_view(card, rested=bool(data.get("rested")), face_down=face_down, hidden=hidden)
                for _ in range(count)]

    players = []
    for p in (0, 1):
        raw = definition.get("players", [{}, {}])
        pdata = raw[p] if isinstance(raw, list) and len(raw) > p and isinstance(raw[p], dict) else {}
        fld = pdata.get("field", {}) if isinstance(pdata.get("field"), dict) else {}
        circles = {}
        for circle in CIRCLES:
            value = fld.get(circle)
            entries = value if isinstance(value, list) else ([] if value is None else [value])
            if circle == "vanguard" and fld.get("legion_mate") is not None:
                entries = [fld["legion_mate"]] + entries  # a Legion Mate sits beside its leader (10.27.1)
            if circle == "vanguard" and fld.get("heart") is not None:
                entries = [fld["heart"]] + entries  # the heart under the G unit that strode (10.29)
            circles[circle] = [v for e in entries for v in entry_view(e, p, circle)]
        zones = {}
        for zone in ZONES:
            entries = pdata.get(zone, []) if isinstance(pdata.get(zone), list) else []
            cards = [v for e in entries for v in entry_view(e, p, zone)]
            zones[zone] = {"label": ZONE_LABELS[zone], "count": len(cards), "cards": cards}
        players.append(_player_view(p, circles, zones))
    viewer = 0 if view in ("judge", "p0") else 1
    return {"players": players, "bottom": players[viewer], "top": players[1 - viewer],
            "turn": definition.get("turn"),
            "turn_player": definition.get("turn_player"), "phase": definition.get("phase"),
            "phase_label": PHASE_LABELS.get(definition.get("phase"), definition.get("phase")), "step": None,
            "battle": None, "outcome": None, "modifiers": [], "standby": [], "seed": definition.get("seed"),
            "outcome_text": ""}


# ---------------------------------------------------------------- the engine's assumptions register, as a page
ASSUMPTIONS_FILE = Path(__file__).resolve().parents[2] / "docs" / "engine-assumptions.md"
ASSUMPTION_ROW = re.compile(r"^\|\s*(A\d+)\s*\|(.*)\|\s*$")
CLAUSE_NUMBER = re.compile(r"\b(IT|EN)\b|\b(\d{1,2}(?:\.\d{1,2}){1,6})\b")
DOCUMENT_OF = {"IT": "vg-cr-it-2.2", "EN": "vg-cr-en-1.48"}


@lru_cache(maxsize=1)
def assumption_list() -> tuple[dict, ...]:
    """Each row of docs/engine-assumptions.md: id, where (with the clauses it concerns), problem, reading.

    The cells are the register's Markdown, rendered and sanitised by the reader's renderer; the clause
    numbers of the "where" cell become (IT or EN) reader links."""
    rows = register_rows(ASSUMPTIONS_FILE, ASSUMPTION_ROW)
    return tuple(dict(row, clauses=_clauses_in(row["where"])) for row in rows)


def _clauses_in(where: str) -> list[dict]:
    """The clause numbers of a "where" cell ("IT 7.4.1.2.2 vs EN 7.5.1.2.2"), each with its document."""
    document, out = "IT", []
    for match in CLAUSE_NUMBER.finditer(where):
        if match.group(1):
            document = match.group(1)
            continue
        number = match.group(2)
        out.append({"language": document, "number": number,
                    "href": f"{RULES_PREFIX}{DOCUMENT_OF[document]}/{number}/",
                    "preview": f"{RULES_PREFIX}{DOCUMENT_OF[document]}/{number}/preview/"})
    return out


# ---------------------------------------------------------------- the ruling page
def clause_texts(*, numbers: set[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(document, number) -> the clause's text as safe HTML, for the cited clauses found in the reader."""
    from rulesdb.models import Clause
    from rulesdb.rendering import markdown_html

    out: dict[tuple[str, str], str] = {}
    by_document: dict[str, set[str]] = {}
    for document, number in numbers:
        by_document.setdefault(document, set()).add(number)
    for document, wanted in by_document.items():
        rows = Clause.objects.filter(document__slug=document, number__in=wanted).values_list("number", "title", "text")
        for number, title, text in rows:
            out.setdefault((document, number), markdown_html(text or title))
    return out


def ruling_view(*, scenario: Scenario, node: int) -> dict:
    """A branch as a ruling: each event to ``node`` with its clauses' Italian and English text, the readings it
    relies on, the starting board and the outcome."""
    events = log_view(scenario=scenario, node=node)
    wanted = set()
    for e in events:
        for c in e["citations"]:
            wanted.add((c["document"], c["number"]))
            if c.get("en_number"):
                wanted.add((EN_DOCUMENT, c["en_number"]))
    texts = clause_texts(numbers=wanted)
    for e in events:
        e["clauses"] = [{"cite": c, "it": texts.get((c["document"], c["number"])),
                         "en": texts.get((EN_DOCUMENT, c["en_number"])) if c.get("en_number") else None,
                         "en_href": f"{RULES_PREFIX}{EN_DOCUMENT}/{c['en_number']}/" if c.get("en_number") else None}
                        for c in e["citations"]]
    used = []
    for e in events:
        used.extend(a for a in e["assumptions"] if a not in used)
    readings = {a["id"]: a for a in assumption_list() + games.module_of(games.WEISS).assumption_list()}
    return {"events": events, "assumptions": [readings[a] for a in used if a in readings]}


EN_DOCUMENT = "vg-cr-en-1.48"
