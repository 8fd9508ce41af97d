"""The assumptions registers (docs/engine-assumptions*.md, one per game) read as rows for the site's pages.

Each register has an Italian edition beside it (docs/engine-assumptions*.it.md: the same table, the same reading
ids, the prose in Italian); a page shows the edition of its language, and a reading the Italian edition lacks yet
stays English, marked so (docs/translations.md, "The readings registers")."""
from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.utils.translation import get_language, override

# The registers are also the developers' notes: a field or identifier in `code` reads on the site as words.
CODE_SPAN = re.compile(r"`([^`\n]+)`")
# The language the registers themselves are written in; every other edition is a file beside them.
SOURCE_LANGUAGE = "en"
EDITION_LANGUAGES = ("it",)


# The scenario files a reading is checked by (`<game>/outsider6-….json`, …): the developers' pointer, not words for a
# judge (read as identifiers they came out as "…/outsider4-assist-with-a-forza-limit…"): left off the site.
FILE_SPANS = re.compile(r"\s*`[^`\n]+\.(?:json|md|py)`(?:\s*,\s*`[^`\n]+\.(?:json|md|py)`)*")


def _plain(cell: str) -> str:
    from .wording import words

    cell = FILE_SPANS.sub("", cell)
    return CODE_SPAN.sub(lambda m: re.sub(r"[A-Za-z_]\w*", lambda w: words(w.group(0)), m.group(1)), cell)


def edition_path(path: Path, language: str) -> Path:
    """engine-assumptions-<game>.md -> engine-assumptions-<game>.it.md: the same name, the language before .md"""
    return path.with_name(f"{path.stem}.{language}{path.suffix}")


def read_rows(path: Path, row: re.Pattern) -> list[dict]:
    """The raw rows of one register file (id and its three other cells, as written); none when it is missing."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = row.match(line)
        if not match:
            continue
        cells = [c.strip() for c in match.group(2).split(" | ")]
        if len(cells) == 3:
            out.append({"id": match.group(1), "where": cells[0], "problem": cells[1], "reading": cells[2]})
    return out


def register_rows(path: Path, row: re.Pattern) -> list[dict]:
    """The rows of an assumptions register (a Markdown table: id, where, problem, reading) that ``row`` matches
    (its group 1 the id, group 2 the other cells): id, where (the English register's), and the problem and reading
    rendered and sanitised by the reader's renderer, in English; ``editions`` holds them in every language the
    reading is written in (the English always)."""
    from rulesdb.rendering import markdown_html

    def rendered(raw: dict, language: str) -> dict:
        # Each edition's identifiers read as words of its own language, whatever the language of the request
        # that first reads the register: the rows are kept (cached) for every later page.
        with override(language):
            return {"problem": markdown_html(_plain(raw["problem"])), "reading": markdown_html(_plain(raw["reading"]))}

    others = {language: {r["id"]: r for r in read_rows(edition_path(path, language), row)}
              for language in EDITION_LANGUAGES}
    out = []
    for raw in read_rows(path, row):
        editions = {SOURCE_LANGUAGE: rendered(raw, SOURCE_LANGUAGE)}
        editions.update({language: rendered(rows[raw["id"]], language) for language, rows in others.items()
                         if raw["id"] in rows})
        out.append({"id": raw["id"], "where": raw["where"], **editions[SOURCE_LANGUAGE], "editions": editions})
    return out


def missing_rows(path: Path, row: re.Pattern, language: str) -> list[str]:
    """The reading ids of the English register that its ``language`` edition lacks (the rows still to translate)."""
    have = {r["id"] for r in read_rows(edition_path(path, language), row)}
    return [r["id"] for r in read_rows(path, row) if r["id"] not in have]


def in_page_language(rows) -> list[dict]:
    """The rows with their problem and reading in the page's language, or in English when the reading has no
    edition in it yet: ``lang`` then names the language the prose is in (the page marks it), else it is None.
    Rows without editions (a plug-in's own) are English."""
    language = (get_language() or settings.LANGUAGE_CODE).split("-")[0]
    out = []
    for row in rows:
        editions = row.get("editions") or {}
        if language in editions:
            out.append(dict(row, **editions[language], lang=None))
        else:
            out.append(dict(row, **editions.get(SOURCE_LANGUAGE, {}),
                            lang=None if language == SOURCE_LANGUAGE else SOURCE_LANGUAGE))
    return out
