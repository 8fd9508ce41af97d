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
"""
from __future__ import annotations

import contextlib
import fcntl
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

_POINTER = "CURRENT"


_DIR_PREFIX = "ix-"


WEIGHTING = scoring.BM25F(B=0.75, K1=1.2, title_it_B=0.3, title_en_B=0.3)


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
        exact=TEXT(analyzer=EXACT_ANALYZER, phrase=True),
    )
    for lang in LANGUAGES:
        analyzer = ANALYZERS[lang]
        fields[f"title_{lang}"] = TEXT(analyzer=analyzer, field_boost=1.0)
        fields[f"text_{lang}"] = TEXT(analyzer=analyzer)
        fields[f"context_{lang}"] = TEXT(analyzer=analyzer, phrase=False)
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


def index_rows() -> list[dict]:
    """One dict per clause of every published document, with its ancestors' titles."""
    from ..models import Clause, Document

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
    return {k: v for k, v in doc.items() if v not in ("", None)}


def index_rebuild(*, rows: list[dict] | None = None) -> IndexInfo:
    """Build the whole index into a fresh directory, then swap it in atomically.

    `rows` (from `index_rows()`) lets a caller read the database elsewhere.
    """
    started = time.perf_counter()
    root = index_root()
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
        if searcher is not None:
            return searcher
        try:
            searcher = whoosh_index.open_dir(str(root / name)).searcher(weighting=WEIGHTING)
        except (OSError, whoosh_index.EmptyIndexError):
            time.sleep(0.01)  # a rebuild deleted it between reading the pointer and opening
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
