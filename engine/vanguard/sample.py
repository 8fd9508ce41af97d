"""Generated, rules-legal decks (5.2.2) for tests, benchmarks and demos."""

from __future__ import annotations

from ..core.rng import next_u64

CLANS = ("Royal Paladin", "Kagerō")


def generated_deck(seed: int, clan: str | None = None, abilities: bool = True) -> list[dict]:
    """A legal 50-card deck: 16 triggers (4 heal, 4 critical, 4 draw, 4 stand) and 34 normal units.

    Grades: 0 x 1 (starter) + triggers, 14 grade 1, 11 grade 2, 8 grade 3.
    With ``abilities`` a few cards carry simple abilities from the vocabulary
    (counter-blast power gains, on-hit draws, a perfect guard), so random games
    exercise costs and stand-by abilities.
    """
    state = seed & ((1 << 64) - 1)
    clan = clan or CLANS[seed % 2]
    deck: list[dict] = [{"name": "Starter", "grade": 0, "power": 6000, "critical": 1, "clan": clan,
                         "keywords": ["boost", "forerunner"]}]
    for icon in ("heal", "critical", "draw", "stand"):
        for i in range(4):
            card = {"name": f"{icon.title()} Trigger", "grade": 0, "power": 5000, "shield": 20000 if icon != "heal" else 20000,
                    "trigger": icon, "clan": clan, "keywords": ["boost"]}
            deck.append(card)
    for i in range(14):
        state, r = next_u64(state)
        card = {"name": f"Grade One {i % 4}", "grade": 1, "power": 8000, "shield": 5000, "clan": clan,
                "keywords": ["boost"]}
        if i < 4 and abilities:
            card = {"name": "Sentinel", "grade": 1, "power": 6000, "shield": 0, "clan": clan,
                    "keywords": ["boost", "sentinel"],
                    "abilities": [{"timing": "on_call", "conditions": [{"kind": "circle", "circle": "guardian"}],
                                   "cost": [{"kind": "discard", "count": 1}],
                                   "effects": [{"kind": "cannot_be_hit", "target": "guarded_unit", "duration": "end_of_battle"}],
                                   "text": "Perfect guard"}]}
        elif r % 3 == 0 and abilities:
            card["abilities"] = [{"timing": "on_boost", "effects": [{"kind": "power", "amount": 2000, "target": "self",
                                                                      "duration": "end_of_battle"}]}]
        deck.append(card)
    for i in range(11):
        state, r = next_u64(state)
        card = {"name": f"Grade Two {i % 4}", "grade": 2, "power": 10000, "shield": 5000, "clan": clan,
                "keywords": ["intercept"]}
        if r % 3 == 0 and abilities:
            card["abilities"] = [{"timing": "on_hit", "conditions": [{"kind": "circle", "circle": "rear_guard"}],
                                  "effects": [{"kind": "soul_charge", "count": 1}]}]
        deck.append(card)
    for i in range(8):
        card = {"name": f"Grade Three {i % 4}", "grade": 3, "power": 13000, "shield": 0, "clan": clan,
                "keywords": ["twin_drive"]}
        if i % 2 == 0 and abilities:
            card["abilities"] = [{"timing": "act", "once_per_turn": True,
                                  "conditions": [{"kind": "circle", "circle": "vanguard"}, {"kind": "limit_break", "count": 4}],
                                  "cost": [{"kind": "counter_blast", "count": 1}],
                                  "effects": [{"kind": "power", "amount": 10000, "target": "self", "duration": "end_of_turn"}],
                                  "text": "LB4 ACT [CB1]: +10000 power"}]
        deck.append(card)
    return deck
