"""Browser test (issue 23): an Altered board built through the UI only, played through a day, undone and printed;
a worked example of the rules opened from the reader and replayed; the accessibility checks on its pages.

At 390 px with touch and at 1280 px: build the board from one-line cards, play a character from the hand and one
from the Reserve in the Afternoon, pass, let Dusk move the expeditions and Night rest the characters (the fleeting
one to the discard pile), undo, open the printable ruling page and print it to PDF.
"""
import pytest

from .test_a11y import CHECK, CONTRAST
from .test_sandbox_tasks import DESKTOP, PHONE, Judge, no_horizontal_scroll



@pytest.fixture(params=[PHONE, DESKTOP], ids=["390-touch", "1280"])
def judge(request, browser, site_server, load_documents):
    load_documents("altered-cr-it")
    context = browser.new_context(**request.param)  # with the site's CSP on, as a judge's browser has it
    page = context.new_page()
    yield Judge(page, touch=request.param.get("has_touch", False)), request.param["viewport"]["width"], site_server.url
    context.close()


def count(j: Judge, player: int, zone: str) -> str:
    return j.zone(player, zone).locator(".sb-count").first.inner_text()


def answer(j: Judge, label: str) -> None:
    """Tap one of the decision's general answers (pass, yes, no)."""
    j.tap_and_wait(j.page.locator("#decision .sb-general .sb-option", has_text=label))


def test_altered_board_afternoon_dusk_night_undo_ruling(judge, tmp_path):
    j, width, url = judge
    page = j.page
    page.goto(f"{url}/sandbox/")
    j.tap("#sb-new-altered")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    board = page.locator("#board").inner_text()
    assert "Hero expedition" in board and "The adventure" in board and "Day 2 · Afternoon" in board
    j.add(0, "hero", "hero Sierra")
    j.add(1, "hero", "hero Lyra")
    j.add(0, "hand", "Kitsune 1/1 2/1/0")
    j.add(0, "reserve", "Titan 3/2 3/3/3 giant")
    j.add(0, "mana", "x4 Orb")
    j.add(1, "companion_expedition", "Swimmer 1/1 0/1/2")
    j.tap_and_wait("#sb-fill-decks")
    assert count(j, 0, "deck") == "10" and count(j, 0, "mana") == "4"
    swimmer = j.card(1, "companion_expedition", "Swimmer")
    assert "W2" in swimmer.inner_text().replace("\n", "")  # the Water statistic on the tile
    # a tile has no controls of its own: tapped, it is chosen in the edit bar, which copies and removes it
    assert swimmer.locator("form, button").count() == 0
    j.tap(swimmer)
    assert page.input_value("#sb-edit-card") == swimmer.get_attribute("data-card")
    j.tap_and_wait("#sb-edit-duplicate")
    assert count(j, 1, "companion_expedition") == "2"
    j.tap(j.card(1, "companion_expedition", "Swimmer").nth(1))
    j.tap_and_wait("#sb-edit-remove")
    assert count(j, 1, "companion_expedition") == "1"
    no_horizontal_scroll(page, width)
    j.start()
    assert "your turn" in page.locator("#decision .sb-prompt").inner_text()

    j.act(j.card(0, "hand", "Kitsune"), "into the hero expedition")  # from the hand: 1 orb
    assert count(j, 0, "hero_expedition") == "1"
    answer(j, "Pass")  # player 1 has nothing to play
    j.act(j.card(0, "reserve", "Titan"), "into the companion expedition")  # from the Reserve: fleeting
    assert "Fleeting" in j.card(0, "companion_expedition", "Titan").inner_text()
    assert "2 exhausted" not in j.zone(0, "mana").inner_text()  # three orbs spent of four
    answer(j, "Pass")  # both have passed: Dusk, Night, then the next Morning's first decision
    log = j.log()
    assert "Dusk" in log and "Night" in log
    # Dusk: Kitsune's Forest beats an empty hero expedition, the Giant Titan beats the Swimmer (4.2.4.b)
    track = page.locator(".sb-alt-track").inner_text()
    assert "P1 hero" in track and "P1 companion" in track  # player 1 as the board names them, not the index 0
    # Night: Kitsune rests in the Reserve, the fleeting Titan goes to the discard pile (2.4.6.c)
    assert j.card(0, "reserve", "Kitsune").count() == 1 and j.card(0, "discard", "Titan").count() == 1
    assert count(j, 0, "hero_expedition") == "0"
    no_horizontal_scroll(page, width)

    j.tap_and_wait("#sb-undo")
    assert count(j, 0, "companion_expedition") == "1" and count(j, 0, "discard") == "0"
    assert "Afternoon" in page.locator("#board .sb-status").inner_text()

    j.tap("#sb-ruling-link")
    page.wait_for_url("**/ruling/*/")
    text = page.inner_text("main") if page.locator("main").count() else page.inner_text("body")
    assert "Kitsune" in text and "Titan" in text and "altered-cr-it" in page.content()
    page.emulate_media(media="print")
    pdf = tmp_path / "ruling.pdf"
    page.pdf(path=str(pdf))
    assert pdf.stat().st_size > 5000


def test_an_example_opened_from_the_reader_and_replayed(judge):
    j, width, url = judge
    page = j.page
    page.goto(f"{url}/rules/altered-cr-it/1.4.5.a/")
    link = page.locator("a", has_text="Replay this example in the scenario sandbox").first
    j.tap(link)
    page.wait_for_url("**/sandbox/examples/altered-example-kitsune-each-player-may-resupply/")
    assert "Kitsune" in page.locator("#board").inner_text()
    j.tap("#sb-open-example")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    j.tap_and_wait("#decision button[value=decision]")
    j.act(j.card(0, "hand", "Kitsune"), "into the hero expedition")
    assert "optional" in page.locator("#decision").inner_text().lower() or "Yes" in page.locator(
        "#decision").inner_text()
    answer(j, "Yes")  # Ninette resupplies first (1.4.5.a) ...
    answer(j, "No")  # ... then Lithium decides, knowing her choice
    assert count(j, 0, "reserve") == "1" and count(j, 1, "reserve") == "0"
    assert "1.4.5.a" in j.log()
    no_horizontal_scroll(page, width)


@pytest.mark.parametrize("locale", ["it-IT", "en-GB"])
def test_every_altered_page_kind_passes_the_accessibility_checks(browser, site_server, load_documents, locale):
    load_documents("altered-cr-it")
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale=locale)
    found = {}

    def check(name: str) -> None:
        problems = page.evaluate(CHECK) + page.evaluate(CONTRAST)
        if problems:
            found[name] = problems

    try:
        for name, path in (("readings", "/sandbox/assumptions/#AL1"),
                           ("example", "/sandbox/examples/altered-example-carica-your-characters/"),
                           ("reader", "/rules/altered-cr-it/7.2.2.a/")):
            page.goto(f"{site_server.url}{path}")
            check(name)
        page.goto(f"{site_server.url}/sandbox/")
        page.click("#sb-new-altered")
        page.wait_for_url("**/sandbox/*-*-*-*-*/")
        page.fill("#sb-quick-line", "Scout 2/1 2/1/0 boost1 anchored")
        page.select_option("#sb-quick-zone", "hero_expedition")
        page.click("#sb-quick-add")
        page.wait_for_selector("#board .sb-a-hero_expedition [data-card]")
        check("draft")
        page.goto(f"{site_server.url}/sandbox/examples/altered-example-carica-your-characters/")
        page.click("#sb-open-example")
        page.wait_for_url("**/sandbox/*-*-*-*-*/")
        detail = page.url
        page.click("#decision button[value=decision]")
        page.wait_for_selector("#decision .sb-prompt")
        check("started")
        page.locator("#board .sb-hand [data-card]").first.click()
        check("a card's menu open")
        page.goto(detail + "?view=p1")
        check("player view")
        page.goto(detail)
        ruling = page.locator("#sb-ruling-link").get_attribute("href")
        page.goto(f"{site_server.url}{ruling}")
        check("ruling")
    finally:
        page.close()
    assert not found, found
