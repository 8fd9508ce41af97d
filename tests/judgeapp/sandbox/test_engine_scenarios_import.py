"""Every engine scenario of every hosted game imported into the sandbox (judgeapp/sandbox/services.py): an unseen
ruling translated into the scenario format can be opened as a board, markers, declines and all."""
import json
from pathlib import Path

import pytest

from judgeapp.sandbox import services, validation
from judgeapp.sandbox.history_writes import state_load

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
# Boards the sandbox refuses on purpose: a player has already lost before anything is played (board_checks), and the
# scenario checks the rule action that says so at once.
ALREADY_OVER = {"altered/effect-move-forward-at-the-end.json", "weiss/both-lose-is-a-draw.json",
                "weiss/format-game-over-and-draw.json"}


def _files() -> list[Path]:
    return sorted(p for p in SCENARIOS.rglob("*.json") if p.name != "index.json")


def test_every_scenario_file_opens_as_a_board():
    refused, opened = [], 0
    for path in _files():
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "players" not in data:
            continue
        name = str(path.relative_to(SCENARIOS))
        try:
            services.scenario_import(data=data)
            opened += 1
        except validation.SandboxError as exc:
            if name not in ALREADY_OVER:
                refused.append(f"{name}: {exc.field}: {exc.message}")
    assert opened >= 800 and not refused, refused


def test_a_decline_passes_the_decision_it_names_and_the_script_goes_on():
    """A Weiss script declining the climax phase's play and then answering: both played on the board."""
    candidates = [p for p in _files() if '"decline"' in p.read_text(encoding="utf-8")]
    assert len(candidates) >= 50
    for path in candidates:
        data = json.loads(path.read_text(encoding="utf-8"))
        items = data.get("script") or []
        if any("decline" in i for i in items) and sum("do" in i for i in items) >= 1:
            board = services.scenario_import(data=data)
            assert board.tree["current"] >= sum("do" in i for i in items), path.name



def _plays(data: dict) -> bool:
    return any(isinstance(i, dict) and ({"do", "decline", "stop_at"} & set(i)) for i in data.get("script") or [])


def _imported_and_run(*, plays: bool):
    """(file name, the board it imports as, the runner's result) of every one-line scenario file whose script plays
    something (or, ``plays=False``, nothing)."""
    import engine

    for path in _files():
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "players" not in data or data.get("branches") or _plays(data) != plays:
            continue
        name = str(path.relative_to(SCENARIOS))
        if name not in ALREADY_OVER:
            yield name, services.scenario_import(data=data), engine.run_scenario(engine.load_scenario(data))


def test_a_board_imported_from_a_script_ends_where_the_engine_runner_ends():
    """Every file whose script plays something ends, imported as a board, on the runner's final state. Before: a
    judge's action after a stop point was taken at the next decision instead (weiss/outsider2-attacker-moved-no-
    damage-no-battle moved its attacker after the counter step it was meant to happen in), an answer followed by a
    stop point ran past it, a decline the rules settled without asking ran to the next decision, and a Weiss
    Schwarz file that names no turn opened on turn 1 (the first turn's single attack) where the runner reads turn
    3: 108 of 1,705 such files ended elsewhere."""
    compared, differ = 0, []
    for name, board, ran in _imported_and_run(plays=True):
        compared += 1
        if services.scenario_state(scenario=board).to_json() != ran.state.to_json():
            differ.append(name)
    assert compared >= 1500 and not differ, differ


def test_a_board_imported_from_a_script_that_plays_nothing_opens_where_the_runner_checks():
    """A file whose script only checks (or has none) opened on its starting state, where the runner advances to the
    first decision before its checks (site-walk5): 187 files opened a point before the one they were written about.
    The board now stands where the runner does, its starting state one point back."""
    compared, differ = 0, []
    for name, board, ran in _imported_and_run(plays=False):
        compared += 1
        if services.scenario_state(scenario=board).to_json() != ran.state.to_json():
            differ.append(name)
        elif board.tree["current"]:  # the start is still there, one point back
            assert state_load(scenario=board, node=0).to_json() != ran.state.to_json(), name
    assert compared >= 150 and not differ, differ


@pytest.mark.parametrize("check", [{"expect": [{"expect": "zone_count", "player": 0, "zone": "reserve", "count": 2}]},
                                   {"refuse": {"kind": "pass"}}])
def test_a_script_beginning_with_a_check_imports_where_the_runner_checks_it(check):
    """A check before anything is played: the runner advances to the next decision before it (on this board the
    Clean-up asks nothing, so past the Night), and a stop point after it is walked to from there. The import
    walked to the stop point from the starting state instead, and opened elsewhere than the runner ends."""
    import engine
    data = json.loads((SCENARIOS / "altered" / "outsider11-cleanup-within-the-limits-no-one-is-asked.json")
                      .read_text(encoding="utf-8"))
    data["script"] = [check, *data["script"]]
    ran = engine.run_scenario(engine.load_scenario(data))
    board = services.scenario_import(data=data)
    assert services.scenario_state(scenario=board).to_json() == ran.state.to_json()
    assert ran.state.phase != "night"
