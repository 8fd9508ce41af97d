"""The search index: its schema, where it lives, its atomic rebuild, and the searchers lent on it.

One whoosh document per clause, analysed per language (`analysis`):

- `title_<lang>`, `text_<lang>`, `context_<lang>` (the titles of the clause's
  ancestors, so a rule under the heading "Intercetto" is found by
  "intercetto"): words, lower-cased, accents folded (`abilita` = `abilità`),
  Snowball-stemmed in the document's language (`it`, `en`).
- `exact`: title and text, folded but not stemmed, for prefix and
  typo-tolerant (fuzzy) matching.
- `number` (exact clause number) and `prefixes` (`7`, `7.3`, `7.3.1`) so a
  query that is a clause number finds that clause first and a prefix lists
  its subtree.
- `aligned_<lang>`: the title and text of the clause's counterpart in a
  translation (the Italian 2.2 and English 1.48 Vanguard rules are aligned
  clause by clause, `rulesdb.translation.alignment`), analysed in the
  counterpart's language: an English query finds the Italian clause through
  its English counterpart's words, weighted below the clause's own.
- `asked_<lang>`: the questions the project's rulings ask of the clause, in
  judges' words (`asked`), weighted below the counterpart's.
- `written_<lang>`: the questions written for the search whose answer is the
  clause (`asked.WRITTEN_PATH`), each word once, weighted as the clause's own.

Stored beside them: the nearest titled ancestor (the heading a judge reads a
rule under), the counterpart's words (`aligned_stems`, for coordination), the
asked and written questions' words (`asked_stems`, `written_stems`, likewise), each of
those questions' words apart (`questions`, one line a question, for the best single question's
share of the query at rerank; with the whole questions of `asked.WHOLE_PATH`, kept only there),
`describes`: the words of a clause that only describes its term, and `defines`: the term a
clause defines by naming it (`structure`).
The rows come from the database through `rows.index_rows`; searchers on the
index are lent by `searchers.searcher_borrow`.

Where it lives
--------------
Under `settings.SEARCH_INDEX_DIR` (default `settings.VAR_DIR / "search"`).
A rebuild writes a complete index into a fresh directory `ix-<time>-<rand>`,
flushes it to disk, then atomically replaces the pointer file `CURRENT` (write,
fsync, `os.replace`, fsync of the directory) and deletes the other directories:
a rebuild that fails or is killed half-way leaves the pointer on the last
complete index, and its unfinished directory is removed by the next rebuild. Readers open whatever `CURRENT` names;
a searcher already open keeps working on the files it holds, and a reader
that loses the race with a deletion re-reads the pointer. A lock file makes
concurrent rebuilds (two processes, an import and a lazy build) take turns.
A missing index is built on the first search.

The index follows the database
------------------------------
Several servers on one database each keep their own index. Each index records the database's
*generation* it was built from (a digest of every document's id, slug, publication and import
time, `database_generation`; one small query). A search compares it with the database's at most
every `SEARCH_INDEX_CHECK_SECONDS` (default 5) per process; when the database moved (a document
imported or published through another server), the index is rebuilt in the background while
searches go on with the old one. A document published anywhere is thus found on every server
within the check interval and one rebuild.

The generation also digests what builds the index (`index_format`: the analysis, the rows, the
structure learned from them, the word list and the word table): a release that reads words
differently ("cerchio" kept apart from "cercare") counts its predecessor's index as behind and
rebuilds it on the first search, rather than searching stems the index never stored.
"""
from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import os
import shutil
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from django.conf import settings
from django.db import transaction
from whoosh import index as whoosh_index
from whoosh import scoring
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from .analysis import ANALYZERS, EXACT_ANALYZER, LANGUAGES, WORD_RE, fold, terms
from .asked import ASKED_PATH, WHOLE_PATH, WRITTEN_PATH
from .lexicon import DICTIONARY, WORDS_PATH, lexicon_learn, lexicon_save, lexicon_with_table, words_table
from .spelling import dictionary_words
from .rows import aligned_pairs, index_rows
from .vocabulary import FUNCTION_WORDS

_POINTER = "CURRENT"
_GENERATION = "GENERATION"


_DIR_PREFIX = "ix-"


WEIGHTING = scoring.BM25F(B=0.75, K1=1.2, title_it_B=0.3, title_en_B=0.3)


def _schema() -> Schema:
    fields = dict(
        key=ID(unique=True),
        document=ID(stored=True, sortable=True),
        game=ID(stored=True),
        language=ID(stored=True),
        kind=ID(stored=True, sortable=True),
        current=ID(stored=True),
        version=ID(stored=True),
        stable_id=STORED,
        number=KEYWORD(stored=True, lowercase=True),
        prefixes=KEYWORD(lowercase=True, scorable=False),
        order=STORED,
        doc_rank=STORED,
        title_raw=STORED,
        stems=STORED,
        sequence=STORED,
        text_raw=STORED,
        parent_number=STORED,
        counterpart=STORED,
        parent_title=STORED,
        preview=STORED,
        aligned_stems=STORED,
        asked_stems=STORED,
        written_stems=STORED,
        questions=STORED,
        describes=STORED,
        describes_term=STORED,
        defines=STORED,
        defines_size=STORED,
        exact=TEXT(analyzer=EXACT_ANALYZER, phrase=True),
    )
    for lang in LANGUAGES:
        analyzer = ANALYZERS[lang]
        fields[f"title_{lang}"] = TEXT(analyzer=analyzer, field_boost=1.0)
        fields[f"text_{lang}"] = TEXT(analyzer=analyzer)
        fields[f"context_{lang}"] = TEXT(analyzer=analyzer, phrase=False)
        fields[f"aligned_{lang}"] = TEXT(analyzer=analyzer, phrase=False)
        fields[f"asked_{lang}"] = TEXT(analyzer=analyzer, phrase=False)
        fields[f"written_{lang}"] = TEXT(analyzer=analyzer, phrase=False)
    return Schema(**fields)


SCHEMA = _schema()


def index_root() -> Path:
    root = getattr(settings, "SEARCH_INDEX_DIR", None)
    return Path(root) if root else Path(settings.VAR_DIR) / "search"


def current_name(root: Path) -> str | None:
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


def _number_prefixes(number: str) -> str:
    parts = number.lower().split(".")
    return " ".join(".".join(parts[: i + 1]) for i in range(len(parts)))


def _question_forms(text: str, lang: str) -> set[str]:
    """A question's words as a query word's forms can be: folded, and stemmed in its language."""
    return set(terms(text, None)) | set(terms(text, lang))


def _index_document(row: dict) -> dict:
    lang = row["language"] if row["language"] in LANGUAGES else None
    doc = dict(
        key=f"{row['document']}|{row['stable_id']}",
        document=row["document"],
        game=row["game"],
        language=row["language"],
        kind=row["kind"],
        current=row.get("current", "yes"),
        version=row.get("version", ""),
        stable_id=row["stable_id"],
        number=row["number"] or "",
        order=row["order"],
        doc_rank=row["doc_rank"],
        title_raw=row["title"],
        text_raw=row["text"],
        parent_number=row.get("parent_number", ""),
        counterpart=row.get("counterpart", ""),
        parent_title=row.get("parent_title", ""),
        describes=row.get("describes", ""),
        describes_term=row.get("describes_term", ""),
        preview=row.get("preview", ""),
        exact=f"{row['title']}\n{row['text']}",
    )
    if row["number"]:
        doc["prefixes"] = _number_prefixes(row["number"])
    words = f"{row['title']} {row['text']} {row['context']}"
    forms = set(terms(words, None))
    if lang:
        forms |= set(terms(words, lang))
    doc["stems"] = " ".join(sorted(forms))
    # The title and text as a sequence of stems, for the adjacent-words bonus at rerank time.
    doc["sequence"] = " " + " ".join(terms(f"{row['title']}\n{row['text']}", lang)) + " "
    if lang:
        doc[f"title_{lang}"] = row["title"]
        doc[f"text_{lang}"] = row["text"]
        doc[f"context_{lang}"] = row["context"]
    defined = [w for w in WORD_RE.findall(row.get("defines", "")) if fold(w) not in FUNCTION_WORDS]
    if defined:
        # The defined term's words as a query word's forms can be: folded, and stemmed.
        doc["defines"] = " ".join(sorted({fold(w) for w in defined} | set(terms(" ".join(defined), lang))))
        doc["defines_size"] = len(defined)
    aligned_lang = row.get("aligned_language")
    if row.get("aligned") and aligned_lang in LANGUAGES:
        doc[f"aligned_{aligned_lang}"] = row["aligned"]
        aligned_forms = set(terms(row["aligned"], None)) | set(terms(row["aligned"], aligned_lang))
        doc["aligned_stems"] = " ".join(sorted(aligned_forms - forms))
    each_question: dict[str, None] = {}  # one line per question: its words' forms
    for field in ("asked", "written"):  # the rulings' questions, those written for the search
        question_forms: set[str] = set()
        for question_lang, texts in (row.get(field) or {}).items():
            if question_lang in LANGUAGES and texts:
                # Each word once: a clause asked about in many ways must not outrank, on a word its
                # questions repeat, the clause whose own title is that word ("attack phase").
                doc[f"{field}_{question_lang}"] = " ".join(
                    dict.fromkeys(w.casefold() for text in texts for w in WORD_RE.findall(text)))
                for text in texts:
                    one = _question_forms(text, question_lang)
                    question_forms |= one
                    each_question[" ".join(sorted(one))] = None
        if question_forms:
            doc[f"{field}_stems"] = " ".join(sorted(question_forms - forms))
    for question_lang, texts in (row.get("whole") or {}).items():  # matched only whole
        if question_lang in LANGUAGES:
            for text in texts:
                each_question[" ".join(sorted(_question_forms(text, question_lang)))] = None
    doc["questions"] = "\n".join(line for line in each_question if line)
    return {k: v for k, v in doc.items() if v not in ("", None)}


def index_path(key: tuple[str, str]) -> Path:
    """The directory of the index a searcher was opened on (its `index_key`)."""
    return Path(key[0]) / key[1]


def index_rebuild(*, rows: list[dict] | None = None) -> IndexInfo:
    """Build the whole index into a fresh directory, then swap it in atomically.

    `rows` (from `index_rows()`) lets a caller read the database elsewhere.
    """
    started = time.perf_counter()
    root = index_root()
    # Read before the rows: a change landing while they are read leaves the index one generation
    # behind, and the next check rebuilds it, rather than the other way round.
    generation = database_generation()
    if rows is None:
        rows = index_rows()
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
            # Each aligned pair once (from its English side): the word list search translates with.
            lexicon = lexicon_with_table(lexicon_learn(aligned_pairs(rows)), words_table())
            with ix.reader() as reader:
                lexicon[DICTIONARY] = dictionary_words(reader)
            lexicon_save(lexicon, path)
            (path / _GENERATION).write_text(generation, encoding="utf-8")
            _flush(path)
            _pointer_write(root, name)
        except BaseException:
            shutil.rmtree(path, ignore_errors=True)
            raise
        for child in root.iterdir():
            if child.is_dir() and child.name.startswith(_DIR_PREFIX) and child.name != name:
                shutil.rmtree(child, ignore_errors=True)
    return IndexInfo(path=path, clauses=len(rows), seconds=time.perf_counter() - started)


def _flush(directory: Path) -> None:
    """Every file of a finished index on disk before the pointer names it (a crash right after the
    swap must not leave the pointer on files still in the page cache)."""
    for child in directory.iterdir():
        if child.is_file():
            with open(child, "rb") as handle:
                os.fsync(handle.fileno())
    _flush_directory(directory)


def _flush_directory(directory: Path) -> None:
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _pointer_write(root: Path, name: str) -> None:
    """Point `CURRENT` at `name` in one step: readers see the old name or the new, never a part."""
    pointer = root / f".{_POINTER}.{uuid.uuid4().hex}"
    with open(pointer, "w", encoding="utf-8") as handle:
        handle.write(name)
        handle.flush()
        os.fsync(handle.fileno())
    try:
        os.replace(pointer, root / _POINTER)
    except BaseException:
        pointer.unlink(missing_ok=True)
        raise
    _flush_directory(root)


def database_generation() -> str:
    """A digest of what the index is built from that changes with every import and publication,
    and with every release that builds it differently (`index_format`)."""
    from rulesdb.models import Document

    documents = Document.objects.order_by("id").values_list("id", "slug", "published", "imported_at",
                                                             "source_sha256")
    return hashlib.sha256((index_format() + repr(list(documents))).encode("utf-8")).hexdigest()[:16]


_FORMAT_SOURCES = ("analysis.py", "index.py", "rows.py", "structure.py", "lexicon.py", "spelling.py", "vocabulary.py",
                   "asked.py")
"""The modules whose code decides what the index holds."""


@functools.lru_cache(maxsize=1)
def index_format() -> str:
    """A digest of the code and tables the index is built with: changes with a release that builds it
    differently. (Read once per process: a release restarts the processes.)"""
    digest = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for path in [here / name for name in _FORMAT_SOURCES] + [WORDS_PATH, ASKED_PATH, WRITTEN_PATH, WHOLE_PATH]:
        digest.update(path.name.encode("utf-8"))
        digest.update(path.read_bytes() if path.exists() else b"")
    return digest.hexdigest()[:16]


def index_generation() -> str | None:
    """The database generation the current index was built from (None: no index, or an older release's)."""
    root = index_root()
    name = current_name(root)
    try:
        return (root / name / _GENERATION).read_text(encoding="utf-8").strip() if name else None
    except FileNotFoundError:
        return None


_follow_lock = threading.Lock()
_follow = {"checked": float("-inf"), "thread": None}


def _rebuild_if_behind() -> None:
    """Rebuild unless the index already matches the database (another process may have just rebuilt)."""
    from django.db import connection

    try:
        if index_generation() != database_generation():
            index_rebuild()
    finally:
        connection.close()  # this thread's own connection


def index_follow_database(*, wait: bool = False) -> None:
    """Start a rebuild when the database moved since the index was built, at most once per check interval
    (`wait`: rebuild now, in this thread, without the interval; for tests and commands)."""
    if wait:
        if index_generation() != database_generation():
            index_rebuild()
        return
    interval = getattr(settings, "SEARCH_INDEX_CHECK_SECONDS", 5)
    now = time.monotonic()
    with _follow_lock:
        running = _follow["thread"] is not None and _follow["thread"].is_alive()
        if running or now - _follow["checked"] < interval:
            return
        _follow["checked"] = now
    if index_generation() == database_generation():
        return
    thread = threading.Thread(target=_rebuild_if_behind, name="search-index-follows-database", daemon=True)
    with _follow_lock:
        if _follow["thread"] is not None and _follow["thread"].is_alive():
            return
        _follow["thread"] = thread
    thread.start()


def index_exists() -> bool:
    root = index_root()
    name = current_name(root)
    return bool(name) and (root / name).is_dir()


def index_refresh_after_import(document) -> None:
    """Called by publication.document_pipeline_run: rebuild once the import or publication is committed.

    When there is no index yet nothing is built now: the first search builds
    it from everything imported by then.
    """
    transaction.on_commit(lambda: index_rebuild() if index_exists() else None)


def index_status() -> dict:
    root = index_root()
    name = current_name(root)
    return {"root": str(root), "current": name, "exists": index_exists()}
