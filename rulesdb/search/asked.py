"""Questions asked of the rules: the project's rulings, each a judge's question and the clauses that decide it.

The engines' ruling scenarios (`tests/scenarios/`) and the sandbox's worked examples each state
the question they decide ("My rear-guard is rested. Can I use its ability whose cost is to rest
this unit?"), often in English and Italian, and the clauses that decide it. A judge searching
asks in those words, not in the rules' ("stand", "swing", "can I"), and often in the other
language. The questions are collected into `rulesdb/sources/search-asked.json`
(`manage.py collect_asked_questions`) and indexed with the clauses they name, in their own
field, weighted below the clause's own words and its translation's (`query._W_ASKED`).

Beside the rulings, `rulesdb/sources/search-written.json` holds questions written for the search
itself: for each clause of the current rules, what a judge or player would type or ask whose
answer is that clause, in English and Italian, in their words ("PG", "swing", "mi si è svuotato
il mazzo"), not the clause's. It is the same format, edited by hand (document expansion: it gives
every clause the words of the people who look for it, where the rulings reach only the clauses
they decide). `rulesdb/sources/search-whole.json` holds more of them, whole questions of a sentence
each (a newcomer's, a player's exact case), matched only as whole questions (`questions._W_ONE_QUESTION`).

A question names clauses by number in the document it was written against (`vg-cr-it-2.2`). When
a newer version of that series is current, it follows the clause with the same number only if
its text is still nearly the same (a renumbered clause is another rule), and reaches the
clause's counterpart in a translation through the alignment, as the clause's own words do.
"""
from __future__ import annotations

import datetime as dt
import difflib
import json
from pathlib import Path
from typing import Iterable

ASKED_PATH = Path(__file__).resolve().parents[1] / "sources" / "search-asked.json"
WRITTEN_PATH = ASKED_PATH.with_name("search-written.json")
WHOLE_PATH = ASKED_PATH.with_name("search-whole.json")
FORMAT = "judgeapp-search-asked/1"

_FIELDS = {"question": "en", "title": "en", "question_it": "it", "title_it": "it"}
"""A ruling's words and the language they are in (docs/scenarios.md: `metadata`)."""

_SAME_TEXT = 0.8
"""How alike a clause's text must stay in a newer version for a question to follow its number."""


def _ruling_entries(data: dict, documents: dict[str, str]) -> list[dict]:
    """One ruling file's question as entries {document, numbers, en, it}: its game's rules, and the
    Playbook's question it reproduces (`metadata.playbook`, "vg-playbook-it-3.00 Q15")."""
    meta = data.get("metadata")
    if not isinstance(meta, dict):
        return []
    words: dict[str, list[str]] = {"en": [], "it": []}
    for field, language in _FIELDS.items():
        text = meta.get(field)
        if isinstance(text, str) and text.strip() and text.strip() not in words[language]:
            words[language].append(text.strip())
    if not words["en"] and not words["it"]:
        return []
    entries = []
    document = documents.get(data.get("game") or "vanguard")  # a file that names no game is a Vanguard one
    numbers = [n for n in meta.get("clauses") or [] if isinstance(n, str) and n.strip()]
    if document and numbers:
        entries.append({"document": document, "numbers": numbers, **words})
    playbook = meta.get("playbook")
    if isinstance(playbook, str) and len(playbook.split()) == 2:
        slug, number = playbook.split()
        entries.append({"document": slug, "numbers": [number], **words})
    return entries


def asked_collect(folders: Iterable[Path], documents: dict[str, str]) -> dict:
    """The questions of every ruling file under `folders`, for the documents their numbers are in:
    `documents` maps a game to the document its scenarios cite (its Italian comprehensive rules)."""
    entries = []
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue  # not a ruling file (a broken one is the scenario tests' business)
            if isinstance(data, dict):
                entries += _ruling_entries(data, documents)
    entries.sort(key=lambda e: (e["document"], e["numbers"], e["en"], e["it"]))
    return {"format": FORMAT, "questions": entries}


def asked_load(path: Path = ASKED_PATH) -> list[dict]:
    """A table's questions (by default the rulings'); none when the file is missing (the index is
    built without them)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    return [e for e in data.get("questions", []) if isinstance(e, dict)]


def _alike(old: str, new: str) -> bool:
    return old == new or difflib.SequenceMatcher(None, old, new, autojunk=False).ratio() >= _SAME_TEXT


def written_load() -> list[dict]:
    """The questions written for the search, one clause each (`WRITTEN_PATH`)."""
    return asked_load(WRITTEN_PATH)


def whole_load() -> list[dict]:
    """The whole questions written for the search, one clause each (`WHOLE_PATH`): matched only as
    whole questions, never word by word."""
    return asked_load(WHOLE_PATH)


def asked_attach(rows: list[dict], questions: list[dict], *, field: str = "asked") -> None:
    """Give each row the questions asked of it: `row[field]` = {language: [question, ...]}
    (`asked` for the rulings', `written` for those written for the search, `whole` for the whole questions).

    A question written against a version no longer current follows its number into the current
    version only where that clause's text stayed nearly the same; the old version's clause (searched
    when its version is asked for) keeps it."""
    by_number: dict[tuple[str, str], dict] = {(row["document"], row["number"]): row for row in rows if row["number"]}
    current_of_series = {row["series"]: row["document"] for row in rows if row.get("current") == "yes"}
    series_of = {row["document"]: row["series"] for row in rows}
    by_key = {f"{row['document']}|{row['stable_id']}": row for row in rows}
    for entry in questions:
        document = entry.get("document", "")
        current = current_of_series.get(series_of.get(document, ""), document)
        for number in entry.get("numbers", []):
            written = by_number.get((document, number))
            targets = [written]
            newer = by_number.get((current, number)) if current != document else None
            if newer is not None and written is not None and _alike(written["text"], newer["text"]):
                targets.append(newer)
            for row in [t for t in targets if t is not None]:
                for target in (row, by_key.get(row.get("counterpart", ""))):
                    if target is not None:
                        _asked_add(target, entry, field)


def _asked_add(row: dict, entry: dict, field: str) -> None:
    asked = row.setdefault(field, {})
    for language in ("en", "it"):
        for text in entry.get(language, []):
            if text not in asked.setdefault(language, []):
                asked[language].append(text)


def asked_documents() -> dict[str, str]:
    """Each game's document its ruling scenarios cite by number: its current Italian comprehensive
    rules (docs/scenarios.md: Vanguard's `metadata.clauses` stay in Italian numbers)."""
    from ..models import Document

    newest: dict[str, object] = {}
    for document in Document.objects.published().filter(kind="cr", language="it").select_related("game"):
        best = newest.get(document.game.slug)
        if best is None or (document.date or dt.date.min, document.imported_at) > (best.date or dt.date.min, best.imported_at):
            newest[document.game.slug] = document
    return {game: document.slug for game, document in newest.items()}
