"""docs/scenarios.md lists every event kind of every game with its fields, and nothing else.

Each game's kinds are gathered three ways: the events of every scenario of the
game, the events of seeded random games, and the kinds written literally in
the engine's source where it emits them. Every kind gathered must be listed
with the fields its events carry; every kind listed must be emitted by some
scenario (so a reader can find an example of each in tests/scenarios/).
"""

import random
import re
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from benchmarks.engine import GAMES, MAX_DECISIONS
from engine.core.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "scenarios.md"
SCENARIOS = ROOT / "tests" / "scenarios"
# game -> (heading of its table in the doc, its scenario files, its engine package, its benchmark name)
SETS = {
    "vanguard": ("### Cardfight!! Vanguard events", sorted(SCENARIOS.glob("*.json"))  # and the Playbook's questions
                 + sorted((ROOT / "judgeapp" / "sandbox" / "examples").glob("playbook-q*.json")), "vanguard",
                 "Cardfight!! Vanguard"),
    "weiss-schwarz": ("### Weiss Schwarz events", sorted((SCENARIOS / "weiss").glob("*.json")), "weiss",
                      "Weiss Schwarz"),
}
# an emit call naming its kind literally: emit(events, "kind", ...), judge_event("kind", ...)
LITERAL_EMIT = re.compile(r'\b(?:emit\(\s*\w+,\s*|judge_event\(\s*)"([a-z_]+)"')
FIELD = re.compile(r"\b([a-z][a-z_]*)\b")


def documented(game: str) -> dict[str, set[str]]:
    """kind -> the fields its row lists (identifiers outside parentheses)."""
    heading = SETS[game][0]
    text = DOC.read_text(encoding="utf-8")
    assert heading in text, f"docs/scenarios.md has no {heading!r} section"
    section = text.split(heading, 1)[1].split("\n#", 1)[0]
    out: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        kinds = re.findall(r"`([a-z_]+)`", cells[0])
        fields = set(FIELD.findall(re.sub(r"\([^)]*\)", "", cells[1]))) - {"or"}
        for kind in kinds:
            assert kind not in out, f"{kind} is listed twice"
            out[kind] = fields
    return out


@lru_cache(maxsize=None)
def scenario_events(game: str) -> tuple:
    events = []
    for path in SETS[game][1]:
        events.extend(run_scenario(load_scenario(path)).events)
    return tuple(events)


def random_events(game: str, count: int = 12) -> list:
    make, deck, advance_, play_, _, policy_ = GAMES[SETS[game][3]]
    out = []
    for g in range(1, count + 1):
        rnd = random.Random(g)
        state, events = advance_(make([deck(g * 2), deck(g * 2 + 1)], seed=g))
        for _ in range(MAX_DECISIONS):
            out.extend(events)
            if state.outcome:
                break
            state, events = play_(state, policy_(rnd, state))
    return out


def literal_kinds(game: str) -> set[str]:
    package = ROOT / "engine" / SETS[game][2]
    shared = [ROOT / "engine" / "turns.py"] + sorted((ROOT / "engine" / "core").glob("*.py"))
    return {k for path in sorted(package.glob("*.py")) + shared
            for k in LITERAL_EMIT.findall(path.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("game", SETS)
def test_every_listed_kind_is_emitted_by_some_scenario(game):
    listed = documented(game)
    emitted = {e.kind for e in scenario_events(game)}
    assert sorted(set(listed) - emitted) == [], "listed in docs/scenarios.md but emitted by no scenario"


@pytest.mark.parametrize("game", SETS)
def test_every_kind_an_engine_emits_is_listed_with_its_fields(game):
    listed = documented(game)
    events = list(scenario_events(game)) + random_events(game)
    unlisted = sorted({e.kind for e in events} - set(listed))
    assert unlisted == [], "emitted but not listed in docs/scenarios.md"
    missing = sorted({(e.kind, f) for e in events for f in e.data if f not in listed[e.kind]})
    assert missing == [], "fields events carry that their row does not list"


@pytest.mark.parametrize("game", SETS)
def test_every_kind_written_in_the_engine_is_listed(game):
    # a kind emitted only in a rare situation (no scenario, no random game reaches it) is still listed
    assert sorted(literal_kinds(game) - set(documented(game))) == []


def test_the_listing_can_fail(tmp_path, monkeypatch):
    doc = tmp_path / "scenarios.md"
    text = DOC.read_text(encoding="utf-8").replace("| `unlock` | card |", "| `unlock_x` | card |")
    doc.write_text(text, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "DOC", doc)
    assert "unlock" not in documented("vanguard") and "unlock_x" in documented("vanguard")
