"""Sentences a judge reads (event texts, decision prompts, refusal reasons), kept translatable.

The engine writes its sentences in English, and that English is data: events, decisions and
refusals are hashed, stored and served as plain strings.  :class:`Text` is a ``str`` (the English
sentence, byte for byte) that also keeps the template and the parameters it was made from, so a
host can say the same sentence in another language (``catalogue(template) % params``) with the
parameters (card names, circles, phases) in that language's words.  The engine never translates.

Write every sentence with :func:`say` and a literal template: a host's message extractor collects
the templates by that name (judgeapp's ``makemessages`` adds the keyword ``say``).
"""

from __future__ import annotations

from typing import Any

_new = str.__new__


class Text(str):
    """An English sentence that remembers its ``template`` (printf style, named ``%(key)s`` fields) and
    its ``params``; compares, hashes and serialises exactly as the sentence does."""

    # one attribute, (template, params): say() runs for most events of every game, and each attribute set costs
    source: tuple[str, dict[str, Any]]

    def __new__(cls, template: str, params: dict[str, Any] | None = None) -> "Text":
        self = _new(cls, template % params if params else template)
        self.source = (template, params or {})
        return self

    @property
    def template(self) -> str:
        return self.source[0]

    @property
    def params(self) -> dict[str, Any]:
        return self.source[1]

    def __reduce__(self):
        # copies and pickles keep the template (str's own reduction would rebuild it from the sentence)
        return Text, self.source

    def __add__(self, other: str) -> str:
        # a sentence with words added after it is no longer the template's sentence: plain English
        return str.__add__(str(self), other)


# A game says the same few hundred sentences over and over (the same cards, players and counts): each is made once
# and shared (a Text never changes).  Bounded: emptied when it grows past a long game's worth.
_SAID: dict = {}
_SAID_MAX = 20000


def say(template: str, **params: Any) -> Text:
    """The sentence ``template % params``, keeping both (see :class:`Text`)."""
    key = (template, *params.items()) if params else template
    try:
        said = _SAID.get(key)
    except TypeError:  # a parameter that cannot be a key (an action): made every time
        return _make(template, params)
    if said is None:
        if len(_SAID) >= _SAID_MAX:
            _SAID.clear()
        said = _SAID[key] = _make(template, params)
    return said


def _make(template: str, params: dict[str, Any]) -> Text:
    text = _new(Text, template % params if params else template)
    text.source = (template, params)
    return text


def say_n(singular: str, plural: str, count: int, **params: Any) -> Text:
    """A sentence in which ``count`` meets a noun ("draws 1 card", "draws 2 cards"): the English form chosen by
    English's rule (one is singular), with ``count`` among its parameters.  Both literal templates are collected
    (makemessages' keyword ``say_n:1,2``), so a host says it with its language's own plural rule:
    ``ngettext(singular, plural, count) % params``."""
    return say(singular if count == 1 else plural, count=count, **params)
