"""Browser test (issue 21): a third game plugs in without touching the frame.

Reveal, a game defined only under tests/judgeapp/sandbox/tiny_game/, is registered by the test; a judge makes a
board of it from the index, builds it from one-line cards, starts it, sees why another card cannot be revealed
(with its clause), has an answer refused, answers, undoes, branches with a concession, exports the file, imports
it again and opens the ruling page with the clauses' text.
"""
import json

import pytest

from tests.judgeapp.sandbox.test_tiny_game import host, load_rules_document
from tests.judgeapp.sandbox.tiny_game import engine as reveal
from tests.judgeapp.sandbox.tiny_game import sandbox as reveal_sandbox

from .test_sandbox_tasks import DESKTOP, Judge



@pytest.fixture
def judge(browser, site_server, settings):
    host(settings)
    load_rules_document()
    context = browser.new_context(accept_downloads=True, **DESKTOP)
    page = context.new_page()
    yield Judge(page, touch=False), site_server.url
    context.close()
    reveal_sandbox.unregister()


def test_reveal_board_built_played_refused_undone_branched_exported_imported_ruled(judge, tmp_path):
    j, url = judge
    page = j.page
    page.goto(f"{url}/sandbox/")
    j.tap("#sb-new-reveal")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    assert "Round 1" in page.locator("#board .sb-status").inner_text()
    for player, line in ((0, "7 Seven"), (0, "2 Two"), (1, "5 Five"), (1, "9 Nine")):
        j.add(player, "deck", line)
    j.start()
    assert "reveal the top card" in page.locator("#decision").inner_text()

    # Why not: the second card of the deck, with the clause that says only the top one is revealed.
    j.tap(j.card(0, "deck", "Two"))
    why = page.locator("#decision .sb-menu.sb-open .sb-whynot")
    assert "only the top card" in why.inner_text() and "2.1" in why.inner_text()
    j.tap(j.card(0, "deck", "Two"))

    # An answer out of turn is refused by the rules, with its clause.
    j.tap(j.card(1, "deck", "Five"))
    refused = page.locator("#decision .sb-menu.sb-open .sb-no", has_text="Reveal Five")
    assert refused.get_attribute("aria-disabled") == "true"  # shown as refused; choosing it anyway asks the rules
    j.swapped(lambda: refused.click(force=True))
    refusal = page.locator("#sb-refused").inner_text()
    assert "reveals first this round" in refusal and "1.2" in refusal

    j.act(j.card(0, "deck", "Seven"), "Reveal Seven")
    j.act(j.card(1, "deck", "Five"), "Reveal Five")
    assert "the first player wins the round" in j.log() and "Round 2" in page.locator("#board .sb-status").inner_text()

    j.tap_and_wait("#history button.sb-link")  # back to the first point of the history
    j.tap("#judge summary")
    j.tap_and_wait("#sb-concede")
    assert "the first player concedes" in j.log()
    assert page.locator(".sb-branches li").count() == 2

    with page.expect_download() as download:
        page.click("#sb-export")
    exported = tmp_path / "reveal.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["game"] == "reveal"

    page.goto(f"{url}/sandbox/")
    page.fill("#sb-import-json", json.dumps(data))
    page.click("#sb-import")
    page.wait_for_url("**/sandbox/*-*-*-*-*/")
    assert "the first player concedes" in j.log()

    page.locator(".sb-ruling-of").first.click()
    page.wait_for_url("**/ruling/*/")
    text = page.inner_text("body")
    assert reveal.RULES["2.1"] in text or reveal.RULES["3.1"] in text
