"""A number of an ability's effect counted as it resolves: "deal 1 damage to your opponent for each of your other
characters", "draw a card for each climax in your memory" (``per``, assumption W41).

The number is counted once, as the effect resolves (8.8.1), and that many is done; counted zero, nothing is done
(1.3.2.2). The resolvers wrap effects.py's and register themselves in its ``RESOLVERS`` table when this module is
imported (rules.py imports it).
"""

from __future__ import annotations

from .abilities import Part
from .characteristics import amount_of
from .effects import RESOLVERS


def _counted_each(plain):
    def resolve(state, task, answer, part, events):
        if not part.get("per"):
            return plain(state, task, answer, part, events)
        n = amount_of(state, task["card"], part, "count")
        if n <= 0:  # 1.3.2.2: done zero times, nothing is done
            return None
        counted = Part(part.kind, tuple((k, n if k == "count" else v) for k, v in part.params if k != "per"))
        return plain(state, task, answer, counted, events)
    return resolve


for _kind in ("damage", "draw", "stock_charge"):
    RESOLVERS[_kind] = _counted_each(RESOLVERS[_kind])
