"""Every kind of sandbox page in a judge's words, and accessible, on a phone (390, touch) and a desktop (1280).

The words: the text a judge sees (and the titles, labels and alternative texts a screen reader reads) holds
no Python repr, snake_case identifier, field path, slug, card id, player index or engine word (those the
tryouts of issue 27 met among them). The accessibility: the checks of test_a11y.py (one main and h1,
labelled controls, names, ids, contrast).
"""
import json
import re

import pytest

from tests.browser.test_a11y import CHECK, CONTRAST
from tests.browser.test_sandbox_tasks import DESKTOP, PHONE

# The visible text of the sandbox's part of the page, then every title / aria-label / alt / placeholder in it.
SEEN = """() => {
  const root = document.querySelector("#sandbox-app") || document.querySelector("main");
  const parts = [root.innerText];
  for (const el of root.querySelectorAll("[title], [aria-label], [alt], [placeholder]")) {
    for (const name of ["title", "aria-label", "alt", "placeholder"]) {
      if (el.hasAttribute(name)) parts.push(el.getAttribute(name));
    }
  }
  for (const option of root.querySelectorAll("option")) parts.push(option.textContent);
  return parts.join("\\n");
}"""

FORBIDDEN = [
    ("Python repr", re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\{'|\['|<\w+ object at")),
    ("snake_case identifier", re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")),
    ("field path", re.compile(r"\b\w+\[\d+\](?:\.\w+)?")),
    ("slug", re.compile(r"\b[a-z]{2,}-[a-z]{2}-[a-z]{2}-\d[\d.]*\b|\bweiss-schwarz\b|\bplaybook-q\d+\b")),
    ("card id", re.compile(r"(?<![\w-])(?:p[01]|[ab])-[a-z]*\d[\w-]*|(?<![\w-])[ab]-(?:vg|bc|h\d|d\d)\b")),
    ("player index", re.compile(r"\b[Pp]layer [01]\b|\bP[01]\b|\b[Gg]iocatore 0\b|\b[GP]0 (?:eroe|partener|hero|companion)\b")),
    ("region index", re.compile(r"\bregion[e]? [07]\b")),
    # an engine key with its underscores made spaces ("wins (WIN LOSS BY EFFECT)", site walk 2)
    ("engine key", re.compile(r"\b[A-Z]{2,}(?: [A-Z]{2,}){2,}\b")),
    # a test file or a document's slug in an example's words ("copied from tests/scenarios/….json", "of altered-cr-it")
    ("file path", re.compile(r"\b(?:tests|engine|judgeapp)/\S+|\w\.json\b|\b[a-z]+-cr-[a-z]{2}\b")),
    ("engine word", re.compile(r"^\s*(?:Engine|Run|One event)\s*$", re.M)),
    ("engine word", re.compile(r"#\d+ start|\b1 events\b|none trigger|run: \w|Export JSON|\bFork\b|happens citing|"
                               r"\ben_number\b|Swap the None|Untitled scenario|\bJSON\b|unknown game")),
]

CARD = {"name": "Unit", "grade": 1, "power": 8000, "shield": 5000, "keywords": ["boost"], "clan": "A"}
BOARD = {"format": "judgeapp-scenario/1", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1,
         "phase": "battle", "metadata": {"title": "Checked", "question": "Does it hit?"},
         "players": [{"field": {"vanguard": dict(CARD, id="a-vg", grade=3, power=13000),
                                "back_centre": dict(CARD, id="a-bc"), "front_left": dict(CARD, id="a-fl")},
                      "deck": [dict(CARD, id=f"a-d{i}") for i in range(5)]},
                     {"field": {"vanguard": dict(CARD, id="b-vg", grade=3)},
                      "hand": [dict(CARD, id="b-h1")], "deck": [dict(CARD, id=f"b-d{i}") for i in range(5)]}],
         "script": [{"do": {"kind": "attack", "card": "a-vg"}}, {"do": {"kind": "target", "card": "b-vg"}},
                    {"do": {"kind": "boost", "card": "a-bc"}}, {"do": {"kind": "pass"}}],
         "branches": [{"script": [{"do": {"kind": "attack", "card": "a-vg"}},
                                  {"do": {"kind": "target", "card": "b-vg"}}, {"do": {"kind": "pass"}}]}]}


# The choices of a player, a region or a statistic that showed the engine's index or identifier ("0", "7", "power").
INDEX_CHOICES = """(italian) => [...document.querySelectorAll(
    'select[name=player], select[name=turn_player], select[name=first_player], select[name=region], ' +
    'select[name^=hero_at], select[name^=companion_at], select[name=stat]')]
  .flatMap(s => [...s.options].map(o => [s.name, o.textContent.trim()]))
  .filter(([, label]) => /^\\d+$/.test(label) || italian && /^(power|soul|level)$/.test(label))
  .map(([name, label]) => `choice of ${name} by index or identifier: ${label}`)"""
# What the page's own script writes on an Italian page (the decision drawer's handle, a message's close button),
# read for English words: the server-side scan (tests/judgeapp/test_i18n.py) never sees it.
SCRIPT_WORDS = """() => [...document.querySelectorAll('.sb-drawer-handle, .sb-toast-close')]
  .map(el => el.textContent + ' ' + (el.getAttribute('aria-label') || '')).join(' ')"""


def english_in(text: str) -> list[str]:
    from tests.judgeapp.test_i18n import ENGLISH_WORDS, WORD

    return sorted({w for w in re.findall(WORD, text) if w.lower() in ENGLISH_WORDS})


def problems_in(text: str) -> list[str]:
    found = []
    for what, pattern in FORBIDDEN:
        for match in pattern.finditer(text):
            start = max(0, match.start() - 40)
            found.append(f"{what}: {match.group(0)!r} in …{text[start:match.end() + 40]!r}")
    return found


def test_the_scan_finds_what_it_looks_for():
    """Each pattern fires on the words the tryouts met, and not on a judge's sentence."""
    for bad in ("Swap the None column", "Player 0", "One event", "#0 start (0 events)", "1 events",
                "drive check: Filler (none trigger)", "run: decision", "Export JSON", "Fork", "(p0-1)",
                "an event happens citing 4.6.6.2", "front_left", "players[0].hand", "vg-cr-it-2.2", "{'kind'"):
        assert problems_in(bad), bad
    for bad in ("G0 eroe", "giocatore 0", "Spedizione eroe 0 regione 0", "vince il primo giocatore (WIN LOSS BY EFFECT)",
                "copied from tests/scenarios/altered/example-x.json", "of altered-cr-it after 7.3.2.b"):
        assert problems_in(bad), bad
    assert english_in("Decisione · open") == ["open"] and english_in("Decisione · apri") == []
    assert not problems_in("The second player calls Unit to the front left rear-guard circle 7.3.1.4 "
                           "(EN 7.4.1.4). No hit: 0 damage. Point 3 · 2 events · reading A11")


@pytest.fixture(params=[PHONE, DESKTOP, {**PHONE, "locale": "it-IT"}], ids=["390-touch", "1280", "390-touch-it"])
def page(request, browser, site_server, load_documents):
    """A judge's browser: a phone, a desktop, and a phone asking for Italian (the accessibility checks in both
    languages, issue 28)."""
    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48", "ws-cr-it")
    context = browser.new_context(**request.param)
    page = context.new_page()
    page.sb_url = site_server.url
    page.sb_touch = request.param.get("has_touch", False)
    page.sb_italian = request.param.get("locale") == "it-IT"
    yield page
    context.close()


def test_every_sandbox_page_kind_speaks_a_judges_words_and_passes_the_accessibility_checks(page):
    url = page.sb_url
    found: dict[str, list[str]] = {}

    def check(name: str, numbered: bool = False) -> None:
        """``numbered``: a game naming its players "player 1" and "player 2" (only a player 0 is an index there)."""
        page.wait_for_load_state()
        problems = problems_in(page.evaluate(SEEN)) + page.evaluate(CHECK) + page.evaluate(CONTRAST)
        if numbered:
            problems = [p for p in problems if not re.match(r"player index: '(?:[Pp]layer|[Gg]iocatore|P) ?[12]'", p)]
        problems += page.evaluate(INDEX_CHOICES, page.sb_italian)
        if page.sb_italian:
            problems += [f"English words written by the script: {w}" for w in english_in(page.evaluate(SCRIPT_WORDS))]
        if problems:
            found[name] = problems

    def tap(selector: str) -> None:
        (page.tap if page.sb_touch else page.click)(selector)

    page.goto(f"{url}/sandbox/")
    check("index")
    tap("#sb-new")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    check("new board")
    page.goto(f"{url}/sandbox/")
    tap("#sb-new-weiss")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    check("new Weiss Schwarz board")

    page.goto(f"{url}/sandbox/")
    tap("#sb-new-altered")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    check("new Altered board", numbered=True)
    # An Altered board under way: the adventure's track with the expeditions on it, the judge tools' choices; on a
    # phone the decision drawer, closed then open (its handle is written by the script)
    page.goto(f"{url}/sandbox/")
    tap("#sb-preset-altered-afternoon")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    tap("#sb-start")
    page.locator("#decision button[value=decision]").wait_for()
    tap("#decision button[value=decision]")
    page.locator("#decision .sb-prompt").wait_for()
    check("Altered board under way", numbered=True)
    if page.sb_touch:
        tap(".sb-drawer-handle")
        check("Altered board, the decision drawer open", numbered=True)
        if page.sb_italian:
            assert page.locator(".sb-drawer-handle").inner_text().endswith("chiudi")
    track = page.locator(".sb-alt-track").inner_text()
    assert "G1" in track if page.sb_italian else "P1" in track, track  # player 1, as the board numbers them

    page.goto(f"{url}/sandbox/")
    page.fill("#sb-import-json", json.dumps(BOARD))
    tap("#sb-import")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    detail = page.url
    check("started board")
    sid = detail.rstrip("/").rsplit("/", 1)[1]
    page.locator("#sb-handover summary").click()
    check("hand-over links and QR codes")
    assert page.locator("#sb-handover img.sb-qr").count() == 3
    page.goto(f"{url}/sandbox/{sid}/?view=p1")
    check("a player's view")
    page.goto(detail)
    share = page.locator("#sb-share-url").input_value()
    player = page.locator("#sb-player0-url").input_value()
    ruling = page.locator("#sb-ruling-link").get_attribute("href")
    leaves = page.locator(".sb-branches > li").evaluate_all("els => els.map(e => e.dataset.leaf)")
    for name, target in (("read-only link", share), ("player link", player), ("ruling", f"{url}{ruling}"),
                         ("compare", f"{url}/sandbox/{sid}/compare/?a={leaves[0]}&b={leaves[1]}"),
                         ("example", f"{url}/sandbox/examples/playbook-q19/"),
                         ("Weiss Schwarz example", f"{url}/sandbox/examples/weiss-damage-cancelled-by-climax/"),
                         ("readings", f"{url}/sandbox/assumptions/")):
        page.goto(target)
        check(name)

    # A main phase: a rear-guard's menu (its moves, the sideways ones refused with the reading) and a refusal.
    page.goto(f"{url}/sandbox/examples/playbook-q06/")
    tap("#sb-open-example")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    tap("#decision button[value=decision]")
    page.locator("#decision .sb-prompt").wait_for()
    card = page.locator('#board .sb-zone[data-zone="front_left"] [data-card]').first
    (card.tap if page.sb_touch else card.click)()
    check("a card's menu with refusals")
    assert ("lettura A11" if page.sb_italian else "reading A11") in page.locator("#decision .sb-menu.sb-open").inner_text()

    page.goto(f"{url}/sandbox/examples/weiss-damage-cancelled-by-climax/")
    tap("#sb-open-example")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    check("Weiss Schwarz board")

    # Site walk 2: a Weiss Schwarz main phase with a card's refused plays and their reasons open (one said "il
    # giocatore 0"), an Altered card's menu (its place said "hand"), Playbook Q11 opened (it was refused).
    for preset in ("weiss-schwarz-main", "altered-afternoon"):
        page.goto(f"{url}/sandbox/")
        tap(f"#sb-preset-{preset}")
        page.wait_for_url("**/sandbox/*-*-*-*-*/")
        tap("#sb-start")
        page.locator("#decision button[value=decision]").wait_for()
        tap("#decision button[value=decision]")
        page.locator("#decision .sb-prompt").wait_for()
        refusing = page.locator("#decision .sb-menu:has(.sb-no)")
        menu = refusing.first if refusing.count() else page.locator("#decision .sb-menu").first
        card = page.locator(f'#board [data-card="{menu.get_attribute("data-for")}"]').first
        (card.tap if page.sb_touch else card.click)()
        closed = page.locator("#decision .sb-menu.sb-open details.sb-whynot:not([open]) summary")
        if closed.count():
            closed.first.click()
        check(f"{preset}: a card's menu", numbered=preset.startswith("altered"))
    page.goto(f"{url}/sandbox/examples/playbook-q11/")
    tap("#sb-open-example")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    check("Playbook Q11 opened")
    assert not found, "\n".join(f"{name}: {'; '.join(problems)}" for name, problems in found.items())
