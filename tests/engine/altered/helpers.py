"""Small Altered positions for the tests: a character, a scenario at the first player's Afternoon turn."""
import engine
from engine.core.scenario import load_scenario


def character(cid, cost=1, f=1, m=1, w=1, **extra):
    return {"id": cid, "name": cid.capitalize(), "type": "character", "hand_cost": cost, "reserve_cost": cost,
            "forest": f, "mountain": m, "water": w, **extra}


def position(p0=None, p1=None, **top):
    data = {"format": "judgeapp-scenario/2", "game": "altered", "phase": "afternoon", "day": 2,
            "players": [p0 or {}, p1 or {}], **top}
    return load_scenario(data).state


def at_decision(p0=None, p1=None, **top):
    state, _ = engine.advance(position(p0, p1, **top))
    return state
