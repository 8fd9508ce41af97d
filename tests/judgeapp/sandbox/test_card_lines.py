"""One line of several cards (card_lines.py): the builder's hint typed as shown adds what it shows, and a line
with anything the grammar cannot read says what, and adds nothing."""
import pytest

from judgeapp.sandbox.card_lines import cards_from_line
from judgeapp.sandbox.games.vanguard_cards import card_from_line as vanguard_line
from judgeapp.sandbox.games.weiss_cards import card_from_line as weiss_line
from judgeapp.sandbox.models import Scenario
from judgeapp.sandbox.validation import SandboxError

pytestmark = pytest.mark.django_db


def names(line, reader=vanguard_line):
    return [(card["name"], card.get("trigger"), count) for card, count in cards_from_line(reader, line)]


def test_the_vanguard_hint_typed_as_it_reads_makes_its_four_cards():
    assert names("G3 13000 twin · G1 shield 10000 · crit · 10 fillers") == [
        ("Grade 3 unit", None, 1), ("Grade 1 unit", None, 1), ("Critical trigger", "critical", 1),
        ("Filler", None, 10)]
    # the line: ten fillers, not ten draw triggers named "· ·"
    assert names("crit · draw · 10 fillers") == [("Critical trigger", "critical", 1), ("Draw trigger", "draw", 1),
                                                 ("Filler", None, 10)]
    assert names("crit; draw + heal") == [("Critical trigger", "critical", 1), ("Draw trigger", "draw", 1),
                                          ("Heal trigger", "heal", 1)]


def test_the_weiss_hint_typed_as_it_reads_makes_its_three_cards():
    cards = cards_from_line(weiss_line, "L1 C1 5000 Knight · climax yellow soul · 20 fillers")
    assert [(c["name"], c["type"], n) for c, n in cards] == [("Knight", "character", 1), ("Climax", "climax", 1),
                                                            ("Filler", "character", 20)]


@pytest.mark.parametrize("line,words", [
    ("crit draw 10 fillers", "“draw”: the card already has a trigger"),
    ("G3 G2 13000", "“G2”: the card already has a grade"),
    ("G5 13000", "“G5”: a grade is 0 to 4"),
    ("G3 13000 - twin", "“-” is not understood"),
    ("G3 13000 10000", "“10000”: the card already has a power"),
    ("crit · G3 G1", "card 2 (“G3 G1”): “G1”: the card already has a grade"),
])
def test_what_the_vanguard_grammar_cannot_read_is_named(line, words):
    with pytest.raises(SandboxError) as refused:
        cards_from_line(vanguard_line, line)
    assert words in refused.value.message


@pytest.mark.parametrize("line,words", [
    ("L1 L2 Knight", "“L2”: the card already has a level"),
    ("L4 Knight", "“L4”: a level is 0 to 3"),
    ("Knight * 5000", "“*” is not understood"),
])
def test_what_the_weiss_grammar_cannot_read_is_named(line, words):
    with pytest.raises(SandboxError) as refused:
        cards_from_line(weiss_line, line)
    assert words in refused.value.message


def test_a_line_is_read_whole_before_anything_is_added(client):
    draft = client.post("/sandbox/new/", {"game": "vanguard"})["Location"]
    response = client.post(draft + "build/", {"op": "quick", "player": "1", "zone": "deck",
                                              "line": "crit · draw heal · 10 fillers"})
    assert response.status_code == 400
    page = response.content.decode().replace("&#x27;", "'")
    assert "card 2 (“draw heal”)" in page and "the card already has a trigger" in page
    scenario = Scenario.objects.get(pk=draft.strip("/").split("/")[-1])
    assert not scenario.definition["players"][1].get("deck")  # nothing of the line was added


def test_a_good_line_is_added_confirmed_in_words_and_the_player_and_zone_kept(client):
    draft = client.post("/sandbox/new/", {"game": "vanguard"})["Location"]
    response = client.post(draft + "build/", {"op": "quick", "player": "1", "zone": "deck",
                                              "line": "crit · draw · 10 fillers"}, follow=True)
    page = response.content.decode().replace("&#x27;", "'")
    assert "First player, deck zone: added Critical trigger, Draw trigger, 10 × Filler." in page
    assert '<option value="1" selected>' in page and '<option value="deck" selected>' in page
    deck = Scenario.objects.get(pk=draft.strip("/").split("/")[-1]).definition["players"][1]["deck"]
    assert [e["name"] for e in deck] == ["Critical trigger", "Draw trigger"] + ["Filler"] * 10
