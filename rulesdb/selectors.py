"""Reads from the clause database: lookups, exports and the lint report."""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Iterator

from django.db.models import Count, QuerySet
from django.utils.translation import gettext, gettext_lazy

from .models import Clause, Document, Reference


class DocumentNotFound(LookupError):
    pass


_EVERY_DOCUMENT = object()


def document_get(*, slug: str, user=_EVERY_DOCUMENT) -> Document:
    """The document `slug` among those `user` may read (drafts are staff-only); the error lists
    only those. Without `user` (the command line), every document."""
    documents = Document.objects.all() if user is _EVERY_DOCUMENT else Document.objects.visible_to(user)
    try:
        return documents.select_related("game").get(slug=slug)
    except Document.DoesNotExist:
        known = ", ".join(documents.order_by("slug").values_list("slug", flat=True))
        raise DocumentNotFound(gettext("There is no document “%(slug)s”; loaded: %(known)s.")
                               % {"slug": slug[:60], "known": known or gettext("none")}) from None


def document_list() -> QuerySet[Document]:
    return Document.objects.published().select_related("game").annotate(clause_count=Count("clauses"))


def current_versions(*, game_id: int, kind: str, exclude_language: str = "") -> list[Document]:
    """The current (newest published) version of each series of one game and kind."""
    current: dict[str, Document] = {}
    for document in (
        Document.objects.published().filter(game_id=game_id, kind=kind).exclude(language=exclude_language)
        .order_by("series", "-date", "-imported_at")
    ):
        current.setdefault(document.series, document)
    return list(current.values())


def document_comparisons(*, documents) -> list[tuple[Document, Document]]:
    """The translator's comparisons worth offering among `documents` (newest first within a
    series): each series' newest version beside the same game and kind's newest in every
    other language, then each version beside the one before it in its series."""
    newest: dict[tuple, dict[str, list[Document]]] = {}
    for document in sorted(documents, key=lambda d: (d.date or datetime.date.min, d.imported_at)):
        newest.setdefault((document.game_id, document.kind), {}).setdefault(document.language, []).insert(0, document)
    pairs: list[tuple[Document, Document]] = []
    for by_language in newest.values():
        languages = sorted(by_language)
        for i, left in enumerate(languages):
            for right in languages[i + 1:]:
                pairs.append((by_language[left][0], by_language[right][0]))
    for by_language in newest.values():
        for versions in by_language.values():
            pairs.extend((older, newer) for newer, older in zip(versions, versions[1:]))
    return pairs


def clause_list(*, document: Document) -> QuerySet[Clause]:
    return document.clauses.select_related("parent").order_by("order")


def _tsv_cell(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n").replace("\t", " ")


def clauses_tsv(*, document: Document, include_unprinted: bool = False) -> Iterator[str]:
    """`id number parent kind title text`, one row per clause in document order.

    By default only what the source prints: derived headings and clauses whose
    number was inferred are left out, and a clause's parent is its nearest
    printed ancestor, so the inventory of printed clauses is the same as
    before headings were derived. `include_unprinted` lists them too, with
    their real parents."""
    yield "id\tnumber\tparent\tkind\ttitle\ttext"
    clauses = list(clause_list(document=document))
    by_id = {c.pk: c for c in clauses}
    for clause in clauses:
        parent = by_id.get(clause.parent_id)
        if not include_unprinted:
            if clause.origin != "printed":
                continue
            while parent is not None and parent.origin != "printed":
                parent = by_id.get(parent.parent_id)
        parent = parent.shown_number if parent else ""
        yield "\t".join(
            _tsv_cell(v) for v in (clause.stable_id, clause.shown_number, parent, clause.kind, clause.title, clause.text)
        )


def references_tsv(*, document: Document) -> Iterator[str]:
    """`source_id source_number raw target_number resolved_id` (resolved_id empty when dangling)."""
    yield "source_id\tsource_number\traw\ttarget_number\tresolved_id"
    references = (
        Reference.objects.filter(source__document=document)
        .select_related("source", "target")
        .order_by("source__order", "start")
    )
    for ref in references:
        yield "\t".join(
            _tsv_cell(v)
            for v in (
                ref.source.stable_id,
                ref.source.number,
                ref.raw,
                ref.target_number,
                ref.target.stable_id if ref.target else "",
            )
        )


NUMERIC_NUMBER = re.compile(r"^\d+(?:\.\d+)*$")
"""A clause number of digits only (`7.3.1`), no letters (`1.1.4.g`)."""


def number_key(number: str) -> tuple:
    """Sort key comparing number segments as numbers (`7.10` after `7.9`; `1.1.4.g` after `.f`)."""
    key = []
    for part in number.split("."):
        key.append((0, int(part), "") if part.isdigit() else (1, 0, part))
    return tuple(key)


import functools  # noqa: E402
from bisect import bisect_left  # noqa: E402

from .models import GlossaryTerm, TermLink  # noqa: E402

_NUMBER_SHAPE = re.compile(r"^[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*$")


@dataclass(eq=False)
class DocumentIndex:
    """One imported document's clauses and layers, for the reader."""

    document_id: int
    clauses: list[Clause]
    """Every clause in printed order (text included)."""
    references: dict[int, list[Reference]]
    """References written in a clause, by source clause id, in text order."""
    cited_by: dict[int, list[Reference]]
    """References pointing at a clause, by target clause id."""
    term_links: dict[int, list[TermLink]]
    """Words the source marked as glossary links (Altered), by clause id."""
    glossary: list[GlossaryTerm]
    language: str = ""
    """The document's language (placeholders for lost icons are named in it)."""
    by_id: dict[int, Clause] = field(default_factory=dict)
    by_stable_id: dict[str, Clause] = field(default_factory=dict)
    by_number: dict[str, list[Clause]] = field(default_factory=dict)
    by_folded_number: dict[str, str] = field(default_factory=dict)
    misprinted_as: dict[str, list[Clause]] = field(default_factory=dict)
    """Clauses whose printed number is a misprint, by that printed number."""
    children: dict[int | None, list[Clause]] = field(default_factory=dict)
    position: dict[int, int] = field(default_factory=dict)
    cache: dict = field(default_factory=dict)
    """Derived values (rendered HTML, table of contents), filled on first use."""

    def __post_init__(self) -> None:
        for i, clause in enumerate(self.clauses):
            self.by_id[clause.pk] = clause
            self.by_stable_id[clause.stable_id] = clause
            self.position[clause.pk] = i
            self.children.setdefault(clause.parent_id, []).append(clause)
            if clause.number:
                self.by_number.setdefault(clause.number, []).append(clause)
                self.by_folded_number.setdefault(clause.number.lower(), clause.number)
            if clause.printed_number:
                self.misprinted_as.setdefault(clause.printed_number, []).append(clause)
        self._sorted_numbers = sorted(self.by_number, key=number_key)
        self._sorted_keys = [number_key(n) for n in self._sorted_numbers]

    def address_of(self, number: str) -> str | None:
        """The address a typed or linked number opens: the clause numbered so, else
        the clause misprinted so (the page prints it), else None."""
        number = self.by_folded_number.get(number.lower(), number)
        if number in self.by_number:
            return number
        misprinted = self.misprinted_as.get(number)
        return misprinted[0].number if misprinted else None

    def printed_occurrence(self, stable_id: str) -> Clause | None:
        """The clause an id of the form `11.5.1~3` named before misprints had their own
        addresses: the third clause printed with 11.5.1 (old links keep working)."""
        base, _, count = stable_id.rpartition("~")
        if not base or not count.isdigit():
            return None
        printed = [c for c in self.clauses if c.number and c.shown_number == base]
        return printed[int(count) - 1] if 0 < int(count) <= len(printed) else None

    def is_first_occurrence(self, clause: Clause) -> bool:
        return bool(clause.number) and self.by_number[clause.number][0].pk == clause.pk

    def ancestors(self, clause: Clause) -> list[Clause]:
        """From the root down to the parent."""
        chain = []
        parent = self.by_id.get(clause.parent_id)
        while parent is not None and len(chain) < 50:
            chain.append(parent)
            parent = self.by_id.get(parent.parent_id)
        return chain[::-1]

    def subtree(self, clause: Clause) -> list[tuple[Clause, int]]:
        """Sub-clauses, recursively, in printed order, each with its depth below `clause` (1 = child)."""
        out: list[tuple[Clause, int]] = []
        stack = [(c, 1) for c in reversed(self.children.get(clause.pk, []))]
        while stack:
            child, level = stack.pop()
            out.append((child, level))
            stack.extend((c, level + 1) for c in reversed(self.children.get(child.pk, [])))
        return out

    def neighbours(self, clause: Clause) -> tuple[Clause | None, Clause | None]:
        """Previous and next clause in printed order."""
        i = self.position[clause.pk]
        previous = self.clauses[i - 1] if i > 0 else None
        following = self.clauses[i + 1] if i + 1 < len(self.clauses) else None
        return previous, following

    def nearest(self, number: str, *, limit: int = 8) -> list[Clause]:
        """Existing clauses near a number that does not exist: the longest
        existing prefix and its first sub-clauses, then numeric neighbours."""
        found: list[Clause] = []
        parts = number.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            prefix = ".".join(parts[:cut])
            if prefix in self.by_number:
                head = self.by_number[prefix][0]
                found.append(head)
                found.extend(c for c in self.children.get(head.pk, []) if c.number)
                break
        try:
            at = bisect_left(self._sorted_keys, number_key(number))
        except TypeError:
            at = 0
        for n in self._sorted_numbers[max(0, at - 3) : at + 3]:
            found.append(self.by_number[n][0])
        unique: dict[int, Clause] = {}
        for clause in found:
            unique.setdefault(clause.pk, clause)
        return list(unique.values())[:limit]


def document_index(*, document: Document) -> DocumentIndex:
    return _document_index(document.pk, document.imported_at)


@functools.lru_cache(maxsize=16)
def _document_index(document_id: int, imported_at) -> DocumentIndex:
    clauses = list(
        Clause.objects.filter(document_id=document_id)
        .only(
            "id", "document_id", "stable_id", "number", "printed_number", "parent_id", "order", "depth", "kind",
            "title", "text", "defines_term", "origin",
        )
        .order_by("order")
    )
    references: dict[int, list[Reference]] = {}
    cited_by: dict[int, list[Reference]] = {}
    for ref in Reference.objects.filter(source__document_id=document_id).order_by("source_id", "start"):
        references.setdefault(ref.source_id, []).append(ref)
        if ref.target_id is not None:
            cited_by.setdefault(ref.target_id, []).append(ref)
    term_links: dict[int, list[TermLink]] = {}
    for link in TermLink.objects.filter(clause__document_id=document_id).order_by("clause_id", "start"):
        term_links.setdefault(link.clause_id, []).append(link)
    glossary = list(GlossaryTerm.objects.filter(document_id=document_id).order_by("folded"))
    language = Document.objects.values_list("language", flat=True).get(pk=document_id)
    return DocumentIndex(document_id, clauses, references, cited_by, term_links, glossary, language)


def number_normalise(raw: str) -> str:
    """A clause number as typed or linked: spaces and trailing dots off (`7.3.1.4.` → `7.3.1.4`)."""
    return raw.strip().rstrip(".").strip()


# What a judge types around or inside a clause number that the documents never print (site-walk5): a word before it
# ("art. 9.4.1.1", "regola 7.3", "ws 9.4.1.1"), commas, spaces, hyphens or slashes between its parts ("9,4,1,1",
# "9 4 1 1"), and a letter joined to the last number or parted from it ("2.2.11a", "2.2.11 a" for 2.2.11.a).
_LEADING_WORDS = re.compile(r"^(?:[^\W\d_]{1,8}\.?\s+|§\s*)+(?=\d)")
_SEPARATORS = re.compile(r"\s*[,/\s-]\s*")


def number_spellings(raw: str) -> list[str]:
    """The numbers a jump box's text may mean, the text as typed first: a document opens the first it has."""
    typed = number_normalise(raw)
    bare = number_normalise(_LEADING_WORDS.sub("", typed))
    dotted = _SEPARATORS.sub(".", bare)
    out = [typed, bare, dotted, re.sub(r"(?<=\d)(?=[^\W\d_]$)", ".", dotted),
           re.sub(r"\.(?=[^\W\d_]$)", "", dotted)]
    return list(dict.fromkeys(n for n in out if n))


def number_is_plausible(number: str) -> bool:
    return len(number) <= 40 and bool(_NUMBER_SHAPE.match(number))


def document_resolve(*, slug: str, user) -> tuple[Document | None, Document | None]:
    """(the document `slug`, None) when `user` may read it, or (None, the newest published
    version) when `slug` names a series (`vg-cr-it`), or (None, None)."""
    document = Document.objects.visible_to(user).select_related("game").filter(slug=slug).first()
    if document is not None:
        return document, None
    return None, Document.objects.published().in_series(slug).first()


def document_other_language(*, document: Document) -> Document | None:
    """The newest published document of the same game and kind in another language."""
    return (
        Document.objects.published()
        .filter(game_id=document.game_id, kind=document.kind)
        .exclude(language=document.language)
        .order_by("-date", "-imported_at")
        .first()
    )


def _shape(index: DocumentIndex, number: str) -> frozenset[str]:
    """The numbers of a clause's sub-clauses relative to it (`.1`, `.1.2`…): a
    language-free fingerprint of a section's layout."""
    key = ("shape", number)
    if key not in index.cache:
        clauses = index.by_number.get(number)
        index.cache[key] = frozenset(
            c.number[len(number) :] for c, _ in index.subtree(clauses[0]) if c.number.startswith(number + ".")
        ) if clauses else None
    return index.cache[key]


def _digits(text: str) -> set[str]:
    return set(re.findall(r"\d+(?:\.\d+)*", text))


def clause_counterpart_by_number(
    *, clause: Clause, index: DocumentIndex, other: DocumentIndex
) -> tuple[Clause | None, str]:
    """The clause of `other` (the same rules in another language) that says what
    `clause` says, and how it was found.

    Candidates are the same number and the numbers one step away in any one
    segment (the Italian battle steps are 7.2–7.7, the English 7.3–7.8). Each
    is scored by how alike its ancestors' sub-clause layouts are, level by
    level, plus the numbers written in both texts; the same number wins ties.
    """
    if not clause.number or not NUMERIC_NUMBER.match(clause.number):
        same = other.by_number.get(clause.number) if clause.number else None
        return (same[0], gettext("matched by number")) if same else (None, gettext("no clause with this number there"))
    parts = clause.number.split(".")
    candidates = [clause.number]
    for level in range(len(parts)):
        for step in (-1, 1):
            value = int(parts[level]) + step
            if value >= 0:
                candidates.append(".".join(parts[:level] + [str(value)] + parts[level + 1 :]))
    mine = [_shape(index, ".".join(parts[: k + 1])) for k in range(len(parts))]
    digits = _digits(clause.text)
    best, best_score = None, -1.0
    for number in candidates:
        if number not in other.by_number:
            continue
        theirs_parts = number.split(".")
        score = 0.0
        for k in range(len(parts)):
            a, b = mine[k], _shape(other, ".".join(theirs_parts[: k + 1]))
            if a is None or b is None:
                continue
            score += 1.0 if a == b else len(a & b) / max(1, len(a | b))
        theirs = other.by_number[number][0]
        other_digits = _digits(theirs.text)
        if digits or other_digits:
            score += 0.5 * len(digits & other_digits) / max(1, len(digits | other_digits))
        if number == clause.number:
            score += 0.01
        if score > best_score:
            best, best_score = theirs, score
    if best is None:
        return None, gettext("no clause with this number or a neighbouring one there")
    if best.number == clause.number:
        return best, gettext("matched by number")
    return best, gettext(
        "matched by structure: numbered %(number)s there, chosen because its section has the same "
        "sub-clause layout as this one's"
    ) % {"number": best.number}


_RELATED_MIN_TITLE = 6
# Lazy: the names are kept with the rules' index, the words are read in each page's language.
_RELATED_WHY = {"glossary": gettext_lazy("glossary term"), "heading": gettext_lazy("rules heading")}


def clause_related_rules(*, clause: Clause, rules: DocumentIndex, limit: int = 5) -> list[tuple[Clause, str]]:
    """Comprehensive-rules clauses that govern a Playbook entry: the rules'
    glossary terms and heading titles found in the entry's title and text,
    longest match first. Each comes with the words that matched."""
    from .parsers.base import fold

    names = rules.cache.get("related_names")
    if names is None:
        names = []
        for term in rules.glossary:
            target = rules.by_id.get(term.clause_id)
            if target is not None:
                for form in term.term.split("/"):
                    if len(form.strip()) >= 4:
                        names.append((fold(form.strip()), target, _RELATED_WHY["glossary"]))
        for c in rules.clauses:
            if c.kind in ("section", "heading") and len(c.title) >= _RELATED_MIN_TITLE and c.title[:1].isalpha():
                names.append((fold(c.title.strip().rstrip(".:")), c, _RELATED_WHY["heading"]))
        names.sort(key=lambda n: len(n[0]), reverse=True)
        rules.cache["related_names"] = names
    haystack = fold(f"{clause.title}\n{clause.text}")
    found: list[tuple[Clause, str]] = []
    seen: set[int] = set()
    for name, target, why in names:
        if target.pk in seen or not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", haystack):
            continue
        seen.add(target.pk)
        found.append((target, f"{why} “{name}”"))
        if len(found) == limit:
            break
    return found


# Other features add links to a clause's page (the sandbox: "replay this question", "try it in the
# sandbox") by registering a provider here from their AppConfig.ready(): the reader imports none of them.
# A provider takes (document, clause) and returns [{"url": ..., "label": ...}].
clause_tryout_providers: list = []


def clause_tryouts(*, document, clause) -> list[dict]:
    """The links every registered feature offers for this clause, in registration order."""
    return [link for provider in clause_tryout_providers for link in provider(document, clause)]
