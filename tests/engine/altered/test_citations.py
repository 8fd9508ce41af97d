"""Every Altered registry entry exists in altered-cr-it (vendored text and parser) with its words, letters included
(test_citations_loaded.py: the loaded database, and every entry cited by some scenario)."""

import re
from pathlib import Path

import pytest

from engine.altered.citations import ALL_CLAUSES as REGISTRY, DOCUMENT
from rulesdb.parsers import altered as altered_parser

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def parsed():
    text = (ROOT / "rulesdb" / "sources" / f"{DOCUMENT}.txt").read_text(encoding="utf-8")
    return {c.number: f"{c.title} {c.text}".lower() for c in altered_parser.parse(text, language="it").clauses}


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_clause_exists_with_its_words(key, parsed):
    ref = REGISTRY[key]
    assert ref.citation.document == DOCUMENT
    assert re.fullmatch(r"\d+(\.\d+)*(\.[a-z])?", ref.citation.number)
    assert ref.citation.number in parsed, f"{key}: {ref.citation.number} is not a clause of {DOCUMENT}"
    for word in ref.words:
        assert word.lower() in parsed[ref.citation.number], f"{key}: {ref.citation.number} does not say {word!r}"


def test_every_key_the_engine_cites_is_registered():
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "altered").glob("*.py")
                    if p.name not in ("citations.py", "__init__.py"))
    used = set(re.findall(r'"([A-Z][A-Z0-9_]{3,})"', src))
    missing = sorted(u for u in used if u not in REGISTRY)
    assert not missing, missing


def test_every_assumption_an_event_names_is_in_the_register():
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "altered").glob("*.py"))
    named = set(re.findall(r'"(A\d+)"', src))
    register = (ROOT / "docs" / "engine-assumptions-altered.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| (A\d+) \|", register, re.M))
    assert named and named <= listed, sorted(named - listed)
