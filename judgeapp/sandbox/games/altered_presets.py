"""Altered's ready boards (games/preset_boards.py): the moments of a day most floor questions start from.

Written as the one-line cards a judge would type (altered_cards.py), so each reads like the set-up it saves.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from .preset_boards import Preset

DAY_2 = {"day": 2, "first_player": 0}
BASICS = ((0, "hero", "hero Sierra"), (1, "hero", "hero Lyra"), (0, "deck", "10 fillers"), (1, "deck", "10 fillers"),
          (0, "mana", "x3 Orb"), (1, "mana", "x3 Orb"))

PRESETS = (
    Preset("afternoon", _("The Afternoon: hands, Reserve and Mana"),
           _("Day 2, Sierra's player first: both heroes, three ready Mana orbs each, three characters in each hand (one a "
             "Giant) and one in each Reserve, decks of ten"), dict(DAY_2, phase="afternoon"),
           (*BASICS, (0, "hand", "Scout 1/1 2/1/0 · Climber 1/1 0/2/1 · Titan 4/3 3/3/3 giant"),
            (1, "hand", "Scout 1/1 2/1/0 · Swimmer 1/1 1/0/2 · Titan 4/3 3/3/3 giant"),
            (0, "reserve", "Swimmer 1/1 1/0/2"), (1, "reserve", "Climber 1/1 0/2/1"))),
    Preset("dusk", _("Dusk: expeditions to compare"),
           _("Day 2 at Dusk: characters in all four expeditions, one Asleep (its statistics do not count) and one "
             "with a boost counter, compared statistic by statistic"), dict(DAY_2, phase="dusk"),
           (*BASICS, (0, "hero_expedition", "Scout 1/1 2/1/0 · Sleeper 1/1 3/3/3 asleep"),
            (1, "hero_expedition", "Climber 1/1 0/2/1"),
            (0, "companion_expedition", "Swimmer 1/1 1/0/2 boost1"),
            (1, "companion_expedition", "Swimmer 1/1 1/0/2 · Scout 1/1 2/1/0"))),
    Preset("night", _("Night: Rest and Clean-up"),
           _("Day 2 at Night: a fleeting, an Anchored, an Eternal and a plain character in the expeditions and a "
             "Reserve already at its limit of two, so Rest and Clean-up both have something to do"),
           dict(DAY_2, phase="night"),
           (*BASICS, (0, "hero_expedition", "Runner 1/1 2/1/0 fleeting · Keeper 2/2 1/2/1 anchored · Walker 1/1 1/1/1"),
            (0, "companion_expedition", "Elder 3/2 2/2/2 eternal"), (1, "hero_expedition", "Climber 1/1 0/2/1"),
            (0, "reserve", "Scout 1/1 2/1/0 · Swimmer 1/1 1/0/2"), (0, "landmarks", "Tower permanent 2/2"))),
)
