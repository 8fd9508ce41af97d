"""The examples' titles, questions and descriptions in the page's language (issue 28): every example file writes
them in English and in Italian; the example pages, the lists of examples and the reader's "Try it in the sandbox"
links show the page's; the Playbook's questions are the Playbook's own printed Italian."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils.html import escape

from judgeapp.sandbox.example_text import example_text, untranslated
from judgeapp.sandbox.selectors import EXAMPLES_DIR
from tests.judgeapp.test_i18n import _italian_rules_words, compiled_messages, interface_english  # noqa: F401

EXAMPLES = sorted(EXAMPLES_DIR.glob("*.json"))
PLAYBOOK = Path(settings.BASE_DIR) / "rulesdb" / "sources" / "vg-playbook-it-3.00.txt"


def italian() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9")


def card_names(data) -> tuple[str, ...]:
    """The names of an example's cards (a card is named in any language: "King of Knights")."""
    if isinstance(data, dict):
        return ((data["name"],) if isinstance(data.get("name"), str) else ()) + tuple(
            n for v in data.values() for n in card_names(v))
    if isinstance(data, list):
        return tuple(n for v in data for n in card_names(v))
    return ()


def metadata(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8")).get("metadata", {})


def test_the_page_language_picks_the_field_and_marks_what_stays_english():
    meta = {"title": "Equal power hits", "title_it": "Forza uguale: colpisce", "question": "Does it hit?",
            "description": "Equal power hits"}
    it = example_text(meta, "it")
    assert (it["title"], it["title_lang"]) == ("Forza uguale: colpisce", None)
    assert (it["question"], it["question_lang"]) == ("Does it hit?", "en")  # no Italian yet: English, marked
    assert it["description"] == it["title"] and it["description_repeats_title"]  # the description repeats the title
    en = example_text(meta, "en")
    assert (en["title"], en["title_lang"], en["question_lang"]) == ("Equal power hits", None, None)
    assert untranslated(meta, "it") == ["question"]
    assert example_text({}, "it") == {"title": "", "title_lang": None, "question": "", "question_lang": None,
                                      "description": "", "description_lang": None, "description_repeats_title": True}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_is_written_in_italian_too(path):
    assert not untranslated(metadata(path), "it"), untranslated(metadata(path), "it")
    meta = metadata(path)
    assert meta["title_it"] != meta["title"]


def test_the_playbook_questions_are_the_playbooks_printed_italian():
    printed = " ".join(PLAYBOOK.read_text(encoding="utf-8").replace("*", "").split())
    playbook = [p for p in EXAMPLES if p.stem.startswith("playbook-")]
    assert len(playbook) == 40
    for path in playbook:
        meta = metadata(path)
        number = meta["playbook"].rsplit(" ", 1)[1]
        question = meta["question_it"]
        # the printed text, but for a lost icon (☐) and Q14's "or", Q15's icon and Q08's «» (docs/scenarios.md)
        at = printed.index(f"{number} ")
        source = [{"or": "o"}.get(w, w) for w in re.findall(r"\w+", printed[at:at + 400]) if w != "riposo"]
        words = [w for w in re.findall(r"\w+", question) if w != "riposo"]
        assert " ".join(words) in " ".join(source), (path.stem, question)
        assert meta["question"] and meta["question"] != question  # and an English question for the English page


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["playbook-q11", "playbook-q17", "weiss-counter-step-backup",
                                  "altered-example-alice-after-you"])
def test_an_example_page_in_italian_has_no_english_outside_marked_fallbacks(slug):
    page = italian().get(f"/sandbox/examples/{slug}/").content.decode()
    meta = metadata(EXAMPLES_DIR / f"{slug}.json")
    assert '<html lang="it">' in page
    assert f'<h1>{escape(meta["title_it"])}</h1>' in page
    if meta.get("question_it"):
        assert f'<span>{escape(meta["question_it"])}</span>' in page
    names = card_names(json.loads((EXAMPLES_DIR / f"{slug}.json").read_text(encoding="utf-8")))
    for name in sorted(names, key=len, reverse=True):  # a card's name in its tile's label too ("King of Knights: …")
        page = page.replace(name, " ")
    found = interface_english(page, _italian_rules_words())
    assert not found, found


@pytest.mark.django_db
def test_every_example_page_in_italian_carries_no_english_title_question_or_description():
    client = italian()
    for path in EXAMPLES:
        page = client.get(f"/sandbox/examples/{path.stem}/").content.decode()
        head = page.split('id="sandbox-app"', 1)[1].split("<form", 1)[0]
        assert 'lang="en"' not in head, path.stem
        assert escape(metadata(path)["title"]) not in head, path.stem


@pytest.mark.django_db
def test_the_lists_and_the_opened_board_take_the_page_language():
    index = italian().get("/sandbox/").content.decode()
    home = italian().get("/").content.decode()
    q17 = metadata(EXAMPLES_DIR / "playbook-q17.json")
    assert escape(q17["title_it"]) in index and escape(q17["title"]) not in index
    assert 'lang="en">Q' not in index and 'lang="en">Q' not in home
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/sandbox/").content.decode()
    assert escape(q17["title"]) in english and escape(q17["title_it"]) not in english
    opened = italian().post("/sandbox/examples/playbook-q17/")["Location"]
    from judgeapp.sandbox.models import Scenario

    scenario = Scenario.objects.get(pk=opened.rstrip("/").rsplit("/", 1)[-1])
    assert (scenario.title, scenario.question) == (q17["title_it"], q17["question_it"])


@pytest.mark.django_db
def test_the_readers_try_it_links_name_the_example_in_the_page_language():
    meta = metadata(EXAMPLES_DIR / "weiss-damage-cancelled-by-climax.json")
    page = italian().get("/rules/ws-cr-it/4.9.1.2/").content.decode()
    assert "/sandbox/examples/weiss-damage-cancelled-by-climax/" in page
    assert escape(meta["title_it"]) in page and escape(meta["title"]) not in page
