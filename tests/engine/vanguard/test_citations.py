"""Every registry entry must exist in the vendored corpus and contain its words."""

import re
from pathlib import Path

import pytest

from engine.vanguard.citations import ALL_CLAUSES as REGISTRY, EN_DOCUMENT, IT_DOCUMENT

SOURCES = Path(__file__).resolve().parents[3] / "rulesdb" / "sources"


def clause_texts(lines, number):
    pattern = re.compile(r"^\s*(?:[-#*]+\s*)*" + re.escape(number) + r"(?:\.(?!\d)|\s(?=\D))\s*(.*)$")
    # a clause printed after the end of the previous one's sentence on the same line (IT "... in corso. 12.4.2. Se ...")
    inline = re.compile(r"(?<=[.\"”]\s)" + re.escape(number) + r"\.(?!\d)\s*(.*)$")
    return [m.group(1) for line in lines if (m := pattern.match(line) or inline.search(line))]


@pytest.fixture(scope="module")
def italian():
    return (SOURCES / f"{IT_DOCUMENT}.txt").read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def english():
    return (SOURCES / f"{EN_DOCUMENT}.txt").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_italian_clause_exists_with_words(key, italian):
    ref = REGISTRY[key]
    assert ref.citation.document == IT_DOCUMENT
    assert re.fullmatch(r"\d+(\.\d+)*", ref.citation.number), "numbers have no trailing dot"
    texts = clause_texts(italian, ref.citation.number)
    assert texts, f"{ref.citation.number} is not a clause number in {IT_DOCUMENT}"
    assert any(all(w.lower() in t.lower() for w in ref.words) for t in texts), (
        f"{key}: {ref.citation.number} text does not contain {ref.words}: {texts}")


@pytest.mark.parametrize("key", sorted(k for k, r in REGISTRY.items() if r.citation.en_number))
def test_english_match_exists(key, english):
    number = REGISTRY[key].citation.en_number
    assert clause_texts(english, number), f"{number} is not a clause number in {EN_DOCUMENT}"


def test_every_cited_key_in_the_engine_is_registered():
    engine = SOURCES.parents[1] / "engine"
    # the other games' packages (each has its own registry) name their own keys, some alike (TRIGGER_...)
    others = {p.parent for p in engine.glob("*/citations.py")} - {engine / "vanguard"}
    src = "\n".join(p.read_text(encoding="utf-8") for p in engine.rglob("*.py")
                    if not any(o in p.parents for o in others))
    used = set(re.findall(r'"([A-Z][A-Z_]+)"', src))
    candidates = {u for u in used if u in REGISTRY or u.startswith(("KW_", "TRIGGER_", "DAMAGE_", "GUARD_"))}
    missing = sorted(c for c in candidates if c not in REGISTRY)
    assert not missing, missing


def test_registry_against_the_corpus_parser(italian):
    """Cross-check with the importer's parser (rulesdb): each number is a parsed clause containing the words."""
    parsers = pytest.importorskip("rulesdb.parsers.vanguard")
    result = parsers.parse("\n".join(italian), language="it")
    by_number: dict[str, list] = {}
    for clause in result.clauses:
        by_number.setdefault(clause.number, []).append(clause)
    for key, ref in REGISTRY.items():
        clauses = by_number.get(ref.citation.number, [])
        assert clauses, f"{key}: {ref.citation.number} is not a parsed clause"
        assert all(
            any(w.lower() in f"{c.title} {c.text}".lower() for c in clauses) for w in ref.words
        ), f"{key}: {ref.citation.number} lacks {ref.words}"
