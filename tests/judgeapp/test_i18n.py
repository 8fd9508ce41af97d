"""The interface in Italian and English (issue 28): the language is chosen from the language cookie
(the header's switch), then Accept-Language, then Italian; every page outside the sandbox reads in
the chosen language, while rules texts keep their own language, marked with `lang`.

The suite's settings default to English (judgeapp/settings/test.py); the site's own default,
Italian, is checked here under the base settings' LANGUAGE_CODE."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings
from lxml import html as lxml_html

from judgeapp.sandbox.example_names import MADE_UP
from judgeapp.settings import base as base_settings
from rulesdb import page_cache
from rulesdb.models import Document
from rulesdb.translation import changes

pytestmark = pytest.mark.django_db

LOCALE = Path(settings.BASE_DIR) / "locale"
CATALOGUES = [LOCALE / language / "LC_MESSAGES" / f"{domain}.po" for language in ("it", "en")
              for domain in ("django", "djangojs")]

# English words that are not also Italian words (no "in", "a", "no", "per", "come", "data", "file", "link"):
# one of them in an Italian page's interface text is an untranslated string.
ENGLISH_WORDS = frozenset("""
the and of to is are was be been for with this that these those from by not or at an as any all each every
which what when where there here who whose your you our we they it's its into onto than then also only
page pages clause clauses search searched rule rules document documents found nothing back next previous
show showing change changes changed copy glossary term terms go open read compare comparison version language
languages used defined contents cited section status filter filtered results result none match matches
number numbers printed heading headings skip keys content home error request requests sent wait try again
upload import dismissed dismiss findings finding both texts text reason problem because check checks
missing same other another more most less new old published draft translation translations translated
open close player players companion region
fork first action example king squire filler maiden rookie captain wanderer
""".split())
# Names that stay as they are in every language.
PROPER_NAMES = frozenset("judgeapp api json csv xliff tsv openapi cardfight vanguard weiss schwarz altered playbook".split())


@pytest.fixture(scope="module", autouse=True)
def compiled_messages(django_db_blocker):
    """The .mo files are built, not committed (`make test` builds them first). Built here only when one
    is missing or older than its .po: other test processes may be reading them."""
    stale = [po for po in LOCALE.glob("*/LC_MESSAGES/*.po")
             if not po.with_suffix(".mo").exists() or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime]
    if stale:
        call_command("compilemessages", verbosity=0)
    yield


@pytest.fixture(autouse=True)
def _fresh_page_cache():
    page_cache.page_cache_clear()
    yield
    page_cache.page_cache_clear()


def italian() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9,en;q=0.5")


def _interface_text(page: str, names: tuple[str, ...] = ()) -> tuple[str, str]:
    """The body's text outside every element with its own `lang` (a rules text, a name in another
    language), scripts and code, with the given proper names (document titles) taken out; and the
    words of its labelling attributes."""
    tree = lxml_html.fromstring(page)
    body = tree.find("body")
    for element in body.xpath(".//*[@lang] | .//script | .//style | .//code | .//kbd"):
        element.drop_tree()
    text = " ".join(" ".join(body.itertext()).split())  # text nodes apart: "regole</p><p>Copy" is two words
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    attributes = " ".join(body.xpath(".//@aria-label | .//@placeholder | .//@title | .//@alt"))
    for name in sorted(names, key=len, reverse=True):  # a card's title attribute names it too
        attributes = attributes.replace(name, " ")
    return text, attributes


# Letters glued to digits are no word: a board's id (4be2…) or a grade (G3) would read as "be" or "G".
WORD = r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z']*(?:-[A-Za-z']+)*(?![A-Za-z0-9])"


def interface_english(page: str, names: tuple[str, ...] = ()) -> list[str]:
    """The English words of a page's interface (see _interface_text)."""
    text, attributes = _interface_text(page, names)
    # A hyphenated word is one word: the Italian rules' "stand-by" is not the English "by".
    words = re.findall(WORD, text)
    words += re.findall(WORD, attributes)
    return sorted({w for w in words if w.lower() in ENGLISH_WORDS and w.lower() not in PROPER_NAMES})


def _contexts(page: str, words: list[str], names: tuple[str, ...]) -> list[str]:
    """Where the words stand (for the failure message)."""
    text, attributes = _interface_text(page, names)
    text += " | " + attributes  # a word may stand in a label, title or placeholder
    return [text[max(0, m.start() - 40): m.end() + 40] for w in words[:5] for m in [re.search(rf"\b{w}\b", text)] if m]


# ------------------------------------------------------------------------------------------- catalogues
@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_catalogue_entry_is_translated_and_none_is_fuzzy(path):
    catalogue = polib.pofile(str(path))
    assert len(catalogue) > 0
    assert [e.msgid for e in catalogue.untranslated_entries()] == []
    assert [e.msgid for e in catalogue.fuzzy_entries()] == []
    assert [e.msgid for e in catalogue.obsolete_entries()] == []
    for entry in catalogue:  # every placeholder of the English is kept by the translation
        wanted = set(re.findall(r"%\(\w+\)[sd]", entry.msgid + (entry.msgid_plural or "")))
        for text in ([entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())):
            assert set(re.findall(r"%\(\w+\)[sd]", text)) <= wanted | {"%(counter)s"}, entry.msgid
            if not entry.msgid_plural:
                assert set(re.findall(r"%\(\w+\)[sd]", text)) == wanted, entry.msgid


def _msgids(catalogue: polib.POFile) -> set[tuple]:
    return {(e.msgctxt, e.msgid, e.msgid_plural) for e in catalogue if not e.obsolete}


def test_makemessages_then_compilemessages_leave_nothing_missing_or_fuzzy(tmp_path, monkeypatch):
    """Collected again from the code, the catalogues hold exactly the committed messages, all translated.

    makemessages writes into the locale directory beside the sources it reads, so it runs over a copy
    of the sources and catalogues: the committed files stay untouched."""
    root = Path(settings.BASE_DIR)
    for tree in ("judgeapp", "rulesdb", "templates", "static", "engine"):
        shutil.copytree(root / tree, tmp_path / tree,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "sources", "*.svg", "*.png", "*.css"))
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[copy]):
        for domain in ("django", "djangojs"):
            call_command("makemessages", locale=["it", "en"], domain=domain, verbosity=0)
        for path in CATALOGUES:
            collected = polib.pofile(str(copy / path.relative_to(LOCALE)))
            committed = polib.pofile(str(path))
            assert _msgids(collected) == _msgids(committed), f"{path}: run makemessages and translate"
            assert [e.msgid for e in collected.untranslated_entries()] == []
            assert [e.msgid for e in collected.fuzzy_entries()] == []
        call_command("compilemessages", locale=["it", "en"], verbosity=0)
    assert len(list(copy.glob("*/LC_MESSAGES/*.mo"))) == 4
    for path in copy.glob("*/LC_MESSAGES/*.po"):
        check = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr


# ---------------------------------------------------------------------------- choosing the language
def test_the_site_speaks_italian_to_whoever_asks_for_neither_language():
    assert base_settings.LANGUAGE_CODE == "it"
    assert [code for code, _ in base_settings.LANGUAGES] == ["it", "en"]
    with override_settings(LANGUAGE_CODE="it"):
        for headers in ({}, {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9,de;q=0.5"}):
            page = Client(**headers).get("/").content.decode()
            assert '<html lang="it">' in page and "Leggi le regole" in page


@pytest.mark.parametrize("accept, lang, words", [
    ("it-IT,it;q=0.9,en;q=0.5", "it", "Leggi le regole"),
    ("en-GB,en;q=0.9,it;q=0.5", "en", "Read the rules"),
    ("de-DE,en;q=0.7", "en", "Read the rules"),
])
def test_accept_language_chooses_the_interface_language(accept, lang, words):
    response = Client(HTTP_ACCEPT_LANGUAGE=accept).get("/")
    page = response.content.decode()
    assert f'<html lang="{lang}">' in page and words in page
    assert response["Content-Language"] == lang
    assert "Accept-Language" in response["Vary"]


def test_the_header_switch_sets_the_language_and_it_holds_across_pages():
    client = italian()
    page = client.get("/rules/vg-cr-en-1.48/").content.decode()
    form = lxml_html.fromstring(page).xpath('//form[contains(@class, "language-switch")]')[0]
    assert form.get("method") == "post" and form.get("action") == "/i18n/setlang/"
    assert form.xpath('.//input[@name="next"]/@value') == ["/rules/vg-cr-en-1.48/"]
    assert form.xpath('.//button[@name="language"]/@value') == ["en"]  # the other language only
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/rules/vg-cr-en-1.48/"})
    assert response.status_code == 302 and response["Location"] == "/rules/vg-cr-en-1.48/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    for url in ("/rules/vg-cr-en-1.48/", "/", "/search/?q=guardian", "/rules/vg-cr-it-2.2/7.2.1.2/"):
        page = client.get(url).content.decode()  # the browser still asks for Italian: the choice wins
        assert '<html lang="en">' in page, url
    client.post("/i18n/setlang/", {"language": "it", "next": "/"})
    assert '<html lang="it">' in client.get("/search/?q=guardian").content.decode()


def test_a_kept_reader_page_is_kept_once_per_language():
    url = "/rules/vg-cr-it-2.2/7.2.1.2/"
    first_it = italian().get(url).content.decode()
    first_en = Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()
    assert '<html lang="it">' in first_it and '<html lang="en">' in first_en
    assert italian().get(url).content.decode() == first_it
    assert '<html lang="en">' in Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()


def test_the_javascript_catalogue_is_served_here_in_the_visitors_language():
    script = italian().get("/jsi18n/")
    assert script.status_code == 200 and "javascript" in script["Content-Type"]
    assert "Anteprima della regola citata" in script.content.decode()
    assert "Anteprima" not in Client(HTTP_ACCEPT_LANGUAGE="en").get("/jsi18n/").content.decode()
    page = italian().get("/").content.decode()
    assert page.index('src="/jsi18n/?v=') < page.index("reader.js")  # gettext is there before the reader's script


def test_the_javascript_catalogue_is_kept_by_the_browser_under_an_address_naming_its_version_and_language():
    """Without it every page load asked for the catalogue again, a round trip before the page's scripts ran."""
    italian_page = italian().get("/").content.decode()
    english_page = Client(HTTP_ACCEPT_LANGUAGE="en").get("/").content.decode()
    found = [re.search(r'src="(/jsi18n/\?v=[0-9a-f]{12}&amp;l=(\w+))"', page) for page in (italian_page, english_page)]
    assert [m.group(2) for m in found] == ["it", "en"]
    script = italian().get(found[0].group(1).replace("&amp;", "&"))
    assert "max-age=604800" in script["Cache-Control"] and "private" in script["Cache-Control"]


# --------------------------------------------------------------------------------- pages in Italian
def _change_report_url() -> str:
    old = Document.objects.get(slug="vg-cr-it-2.2")
    report = changes.change_report_create(new=old, old=old)
    return f"/compare/changes/{report.pk}/" if report else ""


PAGES = [
    ("/", 200),
    ("/rules/vg-cr-it-2.2/", 200),
    ("/rules/ws-cr-it/", 200),
    ("/rules/altered-cr-it/", 200),
    ("/rules/altered-cr-it/4.2.5.d/", 200),
    ("/rules/ws-cr-it/glossary/", 200),
    ("/rules/vg-cr-en-1.48/", 200),
    ("/rules/vg-cr-it-2.2/7.2.1.2/", 200),
    ("/rules/vg-cr-en-1.48/7.3.1.2/", 200),
    ("/rules/vg-cr-it-2.2/glossary/", 200),
    ("/rules/vg-cr-en-1.48/glossary/", 200),
    ("/rules/vg-cr-it-2.2/99.99.99/", 404),
    ("/rules/nope/", 404),
    ("/nowhere/", 404),
    ("/?doc=nope", 400),
    ("/search/", 200),
    ("/search/?q=guardiano", 200),
    ("/search/?q=guardian&language=en", 200),
    ("/search/?q=zzzqqqxxx", 200),
    ("/search/?q=guardain", 200),
    ("/search/?q=7.3.1", 200),
    ("/offline/", 200),
    ("/search/?q=guardiano&kind=nope", 400),
    ("/compare/vg-cr-it-2.2/vg-cr-en-1.48/", 200),
    ("/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/", 200),
    ("/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/dismissed/", 200),
    ("/compare/vg-cr-it-2.2/vg-cr-en-1.48/pair/1/", 200),
    ("/rules/vg-cr-it-2.2/7.2.1.2/history/", 200),  # the version lifecycle's pages (issue 24)
    ("/api/docs/", 200),
    ("/api/docs/try/", 200),
]
STAFF_PAGES = [("/compare/upload/", 200), ("/compare/vg-cr-it-2.2/vg-cr-en-1.48/import-xliff/", 200)]


def _check_italian(client: Client, url: str, status: int, names: tuple[str, ...] = ()) -> None:
    response = client.get(url)
    assert response.status_code == status, url
    page = response.content.decode()
    assert '<html lang="it">' in page, url
    # Document titles are the names of the documents (“… – Comprehensive Rules 1.48”), in any language.
    titles = tuple(Document.objects.values_list("title", flat=True)) + names
    found = interface_english(page, titles)
    assert found == [], f"{url}: English words {found} in: {_contexts(page, found, titles)}"


@pytest.mark.parametrize("url, status", PAGES)
def test_every_page_reads_in_italian_outside_the_rules_texts(url, status):
    _check_italian(italian(), url, status)


def test_the_staff_pages_read_in_italian(django_user_model):
    client = italian()
    client.force_login(django_user_model.objects.create_user("redattore", password="pw", is_staff=True))
    for url, status in STAFF_PAGES:
        _check_italian(client, url, status)
    report = _change_report_url()
    if report:
        _check_italian(client, report, 200)
        _check_italian(client, report + "publish/", 200)  # the confirmation before publishing


def test_the_detector_finds_an_english_word_left_on_an_italian_page():
    page = '<html lang="it"><body><p>Leggi le regole</p><p lang="en">The rules</p><button>Copy link</button></body></html>'
    assert interface_english(page) == ["Copy"]
    assert interface_english(page.replace("Copy link", "Copia il link")) == []


def test_a_clause_page_marks_the_rules_text_with_its_own_language_and_the_interface_with_the_visitors():
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get("/rules/vg-cr-it-2.2/7.2.1.2/").content.decode()
    tree = lxml_html.fromstring(page)
    assert tree.get("lang") == "en"
    assert tree.xpath('//div[@class="clause-text"]/@lang')[0] == "it"
    assert tree.xpath("//h1/@lang") == ["it"]
    assert '<link rel="alternate" hreflang="en" href="http://testserver/rules/vg-cr-en-1.48/' in page


def test_error_messages_and_api_details_follow_the_request_language():
    assert "Non c&#x27;è nessun documento “nope”." in italian().get("/rules/nope/").content.decode()
    detail = italian().get("/api/v1/documents/nope/").json()["detail"]
    assert detail.startswith("Non c'è nessun documento pubblicato “nope”")
    detail = Client(HTTP_ACCEPT_LANGUAGE="en").get("/api/v1/documents/nope/").json()["detail"]
    assert detail.startswith("There is no published document “nope”")
    assert italian().get("/api/v1/nowhere/").json() == {"detail": "A questo indirizzo non c'è nulla."}


def test_numbers_are_formatted_for_the_language_but_clause_numbers_never_are():
    it_page = italian().get("/").content.decode()
    en_page = Client(HTTP_ACCEPT_LANGUAGE="en").get("/").content.decode()
    counts = re.findall(r"<td>(\d[\d.,]*)</td>", it_page)
    assert any("." in c for c in counts), counts  # 1.234 clauses in Italian
    assert any("," in c for c in re.findall(r"<td>(\d[\d.,]*)</td>", en_page))
    clause = italian().get("/rules/vg-cr-it-2.2/7.2.1.2/").content.decode()
    assert 'class="num">7.2.1.2</span>' in clause


# ------------------------------------------------------------------------------------ the sandbox in Italian
def _sandbox_pages(client: Client) -> list[tuple[str, int]]:
    """Every kind of sandbox page, for a board of each hosted game: the index, the readings, an example, the builder
    of a new board, a board under way (judge view, with its decision panel and log), its ruling page, a comparison."""
    from judgeapp.sandbox import games, selectors
    from judgeapp.sandbox.models import Scenario

    pages = [("/sandbox/", 200), ("/sandbox/assumptions/", 200)]
    examples = selectors.example_list()
    for game in games.slugs():
        slug = next(e["slug"] for e in examples if e["game"] == game)
        pages.append((f"/sandbox/examples/{slug}/", 200))
        builder = client.post("/sandbox/new/", {"game": game})
        assert builder.status_code == 302, game
        pages.append((builder["Location"], 200))
        opened = client.post(f"/sandbox/examples/{slug}/")
        assert opened.status_code == 302, slug
        board = opened["Location"]
        scenario = Scenario.objects.get(pk=board.rstrip("/").rsplit("/", 1)[-1])
        last = len(scenario.tree["nodes"]) - 1
        pages += [(board, 200), (f"{board}ruling/{last}/", 200), (f"{board}compare/?a=0&b={last}", 200),
                  (f"{board}?view=p1", 200)]
    return pages


def test_every_sandbox_page_reads_in_italian_with_the_rules_words():
    """Labels, buttons, zone, circle, phase and step names are Italian, and so are the engine's own sentences (log,
    prompts, why-not reasons: tests/judgeapp/sandbox/test_engine_words.py); a sentence not translated yet stays
    English, marked lang="en"."""
    from judgeapp.sandbox.models import Scenario

    client = italian()
    pages = _sandbox_pages(client)
    assert len(pages) >= 12
    # A board's title, question and description and its cards' names are the visitor's words, in any language.
    names = tuple(text for s in Scenario.objects.all() for text in (s.title, s.question, s.description) if text)
    names += tuple(e.get("name", "") for s in Scenario.objects.all() for e in _card_entries(s.definition)
                   if e.get("name") not in MADE_UP)  # the examples' made-up names are words, said in Italian
    names += _italian_rules_words()  # the Weiss Schwarz Italian rules print "Back Stage", "Waiting Room"...
    for url, status in pages:
        _check_italian(client, url, status, names)
    from judgeapp.sandbox import games

    # A Vanguard board under way: each hosted game adds six pages after the two shared ones, its board third.
    board = client.get(pages[2 + 6 * games.slugs().index("vanguard") + 2][0]).content.decode()
    assert "Cerchio del Vanguard" in board and "Zona Scarti" in board


def _card_entries(definition) -> list[dict]:
    from judgeapp.sandbox import services

    return [e for _, _, _, e in services.definition_entries(definition) if isinstance(e, dict)]


# Terms the Italian rules print in English (the readings registers' Italian edition quotes them), each checked in
# its rules text by _italian_rules_words.
RULES_TERMS_IN_ENGLISH = {"vg-cr-it-2.2": ("Check Timing", "Play Timing"),
                          "ws-cr-it": ("Back Stage", "Center Stage", "Change", "Check Timing", "Play Timing",
                                       "Trigger Check")}


def _italian_rules_words() -> tuple[str, ...]:
    """Every game's words as its Italian rules print them (each checked against its clause by the game's tests),
    and the rules' terms printed in English."""
    from judgeapp.sandbox import games
    from judgeapp.sandbox.wording import RulesWord

    sources = Path(settings.BASE_DIR) / "rulesdb" / "sources"
    for document, terms in RULES_TERMS_IN_ENGLISH.items():
        text = (sources / f"{document}.txt").read_text(encoding="utf-8")
        assert all(term in text for term in terms), (document, [t for t in terms if t not in text])
    return tuple(w.it for game in games.hosted() for tables in [getattr(game, "WORDS_TABLES", {})]
                 for table in tables.values() for w in table.values() if isinstance(w, RulesWord)) + tuple(
        term for terms in RULES_TERMS_IN_ENGLISH.values() for term in terms)


# ------------------------------------------------------------- the sandbox's words where the walk of issue 28 found English
def test_every_worked_examples_events_and_decisions_read_in_italian():
    """"What the engine must decide" names the engine's events and decisions in the page's words (it showed the
    identifiers' words: "refresh point", "skip step", "drive check"), and no player by the engine's index."""
    from judgeapp.sandbox import selectors
    from tests.judgeapp.sandbox.test_example_text import card_names

    client = italian()
    checked = 0
    for example in selectors.example_list():
        data = json.loads((selectors.EXAMPLES_DIR / f"{example['slug']}.json").read_text(encoding="utf-8"))
        page = client.get(f"/sandbox/examples/{example['slug']}/").content.decode()
        for item in lxml_html.fromstring(page).xpath('//ul[@class="sb-expected"]/li'):
            text = item.text_content()
            real = tuple(n for n in card_names(data) if n not in MADE_UP)  # a made-up name is said in Italian
            for name in sorted(real + _italian_rules_words(), key=len, reverse=True):
                text = text.replace(name, " ")
            words = sorted({w for w in re.findall(WORD, text) if w.lower() in ENGLISH_WORDS})
            assert not words and "_" not in text and not re.search(r"\bgiocatore 0\b", text), (example["slug"], text)
            checked += 1
    assert checked > 50


def _choices(page: str) -> list[str]:
    """The labels of a page's choices of a player or a region (the builders' and the judge tools' forms)."""
    tree = lxml_html.fromstring(page)
    names = ("player", "turn_player", "first_player", "region", "hero_at_0", "hero_at_1", "companion_at_0",
             "companion_at_1", "stat")
    return [option.text_content().strip() for name in names
            for option in tree.xpath(f'//select[@name="{name}"]/option')]


def test_the_builders_and_judge_tools_name_players_regions_and_statistics_never_by_index_or_identifier():
    """Each game's builder and judge tools offered "0" / "1" for a player, "0" to "7" for a region and "power" for a
    statistic: each choice now says whom or what it means, in the page's language."""
    client = italian()
    pages = [url for url, _status in _sandbox_pages(client) if "/examples/" not in url and "ruling" not in url
             and "compare" not in url]
    labels = [label for url in pages for label in _choices(client.get(url).content.decode())]
    assert any(label == "Giocatore 1" for label in labels)  # a game numbering its players
    assert any(label == "Primo giocatore" for label in labels)  # a game naming them first and second
    assert "Tumulto 3" in labels and "forza" in labels
    assert [label for label in labels if label.isdigit() or label in ("power", "soul", "level")] == []


def test_every_worked_example_opened_and_played_reads_in_italian_on_its_ruling_page(settings):
    """The site walk of every worked example (site-walk2): opened from its page (Playbook Q11 and Q12 were refused:
    their Italian descriptions were too long), played to its end, its ruling page (question, both boards, every
    event with its clauses, the answer) holds no English word outside the rules texts and no sentence of the engine
    left untranslated (an English sentence unmarked, "13000 vs 0: the attack hits (… is deleted …)", was)."""
    from judgeapp.sandbox import selectors
    from judgeapp.sandbox.models import Scenario
    from tests.judgeapp.sandbox.test_example_text import card_names

    settings.RATE_LIMITS = {scope: (10_000, window) for scope, (_count, window) in settings.RATE_LIMITS.items()}
    client = italian()
    rules_words = _italian_rules_words()
    rules_words += tuple(term.lower() for terms in RULES_TERMS_IN_ENGLISH.values() for term in terms)
    for example in selectors.example_list():
        opened = client.post(f"/sandbox/examples/{example['slug']}/")
        assert opened.status_code == 302, example["slug"]
        board = opened["Location"]
        scenario = Scenario.objects.get(pk=board.rstrip("/").rsplit("/", 1)[-1])
        last = len(scenario.tree["nodes"]) - 1
        page = client.get(f"{board}ruling/{last}/").content.decode()
        names = tuple(n for n in card_names(scenario.definition) if n not in MADE_UP)
        names += tuple(t for t in (scenario.title, scenario.question) if t)
        found = interface_english(page, names + rules_words)
        assert found == [], (example["slug"], found, _contexts(page, found, names + rules_words))
        # a column's heading ("Inglese 7.4.1.2") is the page's words: only the clause text under it is English
        assert not lxml_html.fromstring(page).xpath('//body//*[@lang="en"]//h3'), example["slug"]
        events = lxml_html.fromstring(page).xpath('//li[contains(@class, "sb-ruling-event")]/p/span[@lang="en"]')
        assert [e.text_content() for e in events] == [], example["slug"]
        assert "_" not in " ".join(lxml_html.fromstring(page).xpath('//li[contains(@class, "sb-ruling-event")]/p/span/text()'))
