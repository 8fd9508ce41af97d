"""Template filters for the sandbox's judge language (judgeapp/sandbox/wording.py)."""
from django import template
from django.utils.translation import gettext

from .. import input_errors, wording

register = template.Library()


@register.filter
def words(identifier) -> str:
    """``twin_drive`` -> "twin drive", ``front_left`` -> "left front" (the rules' word, in the page's language)."""
    return wording.words(identifier)


@register.filter
def topic(tag) -> str:
    """A board's tag as its topic in the page's language ("" for a tag naming the game)."""
    return wording.topic_words(tag)


@register.filter
def error_text(error: dict) -> str:
    """An error {field, message} as what to fix on the board, without the field path."""
    return input_errors.error_text(error.get("field", ""), error.get("message", ""))


@register.filter
def expectation(e: dict, names: dict | None = None) -> str:
    return wording.expectation_text(e, names or {})


@register.filter
def expectation_kind(kind) -> str:
    return wording.expectation_kind(str(kind))


@register.filter
def phase_words(phase) -> str:
    return wording.phase_text(phase)


@register.filter
def words_text(text) -> str:
    """A sentence with every identifier in it named as the rules name it."""
    return wording.judge_text(str(text))


@register.filter
def player_of(index, board=None) -> str:
    """A player index as the rules name the player ("the first player"), given the board (its first player)."""
    first = board.get("first_player", 0) if isinstance(board, dict) else (board or 0)
    return wording.player_words(index, first)


@register.filter
def seats(text, board=None) -> str:
    """A sentence naming "player 0" / "player 1" with the players named as the rules do, given the board."""
    first = board.get("first_player", 0) if isinstance(board, dict) else (board or 0)
    return wording.seat_text(str(text), first, translated=True)  # the page's sentences are in its language


@register.filter
def reading_free(text) -> str:
    """An engine reason without its "(assumption A11)" note: the page links the reading beside it instead."""
    from ..selectors import READING_NOTE

    return READING_NOTE.sub("", str(text))


@register.filter
def capfirst_words(text) -> str:
    text = str(text)
    return text[:1].upper() + text[1:]


@register.filter
def seat_of(index, board=None) -> str:
    """A player's seat as a form's choice names it: "First player" / "Second player" (or "Player 1" / "Player 2"
    in a game numbering its players), never the engine's index."""
    first = board.get("first_player", 0) if isinstance(board, dict) else (board or 0)
    return wording.seat_words(index, first)


@register.filter
def mat_side(index, board=None) -> str:
    """A seat by its place on the judge's mat, for the choice of the first player, which cannot name the seats by
    "first" and "second" (that is what it changes); a game numbering its players names them by number."""
    if wording.seats_by_number():
        return wording.seat_words(index)
    bottom = board.get("bottom", {}).get("index", 0) if isinstance(board, dict) else 0
    return (gettext("The player at the bottom of the mat") if str(index) == str(bottom)
            else gettext("The player at the top of the mat"))
