"""Every Weiss Schwarz registry entry exists in ws-cr-it (vendored text and parser) with its words,
(test_coverage.py: every one of them is shown by some scenario)."""

import re
from pathlib import Path

import pytest

from engine.weiss.citations import ALL_CLAUSES as REGISTRY, DOCUMENT
from rulesdb.parsers import weiss as weiss_parser

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def parsed():
    text = (ROOT / "rulesdb" / "sources" / f"{DOCUMENT}.txt").read_text(encoding="utf-8")
    return {c.number: f"{c.title} {c.text}".lower() for c in weiss_parser.parse(text, language="it").clauses}


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_clause_exists_with_its_words(key, parsed):
    ref = REGISTRY[key]
    assert ref.citation.document == DOCUMENT
    assert re.fullmatch(r"\d+(\.\d+)*", ref.citation.number)
    assert ref.citation.number in parsed, f"{key}: {ref.citation.number} is not a clause of {DOCUMENT}"
    for word in ref.words:
        assert word.lower() in parsed[ref.citation.number], f"{key}: {ref.citation.number} does not say {word!r}"


def test_every_key_the_engine_cites_is_registered():
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "weiss").glob("*.py")
                    if p.name not in ("citations.py", "__init__.py"))
    used = set(re.findall(r'"([A-Z][A-Z0-9_]{3,})"', src))
    missing = sorted(u for u in used if u not in REGISTRY and not u.startswith("W"))
    assert not missing, missing
