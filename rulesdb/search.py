"""Full-text search over clauses: the index, its rebuild, and the query.

This is the one module that imports whoosh. Everything else calls
`clause_search(...)`, `index_rebuild()` or `index_status()`.

The index
---------
One whoosh document per clause, analysed per language:

- `title_<lang>`, `text_<lang>`, `context_<lang>` (the titles of the clause's
  ancestors, so a rule under the heading "Intercetto" is found by
  "intercetto"): words, lower-cased, accents folded (`abilita` = `abilità`),
  Snowball-stemmed in the document's language (`it`, `en`). There is no
  stop-word list on purpose: `non`, `not`, `may`, `se`, `if` change a ruling.
- `exact`: title and text, folded but not stemmed, for prefix and
  typo-tolerant (fuzzy) matching.
- `number` (exact clause number) and `prefixes` (`7`, `7.3`, `7.3.1`) so a
  query that is a clause number finds that clause first and a prefix lists
  its subtree.

Where it lives
--------------
Under `settings.SEARCH_INDEX_DIR` (default `settings.VAR_DIR / "search"`).
A rebuild writes a complete index into a fresh directory `ix-<time>-<rand>`,
then atomically replaces the pointer file `CURRENT` (write + `os.replace`)
and deletes the other directories. Readers open whatever `CURRENT` names;
a searcher already open keeps working on the files it holds, and a reader
that loses the race with a deletion re-reads the pointer. A lock file makes
concurrent rebuilds (two processes, an import and a lazy build) take turns.
A missing index is built on the first search.

Queries
-------
A query is parsed leniently (no operator syntax, so nothing a judge types is
a syntax error): `"quoted phrases"` must match, bare words are OR-ed and
ranked with BM25F (title > context > text; exact words > typo-tolerant
ones), adjacent words score again as a phrase, a clause number scores on the
number fields. Words are expanded through the search vocabulary: the
bilingual glossaries (`BilingualTerm`, one per game: English to Italian,
Italian to English, and Italian to its synonyms and the English loanwords the
Italian texts keep, "mazzo" finds "Deck") and the synonyms (`SearchSynonym`:
"tap" finds "rest", "cimitero" finds "zona scarti"). Counts written in
letters find digits and back.

The best hundred by BM25F are reranked: by the share of the query's words a
clause contains, each word weighed by its IDF (question words - "quante",
"cosa", "how many" - and articles or prepositions weigh little), raised to
the fourth power so a clause with all the question's words beats one with its
rarest word many times; adjacent query words side by side; a kind prior (rules
over headings, more so for a question longer than a heading's title; a
heading whose title is the query first); the query's language; a game the
query names ("weiss") or whose own words it uses ("retroguardie", "stock");
and for "how many" questions the clauses that state a number. A bare integer
among words ("level 4") is a count, not a clause number.

Speed
-----
whoosh stores, analyses and scores; it does not combine. Each leaf query (a
term, a phrase, a prefix) is scored once per index from whoosh's postings
with its BM25F and cached (`_IndexData`), and Or/And/AndMaybe are summed in
plain dicts (`_scores`). whoosh's own matchers walk a 50-term union one posting at a time
in Python, which was most of a search's time (p95 18 ms -> 7-9 ms on
benchmarks/search.py, same rankings). Searchers are lent from a pool, so a
server with a thread per request does not reopen the index per request.
"""
from __future__ import annotations

import contextlib
import fcntl
import functools
import heapq
import html
import math
import os
import re
import shutil
import threading
import time
import unicodedata
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from django.conf import settings
from django.db import transaction
from whoosh import index as whoosh_index
from whoosh import scoring
from whoosh.analysis import CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.query import And, AndMaybe, Or, Phrase, Prefix, Query, Term
from whoosh.support.charset import accent_map

MAX_QUERY_CHARS = 200
"""Longer queries are refused (HTTP 400): nobody types 200 characters into a rules search."""
MAX_PAGE_SIZE = 50
LANGUAGES = ("it", "en")
"""Languages with their own stemmed fields; other languages are searchable through `exact` only."""

_POINTER = "CURRENT"
_DIR_PREFIX = "ix-"

# Field weights (query-time boosts, BM25F per field).
_W_TITLE = 2.0
_W_TITLE_QUESTION = 1.5
_W_CONTEXT = 0.6
_W_TEXT = 1.0
_W_FUZZY = 0.35
_W_PREFIX = 0.25
_W_GLOSSARY = 0.8  # a glossary translation of a term in the query
_W_SYNONYM = 0.6  # another word for a term in the query (SearchSynonym: "tap" for "rest")
_W_CROSS = 0.25  # the original words of a translated term, in the other language's fields
_W_NUMBER = 40.0
_COMMON_WORD = 0.08  # share of clauses above which a word does not match, only counts at rerank

# ---------------------------------------------------------------------------
# Analysis

_WORD_PATTERN = r"\w+"
_WORD_RE = re.compile(_WORD_PATTERN)
_NUMBER_RE = re.compile(r"^(?:[a-z]{0,2}\d+[a-z]?(?:\.[0-9a-z]+)*)\.?$", re.IGNORECASE)
_NUMBER_WORDS = {"§", "sezione", "section", "regola", "rule", "sec", "art", "articolo", "clause", "paragrafo"}
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _analyzer(lang: str | None = None):
    chain = RegexTokenizer(_WORD_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)
    if lang:
        chain = chain | StemFilter(lang=lang, cachesize=100_000)
    return chain


_ANALYZERS = {lang: _analyzer(lang) for lang in LANGUAGES}
_EXACT = _analyzer()


@functools.lru_cache(maxsize=200_000)
def fold(text: str) -> str:
    """Lower case, no accents (the `exact` field's form of a word)."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


@functools.lru_cache(maxsize=200_000)
def _stem(word: str, lang: str) -> str:
    terms = _terms(word, lang)
    return terms[0] if terms else ""


def _terms(text: str, lang: str | None) -> list[str]:
    analyzer = _ANALYZERS[lang] if lang else _EXACT
    return [token.text for token in analyzer(text)]


def _schema() -> Schema:
    fields = dict(
        key=ID(unique=True),
        document=ID(stored=True, sortable=True),
        game=ID(stored=True),
        language=ID(stored=True),
        kind=ID(stored=True, sortable=True),
        stable_id=STORED,
        number=KEYWORD(stored=True, lowercase=True),
        prefixes=KEYWORD(lowercase=True, scorable=False),
        order=STORED,
        doc_rank=STORED,
        title_raw=STORED,
        stems=STORED,
        sequence=STORED,
        text_raw=STORED,
        exact=TEXT(analyzer=_EXACT, phrase=True),
    )
    for lang in LANGUAGES:
        analyzer = _ANALYZERS[lang]
        fields[f"title_{lang}"] = TEXT(analyzer=analyzer, field_boost=1.0)
        fields[f"text_{lang}"] = TEXT(analyzer=analyzer)
        fields[f"context_{lang}"] = TEXT(analyzer=analyzer, phrase=False)
    return Schema(**fields)


SCHEMA = _schema()

# ---------------------------------------------------------------------------
# Where the index lives, building and swapping it


def index_root() -> Path:
    root = getattr(settings, "SEARCH_INDEX_DIR", None)
    return Path(root) if root else Path(settings.VAR_DIR) / "search"


def _current_name(root: Path) -> str | None:
    try:
        name = (root / _POINTER).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    return name or None


@contextlib.contextmanager
def _build_lock(root: Path) -> Iterator[None]:
    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@dataclass
class IndexInfo:
    path: Path
    clauses: int
    seconds: float


def _index_rows() -> list[dict]:
    """One dict per clause of every published document, with its ancestors' titles."""
    from .models import Clause, Document

    documents = list(Document.objects.published().select_related("game").order_by("game__name", "kind", "slug"))
    rows = []
    for rank, document in enumerate(documents):
        clauses = list(
            Clause.objects.filter(document=document)
            .order_by("order")
            .values("id", "parent_id", "stable_id", "number", "kind", "title", "text", "order")
        )
        by_id = {c["id"]: c for c in clauses}
        for clause in clauses:
            context = []
            parent = by_id.get(clause["parent_id"])
            while parent is not None and len(context) < 6:
                if parent["title"]:
                    context.append(parent["title"])
                parent = by_id.get(parent["parent_id"])
            rows.append(
                dict(
                    document=document.slug,
                    game=document.game.slug,
                    language=document.language,
                    doc_rank=rank,
                    context=" ".join(context),
                    **{k: clause[k] for k in ("stable_id", "number", "kind", "title", "text", "order")},
                )
            )
    return rows


def _number_prefixes(number: str) -> str:
    parts = number.lower().split(".")
    return " ".join(".".join(parts[: i + 1]) for i in range(len(parts)))


def _index_document(row: dict) -> dict:
    lang = row["language"] if row["language"] in LANGUAGES else None
    doc = dict(
        key=f"{row['document']}|{row['stable_id']}",
        document=row["document"],
        game=row["game"],
        language=row["language"],
        kind=row["kind"],
        stable_id=row["stable_id"],
        number=row["number"] or "",
        order=row["order"],
        doc_rank=row["doc_rank"],
        title_raw=row["title"],
        text_raw=row["text"],
        exact=f"{row['title']}\n{row['text']}",
    )
    if row["number"]:
        doc["prefixes"] = _number_prefixes(row["number"])
    words = f"{row['title']} {row['text']} {row['context']}"
    forms = set(_terms(words, None))
    if lang:
        forms |= set(_terms(words, lang))
    doc["stems"] = " ".join(sorted(forms))
    # The title and text as a sequence of stems, for the adjacent-words bonus at rerank time.
    doc["sequence"] = " " + " ".join(_terms(f"{row['title']}\n{row['text']}", lang)) + " "
    if lang:
        doc[f"title_{lang}"] = row["title"]
        doc[f"text_{lang}"] = row["text"]
        doc[f"context_{lang}"] = row["context"]
    return {k: v for k, v in doc.items() if v not in ("", None)}


def index_rebuild(*, rows: list[dict] | None = None) -> IndexInfo:
    """Build the whole index into a fresh directory, then swap it in atomically.

    `rows` (from `_index_rows()`) lets a caller read the database elsewhere.
    """
    started = time.perf_counter()
    root = index_root()
    if rows is None:
        rows = _index_rows()
    with _build_lock(root):
        name = f"{_DIR_PREFIX}{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}"
        path = root / name
        path.mkdir()
        try:
            ix = whoosh_index.create_in(str(path), SCHEMA)
            writer = ix.writer(limitmb=256)
            for row in rows:
                writer.add_document(**_index_document(row))
            writer.commit(optimize=True)
            pointer = root / f".{_POINTER}.{uuid.uuid4().hex}"
            pointer.write_text(name, encoding="utf-8")
            os.replace(pointer, root / _POINTER)
        except BaseException:
            shutil.rmtree(path, ignore_errors=True)
            raise
        for child in root.iterdir():
            if child.is_dir() and child.name.startswith(_DIR_PREFIX) and child.name != name:
                shutil.rmtree(child, ignore_errors=True)
    return IndexInfo(path=path, clauses=len(rows), seconds=time.perf_counter() - started)


def index_exists() -> bool:
    root = index_root()
    name = _current_name(root)
    return bool(name) and (root / name).is_dir()


def index_refresh_after_import(document) -> None:
    """`services.post_import_hooks` entry: rebuild once the import is committed.

    When there is no index yet nothing is built now: the first search builds
    it from everything imported by then.
    """
    transaction.on_commit(lambda: index_rebuild() if index_exists() else None)


_POOL_SIZE = 8
_pool: dict[tuple[str, str], list] = {}
"""Idle searchers by index: a request borrows one, so a server that starts a thread per request
(runserver) does not open the index per request. A whoosh searcher is used by one thread at a time."""
_pool_lock = threading.Lock()


def _searcher_open():
    """A searcher on the current index (opened or borrowed; building the index when missing)."""
    root = index_root()
    for attempt in range(5):
        name = _current_name(root)
        if name is None or not (root / name).is_dir():
            if name is None or attempt > 0:
                index_rebuild()
            continue
        key = (str(root), name)
        stale = []
        with _pool_lock:
            for other in [k for k in _pool if k != key]:
                stale += _pool.pop(other)  # a rebuild replaced that index
            idle = _pool.get(key)
            searcher = idle.pop() if idle else None
        for old in stale:
            with contextlib.suppress(Exception):
                old.close()
        if searcher is not None:
            return searcher
        try:
            searcher = whoosh_index.open_dir(str(root / name)).searcher(weighting=_WEIGHTING)
        except (OSError, whoosh_index.EmptyIndexError):
            time.sleep(0.01)  # a rebuild deleted it between reading the pointer and opening
            continue
        searcher.index_key = key
        return searcher
    raise SearchUnavailable("the search index could not be opened; try again in a moment")


@contextlib.contextmanager
def _searcher() -> Iterator:
    """Borrow a searcher on the current index for the length of one search."""
    searcher = _searcher_open()
    try:
        yield searcher
    finally:
        with _pool_lock:
            idle = _pool.setdefault(searcher.index_key, []) if _is_current(searcher.index_key) else None
            keep = idle is not None and len(idle) < _POOL_SIZE
            if keep:
                idle.append(searcher)
        if not keep:
            with contextlib.suppress(Exception):
                searcher.close()


def _is_current(key: tuple[str, str]) -> bool:
    return _current_name(Path(key[0])) == key[1]


class _IndexData:
    """What every search on one index reads again and again, loaded once per index.

    - every clause's stored fields, by whoosh document number (ranking, snippets, facets);
    - each field's length in every clause and its average (BM25F);
    - the scores of each leaf query (a term, a phrase, a prefix) in every clause
      it matches, computed the first time a query needs it.

    Queries are combined here (`_scores`), not by whoosh's matchers: whoosh walks the postings
    of a 50-term query in pure Python once per document, which cost most of a search's time.
    The scores are whoosh's own: a term's BM25F is the same formula on the same statistics,
    and phrases and prefixes are scored by whoosh's matchers, then cached.
    The index never changes after it is built (a rebuild makes a new one), so nothing
    cached here goes stale; it is dropped with the index.
    """

    LEAF_CACHE_POSTINGS = 1_000_000
    """Cached scores kept at most (about 100 MB); past it the cache starts again."""

    def __init__(self, reader):
        self.stored: list[dict] = [{}] * reader.doc_count_all()
        for docnum, fields in reader.iter_docs():
            self.stored[docnum] = fields
        self.doc_count = reader.doc_count_all()
        self.lengths: dict[str, list[int]] = {}
        self.average_length: dict[str, float] = {}
        self.leaves: dict[tuple, dict[int, float]] = {}
        self.leaves_postings = 0
        self.lock = threading.Lock()

    def field_lengths(self, searcher, fieldname: str) -> list[int]:
        lengths = self.lengths.get(fieldname)
        if lengths is None:
            reader = searcher.reader()
            lengths = [reader.doc_field_length(n, fieldname, 1) for n in range(self.doc_count)]
            self.lengths[fieldname] = lengths
            self.average_length[fieldname] = searcher.avg_field_length(fieldname) or 1
        return lengths

    def leaf_scores(self, searcher, query: Query) -> dict[int, float]:
        """document number -> score of `query` with boost 1, for a leaf (term, phrase, prefix)."""
        key = _leaf_key(query)
        scores = self.leaves.get(key)
        if scores is None:
            if isinstance(query, Term) and searcher.schema[query.fieldname].scorable:
                scores = self._term_scores(searcher, query.fieldname, query.text)
            else:
                scores = _whoosh_leaf_scores(searcher, query)
            with self.lock:
                if self.leaves_postings + len(scores) > self.LEAF_CACHE_POSTINGS:
                    self.leaves.clear()
                    self.leaves_postings = 0
                self.leaves[key] = scores
                self.leaves_postings += len(scores)
        return scores

    def _term_scores(self, searcher, fieldname: str, text: str) -> dict[int, float]:
        """BM25F of one term in every clause that has it (whoosh's `BM25FScorer`, inlined)."""
        reader = searcher.reader()
        if (fieldname, text) not in reader:
            return {}
        lengths = self.field_lengths(searcher, fieldname)
        average = self.average_length[fieldname]
        idf = searcher.idf(fieldname, text)
        b = _WEIGHTING._field_B.get(fieldname, _WEIGHTING.B)
        k1 = _WEIGHTING.K1
        postings = reader.postings(fieldname, text)
        scores: dict[int, float] = {}
        while postings.is_active():
            docnum = postings.id()
            tf = postings.weight()
            scores[docnum] = idf * ((tf * (k1 + 1)) / (tf + k1 * ((1 - b) + b * lengths[docnum] / average)))
            postings.next()
        return scores


def _leaf_key(query: Query) -> tuple:
    if isinstance(query, Phrase):
        return ("phrase", query.fieldname, tuple(query.words), query.slop)
    if isinstance(query, Prefix):
        return ("prefix", query.fieldname, query.text)
    if isinstance(query, Term):
        return ("term", query.fieldname, query.text)
    raise TypeError(f"not a leaf query: {query!r}")


def _whoosh_leaf_scores(searcher, query: Query) -> dict[int, float]:
    unboosted = query.copy()
    unboosted.boost = 1.0
    matcher = unboosted.matcher(searcher, searcher.context())
    scores: dict[int, float] = {}
    while matcher.is_active():
        scores[matcher.id()] = matcher.score()
        matcher.next()
    return scores


def _scores(searcher, data: _IndexData, query: Query) -> dict[int, float]:
    """document number -> score of `query`, combined as whoosh combines them: Or and And add
    their parts' scores (And only where all match), AndMaybe adds the optional part's where the
    required part matches; a boost multiplies."""
    if isinstance(query, Or):
        total: dict[int, float] = {}
        for part in query.subqueries:
            for docnum, score in _scores(searcher, data, part).items():
                total[docnum] = total.get(docnum, 0.0) + score
    elif isinstance(query, And):
        parts = [_scores(searcher, data, part) for part in query.subqueries]
        parts.sort(key=len)
        total = {}
        for docnum, score in parts[0].items():
            if all(docnum in other for other in parts[1:]):
                total[docnum] = score + sum(other[docnum] for other in parts[1:])
    elif isinstance(query, AndMaybe):
        required = _scores(searcher, data, query.a)
        optional = _scores(searcher, data, query.b)
        total = {docnum: score + optional.get(docnum, 0.0) for docnum, score in required.items()}
    else:
        total = data.leaf_scores(searcher, query)
    if query.boost != 1.0:
        total = {docnum: score * query.boost for docnum, score in total.items()}
    return total


_index_data: dict[object, _IndexData] = {}
_index_data_lock = threading.Lock()


def search_caches_clear(*, scores_only: bool = False) -> None:
    """Forget what was read from the index: everything, or only the cached term scores
    (benchmarks measure queries that meet every term for the first time with this)."""
    with _index_data_lock:
        if scores_only:
            for data in _index_data.values():
                with data.lock:
                    data.leaves.clear()
                    data.leaves_postings = 0
        else:
            _index_data.clear()


def _data(searcher) -> _IndexData:
    key = searcher.index_key  # set by _searcher_open
    data = _index_data.get(key)
    if data is None:
        with _index_data_lock:
            data = _index_data.get(key)
            if data is None:
                data = _IndexData(searcher.reader())
                if len(_index_data) > 2:
                    _index_data.clear()  # indexes replaced by rebuilds
                _index_data[key] = data
    return data


_WEIGHTING = scoring.BM25F(B=0.75, K1=1.2, title_it_B=0.3, title_en_B=0.3)

# ---------------------------------------------------------------------------
# The bilingual glossary, for query expansion


@dataclass(frozen=True)
class _GlossaryEntry:
    game: str
    source: tuple[str, ...]
    """Stemmed words of the term as it may appear in a query."""
    source_lang: str
    target_lang: str
    targets: tuple[str, ...]
    label: str
    synonym: bool = False
    """From SearchSynonym (other words for the same thing, one language), not the glossary."""

    @property
    def group(self) -> tuple:
        return (self.game, self.source, self.source_lang, self.target_lang, self.synonym)


_glossary_cache: dict = {"at": 0.0, "entries": []}
_GLOSSARY_TTL = 30.0


def glossary_cache_clear() -> None:
    _glossary_cache["at"] = 0.0
    _glossary_cache.pop("games", None)


def _glossary_entries() -> list[_GlossaryEntry]:
    now = time.monotonic()
    if now - _glossary_cache["at"] < _GLOSSARY_TTL:
        return _glossary_cache["entries"]
    from .models import BilingualTerm, SearchSynonym

    entries = []
    for term in BilingualTerm.objects.select_related("game"):
        italian = [t for t in term.italian if t.strip()]
        forbidden = [t for t in term.forbidden if t.strip()]
        english_key = tuple(_terms(term.english, "en"))
        if not english_key or not italian:
            continue
        targets = tuple(t for t in italian + forbidden if tuple(_terms(t, "it")) != tuple(_terms(term.english, "it")))
        # Also when there is nothing to add ("unit" / "unità" stem alike): the term still claims
        # the words typed as it, against a term that stems the same ("unite").
        entries.append(_GlossaryEntry(term.game.slug, english_key, "en", "it", targets, term.english))
        for variant in italian + forbidden:
            italian_key = tuple(_terms(variant, "it"))
            if italian_key and italian_key != tuple(_terms(term.english, "it")):
                entries.append(_GlossaryEntry(term.game.slug, italian_key, "it", "en", (term.english,), variant))
            # Italian synonyms: "mazzo" also finds "deck" in the Italian texts, which use both
            # (and keep many English game terms as loanwords).
            synonyms = tuple(
                t for t in dict.fromkeys([*italian, *forbidden, term.english]) if italian_key and tuple(_terms(t, "it")) != italian_key
            )
            if italian_key and synonyms:
                entries.append(_GlossaryEntry(term.game.slug, italian_key, "it", "it", synonyms, variant))
    for group in SearchSynonym.objects.all():
        terms = [t for t in group.terms if isinstance(t, str) and t.strip()] if isinstance(group.terms, list) else []
        for term in terms:
            key = tuple(_terms(term, group.language))
            others = tuple(t for t in terms if tuple(_terms(t, group.language)) != key)
            if key and others:
                entries.append(_GlossaryEntry("", key, group.language, group.language, others, term, synonym=True))
    # Longest terms first, so "drive check" wins over "drive".
    entries.sort(key=lambda e: -len(e.source))
    groups: dict[tuple, list[_GlossaryEntry]] = {}
    for entry in entries:
        groups.setdefault(entry.group, []).append(entry)
    _glossary_cache.update(at=now, entries=entries, groups=groups)
    return entries


def _edit_distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (ca != cb))
    return row[-1]


def _closest_entry(entry: _GlossaryEntry, typed: list[str]) -> _GlossaryEntry:
    """Of the terms that stem alike ("unit", "unite"), the one closest to what was typed
    ("units" is "unit"; ties go to the shorter, base word)."""
    rivals = _glossary_cache.get("groups", {}).get(entry.group, [entry])
    if len(rivals) == 1:
        return entry
    text = " ".join(fold(w) for w in typed)
    return min(rivals, key=lambda e: (_edit_distance(text, fold(e.label)), len(e.label)))


_GENERIC_NAME_WORDS = {"tcg", "ccg", "card", "game", "the", "gioco", "di", "carte"}


def _game_words() -> dict[str, str]:
    """Words that name a game in a query ("weiss", "ws", "altered") -> the game's slug."""
    now = time.monotonic()
    cached = _glossary_cache.get("games")
    if cached is not None and now - cached[0] < _GLOSSARY_TTL and _glossary_cache["at"]:
        return cached[1]
    from .models import Game

    words: dict[str, str] = {}
    for slug, name in Game.objects.values_list("slug", "name"):
        parts = [p for p in re.split(r"[-_]", slug) if p]
        found = [fold(w) for w in _WORD_RE.findall(f"{slug.replace('-', ' ')} {name}")]
        if len(parts) > 1:
            found.append("".join(p[0] for p in parts))  # weiss-schwarz -> ws
        for word in found:
            if len(word) >= 2 and word not in _GENERIC_NAME_WORDS:
                words.setdefault(word, slug)
    _glossary_cache["games"] = (now, words)
    return words


@dataclass
class _Expansion:
    entry: _GlossaryEntry
    start: int
    end: int


def _glossary_expand(words: list[str], *, source_langs: Iterable[str] = LANGUAGES) -> list[_Expansion]:
    """Glossary terms found in the query words (longest match, no overlaps per language)."""
    stems = {lang: [_stem(w, lang) for w in words] for lang in LANGUAGES}
    found: list[_Expansion] = []
    taken: dict[tuple[str, str, bool], dict[int, tuple]] = {}
    """Per expansion direction: query word position -> (start, term) of the expansion that took it."""
    present = {(lang, stem) for lang, sequence in stems.items() for stem in sequence}
    for entry in _glossary_entries():
        if entry.source_lang not in source_langs or (entry.source_lang, entry.source[0]) not in present:
            continue
        n = len(entry.source)
        sequence = stems[entry.source_lang]
        spent = taken.setdefault((entry.source_lang, entry.target_lang, entry.synonym), {})
        for start in range(len(words) - n + 1):
            span = range(start, start + n)
            if tuple(sequence[start : start + n]) != entry.source:
                continue
            # A longer term took these words: skip. The same term in another game's glossary
            # ("zone" is "zona" in Vanguard, "area" in Weiss Schwarz) adds its translations.
            if any(i in spent and spent[i] != (start, entry.source) for i in span):
                continue
            chosen = _closest_entry(entry, words[start : start + n])
            if chosen.targets:
                found.append(_Expansion(chosen, start, start + n))
            spent.update(dict.fromkeys(span, (start, entry.source)))
    return found


# ---------------------------------------------------------------------------
# Queries


class SearchQueryError(ValueError):
    """The query or a filter cannot be searched; the message says why (HTTP 400)."""


class SearchUnavailable(RuntimeError):
    pass


@dataclass
class SearchHit:
    document: str
    language: str
    kind: str
    stable_id: str
    number: str
    title: str
    snippet: str
    """Safe HTML: the clause text escaped, query words wrapped in <mark>."""
    score: float
    game: str = ""

    @property
    def url(self) -> str:
        return f"/rules/{self.document}/{self.number or self.stable_id}/"


@dataclass
class SearchResults:
    query: str
    count: int = 0
    hits: list[SearchHit] = field(default_factory=list)
    expanded_terms: list[str] = field(default_factory=list)
    expansions: list[tuple[str, str]] = field(default_factory=list)
    """(term in the query, term searched) pairs, for display."""
    facets: dict[str, dict[str, int]] = field(default_factory=dict)
    page: int = 1
    page_size: int = 10
    number_match: SearchHit | None = None
    """The one clause whose number is the whole query, when there is exactly one in scope."""
    notice: str = ""

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.count / self.page_size))


@dataclass
class _Parsed:
    words: list[str]
    phrases: list[list[str]]
    """Quoted runs of words: must match as written (stemmed, in order)."""
    numbers: list[str]
    whole_number: str | None


def query_clean(text: str) -> str:
    """Control characters out, whitespace collapsed; refuses what is too long to be a question."""
    text = _CONTROL_RE.sub(" ", text or "")
    text = " ".join(text.split())
    if len(text) > MAX_QUERY_CHARS:
        raise SearchQueryError(
            f"the query is {len(text)} characters long; the limit is {MAX_QUERY_CHARS}. Search for a few words."
        )
    return text


def _parse(text: str) -> _Parsed:
    phrases: list[list[str]] = []
    rest = []
    parts = text.split('"')
    # Even parts are outside quotes; an unbalanced final quote leaves its text as plain words.
    for i, part in enumerate(parts):
        inside = i % 2 == 1 and i < len(parts) - 1
        if inside:
            tokens = _WORD_RE.findall(part)
            if tokens:
                phrases.append(tokens)
        else:
            rest.append(part)
    words: list[str] = []
    numbers: list[str] = []
    counts: list[str] = []
    previous = ""
    for chunk in " ".join(rest).split():
        chunk = chunk.strip("()[]{},;:!?'\u2018\u2019\u201c\u201d")
        if not chunk:
            continue
        if re.search(r"\d", chunk) and _NUMBER_RE.match(chunk):
            number = chunk.rstrip(".").lower()
            if number.isdigit() and fold(previous) not in _NUMBER_WORDS:
                counts.append(number)  # "4" among words is a quantity, or a clause number: both
            numbers.append(number)
            previous = chunk
            continue
        words.extend(_WORD_RE.findall(chunk))
        previous = chunk
    # Operators are words here, except a lone AND/OR/NOT, which judges never mean as a term.
    operators = {"AND", "OR", "NOT"}
    if any(w not in operators for w in words) or numbers or phrases:
        words = [w for w in words if w not in operators]
    whole = None
    bare = [w for w in words if fold(w) not in _NUMBER_WORDS]
    if len(numbers) == 1 and not bare and not phrases:
        whole = numbers[0]
    if bare and counts:
        # "level 4 lose", "6 danni": a bare integer next to other words is a count, not a
        # clause reference (which is written "4.1", "sezione 4", or alone): a word.
        numbers = [n for n in numbers if n not in counts]
        words += counts
    return _Parsed(words=words, phrases=phrases, numbers=numbers, whole_number=whole)


_NUMBER_NAMES = {
    n: names.split()
    for n, names in enumerate(
        [
            "zero",
            "",
            "due two",
            "tre three",
            "quattro four",
            "cinque five",
            "sei six",
            "sette seven",
            "otto eight",
            "nove nine",
            "dieci ten",
            "undici eleven",
            "dodici twelve",
            "tredici thirteen",
            "quattordici fourteen",
            "quindici fifteen",
            "sedici sixteen",
        ]
    )
}
_NUMBER_NAMES[20] = ["venti", "twenty"]
_NUMBER_NAMES[50] = ["cinquanta", "fifty"]
_NUMBER_SPELLINGS: dict[str, set[str]] = {}
for _n, _names in _NUMBER_NAMES.items():
    for _name in _names:
        _NUMBER_SPELLINGS.setdefault(_name, set()).add(str(_n))
        _NUMBER_SPELLINGS.setdefault(str(_n), set()).add(_name)
"""A count written in letters also finds it in digits and back ("sei carte" = "6 carte",
"costo tre" = "(3)"). Not "one"/"uno"/"una": they are articles and pronouns far more often."""


def _word_query(
    word: str, reader, cross_weight: dict[str, float], language: str | None, title_weight: float
) -> tuple[Query | None, set[str]]:
    """Every way one query word can match, and the exact-field words it stands for (for highlighting)."""
    subqueries: list[Query] = []
    for spelling in sorted(_NUMBER_SPELLINGS.get(fold(word), ())):
        subqueries.append(Term("exact", spelling, boost=_W_TEXT * _W_GLOSSARY))
    for lang in LANGUAGES:
        stem = _stem(word, lang)
        if not stem:
            continue
        if language and lang != language and reader.doc_frequency(f"text_{language}", _stem(word, language)):
            continue  # the query's own language knows the word: don't also score it as the other language
        w = cross_weight.get(lang, 1.0)
        subqueries += [
            Term(f"title_{lang}", stem, boost=title_weight * w),
            Term(f"text_{lang}", stem, boost=_W_TEXT * w),
            Term(f"context_{lang}", stem, boost=_W_CONTEXT * w),
        ]
    folded = fold(word)
    variants = {folded} | _NUMBER_SPELLINGS.get(folded, set())
    # A word the index knows is taken as typed; an unknown one may be misspelt or cut short.
    if not reader.doc_frequency("exact", folded):
        if len(folded) >= 5:
            maxdist = 1 if len(folded) < 8 else 2
            # The words of the index within `maxdist` edits that share the first two letters.
            near = sorted(reader.terms_within("exact", folded, maxdist, prefix=2))
            variants.update(near)
            if near:
                subqueries.append(Or([Term("exact", t) for t in near], boost=_W_FUZZY))
        if len(folded) >= 4:
            subqueries.append(Prefix("exact", folded, boost=_W_PREFIX))
    return (Or(subqueries) if subqueries else None), variants


def _phrase_query(tokens: list[str], boost: float = 1.0, slop: int = 1, languages: Iterable[str] = LANGUAGES) -> Query:
    alternatives: list[Query] = []
    for lang in languages:
        stems = _terms(" ".join(tokens), lang)
        if len(stems) > 1:
            alternatives.append(Phrase(f"title_{lang}", stems, slop=slop, boost=_W_TITLE * boost))
            alternatives.append(Phrase(f"text_{lang}", stems, slop=slop, boost=_W_TEXT * boost))
        elif stems:  # a quoted single word: that word, without typo tolerance
            alternatives.append(Term(f"title_{lang}", stems[0], boost=_W_TITLE * boost))
            alternatives.append(Term(f"text_{lang}", stems[0], boost=_W_TEXT * boost))
    return Or(alternatives)


def _scope_filter(*, document: str, game: str, language: str, kind: str) -> Query | None:
    terms = [
        Term(name, value)
        for name, value in (("document", document), ("game", game), ("language", language), ("kind", kind))
        if value
    ]
    if not terms:
        return None
    return terms[0] if len(terms) == 1 else And(terms)


def scope_check(*, document: str = "", game: str = "", language: str = "", kind: str = "") -> None:
    """Unknown filter values are a 400, not an empty page."""
    from .models import Clause, Document

    if document and not Document.objects.published().filter(slug=document).exists():
        known = ", ".join(Document.objects.published().order_by("slug").values_list("slug", flat=True))
        raise SearchQueryError(f"no document {document!r}; known: {known or 'none'}")
    if game and not Document.objects.published().filter(game__slug=game).exists():
        raise SearchQueryError(f"no game {game!r} has documents loaded")
    if language and not Document.objects.published().filter(language=language).exists():
        raise SearchQueryError(f"no document in language {language!r}")
    kinds = {k for k, _ in Clause.KIND_CHOICES}
    if kind and kind not in kinds:
        raise SearchQueryError(f"unknown kind {kind!r}; known: {', '.join(sorted(kinds))}")


def clause_search(
    *,
    query: str,
    document: str = "",
    game: str = "",
    language: str = "",
    kind: str = "",
    page: int = 1,
    page_size: int = 10,
) -> SearchResults:
    """Search clauses; raises SearchQueryError for a query or filter that cannot be searched."""
    text = query_clean(query)
    scope_check(document=document, game=game, language=language, kind=kind)
    page = max(1, int(page))
    page_size = min(max(1, int(page_size)), MAX_PAGE_SIZE)
    results = SearchResults(query=text, page=page, page_size=page_size)
    if not text:
        return results
    with _searcher() as searcher:
        if searcher.doc_count() == 0:
            results.notice = "No documents are loaded yet, so there is nothing to search."
            return results
        scope = _scope_filter(document=document, game=game, language=language, kind=kind)
        parsed = _parse(text)
        if parsed.whole_number:
            if _number_search(searcher, parsed.whole_number, scope, results):
                return results
        scope_values = {k: v for k, v in dict(document=document, game=game, language=language, kind=kind).items() if v}
        _text_search(searcher, parsed, scope_values, results)
    return results


def _hit(fields: dict, score: float, snippet: str) -> SearchHit:
    return SearchHit(
        document=fields["document"],
        language=fields.get("language", ""),
        kind=fields.get("kind", ""),
        stable_id=fields["stable_id"],
        number=fields.get("number", ""),
        title=fields.get("title_raw", ""),
        snippet=snippet,
        score=round(float(score), 3),
        game=fields.get("game", ""),
    )


def _number_search(searcher, number: str, scope: Query | None, results: SearchResults) -> bool:
    """The clause(s) numbered `number` first, then their subtree in document order."""
    stored = _data(searcher).stored
    matches = searcher.search(Term("prefixes", number), limit=None, filter=scope, scored=False)
    found = [(hit.docnum, stored[hit.docnum]) for hit in matches]
    if not found:
        return False
    found.sort(key=lambda item: (_lower(item[1]) != number, item[1]["doc_rank"], item[1]["order"]))
    exact = [f for _, f in found if _lower(f) == number]
    _facets_fill(results, [f for _, f in found])
    results.count = len(found)
    window = found[(results.page - 1) * results.page_size : results.page * results.page_size]
    for _, fields in window:
        score = 100.0 if _lower(fields) == number else 1.0
        results.hits.append(_hit(fields, score, _snippet(fields, set(), set())))
    if len(exact) == 1:
        results.number_match = _hit(exact[0], 100.0, "")
    return True


def _lower(fields: dict) -> str:
    return fields.get("number", "").lower()


def _facets_fill(results: SearchResults, fields_list: Iterable[dict]) -> None:
    by_document: dict[str, int] = {}
    by_kind: dict[str, int] = {}
    for fields in fields_list:
        by_document[fields["document"]] = by_document.get(fields["document"], 0) + 1
        by_kind[fields["kind"]] = by_kind.get(fields["kind"], 0) + 1
    results.facets = {"document": by_document, "kind": by_kind}


def _query_language(words: list[str], reader) -> str | None:
    """The language the query is written in, by which fields know its words (None: can't tell)."""
    votes = dict.fromkeys(LANGUAGES, 0)
    for word in words:
        known = [
            lang
            for lang in LANGUAGES
            if reader.doc_frequency(f"text_{lang}", _stem(word, lang))
            or reader.doc_frequency(f"title_{lang}", _stem(word, lang))
        ]
        if len(known) == 1:
            votes[known[0]] += 1
    best = max(votes.values())
    winners = [lang for lang, n in votes.items() if n == best]
    return winners[0] if best and len(winners) == 1 else None


@dataclass
class _Plan:
    """A parsed query turned into whoosh queries, plus what reranking and highlighting need."""

    query: Query
    """Every clause it matches is a result (an AndMaybe's optional part only scores)."""
    pairs: list[str]
    """Adjacent query words as " stem stem " in the query's language(s), for the phrase bonus."""
    word_forms: list[set[str]]
    """Per query word: the index forms (stems, folded word, typo variants) that count as a match."""
    word_weights: list[float]
    """Per query word: how much it says (IDF), so "di", "the", "how" weigh little in coordination."""
    highlight_exact: set[str]
    highlight_stems: dict[str, set[str]]
    language: str | None = None
    """The query's language, when its words tell."""
    games: frozenset[str] = frozenset()
    """Games the query names ("weiss level 4"): their clauses rank first."""
    content_words: int = 0
    """Query words that are not function words ("di", "the", "how")."""
    counting: bool = False
    """The query asks how many ("quante carte", "how many", "massimo"): rules that state a number answer it."""
    implied_games: frozenset[str] = frozenset()
    """Games whose own vocabulary the query uses ("retroguardie" is Vanguard's, "stock" Weiss Schwarz's)."""


def _plan(parsed: _Parsed, reader, results: SearchResults) -> _Plan | None:
    words = parsed.words
    language = _query_language(words, reader)
    weights = [_word_weight(word, reader, language) for word in words]
    # Two words name a topic ("zona danni"): its heading's title is the answer. A longer question
    # is answered by a rule's text; titles (the Playbook's are whole questions) weigh less.
    title_weight = _W_TITLE if sum(1 for w in weights if w >= _WEAK_WORD) <= 2 else _W_TITLE_QUESTION
    expansions = _glossary_expand(words, source_langs=[language] if language else LANGUAGES)
    cross: list[dict[str, float]] = [{} for _ in words]
    optional: list[Query] = []
    word_forms: list[set[str]] = [set() for _ in words]
    highlight_exact: set[str] = set()
    highlight_stems: dict[str, set[str]] = {lang: set() for lang in LANGUAGES}
    for exp in expansions:
        lang = exp.entry.target_lang
        weight = _W_SYNONYM if exp.entry.synonym else _W_GLOSSARY
        alternatives: list[Query] = []
        for target in exp.entry.targets:
            target_terms = _terms(target, lang)
            if not target_terms:
                continue
            highlight_stems[lang] |= set(target_terms)
            if len(target_terms) == 1:
                alternatives += [
                    Term(f"title_{lang}", target_terms[0], boost=title_weight * weight),
                    Term(f"text_{lang}", target_terms[0], boost=_W_TEXT * weight),
                    Term(f"context_{lang}", target_terms[0], boost=_W_CONTEXT * weight),
                ]
            else:
                # A synonym is a paraphrase: "turn face up" also in "turn them face up".
                slop = 2 if exp.entry.synonym else 1
                alternatives += [
                    Phrase(f"title_{lang}", target_terms, slop=slop, boost=title_weight * weight),
                    Phrase(f"text_{lang}", target_terms, slop=slop, boost=_W_TEXT * weight),
                ]
            if target not in results.expanded_terms:
                results.expanded_terms.append(target)
                results.expansions.append((exp.entry.label, target))
            for i in range(exp.start, exp.end):
                word_forms[i] |= set(target_terms)
        if lang != exp.entry.source_lang:
            for i in range(exp.start, exp.end):
                cross[i][lang] = _W_CROSS
        if alternatives:
            # Not limited to the glossary's game: the Italian rules of every game share the
            # translation of "damage", "deck", "hand" (a Weiss Schwarz "damage cancel" is found
            # in "Cancellazione dei Danni"); the game named in the query is a prior at rerank.
            optional.append(Or(alternatives))

    # Clauses are matched by the query's rarer words (and phrases, numbers, glossary terms);
    # the words many clauses contain ("di", "the", "carte") count at rerank time (coordination),
    # where they cost nothing: matching on "di" would score most of the corpus.
    common = reader.doc_count() * _COMMON_WORD
    frequent: list[Query] = []
    for i, word in enumerate(words):
        q, variants = _word_query(word, reader, cross[i], language, title_weight)
        if q is not None:
            weak = reader.doc_frequency("exact", fold(word)) > common
            (frequent if weak else optional).append(q)
        stems = {lang: _stem(word, lang) for lang in LANGUAGES}
        word_forms[i] |= variants | set(stems.values())
        if len(word) >= 3 or len(words) == 1:
            highlight_exact |= variants
            for lang in LANGUAGES:
                highlight_stems[lang].add(stems[lang])
    for number in parsed.numbers:
        optional.append(Term("number", number, boost=_W_NUMBER))
        optional.append(Term("prefixes", number, boost=_W_NUMBER / 10))
        highlight_exact.add(number)
    required = [_phrase_query(tokens, slop=1) for tokens in parsed.phrases]
    for tokens in parsed.phrases:
        for lang in LANGUAGES:
            highlight_stems[lang] |= set(_terms(" ".join(tokens), lang))
    if not optional and not required:
        optional = frequent  # only frequent words: they are all there is
    if not optional and not required:
        return None
    if required:
        match = required[0] if len(required) == 1 else And(required)
        query = AndMaybe(match, Or(optional)) if optional else match
    else:
        query = Or(optional) if len(optional) > 1 else optional[0]
    pairs = [
        f" {_stem(a, lang)} {_stem(b, lang)} "
        for (a, wa), (b, wb) in zip(zip(words, weights), zip(words[1:], weights[1:]))
        if max(wa, wb) >= _WEAK_WORD
        for lang in ([language] if language else LANGUAGES)
    ]
    game_words = _game_words()
    games = frozenset(game_words[fold(w)] for w in words if fold(w) in game_words)
    content = sum(1 for w in weights if w >= _WEAK_WORD)
    counting = any(fold(w) in _COUNT_WORDS for w in words)
    return _Plan(
        query, pairs, word_forms, weights, highlight_exact, highlight_stems, language, games, content, counting
    )


_COUNT_WORDS = frozenset(
    "quanti quante quanto quanta many much massimo massima minimo minima maximum minimum max min".split()
)
_W_STATES_NUMBER = 1.3
_STATES_NUMBER_RE = re.compile(
    r"\b(?:\d+|" + "|".join(sorted({n for names in _NUMBER_NAMES.values() for n in names}, key=len, reverse=True))
    + r"|nessun|nessuna|no limit|alcun limite|up to|fino a|al massimo|almeno|at least)\b",
    re.IGNORECASE,
)


_WEAK_WORD = 1.2
"""Weight (IDF) under which a word is a function word ("di", "the", "at"): two of them side by side
are no phrase."""


_QUESTION_WORDS = frozenset(
    fold(w)
    for w in """
    quanto quanta quanti quante cosa che come quando dove perché perche chi quale quali
    posso puoi può puo possono devo deve devono si succede succedere fare faccio ho hai è e
    how many much what when where why who which can could does do did is are am was
    i my me happen happens happened if
    vuol vuole dire significa significato mean means meaning work works funziona funzionano
    """.split()
)
"""The words of a question, not of its subject: the rules never say "how many", "cosa succede" or
"cosa vuol dire",
so by IDF they would be the query's rarest words. In coordination they weigh like function words;
they still match, since the Playbook's Q&A titles are questions ("Posso ...? Cosa succede?").
("non", "not", "may", "cannot" are not here: they change a ruling.)"""


_FUNCTION_WORDS = frozenset(
    """
    il lo la i gli le l un uno una un di a da in con su per tra fra al allo alla ai agli alle del dello
    della dei degli delle dal dallo dalla dai dagli dalle nel nello nella nei negli nelle sul sullo sulla
    sui sugli sulle col ed o od
    the a an of to in on at by for with from and or as into onto
    """.split()
)
"""Articles, prepositions, conjunctions: they match (phrases need them), but a clause that lacks
"al" or "the" lacks nothing the judge asked. ("non", "not", "se", "if", "may" are not here.)"""


def _word_weight(word: str, reader, language: str | None = None) -> float:
    """log(N / df) of the word's commonest indexed form (folded word, stem in either language),
    N counting the clauses in the query's language; question words weigh like function words."""
    folded = fold(word)
    if folded in _QUESTION_WORDS or folded in _COUNT_WORDS or folded in _FUNCTION_WORDS:
        return 0.3
    df = reader.doc_frequency("exact", folded)
    for lang in LANGUAGES:
        stem = _stem(word, lang)
        if stem:
            df = max(df, reader.doc_frequency(f"text_{lang}", stem))
    n = _language_counts(reader).get(language, 0) if language else 0
    n = max(n, df, 1) if language else max(1, reader.doc_count())
    return max(0.1, math.log((n + 1) / (df + 1)))


def _language_counts(reader) -> dict[str, int]:
    return {lang: reader.doc_frequency("language", lang) for lang in LANGUAGES}


_W_ADJACENT = 0.6
_COORD_FLOOR = 0.2
_COORD_POWER = 4
_RERANK = 100
"""The best hits by BM25F are reordered by how many of the query's words they contain."""
_W_GAME = 1.5
"""A clause of the game the query names."""
_OTHER_LANGUAGE = 0.8
"""A clause in another language than the query's (found through the glossary): the judge who
types English reads the English rules first, the Italian translation next."""
_KIND_PRIOR = {"section": 0.75, "heading": 0.85}
_HEADING_LONG_QUERY = 0.7
"""A question is answered by a rule more often than by the heading above it."""


@functools.lru_cache(maxsize=20_000)
def _title_forms(title: str, language: str) -> frozenset[str]:
    """The title's words of three letters or more as the index has them (folded, and stemmed)."""
    lang = language if language in LANGUAGES else None
    words = [w for w in _terms(title, None) if len(w) > 2]
    return frozenset(words) | (frozenset(_terms(" ".join(words), lang)) if lang else frozenset())


_W_TITLE_NAMES_QUERY = 1.6


def _rerank_score(score: float, fields: dict, plan: _Plan) -> float:
    """BM25F score of the rarer words, times: the kind prior, the share of all the query's
    words the clause contains (so "di", "the" count here, not in matching), and a bonus for
    query words that stand side by side in the clause."""
    kind = fields.get("kind", "")
    score *= _KIND_PRIOR.get(kind, 1.0)
    if kind in _KIND_PRIOR and plan.content_words > len(_WORD_RE.findall(fields.get("title_raw", ""))) + 1:
        # A question longer than the heading's title asks something the rules under it answer.
        score *= _HEADING_LONG_QUERY
    if plan.games and fields.get("game") in plan.games:
        score *= _W_GAME
    elif plan.implied_games and fields.get("game") in plan.implied_games:
        score *= _W_IMPLIED_GAME
    if plan.language and fields.get("language") != plan.language:
        score *= _OTHER_LANGUAGE
    if plan.counting and _STATES_NUMBER_RE.search(fields.get("text_raw", "")):
        score *= _W_STATES_NUMBER
    title = fields.get("title_raw", "")
    if title and plan.word_forms:
        # The title is what the judge typed ("zona danni" -> "Damage Zone"): the heading that
        # names the topic, not a rule that mentions it.
        title_forms = _title_forms(title, fields.get("language", ""))
        content = [options for options, w in zip(plan.word_forms, plan.word_weights) if w >= _WEAK_WORD]
        if content and len(title_forms) <= len(content) + 1 and all(options & title_forms for options in content):
            score *= _W_TITLE_NAMES_QUERY
    if plan.word_forms:
        forms = set(fields.get("stems", "").split())
        matched = sum(w for options, w in zip(plan.word_forms, plan.word_weights) if options & forms)
        share = _COORD_FLOOR + (1 - _COORD_FLOOR) * matched / sum(plan.word_weights)
        # To the fourth power: a clause that has all the question's words beats one that has
        # its rarest word many times (measured on 234 judge questions: 0.76 -> 0.78 MRR@5).
        score *= share**_COORD_POWER
    if plan.pairs:
        sequence = fields.get("sequence", "")
        adjacent = sum(1 for pair in plan.pairs if pair in sequence)
        score *= 1 + _W_ADJACENT * min(adjacent, 3)
    return score


_W_IMPLIED_GAME = 1.7
_GAME_WORD_SHARE = 0.9
"""A word is a game's own when at least this share of the clauses that have it are that game's."""


def _games_implied(searcher, data: _IndexData, words: list[str], weights: list[float]) -> frozenset[str]:
    """The games a query's words belong to: "retroguardie" appears only in Vanguard's rules, "stock"
    and "climax" only in Weiss Schwarz's, "spedizione" only in Altered's."""
    games = set()
    for word, weight in zip(words, weights):
        if weight < _WEAK_WORD or len(word) < 3:
            continue
        docnums = set(data.leaf_scores(searcher, Term("exact", fold(word))))
        for lang in LANGUAGES:
            docnums |= set(data.leaf_scores(searcher, Term(f"text_{lang}", _stem(word, lang))))
        if len(docnums) < 2:
            continue
        counts: dict[str, int] = {}
        for n in docnums:
            game = data.stored[n].get("game", "")
            counts[game] = counts.get(game, 0) + 1
        game, count = max(counts.items(), key=lambda item: item[1])
        if count >= _GAME_WORD_SHARE * len(docnums):
            games.add(game)
    return frozenset(games) if len(games) == 1 else frozenset()


def _text_search(searcher, parsed: _Parsed, scope_values: dict[str, str], results: SearchResults) -> None:
    plan = _plan(parsed, searcher.reader(), results)
    if plan is None:
        results.notice = "The query has no words to search for."
        return
    first, last = (results.page - 1) * results.page_size, results.page * results.page_size
    data = _data(searcher)
    if not plan.games:
        plan.implied_games = _games_implied(searcher, data, parsed.words, plan.word_weights)
    # Every clause the query matches, scored (an AndMaybe's optional part only scores).
    scores = _scores(searcher, data, plan.query)
    stored = data.stored
    if scope_values:
        scores = {
            n: score for n, score in scores.items() if all(stored[n].get(k) == v for k, v in scope_values.items())
        }
    results.count = len(scores)
    _facets_fill(results, (stored[n] for n in scores))
    if first >= results.count and results.count:
        results.notice = f"There are only {results.pages} page(s) of results."
        return
    # Best first; equal scores in index order, as whoosh orders them.
    best = heapq.nsmallest(max(_RERANK, last), scores.items(), key=lambda item: (-item[1], item[0]))
    ranked = [(score, stored[n]) for n, score in best]
    head = sorted(
        ((_rerank_score(score, fields, plan), fields) for score, fields in ranked[:_RERANK]),
        key=lambda item: -item[0],
    )
    ranked = head + ranked[_RERANK:]
    for score, fields in ranked[first:last]:
        snippet = _snippet(fields, plan.highlight_exact, plan.highlight_stems)
        results.hits.append(_hit(fields, score, snippet))


# ---------------------------------------------------------------------------
# Snippets

_SNIPPET_CHARS = 240
_TOKEN_SPAN = re.compile(r"\w+")
_MARKDOWN_LITTER = re.compile(r"\*\*|__|</?u>")


def _snippet(fields: dict, exact: set[str], stems: dict[str, set[str]] | set) -> str:
    """The best window of the clause text, escaped, with the query's words in <mark>."""
    # Snippets are plain text: Markdown emphasis and underline tags would show as litter.
    text = _MARKDOWN_LITTER.sub("", fields.get("text_raw") or fields.get("title_raw") or "")
    lang = fields.get("language") if fields.get("language") in LANGUAGES else None
    lang_stems = stems.get(lang, set()) if isinstance(stems, dict) and lang else set()
    spans = []
    for match in _TOKEN_SPAN.finditer(text):
        folded = fold(match.group())
        if folded in exact or (lang and lang_stems and _stem(folded, lang) in lang_stems):
            spans.append((match.start(), match.end()))
    start, end = _window(text, spans)
    pieces = []
    cursor = start
    for s, e in spans:
        if s < start or e > end:
            continue
        pieces.append(html.escape(text[cursor:s]))
        pieces.append(f"<mark>{html.escape(text[s:e])}</mark>")
        cursor = e
    pieces.append(html.escape(text[cursor:end]))
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return prefix + "".join(pieces).strip() + suffix


def _window(text: str, spans: list[tuple[int, int]]) -> tuple[int, int]:
    if len(text) <= _SNIPPET_CHARS:
        return 0, len(text)
    best, best_count = 0, -1
    for s, _ in spans:
        begin = max(0, s - 60)
        count = sum(1 for a, b in spans if a >= begin and b <= begin + _SNIPPET_CHARS)
        if count > best_count:
            best, best_count = begin, count
    if best > 0:
        space = text.find(" ", best)
        best = space + 1 if 0 <= space < best + 20 else best
    end = min(len(text), best + _SNIPPET_CHARS)
    if end < len(text):
        space = text.rfind(" ", best, end)
        end = space if space > best + _SNIPPET_CHARS // 2 else end
    return best, end


def index_status() -> dict:
    root = index_root()
    name = _current_name(root)
    return {"root": str(root), "current": name, "exists": index_exists()}
