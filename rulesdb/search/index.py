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

Stored beside them: the nearest titled ancestor (the heading a judge reads a
rule under), the counterpart's words (`aligned_stems`, for coordination), and
`describes`: the words of a clause that only describes its term (`structure`).

Where it lives
--------------
Under `settings.SEARCH_INDEX_DIR` (default `settings.VAR_DIR / "search"`).
A rebuild writes a complete index into a fresh directory `ix-<time>-<rand>`,
then atomically replaces the pointer file `CURRENT` (write + `os.replace`)
and deletes the other directories. Readers open whatever `CURRENT` names;
a searcher already open keeps working on the files it holds, and a reader
that loses the race with a deletion re-reads the pointer. A lock file makes
concurrent rebuilds (two processes, an import and a lazy build) take turns.
A missing index is built on the first search. Searchers are lent from a pool,
so a server with a thread per request does not reopen the index per request.

The index follows the database
------------------------------
Several servers on one database each keep their own index. Each index records the database's
*generation* it was built from (a digest of every document's id, slug, publication and import
time, `database_generation`; one small query). A search compares it with the database's at most
every `SEARCH_INDEX_CHECK_SECONDS` (default 5) per process; when the database moved (a document
imported or published through another server), the index is rebuilt in the background while
searches go on with the old one. A document published anywhere is thus found on every server
within the check interval and one rebuild.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
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
from django.utils.translation import gettext
from django.db import transaction
from whoosh import index as whoosh_index
from whoosh import scoring
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from .analysis import ANALYZERS, EXACT_ANALYZER, LANGUAGES, terms
from .results import SearchUnavailable
from .lexicon import lexicon_learn, lexicon_save
from .structure import descriptive_clauses

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
        describes=STORED,
        describes_term=STORED,
        exact=TEXT(analyzer=EXACT_ANALYZER, phrase=True),
    )
    for lang in LANGUAGES:
        analyzer = ANALYZERS[lang]
        fields[f"title_{lang}"] = TEXT(analyzer=analyzer, field_boost=1.0)
        fields[f"text_{lang}"] = TEXT(analyzer=analyzer)
        fields[f"context_{lang}"] = TEXT(analyzer=analyzer, phrase=False)
        fields[f"aligned_{lang}"] = TEXT(analyzer=analyzer, phrase=False)
    return Schema(**fields)


SCHEMA = _schema()


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


def _counterparts(documents: list) -> dict[int, tuple[str, str, str]]:
    """clause id -> (language, title and text, index key) of its counterpart in a published translation,
    from the stored alignments (a re-import deletes the pairs of the clauses it replaced)."""
    from ..models import AlignedPair

    language = {d.pk: d.language for d in documents}
    slug = {d.pk: d.slug for d in documents}
    pairs = AlignedPair.objects.filter(
        alignment__left__in=documents,
        alignment__right__in=documents,
        left_clause__isnull=False,
        right_clause__isnull=False,
    ).values_list(
        "alignment__left_id", "alignment__right_id", "left_clause_id", "right_clause_id",
        "left_clause__title", "left_clause__text", "right_clause__title", "right_clause__text",
        "left_clause__stable_id", "right_clause__stable_id",
    )
    found: dict[int, tuple[str, str, str]] = {}
    for left, right, left_id, right_id, left_title, left_text, right_title, right_text, left_sid, right_sid in pairs:
        if language[left] == language[right]:
            continue  # two versions of one translation: the same words
        found[left_id] = (language[right], f"{right_title}\n{right_text}".strip(), f"{slug[right]}|{right_sid}")
        found[right_id] = (language[left], f"{left_title}\n{left_text}".strip(), f"{slug[left]}|{left_sid}")
    return found


def _newest(documents: list) -> dict[str, object]:
    """Series -> its current version (the newest published, by date then import time)."""
    newest: dict[str, object] = {}
    for document in documents:
        best = newest.get(document.series)
        if best is None or (document.date or dt.date.min, document.imported_at) > (best.date or dt.date.min, best.imported_at):
            newest[document.series] = document
    return newest


def _current_first(documents: list) -> list:
    """Each series' newest version before the older ones, in the given order otherwise."""
    newest = _newest(documents)
    return sorted(documents, key=lambda d: newest[d.series] is not d)


def _descends(clause: dict, ancestor_id: int, by_id: dict[int, dict]) -> bool:
    parent = by_id.get(clause["parent_id"])
    while parent is not None:
        if parent["id"] == ancestor_id:
            return True
        parent = by_id.get(parent["parent_id"])
    return False


def index_rows() -> list[dict]:
    """One dict per clause of every published document, with its ancestors' titles, its
    nearest titled ancestor, its counterpart's words in a translation, and whether it only
    describes its term."""
    from ..models import Clause, Document

    documents = _current_first(
        list(Document.objects.published().select_related("game").order_by("game__name", "kind", "slug"))
    )
    counterparts = _counterparts(documents)
    newest = _newest(documents)
    rows = []
    for rank, document in enumerate(documents):
        clauses = list(
            Clause.objects.filter(document=document)
            .order_by("order")
            .values("id", "parent_id", "stable_id", "number", "kind", "title", "text", "order")
        )
        by_id = {c["id"]: c for c in clauses}
        lang = document.language if document.language in LANGUAGES else None
        describing = descriptive_clauses(clauses, lang)
        for position, clause in enumerate(clauses):
            context = []
            heading = None
            parent = by_id.get(clause["parent_id"])
            while parent is not None and len(context) < 6:
                if parent["title"]:
                    context.append(parent["title"])
                    heading = heading or parent
                parent = by_id.get(parent["parent_id"])
            aligned_lang, aligned, counterpart = counterparts.get(clause["id"], ("", "", ""))
            preview = ""
            if not clause["text"]:
                # The first text under a heading that has none, for its snippet.
                below = next((c for c in clauses[position + 1 : position + 40] if c["text"]), None)
                if below is not None and _descends(below, clause["id"], by_id):
                    preview = below["text"][:300]
            rows.append(
                dict(
                    document=document.slug,
                    game=document.game.slug,
                    language=document.language,
                    doc_rank=rank,
                    # Searched by default; an older version only when a version filter asks for it.
                    current="yes" if newest[document.series] is document else "no",
                    version=document.version or "",
                    context=" ".join(context),
                    parent_number=heading["number"] if heading else "",
                    parent_title=heading["title"] if heading else "",
                    aligned_language=aligned_lang,
                    aligned=aligned,
                    counterpart=counterpart,
                    describes=" ".join(sorted(describing.get(clause["id"], ((), ()))[1])),
                    describes_term=" ".join(sorted(describing.get(clause["id"], ((), ()))[0])),
                    preview=preview,
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
    aligned_lang = row.get("aligned_language")
    if row.get("aligned") and aligned_lang in LANGUAGES:
        doc[f"aligned_{aligned_lang}"] = row["aligned"]
        aligned_forms = set(terms(row["aligned"], None)) | set(terms(row["aligned"], aligned_lang))
        doc["aligned_stems"] = " ".join(sorted(aligned_forms - forms))
    return {k: v for k, v in doc.items() if v not in ("", None)}


def _aligned_pairs(rows: list[dict]) -> list[tuple[str, str, str, str]]:
    return [
        (row["language"], f"{row['title']}\n{row['text']}", row["aligned_language"], row["aligned"])
        for row in rows
        if row.get("aligned") and row["language"] < row["aligned_language"]
    ]


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
            lexicon_save(lexicon_learn(_aligned_pairs(rows)), path)
            (path / _GENERATION).write_text(generation, encoding="utf-8")
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


def database_generation() -> str:
    """A digest of what the index is built from that changes with every import and publication."""
    from rulesdb.models import Document

    documents = Document.objects.order_by("id").values_list("id", "slug", "published", "imported_at",
                                                             "source_sha256")
    return hashlib.sha256(repr(list(documents)).encode("utf-8")).hexdigest()[:16]


def index_generation() -> str | None:
    """The database generation the current index was built from (None: no index, or an older release's)."""
    root = index_root()
    name = _current_name(root)
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
    name = _current_name(root)
    return bool(name) and (root / name).is_dir()


def index_refresh_after_import(document) -> None:
    """Called by publication.document_pipeline_run: rebuild once the import or publication is committed.

    When there is no index yet nothing is built now: the first search builds
    it from everything imported by then.
    """
    transaction.on_commit(lambda: index_rebuild() if index_exists() else None)


def index_status() -> dict:
    root = index_root()
    name = _current_name(root)
    return {"root": str(root), "current": name, "exists": index_exists()}


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
        if attempt == 0 and getattr(settings, "SEARCH_INDEX_FOLLOWS_DATABASE", True):
            index_follow_database()
        if searcher is not None:
            return searcher
        try:
            searcher = whoosh_index.open_dir(str(root / name)).searcher(weighting=WEIGHTING)
        except (OSError, whoosh_index.EmptyIndexError):
            time.sleep(0.01)  # a rebuild deleted it between reading the pointer and opening
            continue
        if set(searcher.schema.names()) != set(SCHEMA.names()):
            # Built by an earlier release with other fields: build this release's index once.
            searcher.close()
            index_rebuild()
            continue
        searcher.index_key = key
        return searcher
    raise SearchUnavailable(gettext("The search index could not be opened; try again in a moment."))


@contextlib.contextmanager
def searcher_borrow() -> Iterator:
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
