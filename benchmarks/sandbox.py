"""Server time of the sandbox: one step request, and loading a saved scenario with a 500-event log.

In-process django.test.Client against a temporary SQLite database. Target: p95 < 50 ms.
Prints figures; asserts nothing. Run: .venv/bin/python benchmarks/sandbox.py
"""
import statistics
import gc
import time

from _django import django_setup  # noqa: E402

django_setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

import engine  # noqa: E402
from judgeapp.sandbox import services  # noqa: E402

ROUNDS = 60


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def report(label: str, times: list[float]) -> None:
    ms = [t * 1000 for t in times]
    print(f"{label:<48} p50 {statistics.median(ms):6.1f} ms  p95 {percentile(ms, .95):6.1f} ms  (n={len(ms)})")


def long_scenario(client: Client) -> str:
    """A started scenario whose current line holds >= 500 events (a played-out mirror match)."""
    deck = [{"name": "Vanguard", "grade": 0, "power": 6000, "shield": 10000, "keywords": ["boost"]}]
    deck += [{"name": f"Unit {g}", "grade": g, "power": 6000 + 2000 * g, "shield": 5000,
              "keywords": ["boost"] if g < 2 else ["intercept"]} for g in (1, 2, 3) for _ in range(24)]
    deck += [{"name": "Critical", "grade": 0, "power": 5000, "shield": 15000, "trigger": "critical"}] * 16
    players = []
    for p in (0, 1):
        cards = [dict(c, id=f"p{p}-{i}") for i, c in enumerate(deck)]
        players.append({"field": {"vanguard": cards[0]}, "hand": cards[1:6], "deck": cards[6:]})
    definition = {"format": "judgeapp-scenario/1", "seed": 7, "turn": 1, "turn_player": 0, "first_player": 0,
                  "phase": "stand", "players": players}
    scenario = services.scenario_create(definition=definition, start=True)
    events = 0
    while events < 500:
        state = services.scenario_state(scenario=scenario)
        if state.outcome:
            break
        if state.pending is None:
            node = services.scenario_step(scenario=scenario, mode="decision")
        else:
            options = engine.legal_actions(state)
            # Ride when possible, never attack: a long, quiet game (draws, rides, phases) until 500 events.
            choice = next((o for o in options if o.kind not in ("pass", "accept")), options[0])
            if state.pending.kind != "ride":
                choice = next((o for o in options if o.kind in ("pass", "accept")), choice)
            node = services.scenario_act(scenario=scenario, action=choice.to_json())
        events += len(node.get("events", ()))
    scenario.refresh_from_db()
    from judgeapp.sandbox import selectors

    print(f"saved scenario: {len(selectors.log_view(scenario=scenario))} events on the current line, "
          f"{len(scenario.tree['nodes'])} points")
    return str(scenario.id)


def main() -> None:
    call_command("migrate", verbosity=0)
    gc.freeze()  # as judgeapp/wsgi.py does once the application is loaded
    print("start-up objects frozen out of the cyclic GC, as in judgeapp/wsgi.py")
    client = Client()
    created = client.post("/api/v1/scenarios/", {"scenario": {
        "format": "judgeapp-scenario/1", "seed": 1, "turn": 1, "turn_player": 0, "first_player": 0,
        "phase": "stand", "players": [
            {"field": {"vanguard": {"id": f"v{p}", "name": "V", "grade": 0, "power": 6000}},
             "deck": [{"id": f"d{p}-{i}", "name": "G1", "grade": 1, "power": 8000, "shield": 5000} for i in range(40)]}
            for p in (0, 1)]}}, content_type="application/json").json()
    sid = created["id"]
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        response = client.post(f"/api/v1/scenarios/{sid}/step/", {"mode": "event"}, content_type="application/json")
        times.append(time.perf_counter() - start)
        if response.status_code != 200:  # the game reached a decision: answer it and keep stepping
            state = services.scenario_state(scenario=services.Scenario.objects.get(pk=sid))
            if state.pending is None:
                break
            client.post(f"/api/v1/scenarios/{sid}/answer/", {"action": engine.legal_actions(state)[-1].to_json(),
                                                             "then": "none"}, content_type="application/json")
            times.pop()
    report("step request (POST /api/v1/scenarios/<id>/step/)", times)

    long_id = long_scenario(client)
    for label, url in (("load saved scenario page (500-event log)", f"/sandbox/{long_id}/"),
                       ("load saved scenario API (500-event log)", f"/api/v1/scenarios/{long_id}/"),
                       ("player 1's page (redacted 500-event log)", f"/sandbox/{long_id}/?view=p1"),
                       ("player 1's API (redacted 500-event log)", f"/api/v1/scenarios/{long_id}/?view=p1")):
        times = []
        for _ in range(ROUNDS):
            start = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, response.status_code
        report(label, times)
    print("target: p95 < 50 ms")


if __name__ == "__main__":
    main()
