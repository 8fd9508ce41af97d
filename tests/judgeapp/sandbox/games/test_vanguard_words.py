"""Vanguard's game words (judgeapp/sandbox/games/vanguard_words.py): each as its rules print it, in the clause it
cites, and shown in the page's language."""
import ast
import inspect
import json
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import translation
from lxml import html as lxml_html

from judgeapp.sandbox import input_errors, wording
from judgeapp.sandbox.games import vanguard, vanguard_words
from judgeapp.sandbox.wording import RulesWord

from tests.judgeapp.test_i18n import compiled_messages  # noqa: F401  (the .mo files)

from .rules_words_check import misplaced

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale"
# Italian for new sentences waits in locale/pending/ until the lead merges it into the catalogue (docs: the brief)
PENDING = sorted((LOCALE / "pending").glob("*.po")) if (LOCALE / "pending").is_dir() else []
PENDING = [p for p in PENDING if not p.stem.endswith("-js")]


@pytest.fixture
def pending_catalogue(tmp_path, compiled_messages):
    """The Italian catalogue with the entries still waiting in locale/pending/ (none once they are merged), compiled
    into a locale directory of its own that comes first."""
    if PENDING:
        merged = polib.POFile()
        merged.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": "it"}
        for po in PENDING:
            merged.extend(e for e in polib.pofile(str(po)) if e.msgstr)
        target = tmp_path / "it" / "LC_MESSAGES"
        target.mkdir(parents=True)
        merged.save_as_mofile(str(target / "django.mo"))
    with override_settings(LOCALE_PATHS=[tmp_path, *settings.LOCALE_PATHS]):
        yield

TABLES = {"zones and circles": vanguard_words.ZONE_NAMES, "keywords": vanguard_words.RULES_WORDS,
          "triggers": vanguard_words.TRIGGER_NAMES,
          "phases": {k: w for k, w in vanguard_words.PHASE_NAMES.items() if isinstance(w, RulesWord)},
          "steps": vanguard_words.STEP_NAMES}


@pytest.mark.parametrize("name", TABLES)
def test_each_italian_word_is_printed_in_the_italian_clause_it_cites(name):
    assert misplaced(TABLES[name], vanguard.RULES_DOCUMENT, "it") == []


@pytest.mark.parametrize("name", TABLES)
def test_each_english_word_is_printed_in_the_english_clause_it_cites(name):
    assert misplaced(TABLES[name], vanguard.EN_DOCUMENT, "en") == []


def test_every_zone_circle_phase_and_step_of_the_engine_is_a_rules_word():
    from engine.vanguard.actions import ALL_ZONES
    from engine.vanguard.cards import KEYWORDS, TRIGGERS

    assert set(ALL_ZONES) <= set(vanguard_words.ZONE_NAMES)
    assert set(KEYWORDS) <= set(vanguard_words.RULES_WORDS)
    assert set(TRIGGERS) - {"none"} <= set(vanguard_words.TRIGGER_NAMES)
    assert all(isinstance(w, RulesWord) for w in vanguard_words.STEP_NAMES.values())
    # every zone has its Italian clause: the removal zone, which the Italian rules do not name, by the words they
    # print for the cards in it ("escluse dal gioco", docs/sandbox-game-words.md)
    assert [k for k, w in vanguard_words.ZONE_NAMES.items() if w.it_clause is None] == []


def test_the_page_language_chooses_the_rules_word():
    wording.game_is(vanguard.SLUG)
    try:
        with translation.override("it"):
            assert wording.words("front_left") == "frontale sinistro"
            assert wording.phase_text("battle", "drive") == "Fase di Battaglia, Sottofase di Assalto"
            assert str(vanguard.ZONE_LABELS["drop"]) == "Zona Scarti"
            # the zone the Italian rules do not name, by what they say of the cards in it (6.4.1.2.3.5.1)
            assert str(vanguard.ZONE_LABELS["removal"]) == "Escluse dal gioco"
        with translation.override("en"):
            assert wording.words("front_left") == "left front"
            assert wording.phase_text("battle", "drive") == "battle phase, drive step"
            assert str(vanguard.ZONE_LABELS["drop"]) == "Drop zone"
            assert str(vanguard.ZONE_LABELS["removal"]) == "Removal zone"
    finally:
        wording.game_is(None)


# ---------------------------------------------------------------- the engine's kinds of event and decision, named
def test_every_event_kind_the_engine_logs_has_a_name():
    # the kinds come from the engine: those its source emits by name, and those a run of every scenario file logs
    from tests.engine.test_event_kinds import literal_kinds, scenario_events

    kinds = literal_kinds("vanguard") | {e.kind for e in scenario_events("vanguard")}
    assert len(kinds) > 80  # the gathering found the engine's kinds, not an empty set
    assert sorted(kinds - set(vanguard_words.EVENT_NAMES)) == []


DECISION = re.compile(r'\bDecision\(\s*"([a-z_]+)"')


def test_every_decision_kind_the_engine_asks_has_a_name():
    from engine.vanguard.primitives import choose_unit

    sources = sorted((ROOT / "engine" / "vanguard").glob("*.py")) + sorted((ROOT / "engine" / "core").glob("*.py"))
    kinds = {k for path in sources for k in DECISION.findall(path.read_text(encoding="utf-8"))}
    kinds.add(inspect.signature(choose_unit).parameters["kind"].default)  # the kind of a "choose one" decision
    assert {"guard", "forerunner", "mulligan"} <= kinds
    assert sorted(kinds - set(vanguard_words.DECISION_NAMES)) == []


def test_an_event_expectation_names_its_kind_in_the_pages_language(pending_catalogue):
    wording.game_is(vanguard.SLUG)
    try:
        with translation.override("it"):
            assert wording.expectation_text({"expect": "event", "kind": "soul_charge"}) == "una Carica dell'Anima"
            assert wording.expectation_text({"expect": "decision", "kind": "g_assist"}).endswith(
                "se usare l'Ausilio G")
        with translation.override("en"):
            assert wording.expectation_text({"expect": "event", "kind": "heart_to_soul"}) == "the heart goes to the soul"
    finally:
        wording.game_is(None)


# ---------------------------------------------------------------- the loader's own checks, in the page's language
def _loader_templates() -> tuple[set[str], list[str]]:
    """The say() templates of every DefinitionError raised in engine/vanguard (and of the deck problems it raises),
    and the messages written some other way that are not one of the schema's shapes (input_errors.SHAPES)."""
    templates, others = set(), []
    for path in sorted((ROOT / "engine" / "vanguard").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        deck_problems = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "deck_problems"]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "DefinitionError" and len(node.args) > 1:
                message = node.args[1]
                if isinstance(message, ast.Constant) and any(s.fullmatch(message.value) for s, _ in input_errors.SHAPES):
                    continue
                if not (isinstance(message, ast.Call) and getattr(message.func, "id", None) == "say") and not (
                        isinstance(message, ast.Subscript) and deck_problems):  # problems[0][0]: a deck problem
                    others.append(f"{path.name}:{node.lineno}")
        for node in (n for f in deck_problems for n in ast.walk(f)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say":
                templates.add(node.args[0].value)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "DefinitionError" and len(node.args) > 1
                    and isinstance(node.args[1], ast.Call) and getattr(node.args[1].func, "id", None) == "say"):
                templates.add(node.args[1].args[0].value)
    return templates, others


def test_each_loader_message_is_a_say_template_with_an_italian_entry():
    templates, others = _loader_templates()
    assert others == [], "a loader message an Italian page cannot say in Italian"
    assert len(templates) > 30
    italian = {e.msgid: e.msgstr for po in [LOCALE / "it" / "LC_MESSAGES" / "django.po", *PENDING]
               for e in polib.pofile(str(po)) if e.msgstr and not e.obsolete}
    assert sorted(t for t in templates if t not in italian) == []


def _broken(change) -> str:
    data = json.loads((ROOT / "tests" / "scenarios" / "ability-cont-limit-break.json").read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data)


def _vanguard_ability(data, **ability):
    data["players"][0]["field"]["vanguard"]["abilities"] = [ability]


@pytest.mark.parametrize("change, italian", [
    (lambda d: d["templates"]["g1"].update(trigger="critical", type="normal"), "solo un'Unità Innesco ne ha una"),
    (lambda d: _vanguard_ability(d, timing="cont", cost=[{"kind": "counter_blast", "count": 1}],
                                 effects=[{"kind": "power", "amount": 1000, "target": "self"}]),
     "un'abilità CONT non ha costo (8.5.1)"),
    (lambda d: _vanguard_ability(d, timing="on_attack", conditions=[{"kind": "count", "player": "self", "zone": "drop"}],
                                 effects=[{"kind": "power", "amount": 1000, "target": "self", "duration": "end_of_turn"}]),
     "il numero minimo, il numero massimo o entrambi"),
    (lambda d: _vanguard_ability(d, timing="cont", effects=[{"kind": "retire", "target": "self"}]),
     "un'abilità CONT può solo cambiare delle caratteristiche, non «ritira»"),
])
def test_a_broken_vanguard_scenario_pasted_on_an_italian_page_is_explained_in_italian(change, italian,
                                                                                      pending_catalogue):
    page = Client(HTTP_ACCEPT_LANGUAGE="it").post("/sandbox/import/", {"json": _broken(change)})
    assert page.status_code == 400
    said = lxml_html.fromstring(page.content.decode()).xpath('//*[@id="sb-error"]//text()[not(ancestor::details)]')
    alert = " ".join(" ".join(said).split())  # (the technical detail, the field's path, is folded away)
    assert italian in alert, alert
    assert not {"ability", "condition", "needs", "trigger", "unit", "kind", "effects"} & set(re.findall(r"[a-z]+", alert)), alert
