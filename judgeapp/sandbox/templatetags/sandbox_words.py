"""Template filters for the sandbox's judge language (judgeapp/sandbox/wording.py)."""
from django import template

from .. import wording

register = template.Library()


@register.filter
def words(identifier) -> str:
    """``twin_drive`` -> "twin drive", ``front_left`` -> "left front" (the rules' word, in the page's language)."""
    return wording.words(identifier)


@register.filter
def error_text(error: dict) -> str:
    """An error {field, message} as what to fix on the board, without the field path."""
    return wording.error_text(error.get("field", ""), error.get("message", ""))


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
