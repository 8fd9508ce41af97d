"""Weiss Schwarz's ready boards (games/preset_boards.py): the positions most floor questions start from."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from .preset_boards import Preset

# Turn 3 has no first turn restriction (7.2.1.3.1); player 0 is the turn player and the judge view's lower half.
ATTACK = {"turn": 3, "turn_player": 0, "first_player": 0, "phase": "attack"}
DECKS = ((0, "deck", "10 fillers"), (1, "deck", "10 fillers"))
STAGE = ((0, "center_left", "L1 C1 5000 Attacker"), (0, "center_middle", "L1 C0 4500 Striker"),
         (0, "center_right", "L0 C0 3000 Runner"), (0, "back_left", "L0 C0 2000 Support"),
         (1, "center_left", "L1 C1 5500 Defender"), (1, "center_middle", "L0 C0 3000 Guard"),
         (1, "center_right", "L1 C0 4000 Wall"))

PRESETS = (
    Preset("stage", _("A stage with clock, level and stock"),
           _("Attack phase: three characters on the first player's center stage against three, level 1, a clock "
             "of 3 and 4, stock, decks and hands"), ATTACK,
           (*STAGE, *DECKS, (0, "level", "filler"), (1, "level", "filler"), (0, "clock", "3 fillers"),
            (1, "clock", "4 fillers"), (0, "stock", "4 fillers"), (1, "stock", "3 fillers"),
            (0, "waiting_room", "2 fillers"), (0, "hand", "L1 C1 5000 · climax yellow soul"),
            (1, "hand", "counter event L1 C1 Backup · L0 C0 2000"))),
    Preset("level3", _("Level 3 with six clock: the last damage"),
           _("Attack phase: the second player at level 3 with six cards in clock, so one more damage takes them "
             "to level 4; the same stages, decks and stock"), ATTACK,
           (*STAGE, *DECKS, (0, "level", "2 fillers"), (1, "level", "3 fillers"), (0, "clock", "5 fillers"),
            (1, "clock", "6 fillers"), (0, "stock", "5 fillers"), (1, "stock", "2 fillers"),
            (0, "hand", "L3 C2 10000 · climax yellow soul"), (1, "hand", "L0 C0 2000"))),
    Preset("main", _("Main phase: a hand to play from and stock to pay with"),
           _("The first player's main phase at level 1 with three stock: characters of level 0 to 2, an event "
             "and a climax in hand, an empty stage behind one character"), dict(ATTACK, phase="main"),
           ((0, "center_middle", "L1 C1 5000 Attacker"), (1, "center_middle", "L1 C1 5500 Defender"), *DECKS,
            (0, "level", "filler"), (1, "level", "filler"), (0, "clock", "2 fillers"), (1, "clock", "3 fillers"),
            (0, "stock", "3 fillers"), (1, "stock", "3 fillers"),
            (0, "hand", "L0 C0 2000 · L1 C1 5000 · L2 C1 7500 · event L1 C1 Plan · climax yellow soul"))),
)
