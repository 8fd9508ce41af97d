"""The builder's adventure for Altered: where each expedition starts and what the six Tumult regions are.

A draft names each expedition's region (``players[p].hero_at`` / ``companion_at``, 3.2.4) and the eight
regions of the track (``track``, 3.2.1.b): the hero and companion regions keep all three types (2.2.2.k),
each Tumult half gets one or two types (2.2.2.l) and may lie face down (it is turned face up when an
expedition reaches it, 7.3.11.b).  The host calls ``setup_apply`` with the form's fields (``SETUP_FIELDS``).
"""

from __future__ import annotations

from copy import deepcopy

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.altered.state import COMPANION_REGION, HERO_REGION, default_track

from ..validation import SandboxError, int_clean

TUMULT = range(1, 7)
#: the types a Tumult half shows (2.2.2.l): one or two of Forest, Mountain, Water
REGION_CHOICES = [
    ("forest", gettext_lazy("Forest")), ("mountain", gettext_lazy("Mountain")), ("water", gettext_lazy("Water")),
    ("forest+mountain", gettext_lazy("Forest and Mountain")), ("forest+water", gettext_lazy("Forest and Water")),
    ("mountain+water", gettext_lazy("Mountain and Water")),
]
SETUP_FIELDS = (tuple(f"{e}_at_{p}" for p in (0, 1) for e in ("hero", "companion"))
                + tuple(f"region_{i}" for i in TUMULT) + tuple(f"face_down_{i}" for i in TUMULT))


def setup_values(definition: dict) -> dict:
    """The builder's current choices: each expedition's region and each Tumult region's types and side."""
    players = definition.get("players") if isinstance(definition.get("players"), list) else []
    at = {}
    for p in (0, 1):
        pdata = players[p] if len(players) > p and isinstance(players[p], dict) else {}
        for key, default in (("hero_at", HERO_REGION), ("companion_at", COMPANION_REGION)):
            value = pdata.get(key, default)
            at[f"{key}_{p}"] = value if isinstance(value, int) and 0 <= value <= 7 else default
    track = definition.get("track")
    track = track if isinstance(track, list) and len(track) == 8 else default_track()
    regions = []
    for i in TUMULT:
        region = track[i] if isinstance(track[i], dict) else {}
        types = region.get("types") if isinstance(region.get("types"), list) else []
        regions.append({"index": i, "types": "+".join(str(t) for t in types), "face_down": not region.get("revealed",
                                                                                                          True)})
    return {"at": at, "regions": regions, "region_choices": REGION_CHOICES}


def setup_apply(definition: dict, data: dict) -> dict:
    """``definition`` with the builder's adventure fields applied; a visitor's mistake is a SandboxError."""
    out = deepcopy(definition)
    players = out.setdefault("players", [{}, {}])
    for p in (0, 1):
        pdata = players[p]
        hero = int_clean(data.get(f"hero_at_{p}", pdata.get("hero_at", HERO_REGION)), f"hero_at_{p}", 0, 7)
        companion = int_clean(data.get(f"companion_at_{p}", pdata.get("companion_at", COMPANION_REGION)),
                              f"companion_at_{p}", 0, 7)
        if hero >= companion:  # 4.3.a, 4.3.b: expeditions that meet have won already
            raise SandboxError(f"hero_at_{p}", _(
                "player %(player)s's hero expedition must stand before the companion expedition: expeditions that "
                "meet or cross have won (4.3.a, 4.3.b)") % {"player": p})
        for key, value, default in (("hero_at", hero, HERO_REGION), ("companion_at", companion, COMPANION_REGION)):
            if value == default:
                pdata.pop(key, None)
            else:
                pdata[key] = value
    track = deepcopy(out["track"]) if isinstance(out.get("track"), list) and len(out["track"]) == 8 else default_track()
    allowed = {value for value, _label in REGION_CHOICES}
    for i in TUMULT:
        if f"region_{i}" not in data:
            continue
        value = str(data[f"region_{i}"])
        if value not in allowed:
            raise SandboxError(f"region_{i}", _("choose the types of Tumult region %(number)s") % {"number": i})
        track[i] = {"types": value.split("+"), "revealed": data.get(f"face_down_{i}") not in ("on", "true", "1")}
    if track == default_track():
        out.pop("track", None)
    else:
        out["track"] = track
    return out
