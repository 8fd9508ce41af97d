"""Ready boards (games/preset_boards.py): every hosted game's presets are offered first, make a checked board in
one tap, and can be started and run to a decision."""
import pytest

from judgeapp.sandbox import games, services
from judgeapp.sandbox.games.preset_boards import Preset, preset_definition
from judgeapp.sandbox.models import Scenario
from judgeapp.sandbox.validation import SandboxError

from .pending_catalogue import merged_catalogue  # noqa: F401  (a fixture)

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



def test_a_preset_line_the_grammar_refuses_is_not_hidden():
    # the presets are written in the one-line grammar: a line it cannot read fails loudly, never silently
    bad = Preset("bad", "Bad", "", {}, ((0, "deck", "G9 crit draw"),))
    plugin = games.get("vanguard")
    with pytest.raises(SandboxError):
        preset_definition(plugin.definition_blank, lambda text: [plugin.card_from_line(text)], plugin.card_add,
                          bad)


# Names that are said alike in both languages: heroes' names, and words the Italian rules print in English.
SAID_ALIKE = {"Sierra", "Lyra", "Climax", "Backup"}


def _names(definition) -> set[str]:
    return {e.get("name") for _, _, _, e in services.definition_entries(definition) if isinstance(e, dict)}


def test_the_made_up_names_of_each_preset_are_said_in_the_pages_language(merged_catalogue):
    # "Scout", "Attacker", "Plan" were English on the Italian page (site-walk5): every name of an Italian board
    # that is its English board's name too is a name said alike in both languages
    from django.utils import translation

    for game, slug in ALL:
        with translation.override("en"):
            english = _names(services.definition_preset(game, slug))
        with translation.override("it"):
            italian = _names(services.definition_preset(game, slug))
        assert sorted((english & italian) - SAID_ALIKE) == [], (game, slug)
    with translation.override("it"):
        weiss = _names(services.definition_preset("weiss-schwarz", "main"))
    assert {"Attaccante", "Piano", "Difensore"} <= weiss


def test_a_board_made_in_italian_opens_in_english_with_the_names_it_was_made_with(client, merged_catalogue):
    response = client.post("/sandbox/new/", {"game": "weiss-schwarz", "preset": "main"}, HTTP_ACCEPT_LANGUAGE="it")
    scenario = Scenario.objects.get(pk=response["Location"].strip("/").split("/")[-1])
    assert "Attaccante" in _names(scenario.definition)
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "Attaccante" in page.content.decode()
    client.post(response["Location"] + "build/", {"op": "start"}, HTTP_ACCEPT_LANGUAGE="en")
    client.post(response["Location"] + "play/", {"op": "step", "mode": "decision"}, HTTP_ACCEPT_LANGUAGE="en")
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="decision"' in page and "Attaccante" in page


def test_a_presets_words_name_its_players_as_people_read_them(client):
    # site-walk5: "Day 2, player 1 first" (the board's first player, seat 1 of a game numbering its players) read
    # "Day 2, the second player first" on the index, the engine's "player 1" rule applied to words written for people;
    # a number beside "player" on a page reads as an engine's index, so the preset names the player by its hero
    page = client.get("/sandbox/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Day 2, Sierra&#x27;s player first" in page and "the second player first" not in page
    italian = client.get("/sandbox/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "inizia il giocatore di Sierra" in italian and "primo il secondo giocatore" not in italian
    definition = services.definition_preset("altered", "afternoon")
    assert definition["first_player"] == 0  # player 1, by the game's numbering
