"""Reads for the scenario sandbox: scenarios, boards as each viewer may see them, logs, branches, examples."""
from __future__ import annotations

import json
import re
import uuid
from functools import lru_cache
from itertools import zip_longest
from typing import Any
from pathlib import Path

import orjson

from django.db.models import Q, QuerySet
from django.utils.translation import gettext, gettext_noop

from judgeapp.caches import PARSED_JSON_FACTOR, ByteLRU

from . import engine_words, games, history, registers, wording
from .example_text import example_text

from .models import GameStateText, Scenario, ScenarioSnapshot

EXAMPLES_DIR = Path(__file__).resolve().parent / "examples"
VIEWS = ("judge", "p0", "p1")
RULES_PREFIX = "/rules/"
class ScenarioNotFound(LookupError):
    pass


# The large JSON fields a write does not need before it re-reads its scenario under the lock.
HEAVY_FIELDS = ("tree", "definition", "expectations", "last_run")


def scenario_get(*, scenario_id, for_write: bool = False) -> Scenario:
    """The scenario; ``for_write`` leaves the large fields unread (the write re-reads them locked)."""
    try:
        key = uuid.UUID(str(scenario_id))
    except ValueError:
        raise ScenarioNotFound(gettext("no scenario “%(id)s”") % {"id": str(scenario_id)[:40]}) from None
    try:
        return (Scenario.objects.defer(*HEAVY_FIELDS) if for_write else Scenario.objects).get(pk=key)
    except Scenario.DoesNotExist:
        raise ScenarioNotFound(gettext("no scenario “%(id)s”") % {"id": key}) from None


def scenario_get_shared(*, token: str) -> Scenario:
    if not token or len(token) > 64:
        raise ScenarioNotFound(gettext("no such share link"))
    try:
        return Scenario.objects.get(share_token=token)
    except Scenario.DoesNotExist:
        raise ScenarioNotFound(gettext("no such share link")) from None


def scenario_get_for_player(*, token: str) -> tuple[Scenario, str]:
    """The scenario of a player's private link and that player's view (``p0`` or ``p1``)."""
    if not token or len(token) > 64:
        raise ScenarioNotFound(gettext("no such player link"))
    try:
        scenario = Scenario.objects.get(Q(player0_token=token) | Q(player1_token=token))
    except Scenario.DoesNotExist:
        raise ScenarioNotFound(gettext("no such player link")) from None
    return scenario, "p0" if scenario.player0_token == token else "p1"


def scenario_list_by_ids(*, ids) -> QuerySet[Scenario]:
    return Scenario.objects.filter(pk__in=list(ids)).only("id", "title", "status", "updated", "question")


def state_get(*, scenario: Scenario, node: int | None = None) -> Any | None:
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


def board_view(*, state: Any, view: str = "judge") -> dict:
    """The board as ``view`` ("judge", "p0", "p1") may see it, drawn by its game's plug-in."""
    return games.for_state(state).board_view(state=state, view=view)


def action_label(state: Any, action: dict, view: str = "judge", decision: str | None = None) -> str:
    """An action in the words of its game (plain words, names instead of ids)."""
    return games.for_state(state).action_label(state, action, view, decision)


def place_of(state: Any, action: dict) -> str | None:
    """The board place an action concerns (the page highlights it), in its game's terms."""
    return games.for_state(state).place_of(state, action)


def draft_board_view(*, definition: dict, view: str = "judge") -> dict:
    """The board of a draft (it may not be playable yet), as ``view`` may see it, drawn by its game's plug-in."""
    return games.for_definition(definition).draft_board_view(definition=definition, view=view)


def ability_text(ability: dict, definition: dict | None = None) -> str:
    """One ability in plain words, in the terms of ``definition``'s game."""
    return games.for_definition(definition).ability_text(ability)


# An engine reason that rests on a reading of the rules names it "(assumption A11)": the page links the reading.
READING_NOTE = re.compile(r"\s*\(assumption (\w+)\)")


def reason_view(reason: str, state: Any = None) -> tuple[str, str | None, list[str]]:
    """A refusal's reason in the page's language (and the language it is still in, when untranslated) without its
    "(assumption A11)" note, and the readings the note named: the page links them beside the reason.  Given the
    board's ``state``, a player is named as the board names them (a refusal said "il giocatore 0")."""
    codes = READING_NOTE.findall(reason)
    text, lang = engine_words.sentence(reason)
    if state is not None:
        text = wording.seat_text(text, getattr(state, "first_player", 0), translated=lang is None)
    for code in codes:  # the note as the page's language says it ("(lettura A11)"): one word and the reading's code
        text = re.sub(r"\s*\([^()\s]+ " + re.escape(code) + r"\)", "", text)
    return text, lang, codes


def _act(state: Any, action: dict, view: str, decision: str) -> dict:
    card = action.get("card")
    if card is None and hasattr(games.for_state(state), "card_of"):  # e.g. a move names its circles, not a card
        card = games.for_state(state).card_of(state, action)
    return {"label": action_label(state, action, view, decision), "json": json.dumps(action, sort_keys=True),
            "action": action, "card": card if card in state.cards else None, "place": place_of(state, action)}


def decision_view(*, state: Any, view: str = "judge") -> dict | None:
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
        for action, reason, citation in games.for_state(state).refused_options(state):
            item = _act(state, action.to_json(), view, dec.kind)
            text, lang, assumptions = reason_view(reason, state)
            item.update(reason=text, reason_lang=lang, assumptions=assumptions,
                        citation=citation_view(citation.to_json()) if citation else None)
            refused.append(item)
    prompt, prompt_lang = engine_words.sentence(dec.prompt)
    prompt = wording.seat_text(prompt, getattr(state, "first_player", 0), translated=prompt_lang is None)
    return {"kind": dec.kind, "player": dec.player, "prompt": prompt, "prompt_lang": prompt_lang, "options": options,
            "refused": refused, "mine": mine,
            "citation": citation_view(dec.citation.to_json()) if dec.citation else None}


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
             state: Any | None = None, seats: bool = False) -> list[dict]:
    """Every event from the start to ``node`` (default: current), each with its citations as reader links.

    For a player view (``p0``/``p1``) the texts are redacted to what that player may know
    (:class:`Redactor`); ``state`` (the current state) is then required.  Given the state, the
    judge view names the card of each draw.  ``seats``: the pages name the players as the rules do ("the
    first player"); the API keeps the engine's sentences, whose "player 0" matches its ``player`` fields.
    """
    if not scenario.tree:
        return []
    redact = Redactor(state, view) if view != "judge" or state is not None else None
    out = []
    first = state.first_player if state is not None and hasattr(state, "first_player") else (
        scenario.definition.get("first_player", 0) if isinstance(scenario.definition, dict) else 0)
    path = history.timeline_of(scenario).path(node)
    events_of = node_events(scenario=scenario, nodes=[n.id for n in path if n.event_count])
    for n in path:
        for e in events_of.get(n.id, ()):
            # translated first (the template matches the engine's sentence), then redacted: names stay as they are
            text, lang = engine_words.sentence(e["text"])
            text = redact.text({**e, "text": text}) if redact else text
            text = wording.seat_text(text, first, translated=lang is None) if seats else text
            out.append({"node": n.id, "text": text, "lang": lang, "kind": e["kind"],
                        "seat": wording.seat_words(e["player"], first) if seats and e.get("player") in (0, 1) else None,
                        "judge": e.get("judge", False), "player": e.get("player"),
                        "assumptions": e.get("assumptions", []),
                        "citations": [citation_view(c) for c in e.get("citations", [])]})
    return out


# ---------------------------------------------------------------- what a player may know
def public_kinds() -> frozenset[str]:
    """Event kinds whose text only names cards that were public when the event happened: those a hosted game
    lists as such (``PUBLIC_EVENT_KINDS``)."""
    return frozenset().union(*(getattr(g, "PUBLIC_EVENT_KINDS", ()) for g in games.hosted()))


# Kinds handled one by one in Redactor.text: a draw names no card (the drawer's own view adds it),
# a mulligan only counts, a judge's move names the card only when it lands where the viewer sees it.
PRIVATE_KINDS = frozenset(("draw", "mulligan", "judge_move"))
HIDDEN_TEXT = gettext_noop("a card")  # in the page's language where it is used


class Redactor:
    """Event texts as player ``view`` may read them, given the current state.

    Kinds the engine may add later (neither public nor handled) are redacted
    conservatively: every name of a card the viewer cannot see now becomes "a card".
    """

    def __init__(self, state: Any | None, view: str):
        if state is None:
            raise ValueError("a player view of the log needs the current state")
        self.state = state
        self.game = games.for_state(state)
        self.public = public_kinds()
        self.judge = view == "judge"
        self.viewer = None if self.judge else int(view[1])
        self._hidden_re = None

    def visible(self, cid: str | None) -> bool:
        """Whether the viewer can see card ``cid`` where it is now."""
        st = self.state
        if cid is None or cid not in st.loc:
            return False
        owner, zone = st.loc[cid]
        return self.game.card_visible(f"p{self.viewer}", owner, zone, cid in getattr(st, "face_down", ()))

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
        if kind in self.public:
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
            hidden = (zone == "hand" and to != self.viewer) or zone not in self.game.PUBLIC_MOVE_ZONES
            return gettext("judge moves %(card)s to player %(player)s's %(zone)s") % {
                "card": gettext(HIDDEN_TEXT), "player": to, "zone": wording.words(zone)} if hidden else text
        pattern = self.hidden_names()
        return pattern.sub(gettext(HIDDEN_TEXT), text) if pattern else text

    def event(self, e: dict) -> dict:
        """An engine event (API form) without its data, its text redacted."""
        out = {k: v for k, v in e.items() if k != "data"}
        out["text"] = self.text(e)
        return out


def events_view(*, events: list[dict], view: str = "judge", state: Any | None = None) -> list[dict]:
    """Engine events as ``view`` may see them: unchanged for the judge, redacted without data for a player."""
    if view == "judge":
        return events
    redact = Redactor(state, view)
    return [redact.event(e) for e in events]


def history_view(*, scenario: Scenario) -> list[dict]:
    """The points on the current path (for 'go back to'), newest last."""
    if not scenario.tree:
        return []
    timeline = history.timeline_of(scenario)
    return [{"id": n.id, "action": n.action.to_json() if n.action is not None else None,
             "mode": history.mode_of(n), "events": n.event_count, "current": n.id == timeline.current}
            for n in timeline.path()]


def branch_list(*, scenario: Scenario) -> list[dict]:
    """One entry per leaf of the history (numbered in the order the leaves were made): where the branch
    leaves the main line, its last choice, size."""
    if not scenario.tree:
        return []
    timeline = history.timeline_of(scenario)
    current_path = {n.id for n in timeline.path()}
    out = []
    for leaf in timeline.leaves():
        path = timeline.path(leaf.id)
        split = next((p for p in path if len(p.children) > 1), None)
        choices = timeline.actions(leaf.id)
        out.append({"leaf": leaf.id, "depth": len(path) - 1, "events": sum(p.event_count for p in path),
                    "last_action": choices[-1].to_json() if choices else None, "split": split.id if split else None,
                    "current": leaf.id in current_path, "number": len(out) + 1})
    return out


# ---------------------------------------------------------------- examples
@lru_cache(maxsize=1)
def _examples() -> dict[str, dict]:
    out = {}
    for path in sorted(EXAMPLES_DIR.glob("*.json")):
        out[path.stem] = json.loads(path.read_text(encoding="utf-8"))
    return out


def example_list() -> list[dict]:
    """Every example: slug, game, title and description in the page's language (``title_lang``: the language the
    title is still in when it has no edition in the page's), and its Playbook question."""
    out = []
    for slug, d in _examples().items():
        text = example_text(d.get("metadata", {}))
        out.append({"slug": slug, "title": text["title"] or slug, "title_lang": text["title_lang"],
                    "game": games.slug_of(d), "description": text["description"],
                    "playbook": d.get("metadata", {}).get("playbook", "")})
    return out


def example_list_each_game_in_turn() -> list[dict]:
    """The examples with the hosted games taking turns (each game's first, then each game's second …, in the
    order the games are hosted), so a short list such as the home page's shows every game."""
    by_game: dict[str, list[dict]] = {slug: [] for slug in games.slugs()}
    for example in example_list():
        by_game.setdefault(example["game"], []).append(example)
    return [e for row in zip_longest(*by_game.values()) for e in row if e is not None]




def example_tryouts(document, clause) -> list[dict]:
    """The reader's links into the sandbox for a clause (registered in apps.py): a Playbook question's
    replay, and every example that names the clause among its clauses ("try it in the sandbox")."""
    links = []
    if clause.kind == "example":  # a worked example of the rules that an example file replays
        text = " ".join(clause.text.split())[:300]
        for slug, data in _examples().items():
            if games.for_definition(data).RULES_DOCUMENT != document.slug:
                continue
            for replayed in data.get("metadata", {}).get("rules_examples", ()):
                opening = " ".join(str(replayed.get("opening", "")).split())
                if opening and opening in text:
                    links.append({"url": f"/sandbox/examples/{slug}/",
                                  "label": gettext("Replay this example in the scenario sandbox")})
                    break
    elif document.kind == "playbook" and clause.kind == "qa":
        slug = f"playbook-{clause.number.lower()}"
        if slug in _examples():
            links.append({"url": f"/sandbox/examples/{slug}/", "label": gettext("Replay this question in the "
                                                                                "scenario sandbox")})
    elif clause.number:
        for slug, data in _examples().items():
            metadata = data.get("metadata", {})
            rules = games.for_definition(data).RULES_DOCUMENT
            if rules == document.slug and clause.number in metadata.get("clauses", ()):
                links.append({"url": f"/sandbox/examples/{slug}/",
                              "label": gettext("Try it in the sandbox: %(title)s") % {
                                  "title": example_text(metadata)["title"] or slug}})
    return links


def example_get(*, slug: str) -> dict:
    data = _examples().get(slug)
    if data is None:
        raise ScenarioNotFound(gettext("no example “%(name)s”") % {"name": slug[:80]})
    return json.loads(json.dumps(data))


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
    events = log_view(scenario=scenario, node=node, seats=True)
    # the game's English rules beside the cited ones, when it has them (a clause's en_number)
    en_document = getattr(games.for_definition(scenario.definition), "EN_DOCUMENT", None)
    wanted = set()
    for e in events:
        for c in e["citations"]:
            wanted.add((c["document"], c["number"]))
            if c.get("en_number"):
                wanted.add((en_document, c["en_number"]))
    texts = clause_texts(numbers=wanted)
    for e in events:
        e["clauses"] = [{"cite": c, "it": texts.get((c["document"], c["number"])),
                         "en": texts.get((en_document, c["en_number"])) if c.get("en_number") else None,
                         "en_href": f"{RULES_PREFIX}{en_document}/{c['en_number']}/" if c.get("en_number") else None}
                        for c in e["citations"]]
    used = []
    for e in events:
        used.extend(a for a in e["assumptions"] if a not in used)
    readings = {a["id"]: a for game in games.assumptions() for a in registers.in_page_language(game["assumptions"])}
    return {"events": events, "assumptions": [readings[a] for a in used if a in readings]}

