"""A tiny deterministic PRNG whose whole state is one integer.

``random.Random`` state is 625 words and its shuffle algorithm is an
implementation detail; SplitMix64 keeps the canonical JSON small and the
results identical on every Python version.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, output) for one SplitMix64 step."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def shuffled(items: list, state: int) -> tuple[list, int]:
    """Fisher-Yates shuffle; returns (new list, new rng state)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, r = next_u64(state)
        j = r % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state
