"""Eight rulings at the table (issue 27), across both games, each written as the question a player asks and
each taken from the home page through the UI only, on a phone (390, touch) and a desktop (1280).

Each one states the question (picked from the game's common questions, or typed), plays only what the question
is about, and asserts the one-line answer at the top of the board and the clause it links to; each counts its
taps and typed characters, and fails past 15 taps and 40 characters. A tap is a click or touch, a select, or
the Enter key of a typed line; typing is counted in characters.
"""
import re

import pytest

from tests.browser.test_sandbox_tasks import no_horizontal_scroll

from tests.browser.test_sandbox_tasks import DESKTOP, PHONE, Judge

MAX_TAPS, MAX_CHARACTERS = 15, 40


class Table(Judge):
    """A judge at the table: taps and typed characters counted from the home page on."""

    def __init__(self, page, touch: bool, url: str):
        super().__init__(page, touch)
        self.url, self.typed = url, 0

    def open_example(self, slug: str) -> None:
        """From the home page: the sandbox, the example, a board of one's own from it (three taps)."""
        self.page.goto(f"{self.url}/")
        self.tap("a.cta[href$='/sandbox/']")
        self.tap(f"#examples a[href$='/{slug}/']")
        self.tap("#sb-open-example")
        self.page.wait_for_url("**/sandbox/*-*-*-*-*/")

    def open_question(self) -> None:
        """The question form opens in one tap (folded, it leaves the board and the decision in view)."""
        if not self.page.locator("#sb-ask-pick").is_visible():
            self.tap(".sb-ask-form summary")

    def open_preset(self, game: str, preset: str) -> None:
        """From the home page: the sandbox, a ready board of the game, validated and started (three taps)."""
        self.page.goto(f"{self.url}/")
        self.tap("a.cta[href$='/sandbox/']")
        self.tap(f"#sb-preset-{game}-{preset}")
        self.page.wait_for_url("**/sandbox/*-*-*-*-*/")
        self.tap_and_wait("#sb-start")

    def ask(self, key: str) -> None:
        """Pick one of the game's common questions: asked at once (one tap)."""
        self.open_question()
        self.swapped(lambda: self.page.select_option("#sb-ask-pick", key))
        self.taps += 1

    def ask_in_words(self, question: str) -> None:
        self.open_question()
        self.page.fill("#sb-ask-text", question)
        self.typed += len(question)
        self.tap_and_wait("#sb-ask-save")

    def run_to_decision(self) -> None:
        self.tap_and_wait("#decision button[value=decision]")

    def option(self, text: str) -> None:
        self.tap_and_wait(self.page.locator("#decision .sb-general .sb-option", has_text=text))

    def menu(self, card, label: str) -> None:
        """Tap a card, then one of the answers its menu names (two taps)."""
        self.tap(card)
        self.tap_and_wait(self.page.locator("#decision .sb-menu.sb-open .sb-option", has_text=label))

    def onto(self, card, zone) -> None:
        """Tap a card, then the place it lights up (or marks refused): two taps."""
        self.tap(card)
        self.tap_and_wait(zone.locator(".sb-label"))

    def answer(self, text: str, clause: str) -> None:
        """The one-line answer at the top of the board, and its clause (a link to the reader)."""
        line = self.page.locator("#sb-answer")
        assert re.search(text, line.locator(".sb-answer-text").inner_text()), line.inner_text()
        href = line.locator("a.clause-ref").get_attribute("href")
        assert href.endswith(f"/{clause}/"), href
        box = line.bounding_box()
        assert box is not None and box["width"] > 0

    def within_budget(self, name: str) -> None:
        print(f"{name}: {self.taps} taps, {self.typed} characters")
        assert self.taps <= MAX_TAPS, f"{name}: {self.taps} taps (at most {MAX_TAPS})"
        assert self.typed <= MAX_CHARACTERS, f"{name}: {self.typed} characters (at most {MAX_CHARACTERS})"


# ---------------------------------------------------------------- Cardfight!! Vanguard
def my_8000_rear_guard_attacks_their_10000_one_does_it_hit(t: Table) -> None:
    t.open_example("playbook-q19")
    t.ask("hit")
    t.run_to_decision()
    attacker = t.card(0, "front_left")
    t.tap(attacker)  # its possible targets light up
    assert "sb-lit" in t.zone(1, "front_left").get_attribute("class")
    t.tap_and_wait(t.zone(1, "front_left").locator(".sb-label"))
    while t.page.locator("#decision .sb-general .sb-option", has_text="Pass").count():
        t.option("Pass")  # no boost, no guard
    t.answer(r"^No hit: 0 damage$", "7.6.1.2")
    assert "close step" in t.page.locator("#board .sb-status").inner_text()  # stopped at the end of the battle


def equal_power_does_my_attack_hit_and_for_how_much(t: Table) -> None:
    t.open_example("playbook-q17")
    t.ask("hit")
    t.run_to_decision()
    t.onto(t.card(0, "vanguard"), t.zone(1, "vanguard"))
    while t.page.locator("#decision .sb-general .sb-option", has_text="Pass").count():
        t.option("Pass")  # no boost, no guard
    t.answer(r"^Hit: 1 damage$", "7.6.1.5")


def can_i_ride_my_grade_1_on_my_grade_2_vanguard(t: Table) -> None:
    t.open_preset("vanguard", "ride")  # grade 2 vanguards, a hand of every grade
    t.ask("ride")
    t.run_to_decision()
    hand = t.card(0, "hand", "Grade 1")
    t.tap(hand)
    assert "sb-nope" in t.zone(0, "vanguard").get_attribute("class")  # refused, and says why when tapped
    t.tap_and_wait(t.zone(0, "vanguard").locator(".sb-label"))
    t.answer(r"^Refused: .*grade 1 cannot be normal-ridden on grade 2", "8.5.2.1.1.1")


def can_i_move_my_rear_guard_sideways(t: Table) -> None:
    t.open_example("playbook-q06")
    t.ask_in_words("Can I move it sideways?")
    t.run_to_decision()
    t.tap(t.card(0, "front_left"))
    menu = t.page.locator("#decision .sb-menu.sb-open")
    assert "reading A11" in menu.inner_text()  # the reading taken where the Italian and English texts differ
    assert "sb-nope" in t.zone(0, "front_right").get_attribute("class")
    t.tap_and_wait(t.zone(0, "front_right").locator(".sb-label"))
    t.answer(r"^Refused: a card moves only within its column.*not sideways", "6.6.1.2.3")
    assert "reading A11" in t.page.locator("#sb-answer").inner_text()


# ---------------------------------------------------------------- Weiss Schwarz
def damage_3_and_the_second_card_is_a_climax_how_much_damage(t: Table) -> None:
    t.open_example("weiss-damage-cancelled-by-climax")
    t.ask("damage")
    t.run_to_decision()
    t.menu(t.card(0, "center_left"), "irect")
    t.answer(r"^Cancelled: 0 damage", "4.9.1.2")


def front_attack_5000_against_2000_which_is_reversed(t: Table) -> None:
    t.open_example("weiss-front-attack-loser-reversed")
    t.ask("reverse")
    t.run_to_decision()
    t.menu(t.card(0, "center_left"), "ront")
    t.answer(r"^Damage taken: 1 card into the clock; 1 character reversed$", "4.9.1.3")


def level_3_and_a_seventh_clock_card_do_they_lose(t: Table) -> None:
    t.open_preset("weiss-schwarz", "level3")  # the second player at level 3 with six cards in clock
    t.ask("level")
    t.run_to_decision()
    t.menu(t.card(0, "center_left"), "attack")
    t.menu(t.card(1, "clock").first, "Choose")
    t.answer(r"^The first player wins: level 4$", "9.4.1.1")


def the_seventh_clock_card_does_the_player_level_up(t: Table) -> None:
    t.open_example("weiss-level-up-at-seven")
    t.ask_in_words("Do they level up?")
    t.run_to_decision()
    t.menu(t.card(0, "center_left"), "irect")
    t.menu(t.card(1, "clock").first, "Choose")
    t.answer(r"^The second player levels up to level 1$", "9.3.2")


RULINGS = [my_8000_rear_guard_attacks_their_10000_one_does_it_hit, equal_power_does_my_attack_hit_and_for_how_much,
           can_i_ride_my_grade_1_on_my_grade_2_vanguard, can_i_move_my_rear_guard_sideways,
           damage_3_and_the_second_card_is_a_climax_how_much_damage, front_attack_5000_against_2000_which_is_reversed,
           level_3_and_a_seventh_clock_card_do_they_lose, the_seventh_clock_card_does_the_player_level_up]


@pytest.fixture(params=[PHONE, DESKTOP], ids=["390-touch", "1280"])
def table(request, browser, site_server, load_documents):
    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48", "ws-cr-it")
    context = browser.new_context(**request.param)
    yield context, request.param.get("has_touch", False), site_server.url
    context.close()


@pytest.mark.parametrize("ruling", RULINGS, ids=[r.__name__ for r in RULINGS])
def test_a_ruling_at_the_table_from_the_home_page(table, ruling):
    context, touch, url = table
    t = Table(context.new_page(), touch, url)
    ruling(t)
    t.within_budget(ruling.__name__)


def test_the_ruling_page_of_a_battle_leads_with_the_answer_and_prints_on_at_most_two_a4_pages(table):
    context, touch, url = table
    t = Table(context.new_page(), touch, url)
    equal_power_does_my_attack_hit_and_for_how_much(t)
    t.tap("#sb-ruling-link")
    page = t.page
    page.wait_for_url("**/ruling/**")
    assert page.locator("h1").inner_text() == "Does the attack hit, and how much damage does it deal?"
    first = page.locator("h1 + p")
    assert first.get_attribute("id") == "sb-answer" and first.inner_text().startswith("Hit: 1 damage")
    no_horizontal_scroll(page, page.viewport_size["width"])
    events = page.locator(".sb-ruling-event")
    assert events.count() > 8  # the whole battle, clause by clause
    pdf = page.pdf(format="A4", print_background=False)
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    print(f"printed ruling: {pages} A4 pages for {events.count()} events")
    assert 1 <= pages <= 2, f"{pages} A4 pages"
