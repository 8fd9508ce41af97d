"""judgeapp/sandbox/wording.py: how the pages name the players."""
from django.utils import translation

from judgeapp.sandbox import wording


def test_players_are_the_first_and_the_second_player_where_the_first_player_never_changes():
    wording.game_is("vanguard")
    with translation.override("en"):
        assert wording.player_words(1, first_player=1) == "the first player"
        assert wording.seat_words(0, first_player=1) == "Second player"
        assert wording.seat_text("player 1 rides Unit", 1) == "the first player rides Unit"
    with translation.override("it"):
        assert wording.seat_text("il giocatore 0 pesca", 0, translated=True) == "il primo giocatore pesca"


def test_a_game_passing_the_first_player_token_names_its_players_by_a_fixed_number():
    """Altered's first player changes every Morning: each player keeps one name in every event of the log."""
    wording.game_is("altered")
    try:
        with translation.override("en"):
            for first in (0, 1):  # the same name whoever holds the token
                assert wording.player_words(0, first_player=first) == "player 1"
                assert wording.seat_words(1, first_player=first) == "Player 2"
                assert wording.seat_text("Player 0 passes; player 1 plays Kitsune", first) == \
                    "Player 1 passes; player 2 plays Kitsune"
        with translation.override("it"):
            assert wording.seat_text("il giocatore 1 gioca Kitsune", 0, translated=True) == "il giocatore 2 gioca Kitsune"
            assert wording.player_words(0) == "giocatore 1"
    finally:
        wording.game_reset()
