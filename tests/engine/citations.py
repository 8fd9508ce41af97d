"""The checks Altered's and Weiss Schwarz's citation tests share: a registry against the vendored text and parser.

Vanguard's registry is checked line by line against two documents (Italian and
English), so its test keeps its own reading; the other two read one parsed document.
"""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def parsed_clauses(document, parser):
    """Clause number -> lower-cased "title text" of every clause the importer's parser finds in ``document``."""
    text = (ROOT / "rulesdb" / "sources" / f"{document}.txt").read_text(encoding="utf-8")
    return {c.number: f"{c.title} {c.text}".lower() for c in parser.parse(text, language="it").clauses}


def assert_clause_has_words(key, ref, document, parsed, number_pattern):
    """The entry cites ``document``, its number has the document's shape, and that clause says every word."""
    assert ref.citation.document == document
    assert re.fullmatch(number_pattern, ref.citation.number)
    assert ref.citation.number in parsed, f"{key}: {ref.citation.number} is not a clause of {document}"
    for word in ref.words:
        assert word.lower() in parsed[ref.citation.number], f"{key}: {ref.citation.number} does not say {word!r}"


def unregistered_keys(game, registry, ignore=()):
    """Quoted upper-case keys in engine/<game>'s modules (but its registry) that the registry lacks."""
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / game).glob("*.py")
                    if p.name not in ("citations.py", "__init__.py"))
    used = set(re.findall(r'"([A-Z][A-Z0-9_]{3,})"', src))
    return sorted(u for u in used if u not in registry and not u.startswith(tuple(ignore)))
