"""Vanguard's ready boards (games/preset_boards.py): the positions most floor questions start from."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from .preset_boards import Preset

# Player 0 is the judge view's lower half and the turn player: "my attack" is set up without changing whose
# turn it is.  Decks are fillers (no trigger), so a drive or damage check shows a trigger only where a judge
# puts one on top.
BATTLE = {"turn": 4, "turn_player": 0, "first_player": 1, "phase": "battle"}
DECKS = ((0, "deck", "10 fillers"), (1, "deck", "10 fillers"))

PRESETS = (
    Preset("vanguards", _("Two vanguards with decks, damage and hand"),
           _("Battle phase: grade 3 vanguards, 10-card decks, 2 and 3 damage; a guard, a critical trigger and a "
             "perfect guard in the first player's hand"), BATTLE,
           ((0, "vanguard", "G3 13000 twin"), (1, "vanguard", "G3 13000 twin"), *DECKS,
            (0, "damage", "2 fillers"), (1, "damage", "3 fillers"),
            (0, "hand", "G2 10000 · G1 8000"), (1, "hand", "G1 8000 · crit · pg"))),
    Preset("field", _("A full field: vanguards, rear-guards and boosters"),
           _("Battle phase: each player's vanguard with grade 2 rear-guards in front and grade 1 boosters behind, "
             "decks, damage and a hand of guards"), BATTLE,
           ((0, "vanguard", "G3 13000 twin"), (0, "front_left", "G2 10000"), (0, "front_right", "G2 10000"),
            (0, "back_left", "G1 8000"), (0, "back_centre", "G1 8000"),
            (1, "vanguard", "G3 13000 twin"), (1, "front_left", "G2 10000"), (1, "back_centre", "G1 8000"), *DECKS,
            (0, "damage", "3 fillers"), (1, "damage", "3 fillers"),
            (0, "hand", "G1 8000 · G2 10000"), (1, "hand", "G1 8000 · G2 10000 · draw"))),
    Preset("ride", _("Ride phase: grade 2 vanguards and a hand of every grade"),
           _("The second player's ride phase: grade 2 vanguards, a grade 0, 1, 2 and 3 in their hand, decks and "
             "one damage each"), dict(BATTLE, phase="ride"),
           ((0, "vanguard", "G2 10000"), (1, "vanguard", "G2 10000"), *DECKS,
            (0, "damage", "1 filler"), (1, "damage", "1 filler"),
            (0, "hand", "G3 13000 twin · G2 10000 · G1 8000 · G0 6000"), (1, "hand", "G1 8000 · G2 10000"))),
)
