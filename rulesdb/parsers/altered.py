"""Parser for the Altered TCG comprehensive rules (Italian community translation).

Layout of the source (``rulesdb/sources/altered-cr-it.txt``), as extracted:

* a preamble before the first numbered line (translation credits, colour
  legend, licence). It is dropped as ``colophon``: the legend describes
  formatting (italics, blue and red text) that the plain-text extraction no
  longer carries, so it would mislead a reader, and the credit and licence are
  recorded as document metadata (``credit`` in ``rulesdb/sources/manifest.json``);
* headings: a number ending in a digit, then a title (``2.1 Oggetti``,
  ``1.3.1 Inizio della partita``) -> kind ``heading`` (``section`` for a single
  segment, none in the vendored file);
* rules: a number ending in a letter (``1.1.4.g``, ``2.1.e``) -> kind ``rule``.
  Numbers are kept as printed (no trailing dot) and never renumbered;
  ``depth`` is the number of segments, ``parent`` is left to the importer;
* remarks: ``Nota.`` / ``Esempio.`` paragraphs are not rules. Each becomes its
  own clause (``note`` / ``example``, number ``""``) whose ``parent`` is the
  index of the numbered clause it follows and whose depth is one more. An
  example opened with ``++`` runs over several lines until the closing ``++``
  or, when never closed, until the next numbered line / remark;
* lost icons: the PDF's inline icons vanished and split sentences across
  lines (``, una`` / ``|`` / ``).``). Such fragments rejoin the text they
  interrupt (rule or remark); a ``|`` left where an icon stood is removed;
* step lists (``1. …``) inside a rule are kept as a Markdown list in it;
* a stray ``{`` line is ``garbage``; lines after it that repeat, word for word,
  lines printed just before it are ``duplicate-block`` (the first occurrence
  is kept; a line after the ``{`` that is new, such as ``7.4.3 Gigante``, is
  kept in place);
* one rule lost its number (``Quando un giocatore deve "sacrificare"…``,
  printed between 7.3.18.a's note and 7.3.20.a). A full unnumbered paragraph
  after a plain (non-``++``) remark is such a case: it becomes its own rule,
  origin ``inferred``, numbered as the printed numbers around it imply
  (``inferred_number``: 7.3.19.a); when they imply no single number it stays
  an unnumbered paragraph of the clause above;
* lost headings: the extraction kept a dozen headings of the sections,
  subsections and sub-subsections the numbering implies; the others are
  rebuilt as ``derived`` headings (``structure.with_derived_headings``);
* the trailing glossary (after the last numbered line): each entry becomes a
  ``glossary`` clause numbered ``G01``, ``G02``… in order of appearance, depth 1,
  no parent (the document prints no glossary heading). The term is read from
  the definition (``Un mazzo "Aggro" è…``, ``Il formato Standard è…``); a few
  entries lost their term in the extraction and keep an empty title (see
  ``_UNTITLED_GLOSSARY_OPENINGS``). Sub-headed parts of an entry (``Regola -
  Modalità meno tecnica:``, ``Condizioni di vittoria``…: the community notes on
  formats and multiplayer) become ``note`` clauses under that entry.

Glossary marker. A keyword that was a hyperlink in the original carries a
stray plural ending glued to its singular form: ``oggettoi`` (oggetto + i),
``gettonei``, ``caratteristicae`` (caratteristica + e), ``emblemai``,
``azione rapidai`` (the link was the two-word ``azione rapida``). The reader
text carries the real Italian plural (``oggetti``, ``gettoni``,
``caratteristiche``, ``emblemi``, ``azioni rapide``) and a ``TermLink`` records
where it stands. A word is read as marked only when it ends in ``oi``, ``ei``,
``ai`` or ``ae``, its stem (the word without the last letter) has at least
four letters, and that stem appears unmarked as a word elsewhere in the
document (compared case-insensitively but accent-sensitively, so ``potrai`` is
not ``potrà`` + i), or is one of the known term lemmas. Ordinary words (``poi``,
``suoi``, ``sei``, ``dei``, ``mai``, ``tornei``, ``temporanei``) fail one of
these tests. ``marked_forms`` / ``unmark_source`` expose the mapping so the
coverage check can compare source lines with the reader text; the marked
source forms are returned as ``structural_words`` so that the importer's
report on the raw source does not look for them (the stem-only tolerance
``marker_suffix="i"`` cannot match ``oggetti`` or ``caratteristiche``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .base import DroppedLine, ParsedClause, ParseError, ParseResult, number_depth, words
from .altered_markers import GlossaryWords, marked_forms, unmark
from .structure import with_derived_headings

# `1.1.4.g Testo`, `2.1.e Testo`, `2.1 Oggetti`, `7.4.3 Gigante`; at least two segments
# (a single `4.` is a step-list item), or one segment without a dot before a capital.
_NUMBERED = re.compile(r"^(?P<num>\d+(?:\.\d+)*(?:\.[a-z])|\d+(?:\.\d+)+)\.?\s+(?P<rest>\S.*)$")
_SECTION = re.compile(r"^(?P<num>\d{1,2})\s+(?P<rest>[A-ZÀ-Ý].*)$")
_REMARK = re.compile(r"^(?P<open>\+\+)?\s*(?P<label>Nota|Esempio)\b")
# `1. Passo`, `- voce`, and the icon legend lines `: Foresta` (the icon before the colon was lost).
_LIST_ITEM = re.compile(r"^(?:(?:\d+\.|-)\s+\S|:\s+[^\W\d_][\w ]{0,30}$)")
_GARBAGE = re.compile(r"^[{}]+$")
_BULLET = re.compile(r"^[-•*]\s+")
_TERMINAL = re.compile(r"[.!?:][\"”»)\]']*$")

# Glossary entries whose term was lost in the extraction: the definition
# begins the entry. Found by reading the file; the glossary is alphabetical,
# and these sit where a term is missing (Biomi between Bersagliare and Booster
# War; a C- term between Card Advantage and Controllo; a Dr- term between
# Disrupt and Draft). Their titles stay empty: nothing is invented.
_UNTITLED_GLOSSARY_OPENINGS = (
    "Ce ne sono 3 e rappresentano",
    "Fase del Mattino",
    "Concede la possibilità di pescare",
)
# `Un mazzo "Aggro" è`, `Il termine "Curva"`, `"Ramp" (accelerazione)`.
_QUOTED_TERM = re.compile(r'^[^"\n]{0,20}?"(?P<term>[^"\n]{2,40})"')
# `Bersagliare è …`
_BARE_TERM = re.compile(r"^(?P<term>[A-ZÀ-Ý][\w-]+) è ")
# `Il Booster War è`, `Il formato Standard è`, `La modalità Tutti contro tutti è`,
# `Il Draft di Buste si gioca`, `Il pareggio si verifica`.
_ARTICLE_TERM = re.compile(
    r"^(?:Il|Lo|La|L'|I|Gli|Le|Un|Una)\s+(?:(?:formato|modalità|termine)\s+)?"
    r"(?P<term>[^\W\d_][\w-]*(?:\s+[\w-]+){0,3}?)\s+(?:è|si gioca|si verifica)\s"
)

# --- text assembly -------------------------------------------------------------


def _terminal(text: str) -> bool:
    return bool(_TERMINAL.search(text.rstrip()))


def _is_fragment(previous: str, line: str) -> bool:
    """`line` continues the sentence `previous` left unfinished (a lost icon split them)."""
    if not previous.strip():
        return False
    if not _terminal(previous):
        return True
    if line[0] in ",.;)]…|":
        return True
    first = line.lstrip("\"“”«'")[:1]
    return first.islower()


def _clean(line: str) -> str:
    """Remove the `|` an extracted icon left at a line end."""
    line = line.strip()
    if line == "|":
        return ""
    if line.endswith(" |"):
        line = line[:-2].rstrip()
    return line


@dataclass
class _Unit:
    clause: ParsedClause
    open_example: bool = False
    """A `++` example not closed yet."""
    last_list: bool = False
    """The last piece appended was a list item."""
    last_item_opens: bool = False
    """That list item ends with `:` (a nested `- ` list follows)."""

    @property
    def text(self) -> str:
        return self.clause.text

    def add(self, line_no: int, line: str, *, paragraph: bool | None = None) -> None:
        """Append one source line; `paragraph` forces (True) or forbids (False) a new paragraph."""
        self.clause.lines.append(line_no)
        piece = _clean(line)
        if not piece:
            return
        current = self.clause.text
        if (current and piece.startswith("- ") and piece[2:3].islower() and not _terminal(current)
                and not self.last_list):
            # A page break split the sentence and the extraction put a bullet before the rest
            # (a list opens after a colon, which is terminal, and goes on after its items):
            # the rest of the sentence, joined.
            piece = piece[2:]
        if not current:
            self.clause.text = piece
            self.last_list = bool(_LIST_ITEM.match(piece))
            self.last_item_opens = self.last_list and piece.endswith(":")
            return
        if _LIST_ITEM.match(piece):
            if self.last_list:
                if piece.startswith("-") and self.last_item_opens:
                    self.clause.text = current + "\n   " + piece
                else:
                    self.clause.text = current + "\n" + piece
                    self.last_item_opens = piece.endswith(":")
            else:
                self.clause.text = current + "\n\n" + piece
                self.last_item_opens = piece.endswith(":")
            self.last_list = True
            return
        fragment = _is_fragment(current, piece) if paragraph is None else not paragraph
        if fragment:
            tail = current.rstrip()
            if piece[0] in ".,;)]" and not tail.endswith((",", ";")):
                self.clause.text = tail + piece
            else:
                self.clause.text = tail + " " + piece
        else:
            self.clause.text = current + "\n\n" + piece
            self.last_list = False


# --- parse -----------------------------------------------------------------------


def _numbered(line: str) -> tuple[str, str] | None:
    # An extraction may put a bullet before a rule's number (as the Vanguard files do everywhere):
    # the number still opens the rule. Only dotted numbers: `- 3 carte` stays a list item.
    unbulleted = _BULLET.sub("", line, count=1)
    if unbulleted != line and _NUMBERED.match(unbulleted):
        line = unbulleted
    match = _NUMBERED.match(line) or _SECTION.match(line)
    if not match:
        return None
    return match.group("num").rstrip("."), match.group("rest").strip()


def inferred_number(before: str, after: str) -> str | None:
    """The one rule number that fits between two printed ones, or None.

    `7.3.18.a` .. `7.3.20.a` -> `7.3.19.a` (the next group, first letter);
    `2.1.b` .. `2.1.d` -> `2.1.c` (the next letter). Anything else is not
    implied by the sequence and gets no number.
    """
    a, b = before.split("."), after.split(".")
    if len(a) != len(b) or len(a) < 2 or not (a[-1].isalpha() and b[-1].isalpha()):
        return None
    if a[:-1] == b[:-1] and ord(b[-1]) - ord(a[-1]) == 2:
        return ".".join(a[:-1] + [chr(ord(a[-1]) + 1)])
    if (
        a[:-2] == b[:-2]
        and a[-2].isdigit()
        and b[-2].isdigit()
        and int(b[-2]) - int(a[-2]) == 2
        and b[-1] == "a"
    ):
        return ".".join(a[:-2] + [str(int(a[-2]) + 1), "a"])
    return None


def _kind_of(number: str) -> str:
    last = number.split(".")[-1]
    if last.isalpha():
        return "rule"
    return "section" if "." not in number else "heading"


def _glossary_term(line: str) -> str | None:
    for pattern in (_QUOTED_TERM, _BARE_TERM, _ARTICLE_TERM):
        match = pattern.match(line)
        if match:
            return match.group("term").strip()
    return None


def _subheading(line: str) -> bool:
    """`Costruzione del mazzo:`, `Condizioni di vittoria`: a title inside a glossary entry."""
    if _LIST_ITEM.match(line) or not line[:1].isupper():
        return False
    if line[-1] in ".!?;,\"”)":
        return False
    n = len(line.split())
    return n <= 6 if line.endswith(":") else n <= 10


def _duplicate_lines(lines: list[str]) -> dict[int, str]:
    """0-based indexes of garbage `{` lines and of the repeated lines after them."""
    reasons: dict[int, str] = {}
    for k, line in enumerate(lines):
        if not _GARBAGE.match(line.strip()):
            continue
        reasons[k] = "garbage"
        before = {l.strip() for l in lines[max(0, k - 40) : k] if l.strip() and not _GARBAGE.match(l.strip())}
        seen_dup = False
        looked = 0
        for j in range(k + 1, len(lines)):
            text = lines[j].strip()
            if not text:
                continue
            looked += 1
            if text in before:
                reasons[j] = "duplicate-block"
                seen_dup = True
            elif seen_dup or looked > 3:
                break
    return reasons


def parse(text: str, *, language: str) -> ParseResult:
    """The document as printed plus the headings its numbering implies (derived)."""
    result = parse_as_printed(text, language=language)
    result.clauses = with_derived_headings(result.clauses)
    return result


def parse_as_printed(text: str, *, language: str) -> ParseResult:
    """The clauses the source prints (and the one rule whose number is inferred),
    without derived headings: parent indexes point into this list.

    Long on purpose: one pass over the lines as a small state machine (a numbered
    rule, the note or example after it, the rule that lost its number, then the
    trailing glossary), where each branch reads and moves the same few cursors
    (current rule, open remark, glossary entry); split into functions, that state
    would have to be threaded through all of them."""
    if not language.lower().startswith("it"):
        raise ParseError(f"the Altered parser reads the Italian translation, not {language!r}")
    lines = text.splitlines()
    lexicon = GlossaryWords(text)
    special = _duplicate_lines(lines)

    numbered_at = [i for i, l in enumerate(lines) if i not in special and _numbered(l.strip())]
    if not numbered_at:
        raise ParseError("no numbered rule found")
    first_numbered, last_numbered = numbered_at[0], numbered_at[-1]

    units: list[_Unit] = []
    dropped: list[DroppedLine] = []
    current: _Unit | None = None  # last numbered clause
    remark: _Unit | None = None  # note / example after it
    glossary_entry: _Unit | None = None
    glossary_part: _Unit | None = None
    glossary_term = ""
    in_glossary = False

    def new_unit(clause: ParsedClause) -> _Unit:
        unit = _Unit(clause)
        units.append(unit)
        return unit

    def index_of(unit: _Unit) -> int:
        return next(i for i, u in enumerate(units) if u is unit)

    for i, raw in enumerate(lines):
        n = i + 1
        line = raw.strip()
        if not line:
            continue
        if i in special:
            dropped.append(DroppedLine(n, raw, special[i]))
            continue
        if i < first_numbered:
            dropped.append(DroppedLine(n, raw, "colophon"))
            continue

        if not in_glossary:
            numbered = _numbered(line)
            if numbered:
                number, rest = numbered
                kind = _kind_of(number)
                clause = ParsedClause(number=number, kind=kind, depth=number_depth(number))
                if kind == "rule":
                    clause.text = ""
                    current = new_unit(clause)
                    current.add(n, rest)
                else:
                    clause.title = rest
                    clause.lines.append(n)
                    current = new_unit(clause)
                remark = None
                continue
            match = _REMARK.match(line)
            if match and current is not None:
                parent = index_of(current)
                body = line[2:].lstrip() if match.group("open") else line
                closed = body.endswith("++")
                if closed:
                    body = body[:-2].rstrip()
                remark = new_unit(
                    ParsedClause(
                        number="",
                        kind="note" if match.group("label") == "Nota" else "example",
                        parent=parent,
                        depth=units[parent].clause.depth + 1,
                    )
                )
                remark.open_example = bool(match.group("open")) and not closed
                remark.add(n, body)
                continue
            assert current is not None
            if remark is not None:
                if remark.open_example:
                    body = line
                    if body.endswith("++"):
                        body = body[:-2].rstrip()
                        remark.open_example = False
                    remark.add(n, body)
                    continue
                if _is_fragment(remark.text, _clean(line) or line):
                    remark.add(n, line)
                    continue
                # A full paragraph after a plain remark is not part of it.
                remark = None
                if i < last_numbered:
                    # The rule that lost its number: its own clause, numbered as the
                    # sequence implies, or (when it implies nothing) a paragraph above.
                    following = next(j for j in numbered_at if j > i)
                    number = inferred_number(current.clause.number, _numbered(lines[following].strip())[0])
                    if number is None:
                        current.add(n, line, paragraph=True)
                        continue
                    clause = ParsedClause(number=number, kind="rule", depth=number_depth(number), origin="inferred")
                    current = new_unit(clause)
                    current.add(n, line)
                    continue
                in_glossary = True
            elif i > last_numbered and not _is_fragment(current.text or current.clause.title, _clean(line) or line):
                in_glossary = True
            else:
                current.add(n, line)
                continue

        # --- trailing glossary ---
        term = _glossary_term(line)
        opens_entry = line.startswith(_UNTITLED_GLOSSARY_OPENINGS) or (
            term is not None and term.lower() != glossary_term.lower()
        )
        if glossary_entry is None or opens_entry:
            if not opens_entry:
                term = None
            title = "" if line.startswith(_UNTITLED_GLOSSARY_OPENINGS) or not term else term
            title = title[:1].upper() + title[1:]
            number = f"G{sum(1 for u in units if u.clause.kind == 'glossary') + 1:02d}"
            glossary_entry = new_unit(
                ParsedClause(number=number, kind="glossary", title=title, defines_term=title, depth=1)
            )
            glossary_entry.add(n, line)
            glossary_term = term or ""
            glossary_part = None
            continue
        if _subheading(line):
            parent = index_of(glossary_entry)
            glossary_part = new_unit(
                ParsedClause(number="", kind="note", title=line.rstrip(":").rstrip(), parent=parent, depth=2)
            )
            glossary_part.clause.lines.append(n)
            continue
        (glossary_part or glossary_entry).add(n, line)

    clauses = [u.clause for u in units]
    for clause in clauses:
        clause.text, clause.term_links = unmark(clause.text, lexicon)
        clause.title = unmark(clause.title, lexicon)[0]
    # The marked source forms (`oggettoi`, `caratteristicae`, the `azione` of
    # `azione rapidai`) were read as link markup and rewritten: the coverage report
    # must not look for them in the reader text. That the reader form is there is
    # checked by comparing `unmark_source(text)` with the clauses.
    structural: set[str] = set()
    for form, surface in marked_forms(text).items():
        structural |= set(words(form)) - set(words(surface))
    return ParseResult(clauses=clauses, dropped=dropped, structural_words=frozenset(structural))
