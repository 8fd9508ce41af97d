"""Small builders shared by the engine tests."""

from engine.core.scenario import load_scenario

RP = "Royal Paladin"


def card(cid, grade=1, power=8000, **kw):
    return {"id": cid, "name": kw.pop("name", cid), "grade": grade, "power": power, "shield": kw.pop("shield", 5000),
            "clan": kw.pop("clan", RP), **kw}


def position(p0=None, p1=None, phase="battle", turn=3, turn_player=0, seed=1):
    """A scenario-built state (already validated) at the start of ``phase``."""
    def player(prefix, extra):
        base = {"deck": [card(f"{prefix}-deck", count=10)],
                "field": {"vanguard": card(f"{prefix}-vg", grade=3, power=13000, shield=0)}}
        for key, value in (extra or {}).items():
            if key == "field":
                base["field"].update(value)
            else:
                base[key] = value
        return base

    data = {"format": "judgeapp-scenario/1", "seed": seed, "turn": turn, "turn_player": turn_player,
            "first_player": turn_player, "phase": phase, "players": [player("a", p0), player("b", p1)]}
    return load_scenario(data).state
