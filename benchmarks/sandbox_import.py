"""Importing the longest script the sandbox allows, then forking it and running its expectations: wall
time, and how long the database's write lock was held (the write queue's figures), on a file SQLite
database as `make serve` uses.

A script of judge moves (a card back and forth between hand and drop zone, each a new point of the
history), optionally with a 200-card board.  CPU time is printed beside the wall time: on a shared machine the wall time says more about the
neighbours.  Prints figures; asserts nothing.
Run: .venv/bin/python benchmarks/sandbox_import.py [actions ...]
"""
import sys
import time

from _django import django_setup  # noqa: E402

django_setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402

from judgeapp.write_queue import waited_by_this_thread  # noqa: E402
from judgeapp.sandbox import services  # noqa: E402
from judgeapp.sandbox.models import Scenario  # noqa: E402


def script_board(actions: int, cards: int = 20) -> dict:
    """A scenario whose script moves one card between hand and drop zone ``actions`` times."""
    unit = {"name": "Unit", "grade": 1, "power": 8000, "shield": 5000}
    deck = [dict(unit, id=f"p{p}-{i}") for p in (0, 1) for i in range(cards // 2)]
    players = [{"field": {"vanguard": {"id": f"v{p}", "name": "Vanguard", "grade": 3, "power": 13000}},
                "hand": [dict(unit, id=f"h{p}")], "deck": [c for c in deck if c["id"].startswith(f"p{p}-")]}
               for p in (0, 1)]
    script = [{"do": {"kind": "judge_move", "card": "h0", "zone": "drop" if i % 2 == 0 else "hand"}}
              for i in range(actions)]
    return {"format": "judgeapp-scenario/2", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1,
            "phase": "main", "players": players, "script": script}


def main() -> None:
    call_command("migrate", verbosity=0)
    sizes = [int(a) for a in sys.argv[1:]] or sorted({100, 250, settings.SANDBOX_MAX_SCRIPT_ACTIONS})
    for actions in sizes:
        for cards in (20, 196):
            data = script_board(actions, cards)
            waited_by_this_thread(reset=True)
            start, cpu = time.perf_counter(), time.process_time()
            scenario = services.scenario_import(data=data)
            took, cpu = time.perf_counter() - start, time.process_time() - cpu
            _, held = waited_by_this_thread(reset=True)
            points = len(Scenario.objects.get(pk=scenario.pk).tree["nodes"])
            print(f"import {actions:4d} actions, {cards:3d} cards: {took * 1000:7.0f} ms ({cpu * 1000:5.0f} ms CPU), "
                  "write lock held "
                  f"{held * 1000:6.1f} ms ({points} points)")
            for label, write in (("fork", services.scenario_fork), ("run the expectations", services.scenario_run)):
                start = time.perf_counter()
                write(scenario=scenario)
                took = time.perf_counter() - start
                _, held = waited_by_this_thread(reset=True)
                print(f"  {label} of it: {took * 1000:7.0f} ms, write lock held {held * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
