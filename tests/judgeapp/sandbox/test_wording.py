"""judgeapp/sandbox/wording.py: how the pages name the players."""
import pytest
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


def test_one_card_is_one_card():
    """"player 1's Reserve holds 1 cards" on the worked examples expecting one card."""
    one = {"expect": "zone_count", "player": 1, "zone": "hand", "count": 1}
    assert wording.expectation_text(one).endswith("holds 1 card")
    assert wording.expectation_text(dict(one, count=3)).endswith("holds 3 cards")


@pytest.mark.parametrize("game, expectation", [
    ("vanguard", {"expect": "event", "kind": "extra_turn"}), ("vanguard", {"expect": "event", "kind": "no_hit"}),
    ("vanguard", {"expect": "decision", "kind": "use_ability"}),
    ("weiss-schwarz", {"expect": "event", "kind": "replaced"}), ("weiss-schwarz", {"expect": "event", "kind": "move"}),
    ("weiss-schwarz", {"expect": "decision", "kind": "replacement"}),
    ("altered", {"expect": "event", "kind": "roll"}), ("altered", {"expect": "decision", "kind": "die"}),
    ("altered", {"expect": "decision", "kind": "look"})])
def test_the_kinds_of_event_and_decision_the_engines_grew_are_named(game, expectation):
    """The engines' newer events and decisions (moves, replacements, extra turns, dice, looking at the deck) were
    said as "an event" / "a decision" in the worked-example and board pages' expectations."""
    wording.game_is(game)
    try:
        for language in ("en", "it"):
            with translation.override(language):
                text = wording.expectation_text(expectation)
                vague = (translation.gettext("an event"), translation.gettext("a decision"))
                assert not any(text == v or text.endswith(": " + v) for v in vague) and "_" not in text, (language, text)
    finally:
        wording.game_is(None)


@pytest.mark.parametrize("game, reasons", [
    ("vanguard", ("LOSS_DAMAGE", "LOSS_DECK", "LOSS_NO_VANGUARD", "WIN_LOSS_BY_EFFECT", "simultaneous loss", "CONCEDE")),
    ("weiss-schwarz", ("LOSS_LEVEL_FOUR", "REFRESH_LOSS", "WIN_LOSE_BY_EFFECT", "CONCEDE")),
    ("altered", ("WIN_MEET", "WIN_CROSS", "WIN_DISTANCE", "TIEBREAK_PROGRESS", "CONCEDE"))])
def test_every_outcome_reason_is_said_in_words(game, reasons):
    """The status line and the ruling page said "the first player wins (WIN LOSS BY EFFECT)", "(REFRESH LOSS)"."""
    wording.game_is(game)
    try:
        for reason in reasons:
            text = wording.outcome_text({"winner": 0, "reason": reason})
            assert reason.replace("_", " ") not in text and not any(w.isupper() and len(w) > 3 for w in text.split()), text
    finally:
        wording.game_is(None)


# --------------------------------------------------------------------- a board's tags (site-walk3)
def test_a_tag_reads_as_its_topic_and_a_tag_naming_the_game_is_left_out():
    """The worked examples' tag chips showed the identifiers ("rule action", "first turn", "weiss") on Italian pages."""
    with translation.override("en"):
        assert wording.topic_words("rule_action") == "rule actions"
        assert wording.topic_words("first_turn") == "first turn"
        assert wording.topic_words("weiss") == "" and wording.topic_words("altered") == ""
        assert wording.topic_words("vanguard") == ""
        assert wording.topic_words("my own_tag") == "my own_tag"  # a judge's words, as typed
        assert wording.topic_words("odd_case") == "odd case"


def test_every_worked_examples_tag_has_a_topic_or_names_its_game():
    import json

    from judgeapp.sandbox import selectors

    for example in selectors.example_list():
        data = json.loads((selectors.EXAMPLES_DIR / f"{example['slug']}.json").read_text(encoding="utf-8"))
        for tag in data["metadata"].get("tags", []):
            assert tag in wording.TOPICS or wording.topic_words(tag) == "", (example["slug"], tag)
