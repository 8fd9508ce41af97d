"""Creating games (a fresh game from two decks (5.1, 5.2), or a state positioned at a phase), and where one stands."""

from __future__ import annotations

from ..core.cards import names_over, parse_decks
from ..core.errors import DefinitionError
from ..core.text import say
from ..turns import turn_points
from .cards import Card
from .citations import cite
from .state import PHASES, GameState

PHASE_TASKS = {
    "stand": ("turn_start",),
    "draw": ("draw_phase", "clock_phase", "main_phase", "climax_phase", "attack_phase", "encore_step", "end_phase"),
    "clock": ("clock_phase", "main_phase", "climax_phase", "attack_phase", "encore_step", "end_phase"),
    "main": ("main_phase", "climax_phase", "attack_phase", "encore_step", "end_phase"),
    "climax": ("climax_phase", "attack_phase", "encore_step", "end_phase"),
    "attack": ("attack_phase", "encore_step", "end_phase"),
    "encore": ("encore_step", "end_phase"),
    "end": ("end_phase",),
}


def deck_problems(deck: list[Card]) -> list[tuple[str, str]]:
    """Deck construction problems (5.1.2) as (message, citation key); [] for a legal deck.  Each message is a sentence
    a judge reads in the page's language and names its clause."""
    def clause(key: str) -> str:
        return cite(key).number

    out = []
    if len(deck) != 50:
        out.append((say("a deck holds exactly 50 cards, not %(count)s (%(clause)s)", count=len(deck),
                        clause=clause("DECK_SIZE")), "DECK_SIZE"))
    for n, count in names_over(deck, 4):
        out.append((say("%(count)s cards named %(card)s: a deck holds at most 4 cards with the same card name "
                        "(%(clause)s)", count=count, card=n, clause=clause("DECK_COPIES")), "DECK_COPIES"))
    climaxes = sum(1 for c in deck if c.type == "climax")
    if climaxes > 8:
        out.append((say("%(count)s climax cards: a deck holds 8 or fewer climax cards (%(clause)s)", count=climaxes,
                        clause=clause("DECK_CLIMAX")), "DECK_CLIMAX"))
    return out


def new_game(decks: list[list[dict | Card]], seed: int = 0, first_player: int | None = None,
             validate: bool = True) -> GameState:
    """A game before setup: each deck a list of card objects (ids ``p0-00``... generated when missing)."""
    cards, deck_ids = parse_decks(decks, Card, Card.from_json, None, lambda key: cite(key).number)
    for p, ids in enumerate(deck_ids if validate else ()):
        problems = deck_problems([cards[c] for c in ids])
        if problems:  # the sentence names its clause itself, so that it can be said in the page's language
            raise DefinitionError(f"decks[{p}]", problems[0][0])
    st = GameState.empty(cards, seed)
    for p in (0, 1):
        st.zones[p]["deck"] = [c for c in cards if cards[c].owner == p]
    st.rebuild_locations()
    st.agenda = [{"t": "setup", "first_player": first_player}]
    return st


def position_at(st: GameState, phase: str) -> GameState:
    """Set the agenda so the current turn continues from the start of ``phase``."""
    if phase not in PHASE_TASKS:
        raise DefinitionError("phase", f"expected one of {', '.join(PHASE_TASKS)}, got {phase!r}")
    st.phase, st.step = phase, None
    st.agenda = [{"t": t} for t in reversed(PHASE_TASKS[phase])]
    return st


def position(st: GameState) -> dict:
    """Where the game stands, in Weiss Schwarz's words: turn, turn player, phase, step, attacks so far, one running."""
    return {"turn": st.turn, "turn_player": st.turn_player, "phase": st.phase, "step": st.step,
            "attacks": st.attacks_this_turn, "in_attack": st.attack is not None}


#: the named points a game can be run to: the end of this step, phase, attack and turn
STOP_POINTS = turn_points("attack", "attacks", "in_attack", PHASES[:PHASES.index("attack") + 1])
