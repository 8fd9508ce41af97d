"""Find the clause numbers a clause's text refers to.

Runs once at import over the final text; the offsets it records let the
reader render links from stored data instead of running regexes per page.

A dotted number (`3.5`, `7.3.1.4.`, `2.1.e`) in rules text is a reference
unless it is a version (`ver. 1.48`) or an amount (`10.000`). A bare integer
is a reference only after a word that announces one (`sezione 9`,
`Section 7`), and not when the same text holds a numbered list with that
step (Altered 4.2.3.c: `torna al punto 1` is step 1 of its own list). Ranges (`8.7.1.1-8.7.1.3`) give one reference per end.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# Words that announce a reference, in the languages of the corpus.
_CUE = (
    r"(?:sezion[ei]|sottosezion[ei]|section|sections|paragraf[oi]|punt[oi]|regol[ae]|rule|rules"
    r"|vedi|see|torna\s+al|return\s+to|capitolo|chapter)"
)
_DOTTED = r"\d+(?:\.\d+)+(?:\.[a-z](?![\w]))?"
_NUMBER = re.compile(rf"(?<![\w.]){_DOTTED}\.?(?!\d)")
_BARE_SECTION = re.compile(rf"\b{_CUE}\s+(\d+)\b(?![.,]\d)", re.IGNORECASE)
_CUE_BEFORE = re.compile(rf"{_CUE}\s*(?:n\.\s*)?$", re.IGNORECASE)
# A step of a numbered list in the same text (`1. Il giocatore…`).
_LIST_STEP = r"^\s*{}\.\s"
_VERSION_BEFORE = re.compile(r"(?:ver\.?|versione|version|v\.)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class FoundReference:
    raw: str
    """The reference as written, with its cue word or parentheses."""
    target_number: str
    """Normalised: no trailing dot."""
    start: int
    end: int
    """Span of the number itself in the text (what the reader turns into a link)."""


def find_references(text: str) -> list[FoundReference]:
    found: dict[int, FoundReference] = {}
    for match in _NUMBER.finditer(text):
        token = match.group(0)
        # `(10.07)` means 10.7: segments compare as numbers.
        number = ".".join(p.lstrip("0") or "0" if p.isdigit() else p for p in token.rstrip(".").split("."))
        before = text[: match.start()]
        if _VERSION_BEFORE.search(before[-12:]):
            continue
        if re.fullmatch(r"\d{1,3}\.\d{3}", number):  # Italian thousands: 10.000 power
            continue
        found[match.start()] = FoundReference(
            raw=_raw_around(text, match.start(), match.start() + len(token.rstrip("."))),
            target_number=number,
            start=match.start(),
            end=match.start() + len(token.rstrip(".")),
        )
    for match in _BARE_SECTION.finditer(text):
        start = match.start(1)
        if re.search(_LIST_STEP.format(re.escape(match.group(1))), text, re.MULTILINE):
            continue  # `torna al punto 1` inside a numbered step list: its own step 1
        if start not in found:
            found[start] = FoundReference(
                raw=match.group(0), target_number=match.group(1), start=start, end=match.end(1)
            )
    return [found[k] for k in sorted(found)]


def _raw_around(text: str, start: int, end: int) -> str:
    """The reference with what announces it: `(sezione 3.5)`, `paragrafo 7.3.1.4`, `(10.28.)`."""
    left = start
    cue = _CUE_BEFORE.search(text[max(0, start - 25) : start])
    if cue:
        left = max(0, start - 25) + cue.start()
    right = end
    if right < len(text) and text[right] == ".":
        right += 1
    # Include the enclosing parentheses when the reference is all they hold.
    open_paren = text.rfind("(", 0, left + 1)
    if open_paren != -1 and text[open_paren + 1 : left].strip() == "":
        close = text.find(")", right)
        if close != -1 and text[right:close].strip() == "":
            return text[open_paren : close + 1]
    return text[left:right].strip()
