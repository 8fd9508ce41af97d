"""Benchmark: random legal games between generated decks (seeded).

    .venv/bin/python benchmarks/engine.py [--games 200] [--seed 1]

Prints, for Cardfight!! Vanguard, Weiss Schwarz and Altered, full games per
second (one core: wall clock, and CPU time, which a shared machine's load
does not lower) and the latency of single ``play`` calls (answer + advance
to the next decision) and of single ``step`` calls, as p50/p95.  Targets:
>= 50 games/s, step p95 < 2 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import altered, vanguard, weiss  # noqa: E402
from engine.altered.sample import generated_deck as altered_deck  # noqa: E402
from engine.vanguard.sample import generated_deck  # noqa: E402
from engine.weiss.sample import generated_deck as weiss_deck  # noqa: E402

MAX_DECISIONS = 5000


def policy(rnd: random.Random, state):
    """Mostly aggressive random play, so games end by damage rather than deck-out."""
    acts = vanguard.legal_actions(state)
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


def weiss_policy(rnd: random.Random, state):
    """Random Weiss Schwarz play that attacks and clocks, and ends main phases instead of shuffling characters."""
    acts = weiss.legal_actions(state)
    kind = state.pending.kind
    non_pass = [a for a in acts if a.kind != "pass"]
    if kind in ("attack", "clock", "climax", "use", "encore", "level_up") and non_pass and rnd.random() < 0.9:
        return rnd.choice(non_pass)
    if kind == "main":
        plays = [a for a in acts if a.kind in ("play", "act")]
        if plays and rnd.random() < 0.6:
            return rnd.choice(plays)
        return acts[-1]  # pass
    return rnd.choice(acts)


def altered_policy(rnd: random.Random, state):
    """Random Altered play that mostly plays a card or a quick action in its turn, so expeditions advance."""
    acts = altered.legal_actions(state)
    if state.pending.kind == "turn" and rnd.random() < 0.75:
        plays = [a for a in acts if a.kind != "pass"]
        if plays:
            return rnd.choice(plays)
    return rnd.choice(acts)


GAMES = {
    "Cardfight!! Vanguard": (vanguard.new_game, generated_deck, vanguard.advance, vanguard.play, vanguard.step, policy),
    "Weiss Schwarz": (weiss.new_game, weiss_deck, weiss.advance, weiss.play, weiss.step, weiss_policy),
    "Altered": (altered.new_game, altered_deck, altered.advance, altered.play, altered.step, altered_policy),
}


def play_game(seed: int, latencies: list[float], game: str = "Cardfight!! Vanguard") -> tuple[int, dict]:
    make, deck, advance_, play_, _, policy_ = GAMES[game]
    rnd = random.Random(seed)
    state = make([deck(seed * 2), deck(seed * 2 + 1)], seed=seed)
    state, _ = advance_(state)
    n = 0
    while not state.outcome and n < MAX_DECISIONS:
        action = policy_(rnd, state)
        t0 = time.perf_counter()
        state, _ = play_(state, action)
        latencies.append(time.perf_counter() - t0)
        n += 1
    return n, state.outcome or {}


def step_latencies(seed: int, count: int, game: str = "Cardfight!! Vanguard") -> list[float]:
    """Drive games event by event with step() (and apply() at decisions) to time single steps."""
    from engine.core import games

    make, deck, _, _, step_, policy_ = GAMES[game]
    apply_ = games.for_state(make([deck(0), deck(1)], seed=0)).apply
    out: list[float] = []
    while len(out) < count:
        rnd = random.Random(seed)
        state = make([deck(seed), deck(seed + 1)], seed=seed)
        while len(out) < count and not state.outcome:
            t0 = time.perf_counter()
            if state.pending:
                state, _ = apply_(state, policy_(rnd, state))
            else:
                state, _ = step_(state)
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
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game (default: all)")
    args = parser.parse_args()
    for game in ([args.game] if args.game else list(GAMES)):
        report(game, args.games, args.seed)


def report(game: str, count: int, seed: int) -> None:
    latencies: list[float] = []
    reasons: dict[str, int] = {}
    decisions = 0
    t0, cpu0 = time.perf_counter(), time.process_time()
    for g in range(count):
        n, outcome = play_game(seed + g, latencies, game)
        decisions += n
        reasons[outcome.get("reason", "unfinished")] = reasons.get(outcome.get("reason", "unfinished"), 0) + 1
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    steps = step_latencies(seed, 20000, game)
    print(f"== {game}")
    # wall time counts the other processes of a shared machine; CPU time is this process's one core alone
    print(f"games: {count} in {elapsed:.2f}s = {count / elapsed:.1f} full games/s (one core, wall clock); "
          f"{count / cpu:.1f} games/s of CPU time")
    print(f"decisions: {decisions} ({decisions / count:.0f} per game); endings: {reasons}")
    print(f"play() latency (answer + advance): p50 {pct(latencies, .5):.3f} ms, p95 {pct(latencies, .95):.3f} ms")
    print(f"step()/apply() latency: p50 {pct(steps, .5):.3f} ms, p95 {pct(steps, .95):.3f} ms "
          f"(mean {statistics.mean(steps) * 1000:.3f} ms over {len(steps)} calls)")


if __name__ == "__main__":
    main()
