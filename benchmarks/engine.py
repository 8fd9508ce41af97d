"""Benchmark: random legal games between generated decks (seeded).

    .venv/bin/python benchmarks/engine.py [--games 200] [--seed 1]

Prints full games per second (one core) and the latency of single
``engine.play`` calls (answer + advance to the next decision) and of single
``engine.step`` calls, as p50/p95.  Targets: >= 50 games/s, step p95 < 2 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import advance, legal_actions, new_game, play, step  # noqa: E402
from engine.vanguard.sample import generated_deck  # noqa: E402

MAX_DECISIONS = 5000


def policy(rnd: random.Random, state):
    """Mostly aggressive random play, so games end by damage rather than deck-out."""
    acts = legal_actions(state)
    kind = state.pending.kind
    if kind in ("attack", "ride", "boost", "target") and rnd.random() < 0.9:
        non_pass = [a for a in acts if a.kind != "pass"]
        if non_pass:
            return rnd.choice(non_pass)
    if kind == "main" and rnd.random() < 0.5:
        calls = [a for a in acts if a.kind in ("call", "act")]
        if calls:
            return rnd.choice(calls)
        return acts[-1]
    if kind == "guard" and rnd.random() < 0.6:
        return acts[-1]  # pass
    return rnd.choice(acts)


def play_game(seed: int, latencies: list[float]) -> tuple[int, dict]:
    rnd = random.Random(seed)
    state = new_game([generated_deck(seed * 2), generated_deck(seed * 2 + 1)], seed=seed)
    state, _ = advance(state)
    n = 0
    while not state.outcome and n < MAX_DECISIONS:
        action = policy(rnd, state)
        t0 = time.perf_counter()
        state, _ = play(state, action)
        latencies.append(time.perf_counter() - t0)
        n += 1
    return n, state.outcome or {}


def step_latencies(seed: int, count: int) -> list[float]:
    """Drive games event by event with step() (and apply() at decisions) to time single steps."""
    from engine import apply

    out: list[float] = []
    while len(out) < count:
        rnd = random.Random(seed)
        state = new_game([generated_deck(seed), generated_deck(seed + 1)], seed=seed)
        while len(out) < count and not state.outcome:
            t0 = time.perf_counter()
            if state.pending:
                state, _ = apply(state, policy(rnd, state))
            else:
                state, _ = step(state)
            out.append(time.perf_counter() - t0)
        seed += 1
    return out


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    latencies: list[float] = []
    reasons: dict[str, int] = {}
    decisions = 0
    t0 = time.perf_counter()
    for g in range(args.games):
        n, outcome = play_game(args.seed + g, latencies)
        decisions += n
        reasons[outcome.get("reason", "unfinished")] = reasons.get(outcome.get("reason", "unfinished"), 0) + 1
    elapsed = time.perf_counter() - t0
    steps = step_latencies(args.seed, 20000)
    print(f"games: {args.games} in {elapsed:.2f}s = {args.games / elapsed:.1f} full games/s (one core)")
    print(f"decisions: {decisions} ({decisions / args.games:.0f} per game); endings: {reasons}")
    print(f"play() latency (answer + advance): p50 {pct(latencies, .5):.3f} ms, p95 {pct(latencies, .95):.3f} ms")
    print(f"step()/apply() latency: p50 {pct(steps, .5):.3f} ms, p95 {pct(steps, .95):.3f} ms "
          f"(mean {statistics.mean(steps) * 1000:.3f} ms over {len(steps)} calls)")


if __name__ == "__main__":
    main()
