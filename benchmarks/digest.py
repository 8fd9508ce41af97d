"""Behaviour fingerprint: sha256 of every event of N seeded random games, and of every scenario's result.

    .venv/bin/python benchmarks/digest.py [--games 30] [--game "Weiss Schwarz"]

Run before and after a change meant to alter speed only: the digests must be identical.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.engine import GAMES, MAX_DECISIONS  # noqa: E402
from engine.core.scenario import load_scenario, run_scenario  # noqa: E402


def games_digest(game: str, count: int, seed: int = 1) -> str:
    """Hash of every event (as JSON) and every decision's legal answers of ``count`` seeded random games."""
    make, deck, advance_, play_, _, policy_ = GAMES[game]
    h = hashlib.sha256()
    for g in range(seed, seed + count):
        rnd = random.Random(g)
        state = make([deck(g * 2), deck(g * 2 + 1)], seed=g)
        state, events = advance_(state)
        n = 0
        while True:
            for e in events:
                h.update(json.dumps(e.to_json(), sort_keys=True).encode())
            if state.outcome or n >= MAX_DECISIONS:
                break
            h.update(json.dumps(state.pending.to_json(), sort_keys=True).encode())
            action = policy_(rnd, state)
            h.update(json.dumps(action.to_json(), sort_keys=True).encode())
            state, events = play_(state, action)
            n += 1
        h.update(state.to_json().encode())
    return h.hexdigest()


def scenarios_digest(folder: Path) -> str:
    """Hash of every scenario's run (events, refusals, decisions, failures) in ``folder``."""
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.json")):
        result = run_scenario(load_scenario(path))
        h.update(path.name.encode())
        for e in result.events:
            h.update(json.dumps(e.to_json(), sort_keys=True).encode())
        h.update(json.dumps(result.refusals, sort_keys=True, default=str).encode())
        h.update(json.dumps([d.to_json() for d in result.decisions], sort_keys=True).encode())
        h.update(json.dumps(result.to_json(), sort_keys=True, default=str).encode())
    return h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game (default: all)")
    args = parser.parse_args()
    for game in ([args.game] if args.game else list(GAMES)):
        print(f"{game} games: {games_digest(game, args.games)}")
    print(f"Vanguard scenarios: {scenarios_digest(ROOT / 'tests' / 'scenarios')}")
    print(f"Weiss Schwarz scenarios: {scenarios_digest(ROOT / 'tests' / 'scenarios' / 'weiss')}")
    print(f"Altered scenarios: {scenarios_digest(ROOT / 'tests' / 'scenarios' / 'altered')}")


if __name__ == "__main__":
    main()
