"""Every assumption an Altered event names is in docs/engine-assumptions-altered.md (the registry's clauses:
tests/engine/test_citations.py against the vendored text, tests/engine/test_citations_loaded.py against the
loaded database and the scenarios)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_every_assumption_an_event_names_is_in_the_register():
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "altered").glob("*.py"))
    named = set(re.findall(r'"(AL\d+)"', src))
    register = (ROOT / "docs" / "engine-assumptions-altered.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| (AL\d+) \|", register, re.M))
    assert named and named <= listed, sorted(named - listed)
