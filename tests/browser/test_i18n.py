"""The interface language in a real browser: a browser asking for Italian gets the Italian interface
(its scripts' words too, from the JavaScript catalogue), switches to English from the header without
JavaScript's help, and the choice holds across pages."""
import pytest


@pytest.fixture
def corpus(load_documents):
    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_italian_browser_switches_to_english_and_the_choice_holds(browser, site_server, corpus, javascript):
    context = browser.new_context(locale="it-IT", java_script_enabled=javascript, viewport={"width": 360, "height": 800})
    page = context.new_page()
    try:
        page.goto(f"{site_server.url}/rules/vg-cr-it-2.2/7.3.1.3.1/")
        assert page.locator("html").get_attribute("lang") == "it"
        assert page.locator("#jump summary").inner_text().startswith("Vai alla regola")
        assert page.locator(".clause-text").first.get_attribute("lang") == "it"
        if javascript:  # the reader's script speaks through the catalogue
            assert page.evaluate("() => window.gettext('Copy link')") == "Copia il link"

        page.get_by_role("button", name="English").click()
        page.wait_for_load_state()
        assert page.url == f"{site_server.url}/rules/vg-cr-it-2.2/7.3.1.3.1/"  # the same page, in English
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.locator("#jump summary").inner_text().startswith("Go to clause")
        assert page.locator(".clause-text").first.get_attribute("lang") == "it"  # the rules stay Italian

        page.get_by_role("link", name="Search", exact=True).first.click()
        page.wait_for_load_state()
        assert page.locator("html").get_attribute("lang") == "en"
        page.goto(f"{site_server.url}/")
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.get_by_role("heading", name="Read the rules").count() == 1
        if javascript:
            assert page.evaluate("() => window.gettext('Copy link')") == "Copy link"

        page.get_by_role("button", name="Italiano").click()
        page.wait_for_load_state()
        assert page.locator("html").get_attribute("lang") == "it"
        assert page.get_by_role("heading", name="Leggi le regole").count() == 1
    finally:
        context.close()


def test_a_reference_preview_is_labelled_in_the_interface_language(browser, site_server, corpus):
    context = browser.new_context(locale="it-IT")
    page = context.new_page()
    try:
        page.goto(f"{site_server.url}/rules/vg-cr-it-2.2/7.3.1.3.1/")
        reference = page.locator(".clause-text a[data-preview]").first
        reference.focus()
        preview = page.locator("#preview")
        preview.wait_for(state="visible")
        assert preview.get_attribute("aria-label") == "Anteprima della regola citata"
    finally:
        context.close()


def test_the_sandbox_reads_in_italian_with_the_rules_words(browser, site_server, corpus):
    """Board, decision panel, log and ruling page in Italian, the zones and steps named as the Italian rules print
    them; the engine's own sentences in Italian too (judgeapp/sandbox/engine_words.py), none left marked English."""
    context = browser.new_context(locale="it-IT", viewport={"width": 360, "height": 800})
    page = context.new_page()
    try:
        page.goto(f"{site_server.url}/sandbox/examples/playbook-q01/")
        assert page.locator("html").get_attribute("lang") == "it"
        page.get_by_role("button", name="Apri nel simulatore").click()
        page.wait_for_load_state()
        board = page.locator("#board").inner_text()
        assert "Cerchio del Vanguard" in board and "Zona Scarti" in board  # the players: by seat (test_sandbox_words)
        assert page.locator("#decision h2").inner_text() in ("Decisione", "Prosegui la partita")  # "Play on": locale/pending/h27-answer.po
        assert page.locator("#log-panel h2").inner_text().startswith("Registro degli eventi")
        assert page.evaluate("() => window.gettext('refused')") == "rifiutata"  # sandbox.js's words
        assert page.locator("#sb-log [lang=en]").count() == 0  # no engine sentence left in English
        page.locator("#sb-ruling-link").click()
        page.wait_for_load_state()
        assert page.get_by_role("heading", name="Che cosa succede, regola per regola").count() == 1
        assert page.get_by_role("button", name="Stampa o salva in PDF").count() == 1
    finally:
        context.close()
