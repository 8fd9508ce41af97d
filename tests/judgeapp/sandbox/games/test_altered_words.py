"""judgeapp/sandbox/games/altered_words.py: every kind of event and decision the Altered engine can log or ask is
named in words (a worked example expecting "stays" read "an event" / "un evento"), and the engine's own checks on a
pasted scenario (engine/altered: "only characters have statistics") are sentences said in the page's language.

The kinds come from the engine, never from a list copied here: its source (every literal kind it emits or asks,
every judge action it takes) and a run of every Altered scenario file."""
from __future__ import annotations

import ast
import copy
import json
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from lxml import html as lxml_html

from engine.altered.actions import SPECS
from engine.core.actions import judge_kinds
from engine.core.scenario import load_scenario, run_scenario
from judgeapp.sandbox import engine_words, input_errors
from judgeapp.sandbox.games import altered_words
from tests.judgeapp.test_i18n import compiled_messages  # noqa: F401  (the .mo files)
from .pending_catalogue import merged_catalogue  # noqa: F401  (a fixture: the pending Italian counts)

BASE = Path(settings.BASE_DIR)
ENGINE = BASE / "engine" / "altered"
SCENARIOS = sorted((BASE / "tests" / "scenarios" / "altered").glob("*.json")) + sorted(
    (BASE / "judgeapp" / "sandbox" / "examples").glob("altered-*.json"))
LOCALE = BASE / "locale"

# where a call names the kind it logs or asks: emit(events, KIND, ...), judge_event(KIND, ...), Event(KIND, ...),
# Decision(KIND, ...)
EVENT_CALLS = {"emit": 1, "judge_event": 0, "Event": 0}
DECISION_CALLS = {"Decision": 0}


def _calls(tree: ast.AST, names: dict[str, int]):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            at = names.get(name)
            if at is not None and len(node.args) > at:
                yield node.args[at]


def _source_kinds(names: dict[str, int]) -> set[str]:
    """The kinds the engine's source logs or asks; a kind it computes (not a literal) fails: it would escape."""
    kinds, computed = set(), []
    for path in sorted(ENGINE.glob("*.py")):
        for arg in _calls(ast.parse(path.read_text(encoding="utf-8")), names):
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                kinds.add(arg.value)
            else:
                computed.append((path.name, ast.unparse(arg)))
    assert computed == [], computed
    return kinds


@pytest.fixture(scope="module")
def runs():
    return [run_scenario(load_scenario(path)) for path in SCENARIOS]


def test_every_kind_of_event_the_engine_logs_has_a_name(runs):
    logged = {e.kind for r in runs for e in r.events}
    kinds = _source_kinds(EVENT_CALLS) | logged | judge_kinds(SPECS)  # a judge action logs an event of its kind
    assert len(kinds) >= 60 and {"stays", "judge_move", "concede"} <= kinds, sorted(kinds)
    assert sorted(kinds - set(altered_words.EVENT_NAMES)) == []


def test_every_kind_of_decision_the_engine_asks_has_a_name(runs):
    asked = {d.kind for r in runs for d in r.decisions}
    kinds = _source_kinds(DECISION_CALLS) | asked
    assert len(kinds) >= 15 and {"order", "cleanup"} <= kinds, sorted(kinds)  # "order": the shared check timing's
    assert sorted(kinds - set(altered_words.DECISION_NAMES)) == []


def _italian() -> dict[str, str]:
    """The Italian catalogue's entries, with the pending ones of unmerged branches (locale/pending, merged by the
    lead into the catalogue: docs/translations.md)."""
    out = {}
    for path in [LOCALE / "it" / "LC_MESSAGES" / "django.po", *sorted((LOCALE / "pending").glob("*.po"))]:
        if not path.name.endswith("-js.po"):
            out.update({e.msgid: e.msgstr for e in polib.pofile(str(path)) if e.msgstr and not e.obsolete})
    return out


def test_every_name_of_an_event_or_decision_has_its_italian():
    italian = _italian()
    names = [*altered_words.EVENT_NAMES.values(), *altered_words.DECISION_NAMES.values(),
             *altered_words.FIELD_LABELS.values()]
    assert [n for n in names if n not in italian] == []


def _loader_messages() -> list[tuple[str, int, ast.AST]]:
    """The message of every DefinitionError the Altered engine raises on a card, an ability or a board."""
    out = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                    and getattr(node.exc.func, "id", None) == "DefinitionError"):
                out.append((path.name, node.lineno, node.exc.args[1]))
    return out


def test_every_check_of_the_engine_on_a_pasted_scenario_is_a_sentence_with_its_italian():
    messages = _loader_messages()
    assert len(messages) >= 35, len(messages)
    not_said = [(f, line) for f, line, m in messages if not (
        isinstance(m, ast.Call) and getattr(m.func, "id", None) == "say" and isinstance(m.args[0], ast.Constant))]
    assert not_said == []
    italian = _italian()
    templates = {m.args[0].value for _f, _line, m in messages}
    assert sorted(t for t in templates if t not in italian) == []
    assert templates <= set(engine_words.templates())  # found again from a stored error's plain English


@pytest.fixture
def pending_italian():
    """The Italian page with the pending translations of unmerged branches (the .mo files hold the merged ones)."""
    from django.utils.translation import trans_real

    with translation.override("it"):
        catalogue = trans_real.translation("it")._catalog
        catalogue._catalogs.insert(0, {k: v for k, v in _italian().items()})
        catalogue._plurals.insert(0, catalogue._plurals[-1])
        engine_words._in_language.cache_clear()
        try:
            yield
        finally:
            catalogue._catalogs.pop(0)
            catalogue._plurals.pop(0)
            engine_words._in_language.cache_clear()


def test_an_engine_check_is_said_in_italian_from_its_sentence_or_its_stored_english(pending_italian):
    from engine.core.text import say

    sentence = say("the engine cannot play the effect %(what)s: the scenario format has no effect of that kind",
                   what="'fly'")
    wanted = "il motore non sa giocare l'effetto 'fly': il formato degli scenari non ha effetti di quel tipo"
    assert input_errors.message_words(sentence) == wanted
    assert input_errors.message_words(str(sentence)) == wanted  # the plain English an error dict carries


BOARD = {"format": "judgeapp-scenario/2", "game": "altered", "phase": "afternoon", "day": 1, "first_player": 0,
         "players": [{"hand": [{"id": "a1", "name": "Wanderer", "type": "character", "hand_cost": 1,
                                "reserve_cost": 1, "forest": 1, "mountain": 1, "water": 1}]}, {}]}


def _broken(change) -> dict:
    data = copy.deepcopy(BOARD)
    change(data["players"][0]["hand"][0])
    return data


@pytest.mark.django_db
@pytest.mark.parametrize("change, italian, english", [
    (lambda c: c.update(type="spell"), "solo i personaggi hanno statistiche", "statistics"),
    (lambda c: c.update(abilities=[{"timing": "quick", "cost": [{"kind": "mana", "count": 1}],
                                    "effects": [{"kind": "fly"}]}]),
     "il motore non sa giocare l'effetto", "cannot play"),
    (lambda c: c.update(abilities=[{"timing": "effect", "effects": [{"kind": "draw", "count": 1}]}]),
     "solo gli Incantesimi hanno un effetto proprio", "only spells"),
    (lambda c: c.update(status=["exhausted"]), "le carte nelle zone nascoste non hanno stati", "hidden zones"),
    (lambda c: c.update(reserve_limit=3), "solo gli Eroi hanno un limite Riserva", "only heroes"),
])
def test_a_broken_altered_scenario_pasted_on_an_italian_page_is_explained_in_italian(
        pending_italian, change, italian, english):
    page = Client(HTTP_ACCEPT_LANGUAGE="it").post("/sandbox/import/", {"json": json.dumps(_broken(change))})
    assert page.status_code == 400
    # the message, without the technical detail (the field path as the file writes it, folded away)
    alert = " ".join(lxml_html.fromstring(page.content.decode()).xpath('//*[@id="sb-error"]/text()'))
    assert italian in alert and english not in alert, alert
    assert alert.startswith("Giocatore 1, Mano, carta 1") and "abilities" not in alert and "effects" not in alert


@pytest.mark.django_db
def test_the_fields_of_an_ability_are_named_in_the_page_s_words(pending_italian):
    change = lambda c: c.update(abilities=[{"timing": "quick", "effects": [{"kind": "draw", "count": 1}, {"kind": "x"}]}])  # noqa: E731
    page = Client(HTTP_ACCEPT_LANGUAGE="it").post("/sandbox/import/", {"json": json.dumps(_broken(change))})
    alert = " ".join(lxml_html.fromstring(page.content.decode()).xpath('//*[@id="sb-error"]/text()'))
    assert alert.startswith("Giocatore 1, Mano, carta 1, abilità, elemento 1, effetti, elemento 2, genere di fase"), alert


@pytest.mark.parametrize("values, field", [("TIMINGS", "timing"), ("TRIGGERS", "trigger")])
def test_the_values_an_ability_field_allows_are_said_in_the_rules_words(pending_italian, values, field):
    # "ci vuole uno tra reaction, quick, support…" on an Italian page: the kinds of ability and the triggers the
    # engine allows, collected from it, each said in words in both languages, never as the identifier
    from engine.altered import abilities
    from judgeapp.sandbox import wording

    allowed = getattr(abilities, values)
    message = f"expected one of {', '.join(allowed)}, got 'x'"
    said = {}
    for language in ("it", "en"):
        with translation.override(language):
            wording.game_is("altered")
            try:
                said[language] = input_errors.message_words(message, field)
            finally:
                wording.game_is(None)
        listed = said[language].split(", ")
        assert not set(listed) & set(allowed) and len(listed) == len(allowed) + 1, said
    if field == "timing":
        assert said["it"].startswith("ci vuole uno tra Reazione, Azione rapida, Abilità di supporto, "), said
        assert said["en"].startswith("expected one of Reaction, Quick action, Support ability, "), said
    else:
        assert "quando entro in gioco" in said["it"] and "when I enter play" in said["en"], said


@pytest.mark.django_db
def test_a_sentence_with_two_counts_gives_each_its_own_italian_plural(merged_catalogue):
    # the Clean-up prompt for both zones and the Resistente refusal: each count meets its own noun, fresh from the
    # engine and read back from a history's plain English alike
    from engine.core.text import say, say_n
    from judgeapp.sandbox import wording

    keep = say_n("choose the %(count)s object you keep in your %(zone)s and %(keep2)s",
                 "choose the %(count)s objects you keep in your %(zone)s and %(keep2)s", 2, zone="reserve",
                 keep2=say_n("the %(count)s object you keep in your %(zone)s",
                             "the %(count)s objects you keep in your %(zone)s", 1, zone="landmarks"))
    tough = say("%(card)s has Resistente %(count)s: choosing it costs %(count)s more mana and %(orbs)s", card="B1",
                count=2, orbs=say_n("only %(count)s mana orb is ready", "only %(count)s mana orbs are ready", 1))
    with translation.override("it"):
        wording.game_is("altered")
        try:
            for sentence in (keep, str(keep)):
                said, english = engine_words.sentence(sentence)
                assert english is None and said.startswith("scegli i 2 oggetti che tieni nella tua "), said
                assert " e 1 oggetto che tieni nella tua " in said, said
            for sentence in (tough, str(tough)):
                said, english = engine_words.sentence(sentence)
                assert said == "B1 ha Resistente 2: sceglierlo costa 2 mana in più e solo 1 Orbe di Mana è pronto", said
        finally:
            wording.game_is(None)
