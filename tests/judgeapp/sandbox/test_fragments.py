"""What the sandbox's pages draw (judgeapp/sandbox/fragments.py and its templates): tiles attached to a board,
the log, the decision's menus and the judge tools' card list, every value escaped by the templates."""
import json

import pytest

from judgeapp.sandbox import fragments, selectors, services
from tests.judgeapp.sandbox.test_api import board

pytestmark = pytest.mark.django_db

HOSTILE = '<script>alert("x")</script> & \'q\''


def _board_view():
    scenario = services.scenario_create(definition=board(), start=True)
    return selectors.board_view(state=selectors.state_get(scenario=scenario))


def _cards(view):
    for pl in view["players"]:
        for ci in pl["circle_list"]:
            yield from ci["cards"]
        for z in pl["zones"].values():
            yield from z["cards"]


def test_every_card_of_a_board_gets_its_games_tile_and_the_page_its_templates():
    view = fragments.board_page(_board_view())
    assert view["mat_template"] == "sandbox/vanguard/_mat.html" and view["card_template"] == fragments.DEFAULT_CARD
    assert view["icon_sprite"].endswith("sandbox-icons.svg")
    cards = list(_cards(view))
    assert cards and all("tile" in c for c in cards)
    vanguard = next(c for c in cards if c.get("id") == "a-vg")
    assert vanguard["tile"]["name"] == "Vanilla G3" and vanguard["tile"]["stats"] == "G3 · 13000"
    assert view["position_text"]


def test_the_log_escapes_every_text_and_links_clauses_and_readings():
    events = [{"kind": "draw<", "text": HOSTILE, "judge": True, "player": 1, "seat": "Second player",
               "assumptions": ["vg-a1"],
               "citations": [{"document": "vg-cr-it-2.2", "number": "4.1", "en_number": "4.2",
                              "href": "/rules/vg-cr-it-2.2/4.1/", "preview": "/p?a=1&b=2"}]},
              {"kind": "move", "text": "plain", "lang": "en", "judge": False, "player": None, "assumptions": [],
               "citations": []},
              {"kind": "move", "text": "detto", "lang": None, "judge": False, "player": None, "assumptions": [],
               "citations": []}]
    html = fragments.log_html(events)
    assert "<script>" not in html and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;q&#x27;" in html
    assert html.count("<li") == 3 and 'data-kind="draw&lt;"' in html
    assert '<strong class="sb-tag">Judge</strong> <span class="sb-p">Second player</span>' in html  # a seat, no index
    assert 'title="Italian rules 4.1, English rules 4.2">4.1</a>' in html and 'data-preview="/p?a=1&amp;b=2"' in html
    assert 'href="/sandbox/assumptions/#vg-a1"' in html and ">reading vg-a1</a>" in html
    # a sentence not translated yet is the engine's English, and says so; a translated one is the page's language
    assert '<li class="sb-event" data-kind="move"><span lang="en">plain</span></li>' in html
    assert '<li class="sb-event" data-kind="move"><span>detto</span></li>' in html
    assert fragments.log_html([]) == '<li class="sb-empty">No events yet: step the engine.</li>'


def test_the_decision_menus_group_answers_by_card_and_say_why_not():
    option = {"json": json.dumps({"kind": "pass"}), "label": "Pass", "place": None, "card": None}
    attack = {"json": json.dumps({"kind": "attack", "card": "a-vg"}), "label": f"Attack {HOSTILE}", "place": "1:vanguard",
              "card": "a-vg"}
    refused = {"json": json.dumps({"kind": "attack", "card": "a-bc"}), "label": "Attack with the booster",
               "place": None, "card": "a-bc", "reason": "a back row unit cannot attack",
               "citation": {"document": "vg-cr-it-2.2", "number": "8.1", "en_number": None, "href": "/r/", "preview": "/p/"},
               "assumptions": ["A11"]}
    groups = [{"card": "a-vg", "name": "Vanilla G3", "where": "player 0's vanguard circle", "options": [attack],
               "refused": []},
              {"card": "a-bc", "name": "Boosting G1", "where": "player 0's back centre", "options": [],
               "refused": [refused]}]
    html = fragments.decision_html([option], groups)
    assert html.startswith('<div class="sb-general"><button type="submit" name="action" value="{&quot;kind&quot;: '
                           '&quot;pass&quot;}" class="sb-option">Pass</button></div>')
    assert 'id="sb-menu-1"' in html and 'id="sb-menu-2"' in html and 'data-place="1:vanguard"' in html
    assert "<script>" not in html and "Attack &lt;script&gt;" in html
    assert '<details class="sb-whynot" open><summary>Why not (1)</summary>' in html
    assert 'data-reason="a back row unit cannot attack"' in html and 'title="Italian rules 8.1">8.1</a>' in html
    assert 'href="/sandbox/assumptions/#A11"' in html and ">reading A11</a>" in html  # the reading it rests on


def test_the_card_list_names_each_card_by_name_and_seat_escaped_copies_numbered():
    html = fragments.card_options_html([("a-1", HOSTILE, 0), ("b-2", "Knight", 1), ("b-3", "Knight", 1)])
    assert html.count("<option") == 3 and "<script>" not in html
    assert '<option value="b-2">Knight 1 · Second player</option>' in html  # no card id in the words
    assert '<option value="b-3">Knight 2 · Second player</option>' in html
    assert "· First player</option>" in fragments.card_options_html([("b-2", "Knight", 1)], first_player=1)


def test_decision_menus_put_cardless_answers_first_and_each_cards_answers_together():
    scenario = services.scenario_import(data=selectors.example_get(slug="playbook-q01"))
    state = selectors.state_get(scenario=scenario)
    if state.pending is None:
        services.scenario_step(scenario=scenario, mode="decision")
        state = selectors.state_get(scenario=scenario)
    decision = selectors.decision_view(state=state)
    general, groups = fragments.decision_menus(state, decision)
    assert all(not o["card"] for o in general)
    for g in groups:
        assert all(o["card"] == g["card"] for o in g["options"] + g["refused"])
        assert g["name"] == state.cards[g["card"]].name and g["where"].startswith(("first player: ",
                                                                                    "second player: "))
    counted = len(general) + sum(len(g["options"]) for g in groups)
    assert counted == len(decision["options"])


def test_a_cards_menu_says_where_the_card_is_in_the_pages_language():
    """An Altered card's menu said "giocatore 1: hand" on an Italian page: the game's place names were worked out
    once, in English, when the module was imported."""
    from django.utils import translation

    from judgeapp.sandbox import games, wording

    scenario = services.scenario_create(definition=services.definition_preset("altered", "afternoon"), start=True)
    services.scenario_step(scenario=scenario, mode="decision")
    state = selectors.state_get(scenario=scenario)
    wording.game_is(games.slug_of(scenario.definition))
    try:
        with translation.override("it"):
            _general, groups = fragments.decision_menus(state, selectors.decision_view(state=state))
            places = {g["where"].split(": ", 1)[1] for g in groups}
        assert places and "Mano" in places and not places & {"hand", "reserve", "Hand", "Reserve"}, places
    finally:
        wording.game_is(None)
