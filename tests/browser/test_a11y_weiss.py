"""The reader's accessibility check (tests/browser/test_a11y.py: names, landmarks, contrast) on every sandbox page
kind of a Weiss Schwarz board: example, a board being set up, a started board with a card's menu open, a refusal,
a player's view, the shared and player links, a comparison, a ruling, the readings."""
import json

import pytest


from .test_a11y import CHECK, CONTRAST


@pytest.mark.parametrize("locale", ["it-IT", "en-GB"])
def test_every_weiss_sandbox_page_kind_passes_the_same_checks(browser, site_server, load_documents, locale):
    load_documents("ws-cr-it")
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale=locale)
    found = {}

    def check(name: str) -> None:
        problems = page.evaluate(CHECK) + page.evaluate(CONTRAST)
        if problems:
            found[name] = problems

    try:
        for name, url in (("readings", "/sandbox/assumptions/#W1"),
                          ("example", "/sandbox/examples/weiss-damage-cancelled-by-climax/")):
            page.goto(f"{site_server.url}{url}")
            check(name)
        page.goto(f"{site_server.url}/sandbox/")
        page.click("#sb-new-weiss")
        page.wait_for_url("**/sandbox/*-*-*-*-*/")
        page.fill("#sb-quick-line", "L1 C1 5000 Knight")
        page.click("#sb-quick-add")
        page.wait_for_selector("#board .sb-a-center_left [data-card]")
        check("draft")
        knight = {"name": "Knight", "type": "character", "colour": "yellow", "level": 1, "cost": 1, "power": 5000}
        rookie = {"name": "Rookie", "type": "character", "colour": "yellow", "level": 0, "power": 2000}
        scenario = {"format": "judgeapp-scenario/2", "game": "weiss-schwarz", "turn": 3, "phase": "attack",
                    "metadata": {"title": "Checked", "question": "Who is reversed?"},
                    "players": [{"stage": {"center_left": dict(knight, id="a-k"), "center_right": dict(rookie, id="a-r")},
                                 "deck": [dict(rookie, id=f"a-d{i}") for i in range(8)]},
                                {"stage": {"center_right": dict(rookie, id="b-r")}, "hand": [dict(rookie, id="b-h")],
                                 "deck": [dict(rookie, id=f"b-d{i}") for i in range(8)]}],
                    "script": [{"do": {"kind": "attack", "card": "a-k", "type": "front"}}],
                    "branches": [{"script": [{"do": {"kind": "attack", "card": "a-k", "type": "side"}}]}]}
        page.goto(f"{site_server.url}/sandbox/")
        page.fill("#sb-import-json", json.dumps(scenario))
        page.click("#sb-import")
        page.wait_for_url("**/sandbox/*-*-*-*-*/")
        detail = page.url
        check("started")
        page.locator('#board [data-card="a-r"]').first.click()
        check("a card's menu open")
        sid = detail.rstrip("/").rsplit("/", 1)[1]
        page.goto(detail + "?view=p1")
        check("player view")
        page.goto(detail)
        share = page.locator("#sb-share-url").input_value()
        player = page.locator("#sb-player0-url").input_value()
        ruling = page.locator("#sb-ruling-link").get_attribute("href")
        leaves = page.locator(".sb-branches > li").evaluate_all("els => els.map(e => e.dataset.leaf)")
        assert len(leaves) == 2
        for name, url in (("shared", share), ("player link", player), ("ruling", f"{site_server.url}{ruling}"),
                          ("compare", f"{site_server.url}/sandbox/{sid}/compare/?a={leaves[0]}&b={leaves[1]}")):
            page.goto(url)
            check(name)
    finally:
        page.close()
    assert not found, "\n".join(f"{name}: {'; '.join(problems)}" for name, problems in found.items())
