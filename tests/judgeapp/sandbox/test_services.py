"""Sandbox services: what a judge reads when the engine itself fails during a run."""
import dataclasses
import logging

import pytest

from engine.core import games as engine_games
from judgeapp.sandbox import selectors, services

pytestmark = pytest.mark.django_db


def test_an_engine_failure_in_a_run_shows_no_exception_text_and_is_logged(monkeypatch, caplog):
    scenario = services.scenario_import(data=selectors.example_get(slug="playbook-q01"))
    vanguard = engine_games.get("vanguard")

    def broken(expectation, state, events):
        raise KeyError("/work/engine/vanguard/scenario.py")

    scenarios = dataclasses.replace(vanguard.scenarios, evaluate=broken)
    monkeypatch.setitem(engine_games.GAMES, "vanguard", dataclasses.replace(vanguard, scenarios=scenarios))
    with caplog.at_level(logging.ERROR, logger="judgeapp.sandbox.services"):
        result = services.scenario_run(scenario=scenario)
    failed = [check for check in result["checks"] if not check["passed"]]
    assert failed and all(check["detail"] == services.ENGINE_FAULT_SHOWN for check in failed), result
    assert "KeyError" not in str(result) and "/work/" not in str(result)
    assert "KeyError" in caplog.text
