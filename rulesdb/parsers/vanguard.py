"""Parser for the Cardfight!! Vanguard comprehensive rules (Italian 2.2, English 1.48).

Both are PDF extractions with noisy markup: heading markers `#`..`####` at
random levels, bullets and indentation unrelated to depth, sentences broken
over page breaks. The only structure we trust is the printed number; depth and
the tree come from it (the importer derives parents).

What it handles, and why:
- The Italian table of contents (`Sommario`, title TAB page) is navigation:
  dropped as `toc`. Cover and closing credits are dropped as `colophon`.
- A line starting with a dotted number starts a clause, whatever markup or
  bullet precedes it. A number inside a line starts a clause only where it is
  a plausible next number (a child or a following sibling of the open clause)
  and stands after a sentence end or glued to the previous word
  (`…corso. 12.4.2. Se…`, `…number of X12.6.1. When…`); elsewhere it is a
  reference and stays in the text.
- A number printed twice (`10.16.1 Contrattacco 10.16.1. Allo scopo…`) keeps
  the words between the two as the clause title.
- Lines without a number continue the open clause: joined with a space when
  the previous text did not end a sentence (a broken line or a page break,
  even after a blank line or behind a `- ` bullet), as a new paragraph
  otherwise. List items and table rows keep their own lines.
"""
from __future__ import annotations

import re

from .base import DroppedLine, ParsedClause, ParseResult, ParseError, number_depth

_LEAD_MARKUP = re.compile(r"^[#\s]*(?:\*\*)?\s*(?:[-*•]\s+)*(?:\*\*)?\s*")
_SECTION = {
    "it": re.compile(r"^Sezione\s+(\d+)\s*:\s*(.*?)\s*(?:\*\*)?$"),
    "en": re.compile(r"^Section\s+(\d+)\s*\.\s*(.*?)\s*(?:\*\*)?$"),
}
_NUMBER_AT_START = re.compile(r"^(\d+(?:\.\d+)+)(\.)?(?=\s|$)\s*(.*)$")
# Candidate clause numbers inside a line: after a sentence end and spaces, or glued to a word.
_NUMBER_INSIDE = re.compile(r"(?:(?<=[.;:!?”\"»)])\s+|(?<=[A-Za-z]))(\d+(?:\.\d+)+)\.\s+(?=[A-ZÀ-ÖØ-Þ«“\"])")
_TOC_ENTRY = re.compile(r"\t\s*\d+\s*(?:\t|$)")
_SENTENCE_END = tuple(".:;!?)”\"»'’*")
_BACK_MATTER = {"it": ("Edizione Italiana",), "en": ()}
_FRONT_FURNITURE = {"#### Rules", "Rules"}

_TERM_SECTIONS = {"10", "11"}
_LIST_GLYPHS = "►▶▷•"


def _successors(number: str) -> set[str]:
    """Numbers that may legitimately follow `number`: its first child and the next
    sibling of it or of any ancestor."""
    parts = [int(p) for p in number.split(".")]
    found = {".".join(map(str, parts + [1]))}
    for cut in range(len(parts), 1, -1):
        prefix = parts[: cut - 1]
        found.add(".".join(map(str, prefix + [parts[cut - 1] + 1])))
    return found


class _Builder:
    def __init__(self, language: str):
        self.language = language
        self.clauses: list[ParsedClause] = []
        self.section = ""
        self.paragraph_break = False
        self.last_own_line = False

    @property
    def current(self) -> ParsedClause | None:
        return self.clauses[-1] if self.clauses else None

    def open(self, number: str, line: int, *, title: str = "", text: str = "", kind: str = "") -> None:
        depth = number_depth(number)
        if not kind:
            if depth == 1:
                kind = "section"
            elif self.language == "it" and self.section == "13":
                kind = "changelog"
            elif depth == 2:
                kind = "heading"
            else:
                kind = "rule"
        clause = ParsedClause(number=number, kind=kind, title=title.strip(), text="", lines=[line], depth=depth)
        self.clauses.append(clause)
        self.paragraph_break = False
        if text:
            self.append(text, line)

    def append(self, text: str, line: int, *, bullet: bool = False, own_line: bool = False) -> None:
        """Add continuation text to the open clause.

        `own_line`: the source line is a table row, a diagram label or a list
        entry that must keep its own line."""
        clause = self.current
        if clause is None:
            raise ParseError("text before the first clause", line)
        if line not in clause.lines:
            clause.lines.append(line)
        text = text.strip(" \n")
        if not text.strip():
            return
        # A heading printed as a bare number takes its first line of text as title.
        if _takes_title(clause) and not clause.title and not clause.text:
            clause.title = text
            return
        previous = clause.text
        if not previous:
            clause.text = f"- {text}" if bullet else text
        elif own_line:
            clause.text = previous + ("\n" if self.last_own_line else "\n\n") + text
        elif bullet and (previous.rsplit("\n", 1)[-1].startswith("- ") or text[:1] in _LIST_GLYPHS):
            # The next entry of a list (`- ► Stand Phase`, `- ► Draw Phase`).
            clause.text = previous + ("\n" if previous.rsplit("\n", 1)[-1].startswith("- ") else "\n\n") + f"- {text}"
        elif not _ends_sentence(previous) or (text[:1].islower() and (
                not bullet or not previous.rstrip().endswith((".", ":", ";", "!", "?")))):
            # A sentence broken by a line or page break (it resumes in lower case, also behind a
            # bullet after a parenthesis or a quote: `(scegli un'opzione)` / `- invece.`).
            clause.text = f"{previous} {text}"
        elif bullet:
            last = previous.rsplit("\n", 1)[-1]
            clause.text = previous + ("\n" if last.startswith("- ") else "\n\n") + f"- {text}"
        else:
            clause.text = f"{previous}\n\n{text}"
        self.paragraph_break = False
        self.last_own_line = own_line


def _ends_sentence(text: str) -> bool:
    return text.rstrip().endswith(_SENTENCE_END)


_LABEL = re.compile(r"^\(?[0-9A-Z]{1,2}[:)]\s")


def _keeps_own_line(raw: str, previous_text: str, after_blank: bool) -> bool:
    """Table rows, diagram labels (`1: Zona del Deck`, `(A) Nazione;`) and lists of
    short names separated by blank lines stay one per line; a sentence broken by a
    page break does not (it continues in lower case or after a long line)."""
    stripped = raw.strip()
    if stripped.startswith("|") or "\t" in raw.strip("\n") or _LABEL.match(stripped):
        return True
    last = previous_text.rsplit("\n", 1)[-1]
    return (
        after_blank
        and bool(last)
        and not _ends_sentence(last)
        and len(last) < 40
        and stripped[:1].isupper()
    )


def parse(text: str, *, language: str) -> ParseResult:
    if language not in _SECTION:
        raise ParseError(f"the Vanguard parser reads Italian or English, not {language!r}")
    section_re = _SECTION[language]
    lines = text.splitlines()
    dropped: list[DroppedLine] = []
    builder = _Builder(language)

    body_start = _body_start(lines, section_re)
    if body_start is None:
        raise ParseError("no section heading found (expected 'Sezione 1:' or 'Section 1.')")
    in_toc = False
    for index in range(body_start):
        line = lines[index]
        if not line.strip():
            continue
        if line.strip() in ("Sommario", "Table of Contents", "Contents"):
            in_toc = True
        reason = "toc" if in_toc or _TOC_ENTRY.search(line) else "colophon"
        dropped.append(DroppedLine(index + 1, line, reason))

    back_matter = False
    for index in range(body_start, len(lines)):
        number_line = index + 1
        raw = lines[index]
        stripped = raw.strip()
        if not stripped:
            builder.paragraph_break = True
            continue
        if back_matter or stripped in _BACK_MATTER[language]:
            back_matter = True
            dropped.append(DroppedLine(number_line, raw, "colophon"))
            continue
        if stripped in _FRONT_FURNITURE:
            dropped.append(DroppedLine(number_line, raw, "furniture"))
            continue
        bullet = bool(re.match(r"^\s*[-•]\s", raw))
        content = _LEAD_MARKUP.sub("", stripped) if not stripped.startswith("|") else stripped
        if raw.startswith("\t") and content:
            content = "\t" + content  # a table cell continuing the row above
        if bullet and content.startswith("|"):
            bullet = False
        section = section_re.match(content.replace("**", "").strip())
        if section:
            builder.section = section.group(1)
            builder.open(section.group(1), number_line, title=section.group(2))
            continue
        start = _NUMBER_AT_START.match(content)
        if start:
            number, rest = start.group(1), start.group(3)
            title = ""
            # The same number printed twice: what stands between is a title.
            repeat = re.match(rf"^(.*?)\s*{re.escape(number)}\.\s+(.*)$", rest)
            if repeat and repeat.group(1) and len(repeat.group(1)) < 60:
                title, rest = repeat.group(1), repeat.group(2)
            builder.open(number, number_line, title=title)
            _feed(builder, rest, number_line)
            continue
        if builder.current is None:
            dropped.append(DroppedLine(number_line, raw, "colophon"))
            continue
        clause = builder.current
        own_line = _keeps_own_line(raw, clause.text, builder.paragraph_break) if clause.text else False
        _feed(builder, content, number_line, bullet=bullet, own_line=own_line)
    if not any(c.depth >= 2 for c in builder.clauses):
        raise ParseError("no clause numbers found")
    for clause in builder.clauses:
        # A depth-2 number followed by a whole sentence is a rule printed at heading
        # level (the Italian `10.1.` printed twice, the second time with a rule).
        if clause.kind == "heading" and clause.title.endswith(".") and len(clause.title.split()) > 6:
            clause.kind = "rule"
            clause.text = clause.title + (f"\n\n{clause.text}" if clause.text else "")
            clause.title = ""
    for clause in builder.clauses:
        # Sections 10 (specific actions) and 11 (keywords) define one term per heading.
        if clause.kind == "heading" and clause.number.split(".")[0] in _TERM_SECTIONS and 0 < len(clause.title.split()) <= 5:
            clause.defines_term = re.sub(r"\s*\(.*$", "", clause.title).strip("* ")
    return ParseResult(builder.clauses, dropped, structural_words=frozenset({"sezione", "section"}))


def _feed(builder: _Builder, content: str, line: int, *, bullet: bool = False, own_line: bool = False) -> None:
    """Append `content` to the open clause, opening new clauses at mid-line numbers."""
    while content:
        current = builder.current
        split = None
        if current is not None and current.number and re.fullmatch(r"\d+(?:\.\d+)*", current.number):
            allowed = _successors(current.number)
            for match in _NUMBER_INSIDE.finditer(content):
                if match.group(1) in allowed:
                    split = match
                    break
        if split is None:
            _append_or_title(builder, content, line, bullet, own_line)
            return
        before = content[: split.start()].rstrip()
        if before:
            _append_or_title(builder, before, line, bullet, own_line)
        builder.open(split.group(1), line)
        content = content[split.end():]
        bullet = False


def _append_or_title(builder: _Builder, content: str, line: int, bullet: bool, own_line: bool = False) -> None:
    """Sections and depth-2 headings carry a title: the words printed after their number."""
    clause = builder.current
    if clause is not None and _takes_title(clause) and clause.lines == [line] and not clause.title and not clause.text:
        clause.title = content.strip()
        return
    builder.append(content, line, bullet=bullet, own_line=own_line)


def _takes_title(clause: ParsedClause) -> bool:
    return clause.depth <= 2


def _body_start(lines: list[str], section_re: re.Pattern) -> int | None:
    """Index of the first `Section 1` heading that is not a table-of-contents entry."""
    for index, line in enumerate(lines):
        content = _LEAD_MARKUP.sub("", line.strip()).replace("**", "").strip()
        match = section_re.match(content)
        if match and match.group(1) == "1" and not _TOC_ENTRY.search(line):
            return index
    return None
