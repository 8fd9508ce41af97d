"""Generated, rules-legal Weiss Schwarz decks (5.1.2) for tests, benchmarks and demos."""

from __future__ import annotations

COLOURS = (("yellow", "red"), ("blue", "green"))
ALL_MINE = "all_own_characters"


def _character(name: str, colour: str, level: int, cost: int, power: int, soul: int = 1, **extra) -> dict:
    return {"name": name, "type": "character", "colour": colour, "level": level, "cost": cost, "power": power,
            "soul": soul, **extra}


def generated_deck(seed: int, abilities: bool = True) -> list[dict]:
    """A legal 50-card deck: 8 climaxes, 14 level 0, 12 level 1, 8 level 2, 4 level 3 characters, 4 events.

    Two colours (the main one for most cards); every trigger icon of 7.3.1.2
    appears on some card; with ``abilities`` cards carry abilities from the
    vocabulary (CONT climax boosts, ACT, AUTO on play / on attack / on
    reverse, a backup, a counter event, brainstorm), so random games exercise
    costs, stand-by abilities and the counter step.
    """
    main, second = COLOURS[seed % 2]
    x = "Blue" if main == "blue" else "Gold"
    boost = [{"timing": "cont", "effects": [{"kind": "power", "amount": 1000, "target": ALL_MINE},
                                            {"kind": "soul", "amount": 1, "target": ALL_MINE}]}] if abilities else []
    deck: list[dict] = []
    deck += [{"name": f"{x} Finale", "type": "climax", "colour": main, "triggers": ["soul", "wind"],
              "abilities": boost}] * 3
    deck += [{"name": f"{x} Fireworks", "type": "climax", "colour": main, "triggers": ["flame"], "abilities": boost}] * 2
    deck += [{"name": f"{x} Treasure", "type": "climax", "colour": main, "triggers": ["treasure"]}] * 1
    deck += [{"name": f"{x} Encore Song", "type": "climax", "colour": second, "triggers": ["soul", "pants"],
              "abilities": boost}] * 2
    stock_on_play = [{"timing": "on_play", "optional": True, "cost": [{"kind": "discard", "count": 1}],
                      "effects": [{"kind": "stock_charge", "count": 1}]}] if abilities else []
    deck += [_character(f"{x} Rookie", main, 0, 0, 2500, abilities=stock_on_play)] * 4
    deck += [_character(f"{x} Scout", main, 0, 0, 3000, triggers=["bag"])] * 4
    deck += [_character(f"{x} Squire", second, 0, 0, 2000,
                        abilities=[{"timing": "act", "cost": [{"kind": "rest_self"}],
                                    "effects": [{"kind": "power", "amount": 500, "target": "choose_own_character",
                                                 "duration": "end_of_turn"}]}] if abilities else [])] * 4
    deck += [_character(f"{x} Page", second, 0, 0, 1500)] * 2
    deck += [_character(f"{x} Guard", main, 1, 0, 5000, counter=abilities,
                        abilities=[{"timing": "backup", "amount": 1500, "level": 1,
                                    "cost": [{"kind": "stock", "count": 1}]}] if abilities else [])] * 4
    deck += [_character(f"{x} Knight", main, 1, 1, 6000, triggers=["book"])] * 4
    deck += [_character(f"{x} Ranger", second, 1, 0, 4500,
                        abilities=[{"timing": "on_attack", "effects": [{"kind": "power", "amount": 1000,
                                                                         "target": "self",
                                                                         "duration": "end_of_turn"}]}]
                        if abilities else [])] * 4
    deck += [_character(f"{x} Captain", main, 2, 1, 8500, triggers=["gate"],
                        abilities=[{"timing": "on_reverse", "optional": True, "cost": [{"kind": "stock", "count": 1}],
                                    "effects": [{"kind": "salvage", "count": 1, "filter": {"type": "character"}}]}]
                        if abilities else [])] * 4
    deck += [_character(f"{x} Sage", main, 2, 1, 7500,
                        abilities=[{"timing": "act", "cost": [{"kind": "stock", "count": 1}, {"kind": "rest_self"}],
                                    "effects": [{"kind": "brainstorm", "count": 4, "per_climax": "draw"}]}]
                        if abilities else [])] * 4
    deck += [_character(f"{x} Hero", main, 3, 2, 10500, soul=2, triggers=["soul"],
                        abilities=[{"timing": "on_play", "effects": [{"kind": "heal", "count": 1}]}]
                        if abilities else [])] * 4
    deck += [{"name": f"{x} Parry", "type": "event", "colour": main, "level": 0, "cost": 0, "counter": True,
              "abilities": [{"timing": "event", "effects": [{"kind": "power", "amount": 2000, "target": "attacked",
                                                             "duration": "end_of_turn"}]}]}] * 2
    deck += [{"name": f"{x} Recall", "type": "event", "colour": main, "level": 1, "cost": 1,
              "abilities": [{"timing": "event", "effects": [{"kind": "salvage", "count": 1,
                                                             "filter": {"type": "character"}}]}]}] * 2
    assert len(deck) == 50
    return [dict(c) for c in deck]
