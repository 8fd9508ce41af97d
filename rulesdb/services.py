"""Writes to the clause database: importing documents.

An import decodes and parses the whole file before touching the database,
then replaces the document's clauses in one transaction, so a file that fails
anywhere changes nothing.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from django.conf import settings
from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext

from .models import Clause, Document, Game, GlossaryTerm, Reference, TermLink
from .parsers import FAMILIES, parser_for
from .parsers.base import ParseError, ParsedClause, ParseResult, coverage_report, fold
from .parsers.icons import lost_icons
from .parsers.structure import with_misprints_placed
from .publication import Progress, document_pipeline_run, no_progress
from .references import find_references

SOURCES_DIR = Path(__file__).resolve().parent / "sources"
MANIFEST_PATH = SOURCES_DIR / "manifest.json"

# Altered marks glossary links with a letter glued to the word; the coverage
# report accepts source words that differ from the text by that marker only.
_MARKER_SUFFIX = {"altered-cr": "i"}

class RulesImportError(ValueError):
    """An import refused; `line` is the 1-based source line at fault, 0 for the whole file."""

    def __init__(self, message: str, line: int = 0):
        self.message = message
        self.line = line
        super().__init__(gettext("line %(line)d: %(message)s") % {"line": line, "message": message} if line else message)


@dataclass(frozen=True)
class DocumentSpec:
    """What the manifest (or the command line) says about a document."""

    slug: str
    game: str
    kind: str
    language: str
    version: str
    family: str
    title: str = ""
    date: dt.date | None = None
    credit: str = ""
    file: str = ""


def manifest_load() -> tuple[list[dict], list[DocumentSpec]]:
    data = json.loads(MANIFEST_PATH.read_text(encoding="utf-8"))
    specs = []
    for entry in data["documents"]:
        entry = dict(entry)
        date = entry.pop("date")
        specs.append(DocumentSpec(**entry, date=dt.date.fromisoformat(date) if date else None))
    return data["games"], specs


def source_decode(data: bytes, *, limit: int | None = None) -> str:
    """Bytes of a rules file to text, refusing what is not a UTF-8 text file."""
    limit = settings.RULES_MAX_UPLOAD_BYTES if limit is None else limit
    if len(data) > limit:
        raise RulesImportError(
            gettext("the file is %(size)s MB; the limit is %(limit)s MB")
            % {"size": number_format(len(data) / 1_048_576, 1), "limit": number_format(limit / 1_048_576, 1)}
        )
    if not data.strip():
        raise RulesImportError(gettext("the file is empty"))
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise RulesImportError(gettext("this is a binary file, not text (NUL byte found)"), line)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise RulesImportError(
            gettext("not valid UTF-8 (byte 0x%(byte)02x); save the file as UTF-8 and retry") % {"byte": data[error.start]}, line
        ) from None
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\n\r\t\f")
    if controls > max(10, len(text) // 100):
        raise RulesImportError(gettext("this looks like a binary file, not text (control characters)"))
    return text.replace("\r\n", "\n").replace("\r", "\n")


def document_parse(text: str, *, family: str, language: str) -> ParseResult:
    try:
        parse = parser_for(family)
    except KeyError as error:
        raise RulesImportError(str(error.args[0])) from None
    try:
        result = parse(text, language=language)
    except ParseError as error:
        raise RulesImportError(error.message, error.line) from None
    if not any(c.number and c.kind not in ("note", "example") for c in result.clauses):
        raise RulesImportError(gettext("no clause numbers found: is this a rules document of this family?"))
    with_misprints_placed(result.clauses)
    return result


def published_slug_message(slug: str) -> str:
    return gettext("%(slug)s is a published document and stays as it is: a new version gets a new slug "
                   "(e.g. %(slug)s-2).") % {"slug": slug}


@dataclass
class PreparedImport:
    """A file decoded, parsed and checked, ready to store (ruleset_prepare)."""

    spec: DocumentSpec
    data: bytes
    result: ParseResult
    report: object
    game: Game
    published: bool


def ruleset_prepare(*, spec: DocumentSpec, data: bytes, published: bool = True, progress: Progress = no_progress) -> PreparedImport:
    """Everything an import checks before touching the database; raises RulesImportError."""
    if not published and Document.objects.filter(slug=spec.slug, published=True).exists():
        raise RulesImportError(published_slug_message(spec.slug))
    if spec.family not in FAMILIES:
        raise RulesImportError(f"unknown document family {spec.family!r}; known: {', '.join(sorted(FAMILIES))}")
    progress("Reading the file")
    text = source_decode(data)
    progress("Finding the clauses")
    result = document_parse(text, family=spec.family, language=spec.language)
    report = coverage_report(text, result, marker_suffix=_MARKER_SUFFIX.get(spec.family, ""))
    if report.lost:
        line, content = report.lost[0]
        raise RulesImportError(f"{len(report.lost)} line(s) would be lost, first: {content[:80]!r}", line)
    try:
        game = Game.objects.get(slug=spec.game)
    except Game.DoesNotExist:
        raise RulesImportError(f"unknown game {spec.game!r}") from None
    return PreparedImport(spec, data, result, report, game, published)


def ruleset_store(prepared: PreparedImport, *, progress: Progress = no_progress, pipeline: bool = True) -> Document:
    """Store a prepared import in one transaction (replacing an earlier import of its slug), then
    run the version pipeline (document_pipeline_run) unless the caller runs it itself (`pipeline`
    False: the upload page shows each step)."""
    spec, result, report, game, data = prepared.spec, prepared.result, prepared.report, prepared.game, prepared.data
    progress("Storing the clauses")
    with transaction.atomic():
        if not prepared.published and Document.objects.select_for_update().filter(slug=spec.slug, published=True).exists():
            raise RulesImportError(published_slug_message(spec.slug))  # published meanwhile
        document, _ = Document.objects.update_or_create(
            slug=spec.slug,
            defaults=dict(
                game=game,
                series=f"{game.code}-{spec.kind}-{spec.language}",
                kind=spec.kind,
                language=spec.language,
                version=spec.version,
                date=spec.date,
                title=spec.title or spec.slug,
                family=spec.family,
                source_file=spec.file,
                source_sha256=hashlib.sha256(data).hexdigest(),
                credit=spec.credit,
                published=prepared.published,
                report={
                    "total_lines": report.total_lines,
                    "claimed": report.claimed,
                    "dropped": [
                        {"line": d.line, "reason": d.reason, "text": d.text} for d in result.dropped
                    ],
                    "lost": [{"line": n, "text": t} for n, t in report.lost],
                    "unfaithful": [{"line": n, "word": w, "clause": c} for n, w, c in report.unfaithful],
                    "lost_icons": sum(
                        len(lost_icons(c.text, language=spec.language)) for c in result.clauses
                    ),
                },
            ),
        )
        document.clauses.all().delete()
        _clauses_store(document, result.clauses)
    if pipeline:
        document_pipeline_run(document, progress=progress)
    return document


def ruleset_import(
    *, spec: DocumentSpec, data: bytes, published: bool = True, progress: Progress = no_progress
) -> Document:
    """Parse `data` and store it as document `spec.slug`, replacing any earlier import of that slug,
    then run the version pipeline (document_pipeline_run). An unpublished import (an upload for
    review) never replaces a published document. `progress` is told each step as it starts."""
    prepared = ruleset_prepare(spec=spec, data=data, published=published, progress=progress)
    return ruleset_store(prepared, progress=progress)


def _clauses_store(document: Document, parsed: list[ParsedClause]) -> None:
    stable_ids = _stable_ids(parsed)
    at_lines = _source_positions(parsed)
    rows = [
        Clause(
            document=document,
            stable_id=stable_ids[i],
            number=c.number,
            printed_number=c.printed_number,
            order=i,
            depth=c.depth,
            kind=c.kind,
            title=c.title[:500],
            text=c.text,
            line_start=at_lines[i][0],
            line_end=at_lines[i][1],
            defines_term=c.defines_term[:200],
            origin=c.origin,
        )
        for i, c in enumerate(parsed)
    ]
    Clause.objects.bulk_create(rows)
    parents = tree_parents(parsed)
    for row, parent in zip(rows, parents):
        if parent is not None:
            row.parent = rows[parent]
    Clause.objects.bulk_update([r for r in rows if r.parent is not None], ["parent"], batch_size=500)

    first_by_number: dict[str, Clause] = {}
    for row in rows:
        if row.number:
            first_by_number.setdefault(row.number, row)
    term_headings = [(fold(row.title), row) for row in rows if row.kind == "heading" and row.defines_term]
    references = []
    for row in rows:
        for found in find_references(row.text):
            target = first_by_number.get(found.target_number)
            references.append(
                Reference(
                    source=row,
                    raw=found.raw[:200],
                    target_number=found.target_number,
                    target=_named_heading(row.text, found.start, target, term_headings) or target,
                    start=found.start,
                    end=found.end,
                )
            )
    Reference.objects.bulk_create(references, batch_size=1000)

    terms = [
        GlossaryTerm(term=row.defines_term, folded=fold(row.defines_term), document=document, clause=row)
        for row in rows
        if row.defines_term
    ]
    GlossaryTerm.objects.bulk_create(terms)
    by_folded = {t.folded: t for t in terms}
    by_folded.update(_terms_defined_in_rules(document, rows, parsed, by_folded))
    links = []
    for row, clause in zip(rows, parsed):
        for link in clause.term_links:
            links.append(
                TermLink(
                    clause=row,
                    start=link.start,
                    end=link.end,
                    surface=link.surface[:200],
                    term=_term_for(link.surface, by_folded),
                )
            )
    TermLink.objects.bulk_create(links, batch_size=1000)


_QUOTED = re.compile(r"[\"“«]([^\"”»\n]{2,60})[\"”»]")


def _named_heading(text: str, start: int, target: Clause | None, term_headings: list[tuple[str, Clause]]) -> Clause | None:
    """The heading a reference means when its number names another one.

    `Indica che la carta ha "Supporto" (sezione 11.4.)`: the Italian Vanguard 2.2 kept
    the numbers of an older edition here, and 11.4 is "Doppio Assalto e Triplo
    Assalto". When a reference to a keyword's heading follows a quoted keyword in the
    same sentence, the heading whose title has that keyword is the one meant, if
    exactly one has it; otherwise (or when the numbered heading has it) None."""
    if target is None or target.kind != "heading" or not target.defines_term:
        return None
    sentence = re.split(r"[.;:!?]\s", text[:start])[-1]
    quoted = _QUOTED.findall(sentence)
    if not quoted:
        return None
    name = re.sub(r"[!?.]+$", "", fold(quoted[-1]).strip())
    word = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    if not name or word.search(fold(target.title)) or _share_a_stem(name, fold(target.title)):
        return None
    having = [row for title, row in term_headings if word.search(title)]
    return having[0] if len(having) == 1 else None


def _share_a_stem(one: str, other: str) -> bool:
    """Whether two names share a word's first six letters ("Trascendenza" names the
    action "Trascendere": the same thing, another form)."""
    stems = {w[:6] for w in re.findall(r"\w{5,}", other)}
    return any(w[:6] in stems for w in re.findall(r"\w{5,}", one))


_ARTICLE = r"(?:(?:il|lo|la|i|gli|le|un|una|uno|ogni)\s+|l')?"


def _terms_defined_in_rules(
    document: Document, rows: list[Clause], parsed: list[ParsedClause], known: dict[str, GlossaryTerm]
) -> dict[str, GlossaryTerm]:
    """Glossary entries for marked words that no glossary entry defines.

    Altered marks a keyword wherever it is used; the rules define it in prose
    (`Gli oggetti sono i pezzi di gioco…`). The defining clause is the first
    rule or heading that opens with the word, article allowed."""
    surfaces: dict[str, str] = {}
    for clause in parsed:
        for link in clause.term_links:
            surfaces.setdefault(fold(link.surface), link.surface.lower())
    wanted = sorted(set(surfaces) - set(known))
    if not wanted:
        return {}
    openings = [(row, fold(row.text or row.title)) for row in rows if row.kind in ("rule", "heading")]
    created = {}
    for word in wanted:
        if _term_for(word, known) is not None:
            continue
        pattern = re.compile(rf"^{_ARTICLE}{re.escape(word)}\b")
        for row, opening in openings:
            if pattern.match(opening):
                created[word] = GlossaryTerm(term=surfaces[word], folded=word, document=document, clause=row)
                break
    GlossaryTerm.objects.bulk_create(created.values())
    return created


def _term_for(surface: str, by_folded: dict[str, GlossaryTerm]) -> GlossaryTerm | None:
    """The glossary entry a marked word belongs to: exact, or the same word in
    another number or gender (Italian `oggetti`/`oggetto`, `reazioni`/`reazione`)."""
    key = fold(surface)
    if key in by_folded:
        return by_folded[key]
    stem = key[:-1] if len(key) > 3 else key
    for folded, term in by_folded.items():
        if folded[:-1] == stem or folded.split()[0][:-1] == stem:
            return term
    return None


def _source_positions(parsed: list[ParsedClause]) -> list[tuple[int, int]]:
    """(first, last) source line of every clause. A derived heading has no line
    of its own: it stands where the first clause after it is printed."""
    positions: list[tuple[int, int]] = [(0, 0)] * len(parsed)
    following = (0, 0)
    for index in range(len(parsed) - 1, -1, -1):
        clause = parsed[index]
        if clause.lines:
            following = (clause.line_start, clause.line_end)
            positions[index] = following
        else:
            positions[index] = (following[0], following[0])
    return positions


def _stable_ids(parsed: list[ParsedClause]) -> list[str]:
    """A stable id per clause: its number; `~2`, `~3` for a number printed again;
    notes and examples take their parent's id plus `~n1`, `~e1`…"""
    ids: list[str] = []
    seen: dict[str, int] = {}
    for index, clause in enumerate(parsed):
        if clause.number:
            base = clause.number
        elif clause.parent is not None:
            base = f"{ids[clause.parent]}~{clause.kind[0]}"
        else:
            base = f"u{index}"
        seen[base] = seen.get(base, 0) + 1
        count = seen[base]
        if clause.number:
            ids.append(base if count == 1 else f"{base}~{count}")
        elif clause.parent is not None:
            ids.append(f"{base}{count}")
        else:
            ids.append(base)
    return ids


def tree_parents(parsed: list[ParsedClause]) -> list[int | None]:
    """Parent index of every clause: the parser's when it set one, else from the number.

    The parent of `7.3.1` is the clause numbered `7.3` printed most recently
    before it (so a duplicated heading takes the children that follow it); if
    `7.3` is printed only later (children before their heading) that one; if it
    is never printed, the nearest shorter prefix that is.
    """
    latest: dict[str, int] = {}
    first: dict[str, int] = {}
    for index, clause in enumerate(parsed):
        if clause.number:
            first.setdefault(clause.number, index)
    parents: list[int | None] = []
    for index, clause in enumerate(parsed):
        parent = clause.parent
        if parent is None and clause.number:
            parts = clause.number.split(".")
            for cut in range(len(parts) - 1, 0, -1):
                prefix = ".".join(parts[:cut])
                if prefix in latest:
                    parent = latest[prefix]
                    break
                if prefix in first and first[prefix] != index:
                    parent = first[prefix]
                    break
        parents.append(parent)
        if clause.number:
            latest[clause.number] = index
    return parents


def vendored_load(*, slugs: Iterable[str] = (), if_missing: bool = False) -> list[Document]:
    """Load the documents shipped in rulesdb/sources (all when `slugs` is empty)."""
    games, specs = manifest_load()
    wanted = list(slugs)
    known = {s.slug for s in specs}
    unknown = [s for s in wanted if s not in known]
    if unknown:
        raise RulesImportError(f"unknown document slug(s): {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    for game in games:
        Game.objects.update_or_create(slug=game["slug"], defaults={"name": game["name"], "code": game["code"]})
    loaded = []
    for spec in specs:
        if wanted and spec.slug not in wanted:
            continue
        if if_missing and Document.objects.filter(slug=spec.slug).exists():
            continue
        data = (SOURCES_DIR / spec.file).read_bytes()
        loaded.append(ruleset_import(spec=spec, data=data))
    return loaded

