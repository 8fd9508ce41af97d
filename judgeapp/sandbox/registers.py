"""The assumptions registers (docs/engine-assumptions*.md, one per game) read as rows for the site's pages."""
from __future__ import annotations

import re
from pathlib import Path

# The registers are also the developers' notes: a field or identifier in `code` reads on the site as words.
CODE_SPAN = re.compile(r"`([^`\n]+)`")


def _plain(cell: str) -> str:
    from .wording import words

    return CODE_SPAN.sub(lambda m: re.sub(r"[A-Za-z_]\w*", lambda w: words(w.group(0)), m.group(1)), cell)


def register_rows(path: Path, row: re.Pattern) -> list[dict]:
    """The rows of an assumptions register (a Markdown table: id, where, problem, reading) that ``row`` matches
    (its group 1 the id, group 2 the other cells): id, where, and the problem and reading rendered and sanitised
    by the reader's renderer."""
    from rulesdb.rendering import markdown_html

    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = row.match(line)
        if not match:
            continue
        cells = [c.strip() for c in match.group(2).split(" | ")]
        if len(cells) != 3:
            continue
        where, problem, reading = cells
        out.append({"id": match.group(1), "where": where, "problem": markdown_html(_plain(problem)),
                    "reading": markdown_html(_plain(reading))})
    return out
