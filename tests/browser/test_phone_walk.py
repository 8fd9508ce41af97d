"""A floor judge's walk on a phone (390 px, touch), in Italian (site-walk3): the page states where the walk
stumbled, kept fixed.

- every control a thumb uses on the pages of a question (the search, a clause, a board with its answer and its
  hand-over links open) is at least 40 px tall: form fields and buttons were 30-37 px, the clause chips 17-21 px,
  the search's filter pills 16 px, "Vai alla regola" 24 px;
- a refused move shown at the form's own address (…/play/) left that address in the bar: the phone's Back from the
  clause the judge opened, or a reload, asked it again and got "Metodo non consentito" with the board lost;
- the one-line answer appeared at the top of the page while the judge was down on the board: out of sight.

site-walk4 (the same phone): a clause reached its words' glossary entries in two taps through the document page (its
chips now, one tap, onto an entry whose links are thumb-sized); a card's name was cut to "Cavali…" on the board.
"""
import pytest

from tests.browser.test_rulings_at_the_table import Table
from tests.browser.test_sandbox_tasks import PHONE, no_horizontal_scroll

ITALIAN_PHONE = dict(PHONE, locale="it-IT")

# What a thumb taps: form controls, folded sections, filter pills, pagers, clause chips, the board's link-buttons.
CONTROLS = ("main button, main select, main input:not([type=hidden]):not([type=checkbox]):not([type=radio]), "
            "main summary, .facets a, .pager a, a.clause-ref, .clause-tools a, .clause-tools button, .breadcrumb a, .clause-terms a, "
            ".preview-head a, .results h3 a, .filters a, .term-index a, dl.glossary a:not(.term-anchor)")
TOO_SMALL = """(selector) => [...document.querySelectorAll(selector)].filter(e => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && (r.height < 40 || r.width < 40);
  }).map(e => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} "${(e.innerText || e.value || '').trim().slice(0, 30)}"`
    + ` ${Math.round(e.getBoundingClientRect().width)}x${Math.round(e.getBoundingClientRect().height)}`)"""


@pytest.fixture
def phone(browser, site_server, load_documents):
    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48", "vg-playbook-it-3.00")
    context = browser.new_context(**ITALIAN_PHONE)
    yield context, site_server.url
    context.close()


def thumb_sized(page) -> None:
    small = page.evaluate(TOO_SMALL, CONTROLS)
    assert small == [], f"{page.url}: controls under 40 px: {small}"
    no_horizontal_scroll(page, 390)


def test_every_control_of_a_floor_question_is_thumb_sized(phone):
    context, url = phone
    page = context.new_page()
    for address in ("/", "/search/?q=attacco+colpisce+forza", "/search/?q=guardiano&kind=rule",
                    "/rules/vg-cr-it-2.2/7.6.1.2/"):
        page.goto(url + address)
        thumb_sized(page)
    t = Table(page, True, url)
    t.open_example("playbook-q19")
    t.ask("hit")
    t.run_to_decision()
    t.onto(t.card(0, "front_left"), t.zone(1, "front_left"))
    while page.locator("#decision .sb-general .sb-option").count():
        t.option(page.locator("#decision .sb-general .sb-option").first.inner_text()[:5])
    assert page.locator("#sb-answer a.clause-ref").count() == 1
    t.tap("#sb-handover summary")
    thumb_sized(page)


def test_the_answer_comes_into_view_and_back_from_its_clause_returns_to_the_board(phone):
    context, url = phone
    page = context.new_page()
    t = Table(page, True, url)
    t.open_example("playbook-q06")
    t.ask_in_words("Può spostarla di lato?")
    t.run_to_decision()
    board = page.url
    t.tap(t.card(0, "front_left"))
    t.tap_and_wait(t.zone(0, "front_right").locator(".sb-label"))  # refused: a card moves only within its column
    answer = page.locator("#sb-answer")
    assert "sb-answer-refused" in answer.get_attribute("class")
    box = answer.bounding_box()
    assert box is not None and -2 <= box["y"] < 844, box  # in sight, though the judge was down on the board
    assert page.url == board  # the bar keeps the board's address, never the form's (…/play/)
    t.tap(answer.locator("a.clause-ref"))  # a tap opens the clause's preview, whose heading opens the clause
    thumb_sized(page)
    t.tap(page.locator(".preview a[href*='/rules/']").first)
    page.wait_for_url("**/rules/**")
    page.go_back()
    page.wait_for_load_state()
    assert page.url == board and page.locator("#board").count() == 1
    page.goto(board + "play/")  # the form's address itself, visited: the board again
    assert page.url.split("?")[0] == board and page.locator("#board").count() == 1


CUT_NAMES = """() => [...document.querySelectorAll('.sb-card .sb-name')].filter(n => n.getBoundingClientRect().width > 0
    && (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1
        || getComputedStyle(n).textOverflow === 'ellipsis' && getComputedStyle(n).whiteSpace === 'nowrap'))
  .map(n => `${n.innerText} ${n.clientWidth}px`)"""


@pytest.mark.parametrize("example", ["playbook-q19", "weiss-counter-step-backup", "altered-example-alice-after-you"])
def test_a_cards_whole_name_shows_on_a_phone_board(phone, example):
    # site-walk4: on a 390 px board a column is some 55 px wide and every name read "Cavali…", "Re de…"
    context, url = phone
    page = context.new_page()
    page.goto(f"{url}/sandbox/examples/{example}/")
    assert page.locator(".sb-card .sb-name").count() > 2
    assert page.evaluate(CUT_NAMES) == []
    no_horizontal_scroll(page, 390)


def test_a_clause_reaches_the_glossary_entry_of_its_words_in_one_tap(phone):
    context, url = phone
    page = context.new_page()
    page.goto(url + "/rules/vg-cr-it-2.2/7.3.1/")
    thumb_sized(page)
    chip = page.locator(".clause-terms a").first
    term = chip.inner_text()
    chip.tap()
    page.wait_for_url("**/glossary/#term-*")
    target = page.locator(".glossary-entry:target")
    assert target.locator("dt").inner_text() == term
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < 844  # the entry in sight, not the top of a long page
    thumb_sized(page)


@pytest.mark.parametrize("slug,typed,number", [("ws-cr-it", "9,4,1,1", "9.4.1.1"),
                                               ("altered-cr-it", "2.2.11a", "2.2.11.a")])
def test_the_jump_box_opens_a_number_typed_as_a_judge_reads_it_off_a_ruling(phone, load_documents, slug, typed,
                                                                            number):
    # site-walk5: "9,4,1,1" and "2.2.11a" answered "no such rule" from the document's jump box
    load_documents(slug)
    context, url = phone
    page = context.new_page()
    page.goto(f"{url}/rules/{slug}/")
    page.locator("#jump-number").tap()
    page.locator("#jump-number").fill(typed)
    with page.expect_navigation():
        page.locator("#jump-number").press("Enter")
    assert page.url.endswith(f"/rules/{slug}/{number}/")
    thumb_sized(page)
