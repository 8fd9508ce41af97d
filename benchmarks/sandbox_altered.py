"""Server time of an Altered board in the sandbox: an answer request, and loading a board played for several days
(the judge's page, a player's page and the API).

In-process django.test.Client against a temporary SQLite database, as benchmarks/sandbox.py. Target: p95 < 50 ms.
Prints figures; asserts nothing. Run: .venv/bin/python benchmarks/sandbox_altered.py
"""
import gc
import random
import time

from _django import django_setup  # noqa: E402

django_setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

import engine  # noqa: E402
from engine.altered import new_game  # noqa: E402
from engine.altered.sample import generated_deck  # noqa: E402
from judgeapp.sandbox import selectors, services  # noqa: E402
from judgeapp.sandbox.games import altered  # noqa: E402

from sandbox import ROUNDS, report  # noqa: E402


def played_board(client: Client, days: int = 4) -> str:
    """A board in the Afternoon of day ``days``: a generated game played at random up to there, then imported as
    a definition (both decks, hands, Reserves, Mana and expeditions as the game left them)."""
    rng = random.Random(3)
    state = new_game([generated_deck(0), generated_deck(1)], seed=3)
    while not (state.day == days and state.phase == "afternoon" and state.pending is not None) and not state.outcome:
        state, _ = engine.advance(state)
        if state.pending is not None and not (state.day == days and state.phase == "afternoon"):
            state, _ = engine.apply(state, rng.choice(engine.legal_actions(state)))
    definition = altered.definition_from_state(state, {"seed": 3})
    body = client.post("/api/v1/scenarios/", {"scenario": definition}, content_type="application/json").json()
    return body["id"]


def main() -> None:
    call_command("migrate", verbosity=0)
    gc.freeze()  # as judgeapp/wsgi.py does once the application is loaded
    client = Client()
    sid = played_board(client)
    scenario = services.Scenario.objects.get(pk=sid)
    state = services.scenario_state(scenario=scenario)
    cards = len(state.cards)
    print(f"board: day {state.day}, {cards} cards, {len(state.in_expeditions(0)) + len(state.in_expeditions(1))} "
          f"characters in the expeditions")
    times = []
    for _ in range(ROUNDS):
        scenario.refresh_from_db()
        state = services.scenario_state(scenario=scenario)
        if state.outcome or state.pending is None:
            client.post(f"/api/v1/scenarios/{sid}/step/", {"mode": "decision"}, content_type="application/json")
            continue
        action = engine.legal_actions(state)[0].to_json()
        start = time.perf_counter()
        client.post(f"/api/v1/scenarios/{sid}/answer/", {"action": action, "then": "decision"},
                    content_type="application/json")
        times.append(time.perf_counter() - start)
        if len(times) % 10 == 0:  # back to the start: the board stays a mid-game one
            client.post(f"/sandbox/{sid}/play/", {"op": "goto", "node": "0"})
    report("answer request (POST .../answer/, run on)", times)
    scenario.refresh_from_db()
    print(f"history: {len(scenario.tree['nodes'])} points, {len(selectors.log_view(scenario=scenario))} events")
    for label, url in (("judge's page", f"/sandbox/{sid}/"), ("player 1's page", f"/sandbox/{sid}/?view=p1"),
                       ("judge's API", f"/api/v1/scenarios/{sid}/"),
                       ("ruling page", f"/sandbox/{sid}/ruling/{scenario.tree['current']}/")):
        times = []
        for _ in range(ROUNDS):
            start = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
        report(label, times)
    print("target: p95 < 50 ms")


if __name__ == "__main__":
    main()
