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


class Text(str):
    """An English sentence that remembers its ``template`` (printf style, named ``%(key)s`` fields) and
    its ``params``; compares, hashes and serialises exactly as the sentence does."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, params: dict[str, Any] | None = None) -> "Text":
        self = super().__new__(cls, template % params if params else template)
        self.template = template
        self.params = params or {}
        return self

    def __reduce__(self):
        # copies and pickles keep the template (str's own reduction would rebuild it from the sentence)
        return Text, (self.template, self.params)

    def __add__(self, other: str) -> str:
        # a sentence with words added after it is no longer the template's sentence: plain English
        return str.__add__(str(self), other)


def say(template: str, **params: Any) -> Text:
    """The sentence ``template % params``, keeping both (see :class:`Text`)."""
    return Text(template, params)
