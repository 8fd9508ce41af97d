"""What the biggest bodies the sandbox accepts cost a production server (gunicorn, 2 workers,
SQLite): the old attack body (a 200 KB card name a template's `count` copies into 180 cards) is now
refused, and the largest boards allowed (200 cards, every name and text at its bound) are created,
stepped and read while the workers' memory and the answers' sizes are watched.

Prints figures; asserts nothing. Run: .venv/bin/python benchmarks/sandbox_sizes.py [boards]
"""
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._gunicorn import production_server, request, rss_kb, worker_pids  # noqa: E402

import urllib.request  # noqa: E402


def attack_body() -> dict:
    """The body that stored 39.9 MB per point before names were bounded."""
    template = {"name": "x" * 200_000, "grade": 1, "power": 8000}
    deck = [{"template": "big", "count": 60}] * 3
    return {"scenario": {"format": "judgeapp-scenario/1", "seed": 1, "turn": 2, "turn_player": 0,
                         "first_player": 1, "phase": "main", "templates": {"big": template},
                         "players": [{"field": {"vanguard": {"id": "v0", "name": "V", "grade": 0, "power": 6000}},
                                      "deck": deck[:1]},
                                     {"field": {"vanguard": {"id": "v1", "name": "V", "grade": 0, "power": 6000}},
                                      "deck": deck[1:]}]}}


def largest_board(text: int = 1000) -> dict:
    """200 cards whose names and clans are at their bounds, with an ability text of ``text`` characters."""
    card = {"name": "N" * 200, "grade": 1, "power": 8000, "shield": 5000, "clan": "C" * 200, "nation": "M" * 200,
            "abilities": [{"timing": "act", "effects": [{"kind": "power", "amount": 5000, "target": "self",
                                                           "duration": "end_of_turn"}], "text": "T" * text}]}
    players = []
    for p in (0, 1):
        players.append({"field": {"vanguard": dict(card, id=f"v{p}", grade=3, power=13000)},
                        "hand": [dict(card, id=f"h{p}-{i}") for i in range(9)],
                        "deck": [dict(card, id=f"d{p}-{i}") for i in range(90)]})
    return {"format": "judgeapp-scenario/1", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1,
            "phase": "main", "players": players}


def raw_get(base: str, path: str) -> int:
    with urllib.request.urlopen(base + path, timeout=60) as response:
        return len(response.read())


def main() -> None:
    boards = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    with production_server(Path(tempfile.mkdtemp(prefix="judgeapp-sizes-")), workers=2,
                           extra_env={"JUDGEAPP_RATE_LIMIT_FACTOR": "100"}) as (base, master):
        def rss() -> str:
            return " + ".join(f"{rss_kb(pid) // 1024} MB" for pid in worker_pids(master))

        for _ in range(10):  # warm both workers
            raw_get(base, "/sandbox/")
        print(f"workers after warm-up: {rss()}")
        statuses = []
        for _ in range(20):
            statuses.append(request(base, "POST", "/api/v1/scenarios/", attack_body())[0])
        print(f"old attack body x20 (a 200 KB name, count 60 x3): answers {sorted(set(statuses))}; "
              f"workers: {rss()}")
        text = 1000
        while True:  # the longest ability text that keeps 200 such cards within the state bound
            status, body = request(base, "POST", "/api/v1/scenarios/", {"scenario": largest_board(text)})
            if status == 201:
                break
            print(f"  ability texts of {text}: {status} {body.get('message')}")
            text -= 50
        largest_answer = page = 0
        started = time.perf_counter()
        for n in range(boards):
            status, created = request(base, "POST", "/api/v1/scenarios/", {"scenario": largest_board(text)})
            owner = {"X-Sandbox-Owner": created["owner_token"]}
            for i in range(10):
                move = {"kind": "judge_move", "card": f"d1-{i}", "zone": "drop"}
                status, answer = request(base, "POST", f"/api/v1/scenarios/{created['id']}/answer/",
                                         {"action": move, "then": "none"}, owner)
                assert status == 200, (status, answer)
            largest_answer = max(largest_answer, raw_get(base, f"/api/v1/scenarios/{created['id']}/"))
            page = max(page, raw_get(base, f"/sandbox/{created['id']}/"))
        print(f"{boards} largest boards (200 cards, names/clans 200, an ability text {text} each), 10 judge moves "
              f"each, read by API and page: {time.perf_counter() - started:.1f} s; largest API answer "
              f"{largest_answer // 1024} KB, largest page {page // 1024} KB; workers: {rss()}")


if __name__ == "__main__":
    main()
