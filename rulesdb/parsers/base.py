"""What every document parser produces, and the checks shared by all of them.

A parser turns the text of one source file into a flat list of
`ParsedClause` in document order, plus the list of lines it deliberately
dropped (table of contents, page furniture, colophon). It never touches the
database: `rulesdb.services.ruleset_import` stores the result, derives the
tree from the numbers and extracts references.

The import report (`coverage_report`) makes "no text lost" checkable: every
non-blank source line must either be claimed by a clause, whose text then has
to carry every word of that line, or be listed as dropped with a reason.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

CLAUSE_KINDS = ("section", "heading", "rule", "note", "example", "qa", "glossary", "changelog")
# Where a clause comes from: printed in the source as it stands; `derived`: a
# heading the extraction lost, rebuilt from the numbering of the rules under it
# (no text of its own); `inferred`: printed text whose number was lost, numbered
# as the sequence around it implies.
CLAUSE_ORIGINS = ("printed", "derived", "inferred")


class ParseError(ValueError):
    """The source cannot be parsed; `line` is the 1-based line at fault (0: whole file)."""

    def __init__(self, message: str, line: int = 0):
        self.message = message
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass
class TermLink:
    """A word in a clause's text that the source marked as a glossary term."""

    start: int
    """Offset of the first character in the clause text."""
    end: int
    """Offset just past the last character."""
    surface: str
    """The word as it stands in the text (marker removed)."""


@dataclass
class ParsedClause:
    """One unit of a document, as printed."""

    number: str
    """Normalised number: no trailing dot (`1.2.2.1`, `1.1.4.g`, section `7`, `Q01`).
    Empty for unnumbered notes and examples."""
    kind: str
    """One of CLAUSE_KINDS."""
    title: str = ""
    """Heading text (sections, headings, Q&A question, glossary term)."""
    text: str = ""
    """Body as Markdown; paragraphs separated by a blank line."""
    lines: list[int] = field(default_factory=list)
    """1-based source lines this clause was built from (title and text)."""
    parent: int | None = None
    """Index of the parent in the parser's list when the parser knows it (notes,
    examples, unnumbered documents); None lets the importer derive it from the number."""
    depth: int = 0
    """1 for a top-level unit; for numbered clauses the count of number segments."""
    defines_term: str = ""
    """Glossary term this clause defines, if any."""
    term_links: list[TermLink] = field(default_factory=list)
    origin: str = "printed"
    """One of CLAUSE_ORIGINS."""
    printed_number: str = ""
    """The number as printed when it contradicts the heading the clause is printed
    under (`structure.with_misprints_placed`); `number` is then its address there."""

    @property
    def line_start(self) -> int:
        return min(self.lines) if self.lines else 0

    @property
    def line_end(self) -> int:
        return max(self.lines) if self.lines else 0


@dataclass
class DroppedLine:
    line: int
    text: str
    reason: str
    """Short reason: `toc`, `furniture`, `colophon`, `diagram`, `garbage`, `duplicate-block`..."""


@dataclass
class ParseResult:
    clauses: list[ParsedClause]
    dropped: list[DroppedLine]
    structural_words: frozenset[str] = frozenset()
    """Words the parser read as structure, not text (`Sezione` in `Sezione 1: …`);
    the coverage report does not look for them in the clause."""


@dataclass
class CoverageReport:
    """Where every non-blank source line went."""

    total_lines: int
    claimed: int
    dropped: int
    lost: list[tuple[int, str]]
    """Lines neither claimed nor dropped."""
    unfaithful: list[tuple[int, str, str]]
    """(line, missing word, clause number): a claimed line whose words the clause lacks."""

    @property
    def ok(self) -> bool:
        return not self.lost and not self.unfaithful


# Letters and digits are separate words: a number glued to a word (`X12.6.1`) may be split.
_WORD = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)


def fold(text: str) -> str:
    """Lower-case, strip accents and normalise apostrophes for comparisons."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.casefold()


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


def coverage_report(source: str, result: ParseResult, *, marker_suffix: str = "") -> CoverageReport:
    """Check that every non-blank line is claimed by a clause that carries its words, or dropped.

    `marker_suffix` names a glossary marker glued to words in the source (Altered's
    `i`): a source word may then match with that suffix removed.
    """
    lines = source.splitlines()
    owners: dict[int, list[ParsedClause]] = {}
    for clause in result.clauses:
        for n in clause.lines:
            owners.setdefault(n, []).append(clause)
    dropped = {d.line for d in result.dropped}
    lost: list[tuple[int, str]] = []
    unfaithful: list[tuple[int, str, str]] = []
    word_cache: dict[int, set[str]] = {}

    def words_of(clause: ParsedClause) -> set[str]:
        if id(clause) not in word_cache:
            word_cache[id(clause)] = set(words(f"{clause.number} {clause.printed_number} {clause.title} {clause.text}"))
        return word_cache[id(clause)]
    claimed = 0
    total = 0
    for index, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        total += 1
        if index in dropped:
            continue
        claimants = owners.get(index)
        if not claimants:
            lost.append((index, line))
            continue
        claimed += 1
        # A line split between clauses (a number in mid-line) is shared by all of them.
        have = set().union(*(words_of(c) for c in claimants))
        for word in words(line):
            if word in have or word in result.structural_words:
                continue
            if marker_suffix and word.endswith(marker_suffix) and word[: -len(marker_suffix)] in have:
                continue
            unfaithful.append((index, word, claimants[0].number))
            break
    return CoverageReport(total, claimed, len(dropped), lost, unfaithful)


def number_depth(number: str) -> int:
    """Segments of a normalised number: `7` -> 1, `1.2.2.1` -> 4, `1.1.4.g` -> 4."""
    return len(number.split(".")) if number else 0


def join_broken(previous: str, continuation: str) -> str:
    """Join a line broken by the PDF extraction to the text before it.

    A hyphen at a line end is kept (Italian and English compounds are hyphenated
    in these sources); anything else gets one space.
    """
    previous = previous.rstrip()
    continuation = continuation.strip()
    if not previous:
        return continuation
    if not continuation:
        return previous
    return previous + " " + continuation
