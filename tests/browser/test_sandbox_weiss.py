"""Browser test (issue 15): a Weiss Schwarz board built through the UI only, played, undone and handed over.

Build the board from one-line cards, attack (a soul trigger is revealed), cancel the damage with a climax, level up
with the next attack, undo the level up, open the printable ruling page and print it to PDF.
"""
import pytest

from .test_sandbox_tasks import DESKTOP, PHONE, Judge, no_horizontal_scroll



@pytest.fixture(params=[PHONE, DESKTOP], ids=["390-touch", "1280"])
def judge(request, browser, site_server, load_documents):
    load_documents("ws-cr-it")
    context = browser.new_context(**request.param)  # with the site's CSP on, as a judge's browser has it
    page = context.new_page()
    yield Judge(page, touch=request.param.get("has_touch", False)), request.param["viewport"]["width"], site_server.url
    context.close()


def count(j: Judge, player: int, zone: str) -> str:
    return j.zone(player, zone).locator(".sb-count").inner_text()


def test_weiss_board_attack_trigger_climax_cancel_level_up_undo_ruling(judge, tmp_path):
    j, width, url = judge
    page = j.page
    page.goto(f"{url}/sandbox/")
    j.tap("#sb-new-weiss")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    assert "Center stage left" in page.locator("#board").inner_text()
    j.add(0, "center_left", "L1 C1 5000 s2 Knight")
    j.add(0, "center_middle", "Rookie")
    j.add(0, "deck", "soul Scout")  # the top card: its soul icon is revealed by the trigger check
    j.add(1, "deck", "Rookie")
    j.add(1, "deck", "climax yellow Finale")  # the second damage card: a climax cancels the damage
    j.add(1, "clock", "6 fillers")
    j.tap_and_wait("#sb-fill-decks")
    assert count(j, 1, "deck") == "12" and count(j, 1, "clock") == "6"
    no_horizontal_scroll(page, width)
    j.start()
    assert "attack" in page.locator("#decision .sb-prompt").inner_text()

    # Why not: a front attack with no character opposite says why, with its clause.
    j.tap(j.card(0, "center_left"))
    why = page.locator("#decision .sb-menu.sb-open .sb-whynot")
    assert why.count() == 1 and "7.2.1.4.1" in why.inner_text()
    j.tap(j.card(0, "center_left"))  # closes the menu again

    j.act(j.card(0, "center_left"), "Direct attack with")
    log = j.log()
    assert "trigger check: Scout" in log and "soul" in log
    assert "the damage is cancelled" in log
    assert count(j, 1, "waiting_room") == "2" and count(j, 1, "clock") == "6"

    j.tap_and_wait("#decision button[value=decision]")  # the engine stopped at the end of that attack
    j.act(j.card(0, "center_middle"), "Direct attack with")
    assert "level up" in page.locator("#decision .sb-prompt").inner_text()
    assert count(j, 1, "clock") == "8"
    j.act(j.card(1, "clock").first, "Choose")
    assert count(j, 1, "level") == "1" and count(j, 1, "clock") == "1"
    assert "the second player levels up to level 1" in j.log()
    no_horizontal_scroll(page, width)

    j.tap_and_wait("#sb-undo")
    assert count(j, 1, "level") == "0" and count(j, 1, "clock") == "8"
    assert "level up" in page.locator("#decision .sb-prompt").inner_text()

    j.tap("#sb-ruling-link")
    page.wait_for_url("**/ruling/*/")
    text = page.inner_text("main") if page.locator("main").count() else page.inner_text("body")
    # Each event with its clause's Italian text: the cancelled damage's 4.9.1.2 among them.
    assert "the damage is cancelled" in text and "trigger check: Scout" in text
    assert "Cancellazione dei Danni" in text and "4.9.1.2" in text
    page.emulate_media(media="print")
    pdf = tmp_path / "ruling.pdf"
    page.pdf(path=str(pdf))
    assert pdf.stat().st_size > 5000
