"""Every Altered registry entry exists in altered-cr-it (vendored text and parser) with its words, letters included
(tests/engine/test_citations_loaded.py: the loaded database, and every entry cited by some scenario)."""

import re

import pytest

from engine.altered.citations import ALL_CLAUSES as REGISTRY, DOCUMENT
from rulesdb.parsers import altered as altered_parser
from tests.engine.citations import ROOT, assert_clause_has_words, parsed_clauses, unregistered_keys


@pytest.fixture(scope="module")
def parsed():
    return parsed_clauses(DOCUMENT, altered_parser)


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_clause_exists_with_its_words(key, parsed):
    # Altered numbers its sub-points with letters (1.2.3.a).
    assert_clause_has_words(key, REGISTRY[key], DOCUMENT, parsed, r"\d+(\.\d+)*(\.[a-z])?")


def test_every_key_the_engine_cites_is_registered():
    missing = unregistered_keys("altered", REGISTRY)
    assert not missing, missing


def test_every_assumption_an_event_names_is_in_the_register():
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "altered").glob("*.py"))
    named = set(re.findall(r'"(A\d+)"', src))
    register = (ROOT / "docs" / "engine-assumptions-altered.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| (A\d+) \|", register, re.M))
    assert named and named <= listed, sorted(named - listed)
