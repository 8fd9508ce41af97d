"""Icons the PDF extraction dropped, found in clause text and named for the reader.

The sources printed icons inline (rarities, region types, triggers, circles);
the plain text lost them and kept the punctuation around them: `carte rare ()`,
`(, , …)`, `i suoi inneschi , e si attivano`, `dall'icona .`, `Il simbolo
significa`. The stored text stays as extracted (exports and inventories read
it); the reader shows a named placeholder in each such place instead of empty
punctuation, and the import report counts them.

Each finding covers a non-empty span of the text (the empty parentheses, the
stray comma, the space an icon stood in) and says what to display there.
Parentheses that mean parentheses (`text in ()`, `all'interno di ()`) and
literal brackets (`[]`, `«»`) are not lost icons.
"""
from __future__ import annotations

import functools
import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Callable

PLACEHOLDER = {"it": "icona", "en": "icon"}

# Words before `()` that name the icon with certainty (rarities, region types).
_NAMED_BY_WORD = {
    "rare": "rara", "rara": "rara", "uniche": "unica", "unica": "unica", "comune": "comune",
    "fazione": "spostamento di fazione", "foresta": "Foresta", "montagna": "Montagna", "acqua": "Acqua",
}
_LETTER = r"[^\W\d_]"
_PATTERNS = (
    # `rare ()`; not `text in ()`, `all'interno di ()`, `compresa nelle ()`.
    ("parens", re.compile(r"(?<![\w(])\(\s*\)")),
    # `(, , …)`: a comma right after `(` or another comma.
    ("list-comma", re.compile(r"(?:(?<=\()|(?<=,))[ \t]*,")),
    # `(risp., )`, `abilità, , .`, `"inneschi , , "`: nothing between a comma and the end of the list.
    ("list-close", re.compile(r"(?<=[\s.],)[ \t]+(?=\)|\.(?!\.)|[\"”](?![^\W\d_]))")),
    # `Un'abilità ""`, `(risp. " ", " ")`: quotes around an icon alone.
    ("empty-quotes", re.compile(r"(?:(?<=[\s(])|^)\"[ \t]*\"(?![^\W\d_])")),
    # `tre diverse carte Tumulto (una, una e una)`: "one [icon]" with the icon gone.
    ("bare-article", re.compile(r"(?:(?<=\()|(?<=, )|(?<= e ))(?:una|uno)(?=,|\)| e )")),
    # `: Foresta`, `: Il prossimo Personaggio…`: a line opening with the colon after an icon.
    ("line-colon", re.compile(r"^:(?=\s)", re.MULTILINE)),
    # `inneschi , e si`, `regione , e.`: an icon list whose icons all vanished.
    ("word-comma-and", re.compile(rf"(?<={_LETTER})[ \t]+,[ \t]+(?P<conj>e|o|and|or)(?=[\s.,;])")),
    # `dall'icona .`, `Fugace ,`, `Addormentato ,`: a space, then punctuation, after a word.
    ("word-punct", re.compile(rf"(?<={_LETTER})[ \t]+(?=[,.;)](?!\.))")),
    # `reazione " Ogni giocatore`, `" : Il prossimo`: an ability quoted from its (lost) trigger icon.
    ("open-quote", re.compile(r"(?:(?<=\s)|^)[\"“][ \t]+(?=[A-ZÀ-Ý]|:)", re.MULTILINE)),
    # `dall'icona  o dall'icona`: two spaces between words where an icon stood.
    ("double-space", re.compile(rf"(?<={_LETTER})[ \t]{{2,}}(?={_LETTER})")),
    # `Il simbolo significa`, `the symbol means`: the icon named by the sentence is missing.
    ("symbol", re.compile(
        r"(?:(?<=\bsimbolo)|(?<=\bsymbol))[ \t]+(?=(?:significa|rappresenta|nel|means|represents)\b)",
        re.IGNORECASE,
    )),
)
_LITERAL_PARENS_BEFORE = re.compile(r"\b(?:di|in|nelle|delle|tra|fra|within|inside)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class LostIcon:
    start: int
    end: int
    """Span of the text the icon left (`()`, ` ,`, a space)."""
    display: str
    """What the reader shows instead of that span."""


def _word_before(text: str, position: int) -> str:
    match = re.search(rf"({_LETTER}+)\s*$", text[:position])
    return match.group(1).lower() if match else ""


def _display(kind: str, match: re.Match, text: str, name: str) -> str | None:
    mark = f"[{name}]"
    found = match.group(0)
    if kind == "parens":
        if _LITERAL_PARENS_BEFORE.search(text[: match.start()]):
            return None
        named = _NAMED_BY_WORD.get(_word_before(text, match.start()))
        return f"([{name} {named}])" if named else f"({mark})"
    if kind == "list-comma":
        return found[:-1] + mark + ","
    if kind == "word-comma-and":
        return f" {mark}, {mark} {match.group('conj')} {mark}"
    if kind == "empty-quotes":
        return f'"{mark}"'
    if kind == "bare-article":
        return f"{found} {mark}"
    if kind == "line-colon":
        return mark + ":"
    if kind in ("word-punct", "list-close"):
        return " " + mark
    if kind == "open-quote":
        return found[0] + mark + " "
    return " " + mark + " "


def lost_icons(text: str, *, language: str) -> list[LostIcon]:
    """Where icons were lost in `text`, in text order, without overlaps."""
    name = PLACEHOLDER.get(language[:2].lower(), PLACEHOLDER["en"])
    found: list[LostIcon] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            start, end = match.span()
            if start == end or any(start < b and a < end for a, b in taken):
                continue
            display = _display(kind, match, text, name)
            if display is None:
                continue
            taken.append((start, end))
            found.append(LostIcon(start, end, display))
    return sorted(found, key=lambda icon: icon.start)


@functools.lru_cache(maxsize=4096)
def with_placeholders(text: str, *, language: str) -> str:
    """`text` with every lost icon replaced by its placeholder (plain text): what the reader
    shows, and what the API and search results serve. Kept for the texts asked most: a search
    page asks it four times a hit (title, parent's title, text, snippet), 0.75 ms a search."""
    return with_placeholders_mapped(text, language=language)[0]


def with_placeholders_mapped(text: str, *, language: str) -> tuple[str, Callable[[int], int]]:
    """`with_placeholders(text)` and a function taking an offset in `text` outside the lost
    icons' spans (a reference's) to the same place in the returned text."""
    out, cursor = [], 0
    shifts: list[tuple[int, int]] = []
    shift = 0
    for icon in lost_icons(text, language=language):
        out.append(text[cursor : icon.start])
        out.append(icon.display)
        cursor = icon.end
        shift += len(icon.display) - (icon.end - icon.start)
        shifts.append((icon.end, shift))
    out.append(text[cursor:])

    def moved(offset: int) -> int:
        at = bisect_right(shifts, (offset, float("inf"))) - 1
        return offset + (shifts[at][1] if at >= 0 else 0)

    return "".join(out), moved
