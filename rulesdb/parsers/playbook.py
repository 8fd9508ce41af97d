"""Parser for the Cardfight!! Vanguard Playbook (Italian 3.00).

The Playbook is a player's guide, not a numbered rulebook: it has chapters,
boxed sections, flowcharts, a glossary and forty numbered Q&A pairs, and no
printed clause numbers. This parser gives every unit a synthetic, URL-safe and
stable number:

- chapters `1`, `2`, ... in order of appearance (kind `section`, depth 1);
- sections `3.1`, `3.2`, ... (kind `heading`, depth 2) and, where the document
  nests phases, sub-sections `8.10.1` (kind `heading`, depth 3);
- glossary entries `G01`, `G02`, ... in document order (kind `glossary`);
- Q&A pairs `Q01`..`Q40` as printed (kind `qa`).

The prose of a chapter or section is the `text` of its own clause: paragraphs
are not split into clauses of their own. Every clause carries an explicit
`parent` index, and depth = parent depth + 1.

Since nothing is numbered, the headings are recognised from `OUTLINE`, the
document's table of headings in reading order: a heading that does not turn
up, or turns up out of order, is a `ParseError`, so a different edition fails
loudly instead of being mis-filed. Flowchart blocks (`■ Ordine della ...`)
printed away from their section are filed with the section they name, and the
few flowchart labels stranded between pages are filed by `ORPHANS`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .base import DroppedLine, ParsedClause, ParseError, ParseResult, fold, join_broken
from .playbook_outline import OUTLINE, Heading


TOC_TITLE = "Tabella dei Contenuti"
BACK_COVER_START = "Se hai delle domande riguardo prodotti"

# The side navigation bar printed on the phase pages: the twelve phases in order.
NAV_BAR = (
    "fase di risveglio", "fase di pesc", "fase di convocazione", "fase principale",
    "fase di battaglia", "sottofase iniziale", "sottofase di attacco", "sottofase di guardia",
    "sottofase di assalto", "sottofase d", "sottofase di chiusura", "fase finale",
)

FIGURE_MARK = "■"
# Figures whose title does not name the section they illustrate.
FIGURE_TARGETS = {"Risultato della battaglia": "Sottofase del Danno"}

# Flowchart labels stranded between pages: line -> figure they belong to
# (filed right after that figure's title, even if the figure comes later).
ORPHANS = {
    "Hai un'unità da convocare normalmente": "Ordine della sottofase di convocazione",
    'Ha "Doppio Assalto!!" o "Triplo Assalto!!!"': "Ordine della Sottofase di Assalto",
    "Continua dalla Sottofase del Danno": "Sottofase del Danno",
}

QA_LINE = re.compile(r"^(?:-\s*)?Q(\d{2})\b\s*(.*)$")
HTML_TAG = re.compile(r"<ul[^>]*>")
BOLD_PAIR = re.compile(r"\s*\*\*([^*]+?)\*\*")
LIST_ITEM = re.compile(r"^(\s*)-\s+(.*)$")
STEP_ITEM = re.compile(r"^\[\d+\]")
STEP_ONLY = re.compile(r"^\s*\[\d+\]\s*$")
TERMINAL = (".", "!", "?", ":", ",", ";")


@dataclass
class _Builder:
    clause: ParsedClause
    paragraphs: list[list[str]] = field(default_factory=list)
    fresh: bool = True
    """The next line starts a new paragraph."""

    def add(self, number: int, line: str) -> None:
        if self.fresh or not self.paragraphs:
            self.paragraphs.append([])
            self.fresh = False
        self.paragraphs[-1].append(line)
        self.clause.lines.append(number)


class _Parser:
    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.dropped: list[DroppedLine] = []
        self.builders: list[_Builder] = []
        self.outline = list(OUTLINE)
        self.chapters = 0
        self.glossary = 0
        self.chapter: int | None = None
        self.section: int | None = None
        self.target: _Builder | None = None
        self.pending: dict[str, _Builder] = {}
        """Orphan labels waiting for a figure that comes later."""
        self.glossary_mode = False
        self.dashed_answers = False
        """The current Q&A is printed as `- Qnn** question`, so its answer lines start with `- `."""

    # -- dropping ---------------------------------------------------------
    def drop(self, number: int, reason: str, text: str | None = None) -> None:
        self.dropped.append(DroppedLine(number, self.lines[number - 1] if text is None else text, reason))

    def mark_furniture(self) -> set[int]:
        """Cover, back cover, table of contents, navigation bars, repeated blocks."""
        skip: set[int] = set()
        n = len(self.lines)
        first = OUTLINE[0].title
        start = next((i for i, l in enumerate(self.lines) if l.strip() == first), None)
        if start is None:
            raise ParseError(f"first heading {first!r} not found")
        back = next((i for i, l in enumerate(self.lines) if l.startswith(BACK_COVER_START)), n)
        for i in list(range(start)) + list(range(back, n)):
            if self.lines[i].strip():
                self.drop(i + 1, "colophon")
                skip.add(i)
        # Table of contents: its title and the tabbed lines after it.
        toc = next((i for i, l in enumerate(self.lines) if l.strip() == TOC_TITLE), None)
        if toc is not None:
            i = toc
            while i < n and (i == toc or not self.lines[i].strip() or "\t" in self.lines[i]):
                if self.lines[i].strip():
                    self.drop(i + 1, "toc")
                    skip.add(i)
                i += 1
        # Navigation bars: the twelve phase names, one per line, in order.
        content = [i for i in range(n) if self.lines[i].strip() and i not in skip]
        k = 0
        while k + len(NAV_BAR) <= len(content):
            window = content[k:k + len(NAV_BAR)]
            if all(fold(self.lines[i].strip()).startswith(p) and len(self.lines[i].strip()) < 25
                   for i, p in zip(window, NAV_BAR)):
                for i in window:
                    self.drop(i + 1, "furniture")
                    skip.add(i)
                k += len(NAV_BAR)
            else:
                k += 1
        # A paragraph printed twice in a row (page-break duplicate).
        previous = None
        for i in range(n):
            line = self.lines[i].strip()
            if not line or i in skip:
                continue
            if line == previous and len(line) > 40:
                self.drop(i + 1, "duplicate-block")
                skip.add(i)
            previous = line
        return skip

    # -- clauses -------------------------------------------------------------
    def open(self, number: str, kind: str, title: str, parent: int | None, lines: list[int],
             term: str = "") -> _Builder:
        depth = 1 if parent is None else self.builders[parent].clause.depth + 1
        clause = ParsedClause(number=number, kind=kind, title=title, lines=list(lines), parent=parent,
                              depth=depth, defines_term=term)
        builder = _Builder(clause)
        self.builders.append(builder)
        self.target = builder
        return builder

    def children(self, parent: int | None, kind: str) -> int:
        return sum(1 for b in self.builders if b.clause.parent == parent and b.clause.kind == kind)

    def open_heading(self, heading: Heading, title: str, lines: list[int]) -> _Builder:
        if heading.depth == 1:
            self.chapters += 1
            builder = self.open(str(self.chapters), "section", title, None, lines)
            self.chapter = self.section = len(self.builders) - 1
            self.glossary_mode = heading.glossary_chapter
            return builder
        if heading.kind == "glossary":
            return self.open_glossary(title, heading.term, lines)
        if self.chapter is None:
            raise ParseError(f"section {title!r} before any chapter", lines[0])
        parent = self.chapter
        if heading.depth == 3:
            parent = self.section
            if parent is None or self.builders[parent].clause.depth != 2:
                raise ParseError(f"sub-section {title!r} outside a section", lines[0])
        ordinal = self.children(parent, "heading") + 1
        builder = self.open(f"{self.builders[parent].clause.number}.{ordinal}", "heading", title, parent, lines)
        if heading.depth == 2:
            self.section = len(self.builders) - 1
        return builder

    def open_glossary(self, title: str, term: str, lines: list[int]) -> _Builder:
        self.glossary += 1
        parent = self.section if self.section is not None else self.chapter
        return self.open(f"G{self.glossary:02d}", "glossary", title, parent, lines, term=term)

    def open_qa(self, number: str, question: str, line: int) -> _Builder:
        # Q&A belong to a "... Cardfight Q&A" group if one is open, else to the chapter:
        # never to the card box that happens to precede them.
        parent = self.section
        if parent is None or "Q&A" not in self.builders[parent].clause.title:
            parent = self.chapter
        return self.open(number, "qa", question, parent, [line])

    def find(self, name: str) -> _Builder | None:
        """The most recent heading whose title is (or starts with) `name`, folded."""
        key = fold(name)
        for builder in reversed(self.builders):
            title = fold(builder.clause.title)
            if builder.clause.kind == "heading" and (title == key or title.startswith(key)):
                return builder
        return None

    # -- walking -----------------------------------------------------------
    def match_heading(self, line: str) -> tuple[Heading, str] | None:
        """The next expected heading if `line` is it, and the text left on the line."""
        if not self.outline:
            return None
        heading = self.outline[0]
        if heading.anchor:
            return (heading, line) if line == heading.anchor else None
        title = heading.title
        if line == title:
            return heading, ""
        if line.startswith(title):
            rest = line[len(title):]
            if rest.lstrip().startswith("**") or (heading.inline_text and rest.startswith(" ")):
                return heading, rest.strip()
        return None

    def run(self) -> ParseResult:
        skip = self.mark_furniture()
        i = 0
        while i < len(self.lines):
            raw = self.lines[i]
            number = i + 1
            line = raw.strip()
            if not line:
                if self.target is not None:
                    self.target.fresh = True
                i += 1
                continue
            if i in skip:
                i += 1
                continue
            matched = self.match_heading(line)
            if matched:
                heading, rest = matched
                self.outline.pop(0)
                lines = [number]
                title = heading.title
                if heading.next_line:
                    j = i + 1
                    while j < len(self.lines) and not self.lines[j].strip():
                        j += 1
                    if j >= len(self.lines) or self.lines[j].strip() != heading.next_line:
                        raise ParseError(f"heading {title!r} should go on with {heading.next_line!r}", j + 1)
                    title = f"{title} {heading.next_line}"
                    lines.append(j + 1)
                    i = j
                if heading.anchor:
                    builder = self.open_heading(heading, title, [])
                    builder.add(number, rest)
                else:
                    builder = self.open_heading(heading, title, lines)
                    if rest:
                        builder.add(number, rest)
                i += 1
                continue
            qa = QA_LINE.match(line)
            if qa and self.chapter is not None:
                self.open_qa(f"Q{qa.group(1)}", _clean_title(qa.group(2)), number)
                self.dashed_answers = line.startswith("-")
                i += 1
                continue
            if line.startswith(FIGURE_MARK):
                self.figure(number, line)
                i += 1
                continue
            if line in ORPHANS:
                self.orphan(number, line)
                i += 1
                continue
            if self.glossary_mode and self.is_term(i):
                self.glossary_terms(number, line)
                i += 1
                continue
            if self.target is None:
                raise ParseError("text before the first heading", number)
            if self.dashed_answers and self.target.clause.kind == "qa" and line.startswith("- "):
                raw = line[2:]  # layout "- Q13** question" / "- answer": the dash is not a list
            self.target.add(number, raw)
            i += 1
        if self.outline:
            raise ParseError(f"heading {self.outline[0].title!r} not found")
        if self.pending:
            raise ParseError(f"figure {next(iter(self.pending))!r} not found")
        clauses = [self.finish(b) for b in self.builders]  # finish() also records stripped markup
        return ParseResult(clauses, sorted(self.dropped, key=lambda d: d.line))

    def figure(self, number: int, line: str) -> None:
        """A flowchart or diagram: file it with the section it names."""
        name = line.lstrip(FIGURE_MARK).strip()
        section = FIGURE_TARGETS.get(name)
        if section is None and name.startswith("Ordine della "):
            section = name[len("Ordine della "):]
        found = self.find(section) if section else None
        target = found or self.target
        if target is None:
            raise ParseError("figure before the first heading", number)
        target.fresh = True
        target.add(number, line)
        target.fresh = True
        self.target = target
        waiting = self.pending.pop(name, None)
        if waiting is not None:
            target.paragraphs.extend(waiting.paragraphs)
            target.clause.lines.extend(waiting.clause.lines)
            target.fresh = True

    def orphan(self, number: int, line: str) -> None:
        """A stranded flowchart label: file it with its figure (or section), even a later one."""
        name = ORPHANS[line]
        target = self.figure_holder(name) or self.find(name)
        if target is None:
            target = self.pending.setdefault(name, _Builder(ParsedClause("", "note")))
        target.fresh = True
        target.add(number, line)
        self.target = target

    def figure_holder(self, name: str) -> _Builder | None:
        """The clause that holds the figure titled `name`."""
        title = f"{FIGURE_MARK} {name}"
        for builder in reversed(self.builders):
            if any(paragraph[0] == title for paragraph in builder.paragraphs):
                return builder
        return None

    def is_term(self, i: int) -> bool:
        """In a glossary chapter: a single short line, no final punctuation, then a definition."""
        line = self.lines[i].strip()
        before = i == 0 or not self.lines[i - 1].strip()
        after = i + 1 >= len(self.lines) or not self.lines[i + 1].strip()
        return before and after and len(line) <= 70 and not line.endswith(TERMINAL)

    def glossary_terms(self, number: int, line: str) -> None:
        """One term line; two bold terms glued on one line share the definition that follows."""
        terms = [term.strip() for term in line.split("**") if term.strip()]
        opened = [self.open_glossary(term, term, [number]) for term in terms]
        self.target = opened[0] if len(opened) == 1 else _Shared(opened)

    def finish(self, builder: _Builder) -> ParsedClause:
        clause = builder.clause
        clause.text = "\n\n".join(p for p in (_render(par) for par in _merge_steps(builder.paragraphs)) if p)
        for number in clause.lines:
            raw = self.lines[number - 1]
            for tag in HTML_TAG.findall(raw):
                self.dropped.append(DroppedLine(number, tag, "garbage"))
        clause.lines = sorted(set(clause.lines))
        return clause


class _Shared(_Builder):
    """Writes the same definition into several glossary entries."""

    def __init__(self, builders: list[_Builder]):
        super().__init__(builders[0].clause)
        self.builders = builders

    def add(self, number: int, line: str) -> None:
        for builder in self.builders:
            builder.fresh = builder.fresh or self.fresh
            builder.add(number, line)
        self.fresh = False


def _merge_steps(paragraphs: list[list[str]]) -> list[list[str]]:
    """A step marker printed alone (`[1]`) belongs to the paragraph after it."""
    merged: list[list[str]] = []
    for paragraph in paragraphs:
        if merged and len(merged[-1]) == 1 and STEP_ONLY.match(merged[-1][0]):
            paragraph = [f"{merged.pop()[0].strip()} {paragraph[0].strip()}"] + paragraph[1:]
        merged.append(paragraph)
    return merged


def _clean_title(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("**", "")).strip()


def _clean_line(line: str) -> str:
    line = HTML_TAG.sub("", line.rstrip())
    indent = len(line) - len(line.lstrip(" "))
    body = re.sub(r"[ ]{2,}", " ", line.strip())
    if body.count("**") % 2 == 0 and "**" in body:
        body = BOLD_PAIR.sub(lambda m: f" **{m.group(1).strip()}**", body).strip()
    return " " * indent + body


def _render(paragraph: list[str]) -> str:
    """One paragraph of source lines as Markdown: lists nested, tables, broken lines joined."""
    if all("\t" in line for line in paragraph):
        return _render_table(paragraph)
    out: list[str] = []
    stepped = False
    for raw in paragraph:
        line = _clean_line(raw)
        item = LIST_ITEM.match(line)
        if item:
            body = item.group(2)
            if STEP_ITEM.match(body):
                stepped = True
                out.append(f"- {body}")
            elif stepped or item.group(1):
                out.append(f"  - {body}")
            else:
                out.append(f"- {body}")
        elif line.lstrip().startswith(("●", "■")):
            out.append(f"  - {line.strip()}" if stepped else line.strip())
        elif out:
            out[-1] = join_broken(out[-1], line)
        else:
            out.append(line.strip())
    return "\n".join(out)


def _render_table(paragraph: list[str]) -> str:
    rows = [[_clean_line(c).strip() for c in line.rstrip("\n").split("\t")] for line in paragraph]
    if all(not row[0] for row in rows) and all(len(row) > 2 for row in rows):
        rows = [row[1:] for row in rows]
    width = max(len(row) for row in rows)
    rows = [row + [""] * (width - len(row)) for row in rows]
    if not rows[0][0]:
        # A header row with an empty corner: a real table.
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * width]
        lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
        return "\n".join(lines)
    return "\n".join("- " + " — ".join(c for c in row if c) for row in rows)


def parse(text: str, *, language: str) -> ParseResult:
    """Parse the Playbook text into clauses in document order (see module docstring)."""
    if language != "it":
        raise ParseError(f"the Playbook parser knows the Italian edition only, not {language!r}")
    return _Parser(text).run()
