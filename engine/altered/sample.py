"""Generated, rules-legal Altered decks (1.1.4) for tests, benchmarks and demos."""

from __future__ import annotations

FACTIONS = ("Axiom", "Bravos", "Lyra", "Muna", "Ordis", "Yzmir")


def _character(name: str, hand: int, reserve: int, f: int, m: int, w: int, **extra) -> dict:
    return {"name": name, "type": "character", "hand_cost": hand, "reserve_cost": reserve, "forest": f,
            "mountain": m, "water": w, **extra}


def generated_deck(seed: int, abilities: bool = True) -> list[dict]:
    """A hero and 39 cards, at most 3 of a name: characters of every statistic, keywords, spells, a landmark.

    With ``abilities`` cards carry abilities from the vocabulary (reactions from hand, from the Reserve,
    at Noon and Dusk, quick and support actions, spells), so random games exercise reactions and choices.
    """
    faction = FACTIONS[seed % len(FACTIONS)]
    x = faction[:2]
    a = abilities
    deck: list[dict] = [{"name": f"{faction} Hero", "type": "hero", "faction": faction, "reserve_limit": 2,
                         "landmark_limit": 2,
                         "abilities": [{"timing": "reaction", "trigger": "at_noon",
                                        "effects": [{"kind": "resupply", "count": 1, "optional": True}]}] if a else []}]
    deck += [_character(f"{x} Scout", 1, 1, 2, 1, 0)] * 3
    deck += [_character(f"{x} Climber", 1, 1, 0, 2, 1)] * 3
    deck += [_character(f"{x} Swimmer", 1, 1, 1, 0, 2)] * 3
    deck += [_character(f"{x} Ranger", 2, 2, 2, 2, 1, abilities=[
        {"timing": "reaction", "trigger": "from_hand", "effects": [{"kind": "boost", "count": 1}]}] if a else [])] * 3
    deck += [_character(f"{x} Guard", 2, 1, 1, 1, 1, keywords=["defender"])] * 3
    deck += [_character(f"{x} Titan", 4, 3, 3, 3, 3, keywords=["giant"])] * 3
    deck += [_character(f"{x} Elder", 3, 2, 2, 2, 2, keywords=["eternal"])] * 3
    deck += [_character(f"{x} Veteran", 2, 2, 1, 2, 1, keywords=["seasoned"], abilities=[
        {"timing": "reaction", "trigger": "from_reserve", "effects": [{"kind": "boost", "count": 1}]}] if a else [])] * 3
    deck += [_character(f"{x} Mystic", 2, 1, 1, 1, 1, abilities=[
        {"timing": "support", "cost": [{"kind": "discard_self"}],
         "effects": [{"kind": "stat", "stat": "all", "amount": 1, "duration": "turn", "target": "choose_own"}]}]
        if a else [])] * 3
    deck += [_character(f"{x} Saboteur", 2, 2, 1, 1, 1, abilities=[
        {"timing": "reaction", "trigger": "on_enter", "effects": [{"kind": "sabotage"}]}] if a else [])] * 3
    deck += [{"name": f"{x} Rally", "type": "spell", "hand_cost": 2, "reserve_cost": 2, "abilities": [
        {"timing": "effect", "effects": [{"kind": "boost", "count": 1, "target": "each_own"}]}]}] * 3
    deck += [{"name": f"{x} Recruits", "type": "spell", "hand_cost": 3, "reserve_cost": 2, "abilities": [
        {"timing": "effect", "effects": [{"kind": "token", "name": "Recruit", "forest": 1, "mountain": 1,
                                          "water": 1, "where": "each"}]}]}] * 3
    deck += [{"name": f"{x} Tower", "type": "permanent", "hand_cost": 2, "reserve_cost": 2, "abilities": [
        {"timing": "reaction", "trigger": "at_dusk", "effects": [{"kind": "draw", "count": 1}]}] if a else []}] * 3
    return [dict(c) for c in deck]
