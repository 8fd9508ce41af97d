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
from functools import lru_cache

import snowballstemmer
from django.core.cache import cache
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext

from ..models import AlignedPair, Alignment, BilingualTerm, Clause, Reference
from .alignment import UNCERTAIN_SCORE, fold  # noqa: F401 (UNCERTAIN_SCORE: pairs below it are not compared)

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

_STEMMERS = {"it": snowballstemmer.stemmer("italian"), "en": snowballstemmer.stemmer("english")}
# A word: letters, digits inside (G3 is not a word for us), a hyphened compound kept whole.
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*", re.UNICODE)
# A word broken at a line end by the PDF extraction (`rear- guard`): one word.
_LINE_HYPHEN = re.compile(r"(?<=[^\W\d_])- (?=[^\W\d_])")
# Articles, articulated prepositions and conjunctions: skipped inside a phrase.
_SKIP = {
    "it": set(
        "il lo la i gli le l un uno una di del dello della dei degli delle dell d a al allo alla ai agli alle all "
        "da dal dallo dalla dai dagli dalle dall in nel nello nella nei negli nelle nell con per tra fra e ed o".split()
    ),
    "en": set(),
}
_ENGLISH_FUNCTION = set(
    "the of and to is are you your when this that with from for be if it which any by can cannot will card cards player".split()
)
_NUMBER = re.compile(r"(?<![\w.])[+-]?\d+(?:[.,'’]\d{3})*(?![\w]|\.\d)")
# A clause number (7.3.1), not a thousands separator (200.000).
_REFERENCE_LIKE = re.compile(r"(?<![\d.])(?!\d{1,3}(?:[.,]\d{3})+(?![.\d]))\d+(?:\.\d+)+\.?")
# Formula residue of icons the PDF extraction turned into TeX (`\frac{1}{3}`): not numbers of the rule.
_TEX = re.compile(r"\\\(.*?\\\)|\\\$.*?\\\$|\$.*?\$|\\[a-z]+\{[^}]*\}(?:\{[^}]*\})?")
# A whole section cited by its number ("Section 9", "sezione 2"): a reference, not a number of the rule.
_SECTION = re.compile(r"\b(?:sections?|sezion[ei]|sez\.|paragrafo|punto)\s+\d+\b", re.IGNORECASE)
# Numbers written as words: a number of one text is there when the other has it in digits or in words.
# `a`/`un`/`una` count as one: English "draw a card" is Italian "pesca una carta".
_NUMBER_WORDS = {
    "en": {"a": "1", "an": "1", "one": "1", "no": "0", "zero": "0", "two": "2", "three": "3", "four": "4", "five": "5",
           "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10", "once": "1", "twice": "2", "both": "2",
           "single": "1", "first": "1", "second": "2", "third": "3", "eleven": "11", "twelve": "12", "sixteen": "16",
           "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50"},
    "it": {"un": "1", "uno": "1", "una": "1", "zero": "0", "nessun": "0", "nessuna": "0", "nessuno": "0", "due": "2",
           "tre": "3", "quattro": "4", "cinque": "5", "sei": "6", "sette": "7", "otto": "8", "nove": "9", "dieci": "10",
           "entrambi": "2", "entrambe": "2", "singola": "1", "singolo": "1", "primo": "1", "prima": "1",
           "secondo": "2", "seconda": "2", "terzo": "3", "terza": "3", "undici": "11", "dodici": "12", "sedici": "16",
           "venti": "20", "trenta": "30", "quaranta": "40", "cinquanta": "50"},
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


@dataclass(frozen=True)
class Token:
    stem: str
    start: int
    end: int
    after_break: bool = False
    """Punctuation stands between this word and the one before: a phrase does not run across it."""
    word: str = ""
    """The word as written, lower case."""


@lru_cache(maxsize=65536)
def stem(word: str, language: str) -> str:
    word = fold(word) if language == "en" else word.lower()
    return _STEMMERS[language].stemWord(word)


_BREAK = re.compile(r"[,.;:!?()\[\]\"“”«»…/]")


def tokens(text: str, language: str) -> "Tokens":
    """The words of a text as stems with their offsets. Italian articles and prepositions are left
    out, so `cerchio della retroguardia` and `cerchio di retroguardia` read alike; English keeps every
    word, since English is what a term is looked for in (`activate an ability` is not `activated ability`)."""
    text = _LINE_HYPHEN.sub("-", text.replace("’", "'"))
    skip = _SKIP.get(language, set())
    found = []
    previous_end = 0
    broken = False
    for match in _WORD.finditer(text):
        broken = broken or bool(_BREAK.search(text, previous_end, match.start()))
        previous_end = match.end()
        word = match.group(0).lower()
        if language == "en" and word.endswith("s") and text[match.end() - 2 : match.end()] == "'s":
            word = word[:-2]
        if word in skip:
            continue
        found.append(Token(stem(word, language), match.start(), match.end(), broken, word))
        broken = False
    return Tokens(found)


@lru_cache(maxsize=4096)
def phrase_stems(phrase: str, language: str) -> tuple[str, ...]:
    return tuple(t.stem for t in tokens(phrase, language))


class Tokens(list):
    """A text's tokens with an index stem -> positions, so a term is looked up, not scanned for."""

    def __init__(self, items):
        super().__init__(items)
        self.at: dict[str, list[int]] = defaultdict(list)
        for i, token in enumerate(items):
            self.at[token.stem].append(i)


def _same_word(a: str, b: str) -> bool:
    """Two stems of one word: the Italian stemmer cuts some forms shorter (verifiche -> verif,
    verificare -> verific). A prefix of five letters or more, at most two letters short."""
    if a == b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 5 and len(long) - len(short) <= 2 and long.startswith(short)


def occurrences(stems: tuple[str, ...], text_tokens: Tokens, *, loose: bool = False) -> list[tuple[int, int]]:
    """Spans (token index start, end) where the stems occur in a row, with no punctuation between them.
    `loose`: a stem also matches its near forms (_same_word)."""
    n = len(stems)
    if not n:
        return []
    if not isinstance(text_tokens, Tokens):
        text_tokens = Tokens(text_tokens)
    same = _same_word if loose else str.__eq__
    starts = (
        [i for i, t in enumerate(text_tokens) if same(t.stem, stems[0])] if loose else text_tokens.at.get(stems[0], ())
    )
    return [
        (i, i + n)
        for i in starts
        if i + n <= len(text_tokens)
        and all(same(text_tokens[i + k].stem, stems[k]) and not text_tokens[i + k].after_break for k in range(1, n))
    ]


def term_used(phrase: str, text: str, *, language: str) -> bool:
    return bool(occurrences(phrase_stems(phrase, language), tokens(text, language)))


def english_phrases(term: BilingualTerm) -> list[str]:
    """What the English text must say for this entry: its context phrases when it has some, else the
    term without the sense named in brackets (`draw (result)` -> its contexts, `draw` -> draw)."""
    return _phrases(term.english, tuple(term.context or ()))


@lru_cache(maxsize=4096)
def _phrases(english: str, context: tuple[str, ...]) -> list[str]:
    return list(context) if context else [_SENSE.sub("", english).strip()]


_SENSE = re.compile(r"\s*\([^)]*\)")


@lru_cache(maxsize=4096)
def _english_phrase(phrase: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A phrase's stems and its words as written (lower case)."""
    return phrase_stems(phrase, "en"), tuple(w.lower() for w in _WORD.findall(phrase.replace("’", "'")))


def _english_terms_used(terms: list[BilingualTerm], en_tokens: Tokens) -> list[BilingualTerm]:
    """Terms of the English text, the longest winning where two overlap (`guard step` hides `guard`,
    `ends in a draw` hides `draw`)."""
    spans = []
    present = en_tokens.at if isinstance(en_tokens, Tokens) else Tokens(en_tokens).at
    for term in terms:
        for phrase in english_phrases(term):
            stems, words = _english_phrase(phrase)
            if not stems or stems[0] not in present:
                continue
            for start, end in occurrences(stems, en_tokens):
                # Where two terms have one stem (unit/Unite, attacking/attacked unit), the one
                # spelled as in the text wins: count the words written as in the term (or its plural).
                spelled = sum(
                    2 if en_tokens[i].word == w else int(en_tokens[i].word in (w + "s", w + "es"))
                    for i, w in zip(range(start, end), words)
                )
                spans.append((end - start, -spelled, start, end, term))
    spans.sort(key=lambda s: (-s[0], s[1], s[2]))
    taken: set[int] = set()
    used: dict[int, BilingualTerm] = {}
    for _, _, start, end, term in spans:
        if any(i in taken for i in range(start, end)):
            continue
        taken.update(range(start, end))
        used[term.pk] = term
    return list(used.values())


@lru_cache(maxsize=4096)
def _italian_words(phrase: str) -> tuple[str, ...]:
    return tuple(t.word for t in tokens(phrase, "it"))


def _spelled(variant: str, it_tokens: Tokens) -> bool:
    """A forbidden variant as spelled, word for word: a stem would take `abilità attivabile` (forbidden)
    for `abilità attivata` (accepted), both `attiv`."""
    words = _italian_words(variant)
    n = len(words)
    if not n or words[0] not in {t.word for t in it_tokens}:
        return False
    return bool(n) and any(
        tuple(t.word for t in it_tokens[i : i + n]) == words and not any(t.after_break for t in it_tokens[i + 1 : i + n])
        for i in range(len(it_tokens) - n + 1)
    )


def _italian_used(term: BilingualTerm, translation: str, it_tokens: Tokens) -> bool:
    """The accepted translation, or a form of it the glossary lists (mosso for muovere), is in the text."""
    if occurrences(phrase_stems(translation, "it"), it_tokens, loose=True):
        return True
    forms = term.forms or {}
    return any(
        base == translation and occurrences(phrase_stems(form, "it"), it_tokens, loose=True) for form, base in forms.items()
    )


# The size of a list that follows ("the following 4 types"): the list says it again.
_LIST_COUNT = re.compile(r"\b(?:following|seguenti)\s+\d+\b", re.IGNORECASE)
# An ordinal in a worked example ("1° battaglia").
_ORDINAL = re.compile(r"\d+\s*°")
# A digit glued to a word ("(zone2)"): a number of its own.
_GLUED = re.compile(r"(?<=[^\W\d_])(?=\d)")


def _numbers(text: str) -> set[str]:
    """The numbers a text writes in digits; clause numbers, icon formulas, list sizes and ordinals left out."""
    stripped = _SECTION.sub(" ", _REFERENCE_LIKE.sub(" ", _TEX.sub(" ", text)))
    stripped = _GLUED.sub(" ", _ORDINAL.sub(" ", _LIST_COUNT.sub(" ", stripped)))
    return {re.sub(r"[.,'’]", "", m.group(0)).lstrip("+") for m in _NUMBER.finditer(stripped)}


def _numeric(number: str) -> tuple:
    return (len(number.lstrip("-")), number)


def _number_words(text: str, language: str) -> set[str]:
    words = _NUMBER_WORDS[language]
    return {words[w] for w in _words(text) if w in words}


def _icons(text: str) -> Counter:
    return Counter(m.group(0) for m in _ICON.finditer(text))


def _placeholders(text: str) -> int:
    return len(_PLACEHOLDER.findall(text))


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _text(clause) -> str:
    return "\n".join(part for part in (clause.title, clause.text) if part)


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
        en_text, it_text = _text(en), _text(it)

        def finding(check: str, term: str, detail: str) -> Finding:
            return Finding(check, term, pair.order, en.stable_id, it.stable_id, en.number, it.number, detail)

        en_tokens, it_tokens = tokens(en_text, "en"), tokens(it_text, "it")
        for term in terms:
            for variant in term.forbidden:
                if _spelled(variant, it_tokens):
                    if term.italian:
                        detail = gettext("Italian uses “%(variant)s”; the glossary says “%(preferred)s”.") % {
                            "variant": variant, "preferred": term.italian[0]}
                    else:
                        detail = gettext("Italian uses “%(variant)s”.") % {"variant": variant}
                    findings.append(finding("forbidden", term.english, detail))
        reported: set[tuple[str, ...]] = set()
        for term in _english_terms_used(terms, en_tokens):
            used = [t for t in term.italian if _italian_used(term, t, it_tokens)]
            if not used:
                if tuple(term.italian) in reported:
                    continue  # two senses with one translation (call, call in a passive): one finding
                reported.add(tuple(term.italian))
                if not term.italian or any(_spelled(v, it_tokens) for v in term.forbidden):
                    continue  # reported as forbidden
                findings.append(finding(
                    "missing", term.english,
                    gettext("English uses “%(term)s”; the Italian has none of %(translations)s.") % {
                        "term": term.english, "translations": ", ".join(f"“{t}”" for t in term.italian)},
                ))
            else:
                renderings[term.pk].append((_rendering(term, used[0]), finding("inconsistent", term.english, "")))

        en_numbers, it_numbers = _numbers(en_text), _numbers(it_text)
        if en_numbers != it_numbers and en.kind != "section" and it.kind != "section":
            only_en = sorted(en_numbers - it_numbers - _number_words(it_text, "it"), key=_numeric)
            only_it = sorted(it_numbers - en_numbers - _number_words(en_text, "en"), key=_numeric)
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

        en_words, it_words = _words(en_text), _words(it_text)
        if len(it_words) >= 2 and en_words == it_words and not _loanword(terms, it_tokens):
            findings.append(finding("identical", " ".join(it_words[:4]), gettext("Both texts are the same words: translated?")))
        elif len(it_words) >= 6 and sum(w in _ENGLISH_FUNCTION for w in it_words) >= 0.3 * len(it_words):
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
            any(_italian_used(term, t, it_title) for t in term.italian)
            for term in _english_terms_used(terms, tokens(a, "en"))
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


def numbers_differ(*, here, there, languages: tuple[str, str]) -> str:
    """`8 here, 16 there` when two clauses of an English/Italian pair write different numbers, else "".
    `languages`: (here, there), given by the caller so no document is fetched for it."""
    la, lb = languages
    if {la, lb} != {"en", "it"}:
        return ""
    a, b = _text(here), _text(there)
    only_a = sorted(_numbers(a) - _numbers(b) - _number_words(b, lb), key=_numeric)
    only_b = sorted(_numbers(b) - _numbers(a) - _number_words(a, la), key=_numeric)
    if not only_a and not only_b:
        return ""
    return gettext("%(here)s here, %(there)s there") % {"here": ", ".join(only_a) or gettext("none"),
                                                        "there": ", ".join(only_b) or gettext("none")}
