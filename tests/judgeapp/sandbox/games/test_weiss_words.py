"""Weiss Schwarz's game words (judgeapp/sandbox/games/weiss_words.py): each as its Italian rules print it, in the
clause it cites; the English names are the project's (no English text of these rules here), documented."""
import ast
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from lxml import html as lxml_html

from engine.core.scenario import load_scenario, run_scenario
from engine.weiss.ability_parts import TARGET_EFFECTS
from judgeapp.sandbox import input_errors, wording
from judgeapp.sandbox.games import weiss, weiss_words

from .pending_catalogue import italian, merged_catalogue  # noqa: F401  (a fixture)
from .rules_words_check import misplaced

pytestmark = pytest.mark.django_db

TABLES = {"areas and positions": weiss_words.ZONE_NAMES, "phases": weiss_words.PHASE_NAMES,
          "steps": weiss_words.STEP_NAMES, "statuses": weiss_words.STATUS_WORDS,
          "card types": weiss_words.CARD_TYPES}


@pytest.mark.parametrize("name", TABLES)
def test_each_italian_word_is_printed_in_the_clause_it_cites(name):
    assert misplaced(TABLES[name], weiss.RULES_DOCUMENT, "it") == []


@pytest.mark.parametrize("name", TABLES)
def test_each_english_name_is_the_documented_one(name):
    documented = (Path(settings.BASE_DIR) / "docs" / "sandbox-game-words.md").read_text(encoding="utf-8")
    for word in TABLES[name].values():
        assert word.en_clause is None
        assert f"| {word.it} | {word.en} |" in documented, word


def test_a_weiss_board_names_its_own_words_where_vanguard_names_the_same_identifier_otherwise():
    wording.game_is(weiss.SLUG)
    try:
        with translation.override("it"):
            assert wording.phase_text("stand") == "Stand Phase"
            assert wording.words("back_left") == "Posizione Sinistra del Back Stage"
        with translation.override("en"):
            assert wording.words("back_left") == "back stage left"
    finally:
        wording.game_is(None)
    with translation.override("it"):
        assert wording.words("back_left", weiss.SLUG) == "Posizione Sinistra del Back Stage"
        assert wording.words("back_left", "vanguard") == "posteriore sinistro"


# ---------------------------------------------------------------- every kind of event and decision the engine has
ROOT = Path(settings.BASE_DIR)
ENGINE_SOURCES = sorted((ROOT / "engine" / "weiss").glob("*.py")) + sorted((ROOT / "engine" / "core").glob("*.py"))
# an emit naming its kind literally: emit(events, "kind", ...), judge_event("kind", ...); a decision: Decision("kind"
LITERAL_EVENT = re.compile(r'\b(?:emit\(\s*\w+,\s*|judge_event\(\s*)"([a-z_]+)"')
LITERAL_DECISION = re.compile(r'\bDecision\(\s*"([a-z_]+)"')


@lru_cache(maxsize=1)
def scenario_runs() -> tuple:
    """Every Weiss Schwarz scenario file run: the kinds its events and decisions have (a kind the engine makes from a
    value, an effect's or a trigger icon's, shows here)."""
    events, decisions = set(), set()
    for path in sorted((ROOT / "tests" / "scenarios" / "weiss").glob("*.json")):
        result = run_scenario(load_scenario(path))
        events |= {e.kind for e in result.events}
        decisions |= {d.kind for d in result.decisions}
    return frozenset(events), frozenset(decisions)


def engine_kinds(pattern: re.Pattern) -> set[str]:
    return {k for path in ENGINE_SOURCES for k in pattern.findall(path.read_text(encoding="utf-8"))}


def test_every_kind_of_event_the_engine_logs_has_a_name():
    kinds = engine_kinds(LITERAL_EVENT) | set(TARGET_EFFECTS) | scenario_runs()[0]
    assert len(kinds) > 100  # the gathering found the engine's kinds
    assert sorted(kinds - set(weiss_words.EVENT_NAMES)) == []


def test_every_kind_of_decision_the_engine_asks_has_a_name():
    kinds = engine_kinds(LITERAL_DECISION) | scenario_runs()[1]
    assert {"main", "attack", "encore", "order"} <= kinds
    assert sorted(kinds - set(weiss_words.DECISION_NAMES)) == []


def test_the_gathering_finds_a_kind_written_in_a_new_emit():
    source = 'emit(events, "sudden_kind", say("x"), ("K",), p)\n    return Decision("ponder", p, say("y"), ())'
    assert LITERAL_EVENT.findall(source) == ["sudden_kind"] and LITERAL_DECISION.findall(source) == ["ponder"]


def test_a_kind_of_event_is_said_by_its_name_on_an_italian_page(merged_catalogue):
    wording.game_is(weiss.SLUG)
    try:
        with translation.override("it"):
            assert wording.expectation_text({"expect": "event", "kind": "markers_unassigned"}) == (
                "i Marker non assegnati ad alcun personaggio vanno nella Waiting Room")
            assert wording.expectation_text({"expect": "decision", "kind": "order"}).endswith("in quale ordine")
        with translation.override("en"):
            assert wording.expectation_text({"expect": "event", "kind": "climax_pass"}) == "no climax is played"
    finally:
        wording.game_is(None)


# ---------------------------------------------------------------- the loader's own checks, in the page's language
def loader_messages(source: str) -> tuple[list[str], list[str]]:
    """The messages of the DefinitionErrors a module raises: the say() templates (those of a table of them, and those
    of the deck problems when it raises the first of them, too), and every other message (a literal or an f-string
    that is not one of the schema's shapes, input_errors.SHAPES)."""
    tree = ast.parse(source)
    deck_checks = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "deck_problems"]
    tables = {t.id: node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
              for t in node.targets if isinstance(t, ast.Name) and isinstance(node.value, ast.Dict)}
    said, plain = [], []

    def take(message) -> None:
        if isinstance(message, ast.Call) and getattr(message.func, "id", None) == "say":
            said.append(message.args[0].value)
        elif isinstance(message, ast.IfExp):
            take(message.body), take(message.orelse)
        elif isinstance(message, ast.Subscript) and getattr(message.value, "id", None) in tables:
            for value in tables[message.value.id].values:
                take(value)
        elif isinstance(message, ast.Subscript) and deck_checks and ast.unparse(message) == "problems[0][0]":
            for node in (n for f in deck_checks for n in ast.walk(f)):  # the first deck problem's sentence
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say":
                    said.append(node.args[0].value)
        else:
            text = "".join(p.value if isinstance(p, ast.Constant) else "x" for p in (
                message.values if isinstance(message, ast.JoinedStr) else [message]))
            if not any(shape.fullmatch(text) for shape, _ in input_errors.SHAPES):
                plain.append(ast.unparse(message))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "DefinitionError" and len(node.args) > 1:
            take(node.args[1])
    return said, plain


LOADERS = sorted((ROOT / "engine" / "weiss").glob("*.py"))


def test_each_check_of_the_loader_is_a_sentence_with_its_italian():
    said = []
    for path in LOADERS:
        templates, plain = loader_messages(path.read_text(encoding="utf-8"))
        assert plain == [], f"{path.name}: a message not written with say()"
        said += templates
    assert len(said) > 40
    untranslated = [t for t in said if not italian(t) or italian(t) == t]
    assert untranslated == []
    identifiers = [t for t in said if wording.IDENTIFIER.search(t) or "'event'" in t]
    assert identifiers == []  # a judge reads words, never the format's identifiers


def test_the_loader_check_finds_a_message_left_in_plain_english():
    source = ('def f(x):\n    raise DefinitionError("p", "a climax has no soul")\n'
              '    raise DefinitionError("p", f"expected an object, got {x}")\n'
              '    raise DefinitionError("p", say("fine"))\n')
    assert loader_messages(source) == (["fine"], ["'a climax has no soul'"])


def test_the_loader_check_reads_the_deck_problems_a_new_game_raises():
    source = ('def deck_problems(deck):\n    return [(say("too few"), "K")]\n'
              'def new_game(problems):\n    raise DefinitionError("decks[0]", problems[0][0])\n')
    assert loader_messages(source) == (["too few"], [])
    assert "a deck holds exactly 50 cards, not %(count)s (%(clause)s)" in loader_messages(
        (ROOT / "engine" / "weiss" / "game.py").read_text(encoding="utf-8"))[0]


BROKEN = {
    "a climax with soul": (lambda d: d["templates"]["cx"].update(soul=1), "Soul",
                           "solo un personaggio ha Soul (2.10.1)"),
    "three trigger icons": (lambda d: d["templates"]["cx"].update(triggers=["soul", "soul", "bag"]), "icone trigger",
                            "una carta ha al massimo due icone trigger"),
    "an ability with no effect": (lambda d: d["templates"]["c1"].update(abilities=[{"timing": "on_play", "effects": []}]),
                                  "c1, abilità, elemento 1, effetti", "un'abilità ha bisogno di almeno un effetto"),
    "an event's ability on a character": (
        lambda d: d["templates"]["c1"].update(abilities=[{"timing": "event", "effects": [{"kind": "draw", "count": 1}]}]),
        "tipo di abilità", "il testo di una Carta Evento si gioca come evento"),
    "a climax's act ability": (
        lambda d: d["templates"]["cx"].update(abilities=[{"timing": "act", "effects": [{"kind": "draw", "count": 1}]}]),
        "tipo di abilità", "solo un personaggio può avere questa abilità (ACT)"),
    "a modifier on a card of the hand": (
        lambda d: d.update(modifiers=[{"card": "ck0", "stat": "power", "amount": 500, "duration": "end_of_turn",
                                       "source": "x"}]), "Effetti attivi",
        "un effetto attivo si applica a un personaggio sullo Stage"),
}


@pytest.mark.parametrize("mistake", BROKEN)
def test_a_broken_weiss_scenario_pasted_on_an_italian_page_is_explained_in_italian(mistake, merged_catalogue):
    data = json.loads((ROOT / "tests" / "scenarios" / "weiss" / "effect-heal-top-of-clock.json").read_text())
    change, where, wanted = BROKEN[mistake]
    change(data)
    page = Client(HTTP_ACCEPT_LANGUAGE="it").post("/sandbox/import/", {"json": json.dumps(data)})
    assert page.status_code == 400
    alert = " ".join(" ".join(lxml_html.fromstring(page.content.decode()).xpath('//*[@id="sb-error"]//text()')).split())
    said = alert.split("Dettaglio tecnico")[0]
    assert where in said and wanted in said, alert
    assert not wording.IDENTIFIER.search(said), alert


def test_the_field_words_are_the_boards_games_own(merged_catalogue):
    with translation.override("it"):
        wording.game_is(weiss.SLUG)
        try:
            assert input_errors.field_text("scenario.templates.c1.abilities[0].timing").endswith("tipo di abilità")
            amount = "scenario.templates.c1.abilities[0].effects[0].amount"
            assert input_errors.field_text(amount).endswith("bonus di Power")
            wording.game_is("vanguard")  # another game's board: not Weiss Schwarz's words for its fields
            assert "bonus di Power" not in input_errors.field_text(amount)
        finally:
            wording.game_is(None)
