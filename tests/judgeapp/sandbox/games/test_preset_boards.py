"""Ready boards (games/preset_boards.py): every hosted game's presets are offered first, make a checked board in
one tap, and can be started and run to a decision."""
import pytest

from judgeapp.sandbox import games, services
from judgeapp.sandbox.models import Scenario

pytestmark = pytest.mark.django_db

ALL = [(g, p.slug) for g in games.slugs() for p in games.presets(g)]


def test_both_hosted_games_offer_the_boards_the_issue_asks_for():
    labels = {g: [str(p.label) for p in games.presets(g)] for g in games.slugs()}
    assert labels["vanguard"][0] == "Two vanguards with decks, damage and hand"
    assert labels["weiss-schwarz"][0] == "A stage with clock, level and stock"
    assert all(len(v) >= 2 for k, v in labels.items() if k in ("vanguard", "weiss-schwarz"))


@pytest.mark.parametrize("game,slug", ALL)
def test_each_preset_is_a_board_the_engine_loads_and_plays_to_a_decision(client, game, slug):
    definition = services.definition_preset(game, slug)
    services.definition_check(definition)  # the sandbox's own checks, as for any board
    response = client.post("/sandbox/new/", {"game": game, "preset": slug})
    assert response.status_code == 302
    scenario = Scenario.objects.get(pk=response["Location"].strip("/").split("/")[-1])
    assert scenario.status == Scenario.Status.DRAFT  # set-up: the judge changes what matters, then starts
    assert scenario.definition == definition
    client.post(response["Location"] + "build/", {"op": "start"})
    client.post(response["Location"] + "play/", {"op": "step", "mode": "decision"})
    page = client.get(response["Location"]).content.decode()
    assert 'id="decision"' in page and "sb-option" in page


def test_the_index_offers_each_games_presets_before_its_empty_board(client):
    page = client.get("/sandbox/").content.decode()
    for game in games.slugs():
        presets = games.presets(game)
        blank = page.index(f'id="{games.get(game).NEW_BUTTON["id"]}"')
        for p in presets:
            at = page.index(f'id="sb-preset-{game}-{p.slug}"')
            assert at < blank and str(p.label) in page


def test_an_unknown_preset_is_a_400_in_words(client):
    response = client.post("/sandbox/new/", {"game": "vanguard", "preset": "nope"})
    assert response.status_code == 400
    assert "no such ready board" in response.content.decode()
    assert not Scenario.objects.exists()

