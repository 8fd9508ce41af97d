"""A third game plugs in without touching the frame: Reveal (tests/judgeapp/sandbox/tiny_game/), defined only
under tests/, is registered here and the sandbox creates, builds, steps, refuses an illegal answer with its
clause, undoes, branches, exports, imports and prints the ruling page of its boards, through the pages a judge
uses (Django's test client)."""
import json
import re

import pytest

from judgeapp.sandbox import games
from judgeapp.sandbox.models import Scenario
from tests.judgeapp.sandbox.tiny_game import engine as reveal
from tests.judgeapp.sandbox.tiny_game import sandbox as reveal_sandbox

pytestmark = pytest.mark.django_db


def load_rules_document():
    """The test document Reveal cites, in the reader (its clauses' text shows on the ruling page)."""
    from rulesdb.models import Clause, Document, Game

    game = Game.objects.create(slug="reveal-test", name="Reveal", code="rv")
    document = Document.objects.create(game=game, slug=reveal.DOCUMENT, kind="cr", language="en", title="Reveal rules",
                                       family="test", source_file="test", source_sha256="0" * 64)
    for order, (number, text) in enumerate(reveal.RULES.items()):
        Clause.objects.create(document=document, stable_id=number, number=number, printed_number=number, order=order,
                              depth=number.count("."), kind="rule" if "." in number else "section", text=text,
                              title="" if "." in number else text, line_start=order + 1, line_end=order + 1)


def host(settings):
    """Reveal's engine and plug-in registered, its templates among Django's."""
    settings.TEMPLATES = [dict(t, DIRS=[*t["DIRS"], reveal_sandbox.TEMPLATE_DIR]) for t in settings.TEMPLATES]
    reveal_sandbox.register()


@pytest.fixture
def hosted(settings):
    """Reveal hosted, and its rules document in the reader; taken out after."""
    host(settings)
    load_rules_document()
    yield
    reveal_sandbox.unregister()


def new_board(client) -> str:
    response = client.post("/sandbox/new/", {"game": "reveal"})
    assert response.status_code == 302, response.content[:300]
    return response["Location"]


def build(client, url: str, player: int, line: str):
    response = client.post(url + "build/", {"op": "quick", "player": str(player), "zone": "deck", "line": line})
    assert response.status_code == 302, response.content.decode()[:2000]


def play(client, url: str, **fields):
    return client.post(url + "play/", {k: (json.dumps(v) if isinstance(v, dict) else v) for k, v in fields.items()})


def started_board(client) -> str:
    url = new_board(client)
    for player, lines in ((0, ("7 Seven", "2 Two")), (1, ("5 Five", "9 Nine"))):
        for line in lines:
            build(client, url, player, line)
    assert client.post(url + "build/", {"op": "start"}).status_code == 302
    return url


def test_the_registry_hosts_the_test_game_beside_the_installed_ones(hosted):
    assert "reveal" in games.titles() and games.titles()["reveal"] == "Reveal (test game)"
    assert "sb-new-reveal" in "".join(b["id"] for b in [p.NEW_BUTTON for p in games.hosted()])
    assert games.step_modes()[:2] == ("event", "decision")


def test_a_reveal_board_is_created_built_and_started_from_the_index(client, hosted):
    index = client.get("/sandbox/").content.decode()
    assert 'id="sb-new-reveal"' in index and "New Reveal board" in index
    url = started_board(client)
    scenario = Scenario.objects.get()
    assert scenario.definition["game"] == "reveal" and scenario.status == Scenario.Status.STARTED
    assert [e["name"] for e in scenario.definition["players"][0]["deck"]] == ["Seven", "Two"]
    page = client.get(url).content.decode()
    assert "Round 1" in page and "Reveal (test game)" in page and "To the end of the round" in page
    assert "Turn " not in page  # the heading is the game's own words, not a game of turns'


def test_its_own_builder_and_judge_tools_and_a_players_view(client, hosted):
    url = new_board(client)
    assert "The card's number, then its name." in client.get(url).content.decode()  # its builder
    build(client, url, 0, "7 Seven")
    build(client, url, 1, "5 Five")
    client.post(url + "build/", {"op": "start"})
    judge = client.get(url).content.decode()
    assert 'id="sb-concede"' in judge and "Seven" in judge
    player = client.get(url + "?view=p1").content.decode()
    assert "Seven" not in player and "Five" not in player  # every deck is hidden from the players


def test_stepping_refusing_with_the_clause_undoing_and_branching(client, hosted):
    url = started_board(client)
    assert play(client, url, op="step", mode="decision").status_code == 302
    scenario = Scenario.objects.get()
    page = client.get(url).content.decode()
    assert "Reveal Seven" in page and "only the top card of a deck is revealed" in page  # "why not" for Two

    refused = play(client, url, op="answer", action={"kind": "reveal", "card": "p1-1"})
    assert refused.status_code == 409  # refused by the rules (as for every game)
    text = refused.content.decode()
    # the reason names the players as the board does (by seat), not by the engine's index (site walk 2)
    assert "the first player reveals first this round, not the second player" in re.sub(r"<[^>]+>", "", text)
    assert f"/rules/{reveal.DOCUMENT}/1.2/" in text
    assert "player 0 reveals" not in text

    assert play(client, url, op="answer", action={"kind": "reveal", "card": "p0-1"}).status_code == 302
    assert play(client, url, op="answer", action={"kind": "reveal", "card": "p1-1"}, pause="1").status_code == 302
    assert play(client, url, op="step", mode="turn").status_code == 302  # to the end of the round
    page = client.get(url).content.decode()
    assert "the first player reveals Seven" in page and "the second player wins the round" not in page
    assert "the first player wins the round" in page and "Round 2" in page

    for _ in range(3):  # the run, player 1's answer, player 0's answer
        assert play(client, url, op="undo").status_code == 302
    assert "Round 1" in client.get(url).content.decode()
    assert play(client, url, op="judge", kind="concede", player="0").status_code == 302  # another choice: a branch
    scenario.refresh_from_db()
    parents = [n for n in scenario.tree["nodes"] if len(n["children"]) > 1]
    assert parents, "the concession should start a second branch"
    page = client.get(url).content.decode()
    assert "the first player concedes" in page and "game over" in page


def test_export_then_import_replays_the_board(client, hosted):
    url = started_board(client)
    play(client, url, op="step", mode="decision")
    play(client, url, op="answer", action={"kind": "reveal", "card": "p0-1"})
    scenario = Scenario.objects.get()
    exported = client.get(url + "export.json")
    assert exported.status_code == 200
    data = exported.json()
    assert data["game"] == "reveal" and data["script"][0]["do"] == {"kind": "reveal", "card": "p0-1"}
    imported = client.post("/sandbox/import/", {"json": json.dumps(data)})
    assert imported.status_code == 302, imported.content.decode()[:2000]
    copy = Scenario.objects.exclude(pk=scenario.pk).get()
    assert copy.definition["game"] == "reveal" and copy.tree["current"] == scenario.tree["current"]


def test_the_ruling_page_prints_the_clauses_of_the_test_document(client, hosted):
    url = started_board(client)
    play(client, url, op="step", mode="decision")
    play(client, url, op="answer", action={"kind": "reveal", "card": "p0-1"})
    play(client, url, op="step", mode="decision")
    scenario = Scenario.objects.get()
    page = client.get(f"/sandbox/{scenario.id}/ruling/{scenario.tree['current']}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "A revealed card is put face up in front of its owner." in text  # clause 2.1, from the reader
    assert "the first player reveals Seven" in text and "Round 1" in text


def test_a_game_not_hosted_is_refused_with_words_for_the_visitor(client):
    response = client.post("/sandbox/new/", {"game": "reveal"})
    assert response.status_code == 400 and "no game" in response.content.decode()


def test_the_api_creates_and_steps_a_reveal_board(client, hosted):
    from tests.judgeapp.sandbox.test_api import API, post

    created = post(client, API, {"game": "reveal", "scenario": reveal_sandbox.example_definition(), "start": True})
    assert created.status_code == 201, created.content[:300]
    sid = created.json()["id"]
    assert created.json()["game"] == "reveal"
    stepped = post(client, f"{API}{sid}/step/", {"mode": "decision"})
    assert stepped.status_code == 200, stepped.content[:300]
    assert stepped.json()["legal_actions"] == [{"kind": "reveal", "card": "p0-1"}]
    assert "position_text" not in stepped.json()["board"]  # the API's board is the plug-in's, as before
