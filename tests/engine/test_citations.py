"""Every Altered and Weiss Schwarz registry entry exists in its document (vendored text and the importer's parser)
with its words, and every key an engine quotes is registered.

tests/engine/test_citations_loaded.py checks the same registries against the loaded database and the scenarios.
Vanguard's registry is read line by line in two documents (Italian and English), so
tests/engine/vanguard/test_citations.py keeps its own reading.
"""
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

from engine.altered import citations as altered
from engine.weiss import citations as weiss
from rulesdb.parsers import altered as altered_parser, weiss as weiss_parser

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Registry:
    game: str  # its engine's folder
    clauses: dict  # every clause it cites, deck construction included
    document: str
    parser: object
    number: str  # the shape of a clause number in the document
    ignore: tuple[str, ...] = ()  # quoted names that are not registry keys


REGISTRIES = {
    # Altered numbers its sub-points with letters (1.2.3.a); "AL15" and the like are readings of its assumptions
    # register, checked against the register by test_every_assumption_an_event_names_is_in_the_register.
    "altered": Registry("altered", altered.ALL_CLAUSES, altered.DOCUMENT, altered_parser, r"\d+(\.\d+)*(\.[a-z])?",
                        ignore=("AL",)),
    # Names beginning with W are passed over, as this check always did (none is quoted today).
    "weiss": Registry("weiss", weiss.ALL_CLAUSES, weiss.DOCUMENT, weiss_parser, r"\d+(\.\d+)*", ignore=("W",)),
}


@lru_cache(maxsize=None)
def parsed(game: str) -> dict[str, str]:
    """Clause number -> lower-cased "title text" of every clause the importer's parser finds in the game's document."""
    registry = REGISTRIES[game]
    text = (ROOT / "rulesdb" / "sources" / f"{registry.document}.txt").read_text(encoding="utf-8")
    return {c.number: f"{c.title} {c.text}".lower() for c in registry.parser.parse(text, language="it").clauses}


@pytest.mark.parametrize("game, key", [(g, k) for g, r in REGISTRIES.items() for k in sorted(r.clauses)])
def test_clause_exists_with_its_words(game, key):
    registry, ref = REGISTRIES[game], REGISTRIES[game].clauses[key]
    clauses = parsed(game)
    assert ref.citation.document == registry.document
    assert re.fullmatch(registry.number, ref.citation.number)
    assert ref.citation.number in clauses, f"{key}: {ref.citation.number} is not a clause of {registry.document}"
    for word in ref.words:
        assert word.lower() in clauses[ref.citation.number], f"{key}: {ref.citation.number} does not say {word!r}"


@pytest.mark.parametrize("game", REGISTRIES)
def test_every_key_the_engine_cites_is_registered(game):
    registry = REGISTRIES[game]
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / game).glob("*.py")
                    if p.name not in ("citations.py", "__init__.py"))
    used = set(re.findall(r'"([A-Z][A-Z0-9_]{3,})"', src))
    missing = sorted(u for u in used if u not in registry.clauses and not u.startswith(registry.ignore))
    assert not missing, missing
