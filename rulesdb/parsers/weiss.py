"""Parser for the Weiss Schwarz comprehensive rules (Italian fan translation).

Layout of the source (``rulesdb/sources/ws-cr-it.txt``), as extracted from the PDF:

* sections ``1 – Linee Guida Generali`` (single number, en dash, title);
* headings ``- 1.1 – Numero di giocatori`` / ``4.2 –Possessore`` / ``7.3 -Trigger Step``
  (two-segment number, dash, title; some titles end with a dot, which is removed);
* rules ``1.2.2.1 Durante...`` (two or more segments followed by text).

Bullets (``- ``) and leading spaces are extraction noise and say nothing about
depth: the tree comes from the numbers only (the importer derives it), so
every clause is emitted with ``parent=None`` and ``depth`` = number of segments.

Unnumbered lines belong to the clause above:

* a line that continues an unfinished sentence (previous text does not end
  with terminal punctuation, or the line starts in lower case) is joined with
  one space, after dropping a stray ``- `` bullet (page breaks in the PDF);
* list items (``- 1 Nome Giapponese``: the card-diagram legend at the start of
  section 2, or ``1) …`` / ``= …`` list lines) are kept as a Markdown list;
* anything else (``Per esempio: …``) starts a new paragraph (``\\n\\n``).

Front matter before the first section and the credits after the last clause
(``Manuale di Regolamento Completo…``, translators, links) are dropped as
``colophon``.

Conservative extras for robustness (none of them fires on the vendored file):
a number alone on its line takes its text from the next line; a number printed
twice at a line start is kept once; a clause number in the middle of a line
(``…corso. 4.7.2 Se…``) starts a new clause only when it follows a sentence end,
is followed by a capital, and is the natural next number (first child of the
current clause, or next sibling of it or of one of its ancestors). References
such as ``torna al punto 7.7.1.2. Se no`` are therefore never split.
"""
from __future__ import annotations

import re

from .base import DroppedLine, ParsedClause, ParseResult, ParseError, number_depth

# `1 – Linee Guida Generali` (en or em dash only: `- 1 Nome` is a legend item).
_SECTION = re.compile(r"^\s*(?:[-•]\s*)?(?P<num>\d+)\.?\s*[–—]\s*(?P<title>\S.*)$")
# `- 1.1 – Numero di giocatori`, `4.2 –Possessore`, `7.3 -Trigger Step`.
_HEADING = re.compile(r"^\s*(?:[-•]\s*)?(?P<num>\d+\.\d+)\.?\s*[–—-]\s*(?P<title>\S.*)$")
# `1.2.2.1 Durante...`, `- 2.1.1 Il giusto...`, `2.3.` alone on a line.
_RULE = re.compile(r"^\s*(?:[-•]\s*)?(?P<num>\d+(?:\.\d+)+)\.?(?:\s+(?P<text>\S.*))?\s*$")
# A section or heading number alone on its line (its title on the next line).
_BARE_TITLE = re.compile(r"^\s*(?:[-•]\s*)?(?P<num>\d+(?:\.\d+)?)\.?\s*[–—-]\s*$")
# List items that are not clauses: `- 1 Nome Giapponese`, `1) Deck Zone`, `= 1° battaglia`.
_LIST_ITEM = re.compile(r"^\s*(?:[-•]\s*\d+[.)]?\s+\S|\d+\)\s+\S|=\s*\S)")
_BULLET = re.compile(r"^\s*[-•]\s+")
# Credits block after the last clause.
_COLOPHON_START = re.compile(
    r"^\s*(Manuale di Regolamento|Manuale Originale|Traduzione a cura di|Seguiteci su)", re.IGNORECASE
)
# A clause number inside a line, after a sentence end and before a capital.
_MIDLINE = re.compile(r"(?<=[.;:!?])\s+(?P<num>\d+(?:\.\d+){2,})\.?\s+(?=[A-ZÀ-Ý“\"«*])")

_TERMINAL = ".:;!?"
_CLOSERS = "”\"»)]*’'_ "
_GLOSSARY_SECTION_TITLES = ("parole e abilità chiave",)


def _normalise(number: str) -> str:
    return number.strip().rstrip(".")


def _unfinished(text: str) -> bool:
    """True when `text` stops in the middle of a sentence."""
    stripped = text.rstrip(_CLOSERS)
    return bool(stripped) and stripped[-1] not in _TERMINAL


def _plausible_next(candidate: str, current: str) -> bool:
    """`candidate` is the first child of `current` or the next sibling of it or an ancestor."""
    if not current:
        return False
    if candidate == current + ".1":
        return True
    parts = current.split(".")
    for size in range(len(parts), 0, -1):
        head = parts[: size - 1]
        last = parts[size - 1]
        if not last.isdigit():
            continue
        if ".".join(head + [str(int(last) + 1)]) == candidate:
            return True
    return False


def _strip_repeated_number(number: str, text: str) -> str:
    """`4.7.2 4.7.2. Se…` -> `Se…` (a number printed twice)."""
    again = re.match(r"^" + re.escape(number) + r"\.?\s+(?=\S)", text)
    return text[again.end():] if again else text


class _Builder:
    def __init__(self) -> None:
        self.clauses: list[ParsedClause] = []
        self.dropped: list[DroppedLine] = []
        # Per clause: is the last paragraph a list?
        self._in_list = False
        # A number seen alone on a line, waiting for its text: (kind, number, line).
        self.pending: tuple[str, str, int] | None = None

    @property
    def current(self) -> ParsedClause | None:
        return self.clauses[-1] if self.clauses else None

    def open(self, kind: str, number: str, line: int, *, title: str = "", text: str = "") -> None:
        number = _normalise(number)
        self.clauses.append(
            ParsedClause(
                number=number,
                kind=kind,
                title=title.strip(),
                text=text.strip(),
                lines=[line],
                depth=number_depth(number),
            )
        )
        self._in_list = False

    def open_rule(self, number: str, text: str, line: int) -> None:
        """A rule, splitting off clause numbers printed in the middle of the line."""
        number = _normalise(number)
        text = _strip_repeated_number(number, text.strip())
        pieces = self._split_midline(number, text)
        first_text = pieces[0][1]
        self.open("rule", number, line, text=first_text)
        for extra_number, extra_text in pieces[1:]:
            self.open("rule", extra_number, line, text=extra_text)

    def _split_midline(self, number: str, text: str) -> list[tuple[str, str]]:
        pieces: list[tuple[str, str]] = [(number, text)]
        while True:
            current_number, current_text = pieces[-1]
            found = None
            for match in _MIDLINE.finditer(current_text):
                if _plausible_next(match.group("num"), current_number):
                    found = match
                    break
            if found is None:
                return pieces
            head = current_text[: found.start()].rstrip()
            tail = current_text[found.end():]
            new_number = _normalise(found.group("num"))
            pieces[-1] = (current_number, head)
            pieces.append((new_number, _strip_repeated_number(new_number, tail)))

    def append(self, raw: str, line: int) -> None:
        """An unnumbered line: continuation, list item or new paragraph of the current clause."""
        clause = self.current
        assert clause is not None
        clause.lines.append(line)
        stripped = raw.strip()
        is_list_item = bool(_LIST_ITEM.match(raw))
        body = _BULLET.sub("", stripped, count=1)
        if not clause.text:
            if is_list_item:
                clause.text = stripped
                self._in_list = True
            else:
                clause.text = body
                self._in_list = False
            return
        if is_list_item and (self._in_list or not _unfinished(clause.text)):
            separator = "\n" if self._in_list else "\n\n"
            clause.text = clause.text + separator + stripped
            self._in_list = True
            return
        continuation = _unfinished(clause.text) or body[:1].islower()
        if continuation:
            clause.text = clause.text.rstrip() + " " + body
        else:
            clause.text = clause.text + "\n\n" + body
            self._in_list = False
        # A clause printed in the middle of a continuation line.
        if clause.kind == "rule":
            pieces = self._split_midline(clause.number, clause.text)
            if len(pieces) > 1:
                clause.text = pieces[0][1]
                for extra_number, extra_text in pieces[1:]:
                    self.open("rule", extra_number, line, text=extra_text)


def _clean_title(title: str) -> str:
    title = title.strip()
    if title.endswith(".") and not title.endswith(".."):
        title = title[:-1].rstrip()
    return title


def _tail_colophon_start(lines: list[str]) -> int:
    """0-based index where the trailing credits start (len(lines) if none)."""
    last_numbered = -1
    for index, raw in enumerate(lines):
        if _SECTION.match(raw) or _HEADING.match(raw) or _RULE.match(raw):
            last_numbered = index
    for index in range(last_numbered + 1, len(lines)):
        if _COLOPHON_START.match(lines[index]):
            return index
    return len(lines)


def _mark_glossary(clauses: list[ParsedClause]) -> None:
    """Section 10 (`Parole e Abilità Chiave`): each heading names the keyword it defines."""
    glossary_sections = {
        c.number for c in clauses if c.kind == "section" and c.title.casefold() in _GLOSSARY_SECTION_TITLES
    }
    for clause in clauses:
        if clause.kind == "heading" and clause.number.split(".")[0] in glossary_sections:
            clause.defines_term = clause.title


def parse(text: str, *, language: str = "it") -> ParseResult:
    """Parse the Weiss Schwarz comprehensive rules into clauses in document order."""
    lines = text.splitlines()
    builder = _Builder()
    tail_start = _tail_colophon_start(lines)

    for index, raw in enumerate(lines):
        line_no = index + 1
        if not raw.strip():
            continue
        if index >= tail_start:
            builder.dropped.append(DroppedLine(line_no, raw, "colophon"))
            continue

        if builder.pending is not None:
            kind, number, at = builder.pending
            builder.pending = None
            if not (_SECTION.match(raw) or _HEADING.match(raw) or _RULE.match(raw) or _BARE_TITLE.match(raw)):
                if kind == "rule":
                    builder.open_rule(number, raw.strip(), at)
                else:
                    builder.open(kind, number, at, title=_clean_title(_BULLET.sub("", raw.strip())))
                builder.current.lines.append(line_no)
                continue
            # The next line is itself numbered: keep the bare number as an empty clause.
            builder.open(kind, number, at)

        bare = _BARE_TITLE.match(raw)
        if bare:
            builder.pending = ("section" if "." not in bare["num"] else "heading", bare["num"], line_no)
            continue
        section = _SECTION.match(raw)
        if section:
            builder.open("section", section["num"], line_no, title=_clean_title(section["title"]))
            continue
        heading = _HEADING.match(raw)
        if heading:
            builder.open("heading", heading["num"], line_no, title=_clean_title(heading["title"]))
            continue
        rule = _RULE.match(raw)
        current = builder.current
        if rule and not (
            current is not None
            and current.text
            and _unfinished(current.text)
            and rule["text"]
            and rule["text"][:1] in ",;)"
        ):
            if rule["text"]:
                builder.open_rule(rule["num"], rule["text"], line_no)
            else:
                builder.pending = ("heading" if rule["num"].count(".") == 1 else "rule", rule["num"], line_no)
            continue
        if current is None:
            # Title page before the first section.
            builder.dropped.append(DroppedLine(line_no, raw, "colophon"))
            continue
        builder.append(raw, line_no)

    if builder.pending is not None:
        kind, number, at = builder.pending
        builder.open(kind, number, at)

    if not builder.clauses:
        raise ParseError("no numbered clause found")
    _mark_glossary(builder.clauses)
    return ParseResult(clauses=builder.clauses, dropped=builder.dropped)
