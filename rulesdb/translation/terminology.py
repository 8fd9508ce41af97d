"""Translation QA of aligned English/Italian pairs: the checks of a CAT tool's QA step.

Checks, each finding naming one clause pair:

- `missing`: the English clause uses a glossary term and the Italian clause
  uses none of its accepted translations.
- `forbidden`: the Italian clause uses a variant the glossary forbids, as
  spelled (a stem would take `attivabile` for the accepted `attivata`).
- `inconsistent`: one English term rendered by different accepted
  translations across the Italian text (`deck` as deck here, mazzo there):
  a finding for each pair using a rendering other than the most common one.
- `numbers`: a number in one clause and not in its counterpart
  (5.3.2: 8 in Italian, 16 in English).
- `references`: the two clauses cite clauses that do not correspond
  through the alignment.
- `icons`: ability icons (AUTO, CONT, ACT) or bracketed placeholders
  (`[numero]`) that differ, where both texts print some (a text with none
  had them as pictures the extraction lost).
- `untranslated` / `identical`: Italian text that is still English, or
  both sides word for word the same.

Terms are matched word by word on Snowball stems (Italian and English), so
inflections and derivations count (perdi/perdere, Pescata/pescare,
Schieramento/schierare); a hyphened compound is one word, so `guard` is not
found inside `rear-guard`; articles and prepositions are skipped inside a
Italian phrase (cerchio della/di retroguardia), and a phrase never runs
across punctuation. The longest glossary term wins where terms overlap, and
a sense the glossary tells apart by its `context` phrases is matched only
inside them (`draw (result)` in "ends in a draw" -> pareggio, not `draw` ->
pescare; `guard step` is not `guard`). Pairs the aligner is unsure of
(score below UNCERTAIN_SCORE) are left out: their texts need not say the
same thing. Findings are cached per alignment and glossary: an import
(a new alignment) or a glossary edit computes them again.
"""
from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext

from ..models import AlignedPair, Alignment, BilingualTerm, Clause, Reference
from .alignment import UNCERTAIN_SCORE  # noqa: F401 (UNCERTAIN_SCORE: pairs below it are not compared)
from .written_numbers import clause_text, number_sort_key, numbers_in_words, numbers_written, words_of
from .term_matching import (
    ENGLISH_FUNCTION_WORDS, Tokens, english_terms_used, italian_used, phrase_stems, spelled_as, tokens,
)

def _only_in(italian: list[str], english: list[str], english_first: bool = False) -> str:
    """`Italian has 3; English has 4 — not in the other text.`"""
    parts = []
    if italian:
        parts.append(gettext("Italian has %(items)s") % {"items": ", ".join(italian)})
    if english:
        parts.append(gettext("English has %(items)s") % {"items": ", ".join(english)})
    if english_first:
        parts.reverse()
    return gettext("%(parts)s — not in the other text.") % {"parts": "; ".join(parts)}


CHECKS = ("missing", "forbidden", "inconsistent", "numbers", "references", "icons", "untranslated", "identical")
CHECK_LABELS = {
    "missing": gettext_lazy("Glossary term not rendered"),
    "forbidden": gettext_lazy("Forbidden variant used"),
    "inconsistent": gettext_lazy("Term rendered several ways"),
    "numbers": gettext_lazy("Numbers differ"),
    "references": gettext_lazy("Cross-references differ"),
    "icons": gettext_lazy("Icons or placeholders differ"),
    "untranslated": gettext_lazy("Untranslated text"),
    "identical": gettext_lazy("Identical in both languages"),
}

_ICON = re.compile(r"\b(?:AUTO|CONT|ACT)\b")
# Placeholders a card text template leaves to fill: `[number]`, `【(zone)】`, `(number)` / `(numero)`.
_PLACEHOLDER = re.compile(r"\[[^\]\n]{1,30}\]|【[^】\n]{1,30}】")


@dataclass(frozen=True)
class Finding:
    check: str
    """One of CHECKS."""
    term: str
    """What the finding is about: the glossary term, the number, the reference, the icon."""
    pair_order: int
    english_id: str
    italian_id: str
    english_number: str
    italian_number: str
    detail: str
    """One sentence for the translator."""

    @property
    def key(self) -> str:
        """Stable across recomputations: what a dismissal is stored under."""
        return f"{self.check}|{self.term}|{self.english_id}|{self.italian_id}"

    @property
    def kind(self) -> str:
        return self.check


def _icons(text: str) -> Counter:
    return Counter(m.group(0) for m in _ICON.finditer(text))


def _placeholders(text: str) -> int:
    return len(_PLACEHOLDER.findall(text))



def _glossary_signature(terms: list[BilingualTerm]) -> str:
    digest = hashlib.sha256()
    for t in terms:
        digest.update(repr((t.pk, t.english, t.italian, t.forbidden, t.context, t.forms)).encode())
    return digest.hexdigest()[:16]


def qa_run(*, alignment: Alignment) -> list[Finding]:
    """Every finding of the pair of documents, computed once per alignment and glossary (cached)."""
    left, right = alignment.left, alignment.right
    if {left.language, right.language} != {"en", "it"}:
        return []
    terms = list(BilingualTerm.objects.filter(game_id=left.game_id).order_by("pk"))
    # The findings' details are words for the reader: one cached list per interface language.
    key = (f"translation-qa:v2:{get_language()}:{alignment.pk}:{alignment.computed_at.timestamp()}:"
           f"{_glossary_signature(terms)}")
    found = cache.get(key)
    if found is None:
        found = _compute(alignment, terms)
        cache.set(key, found, timeout=None)
    return found


def _compute(alignment: Alignment, terms: list[BilingualTerm]) -> list[Finding]:
    english_is_left = alignment.left.language == "en"
    pairs = list(
        AlignedPair.objects.filter(alignment=alignment, left_clause__isnull=False, right_clause__isnull=False)
        .select_related("left_clause", "right_clause")
        .order_by("order")
    )
    # Clause id -> its counterpart's id, both ways, for the references check.
    counterpart: dict[int, int] = {}
    labels: dict[int, str] = {}
    for p in pairs:
        counterpart[p.left_clause_id] = p.right_clause_id
        counterpart[p.right_clause_id] = p.left_clause_id
        labels[p.left_clause_id] = p.left_clause.number or p.left_clause.stable_id
        labels[p.right_clause_id] = p.right_clause.number or p.right_clause.stable_id
    document_ids = [alignment.left_id, alignment.right_id]
    # Titles of the sections and headings, for cross-references between headings the alignment paired otherwise.
    headings = {
        cid: title
        for cid, title in Clause.objects.filter(
            document_id__in=document_ids, kind__in=("section", "heading")
        ).exclude(title="").values_list("id", "title")
    }
    cites: dict[int, list[tuple[str, int | None]]] = defaultdict(list)
    for source_id, number, target_id in Reference.objects.filter(source__document_id__in=document_ids).order_by("source_id", "start").values_list(
        "source_id", "target_number", "target_id"
    ):
        cites[source_id].append((number, target_id))

    findings: list[Finding] = []
    renderings: dict[int, list[tuple[str, Finding]]] = defaultdict(list)
    for pair in pairs:
        if pair.score < UNCERTAIN_SCORE:
            continue
        en, it = (pair.left_clause, pair.right_clause) if english_is_left else (pair.right_clause, pair.left_clause)
        en_text, it_text = clause_text(en), clause_text(it)

        def finding(check: str, term: str, detail: str) -> Finding:
            return Finding(check, term, pair.order, en.stable_id, it.stable_id, en.number, it.number, detail)

        en_tokens, it_tokens = tokens(en_text, "en"), tokens(it_text, "it")
        for term in terms:
            for variant in term.forbidden:
                if spelled_as(variant, it_tokens):
                    if term.italian:
                        detail = gettext("Italian uses “%(variant)s”; the glossary says “%(preferred)s”.") % {
                            "variant": variant, "preferred": term.italian[0]}
                    else:
                        detail = gettext("Italian uses “%(variant)s”.") % {"variant": variant}
                    findings.append(finding("forbidden", term.english, detail))
        reported: set[tuple[str, ...]] = set()
        for term in english_terms_used(terms, en_tokens):
            used = [t for t in term.italian if italian_used(term, t, it_tokens)]
            if not used:
                if tuple(term.italian) in reported:
                    continue  # two senses with one translation (call, call in a passive): one finding
                reported.add(tuple(term.italian))
                if not term.italian or any(spelled_as(v, it_tokens) for v in term.forbidden):
                    continue  # reported as forbidden
                findings.append(finding(
                    "missing", term.english,
                    gettext("English uses “%(term)s”; the Italian has none of %(translations)s.") % {
                        "term": term.english, "translations": ", ".join(f"“{t}”" for t in term.italian)},
                ))
            else:
                renderings[term.pk].append((_rendering(term, used[0]), finding("inconsistent", term.english, "")))

        en_numbers, it_numbers = numbers_written(en_text), numbers_written(it_text)
        if en_numbers != it_numbers and en.kind != "section" and it.kind != "section":
            only_en = sorted(en_numbers - it_numbers - numbers_in_words(it_text, "it"), key=number_sort_key)
            only_it = sorted(it_numbers - en_numbers - numbers_in_words(en_text, "en"), key=number_sort_key)
        else:
            only_en = only_it = []
        if only_en or only_it:
            label = ", ".join(only_it + only_en)
            findings.append(finding("numbers", label, _only_in(only_it, only_en)))

        findings.extend(_reference_findings(en, it, cites, counterpart, labels, headings, terms, finding))

        # Ability icons: only where both texts print some; a text with none had them as pictures the extraction lost.
        en_icons, it_icons = _icons(en_text), _icons(it_text)
        if en_icons and it_icons and set(en_icons) != set(it_icons):
            missing = sorted(set(en_icons) - set(it_icons))
            extra = sorted(set(it_icons) - set(en_icons))
            findings.append(finding("icons", ", ".join(missing + extra), _only_in(extra, missing, english_first=True)))
        # Placeholders likewise: only where both texts print some in brackets.
        en_slots, it_slots = _placeholders(en_text), _placeholders(it_text)
        if en_slots and it_slots and en_slots != it_slots:
            findings.append(finding(
                "icons", "placeholders",
                ngettext("English has %(english)d placeholder in brackets, Italian %(italian)d.",
                         "English has %(english)d placeholders in brackets, Italian %(italian)d.", en_slots)
                % {"english": en_slots, "italian": it_slots},
            ))

        en_words, it_words = words_of(en_text), words_of(it_text)
        if len(it_words) >= 2 and en_words == it_words and not _loanword(terms, it_tokens):
            findings.append(finding("identical", " ".join(it_words[:4]), gettext("Both texts are the same words: translated?")))
        elif len(it_words) >= 6 and sum(w in ENGLISH_FUNCTION_WORDS for w in it_words) >= 0.3 * len(it_words):
            findings.append(finding("untranslated", " ".join(it_words[:4]), gettext("The Italian text reads as English.")))

    findings.extend(_inconsistent_findings(terms, renderings))
    order = {check: i for i, check in enumerate(CHECKS)}
    findings.sort(key=lambda f: (order[f.check], f.term.lower(), f.pair_order))
    return findings


def _loanword(terms: list[BilingualTerm], it_tokens: Tokens) -> bool:
    """The whole text is a term the glossary keeps in English in Italian too (Check Timing)."""
    stems = tuple(t.stem for t in it_tokens)
    return any(phrase_stems(t, "it") == stems for term in terms for t in term.italian)


def _rendering(term: BilingualTerm, italian: str) -> str:
    """The rendering a clause uses: the first accepted translation it has, in the glossary's order
    (`riposo` before `mettere a riposo`, so a clause with both counts as riposo)."""
    return italian


def _inconsistent_findings(terms: list[BilingualTerm], renderings: dict[int, list[tuple[str, Finding]]]) -> list[Finding]:
    by_pk = {t.pk: t for t in terms}
    found = []
    for pk, uses in renderings.items():
        counts = Counter(r for r, _ in uses)
        if len(counts) < 2:
            continue
        main, main_count = counts.most_common(1)[0]
        for rendering, f in uses:
            if rendering == main:
                continue
            detail = ngettext(
                "Rendered “%(here)s” here; “%(main)s” in %(count)d other clause (%(all)s).",
                "Rendered “%(here)s” here; “%(main)s” in %(count)d other clauses (%(all)s).", main_count,
            ) % {"here": rendering, "main": main, "count": main_count,
                 "all": ", ".join(f"“{r}” {n}" for r, n in counts.most_common())}
            found.append(Finding("inconsistent", by_pk[pk].english, f.pair_order, f.english_id, f.italian_id,
                                 f.english_number, f.italian_number, detail))
    return found


_RANGE = re.compile(r"\d+(?:\.\d+)+\.?\s+(?:to|a|al|fino a)\s+(\d+(?:\.\d+)+)")


def _range_ends(text: str) -> set[str]:
    return {m.group(1) for m in _RANGE.finditer(text)}


def _reference_findings(en, it, cites, counterpart, labels, headings, terms, finding) -> list[Finding]:
    """Cross-references that do not correspond: the English cites X and the Italian does not cite X's
    counterpart, while the Italian cites Y whose counterpart the English does not cite. Both sides
    must have such a reference: a citation dropped on one side is an omission, and a section named
    in words ("see Rule Actions") is no error. Two cited headings whose titles name the same glossary
    term (Intercept, Intercetto) correspond even where the alignment paired those sections otherwise."""
    en_refs = [(n, t) for n, t in cites.get(en.id, []) if t is not None]
    it_refs = [(n, t) for n, t in cites.get(it.id, []) if t is not None]
    if not en_refs or not it_refs:
        return []
    # A range ("from 7.5.1.2.1 to 7.5.1.2.4", "da 7.4.1.2.1 a 7.4.1.2.4") is compared by where it starts:
    # the clauses inside may be ordered otherwise in the other language.
    en_ends, it_ends = _range_ends(en.text), _range_ends(it.text)
    if en_ends and it_ends:
        en_refs = [(n, t) for n, t in en_refs if n not in en_ends] or en_refs
        it_refs = [(n, t) for n, t in it_refs if n not in it_ends] or it_refs
    en_targets = {t for _, t in en_refs}
    it_targets = {t for _, t in it_refs}

    def same_heading(en_target: int, it_target: int) -> bool:
        a, b = headings.get(en_target), headings.get(it_target)
        if not a or not b:
            return False
        it_title = tokens(b, "it")
        return any(
            any(italian_used(term, t, it_title) for t in term.italian)
            for term in english_terms_used(terms, tokens(a, "en"))
        )

    en_alone = [
        (n, t) for n, t in en_refs
        if counterpart.get(t) is not None and counterpart[t] not in it_targets
        and not any(same_heading(t, i) for i in it_targets)
    ]
    it_alone = [
        (n, t) for n, t in it_refs
        if counterpart.get(t) is not None and counterpart[t] not in en_targets
        and not any(same_heading(e, t) for e in en_targets)
    ]
    if not en_alone or not it_alone:
        return []
    (en_number, en_target), (it_number, it_target) = en_alone[0], it_alone[0]
    return [finding(
        "references", en_number,
        gettext("English cites %(english)s (in Italian %(english_there)s); the Italian cites %(italian)s "
                "(in English %(italian_there)s).") % {
            "english": en_number, "english_there": labels.get(counterpart[en_target], "?"),
            "italian": it_number, "italian_there": labels.get(counterpart[it_target], "?")},
    )]


def terminology_check(*, alignment: Alignment) -> list[Finding]:
    """Kept for the callers of the glossary checks alone: missing and forbidden terms."""
    return [f for f in qa_run(alignment=alignment) if f.check in ("missing", "forbidden")]


def terminology_by_term(issues: list[Finding]) -> dict[str, list[Finding]]:
    grouped: dict[str, list[Finding]] = {}
    for found in issues:
        grouped.setdefault(found.term, []).append(found)
    return dict(sorted(grouped.items(), key=lambda item: (-len(item[1]), item[0].lower())))


def findings_grouped(findings: list[Finding]) -> dict[str, dict[str, list[Finding]]]:
    """check -> term -> findings, the checks in CHECKS order, the terms with most findings first."""
    grouped: dict[str, dict[str, list[Finding]]] = {}
    for check in CHECKS:
        of_check = [f for f in findings if f.check == check]
        if of_check:
            grouped[check] = terminology_by_term(of_check)
    return grouped
